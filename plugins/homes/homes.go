// Package homes is an example plugin written against the public API
// alone that keeps data of its own: a player's named homes, set with
// /sethome [NAME] and gone back to with /home [NAME]. They are a per-player
// record (persist.PlayerData): loaded when the player joins, written in
// the tick's one durable write on every change. /sethome answers only once
// the record is durable, so a home the player was told is set survives a
// crash (kill -9) of the server; on a cluster it follows the player from
// shard to shard. /homes lists the sender's homes, and an operator (the
// permission PermOthers) lists another player's with /homes NAME.
//
// The plugin is optional: a server adds it with server.Config.Plugins.
package homes

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/commands"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/perms"
	"github.com/stratavox/strata/systems/persist"
)

// PluginName is the plugin's name.
const PluginName = "homes"

// PermOthers is the permission to list another player's homes (/homes
// NAME), which the plugin declares for operators.
const PermOthers = "homes.others"

// DefaultHome is the name of a home set or used without one.
const DefaultHome = "home"

// MaxHomes is how many homes a player may have.
const MaxHomes = 16

// Kind is the record kind of a player's homes: format version 1.
var Kind = persist.Kind{Name: "homes", Version: 1}

// Home is one home: where the player stood.
type Home struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
}

// Homes is a player's record: their homes by name.
type Homes map[string]Home

// Plugin is the homes plugin.
type Plugin struct {
	data *persist.PlayerData[Homes]
}

// New returns the plugin.
func New() *Plugin { return &Plugin{} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose storage, commands, permissions and
// teleport it uses.
func (*Plugin) Dependencies() []string {
	return []string{persist.PluginName, commands.PluginName, perms.PluginName, gameplay.PluginName}
}

// Data returns the players' homes records (for tests and other plugins).
func (p *Plugin) Data() *persist.PlayerData[Homes] { return p.data }

// Build registers the record kind, declares PermOthers and registers the
// commands.
func (p *Plugin) Build(app *ecs.App) error {
	p.data = persist.NewPlayerData[Homes](app, Kind)
	if p.data == nil {
		return nil // the App has the error
	}
	perms.Declare(app, PermOthers, perms.Operators, "list another player's homes (/homes NAME)")
	commands.Register(app, commands.Command{Name: "/sethome", Usage: "/sethome [NAME]", Run: p.sethome})
	commands.Register(app, commands.Command{Name: "/home", Usage: "/home [NAME]", Run: p.home})
	commands.Register(app, commands.Command{Name: "/delhome", Usage: "/delhome [NAME]", Run: p.delhome})
	commands.Register(app, commands.Command{Name: "/homes", Usage: "/homes [PLAYER]", Run: p.list})
	return nil
}

// homeName returns the home named by args, or says what is wrong.
func homeName(cmd string, args []string) (string, string) {
	switch len(args) {
	case 0:
		return DefaultHome, ""
	case 1:
		n := strings.ToLower(args[0])
		if len(n) > 32 || strings.ContainsFunc(n, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-')
		}) {
			return "", fmt.Sprintf("%s: a home's name is up to 32 letters, digits, '_' or '-'", cmd)
		}
		return n, ""
	}
	return "", fmt.Sprintf("usage: %s [NAME]", cmd)
}

func (p *Plugin) sethome(ctx *ecs.Context, from commands.Sender, args []string) string {
	if from.Console {
		return "/sethome: the console has no position"
	}
	name, msg := homeName("/sethome", args)
	if msg != "" {
		return msg
	}
	old, _ := p.data.Get(from.Name)
	if _, exists := old[name]; !exists && len(old) >= MaxHomes {
		return fmt.Sprintf("/sethome: you have %d homes, the most there may be (/delhome one)", MaxHomes)
	}
	positions := generic.NewMap1[components.Position](ctx.World)
	pos := *positions.Get(from.Entity)
	homes := maps.Clone(old)
	if homes == nil {
		homes = Homes{}
	}
	homes[name] = Home{X: pos.X, Y: pos.Y, Z: pos.Z}
	reply := fmt.Sprintf("home %s set at %.1f %.1f %.1f", name, floor1(pos.X), floor1(pos.Y), floor1(pos.Z))
	err := p.data.Set(from.Name, homes, func(stored bool) {
		// Called once the record is durable: the player is told only
		// what a crash cannot take back.
		if stored {
			from.Reply(reply)
		} else {
			from.Reply("/sethome: not stored (the server lost your region); try again")
		}
	})
	if err != nil {
		return "/sethome: " + err.Error()
	}
	return commands.Later
}

func (p *Plugin) home(ctx *ecs.Context, from commands.Sender, args []string) string {
	if from.Console {
		return "/home: the console has no position"
	}
	name, msg := homeName("/home", args)
	if msg != "" {
		return msg
	}
	homes, _ := p.data.Get(from.Name)
	h, ok := homes[name]
	if !ok {
		if len(homes) == 0 {
			return "/home: you have no home (set one with /sethome)"
		}
		return fmt.Sprintf("/home: no home %s (yours: %s)", name, strings.Join(sortedNames(homes), ", "))
	}
	if !gameplay.Teleport(ctx.World, ctx.Tick, from.Entity, components.Position{X: h.X, Y: h.Y, Z: h.Z}) {
		return "/home: you cannot be teleported now"
	}
	return fmt.Sprintf("teleported home to %s", name)
}

func (p *Plugin) delhome(_ *ecs.Context, from commands.Sender, args []string) string {
	if from.Console {
		return "/delhome: the console has no homes"
	}
	name, msg := homeName("/delhome", args)
	if msg != "" {
		return msg
	}
	old, _ := p.data.Get(from.Name)
	if _, ok := old[name]; !ok {
		return fmt.Sprintf("/delhome: no home %s", name)
	}
	homes := maps.Clone(old)
	delete(homes, name)
	done := func(stored bool) {
		if stored {
			from.Reply("home " + name + " deleted")
		} else {
			from.Reply("/delhome: not stored; try again")
		}
	}
	var err error
	if len(homes) == 0 {
		err = p.data.Delete(from.Name, done)
	} else {
		err = p.data.Set(from.Name, homes, done)
	}
	if err != nil {
		return "/delhome: " + err.Error()
	}
	return commands.Later
}

func (p *Plugin) list(ctx *ecs.Context, from commands.Sender, args []string) string {
	who := from.Name
	switch {
	case len(args) > 1:
		return "usage: /homes [PLAYER]"
	case len(args) == 1 && args[0] != from.Name:
		if !from.Has(ctx.World, PermOthers) {
			return "you do not have permission to run /homes PLAYER"
		}
		who = args[0]
		if o, ok := commands.Find(ctx.World, who); ok {
			who = o.Name
		}
	case from.Console:
		return "usage: /homes PLAYER"
	}
	homes, _ := p.data.Get(who)
	if len(homes) == 0 {
		return fmt.Sprintf("%s has no homes", who)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "homes of %s:", who)
	for i, n := range sortedNames(homes) {
		h := homes[n]
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s (%.1f %.1f %.1f)", n, floor1(h.X), floor1(h.Y), floor1(h.Z))
	}
	return b.String()
}

func sortedNames(h Homes) []string { return slices.Sorted(maps.Keys(h)) }

// floor1 rounds down to tenths, as /tp prints positions.
func floor1(v float64) float64 { return math.Floor(v*10) / 10 }
