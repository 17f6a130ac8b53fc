// Package critters is an example entity plugin, built only on the public
// plugin API (docs/plugins.md, "Entities"): small animals that appear in
// herds on dry land (grass, snow and sand) as new land becomes resident,
// wander, hop up one-block steps and turn at walls and cliffs. They are networked entities of the
// entities plugin (kind "strata:critter"): clients see them, the entities
// plugin simulates them against the voxels and saves them with their
// column; this plugin only decides where they spawn and where they want
// to walk.
//
// Everything it does is a function of the seed, positions and the tick
// (no map iteration order, wall clock or global random source), so two
// runs of the same inputs in deterministic mode give the same critters at
// the same places tick by tick.
package critters

import (
	"errors"
	"fmt"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the plugin, its systems and what it spawns.
const (
	PluginName = "critters"
	// SystemSpawn (stream, after entities.SystemResidency) gives herds to
	// columns that became resident.
	SystemSpawn = "spawn_critters"
	// SystemAI (simulate, before entities.SystemSimulate) sets every
	// critter's Motion for the simulation to carry out this tick.
	SystemAI = "critter_ai"
	// Kind is the entity kind of a critter.
	Kind = "strata:critter"
	// AttrVariant is the attribute holding a critter's colour variant,
	// 0..Variants-1, chosen from the seed.
	AttrVariant = "strata:variant"
	// Variants is the number of colour variants.
	Variants = 4
)

// Body is a critter's bounding box.
var Body = entities.Body{Width: 0.9, Height: 0.9}

// Config configures the plugin; zero fields take the defaults.
type Config struct {
	// Seed chooses which columns get herds, where, their variants and
	// every critter's wandering. A server sets it to the world's seed.
	Seed int64
	// PerRegion bounds the critters resident in one region (32 × 32
	// columns) when a herd is spawned. Default 24.
	PerRegion int `setting:"per_region" help:"most critters resident in a region (32×32 columns) for a new herd to spawn (0: 24)"`
	// Every is the share of columns that get a herd: one in Every (by a
	// hash of the seed and the column). Default 12; negative: no herds
	// (critters come only from Scatter or storage).
	Every int `setting:"every" help:"one column in EVERY gets a herd as it first becomes resident (0: 12; negative: no new herds)"`
	// PendingPerTick bounds the columns examined per tick for a herd; the
	// rest wait for later ticks. Default 32.
	PendingPerTick int
	// Speed is a walking critter's speed in blocks per second. Default 1.5.
	Speed float64 `setting:"speed" help:"a walking critter's speed in blocks per second (0: 1.5)"`
	// GrassOnly lets herds start on grass alone, as they did before snow
	// and sand were ground for them too (Ground). Off by default: a new
	// player, who starts wherever the world put its spawn point (snow,
	// often), meets critters near it. A replay of a recording made before
	// the setting existed turns it on.
	GrassOnly bool `setting:"grass_only" help:"herds start on grass only, not on snow or sand"`
	// WakeRadius is how near, in blocks, a player keeps critters awake:
	// one farther from every player sleeps (no AI, no motion) until one
	// comes near. 0, the default, is each player's view radius and a
	// margin beyond (nobody sees a sleeping critter); a positive radius,
	// smaller than the views, saves more CPU and lets players see
	// critters stand still farther out; negative: critters never sleep,
	// as before the setting (a replay of a recording made then).
	WakeRadius int `setting:"wake_radius" help:"blocks from a player within which critters stay awake (0: its view and a margin, so nobody sees one asleep; negative: they never sleep)"`
}

// Ground reports whether a herd may start on block b (with air above):
// the dry land surfaces of the generator's biomes, grass (plains, forest),
// snow (snowy) and sand (desert, beach); grass alone with grassOnly.
func Ground(b chunk.Block, grassOnly bool) bool {
	switch b {
	case chunk.Grass:
		return true
	case chunk.Snow, chunk.Sand:
		return !grassOnly
	}
	return false
}

func (c Config) withDefaults() Config {
	if c.PerRegion <= 0 {
		c.PerRegion = 24
	}
	if c.Every == 0 {
		c.Every = 12
	}
	if c.PendingPerTick <= 0 {
		c.PendingPerTick = 32
	}
	if c.Speed <= 0 {
		c.Speed = 1.5
	}
	return c
}

// Stats counts the plugin's work, for tests and metrics. The tick writes
// it; read it there.
type Stats struct {
	// Herds counts columns given a herd; Spawned the critters in them.
	Herds, Spawned uint64
	// Capped counts columns left without their herd because their region
	// held PerRegion critters already (they are examined again the next
	// time they become resident).
	Capped uint64
	// Pending is the number of columns waiting for their terrain to be
	// resident enough to place a herd, after the last tick.
	Pending int
	// Turns and Jumps count the AI's reactions to walls, steps and drops.
	Turns, Jumps uint64
}

// Critter marks a critter and holds its wandering state. The entities
// plugin gives it again to a critter loaded from storage (RegisterKind),
// with a zero state: the critter then starts a new idle or walk at once.
// Its heading is Look.Yaw, which is saved.
type Critter struct {
	// id is its wire id (Replicated.ID, set at spawn and never changed),
	// copied at its first think: the AI's loop then reads no Replicated,
	// a component of several cache lines, for each critter every tick.
	id uint64
	// until is the tick the current idle or walk ends.
	until   uint64
	walking bool
	// stuck counts consecutive ticks blocked on the ground, so a critter
	// that cannot make a step it jumps at turns instead.
	stuck uint8
	// ahead is the last answer of the drop check and the blocks it
	// looked at: it is asked again only once those are others or a block
	// changed somewhere.
	ahead lookAhead
	// dx, dz is the heading of yaw, once faced.
	faced  bool
	yaw    float32
	dx, dz float64
}

// lookAhead is a cached drop check.
type lookAhead struct {
	cells [3][3]int
	edits uint64
	valid bool
	drop  bool
}

// Plugin is the critters plugin.
type Plugin struct {
	// Off leaves the plugin out of a server (settings.Optional): the
	// setting plugins.critters.enabled is its opposite.
	Off    bool `setting:"enabled,invert" help:"passive animals on grass, snow and sand; false for none"`
	Config Config
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (p *Plugin) Name() string { return PluginName }

// Settings returns the plugin itself: Off and the tagged fields of
// Config are its settings (see package settings).
func (p *Plugin) Settings() any { return p }

// Enabled reports whether a server runs the plugin (settings.Optional).
func (p *Plugin) Enabled() bool { return !p.Off }

// Dependencies names the entities plugin (its Registry, its events and
// systems) and residency (the chunk store).
func (p *Plugin) Dependencies() []string {
	return []string{entities.PluginName, residency.PluginName}
}

// Build registers the critter kind and adds the Stats resource and the
// two systems.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := p.Config.withDefaults()
	reg := ecs.RequireResource[entities.Registry](app)
	store := ecs.RequireResource[resources.ChunkStore](app)
	if reg == nil || store == nil {
		return errors.New("entity registry or chunk store missing")
	}
	ecs.RegisterComponent[Critter](app)
	if err := reg.RegisterKind(Kind, func() []any { return []any{Critter{}} }); err != nil {
		return fmt.Errorf("%s: %w", PluginName, err)
	}
	stats := &Stats{}
	ecs.AddResource(app, stats)
	sp := newSpawner(cfg, reg, store, ecs.AddEvents[entities.ColumnLoaded](app), stats)
	app.AddSystem(ecs.Stream, SystemSpawn, sp.run, ecs.After(entities.SystemResidency))
	app.AddSystem(ecs.Simulate, SystemAI, newBrain(cfg, store, ecs.RequireResource[gameplay.Edits](app), stats, app.Parallel()).run, ecs.Before(entities.SystemSimulate))
	return nil
}

// spec is the entity description of a critter standing at p.
func spec(p components.Position, yaw float32, variant int64) entities.Spec {
	return entities.Spec{
		Kind: Kind, Position: p, Look: components.Look{Yaw: yaw}, Body: Body,
		Attributes: []entities.Attribute{{Key: AttrVariant, Value: variant}},
	}
}

// Salts keep the hashes of different decisions about the same inputs
// independent.
const (
	saltColumn uint64 = iota + 1
	saltHerd
	saltSpot
	saltAI
	saltTurn
	saltScatter
)

// hash mixes vs into one well-distributed value (splitmix64's finaliser
// over a running sum): the plugin's only source of randomness.
func hash(vs ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, v := range vs {
		h ^= v
		h += 0x9e3779b97f4a7c15
		h ^= h >> 30
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 27
		h *= 0x94d049bb133111eb
		h ^= h >> 31
	}
	return h
}

// yawOf returns a yaw in [-180, 180) from a hash.
func yawOf(h uint64) float32 { return float32(h%360) - 180 }
