package entities

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// legacy are the features of a client from before entities.
var legacy = []string{protocol.FeaturePlayerStates}

// unpredicted are the features of a client from before predicted-states:
// it is sent the states of the delta filter.
var unpredicted = []string{protocol.FeaturePlayerStates, protocol.FeatureEntities, protocol.FeatureCompactStates, protocol.FeatureStateBatches}

// repWorld is a real App: residency over testkit.Flat (stone up to y=63;
// things and players stand at y=64; deterministic), an in-memory
// database, the network fed by a QueueSource, gameplay and the entities
// plugin. Clients join with view distance 2 (32 blocks).
type repWorld struct {
	t       testing.TB
	app     *ecs.App
	src     *network.QueueSource
	clients *network.Clients
	reg     *Registry
	stats   *Stats
	nextID  uint64
	things  *generic.Filter2[Replicated, components.Position]
}

// client is a connected synthetic client.
type client struct {
	id   uint64
	conn *testkit.FakeConn
}

func newRepWorld(t testing.TB, cfg Config) *repWorld { return newRepWorldOn(t, cfg, "", nil) }

// newRepWorldOn is newRepWorld with its database in dir (in memory when
// empty), App options and extra plugins.
func newRepWorldOn(t testing.TB, cfg Config, dir string, opts []ecs.Option, extra ...ecs.Plugin) *repWorld {
	t.Helper()
	return newRepWorldPersist(t, cfg, persist.Config{InMemory: dir == "", DataDir: dir}, opts, extra...)
}

// newRepWorldPersist is newRepWorldOn with the persist plugin's Config
// (its seed, generator version and synchronous writes set here).
func newRepWorldPersist(t testing.TB, cfg Config, pc persist.Config, opts []ecs.Option, extra ...ecs.Plugin) *repWorld {
	t.Helper()
	pc.Seed, pc.GeneratorVersion, pc.Synchronous = 1, 1, true
	src := &network.QueueSource{}
	app := testkit.NewApp(t, opts...)
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testkit.Flat), Deterministic: true}),
		persist.New(pc),
		network.New(network.Config{Source: src, Spawn: testkit.Spawn, MaxViewDistance: 2, Deterministic: true}),
		gameplay.New(gameplay.DefaultConfig()),
		New(cfg),
	)
	app.AddPlugins(extra...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return &repWorld{
		t: t, app: app, src: src, nextID: 1,
		clients: ecs.Resource[network.Clients](app),
		reg:     ecs.Resource[Registry](app),
		stats:   ecs.Resource[Stats](app),
		things:  generic.NewFilter2[Replicated, components.Position](),
	}
}

func (w *repWorld) step(n int) {
	for range n {
		w.app.Step()
	}
}

// join connects a client granted features (nil: all) and steps until it
// is admitted and has its roster.
func (w *repWorld) join(name string, features []string) *client {
	w.t.Helper()
	c := w.connect(name, &testkit.FakeConn{Features: features})
	w.step(3)
	if _, ok := w.clients.Entity(c.id); !ok {
		w.t.Fatalf("%s was not admitted", name)
	}
	return c
}

// connect queues a client's connection on conn, admitted next tick.
func (w *repWorld) connect(name string, conn *testkit.FakeConn) *client {
	c := &client{id: w.nextID, conn: conn}
	w.nextID++
	w.src.Push(network.InEvent{Kind: wire.Connected, ID: c.id, Conn: conn, Name: name, ViewDistance: 2})
	return c
}

// place puts c's player at pos directly (set-up, not a teleport).
func (w *repWorld) place(c *client, pos components.Position) {
	w.t.Helper()
	e, ok := w.clients.Entity(c.id)
	if !ok {
		w.t.Fatalf("client %d has no entity", c.id)
	}
	m := generic.NewMap[components.Position](w.app.World())
	*m.Get(e) = pos
}

// spawn spawns a test thing standing at (x, 64, z); it exists from the
// next step.
func (w *repWorld) spawn(x, z float64, attrs ...Attribute) uint64 {
	w.t.Helper()
	id, err := w.reg.Spawn(w.app.Commands(), Spec{
		Kind: "test:thing", Position: components.Position{X: x, Y: 64, Z: z},
		Body: Body{Width: 0.5, Height: 0.75}, Attributes: attrs,
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// thing returns the entity of plugin entity id.
func (w *repWorld) thing(id uint64) (ecs.Entity, bool) {
	q := w.things.Query(w.app.World())
	for q.Next() {
		if r, _ := q.Get(); r.ID == id {
			e := q.Entity()
			q.Close()
			return e, true
		}
	}
	return ecs.Entity{}, false
}

// move puts thing id at (x, 64, z) directly.
func (w *repWorld) move(id uint64, x, z float64) {
	w.t.Helper()
	e, ok := w.thing(id)
	if !ok {
		w.t.Fatalf("no thing %d", id)
	}
	m := generic.NewMap[components.Position](w.app.World())
	*m.Get(e) = components.Position{X: x, Y: 64, Z: z}
}

// interest returns c's Interest (valid until the next step).
func (w *repWorld) interest(c *client) *Interest {
	e, _ := w.clients.Entity(c.id)
	m := generic.NewMap[Interest](w.app.World())
	return m.Get(e)
}

func spawnsOf(ms []*protocol.ServerMessage) []*protocol.EntitySpawn {
	var out []*protocol.EntitySpawn
	for _, m := range ms {
		out = append(out, m.GetEntitySpawns().GetEntities()...)
	}
	return out
}

func spawnIDs(ms []*protocol.ServerMessage) []uint64 {
	var ids []uint64
	for _, s := range spawnsOf(ms) {
		ids = append(ids, s.GetEntityId())
	}
	return ids
}

func despawnIDs(ms []*protocol.ServerMessage) []uint64 {
	var ids []uint64
	for _, m := range ms {
		ids = append(ids, m.GetEntityDespawns().GetEntityIds()...)
	}
	return ids
}

func stateIDs(states []*protocol.PlayerState) []uint64 {
	var ids []uint64
	for _, s := range states {
		ids = append(ids, s.GetEntityId())
	}
	return ids
}

func TestSpawnOnEnteringRange(t *testing.T) {
	w := newRepWorld(t, Config{})
	a := w.join("a", nil)
	near := w.spawn(10.5, 0.5, Attribute{"test:colour", -3})
	far := w.spawn(40.5, 0.5) // beyond a's 32 blocks
	w.step(int(w.reg.cfg.InterestEvery) + 1)
	ms := a.conn.Take()
	sp := spawnsOf(ms)
	if len(sp) != 1 || sp[0].GetEntityId() != near {
		t.Fatalf("a was told of %v, want only %d", spawnIDs(ms), near)
	}
	s := sp[0]
	if s.GetKind() != "test:thing" || s.GetPosition().GetX() != 10.5 || s.GetPosition().GetY() != 64 ||
		s.GetWidth() != 0.5 || s.GetHeight() != 0.75 || s.GetName() != "" || s.GetTick() == 0 ||
		len(s.GetAttributes()) != 1 || s.GetAttributes()[0].GetKey() != "test:colour" || s.GetAttributes()[0].GetValue() != -3 {
		t.Fatalf("spawn %v", s)
	}
	if !w.interest(a).Holds(near) || w.interest(a).Holds(far) {
		t.Fatalf("a holds %v", w.interest(a).IDs())
	}
	// The far one comes into range: spawned at the next recompute.
	w.move(far, 20.5, 0.5)
	w.step(int(w.reg.cfg.InterestEvery))
	if got := spawnIDs(a.conn.Take()); !slices.Equal(got, []uint64{far}) {
		t.Fatalf("after %d came near, a was told of %v", far, got)
	}
	if w.stats.Spawns != 2 {
		t.Fatalf("Stats.Spawns = %d, want 2", w.stats.Spawns)
	}
}

func TestSpawnsNearestFirstAndBounded(t *testing.T) {
	w := newRepWorld(t, Config{SpawnsPerTick: 3})
	anchor := w.join("anchor", legacy) // keeps the land resident; at distance 0
	dist := []float64{9, 3, 27, 1, 15, 21, 6}
	ids := make([]uint64, len(dist))
	for i, d := range dist {
		ids[i] = w.spawn(0.5+d, 0.5)
	}
	w.step(1)
	byDist := slices.Clone(ids)
	slices.SortFunc(byDist, func(a, b uint64) int {
		return int(dist[slices.Index(ids, a)] - dist[slices.Index(ids, b)])
	})
	byDist = append([]uint64{anchor.id}, byDist...)
	r := w.connect("r", &testkit.FakeConn{})
	var got [][]uint64
	var waiting []int
	for range 8 {
		w.step(1)
		if s := spawnIDs(r.conn.Take()); len(s) > 0 {
			got = append(got, s)
			waiting = append(waiting, w.stats.SpawnsWaiting)
		}
	}
	want := [][]uint64{byDist[:3], byDist[3:6], byDist[6:]}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("spawns by tick %v, want %v (nearest first, 3 a tick)", got, want)
	}
	if !slices.Equal(waiting, []int{5, 2, 0}) {
		t.Fatalf("SpawnsWaiting by tick %v, want [5 2 0]", waiting)
	}
}

func TestStatesOnlyHeldAndChanged(t *testing.T) {
	w := newRepWorld(t, Config{})
	a := w.join("a", unpredicted)
	near := w.spawn(10.5, 0.5)
	far := w.spawn(45.5, 0.5)
	w.step(int(w.reg.cfg.SnapshotAll) + 1)
	a.conn.Take()
	a.conn.TakeStates()
	w.step(3)
	if got := a.conn.TakeStates(); len(got) != 0 {
		t.Fatalf("states of unchanged things: %v", stateIDs(got))
	}
	w.move(near, 11, 0.5)
	w.move(far, 46, 0.5)
	w.step(1)
	got := a.conn.TakeStates()
	if !slices.Equal(stateIDs(got), []uint64{near}) || got[0].GetPosition().GetX() != 11 || got[0].GetTick() != w.app.Tick()-1 {
		t.Fatalf("after both moved, a got %v: want the state of %d only", got, near)
	}
	// Unchanged ones are repeated every SnapshotAll ticks.
	w.step(int(w.reg.cfg.SnapshotAll))
	if got := stateIDs(a.conn.TakeStates()); !slices.Contains(got, near) || slices.Contains(got, far) {
		t.Fatalf("refresh brought %v", got)
	}
	if w.stats.States == 0 {
		t.Fatal("Stats.States not counted")
	}
}

func TestDespawnLeavingRangeWithHysteresis(t *testing.T) {
	w := newRepWorld(t, Config{})
	a := w.join("a", nil)
	id := w.spawn(20.5, 0.5)
	every := int(w.reg.cfg.InterestEvery)
	w.step(every + 1)
	if got := spawnIDs(a.conn.Take()); !slices.Equal(got, []uint64{id}) {
		t.Fatalf("a was told of %v", got)
	}
	for _, c := range []struct {
		x    float64
		held bool
	}{
		{40.5, true},  // beyond the radius (32), within the slack (48)
		{47.5, true},  // still within
		{55.5, false}, // beyond: despawned
		{45.5, false}, // not spawned again until within the radius
		{25.5, true},
	} {
		w.move(id, c.x, 0.5)
		w.step(every)
		ms := a.conn.Take()
		if got := w.interest(a).Holds(id); got != c.held {
			t.Fatalf("at x=%v: held %v, want %v", c.x, got, c.held)
		}
		switch {
		case !c.held && len(despawnIDs(ms)) > 0 && !slices.Equal(despawnIDs(ms), []uint64{id}):
			t.Fatalf("at x=%v: despawns %v", c.x, despawnIDs(ms))
		case c.x == 55.5 && !slices.Equal(despawnIDs(ms), []uint64{id}):
			t.Fatalf("at x=%v: no despawn of %d (%v)", c.x, id, ms)
		case c.x == 25.5 && !slices.Equal(spawnIDs(ms), []uint64{id}):
			t.Fatalf("at x=%v: not spawned again (%v)", c.x, ms)
		}
	}
	if w.stats.Despawns != 1 {
		t.Fatalf("Stats.Despawns = %d, want 1", w.stats.Despawns)
	}
}

func TestDespawnWhenRemoved(t *testing.T) {
	// Recomputes far apart: the despawn must not wait for one.
	w := newRepWorld(t, Config{InterestEvery: 1000})
	a := w.join("a", nil)
	first := w.spawn(5.5, 0.5)
	w.step(1)
	b := w.join("b", nil) // computes its set once, on joining
	if !w.interest(b).Holds(first) || !w.interest(b).Holds(a.id) {
		t.Fatalf("b holds %v, want %d and %d", w.interest(b).IDs(), a.id, first)
	}
	b.conn.Take()
	e, _ := w.thing(first)
	w.reg.Despawn(w.app.Commands(), e)
	w.step(1)
	if got := despawnIDs(b.conn.Take()); !slices.Equal(got, []uint64{first}) {
		t.Fatalf("despawns %v the tick after the removal, want [%d]", got, first)
	}
	if !slices.Equal(w.interest(b).IDs(), []uint64{a.id}) {
		t.Fatalf("b holds %v, want [%d]", w.interest(b).IDs(), a.id)
	}
	// A new entity, likely in the recycled arche slot, is never taken for
	// the old one: not held (no states) before b's next recompute.
	b.conn.TakeStates()
	second := w.spawn(5.5, 0.5)
	w.step(2)
	if w.interest(b).Holds(second) || w.interest(b).Holds(first) {
		t.Fatalf("b holds %v before a recompute", w.interest(b).IDs())
	}
	if got := stateIDs(b.conn.TakeStates()); slices.Contains(got, second) || slices.Contains(got, first) {
		t.Fatalf("b got states of %v", got)
	}
}

// TestCompactStatesOnlyForClientsThatAsk has three clients hold the same
// moving thing: the one not granted "compact-states" gets its exact
// PlayerState, the two granted it a CompactState of the same move.
func TestCompactStatesOnlyForClientsThatAsk(t *testing.T) {
	w := newRepWorld(t, Config{})
	full := w.join("full", []string{protocol.FeatureEntities})
	all := w.join("all", nil)
	compact := w.join("compact", []string{protocol.FeatureEntities, protocol.FeatureCompactStates})
	batched := w.join("batched", []string{protocol.FeatureEntities, protocol.FeatureCompactStates, protocol.FeatureStateBatches})
	// state-batches without compact-states: a PlayerState each, as "full".
	lone := w.join("lone", []string{protocol.FeatureEntities, protocol.FeatureStateBatches})
	id := w.spawn(10.5, 0.5)
	w.step(int(w.reg.cfg.InterestEvery) + 1)
	clients := []*client{full, all, compact, batched, lone}
	for _, c := range clients {
		if !slices.Contains(spawnIDs(c.conn.Take()), id) {
			t.Fatalf("client %d was not told of the thing", c.id)
		}
		c.conn.TakeStates()
	}
	var before, batches []int
	for _, c := range clients {
		before, batches = append(before, c.conn.CompactStates()), append(batches, c.conn.Batches())
	}
	w.move(id, 11.3, -0.7)
	w.step(1)
	for i, c := range clients {
		got := c.conn.TakeStates()
		if !slices.Equal(stateIDs(got), []uint64{id}) {
			t.Fatalf("client %d got states of %v, want %d", c.id, stateIDs(got), id)
		}
		p := got[0].GetPosition()
		compacts := c.conn.CompactStates() - before[i]
		wantBatches := 0
		if c == all || c == batched {
			wantBatches = 1
		}
		if n := c.conn.Batches() - batches[i]; n != wantBatches {
			t.Fatalf("client %d: %d batches, want %d", c.id, n, wantBatches)
		}
		if c == full || c == lone {
			if compacts != 0 || p.GetX() != 11.3 || p.GetZ() != -0.7 || p.GetY() != 64 {
				t.Fatalf("full client: %d compact, position %v", compacts, p)
			}
			continue
		}
		const half = 0.5 / protocol.CompactPositionScale
		if compacts != 1 || math.Abs(p.GetX()-11.3) > half || math.Abs(p.GetZ()+0.7) > half || p.GetY() != 64 ||
			got[0].GetTick() != w.app.Tick()-1 {
			t.Fatalf("client %d: %d compact, %v", c.id, compacts, got[0])
		}
	}
}

// TestStateBatchesSplit: a client holding more moving entities than one
// datagram holds gets them all, in as few batches as hold them, each
// under the datagram cap; a client without the feature gets a datagram
// each, the same states.
func TestStateBatchesSplit(t *testing.T) {
	w := newRepWorld(t, Config{SpawnsPerTick: 500})
	batched := w.join("batched", []string{protocol.FeatureEntities, protocol.FeatureCompactStates, protocol.FeatureStateBatches})
	alone := w.join("alone", []string{protocol.FeatureEntities, protocol.FeatureCompactStates})
	var ids []uint64
	for i := range 120 {
		ids = append(ids, w.spawn(float64(i%12)+0.5, float64(i/12)+0.5))
	}
	w.step(int(w.reg.cfg.InterestEvery) + 1)
	for _, c := range []*client{batched, alone} {
		c.conn.Take()
		c.conn.TakeStates()
	}
	b0 := batched.conn.Batches()
	for i, id := range ids {
		w.move(id, float64(i%12)+0.75, float64(i/12)+0.5)
	}
	w.step(1)
	got, want := stateIDs(batched.conn.TakeStates()), stateIDs(alone.conn.TakeStates())
	slices.Sort(got)
	slices.Sort(want)
	if len(want) != len(ids) || !slices.Equal(got, want) {
		t.Fatalf("batched client got %d states, the other %d; want the %d moved, the same", len(got), len(want), len(ids))
	}
	// 120 states of 25–30 bytes: three or four datagrams of at most
	// 1,100 bytes (FakeConn decodes each, which refuses one over the cap).
	if n := batched.conn.Batches() - b0; n < 3 || n > 4 {
		t.Fatalf("%d batches for %d states", n, len(got))
	}
}

func TestPlayersSeeEachOther(t *testing.T) {
	w := newRepWorld(t, Config{})
	a := w.join("alice", nil)
	b := w.join("bob", nil)
	w.step(1)
	var bob *protocol.EntitySpawn
	for _, s := range spawnsOf(a.conn.Take()) {
		if s.GetEntityId() == a.id {
			t.Fatal("alice was told of herself")
		}
		if s.GetEntityId() == b.id {
			bob = s
		}
	}
	if bob == nil || bob.GetKind() != KindPlayer || bob.GetName() != "bob" ||
		bob.GetWidth() != float32(PlayerBody.Width) || bob.GetHeight() != float32(PlayerBody.Height) {
		t.Fatalf("alice's spawn of bob: %v", bob)
	}
	if sp := spawnsOf(b.conn.Take()); len(sp) != 1 || sp[0].GetEntityId() != a.id || sp[0].GetName() != "alice" {
		t.Fatalf("bob's spawns: %v", sp)
	}
	a.conn.TakeStates()
	w.place(b, components.Position{X: 3.5, Y: 64, Z: 0.5})
	w.step(1)
	if got := a.conn.TakeStates(); !slices.Equal(stateIDs(got), []uint64{b.id}) || got[0].GetPosition().GetX() != 3.5 {
		t.Fatalf("after bob moved, alice got %v", got)
	}
	// Bob leaves: alice is told at once.
	w.src.Push(network.InEvent{Kind: wire.Disconnected, ID: b.id, Conn: b.conn})
	w.step(2)
	if got := despawnIDs(a.conn.Take()); !slices.Equal(got, []uint64{b.id}) {
		t.Fatalf("after bob left, alice's despawns %v", got)
	}
}

func TestTeleportRecomputesAtOnce(t *testing.T) {
	w := newRepWorld(t, Config{InterestEvery: 1000})
	a := w.join("a", nil)
	thing := w.spawn(5.5, 0.5)
	w.step(1)
	b := w.join("b", nil)
	if !slices.Equal(w.interest(b).IDs(), []uint64{a.id, thing}) {
		t.Fatalf("b holds %v", w.interest(b).IDs())
	}
	b.conn.Take()
	// b jumps 60 blocks away, beyond its radius and slack: a and the
	// thing are despawned on the next tick, not 1,000 later.
	w.place(b, components.Position{X: 0.5, Y: 64, Z: 60.5})
	w.step(1)
	if got := despawnIDs(b.conn.Take()); !slices.Equal(got, []uint64{a.id, thing}) {
		t.Fatalf("despawns after the teleport %v, want [%d %d]", got, a.id, thing)
	}
}

// TestLegacyReceivers is the former broadcast_states' test: clients
// granted only "player-states" get the PlayerStates of nearby players and
// nothing of plugin entities.
func TestLegacyReceivers(t *testing.T) {
	w := newRepWorld(t, Config{})
	snapshotAll := int(w.reg.cfg.SnapshotAll)
	a := w.join("a", legacy)
	b := w.join("b", legacy)
	far := w.join("far", legacy)
	blind := w.connect("blind", &testkit.FakeConn{Features: []string{}}) // did not ask for player-states
	thing := w.spawn(3.5, 0.5)
	w.place(far, components.Position{X: 2000.5, Y: 64, Z: 0.5})
	w.step(3)
	for _, p := range []*client{a, b, far, blind} {
		p.conn.TakeStates()
	}
	w.step(snapshotAll)
	got := stateIDs(a.conn.TakeStates())
	if !slices.Contains(got, b.id) || slices.Contains(got, far.id) || slices.Contains(got, a.id) || slices.Contains(got, thing) {
		t.Fatalf("a got states of %v: want b, not itself, the far player nor the thing", got)
	}
	if got := blind.conn.TakeStates(); len(got) != 0 {
		t.Fatalf("a client without player-states got %d states", len(got))
	}
	for _, c := range []*client{a, b, far, blind} {
		if ms := c.conn.Take(); len(spawnsOf(ms)) != 0 || len(despawnIDs(ms)) != 0 {
			t.Fatalf("client %d without entities was told of entities", c.id)
		}
	}
	far.conn.TakeStates()
	b.conn.TakeStates()

	// Quiet: nothing for a while.
	w.step(3)
	if got := a.conn.TakeStates(); len(got) != 0 {
		t.Fatalf("states of unchanged players: %v", got)
	}
	// b moves, a turns a little (less than half a degree), then more.
	w.src.Push(network.InEvent{Kind: wire.Message, ID: b.id, Conn: b.conn, Msg: &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{InputTick: 1, Position: protocol.V3(0.7, 64, 0.5), OnGround: true}}}})
	w.src.Push(network.InEvent{Kind: wire.Message, ID: a.id, Conn: a.conn, Msg: &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{InputTick: 1, Position: protocol.V3(0.5, 64, 0.5), Yaw: 0.4, OnGround: true}}}})
	w.step(1)
	st := a.conn.TakeStates()
	if len(st) != 1 || st[0].GetEntityId() != b.id || st[0].GetPosition().GetX() != 0.7 || st[0].GetTick() != w.app.Tick()-1 {
		t.Fatalf("after b moved, a got %v", st)
	}
	if got := b.conn.TakeStates(); len(got) != 0 {
		t.Fatalf("b got %v for a turn of 0.4°", got)
	}
	if got := far.conn.TakeStates(); len(got) != 0 {
		t.Fatalf("the far player got %v", got)
	}
	w.src.Push(network.InEvent{Kind: wire.Message, ID: a.id, Conn: a.conn, Msg: &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{InputTick: 2, Position: protocol.V3(0.5, 64, 0.5), Yaw: 359.2, OnGround: true}}}})
	w.step(1)
	if st := b.conn.TakeStates(); len(st) != 1 || st[0].GetEntityId() != a.id || st[0].GetYaw() != 359.2 {
		t.Fatalf("after a turned 1.2°, b got %v", st)
	}

	// Every player is repeated within SnapshotAll ticks, moving or not.
	w.step(snapshotAll)
	if got := stateIDs(a.conn.TakeStates()); !slices.Contains(got, b.id) {
		t.Fatalf("no refresh of b within %d ticks: %v", snapshotAll, got)
	}

	// A newcomer gets everyone near it as soon as it has its roster, not
	// at the next refresh.
	late := w.join("late", legacy)
	if got := stateIDs(late.conn.TakeStates()); !slices.Contains(got, a.id) || !slices.Contains(got, b.id) {
		t.Fatalf("newcomer got states of %v, want a and b", got)
	}
}

func TestStatesStopAtAFullQueue(t *testing.T) {
	for _, c := range []struct {
		name     string
		features []string
		// capped: the states the queue takes; ticks: enough for every
		// player to be sent again more than that; want: those delivered.
		capped, ticks, want int
	}{
		{"legacy", legacy, 2, 31, 2},
		{"entities", unpredicted, 2, 31, 2},
		// Nothing is sent again but the receiver's repeats, four in a
		// batch: the first fits, the second does not.
		{"predicted", nil, 6, 41, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newRepWorld(t, Config{})
			for i := range 4 {
				w.join("p"+string(rune('0'+i)), legacy)
			}
			r := w.join("receiver", c.features)
			r.conn.TakeStates()
			r.conn.DgramCap = c.capped
			w.step(c.ticks)
			if got := r.conn.TakeStates(); len(got) != c.want || w.stats.StatesDropped == 0 {
				t.Fatalf("%d states delivered, %d refusals counted; want %d and some", len(got), w.stats.StatesDropped, c.want)
			}
		})
	}
}

// TestSkippedReceiversMissNothing runs one script of churn — entities
// walking, despawned and spawned, clients teleported, leaving and joining
// (arche ids recycled) — with replication serving only the receivers that
// have something to do, and serving every one every tick: every client
// gets the same messages in the same order.
func TestSkippedReceiversMissNothing(t *testing.T) {
	var idle uint64
	run := func(cfg Config) map[string][]string {
		w := newRepWorld(t, cfg)
		defer func() { idle = w.stats.Idle }()
		feats := [][]string{nil, unpredicted, {protocol.FeatureEntities, protocol.FeaturePredictedStates}}
		var cs []*client
		names := map[*client]string{}
		centre := func(i int) (float64, float64) { return float64(i%6*32) - 96, float64(i/6%4*32) - 60 }
		join := func(i int) {
			c := w.join(fmt.Sprintf("p%d", i), feats[i%3])
			x, z := centre(i % 18)
			w.place(c, components.Position{X: 0.5 + x, Y: 64, Z: 0.5 + z})
			cs, names[c] = append(cs, c), fmt.Sprintf("p%d", i)
		}
		for i := range 18 {
			join(i)
		}
		w.step(5) // their terrain loads
		// Things around each client (its view's terrain is resident),
		// the clients 32 blocks apart: each holds its own and its
		// neighbours'.
		var ids []uint64
		home := map[uint64]int{}
		for i := range 400 {
			cx, cz := centre(i % 18)
			id := w.spawn(0.5+cx+float64(i*7%30)-15, 0.5+cz+float64(i*11%30)-15)
			ids, home[id] = append(ids, id), i%18
		}
		w.step(1)
		out := map[string][]string{}
		take := func() {
			for _, c := range cs {
				for _, m := range c.conn.Take() {
					out[names[c]] = append(out[names[c]], m.String())
				}
				for _, s := range c.conn.TakeStates() {
					out[names[c]] = append(out[names[c]], s.String())
				}
			}
		}
		next := 18
		pm := generic.NewMap[components.Position](w.app.World())
		move := func(id uint64, x, z float64) { // unless it went
			if e, ok := w.thing(id); ok {
				*pm.Get(e) = components.Position{X: x, Y: 64, Z: z}
			}
		}
		for tick := range 120 {
			for k := range 8 {
				// Some walk on, some stop, some jump far.
				id := ids[(tick*41+k*53)%len(ids)]
				cx, cz := centre(home[id])
				switch k % 4 {
				case 0, 1:
					move(id, 0.5+cx+math.Mod(float64(tick)*0.2+float64(k*3), 30)-15, 0.5+cz+float64(k*9%30)-15)
				case 2:
					move(id, 0.5+cx+float64(k*23%30)-15, 0.5+cz+float64(tick%30)-15)
				}
			}
			switch tick % 10 {
			case 3: // a few go, a few come
				for k := range 5 {
					if e, ok := w.thing(ids[(tick*5+k)%len(ids)]); ok {
						w.reg.Despawn(w.app.Commands(), e)
					}
					cx, cz := centre((tick + k) % 18)
					id := w.spawn(0.5+cx+float64(k*5)-10, 0.5+cz+float64(tick%20)-10)
					ids, home[id] = append(ids, id), (tick+k)%18
				}
			case 6: // a client is teleported
				cx, cz := centre(tick / 10 % 18)
				w.place(cs[tick%len(cs)], components.Position{X: 0.5 + cx + 5, Y: 64, Z: 0.5 + cz - 5})
			case 8: // one leaves, another joins
				c := cs[tick%len(cs)]
				w.src.Push(network.InEvent{Kind: wire.Disconnected, ID: c.id, Conn: c.conn})
				w.step(1)
				take()
				cs = slices.DeleteFunc(cs, func(o *client) bool { return o == c })
				join(next)
				next++
			}
			w.step(1)
			take()
		}
		return out
	}
	skipping := run(Config{})
	if idle == 0 {
		t.Fatal("no receiver was ever skipped")
	}
	t.Logf("%d receiver-ticks skipped", idle)
	all := run(Config{serveAll: true})
	msgs := 0
	for name, got := range skipping {
		msgs += len(got)
		if want := all[name]; !slices.Equal(got, want) {
			t.Fatalf("client %s got %d messages serving only those with work, %d serving all, or in another order", name, len(got), len(want))
		}
	}
	if msgs < 5000 || len(all) != len(skipping) {
		t.Fatalf("%d messages to %d clients (%d serving all): the script does not exercise replication", msgs, len(skipping), len(all))
	}
}

// TestReplicationDeterministic runs one script with one worker, again
// with one, and with four, with enough clients and entities for the
// parallel loops to split them: every client gets the same messages in
// the same order. Under -race it also checks that the loops' bodies touch
// nothing shared.
func TestReplicationDeterministic(t *testing.T) {
	run := func(workers int) map[uint64][]string {
		w := newRepWorldOn(t, Config{SpawnsPerTick: 40}, "", []ecs.Option{ecs.WithWorkers(workers)})
		var cs []*client
		// A third of the clients extrapolate (every feature), a third
		// take the delta filter's states, a third extrapolate full
		// PlayerStates: both tracks and every form of a state.
		feats := [][]string{nil, unpredicted, {protocol.FeatureEntities, protocol.FeaturePredictedStates}}
		for i := range 24 {
			cs = append(cs, w.join(fmt.Sprintf("p%d", i), feats[i%3]))
		}
		for i, c := range cs {
			w.place(c, components.Position{X: 0.5 + float64(i%8*6) - 24, Y: 64, Z: 0.5 + float64(i/8*6) - 15})
		}
		var ids []uint64
		for i := range 700 {
			ids = append(ids, w.spawn(0.5+float64(i*3%40)-20, 0.5+float64(i*7%40)-20))
		}
		w.step(1)
		out := map[uint64][]string{}
		for tick := range 25 {
			for k := range 60 {
				id := ids[(tick*61+k*7)%len(ids)]
				w.move(id, 0.5+math.Mod(float64(tick*11+k), 60)-30, 0.5+float64(k%9))
			}
			if tick%5 == 0 {
				c := cs[tick%len(cs)]
				w.place(c, components.Position{X: 0.5 + float64(tick) - 20, Y: 64, Z: 0.5})
			}
			w.step(1)
			for _, c := range cs {
				for _, m := range c.conn.Take() {
					out[c.id] = append(out[c.id], m.String())
				}
				for _, s := range c.conn.TakeStates() {
					out[c.id] = append(out[c.id], s.String())
				}
			}
		}
		return out
	}
	first := run(1)
	for _, c := range []struct {
		name    string
		workers int
	}{{"one worker again", 1}, {"four workers", 4}} {
		other := run(c.workers)
		states := 0
		for id, msgs := range first {
			states += len(msgs)
			if !slices.Equal(msgs, other[id]) {
				t.Fatalf("%s: client %d got %d messages, %d with one worker, or in another order", c.name, id, len(other[id]), len(msgs))
			}
		}
		if states < 5000 {
			t.Fatalf("only %d messages: the script does not exercise replication", states)
		}
	}
}

// TestSpecEntityExamples: the entity frames of docs/protocol.md §10, byte
// for byte, as the replicator builds them (a player's spawn, a plugin
// entity's, one despawn of both), and present in the document.
func TestSpecEntityExamples(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	r := newReplicator(Config{}.withDefaults(), &Stats{}, nil)
	w := &replWorker{}
	add := func(rep Replicated, pos components.Position, look components.Look, body Body, attrs *Attributes) int32 {
		r.subs = append(r.subs, subject{rep: &rep, id: rep.ID, pos: &pos, look: &look, vel: &components.Velocity{}, body: &body, attrs: attrs})
		return int32(len(r.subs) - 1)
	}
	bob := r.spawnOf(w, 5, add(Replicated{Kind: KindPlayer, ID: 1002, Name: "bob"}, components.Position{X: 1, Y: 2, Z: 3},
		components.Look{Yaw: 90}, PlayerBody, nil), false).msg
	critter := r.spawnOf(w, 5, add(Replicated{Kind: "strata:critter", ID: idBase | 1}, components.Position{X: 1.5, Y: 64, Z: -2.5},
		components.Look{}, Body{Width: 0.9, Height: 0.9}, &Attributes{List: []Attribute{{"strata:variant", 2}}}), false).msg
	for _, c := range []struct {
		name string
		msg  func() *protocol.ServerMessage
	}{
		{"player spawn", func() *protocol.ServerMessage { return w.spawnsMsg([]*protocol.EntitySpawn{bob}) }},
		{"critter spawn", func() *protocol.ServerMessage { return w.spawnsMsg([]*protocol.EntitySpawn{critter}) }},
		{"despawns", func() *protocol.ServerMessage { return w.despawnsMsg([]uint64{1002, idBase | 1}) }},
	} {
		// The worker has one message, refilled: each is framed as soon
		// as it is built, as serve and recompute do.
		b := r.encode(c.msg()).Bytes()
		// The one-byte length prefix, then the payload.
		want := fmt.Sprintf("%02x |", b[0])
		for _, x := range b[1:] {
			want += fmt.Sprintf(" %02x", x)
		}
		if !strings.Contains(text, want) {
			t.Errorf("%s: docs/protocol.md lacks\n%s", c.name, want)
		}
	}
}
