// Package fallingsand is an example gameplay plugin, built only on the
// public plugin API (docs/plugins.md): sand and gravel fall, one block per
// tick, while the block under them is air or water (which rises in their
// place). It reacts to block
// changes — a player breaking the block under sand, placing sand in the
// air, another plugin's edit — through the gameplay plugin's Edits
// resource, and makes its own changes through it, so clients see blocks
// fall as ordinary BlockUpdates and the changes are saved like any edit.
package fallingsand

import (
	"cmp"
	"errors"
	"slices"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/gameplay"
)

// Names of the plugin and its system.
const (
	PluginName = "fallingsand"
	SystemName = "falling_blocks"
)

// Config configures the plugin; zero fields take defaults.
type Config struct {
	// Blocks are the block types that fall; default sand and gravel.
	Blocks []chunk.Block
	// MaxPerTick bounds the blocks examined per tick; the rest wait for
	// the next tick, so a collapsing cliff spreads over ticks instead of
	// stalling one. Default 4096.
	MaxPerTick int `setting:"max_per_tick" help:"blocks examined per tick at most; the rest wait for the next tick (0: 4096)"`
}

// Stats counts the plugin's work, for tests and metrics.
type Stats struct {
	// Falls counts one-block falls.
	Falls uint64
	// Pending is the number of positions waiting to be examined.
	Pending int
}

// Plugin is the falling-blocks plugin.
type Plugin struct {
	// Off leaves the plugin out of a server (settings.Optional): the
	// setting plugins.fallingsand.enabled is its opposite.
	Off    bool `setting:"enabled,invert" help:"sand and gravel fall; false: they float"`
	Config Config
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (p *Plugin) Name() string { return PluginName }

// Settings returns the plugin itself: Off and Config.MaxPerTick are its
// settings (see package settings).
func (p *Plugin) Settings() any { return p }

// Enabled reports whether a server runs the plugin (settings.Optional).
func (p *Plugin) Enabled() bool { return !p.Off }

// Dependencies names the gameplay plugin, whose Edits resource it reads
// and writes (and, through it, the residency plugin's chunk store).
func (p *Plugin) Dependencies() []string { return []string{gameplay.PluginName} }

// Build adds the Stats resource and the falling_blocks system, in the
// simulate stage after player actions so that a block broken this tick
// lets what stood on it fall this tick.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := p.Config
	if len(cfg.Blocks) == 0 {
		cfg.Blocks = []chunk.Block{chunk.Sand, chunk.Gravel}
	}
	if cfg.MaxPerTick <= 0 {
		cfg.MaxPerTick = 4096
	}
	store := ecs.RequireResource[resources.ChunkStore](app)
	edits := ecs.RequireResource[gameplay.Edits](app)
	if store == nil || edits == nil {
		return errors.New("chunk store or edits missing")
	}
	f := &faller{store: store, edits: edits, stats: &Stats{}, max: cfg.MaxPerTick, queue: map[pos]struct{}{}}
	for _, b := range cfg.Blocks {
		if !b.Valid() {
			return errors.New("invalid falling block id")
		}
		f.falls[b] = true
	}
	ecs.AddResource(app, f.stats)
	app.AddSystem(ecs.Simulate, SystemName, f.run, ecs.After(gameplay.SystemActions))
	return nil
}

type pos struct{ X, Y, Z int }

// faller is the system's state: the positions to examine next.
type faller struct {
	falls [chunk.NumBlocks]bool
	store *resources.ChunkStore
	edits *gameplay.Edits
	stats *Stats
	max   int
	queue map[pos]struct{}
	order []pos
}

func (f *faller) run(*ecs.Context) {
	// Any change may have left the changed block, or the one above it,
	// without support.
	for _, e := range f.edits.List() {
		f.queue[pos{e.X, e.Y, e.Z}] = struct{}{}
		f.queue[pos{e.X, e.Y + 1, e.Z}] = struct{}{}
	}
	if len(f.queue) == 0 {
		f.stats.Pending = 0
		return
	}
	f.order = f.order[:0]
	for p := range f.queue {
		f.order = append(f.order, p)
	}
	clear(f.queue)
	// Lowest first: in a column, the bottom block moves before the one on
	// it looks down, so a column falls together, one block per tick; and
	// a block that moved down is never examined twice in a tick. Sorting
	// also makes the order independent of map iteration.
	slices.SortFunc(f.order, func(a, b pos) int {
		return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z))
	})
	for i, p := range f.order {
		if i >= f.max {
			f.queue[p] = struct{}{}
			continue
		}
		f.fall(p)
	}
	f.stats.Pending = len(f.queue)
}

// fall moves the block at p one block down if it falls and nothing holds
// it, and queues what to look at next tick.
func (f *faller) fall(p pos) {
	if !f.edits.Decides(p.X, p.Z) {
		return // another server's region: its owner makes it fall
	}
	b, ok := f.store.Block(p.X, p.Y, p.Z)
	if !ok || !f.falls[b] || p.Y-1 < chunk.MinY {
		return
	}
	below, ok := f.store.Block(p.X, p.Y-1, p.Z)
	if !ok {
		// Unknown terrain is not air: the block waits. It is looked at
		// again when something next changes next to it.
		return
	}
	if below.Solid() || !below.Props().Replaceable {
		return
	}
	// A swap: the block falls, and the air or water it displaces takes
	// its place (water is not destroyed by gravel sinking through it).
	f.edits.Set(p.X, p.Y-1, p.Z, b, 0)
	f.edits.Set(p.X, p.Y, p.Z, below, 0)
	f.stats.Falls++
	f.queue[pos{p.X, p.Y - 1, p.Z}] = struct{}{} // keep falling
	f.queue[pos{p.X, p.Y + 1, p.Z}] = struct{}{} // what stood on it
}
