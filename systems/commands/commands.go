// Package commands is the plugin of chat commands: a chat line starting
// with "/" is a command instead of chat (its chat.Intent is cancelled,
// silently), and so is every line of the server's console
// (network.ConsoleLine). Commands live in a registry that any plugin adds
// to with Register; each may require a permission (systems/perms). The
// built-in ones are listed by /help and in docs/plugins.md: /tp, /where,
// /kick, /ban, /unban, /op, /deop, /whitelist, /say, /release, /help.
//
// A player's reply goes to that player alone, as a system chat line; a
// console line gets exactly one reply, on the connection it came with.
// Replies never contain wall-clock values: recordings hash them, and a
// replay must reproduce them.
package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/perms"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the commands plugin and its system.
const (
	PluginName = "commands"
	SystemRun  = "chat_commands"
)

// ConsoleName is the console's name as a Sender, in logs and in what it
// says (/say, a ban's By).
const ConsoleName = "console"

// Sender is who runs a command: a player, or the console.
type Sender struct {
	// Name is the player's name, ConsoleName for the console.
	Name string
	// Entity is the player's entity, alive while the command runs (the
	// zero Entity for the console).
	Entity ecs.Entity
	// ID is the player's client id (network.ConsoleID for the console).
	ID uint64
	// Conn is where the reply goes.
	Conn components.Conn
	// Console is set for the console, which has every permission and no
	// position.
	Console bool
}

// Reply sends text to the sender alone as a system chat line (the
// console: on the connection its line came with). It is safe from any
// goroutine: a command whose Run returned Later answers with it from a
// durability callback (persist.Durability.AfterDurable, PlayerData.Set's
// done), which runs on the storage goroutine in a live server and on the
// tick in deterministic mode, so a recording still replays its replies.
func (s Sender) Reply(text string) { chat.System(s.Conn, text) }

// Later is what a command's Run returns when it replies later with
// Sender.Reply, once its data is durable say: nothing is sent now, and
// the console is not told "done".
const Later = "\x00later"

// Has reports whether the sender has perm: the console has every
// permission, a player those perms.Has gives it; the empty permission is
// everyone's.
func (s Sender) Has(w *ecs.World, perm string) bool {
	return perm == "" || s.Console || perms.Has(w, s.Name, perm)
}

// Command is a command a plugin adds with Register.
type Command struct {
	// Name is what the line starts with: "/" and a lower-case word
	// ("/home"). Lines match it case-insensitively.
	Name string
	// Usage is the command with its arguments, as /help lists it:
	// "/home [NAME]".
	Usage string
	// Permission, when set, is needed to run the command at all (declare
	// it with perms.Declare); a sender without it is told "you do not have
	// permission to run /home" and Run is not called. A command whose
	// forms need different permissions leaves it empty and checks
	// Sender.Has itself.
	Permission string
	// Run runs the command on the tick goroutine (args are the line's
	// words after the name) and returns the reply, "" for none (the
	// console is then told "done"). It may change the world as a system
	// does: ctx is the chat_commands system's. Returning Later defers
	// the reply to Sender.Reply.
	Run func(ctx *ecs.Context, from Sender, args []string) string
}

// Registry holds every command, by name. It is an App resource; plugins
// add to it with Register.
type Registry struct {
	byName map[string]*Command
}

// Lookup returns the command named name (lower case, with its "/").
func (r *Registry) Lookup(name string) (Command, bool) {
	c, ok := r.byName[name]
	if !ok {
		return Command{}, false
	}
	return *c, true
}

// Commands returns every command, sorted by name.
func (r *Registry) Commands() []Command {
	out := make([]Command, 0, len(r.byName))
	for _, c := range r.byName {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// registry returns the App's command registry, adding it on first use,
// so that plugins may Register before or after this plugin is built.
func registry(app *ecs.App) *Registry {
	if r, ok := ecs.GetResource[Registry](app); ok {
		return r
	}
	r := &Registry{byName: map[string]*Command{}}
	ecs.AddResource(app, r)
	return r
}

// Register adds command c, from a plugin's Build. A name taken, a name
// that is not "/" and a lower-case word, or a nil Run fails the build.
func Register(app *ecs.App, c Command) {
	if len(c.Name) < 2 || c.Name[0] != '/' || strings.ContainsFunc(c.Name[1:], func(r rune) bool { return r <= ' ' || r == '/' }) || c.Name != strings.ToLower(c.Name) {
		app.Fail(fmt.Errorf("register command %q: a command's name is \"/\" and a lower-case word", c.Name))
		return
	}
	if c.Run == nil {
		app.Fail(fmt.Errorf("register command %s: no Run", c.Name))
		return
	}
	if c.Usage == "" {
		c.Usage = c.Name
	}
	r := registry(app)
	if _, dup := r.byName[c.Name]; dup {
		app.Fail(fmt.Errorf("register command %s: already registered", c.Name))
		return
	}
	r.byName[c.Name] = &c
}

// Plugin is the chat commands plugin.
type Plugin struct{}

// Name returns PluginName.
func (Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose intents, Teleport, chat and
// permissions it uses.
func (Plugin) Dependencies() []string {
	return []string{chat.PluginName, gameplay.PluginName, network.PluginName, perms.PluginName, residency.PluginName}
}

// Build declares the built-in permissions, registers the built-in
// commands and adds the chat_commands system to the simulate stage, where
// it sees the tick's chat intents before the deliver stage broadcasts
// them.
func (Plugin) Build(app *ecs.App) error {
	table := ecs.RequireResource[perms.Table](app)
	if table == nil {
		return nil // RequireResource recorded the error
	}
	for _, p := range builtinPermissions {
		perms.Declare(app, p.Name, perms.Operators, p.About)
	}
	b := &builtins{table: table, reg: registry(app)}
	b.register(app)
	addFill(app)
	r := &runner{
		reg:     b.reg,
		intents: ecs.AddEvents[chat.Intent](app),
		console: ecs.AddEvents[network.ConsoleLine](app),
		log:     app.Log().With().Str("system", SystemRun).Logger(),
	}
	app.AddSystem(ecs.Simulate, SystemRun, r.run)
	return nil
}

// runner is the chat_commands system.
type runner struct {
	reg     *Registry
	intents *ecs.Events[chat.Intent]
	console *ecs.Events[network.ConsoleLine]
	log     zerolog.Logger
}

// run runs the tick's console lines (first: an operator's word is applied
// before the players' lines of the same tick), then the players' command
// lines, in arrival order.
func (r *runner) run(ctx *ecs.Context) {
	for _, l := range r.console.Items() {
		text := strings.TrimSpace(l.Text)
		if !strings.HasPrefix(text, "/") {
			// The console's plain line is an announcement.
			text = "/say " + text
		}
		reply := r.exec(ctx, Sender{Name: ConsoleName, ID: network.ConsoleID, Conn: l.Conn, Console: true}, text)
		if reply == Later {
			continue // Sender.Reply answers
		}
		if reply == "" {
			reply = "done"
		}
		chat.System(l.Conn, reply)
	}
	for i := range r.intents.Items() {
		line := &r.intents.Items()[i]
		if !strings.HasPrefix(line.Text, "/") {
			continue
		}
		line.Cancel("")
		if !ctx.World.Alive(line.From.Entity) {
			continue
		}
		from := Sender{Name: line.Name, Entity: line.From.Entity, ID: line.From.ID, Conn: line.From.Conn}
		if reply := r.exec(ctx, from, line.Text); reply != "" && reply != Later {
			chat.System(line.From.Conn, reply)
		}
	}
}

// exec runs one command line for from and returns the reply.
func (r *runner) exec(ctx *ecs.Context, from Sender, text string) string {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return "unknown command / (try /help)"
	}
	name := strings.ToLower(fields[0])
	c, ok := r.reg.byName[name]
	if !ok {
		return fmt.Sprintf("unknown command %s (try /help)", name)
	}
	if !from.Has(ctx.World, c.Permission) {
		r.log.Info().Str("player", from.Name).Str("command", name).Msg("command refused: no permission")
		return "you do not have permission to run " + name
	}
	reply := c.Run(ctx, from, fields[1:])
	if c.Permission != "" || from.Console {
		// What operators do is worth a line in the log.
		r.log.Info().Str("by", from.Name).Bool("console", from.Console).Str("line", text).Str("reply", reply).Msg("command")
	}
	return reply
}

// Online is a connected player, as Find returns it.
type Online struct {
	Entity ecs.Entity
	ID     uint64
	Name   string
	Conn   components.Conn
}

// Find returns the connected player named name (case-insensitively), for
// commands that act on another player.
func Find(w *ecs.World, name string) (Online, bool) {
	var found Online
	ok := false
	q := generic.NewFilter2[components.Player, components.Connection]().Query(w)
	for q.Next() {
		p, c := q.Get()
		if !ok && strings.EqualFold(p.Name, name) {
			found, ok = Online{Entity: q.Entity(), ID: p.ID, Name: p.Name, Conn: c.Conn}, true
		}
	}
	return found, ok
}

// EachOnline calls fn for every connected player, in the world's order.
func EachOnline(w *ecs.World, fn func(Online)) {
	q := generic.NewFilter2[components.Player, components.Connection]().Query(w)
	for q.Next() {
		p, c := q.Get()
		fn(Online{Entity: q.Entity(), ID: p.ID, Name: p.Name, Conn: c.Conn})
	}
}
