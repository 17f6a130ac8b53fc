// Package network is the plugin that connects clients to the simulation:
// ingest admits clients as entities and routes each inbound message to the
// plugin that serves its kind (Router); deliver sends each client its
// sections, nearest first, within a budget; plugin channels carry
// plugins' own messages to and from their client code (Channels).
package network

import (
	"errors"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the network plugin and its systems.
const (
	PluginName    = "network"
	SystemIngest  = "ingest"
	SystemDeliver = "deliver"
	// SystemResubscribe (stream, between follow_views and stream_chunks)
	// brings the clients whose view changed to it beside stream_chunks
	// and reconcile.
	SystemResubscribe = "resubscribe"
)

// DeliveryBudget bounds what one client is sent per tick. The server
// announces Sections and Bytes in Welcome; it must announce the budget
// this plugin uses, so both take it from WithDefaults.
type DeliveryBudget struct {
	// Sections and Bytes per client per tick.
	Sections int
	Bytes    int
	// Time bounds the whole deliver system per tick; clients not served
	// in time wait for a later tick (the client served first moves on by
	// one each tick, so the same clients are not always the last).
	Time time.Duration
	// MaxQueuedBytes skips a client whose chunk queue holds more bytes
	// than this (backpressure: its connection is behind).
	MaxQueuedBytes int
}

// WithDefaults returns b with its zero fields set to the defaults: 48
// sections, 512 KiB, 8 ms, 2 MiB queued.
func (b DeliveryBudget) WithDefaults() DeliveryBudget {
	if b.Sections <= 0 {
		b.Sections = 48
	}
	if b.Bytes <= 0 {
		b.Bytes = 512 << 10
	}
	if b.Time <= 0 {
		b.Time = 8 * time.Millisecond
	}
	if b.MaxQueuedBytes <= 0 {
		b.MaxQueuedBytes = 2 << 20
	}
	return b
}

// Config configures the network plugin.
type Config struct {
	// Source yields the inbound events; required.
	Source EventSource
	// Spawn is where new players appear.
	Spawn components.Position
	// MaxViewDistance bounds every client's view radius
	// (protocol.ClampView; 0 means protocol.DefaultMaxViewDistance).
	MaxViewDistance int
	// Slack is the view's hysteresis (components.Follow); 0 means 2.
	Slack int
	// SpreadRecentres gives each player's Follow a Phase drawn from its
	// client id, so that players who joined together and move alike do
	// not recentre their views in one wave. Off, every Phase is 0: how
	// servers before it ran, which their recordings replay with.
	SpreadRecentres bool
	// Budget bounds delivery (DeliveryBudget.WithDefaults).
	Budget DeliveryBudget
	// Deterministic loads player records inline instead of on a goroutine
	// and lifts the time budget of delivery (replay and tests).
	Deterministic bool
	// Sessions, if set, keeps a player name connected on one server of a
	// cluster at a time: claimed before the record loads, released once
	// the record of the player's leaving is durable.
	Sessions Sessions
}

// Sessions claims and releases player names across the servers of a
// cluster. Claim runs on the player-record loader (off the tick) and may
// wait on the network; Release must not block.
type Sessions interface {
	// Claim takes name for this server; an error (wrapping
	// ErrNameElsewhere when another server has it) refuses the login.
	Claim(name string) error
	Release(name string)
}

// ErrNameElsewhere is wrapped by a Sessions.Claim that found the name
// connected to another server of the cluster.
var ErrNameElsewhere = errors.New("name connected to another server")

// Clients maps client ids to their entities; the ingest system keeps it.
// Plugins read who joined and left this tick from it, and add their own
// components to every client's entity with WithComponent.
type Clients struct {
	// dense holds the entities of ids below maxDenseID by id (the zero
	// entity where there is none): the transport counts ids up from 1,
	// and ingest looks up every message's sender, serially on the tick.
	// byID holds the rest.
	dense []ecs.Entity
	byID  map[uint64]ecs.Entity
	n     int
	// Left lists the ids of clients that left this tick, for the
	// broadcasts of the deliver stage.
	Left []uint64
	// Joined lists the ids of clients admitted this tick.
	Joined []uint64
	extra  []func(tick uint64) any
}

// maxDenseID bounds Clients.dense (8 MiB at most): a server that has
// counted past it keeps later ids in the map.
const maxDenseID = 1 << 20

// Entity returns the entity of client id.
func (c *Clients) Entity(id uint64) (ecs.Entity, bool) {
	if id < uint64(len(c.dense)) {
		e := c.dense[id]
		return e, !e.IsZero()
	}
	if id < maxDenseID {
		return ecs.Entity{}, false
	}
	e, ok := c.byID[id]
	return e, ok
}

// set records e as client id's entity.
func (c *Clients) set(id uint64, e ecs.Entity) {
	if _, ok := c.Entity(id); !ok {
		c.n++
	}
	if id >= maxDenseID {
		c.byID[id] = e
		return
	}
	if id >= uint64(len(c.dense)) {
		c.dense = append(c.dense, make([]ecs.Entity, int(id)+1-len(c.dense))...)
	}
	c.dense[id] = e
}

// remove forgets client id.
func (c *Clients) remove(id uint64) {
	if _, ok := c.Entity(id); !ok {
		return
	}
	c.n--
	if id < uint64(len(c.dense)) {
		c.dense[id] = ecs.Entity{}
		return
	}
	delete(c.byID, id)
}

// Len returns the number of admitted clients.
func (c *Clients) Len() int { return c.n }

// WithComponent makes every client's entity spawn with the component mk
// returns (given the tick of admission), so that a plugin's per-client
// state is on the entity from its first tick without a structural change
// later. Register the component's type in Build (ecs.RegisterComponent).
func (c *Clients) WithComponent(mk func(tick uint64) any) { c.extra = append(c.extra, mk) }

// Plugin is the network plugin.
type Plugin struct {
	Config Config

	loader *playerLoader
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (n *Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose resources it uses.
func (n *Plugin) Dependencies() []string { return []string{residency.PluginName, persist.PluginName} }

// Build adds the Clients, Router, Channels, SectionFrames and
// DeliverySystem resources and the ingest, resubscribe and deliver systems.
func (n *Plugin) Build(app *ecs.App) error {
	cfg := n.Config
	if cfg.Source == nil {
		return errors.New("no event source")
	}
	if cfg.Slack <= 0 {
		cfg.Slack = 2
	}
	cfg.Budget = cfg.Budget.WithDefaults()
	if cfg.Deterministic {
		// A wall-clock budget would make what is sent depend on the
		// machine's speed.
		cfg.Budget.Time = time.Duration(1 << 62)
	}
	ecs.RegisterComponent[components.Player](app)
	ecs.RegisterComponent[components.Position](app)
	ecs.RegisterComponent[components.Velocity](app)
	ecs.RegisterComponent[components.Look](app)
	ecs.RegisterComponent[components.View](app)
	ecs.RegisterComponent[components.Follow](app)
	ecs.RegisterComponent[components.Connection](app)
	ecs.RegisterComponent[components.Delivery](app)
	store := ecs.RequireResource[resources.ChunkStore](app)
	dur := ecs.RequireResource[persist.Durability](app)
	db := ecs.RequireResource[storage.DB](app)
	if store == nil || dur == nil || db == nil {
		return errors.New("residency and persist resources missing")
	}
	clients := &Clients{byID: map[uint64]ecs.Entity{}}
	cache := NewSectionFrames()
	if gen := ecs.RequireResource[resources.Generation](app); gen != nil {
		gen.SetDeriver(cache.Derive)
	}
	router := newRouter()
	ecs.AddResource(app, clients)
	ecs.AddResource(app, router)
	ecs.AddResource(app, cache)
	ecs.AddResource(app, newChannels())
	n.loader = newPlayerLoader(dur, cfg.Sessions, cfg.Deterministic)
	in := newIngest(cfg, clients, router, n.loader, dur, app.Log().With().Str("system", SystemIngest).Logger())
	out := newDeliver(cfg.Budget, store, cache, app.Parallel(), app.Log().With().Str("system", SystemDeliver).Logger())
	ecs.AddResource(app, out)
	Handle(app, PluginName, in.subscribe)
	Handle(app, PluginName, ecs.Resource[Channels](app).receive)
	app.AddSystem(ecs.Ingest, SystemIngest, in.run)
	app.AddSystem(ecs.Stream, SystemResubscribe, out.resubscribeMoved,
		ecs.After(residency.SystemFollowViews), ecs.Before(residency.SystemStreamChunks),
		ecs.Reads[components.Connection](), ecs.Reads[components.View](),
		ecs.Writes[components.Delivery](), ecs.Writes[DeliverySystem]())
	app.AddSystem(ecs.Deliver, SystemDeliver, out.run)
	return nil
}

// Shutdown stops the player loader and saves every connected player.
func (n *Plugin) Shutdown(app *ecs.App) error {
	if n.loader != nil {
		n.loader.stop()
	}
	saveAllPlayers(app)
	return nil
}

// clampView is the view radius granted for a request: protocol.ClampView,
// the rule the transport grants Hello and Subscribe view distances with,
// so a value the transport already granted is kept as it is, and a
// synthetic or replayed client's request is granted exactly as the
// transport would have.
func clampView(requested, limit int) int {
	return int(protocol.ClampView(uint32(max(requested, 0)), uint32(max(limit, 0))))
}
