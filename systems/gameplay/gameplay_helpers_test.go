package gameplay

import (
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// The test world, made by testTerrain: stone up to y=63 (players stand
// at y=64), with a few features near the origin.
var (
	testSpawn   = components.Position{X: 0.5, Y: 64, Z: 0.5}
	testBedrock = [3]int{2, 63, 2}
	testWater   = [3]int{-3, 63, -3}
	// testWall is a stone wall at x=5, y=64..66, across z=0..15.
	testWallX = 5
)

func testTerrain(p chunk.Pos) chunk.Section {
	switch {
	case p.Y < 3:
		return chunk.Uniform(chunk.Stone)
	case p.Y > 4:
		return chunk.Uniform(chunk.Air)
	case p.Y == 3:
		s := chunk.Uniform(chunk.Stone)
		for _, b := range [][4]int{{testBedrock[0], testBedrock[1], testBedrock[2], int(chunk.Bedrock)}, {testWater[0], testWater[1], testWater[2], int(chunk.Water)}} {
			if chunk.PosOfBlock(b[0], b[1], b[2]) == p {
				lx, ly, lz := chunk.LocalOfBlock(b[0], b[1], b[2])
				s.Set(lx, ly, lz, chunk.Block(b[3]))
			}
		}
		return s
	}
	s := chunk.Uniform(chunk.Air)
	if p == (chunk.Pos{X: 0, Y: 4, Z: 0}) {
		for y := 0; y < 3; y++ {
			for z := 0; z < chunk.Size; z++ {
				s.Set(testWallX, y, z, chunk.Stone)
			}
		}
	}
	return s
}

// gameWorld is a real App: residency over testTerrain (deterministic),
// persistence in a temporary directory, the network fed by a QueueSource,
// and the gameplay plugin.
type gameWorld struct {
	t       testing.TB
	app     *ecs.App
	src     *network.QueueSource
	store   *resources.ChunkStore
	arb     *Arbitration
	stats   *BroadcastStats
	edits   *Edits
	clients *network.Clients
	nextID  uint64
}

// player is a connected synthetic client.
type player struct {
	id   uint64
	conn *testkit.FakeConn
	// as is the connection its events carry: conn, or a test's wrapper
	// of it.
	as   components.Conn
	tick uint64 // last input tick sent
}

// newGameWorld builds the world; extra plugins (a test's vetoes) are
// added after gameplay.
func newGameWorld(t testing.TB, cfg Config, extra ...ecs.Plugin) *gameWorld {
	t.Helper()
	return newGameWorldOpts(t, cfg, nil, extra...)
}

// newGameWorldOpts is newGameWorld with App options.
func newGameWorldOpts(t testing.TB, cfg Config, opts []ecs.Option, extra ...ecs.Plugin) *gameWorld {
	t.Helper()
	src := &network.QueueSource{}
	app := ecs.NewApp(append([]ecs.Option{ecs.WithLogger(zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))}, opts...)...)
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testTerrain), Deterministic: true}),
		persist.New(persist.Config{DataDir: t.TempDir(), Seed: 1, GeneratorVersion: 1}),
		network.New(network.Config{Source: src, Spawn: testSpawn, MaxViewDistance: 2, Deterministic: true}),
		New(cfg),
	)
	app.AddPlugins(extra...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	return &gameWorld{
		t: t, app: app, src: src, nextID: 1,
		store:   ecs.Resource[resources.ChunkStore](app),
		arb:     ecs.Resource[Arbitration](app),
		stats:   ecs.Resource[BroadcastStats](app),
		edits:   ecs.Resource[Edits](app),
		clients: ecs.Resource[network.Clients](app),
	}
}

// step runs n ticks.
func (w *gameWorld) step(n int) {
	for range n {
		w.app.Step()
	}
}

// join connects a client (view distance 2) and steps until it has its
// sections and is neither held nor mid-roster.
func (w *gameWorld) join(name string) *player {
	w.t.Helper()
	p := w.connect(name, &testkit.FakeConn{})
	w.step(3)
	if _, ok := w.clients.Entity(p.id); !ok {
		w.t.Fatalf("%s was not admitted", name)
	}
	return p
}

// connect queues the connection of a client (view distance 2) on conn,
// admitted in the next tick; unlike join it does not step.
func (w *gameWorld) connect(name string, conn *testkit.FakeConn) *player {
	return w.connectAs(name, conn, conn)
}

// connectAs is connect with the events carrying as (which records into
// conn) instead of conn.
func (w *gameWorld) connectAs(name string, conn *testkit.FakeConn, as components.Conn) *player {
	p := &player{id: w.nextID, conn: conn, as: as}
	w.nextID++
	w.src.Push(network.InEvent{Kind: wire.Connected, ID: p.id, Conn: p.as, Name: name, ViewDistance: 2})
	return p
}

// leave disconnects p.
func (w *gameWorld) leave(p *player) {
	w.src.Push(network.InEvent{Kind: wire.Disconnected, ID: p.id, Conn: p.as})
}

func (w *gameWorld) entity(p *player) ecs.Entity {
	w.t.Helper()
	e, ok := w.clients.Entity(p.id)
	if !ok {
		w.t.Fatalf("client %d has no entity", p.id)
	}
	return e
}

// component returns p's component of type T (valid until the next step).
func component[T any](w *gameWorld, p *player) *T {
	m := generic.NewMap1[T](w.app.World())
	return m.Get(w.entity(p))
}

// pos returns p's authoritative position.
func (w *gameWorld) pos(p *player) components.Position { return *component[components.Position](w, p) }

// movement returns p's movement state.
func (w *gameWorld) movement(p *player) *components.Movement {
	return component[components.Movement](w, p)
}

// place puts p at pos directly (test set-up, not a teleport): no
// correction, and the client's prediction is assumed to agree.
func (w *gameWorld) place(p *player, pos components.Position) {
	*component[components.Position](w, p) = pos
}

// msg queues a control message from p for the next tick.
func (w *gameWorld) msg(p *player, m *protocol.ClientMessage) {
	w.src.Push(network.InEvent{Kind: wire.Message, ID: p.id, Conn: p.as, Msg: m})
}

// move queues an Input from p at (x, y, z) claiming dt input ticks.
func (w *gameWorld) move(p *player, dt uint64, x, y, z float64, flying bool) {
	p.tick += dt
	w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{
		InputTick: p.tick, Position: protocol.V3(x, y, z), Flying: flying, OnGround: !flying,
	}}})
}

func (w *gameWorld) breakBlock(p *player, req uint32, x, y, z int) {
	w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{
		Pos: protocol.BP(int32(x), int32(y), int32(z)), RequestId: req,
	}}})
}

func (w *gameWorld) placeBlock(p *player, req uint32, x, y, z int, b uint32) {
	w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_PlaceBlock{PlaceBlock: &protocol.PlaceBlock{
		Pos: protocol.BP(int32(x), int32(y), int32(z)), Block: b, RequestId: req,
	}}})
}

// waitAck steps until p has an ActionAck for req (acks of accepted
// actions wait for the storage goroutine's fsync) and returns it; other
// messages received meanwhile are returned too.
func (w *gameWorld) waitAck(p *player, req uint32) (*protocol.ActionAck, []*protocol.ServerMessage) {
	w.t.Helper()
	var seen []*protocol.ServerMessage
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		w.app.Step()
		ms := p.conn.Take()
		seen = append(seen, ms...)
		for _, a := range testkit.AcksOf(ms) {
			if a.GetRequestId() == req {
				return a, seen
			}
		}
		time.Sleep(time.Millisecond)
	}
	w.t.Fatalf("no ActionAck for request %d in 10s", req)
	return nil, nil
}

// block reads the block at (x, y, z), failing if it is not resident.
func (w *gameWorld) block(x, y, z int) chunk.Block {
	w.t.Helper()
	b, ok := w.store.Block(x, y, z)
	if !ok {
		w.t.Fatalf("block (%d,%d,%d) not resident", x, y, z)
	}
	return b
}
