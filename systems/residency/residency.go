// Package residency is the plugin that keeps exactly the sections the
// views want resident: the desired set, the generation job pool, the chunk
// store, tickets, and the start-up gate (LoadSpawn) and pre-generation
// (Pregen) that run its schedule.
package residency

import (
	"errors"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// Names of the residency plugin and its systems, for Dependencies and
// Before/After constraints of other plugins.
const (
	PluginName          = "residency"
	SystemExpireTickets = "expire_tickets"
	SystemFollowViews   = "follow_views"
	SystemStreamChunks  = "stream_chunks"
	SystemReconcile     = "reconcile"
)

// Changes lists the sections reconcile made resident and evicted this
// tick, in the order it did so, for systems ordered after it (the
// entities plugin loads and saves a column's entities with it), and
// those it asked the generation pool for, column by column (the entities
// plugin reads their columns' records ahead). The slices are reused:
// read them within the tick.
type Changes struct {
	Inserted, Evicted, Requested []chunk.Pos
}

// DefaultRetryTicks is how long a failed job waits before its first
// retry, and a deferred eviction before each retry (one second at 20
// ticks per second).
const DefaultRetryTicks = 20

// DefaultMaxRetryTicks caps the back-off between retries of a failing job
// (one minute at 20 ticks per second).
const DefaultMaxRetryTicks = 1200

// Config configures the residency plugin.
type Config struct {
	// Generator makes natural sections; required. It is shared by every
	// worker, so it must be immutable (safe for concurrent use).
	Generator resources.Generator
	// Workers, QueueCap and Deterministic configure the generation pool
	// (see resources.GenerationConfig).
	Workers       int
	QueueCap      int
	Deterministic bool
	// RetryTicks delays the first retry of a failed job (a Source error,
	// a corrupt stored record, a generator panic); each further retry of
	// the same section waits twice as long, up to MaxRetryTicks. It is
	// also the fixed delay between retries of an eviction whose section
	// could not be saved (a full storage queue clears within ticks). 0
	// means DefaultRetryTicks.
	RetryTicks uint64
	// MaxRetryTicks caps the back-off; 0 means DefaultMaxRetryTicks (or
	// RetryTicks, if that is larger).
	MaxRetryTicks uint64
}

// Plugin is the plugin that keeps exactly the sections the views want
// resident. It adds the resources ChunkStore, Generation, Desired and
// Backlog, and, in the stream stage, the systems expire_tickets,
// follow_views, stream_chunks and reconcile, in that order. Storage plugs
// into the resources from its own Build (ChunkStore.Saver,
// Generation.SetSource) by depending on PluginName.
type Plugin struct {
	Config Config

	gen     *resources.Generation
	tickets *ticketSystem
	follow  *followSystem
	desired *desiredSystem
	recon   *reconcileSystem
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (r *Plugin) Name() string { return PluginName }

// Build adds the components, resources and systems.
func (r *Plugin) Build(app *ecs.App) error {
	cfg := r.Config
	if cfg.Generator == nil {
		return errors.New("residency: no generator configured")
	}
	if cfg.RetryTicks == 0 {
		cfg.RetryTicks = DefaultRetryTicks
	}
	if cfg.MaxRetryTicks == 0 {
		cfg.MaxRetryTicks = DefaultMaxRetryTicks
	}
	ecs.RegisterComponent[components.Position](app)
	ecs.RegisterComponent[components.View](app)
	ecs.RegisterComponent[components.Follow](app)
	ecs.RegisterComponent[components.Ticket](app)

	store := resources.NewChunkStore()
	r.gen = resources.NewGeneration(cfg.Generator, resources.GenerationConfig{
		Workers:       cfg.Workers,
		QueueCap:      cfg.QueueCap,
		Deterministic: cfg.Deterministic,
	})
	desired := resources.NewDesired()
	backlog := resources.NewBacklog()
	backlog.Backoff = resources.Backoff{Base: cfg.RetryTicks, Max: max(cfg.MaxRetryTicks, cfg.RetryTicks)}
	ecs.AddResource(app, store)
	r.gen.LeaveCPU(app.TickCPU())
	ecs.AddResource(app, r.gen)
	app.OnTick(r.gen.SetTicking) // the tick keeps a core while it runs
	ecs.AddResource(app, desired)
	ecs.AddResource(app, backlog)
	changes := &Changes{}
	ecs.AddResource(app, changes)

	r.tickets = newTicketSystem()
	r.follow = newFollowSystem()
	r.desired = newDesiredSystem(desired)
	log := app.Log().With().Str("system", SystemReconcile).Logger()
	r.recon = &reconcileSystem{
		store: store, gen: r.gen, desired: desired, backlog: backlog,
		retry: cfg.RetryTicks, changes: changes, log: log, corrupt: corruptReport{log: log},
	}
	app.AddSystem(ecs.Stream, SystemExpireTickets, r.tickets.run, ecs.Before(SystemFollowViews))
	app.AddSystem(ecs.Stream, SystemFollowViews, r.follow.run, ecs.Before(SystemStreamChunks))
	app.AddSystem(ecs.Stream, SystemStreamChunks, r.desired.run, ecs.Before(SystemReconcile),
		ecs.Reads[components.View](), ecs.Writes[resources.Desired]())
	// What reconcile touches: evicting an edited section hands it to the
	// store's Saver.
	app.AddSystem(ecs.Stream, SystemReconcile, r.recon.run,
		ecs.Reads[resources.Desired](), ecs.Writes[resources.ChunkStore](), ecs.Writes[resources.Saver](),
		ecs.Writes[resources.Generation](), ecs.Writes[resources.Backlog](), ecs.Writes[Changes]())
	return nil
}

// Shutdown stops the generation pool; no worker outlives it. Corrupt
// sections found but not yet reported are logged.
func (r *Plugin) Shutdown(*ecs.App) error {
	if r.gen != nil {
		r.gen.Stop()
	}
	if r.recon != nil {
		r.recon.corrupt.flush()
	}
	return nil
}
