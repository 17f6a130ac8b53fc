// Package entities is the plugin of networked entities: anything a plugin
// spawns with a Replicated marker — and every player — is seen by the
// clients whose view holds it (EntitySpawn, PlayerState moves,
// EntityDespawn), non-player entities are simulated against the voxels
// (gravity, collisions, friction; frozen where the terrain is not
// resident), and they are saved with the column they stand in: written
// when the column is evicted, periodically when they changed and at
// shutdown, and spawned again when the column is resident again.
package entities

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the plugin and its systems, for Dependencies and Before/After.
const (
	PluginName = "entities"
	// SystemSimulate (simulate, after gameplay's actions) moves non-player
	// entities: an AI plugin sets their Motion before it.
	SystemSimulate = "simulate_entities"
	// SystemResidency (stream, after residency's reconcile) saves and
	// despawns the entities of evicted columns and spawns those of columns
	// that became resident.
	SystemResidency = "entity_residency"
	// SystemReplicate (deliver, after gameplay's roster) sends spawns,
	// moves and despawns.
	SystemReplicate = "replicate_entities"
)

// KindPlayer is the kind of every player's entity.
const KindPlayer = "strata:player"

// Replicated marks an entity that clients see. Kind is "namespace:name".
// ID is its id on the wire, stable while it exists: Registry.Spawn sets it
// for plugin entities, the replication system sets a player's to its
// client id (and Name to its name tag).
type Replicated struct {
	Kind string
	ID   uint64
	Name string
	// What clients were last told, for the delta filter; the replication
	// system's alone.
	SentPos  components.Position
	SentLook components.Look
	SentAt   uint64
	// The predicted track (feature "predicted-states"): the state last
	// sent to the receivers that extrapolate, which they draw at PredPos +
	// PredVel·(t − PredAt)/TPS; PredVel is the velocity as sent (float32
	// values). The replication system's alone, evaluated only while some
	// receiver is granted the feature.
	PredPos  components.Position
	PredVel  components.Velocity
	PredLook components.Look
	PredAt   uint64
}

// Body is an entity's bounding box: Width along X and Z, Height along Y,
// its Position the bottom centre.
type Body struct {
	Width, Height float64
}

// Box returns the box of a body whose feet are at p.
func (b Body) Box(p components.Position) physics.AABB {
	h := b.Width / 2
	return physics.AABB{Min: physics.Vec{X: p.X - h, Y: p.Y, Z: p.Z - h}, Max: physics.Vec{X: p.X + h, Y: p.Y + b.Height, Z: p.Z + h}}
}

// PlayerBody is the body of every player (systems/physics's box).
var PlayerBody = Body{Width: physics.PlayerWidth, Height: physics.PlayerHeight}

// Attribute is one plugin-defined value replicated with an entity's spawn
// and saved with it.
type Attribute struct {
	Key   string
	Value int64
}

// Attributes are an entity's plugin-defined values, in the order set.
type Attributes struct {
	List []Attribute
}

// Get returns the value of key, and whether it is set.
func (a *Attributes) Get(key string) (int64, bool) {
	for _, x := range a.List {
		if x.Key == key {
			return x.Value, true
		}
	}
	return 0, false
}

// Set sets key to v. Attributes are replicated with spawns only: a change
// reaches clients that see the entity enter their view after it.
func (a *Attributes) Set(key string, v int64) {
	for i := range a.List {
		if a.List[i].Key == key {
			a.List[i].Value = v
			return
		}
	}
	a.List = append(a.List, Attribute{key, v})
}

// Motion is what the simulation does with a non-player entity: an AI sets
// Walk (the horizontal velocity it wants, blocks per second) and Jump, and
// Asleep while no player is near enough to see it (the simulation then
// leaves it where it is, its horizontal velocity zeroed, until the AI
// wakes it); the simulation reports OnGround, Blocked (a horizontal
// collision in its last step) and Frozen (its section, or where it was
// going, is not resident: it did not move).
type Motion struct {
	WalkX, WalkZ float64
	Jump         bool
	Asleep       bool
	OnGround     bool
	Blocked      bool
	Frozen       bool
}

// Spec describes an entity for Registry.Spawn.
type Spec struct {
	Kind       string
	Position   components.Position
	Look       components.Look
	Velocity   components.Velocity
	Body       Body
	Attributes []Attribute
}

// Config configures the plugin; zero fields take the defaults.
type Config struct {
	// SnapshotAll is the longest time, in ticks, between two PlayerStates
	// about an entity: unchanged ones are repeated this often (datagrams
	// are lossy). Default 30.
	SnapshotAll uint64
	// PredictAll is how often, in ticks, a receiver granted
	// "predicted-states" (which extrapolates each entity's last state)
	// has its refresh ticks, of its own (staggered by its id): it is sent
	// again the last state of each entity it holds that was sent within
	// RepeatWithin ticks, so that a lost datagram heals, and of all of
	// them every RepeatAll ticks. Default 20.
	PredictAll uint64
	// RepeatWithin is how long, in ticks, a receiver's refresh ticks
	// repeat a state after it was sent (default 3 × PredictAll: three
	// times); RepeatAll how often they repeat every state held, however
	// old (default 10 × PredictAll), a bound on how long a client that
	// lost every copy draws an entity wrong.
	RepeatWithin, RepeatAll uint64
	// RefreshPerEntity is the rule of recordings made before receivers
	// had refresh ticks of their own: every entity is sent to all its
	// receivers every PredictAll ticks (staggered by its id), at full
	// precision, and nothing is repeated. Replay sets it from the
	// recording's header.
	RefreshPerEntity bool
	// serveAll has replication serve every receiver every tick, as it did
	// before it served only those with something to do: the oracle of a
	// test that the skipped ones miss nothing.
	serveAll bool
	// InterestEvery is how often, in ticks, each client's set of entities
	// is recomputed (staggered over clients; at once after a teleport or
	// while spawns wait for budget). Default 5.
	InterestEvery uint64
	// SpawnsPerTick bounds the EntitySpawns sent to one client per tick,
	// nearest first; the rest follow on the next ticks. Default 64.
	SpawnsPerTick int
	// SaveEvery is how often, in ticks, the columns whose entities changed
	// are saved. Default 600 (30 s at 20 TPS).
	SaveEvery uint64
	// Gravity in blocks/s² (default 32) and the fall speed limit (default
	// physics.DefaultLimits().FallSpeed).
	Gravity, FallSpeed float64
	// JumpSpeed is the upward speed of a jump, enough for one block
	// (default 9).
	JumpSpeed float64
	// TPS is the tick rate; default 20.
	TPS float64
}

func (c Config) withDefaults() Config {
	if c.SnapshotAll == 0 {
		c.SnapshotAll = 30
	}
	if c.PredictAll == 0 {
		c.PredictAll = 20
	}
	if c.RepeatWithin == 0 {
		c.RepeatWithin = 3 * c.PredictAll
	}
	if c.RepeatAll == 0 {
		c.RepeatAll = 10 * c.PredictAll
	}
	if c.InterestEvery == 0 {
		c.InterestEvery = 5
	}
	if c.SpawnsPerTick <= 0 {
		c.SpawnsPerTick = 64
	}
	if c.SaveEvery == 0 {
		c.SaveEvery = 600
	}
	if c.Gravity <= 0 {
		c.Gravity = 32
	}
	if c.FallSpeed <= 0 {
		c.FallSpeed = physics.DefaultLimits().FallSpeed
	}
	if c.JumpSpeed <= 0 {
		c.JumpSpeed = 9
	}
	if c.TPS <= 0 {
		c.TPS = 20
	}
	return c
}

// Stats counts the plugin's work, for metrics and tests. The tick writes
// it; read it there.
type Stats struct {
	// Entities is the number of non-player entities resident; Frozen how
	// many of them did not move last tick for want of terrain, Asleep how
	// many their AI had put to sleep (Motion.Asleep).
	Entities, Frozen, Asleep int
	// Spawns, Despawns and States count messages queued to clients;
	// StatesDropped the PlayerStates a full queue refused; SpawnsWaiting
	// the spawns left for a later tick by SpawnsPerTick, last tick;
	// Repeats the States that were a receiver's repeats of what it was
	// last sent (Config.PredictAll); Idle the receiver-ticks skipped
	// with nothing to send.
	Spawns, Despawns, States, StatesDropped, Repeats, Idle uint64
	SpawnsWaiting                                          int
	// Loaded and Saved count entities read from and handed to storage;
	// LoadErrors the columns whose record could not be read.
	Loaded, Saved, LoadErrors uint64
	// HandedOver counts entities handed to the server simulating the
	// column they walked into, HandoversRefused the times one found no
	// server to hand it to; Received the entities other servers handed
	// here, adopted.
	HandedOver, HandoversRefused, Received uint64
	// Transits counts entities moved between two regions both simulated
	// here through a hand-over record (transit.go), TakenBack those whose
	// move was undone because the region they left changed hands first.
	Transits, TakenBack uint64
	// Reloaded counts the columns loaded again as stored because their
	// region's lease was lost and taken back between two looks.
	Reloaded uint64
}

// ErrBadKind is returned by Spawn and Kind for a malformed kind.
var ErrBadKind = errors.New(`entity kind must be "namespace:name"`)

// ValidKind reports whether kind is "namespace:name", both non-empty,
// lower-case letters, digits and _ - . /, at most 64 bytes.
func ValidKind(kind string) bool {
	ns, name, ok := strings.Cut(kind, ":")
	if !ok || ns == "" || name == "" || len(kind) > 64 || strings.Contains(name, ":") {
		return false
	}
	for _, r := range ns + name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./", r)) {
			return false
		}
	}
	return true
}

// Plugin is the entities plugin.
type Plugin struct {
	Config Config
	reg    *Registry
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (p *Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose resources and systems it uses:
// residency (the chunk store), persist (storage), network (clients) and
// gameplay (its systems order this plugin's).
func (p *Plugin) Dependencies() []string {
	return []string{residency.PluginName, persist.PluginName, network.PluginName, gameplay.PluginName}
}

// Build adds the Registry and Stats resources and the three systems.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := p.Config.withDefaults()
	store := ecs.RequireResource[resources.ChunkStore](app)
	durable := ecs.RequireResource[persist.Durability](app)
	clients := ecs.RequireResource[network.Clients](app)
	changes := ecs.RequireResource[residency.Changes](app)
	if store == nil || durable == nil || clients == nil || changes == nil {
		return fmt.Errorf("%s: chunk store, durability, clients or residency changes missing", PluginName)
	}
	ecs.RegisterComponent[Replicated](app)
	ecs.RegisterComponent[Body](app)
	ecs.RegisterComponent[Attributes](app)
	ecs.RegisterComponent[Motion](app)
	ecs.RegisterComponent[home](app)
	ecs.RegisterComponent[Interest](app)
	stats := &Stats{}
	ecs.AddResource(app, stats)
	p.reg = newRegistry(app, cfg, store, durable, changes, stats)
	ecs.AddResource(app, p.reg)
	clients.WithComponent(func(uint64) any { return Replicated{Kind: KindPlayer} })
	clients.WithComponent(func(uint64) any { return PlayerBody })
	clients.WithComponent(func(uint64) any { return Interest{} })

	edits := ecs.RequireResource[gameplay.Edits](app)
	if edits == nil {
		return fmt.Errorf("%s: gameplay edits missing", PluginName)
	}
	app.AddSystem(ecs.Simulate, SystemSimulate, newSimulation(cfg, store, p.reg, edits, changes, app.Parallel()).run, ecs.After(gameplay.SystemActions))
	app.AddSystem(ecs.Stream, SystemResidency, p.reg.residency, ecs.After(residency.SystemReconcile))
	app.AddSystem(ecs.Deliver, SystemReplicate, newReplicator(cfg, stats, app.Parallel()).run, ecs.After(gameplay.SystemRoster))
	return nil
}

// Shutdown hands every resident entity to storage, before the persist
// plugin (built earlier, shut down later) writes its last batch.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.reg == nil {
		return nil
	}
	p.reg.saveDirty()
	return nil
}
