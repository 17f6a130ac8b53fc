package gameplay

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
)

// benchConn costs what the transport costs the tick: it marshals what it
// is given to send (control messages, datagrams) and drops the bytes;
// pre-encoded frames cost nothing.
type benchConn struct {
	sent, datagrams int
}

func (c *benchConn) Accept(wire.Admission) bool             { return true }
func (c *benchConn) Reject(protocol.ErrorCode, string) bool { return true }
func (c *benchConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (c *benchConn) SendEncoded(wire.Encoded) bool          { c.sent++; return true }
func (c *benchConn) Queued() wire.Queued                    { return wire.Queued{} }
func (c *benchConn) Close(protocol.ErrorCode, string)       {}
func (c *benchConn) HasFeature(string) bool                 { return true }
func (c *benchConn) Send(m *protocol.ServerMessage) bool {
	_, _ = wire.EncodeControl(m)
	c.sent++
	return true
}
func (c *benchConn) SendDatagram(m *protocol.Datagram) bool {
	_, _ = frame.MarshalDatagram(m)
	c.datagrams++
	return true
}

// crowd is n players spread at random over a square of side blocks
// (at the default 2,048: about a dozen within an 8-section view of each),
// with the terrain around each resident and a view radius of 8 sections.
// Benchmarks call one system's run directly, tick after tick, and never
// Step (so no structural change: component pointers stay valid).
type crowd struct {
	app   *ecs.App
	g     *Plugin
	store *resources.ChunkStore
	edits *Edits
	tick  uint64
	ents  []ecs.Entity
	home  []components.Position
	pos   []*components.Position
	inbox []*components.Inbox
	input []*protocol.Input
	conns []*benchConn
	ids   []uint64
}

func newCrowd(b *testing.B, n int, side float64) *crowd {
	b.Helper()
	src := &network.QueueSource{}
	g := New(DefaultConfig())
	app := ecs.NewApp()
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testTerrain), Deterministic: true}),
		persist.New(persist.Config{DataDir: b.TempDir(), Seed: 1, GeneratorVersion: 1}),
		network.New(network.Config{Source: src, Spawn: testSpawn, MaxViewDistance: 8, Deterministic: true}),
		g,
	)
	if err := app.Build(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = app.Shutdown() })
	conns := make([]*benchConn, n)
	for i := range n {
		conns[i] = &benchConn{}
		src.Push(network.InEvent{Kind: wire.Connected, ID: uint64(i + 1), Conn: conns[i], Name: fmt.Sprintf("p%d", i), ViewDistance: 2})
	}
	app.Step()
	w := &crowd{conns: conns, app: app, g: g, store: ecs.Resource[resources.ChunkStore](app), edits: ecs.Resource[Edits](app), tick: app.Tick()}
	clients := ecs.Resource[network.Clients](app)
	m := generic.NewMap6[components.Position, components.Inbox, components.Follow, components.View, components.Delivery, components.Snapshot](app.World())
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		e, ok := clients.Entity(uint64(i + 1))
		if !ok {
			b.Fatalf("player %d not admitted", i)
		}
		pos, in, f, v, st, snap := m.Get(e)
		*pos = components.Position{X: float64(int(rng.Float64()*side-side/2)) + 0.5, Y: 64, Z: float64(int(rng.Float64()*side-side/2)) + 0.5}
		f.Radius = 8
		*v = components.View{Center: pos.Section(), Radius: 8}
		snap.Joined = true
		// What the client holds: the ground and the layer above, in its view.
		st.For = *v
		st.Held.Reframe(v.Center, v.Radius)
		for dx := int32(-8); dx <= 8; dx++ {
			for dz := int32(-8); dz <= 8; dz++ {
				if dx*dx+dz*dz <= 64 {
					for y := int32(3); y <= 4; y++ {
						st.Held.Set(v.Center.Add(dx, y-v.Center.Y, dz), 0)
					}
				}
			}
		}
		bx, _, bz := chunk.BlockOfFloat(pos.X, pos.Y, pos.Z)
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				for y := int32(2); y <= 5; y++ {
					p := chunk.PosOfBlock(bx+16*dx, 0, bz+16*dz)
					p.Y = y
					if !w.store.Has(p) {
						if err := w.store.Insert(p, testTerrain(p), 0); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		}
		w.home = append(w.home, *pos)
		w.pos = append(w.pos, pos)
		w.inbox = append(w.inbox, in)
		w.input = append(w.input, &protocol.Input{Position: &protocol.Vec3{}, Velocity: &protocol.Vec3F{}, OnGround: true})
		w.ids = append(w.ids, uint64(i+1))
		w.ents = append(w.ents, e)
	}
	w.g.move.run(w.ctx()) // release the holds of joining before the terrain was there
	return w
}

// ctx returns the context of the next tick.
func (w *crowd) ctx() *ecs.Context {
	w.tick++
	return &ecs.Context{App: w.app, World: w.app.World(), Commands: w.app.Commands(), Tick: w.tick}
}

// moveAll gives every player an input for this tick: a 0.2-block step
// away from home or back.
func (w *crowd) moveAll() {
	dx := 0.2 * float64(w.tick%2)
	for i, in := range w.input {
		in.InputTick = w.tick
		in.Position.X, in.Position.Y, in.Position.Z = w.home[i].X+dx, w.home[i].Y, w.home[i].Z
		in.Yaw = float32(w.tick % 360)
		w.inbox[i].Inputs = append(w.inbox[i].Inputs[:0], in)
	}
}

// benchSizes are the player counts benchmarked, spread at a constant
// density (1,000 players on 2,048×2,048 blocks).
var benchSizes = []int{1000, 3000}

func benchSide(n int) float64 { return 2048 * math.Sqrt(float64(n)/1000) }

// flyAll gives every player a flying input for this tick: a step of 0.9
// block along X and Z away from home or back, which the swept box checks
// in six steps.
func (w *crowd) flyAll() {
	d := 0.9 * float64(w.tick%2)
	for i, in := range w.input {
		in.InputTick, in.Flying = w.tick, true
		in.Position.X, in.Position.Y, in.Position.Z = w.home[i].X+d, w.home[i].Y, w.home[i].Z+d
		w.inbox[i].Inputs = append(w.inbox[i].Inputs[:0], in)
	}
}

// BenchmarkMovement arbitrates one input from each player per tick
// (speed, swept box, terrain check): one op is one tick. The fly cases
// move further per tick, in several sweep steps.
func BenchmarkMovement(b *testing.B) {
	for _, fly := range []bool{false, true} {
		for _, n := range benchSizes {
			name := fmt.Sprintf("players=%d", n)
			if fly {
				name = "fly/" + name
			}
			b.Run(name, func(b *testing.B) { benchMovement(b, n, fly) })
		}
	}
}

func benchMovement(b *testing.B, n int, fly bool) {
	w := newCrowd(b, n, benchSide(n))
	w.g.move.allowFlight = fly
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		ctx := w.ctx()
		if fly {
			w.flyAll()
		} else {
			w.moveAll()
		}
		w.g.move.run(ctx)
	}
	b.StopTimer()
	arb := ecs.Resource[Arbitration](w.app)
	if arb.Moves[0] < uint64(b.N*n*9/10) {
		b.Fatalf("only %d of %d inputs accepted: %v", arb.Moves[0], b.N*n, arb.Moves)
	}
}

// BenchmarkActions arbitrates actions from a tenth of the players per
// tick (each breaks the block in front of it, and ten ticks later puts it
// back): one op is one tick. The intents are emitted as ingest would emit
// them. The system runs alone, outside a tick, so nothing clears its
// intent queue or releases its acknowledgements: each op gets a fresh
// queue and a fresh Durability, whose growth (about 2·log2(players/10)
// allocations) is counted in allocs/op, where a live server reuses both.
func BenchmarkActions(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			w := newCrowd(b, n, benchSide(n))
			acts := make([][2]ActionIntent, len(w.home))
			for i, h := range w.home {
				from := network.Sender{Entity: w.ents[i], ID: w.ids[i], Conn: w.conns[i]}
				x, z := int(h.X)+1, int(h.Z)
				acts[i] = [2]ActionIntent{
					{From: from, Name: fmt.Sprintf("p%d", i), RequestID: 1, X: x, Y: 63, Z: z},
					{From: from, Name: fmt.Sprintf("p%d", i), RequestID: 2, Place: true, Block: uint32(chunk.Dirt), X: x, Y: 63, Z: z},
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				ctx := w.ctx()
				q := &ecs.Events[ActionIntent]{}
				for i := int(ctx.Tick % 10); i < len(acts); i += 10 {
					q.Emit(acts[i][ctx.Tick/10%2])
				}
				w.g.act.intents = q
				w.g.act.dur = &persist.Durability{}
				w.g.act.run(ctx)
				w.edits.reset() // what block_updates would do
			}
			b.StopTimer()
			arb := ecs.Resource[Arbitration](w.app)
			if arb.Actions[0] < uint64(b.N*n/10*9/10) {
				b.Fatalf("only %d actions accepted: %v", arb.Actions[0], arb.Actions)
			}
		})
	}
}

// BenchmarkBroadcast runs broadcast_blocks alone with a tenth of the
// players' edits a tick, each held by about a dozen clients. One op is one
// tick; msgs/op counts the messages queued. (broadcast_chat is the chat
// plugin's: systems/chat's BenchmarkBroadcast; players' moves are
// systems/entities' BenchmarkReplicate.)
func BenchmarkBroadcast(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("blocks/players=%d", n), func(b *testing.B) {
			w := newCrowd(b, n, benchSide(n))
			stats := ecs.Resource[BroadcastStats](w.app)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				ctx := w.ctx()
				b.StopTimer() // the edits are the actions system's work
				for i := int(ctx.Tick % 10); i < len(w.home); i += 10 {
					h := w.home[i]
					blk := chunk.Dirt
					if ctx.Tick/10%2 == 1 {
						blk = chunk.Stone
					}
					w.edits.Set(int(h.X)+1, 63, int(h.Z), blk, 0)
				}
				b.StartTimer()
				w.g.blocks.run(ctx)
			}
			b.StopTimer()
			b.ReportMetric(float64(stats.BlockUpdates)/float64(b.N), "msgs/op")
		})
	}
}
