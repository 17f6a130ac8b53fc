package entities

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/cputime"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/testkit"
)

// benchConn costs what the transport costs the tick for shared frames:
// nothing but a count (the frames are encoded once, by the system).
// Control messages given unencoded are marshalled, as the transport
// would.
type benchConn struct {
	encoded, datagrams int
	features           []string
}

func (c *benchConn) Accept(wire.Admission) bool             { return true }
func (c *benchConn) Reject(protocol.ErrorCode, string) bool { return true }
func (c *benchConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (c *benchConn) Queued() wire.Queued                    { return wire.Queued{} }
func (c *benchConn) Close(protocol.ErrorCode, string)       {}
func (c *benchConn) SendDatagram(*protocol.Datagram) bool   { c.datagrams++; return true }
func (c *benchConn) Send(m *protocol.ServerMessage) bool {
	_, _ = wire.EncodeControl(m)
	return true
}
func (c *benchConn) SendEncoded(e wire.Encoded) bool {
	if e.IsDatagram() {
		c.datagrams++
		e.Release() // "sent": a batch of states is this client's alone
	} else {
		c.encoded++
	}
	return true
}
func (c *benchConn) HasFeature(f string) bool {
	for _, x := range c.features {
		if x == f {
			return true
		}
	}
	return false
}

// replicationCrowd is a world of players and plugin entities built
// straight in an arche world (no terrain, no other systems): the
// replicator runs alone on it, tick after tick, so one op is one tick of
// replicate_entities.
type replicationCrowd struct {
	app     *ecs.App
	rep     *replicator
	stats   *Stats
	tick    uint64
	side    float64
	rng     *rand.Rand
	players []*components.Position
	// vels are the players' velocities, set as they walk only when the
	// clients extrapolate (predicted): the other runs keep theirs at 0,
	// as they always did.
	vels      []*components.Velocity
	predicted bool
	heading   []float64
	things    []*components.Position
	conns     []*benchConn
	interest  []*Interest
}

// newReplicationCrowd spreads players (view radius view sections, walking)
// and things uniformly over a square of side blocks.
func newReplicationCrowd(b *testing.B, players, things, view int, side float64, features []string) *replicationCrowd {
	b.Helper()
	app := ecs.NewApp()
	w := app.World()
	stats := &Stats{}
	c := &replicationCrowd{app: app, rep: newReplicator(Config{}.withDefaults(), stats, app.Parallel()), stats: stats, side: side, rng: rand.New(rand.NewPCG(5, 6))}
	pm := generic.NewMap9[components.Player, Replicated, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow, Interest](w)
	tm := generic.NewMap6[Replicated, components.Position, components.Look, components.Velocity, Body, Attributes](w)
	bodies := generic.NewMap1[Body](w)
	at := func() components.Position {
		return components.Position{X: (c.rng.Float64() - 0.5) * side, Y: 64, Z: (c.rng.Float64() - 0.5) * side}
	}
	var ents []ecs.Entity
	for i := range players {
		conn := &benchConn{features: features}
		pos := at()
		e := pm.NewWith(&components.Player{ID: uint64(i + 1), Name: fmt.Sprintf("p%d", i)}, &Replicated{Kind: KindPlayer}, &pos,
			&components.Look{}, &components.Velocity{}, &components.Snapshot{Joined: true}, &components.Connection{Conn: conn},
			&components.Follow{Radius: view, Slack: 2}, &Interest{})
		bodies.Assign(e, &PlayerBody)
		ents = append(ents, e)
		c.conns = append(c.conns, conn)
		c.heading = append(c.heading, c.rng.Float64()*2*math.Pi)
	}
	for i := range things {
		pos := at()
		e := tm.NewWith(&Replicated{Kind: "strata:critter", ID: idBase | uint64(i+1)}, &pos, &components.Look{}, &components.Velocity{},
			&Body{Width: 0.9, Height: 0.9}, &Attributes{List: []Attribute{{"strata:variant", int64(i % 4)}}})
		ents = append(ents, e)
	}
	// Pointers taken once the world is complete: no structural change
	// follows, so they stay valid.
	pos := generic.NewMap[components.Position](w)
	vel := generic.NewMap[components.Velocity](w)
	in := generic.NewMap[Interest](w)
	c.predicted = slices.Contains(features, protocol.FeaturePredictedStates)
	for i, e := range ents {
		if i < players {
			c.players = append(c.players, pos.Get(e))
			c.vels = append(c.vels, vel.Get(e))
			c.interest = append(c.interest, in.Get(e))
		} else {
			c.things = append(c.things, pos.Get(e))
		}
	}
	return c
}

// step moves every player 0.215 block (4.3 blocks/s at 20 TPS, turning
// back at the edge of the area) and a tenth of the things 0.1 block, then
// runs the replicator.
func (c *replicationCrowd) step() {
	c.tick++
	half := c.side / 2
	for i, p := range c.players {
		h := c.heading[i]
		x, z := p.X+0.215*math.Cos(h), p.Z+0.215*math.Sin(h)
		if math.Abs(x) > half || math.Abs(z) > half {
			c.heading[i] = h + math.Pi
			if c.predicted {
				*c.vels[i] = components.Velocity{}
			}
			continue
		}
		p.X, p.Z = x, z
		if c.predicted {
			*c.vels[i] = components.Velocity{X: 4.3 * math.Cos(h), Z: 4.3 * math.Sin(h)}
		}
	}
	for i := int(c.tick % 10); i < len(c.things); i += 10 {
		p := c.things[i]
		if (c.tick/10)%2 == 0 {
			p.X += 0.1
		} else {
			p.X -= 0.1
		}
	}
	c.rep.run(&ecs.Context{App: c.app, World: c.app.World(), Tick: c.tick})
}

// BenchmarkReplicate is issue 15's target: 1,000 walking players at view
// 8 and 20,000 entities spread over their area (2,048 blocks square:
// about a dozen players and 250 entities within each view), a tenth of
// the entities moving each tick. One op is one tick of
// replicate_entities, once every client holds its view (the join's
// spawns are sent before the timer starts). legacy is the same world seen
// by clients granted only "player-states". held is the mean number of
// entities a client holds; states, spawns and despawns the messages
// queued per tick; cpu_ms/tick the process's CPU time per tick (the
// machine is shared: wall time includes other processes' turns).
func BenchmarkReplicate(b *testing.B) {
	compact := []string{protocol.FeatureEntities, protocol.FeaturePlayerStates, protocol.FeatureCompactStates}
	batches := append(slices.Clone(compact), protocol.FeatureStateBatches)
	predicted := append(slices.Clone(batches), protocol.FeaturePredictedStates)
	for _, c := range []struct {
		name            string
		players, things int
		side            float64
		features        []string
	}{
		{"players=1000/entities=20000", 1000, 20000, 2048, []string{protocol.FeatureEntities, protocol.FeaturePlayerStates}},
		{"players=1000/entities=0", 1000, 0, 2048, []string{protocol.FeatureEntities, protocol.FeaturePlayerStates}},
		{"legacy/players=1000/entities=20000", 1000, 20000, 2048, []string{protocol.FeaturePlayerStates}},
		// The crowds of issue 54 (strata bench's walkers spread over 400
		// × 400 sections), each state alone and batched.
		{"compact/players=1000/entities=20000", 1000, 20000, 2048, compact},
		{"batches/players=1000/entities=20000", 1000, 20000, 2048, batches},
		{"compact/players=10000", 10000, 0, 6400, compact},
		{"batches/players=10000", 10000, 0, 6400, batches},
		// The same clients extrapolating (predicted-states): the players'
		// velocities are set as they walk.
		{"predicted/players=1000/entities=20000", 1000, 20000, 2048, predicted},
		{"predicted/players=10000", 10000, 0, 6400, predicted},
	} {
		b.Run(c.name, func(b *testing.B) {
			w := newReplicationCrowd(b, c.players, c.things, 8, c.side, c.features)
			for range 4 * w.rep.cfg.SnapshotAll {
				w.step()
			}
			if w.stats.SpawnsWaiting != 0 {
				b.Fatalf("%d spawns still waiting after the warm-up", w.stats.SpawnsWaiting)
			}
			states, spawns, despawns := w.stats.States, w.stats.Spawns, w.stats.Despawns
			ticks := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cputime.Process()
			for b.Loop() {
				w.step()
				ticks++
			}
			cpu := cputime.Process() - cpu0
			b.StopTimer()
			held := 0
			for _, in := range w.interest {
				held += in.Len()
			}
			b.ReportMetric(float64(held)/float64(len(w.interest)), "held")
			b.ReportMetric(float64(w.stats.States-states)/float64(ticks), "states/tick")
			b.ReportMetric(float64(w.stats.Spawns-spawns)/float64(ticks), "spawns/tick")
			b.ReportMetric(float64(w.stats.Despawns-despawns)/float64(ticks), "despawns/tick")
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(ticks), "cpu_ms/tick")
		})
	}
}

// BenchmarkReplicateCold is the 5,000 walkers of `strata bench` (view 8,
// spread over 6,400 blocks square, about seven players in each view, no
// plugin entities) with the caches emptied between ticks, as the rest of
// a server's tick empties them: a 64 MiB buffer is written with the timer
// stopped. One op is one tick of replicate_entities, started cold.
func BenchmarkReplicateCold(b *testing.B) {
	w := newReplicationCrowd(b, 5000, 0, 8, 6400, []string{protocol.FeatureEntities, protocol.FeaturePlayerStates})
	for range 4 * w.rep.cfg.SnapshotAll {
		w.step()
	}
	b.ReportAllocs()
	testkit.ColdLoop(b, w.step)
	held := 0
	for _, in := range w.interest {
		held += in.Len()
	}
	b.ReportMetric(float64(held)/float64(len(w.interest)), "held")
}
