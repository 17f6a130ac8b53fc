package systems

import (
	"bytes"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"
	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// fakeConn is a components.Conn that records everything it is sent,
// decoded, so tests can assert on what a client would receive.
type fakeConn struct {
	mu       sync.Mutex
	features []string // granted features; nil grants all
	admitted bool
	rejected protocol.ErrorCode
	control  []*protocol.ServerMessage
	chunks   []*protocol.ChunkMessage
	states   []*protocol.PlayerState
	// dgramCap, when positive, refuses datagrams beyond that many per
	// takeStates, like a full datagram queue.
	dgramCap int
	queued   int // reported as queued control messages
}

func (f *fakeConn) Accept(transport.Admission) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.admitted = true
	return true
}

func (f *fakeConn) Reject(code protocol.ErrorCode, _ string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rejected = code
	return true
}

func (f *fakeConn) Send(m *protocol.ServerMessage) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.control = append(f.control, proto.Clone(m).(*protocol.ServerMessage))
	return true
}

func (f *fakeConn) SendChunk(m *protocol.ChunkMessage) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chunks = append(f.chunks, proto.Clone(m).(*protocol.ChunkMessage))
	return true
}

// encodedBytes reads the frame out of an Encoded. The type keeps its
// bytes private (the transport needs no accessor); a test double that
// wants to see what was queued has to look inside.
func encodedBytes(e transport.Encoded) []byte {
	return e.Bytes()
}

func (f *fakeConn) SendEncoded(e transport.Encoded) bool {
	if e.IsDatagram() {
		d, err := frame.DecodeDatagram(e.Bytes())
		if err != nil {
			panic(err)
		}
		return f.SendDatagram(d)
	}
	payload, err := frame.ReadFrame(bytes.NewReader(encodedBytes(e)), frame.ChunkCap)
	if err != nil {
		panic(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if e.IsChunk() {
		m, err := frame.DecodeChunk(payload)
		if err != nil {
			panic(err)
		}
		f.chunks = append(f.chunks, m)
		return true
	}
	m, err := frame.DecodeServer(payload)
	if err != nil {
		panic(err)
	}
	f.control = append(f.control, m)
	return true
}

func (f *fakeConn) SendDatagram(m *protocol.Datagram) bool {
	b, err := frame.MarshalDatagram(m) // as the transport does: m is reused
	if err != nil {
		panic(err)
	}
	d, err := frame.DecodeDatagram(b)
	if err != nil {
		panic(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.dgramCap > 0 && len(f.states) >= f.dgramCap {
		return false
	}
	f.states = append(f.states, d.GetPlayerState())
	return true
}

func (f *fakeConn) Queued() transport.Queued {
	f.mu.Lock()
	defer f.mu.Unlock()
	return transport.Queued{ControlMessages: f.queued}
}

func (f *fakeConn) Close(protocol.ErrorCode, string) {}

func (f *fakeConn) HasFeature(name string) bool {
	return f.features == nil || slices.Contains(f.features, name)
}

// take returns and forgets the control messages received so far.
func (f *fakeConn) take() []*protocol.ServerMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.control
	f.control = nil
	return out
}

// takeStates returns and forgets the PlayerStates received so far.
func (f *fakeConn) takeStates() []*protocol.PlayerState {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.states
	f.states = nil
	return out
}

// holds reports whether the client holds section p (a Chunk after its
// last Drop or Drops).
func (f *fakeConn) holds(p chunk.Pos) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	held := false
	for _, m := range f.chunks {
		switch k := m.Kind.(type) {
		case *protocol.ChunkMessage_Chunk:
			if k.Chunk.GetPos().Chunk() == p {
				held = true
			}
		case *protocol.ChunkMessage_Drop:
			if k.Drop.GetPos().Chunk() == p {
				held = false
			}
		case *protocol.ChunkMessage_Drops:
			ps, err := k.Drops.Positions()
			if err != nil {
				panic(err)
			}
			if slices.Contains(ps, p) {
				held = false
			}
		}
	}
	return held
}

// Filters over received control messages.
func acksOf(ms []*protocol.ServerMessage) []*protocol.ActionAck {
	var out []*protocol.ActionAck
	for _, m := range ms {
		if a := m.GetActionAck(); a != nil {
			out = append(out, a)
		}
	}
	return out
}

func correctionsOf(ms []*protocol.ServerMessage) []*protocol.Correction {
	var out []*protocol.Correction
	for _, m := range ms {
		if c := m.GetCorrection(); c != nil {
			out = append(out, c)
		}
	}
	return out
}

func updatesOf(ms []*protocol.ServerMessage) []*protocol.BlockUpdate {
	var out []*protocol.BlockUpdate
	for _, m := range ms {
		if u := m.GetBlockUpdate(); u != nil {
			out = append(out, u)
		}
	}
	return out
}

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
	src     *QueueSource
	store   *resources.ChunkStore
	arb     *Arbitration
	stats   *BroadcastStats
	edits   *Edits
	clients *Clients
	nextID  uint64
}

// player is a connected synthetic client.
type player struct {
	id   uint64
	conn *fakeConn
	tick uint64 // last input tick sent
}

func newGameWorld(t testing.TB, cfg GameplayConfig, extra ...ecs.Plugin) *gameWorld {
	t.Helper()
	src := &QueueSource{}
	app := ecs.NewApp(ecs.WithLogger(zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)))
	app.AddPlugins(
		NewResidency(ResidencyConfig{Generator: resources.GeneratorFunc(testTerrain), Deterministic: true}),
		NewPersist(PersistConfig{DataDir: t.TempDir(), Seed: 1, GeneratorVersion: 1}),
		NewNetwork(NetworkConfig{Source: src, Spawn: testSpawn, MaxViewDistance: 2, Deterministic: true}),
		NewGameplay(cfg),
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
		clients: ecs.Resource[Clients](app),
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
	p := &player{id: w.nextID, conn: &fakeConn{}}
	w.nextID++
	w.src.Push(InEvent{Kind: transport.Connected, ID: p.id, Conn: p.conn, Name: name, ViewDistance: 2})
	w.step(3)
	if _, ok := w.clients.Entity(p.id); !ok {
		w.t.Fatalf("%s was not admitted", name)
	}
	return p
}

// leave disconnects p.
func (w *gameWorld) leave(p *player) {
	w.src.Push(InEvent{Kind: transport.Disconnected, ID: p.id, Conn: p.conn})
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
	w.src.Push(InEvent{Kind: transport.Message, ID: p.id, Conn: p.conn, Msg: m})
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
		ms := p.conn.take()
		seen = append(seen, ms...)
		for _, a := range acksOf(ms) {
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
