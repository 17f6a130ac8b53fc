// Package gameplay is the plugin of server-authoritative gameplay:
// movement and block actions arrive as intents (MoveIntent, ActionIntent)
// that other plugins may veto, are arbitrated by the rules of
// systems/physics and applied through Edits; block updates and the roster
// go out in the deliver stage (players' moves are replicated by
// systems/entities, as every entity's).
package gameplay

import (
	"errors"
	"slices"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the gameplay plugin and its systems, for Dependencies and
// Before/After constraints of other plugins.
const (
	PluginName = "gameplay"
	// SystemMovement (simulate) arbitrates movement inputs.
	SystemMovement = "arbitrate_movement"
	// SystemActions (simulate, after movement) arbitrates break and place.
	SystemActions = "arbitrate_actions"
	// SystemBlockUpdates (deliver, after deliver) sends the edits.
	SystemBlockUpdates = "broadcast_blocks"
	// SystemRoster (deliver, after deliver) sends PlayerJoined/PlayerLeft.
	SystemRoster = "broadcast_roster"
)

// Config configures the gameplay plugin; zero fields take the defaults of
// DefaultConfig.
type Config struct {
	// Limits are the movement and reach limits. Limits.TPS must be the
	// server's tick rate (input ticks are assumed to run at it).
	Limits physics.Limits
	// AllowFlight lets clients fly (Input.flying); otherwise a flying
	// client is held to sprint limits.
	AllowFlight bool
	// ActionsPerSecond and ActionBurst rate-limit break/place per client.
	ActionsPerSecond float64
	ActionBurst      int
	// BankTicks bounds the input time a client may save up (by sending
	// inputs late or not at all) and spend in one move; ClockSlack is how
	// many ticks its input clock may run ahead of the server's.
	BankTicks  uint64
	ClockSlack uint64
	// RosterPerTick bounds the PlayerJoined messages sent per tick to a
	// newly joined client (a full server's roster would otherwise overflow
	// its control queue).
	RosterPerTick int
}

// DefaultConfig returns the defaults: vanilla-like limits, no flight, 20
// actions/s.
func DefaultConfig() Config {
	return Config{
		Limits:           physics.DefaultLimits(),
		ActionsPerSecond: 20, ActionBurst: 20,
		BankTicks: 20, ClockSlack: 3,
		RosterPerTick: 128,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Limits == (physics.Limits{}) {
		c.Limits = d.Limits
	}
	if c.Limits.TPS <= 0 {
		c.Limits.TPS = d.Limits.TPS
	}
	if c.ActionsPerSecond <= 0 {
		c.ActionsPerSecond = d.ActionsPerSecond
	}
	if c.ActionBurst <= 0 {
		c.ActionBurst = max(1, int(c.ActionsPerSecond))
	}
	if c.BankTicks == 0 {
		c.BankTicks = d.BankTicks
	}
	if c.ClockSlack == 0 {
		c.ClockSlack = d.ClockSlack
	}
	if c.RosterPerTick <= 0 {
		c.RosterPerTick = d.RosterPerTick
	}
	return c
}

// numActionResults sizes the per-result action counters (VETOED is the
// last result).
const numActionResults = int(protocol.ActionResult_ACTION_RESULT_VETOED) + 1

// Arbitration counts the server's decisions on movement and actions, for
// metrics. Only the tick goroutine writes it; read it from there (the
// status system copies it into the metrics).
type Arbitration struct {
	// Moves counts movement inputs by outcome, indexed by physics.Reason:
	// Moves[physics.OK] is the accepted ones.
	Moves [physics.NumReasons]uint64
	// Actions counts break and place requests by result, indexed by
	// protocol.ActionResult: Actions[ACTION_RESULT_OK] is the accepted ones.
	Actions [numActionResults]uint64
	// Corrections counts Correction messages sent after a rejected input;
	// Teleports counts teleports re-sent to clients that kept moving from
	// where they were before one.
	Corrections, Teleports uint64
	// Holds and Releases count Held and Released messages sent; Waiting
	// is the number of players waiting for terrain now.
	Holds, Releases uint64
	Waiting         int
	// IgnoredWhileWaiting counts inputs dropped because their player was
	// waiting; AfterTeleport those dropped because they were predicted
	// from before a teleport; Vetoed the players' turns a plugin refused.
	IgnoredWhileWaiting, AfterTeleport, Vetoed uint64
}

// add adds b's counts to a (not Waiting, a level).
func (a *Arbitration) add(b *Arbitration) {
	for i := range a.Moves {
		a.Moves[i] += b.Moves[i]
	}
	for i := range a.Actions {
		a.Actions[i] += b.Actions[i]
	}
	a.Corrections += b.Corrections
	a.Teleports += b.Teleports
	a.Holds += b.Holds
	a.Releases += b.Releases
	a.IgnoredWhileWaiting += b.IgnoredWhileWaiting
	a.AfterTeleport += b.AfterTeleport
	a.Vetoed += b.Vetoed
}

// EachMove calls fn with every movement outcome's metric label (the
// physics.Reason name, "ok" for accepted) and count, in a fixed order.
func (a *Arbitration) EachMove(fn func(result string, n uint64)) {
	for r := range physics.NumReasons {
		fn(r.String(), a.Moves[r])
	}
}

// EachAction calls fn with every action result's metric label (the
// ActionResult name in lower case without its prefix, "ok" for accepted)
// and count, in a fixed order.
func (a *Arbitration) EachAction(fn func(result string, n uint64)) {
	for i := range numActionResults {
		fn(actionLabel(protocol.ActionResult(i)), a.Actions[i])
	}
}

func actionLabel(r protocol.ActionResult) string {
	return strings.ToLower(strings.TrimPrefix(r.String(), "ACTION_RESULT_"))
}

// BroadcastStats counts what the broadcast systems queued, for metrics.
type BroadcastStats struct {
	// BlockUpdates counts BlockUpdate messages queued (one per client per
	// edit).
	BlockUpdates uint64
	// Roster counts PlayerJoined and PlayerLeft messages queued.
	Roster uint64
}

// Roster is what the broadcast_roster system tells other plugins of the
// roster: which clients got the whole list of players this tick. The
// replication of entities (systems/entities) sends those every player
// near them at once instead of at the next refresh. Tick goroutine only.
type Roster struct {
	fresh []uint64
}

// Completed returns the ids of the clients whose roster completed this
// tick, ascending: from broadcast_roster's run to the end of the tick.
// Read-only.
func (r *Roster) Completed() []uint64 { return r.fresh }

// Fresh reports whether client id's roster completed this tick.
func (r *Roster) Fresh(id uint64) bool {
	_, ok := slices.BinarySearch(r.fresh, id)
	return ok
}

// Edit is one block change.
type Edit struct {
	X, Y, Z int
	Block   chunk.Block
	// Revision is the section's revision after the change.
	Revision uint64
	// By is the client id of the player who made it; 0 for the server and
	// plugins.
	By uint64
	// Copied marks an edit recorded (Record) from a copy another server
	// of a cluster made, not one made here.
	Copied bool
}

// Section returns the section the edit is in.
func (e Edit) Section() chunk.Pos { return chunk.PosOfBlock(e.X, e.Y, e.Z) }

// Edits is the list of block changes not yet broadcast. Every system that
// changes blocks while the game runs (player actions, gameplay plugins)
// writes through Set, so that the clients holding the section hear of the
// change: the broadcast_blocks system (deliver stage) sends them and empties
// the list. A system in the simulate stage therefore sees the edits made
// since the previous tick's deliver stage, its own stage's earlier systems
// included.
type Edits struct {
	store   *resources.ChunkStore
	decides func(x, z int) bool
	fate    FateCheck
	list    []Edit
	// Total counts every edit ever recorded.
	Total uint64
}

// NewEdits returns an empty list writing to store.
func NewEdits(store *resources.ChunkStore) *Edits { return &Edits{store: store} }

// Set writes b at block (x, y, z) in the chunk store (the section's
// revision goes up by one and it is marked dirty, so persist saves it) and
// records the edit. It reports the section's new revision and whether the
// block changed; an unchanged block or a section that is not resident
// records nothing.
//
// Where this server does not decide the blocks (Decides), Set changes
// nothing and reports false.
func (e *Edits) Set(x, y, z int, b chunk.Block, by uint64) (revision uint64, changed bool) {
	if !e.Decides(x, z) {
		return 0, false
	}
	changed, _ = e.store.SetBlock(x, y, z, b)
	if !changed {
		return 0, false
	}
	revision, _ = e.store.Revision(chunk.PosOfBlock(x, y, z))
	e.list = append(e.list, Edit{X: x, Y: y, Z: z, Block: b, Revision: revision, By: by})
	e.Total++
	return revision, true
}

// SetAuthority makes decides the judge of where this server changes
// blocks, for a server sharing its world with others (a cluster shard
// decides only in the regions it owns; their owners change the others).
// Call it in Build.
func (e *Edits) SetAuthority(decides func(x, z int) bool) { e.decides = decides }

// FateCheck reads back, off the tick, the block of an edit whose write
// was refused as fenced (its region's lease moved first), and calls done
// with whether the store holds want there. Such a write may have landed on an earlier attempt whose
// answer was lost (a stream electing a leader), so "refused" alone is not
// the edit's fate. done may run on any goroutine.
type FateCheck func(x, y, z int, want chunk.Block, done func(stored bool))

// SetFateCheck makes check the judge of a fenced edit's fate (a cluster
// shard's store). Call it in Build. Without one, a refused write's edit is
// answered HELD.
func (e *Edits) SetFateCheck(check FateCheck) { e.fate = check }

// Decides reports whether this server decides the blocks of block column
// (x, z): everywhere, unless SetAuthority says otherwise. A plugin that
// changes blocks on its own (falling sand) asks before it works out a
// change.
func (e *Edits) Decides(x, z int) bool { return e.decides == nil || e.decides(x, z) }

// Record records an edit already in the chunk store, applied there by
// something other than Set (a section another cluster server stored), so
// that the clients holding its section hear of it.
func (e *Edits) Record(ed Edit) {
	e.list = append(e.list, ed)
	e.Total++
}

// List returns the edits not yet broadcast, oldest first. Read-only, and
// valid until the next Set.
func (e *Edits) List() []Edit { return e.list }

// Len returns the number of edits not yet broadcast.
func (e *Edits) Len() int { return len(e.list) }

func (e *Edits) reset() { e.list = e.list[:0] }

// Plugin is the gameplay plugin: movement arbitration and block actions
// in the simulate stage; block updates and the player roster in the
// deliver stage. It adds the Arbitration, BroadcastStats, Roster and Edits
// resources and the MoveIntent and ActionIntent queues.
type Plugin struct {
	Config Config

	// The systems, kept for benchmarks that run one system alone.
	move   *movementSystem
	act    *actionsSystem
	blocks *blockUpdateSystem
	roster *rosterSystem
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (g *Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose resources and systems it uses.
func (g *Plugin) Dependencies() []string {
	return []string{residency.PluginName, persist.PluginName, network.PluginName}
}

// Build adds the resources, the components every client's entity gets
// for gameplay, the routes of the messages it serves and its systems.
func (g *Plugin) Build(app *ecs.App) error {
	cfg := g.Config.withDefaults()
	store := ecs.RequireResource[resources.ChunkStore](app)
	dur := ecs.RequireResource[persist.Durability](app)
	clients := ecs.RequireResource[network.Clients](app)
	if store == nil || dur == nil || clients == nil {
		return errors.New("residency, persist and network resources missing")
	}
	ecs.RegisterComponent[components.Movement](app)
	ecs.RegisterComponent[components.Inbox](app)
	ecs.RegisterComponent[components.Snapshot](app)
	clients.WithComponent(func(tick uint64) any { return components.Movement{LastInputAt: tick} })
	clients.WithComponent(func(uint64) any { return components.Inbox{} })
	clients.WithComponent(func(uint64) any { return components.Snapshot{} })
	arb := &Arbitration{}
	stats := &BroadcastStats{}
	roster := &Roster{}
	edits := NewEdits(store)
	ecs.AddResource(app, arb)
	ecs.AddResource(app, stats)
	ecs.AddResource(app, roster)
	ecs.AddResource(app, edits)
	w := app.World()
	players := generic.NewMap1[components.Player](w)
	in := &intents{
		moves: ecs.AddEvents[MoveIntent](app), actions: ecs.AddEvents[ActionIntent](app),
		names: func(e ecs.Entity) string { return players.Get(e).Name },
	}
	network.Handle(app, PluginName, in.input)
	network.Handle(app, PluginName, in.breakBlock)
	network.Handle(app, PluginName, in.placeBlock)
	log := app.Log().With().Str("plugin", PluginName).Logger()

	g.move = newMovement(cfg, w, store, in.moves, arb, app.Parallel(), log)
	limits := newActionLimits(cfg, app.Stalled)
	ecs.AddResource(app, limits)
	g.act = newActions(cfg, w, store, dur, edits, clients, in.actions, arb, limits, log)
	g.blocks = newBlockUpdates(edits, stats)
	g.roster = newRoster(cfg, w, clients, stats, roster)

	app.AddSystem(ecs.Simulate, SystemMovement, g.move.run)
	app.AddSystem(ecs.Simulate, SystemActions, g.act.run, ecs.After(SystemMovement))
	// Block updates go after deliver, so that a section sent whole this
	// tick (at its newest revision) gets no redundant update. Whatever
	// tells clients of players (entities' replication) goes after the
	// roster, so that a client hears of a player before its moves.
	app.AddSystem(ecs.Deliver, SystemBlockUpdates, g.blocks.run, ecs.After(network.SystemDeliver))
	app.AddSystem(ecs.Deliver, SystemRoster, g.roster.run, ecs.After(network.SystemDeliver))
	log.Info().Bool("flight", cfg.AllowFlight).Float64("reach", cfg.Limits.Reach).Float64("sprint_speed", cfg.Limits.SprintSpeed).
		Float64("actions_per_second", cfg.ActionsPerSecond).Msg("gameplay rules")
	return nil
}

// vecOf converts a position to the physics vector.
func vecOf(p *components.Position) physics.Vec { return physics.Vec{X: p.X, Y: p.Y, Z: p.Z} }
