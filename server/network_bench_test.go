package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
)

// BenchmarkIngest measures the ingest system in the real schedule while
// every client sends one movement input a tick, a tenth of them a block
// action (break the block in front, ten ticks later put it back) and two
// of them a chat line, all through the QueueSource the transport would
// fill. Clients stand on flat ground at the gameplay benchmarks' density
// (1,000 on 2,048 × 2,048 blocks), view distance 2: ingest's work does not
// depend on the view, and a small one keeps the fixture quick. One op is
// one whole tick; us/tick is ingest's own time (engine timings).
func BenchmarkIngest(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			s := newSim(b, simConfig{clients: n, view: 2, side: benchSide(n), seed: 1})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			tt := newTickTimes(b, s.app, network.SystemIngest)
			events := 0
			tick := func() {
				t := s.app.Tick()
				s.inputs(true)
				events += n
				for i := int(t % 10); i < n; i += 10 {
					c := s.players[i]
					s.push(c, c.actions[t/10%2])
					events++
				}
				for k := range 2 { // each client chats every n/2 ticks, within its rate
					c := s.players[(int(t)*2+k)%n]
					s.push(c, c.chatLine)
					events++
				}
				tt.step()
			}
			for range 20 {
				tick()
			}
			tt.forget()
			events = 0
			before, acted := s.accepted(), s.arb.Actions[0]
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			mean := tt.report(b, network.SystemIngest, "")
			b.ReportMetric(float64(events)/float64(ticks), "events/tick")
			b.ReportMetric(mean*1e3/(float64(events)/float64(ticks)), "ns/event")
			s.checkAccepted(before, ticks*n)
			if got := s.arb.Actions[0] - acted; got < uint64(ticks*n/10*8/10) {
				b.Fatalf("only %d actions accepted in %d ticks: %v", got, ticks, s.arb.Actions)
			}
		})
	}
}

// BenchmarkDeliver measures the deliver system (per-client flush of
// Chunk and Drop frames, nearest first, within the per-client budget)
// with clients of view 8 spread at random over a 400 × 400-chunk area,
// as in strata bench. Generation is excluded (inline, every wanted section
// resident the next tick) and delivery runs without its wall-clock budget
// (deterministic mode), so it does all the work it is given; the
// per-client budget (48 sections, 512 KiB a tick) holds. Terrain: uniform
// stone below section Y=2, a dense surface layer at Y=2, air above.
//
//   - steady: every client flies along an axis at 20 blocks/s (one block a
//     tick) at y=60 and bounces off the area's edges, so each view
//     recentres every 32 ticks (staggered): drops and new sections every
//     tick. Measured after the fill and 64 ticks of flight. One op is 32
//     ticks, one recentring period, so that every op sees each view
//     recentre once; us/tick is per tick.
//   - fill: the clients connect at once to a fresh world and stay put; the
//     benchmark steps until every client holds its whole view. One op is
//     one whole fill (world building excluded); us/tick is over its ticks.
func BenchmarkDeliver(b *testing.B) {
	side := float64(400 * chunk.Size)
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("steady/clients=%d", n), func(b *testing.B) {
			s := newSim(b, simConfig{clients: n, view: 8, side: side, fly: true, seed: 2})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			tt := newTickTimes(b, s.app, network.SystemDeliver)
			rc := newRecentres(s)
			for range 64 {
				s.inputs(true)
				tt.step()
			}
			tt.forget()
			rc.count()
			rc.n = 0
			d := s.delivery
			sent, bytes, drops := d.Sent, d.SentBytes, d.Drops
			before := s.accepted()
			ticks := 0
			for b.Loop() {
				for range simRecentrePeriod {
					s.inputs(true)
					tt.step()
					rc.count()
					ticks++
				}
			}
			tt.report(b, network.SystemDeliver, "")
			b.ReportMetric(float64(d.Sent-sent)/float64(ticks), "sections/tick")
			b.ReportMetric(float64(d.Drops-drops)/float64(ticks), "drops/tick")
			b.ReportMetric(float64(d.SentBytes-bytes)/1e3/float64(ticks), "kB/tick")
			b.ReportMetric(float64(rc.n)/float64(ticks), "recentres/tick")
			b.ReportMetric(float64(s.store.Len()), "resident")
			s.checkAccepted(before, ticks*n)
		})
	}
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("fill/clients=%d", n), func(b *testing.B) {
			all := &tickTimes{samples: map[string][]time.Duration{}}
			var sent, bytes uint64
			fills, ticks := 0, 0
			for b.Loop() {
				b.StopTimer()
				s := newSim(b, simConfig{clients: n, view: 8, side: side, fly: true, seed: 3})
				tt := newTickTimes(b, s.app, network.SystemDeliver)
				b.StartTimer()
				s.join()
				for i := 0; s.clients.Len() < n || !s.filled(); i++ {
					if i > 2000 {
						b.Fatalf("fill not done after %d ticks", i)
					}
					tt.step()
					ticks++
				}
				b.StopTimer()
				all.absorb(tt)
				sent += s.delivery.Sent
				bytes += s.delivery.SentBytes
				fills++
				s.shutdown()
				b.StartTimer()
			}
			all.report(b, network.SystemDeliver, "")
			b.ReportMetric(float64(sent)/float64(ticks), "sections/tick")
			b.ReportMetric(float64(bytes)/1e3/float64(ticks), "kB/tick")
			b.ReportMetric(float64(ticks)/float64(fills), "ticks/fill")
			b.ReportMetric(float64(sent)/float64(fills*n), "sections/client")
		})
	}
}

// recentres counts the views whose centre moved.
type recentres struct {
	s       *sim
	filter  *generic.Filter2[components.Player, components.View]
	centres map[uint64]chunk.Pos
	n       int
}

func newRecentres(s *sim) *recentres {
	return &recentres{s: s, filter: generic.NewFilter2[components.Player, components.View](), centres: map[uint64]chunk.Pos{}}
}

func (r *recentres) count() {
	q := r.filter.Query(r.s.app.World())
	for q.Next() {
		p, v := q.Get()
		if c, ok := r.centres[p.ID]; ok && c != v.Center {
			r.n++
		}
		r.centres[p.ID] = v.Center
	}
}

// BenchmarkRoster measures broadcast_roster under churn: every tick one
// client leaves and the one that left the tick before comes back (20
// joins a second, a login wave), so that at any time about n/128 newcomers
// are being sent the roster (RosterPerTick PlayerJoined a tick each), and
// everyone hears of each join and leave. Clients stand on flat ground at
// the gameplay benchmarks' density, view distance 2; ingest's cost of the
// same churn (admissions, despawns, record saves) is reported beside it.
// One op is one whole tick.
func BenchmarkRoster(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			s := newSim(b, simConfig{clients: n, view: 2, side: benchSide(n), seed: 4})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			tt := newTickTimes(b, s.app, gameplay.SystemRoster, network.SystemIngest)
			stats := ecs.Resource[gameplay.BroadcastStats](s.app)
			next := 0
			var away *simClient
			tick := func() {
				if away != nil {
					s.src.Push(network.InEvent{Kind: wire.Connected, ID: away.id, Conn: away.conn, Name: simName(away.id), ViewDistance: s.cfg.view})
				}
				away = s.players[next%n]
				next += 7 // spread the leavers over the area
				s.src.Push(network.InEvent{Kind: wire.Disconnected, ID: away.id, Conn: away.conn})
				s.inputs(true)
				tt.step()
			}
			for range 3 * n / 128 {
				tick()
			}
			tt.forget()
			roster := stats.Roster
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			tt.report(b, gameplay.SystemRoster, "")
			tt.report(b, network.SystemIngest, "ingest_")
			b.ReportMetric(float64(stats.Roster-roster)/float64(ticks), "msgs/tick")
		})
	}
}
