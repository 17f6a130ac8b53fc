// Package quota is a plugin of a server built on Strata from outside its
// repository: each player may place a bounded number of blocks, counted
// for ever. It has a setting (the quota, [plugins.quota] in the config
// file), a veto (a placement past the quota is refused before it is
// arbitrated), a chat command (/quota) and data of its own that lasts (the
// count, a per-player record written in the same durable write as the
// blocks it counts).
package quota

import (
	"fmt"
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/commands"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/persist"
)

// Names of the plugin and its systems.
const (
	PluginName  = "quota"
	SystemVeto  = "quota_veto"
	SystemCount = "quota_count"
)

// Config is the plugin's settings: [plugins.quota] in the config file,
// STRATA_PLUGIN_QUOTA_MAX_BLOCKS and STRATA_PLUGIN_QUOTA_EXEMPT in the
// environment.
type Config struct {
	MaxBlocks int      `setting:"max_blocks" help:"blocks a player may place in all"`
	Exempt    []string `setting:"exempt" help:"players with no quota"`
}

// Placed is a player's record: the blocks they have placed.
type Placed struct {
	Blocks int `json:"blocks"`
}

// Kind is the record kind of the counts, format version 1.
var Kind = persist.Kind{Name: "quota", Version: 1}

// Plugin is the quota plugin.
type Plugin struct {
	Config Config
	placed *persist.PlayerData[Placed]
}

// New returns the plugin with its default quota, 64 blocks.
func New() *Plugin { return &Plugin{Config: Config{MaxBlocks: 64}} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Settings returns the settings the server fills before Build.
func (p *Plugin) Settings() any { return &p.Config }

// Dependencies names the plugins whose storage, intents and commands it
// uses.
func (*Plugin) Dependencies() []string {
	return []string{persist.PluginName, gameplay.PluginName, commands.PluginName}
}

// Build registers the record kind, the veto, the counter and /quota.
func (p *Plugin) Build(app *ecs.App) error {
	if p.Config.MaxBlocks < 0 {
		return fmt.Errorf("plugins.quota.max_blocks: %d is negative", p.Config.MaxBlocks)
	}
	p.placed = persist.NewPlayerData[Placed](app, Kind)
	if p.placed == nil {
		return nil // a bad or taken kind name: the App has the error
	}
	intents := ecs.AddEvents[gameplay.ActionIntent](app)
	edits := ecs.Resource[gameplay.Edits](app)
	players := generic.NewFilter1[components.Player]()
	tally := map[string]int{} // placements let through this tick, by name

	app.AddSystem(ecs.Simulate, SystemVeto, func(*ecs.Context) {
		clear(tally)
		for i := range intents.Items() {
			it := &intents.Items()[i]
			if !it.Place || it.Remote != nil || p.exempt(it.Name) {
				continue
			}
			if p.count(it.Name)+tally[it.Name] >= p.Config.MaxBlocks {
				it.Cancel(fmt.Sprintf("you have placed your %d blocks", p.Config.MaxBlocks))
				continue
			}
			tally[it.Name]++
		}
	}, ecs.Before(gameplay.SystemActions))

	app.AddSystem(ecs.Simulate, SystemCount, func(ctx *ecs.Context) {
		placed := map[uint64]int{} // by client id
		for _, e := range edits.List() {
			if e.By != 0 && !e.Copied && e.Block != chunk.Air {
				placed[e.By]++
			}
		}
		if len(placed) == 0 {
			return
		}
		q := players.Query(ctx.World)
		for q.Next() {
			pl := q.Get()
			if n := placed[pl.ID]; n > 0 && !p.exempt(pl.Name) {
				// Written in this tick's one durable write, with the
				// blocks: the edits' acknowledgements wait for both.
				_ = p.placed.Set(pl.Name, Placed{Blocks: p.count(pl.Name) + n}, nil)
			}
		}
	}, ecs.After(gameplay.SystemActions))

	commands.Register(app, commands.Command{Name: "/quota", Usage: "/quota", Run: func(_ *ecs.Context, from commands.Sender, _ []string) string {
		if from.Console {
			return "/quota: the console places no blocks"
		}
		if p.exempt(from.Name) {
			return "you have no quota"
		}
		return fmt.Sprintf("you have placed %d of %d blocks", p.count(from.Name), p.Config.MaxBlocks)
	}})
	return nil
}

// count returns the blocks player name has placed so far.
func (p *Plugin) count(name string) int {
	r, _ := p.placed.Get(name)
	return r.Blocks
}

func (p *Plugin) exempt(name string) bool { return slices.Contains(p.Config.Exempt, name) }
