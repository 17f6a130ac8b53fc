package systems

import (
	"errors"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/storage"
)

// Names of the network plugin and its systems.
const (
	NetworkPluginName = "network"
	SystemIngest      = "ingest"
	SystemDeliver     = "deliver"
)

// DeliveryBudget bounds what one client is sent per tick.
type DeliveryBudget struct {
	// Sections and Bytes per client per tick.
	Sections int
	Bytes    int
	// Time bounds the whole deliver system per tick; clients not served
	// in time are served first next tick.
	Time time.Duration
	// Backlog skips a client whose chunk queue holds more bytes than this
	// (backpressure: its connection is behind).
	Backlog int
}

// DefaultDeliveryBudget returns the default budget.
func DefaultDeliveryBudget() DeliveryBudget {
	return DeliveryBudget{Sections: 48, Bytes: 512 << 10, Time: 8 * time.Millisecond, Backlog: 2 << 20}
}

// NetworkConfig configures the Network plugin.
type NetworkConfig struct {
	// Source yields the inbound events; required.
	Source EventSource
	// Spawn is where new players appear.
	Spawn components.Position
	// MaxViewDistance clamps every client's view radius.
	MaxViewDistance int
	// Slack is the view's hysteresis (components.Follow); 0 means 2.
	Slack int
	// Budget bounds delivery; zero fields take DefaultDeliveryBudget's.
	Budget DeliveryBudget
	// Deterministic loads player records inline instead of on a goroutine
	// and lifts the time budget of delivery (replay and tests).
	Deterministic bool
}

// Clients maps client ids to their entities; the ingest system keeps it.
type Clients struct {
	byID map[uint64]ecs.Entity
	// Left lists the ids of clients that left this tick, for the
	// broadcasts of the deliver stage.
	Left []uint64
	// Joined lists the ids of clients admitted this tick.
	Joined []uint64
}

// Entity returns the entity of client id.
func (c *Clients) Entity(id uint64) (ecs.Entity, bool) {
	e, ok := c.byID[id]
	return e, ok
}

// Len returns the number of admitted clients.
func (c *Clients) Len() int { return len(c.byID) }

// Network is the plugin that connects clients to the simulation: ingest
// turns inbound events into entities and component updates; deliver sends
// each client its sections, nearest first, within a budget.
type Network struct {
	Config NetworkConfig

	loader *playerLoader
}

// NewNetwork returns the plugin.
func NewNetwork(cfg NetworkConfig) *Network { return &Network{Config: cfg} }

// Name returns NetworkPluginName.
func (n *Network) Name() string { return NetworkPluginName }

// Dependencies names the plugins whose resources it uses.
func (n *Network) Dependencies() []string { return []string{ResidencyPluginName, PersistPluginName} }

// Build adds the Clients and EncodedCache resources and the ingest and
// deliver systems.
func (n *Network) Build(app *ecs.App) error {
	cfg := n.Config
	if cfg.Source == nil {
		return errors.New("no event source")
	}
	if cfg.MaxViewDistance <= 0 {
		cfg.MaxViewDistance = 16
	}
	if cfg.Slack <= 0 {
		cfg.Slack = 2
	}
	def := DefaultDeliveryBudget()
	if cfg.Budget.Sections <= 0 {
		cfg.Budget.Sections = def.Sections
	}
	if cfg.Budget.Bytes <= 0 {
		cfg.Budget.Bytes = def.Bytes
	}
	if cfg.Budget.Time <= 0 {
		cfg.Budget.Time = def.Time
	}
	if cfg.Budget.Backlog <= 0 {
		cfg.Budget.Backlog = def.Backlog
	}
	if cfg.Deterministic {
		// A wall-clock budget would make what is sent depend on the
		// machine's speed.
		cfg.Budget.Time = time.Duration(1 << 62)
	}
	registerClientComponents(app)
	store := ecs.RequireResource[resources.ChunkStore](app)
	dur := ecs.RequireResource[Durability](app)
	db := ecs.RequireResource[storage.DB](app)
	if store == nil || dur == nil || db == nil {
		return errors.New("residency and persist resources missing")
	}
	clients := &Clients{byID: map[uint64]ecs.Entity{}}
	cache := NewEncodedCache()
	if gen := ecs.RequireResource[resources.Generation](app); gen != nil {
		gen.SetDeriver(cache.Derive)
	}
	ecs.AddResource(app, clients)
	ecs.AddResource(app, cache)
	n.loader = newPlayerLoader(db, cfg.Deterministic)
	in := newIngest(cfg, clients, n.loader, dur, app.Log().With().Str("system", SystemIngest).Logger())
	ecs.AddResource(app, in.chat)
	out := newDeliver(cfg.Budget, store, cache, app.Log().With().Str("system", SystemDeliver).Logger())
	ecs.AddResource(app, out)
	app.AddSystem(ecs.Ingest, SystemIngest, in.run)
	app.AddSystem(ecs.Deliver, SystemDeliver, out.run)
	return nil
}

// registerClientComponents registers every component of a client's
// entity, at build time (arche must not meet a new type mid-query).
func registerClientComponents(app *ecs.App) {
	ecs.RegisterComponent[components.Player](app)
	ecs.RegisterComponent[components.Position](app)
	ecs.RegisterComponent[components.Velocity](app)
	ecs.RegisterComponent[components.Look](app)
	ecs.RegisterComponent[components.View](app)
	ecs.RegisterComponent[components.Follow](app)
	ecs.RegisterComponent[components.Stream](app)
	ecs.RegisterComponent[components.Movement](app)
	ecs.RegisterComponent[components.Inbox](app)
	ecs.RegisterComponent[components.Snapshot](app)
}

// Shutdown stops the player loader and saves every connected player.
func (n *Network) Shutdown(app *ecs.App) error {
	if n.loader != nil {
		n.loader.stop()
	}
	saveAllPlayers(app)
	return nil
}
