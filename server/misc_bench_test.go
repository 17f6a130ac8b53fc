package server_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/commands"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/systems/status"
	"github.com/stratavox/strata/worldgen"
)

// BenchmarkFollowViews measures follow_views (the hysteresis that
// recentres each client's View on its position) in the real schedule,
// with the deliver benchmark's flyers: clients of view 8 over a 400 ×
// 400-chunk area, each flying along an axis at 20 blocks/s, so that a
// view recentres every 32 ticks. One op is those 32 ticks; us/tick is
// follow_views' own time per tick (engine timings).
func BenchmarkFollowViews(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			s := newSim(b, simConfig{clients: n, view: 8, side: 400 * chunk.Size, fly: true, seed: 2})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			tt := newTickTimes(b, s.app, residency.SystemFollowViews)
			rc := newRecentres(s)
			for range 64 {
				s.inputs(true)
				tt.step()
			}
			tt.forget()
			rc.count()
			rc.n = 0
			ticks := 0
			for b.Loop() {
				for range simRecentrePeriod {
					s.inputs(true)
					tt.step()
					rc.count()
					ticks++
				}
			}
			tt.report(b, residency.SystemFollowViews, "")
			b.ReportMetric(float64(rc.n)/float64(ticks), "recentres/tick")
		})
	}
}

// BenchmarkExpireTickets measures expire_tickets with many tickets alive:
// views of radius 1 (admin reads, pre-generation jobs) at random over a
// 400 × 400-chunk area, each with a time-to-live drawn from 1-20 s
// (20-399 ticks); between ticks the benchmark replaces the expired ones,
// so the count stays put and about tickets/210 expire every tick. The system's time
// includes applying its despawns (the schedule does that right after it).
// One op is one whole tick.
func BenchmarkExpireTickets(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("tickets=%d", n), func(b *testing.B) {
			s := newSim(b, simConfig{clients: 0, view: 1, side: 400 * chunk.Size, fly: true, seed: 6})
			b.Cleanup(s.shutdown)
			rng := rand.New(rand.NewPCG(6, uint64(n)))
			spawn := func(k int, minTTL uint64) {
				for range k {
					c := chunk.Pos{X: rng.Int32N(400) - 200, Y: 3, Z: rng.Int32N(400) - 200}
					ttl := minTTL + rng.Uint64N(400-minTTL)
					residency.SpawnTicket(s.app.Commands(), s.app.Tick(), components.View{Center: c, Radius: 1}, ttl, "bench", nil)
				}
			}
			tickets := generic.NewFilter1[components.Ticket]()
			alive := func() int {
				q := tickets.Query(s.app.World())
				k := q.Count()
				q.Close()
				return k
			}
			tt := newTickTimes(b, s.app, residency.SystemExpireTickets)
			expired := 0
			tick := func() {
				k := n - alive()
				expired += k
				spawn(k, 20)
				tt.step()
			}
			spawn(n, 1) // expiries spread from the first tick
			s.app.Step()
			for range 400 { // a whole generation of tickets: the steady state
				tick()
			}
			tt.forget()
			expired = 0
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			tt.report(b, residency.SystemExpireTickets, "")
			b.ReportMetric(float64(expired)/float64(ticks), "expired/tick")
			b.ReportMetric(float64(s.store.Len()), "resident")
		})
	}
}

// BenchmarkChatCommands measures chat_commands (the commands plugin) in
// the real schedule: 1,000 clients on flat ground (view 2), pacing, and
// every tick `lines` chat lines from different clients, through ingest:
// 40 % "/where", 40 % "/tp X Y Z" (to where the sender stands, so the
// fixture stays put; a teleport still resets its movement and sends a
// Correction), 20 % plain chat (left for broadcast_chat). Each command's
// reply is marshalled by the stand-in connection, as the transport's Send
// does. One op is one whole tick.
func BenchmarkChatCommands(b *testing.B) {
	const n = 1000
	for _, lines := range []int{10, 100} {
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			s := newSim(b, simConfig{clients: n, view: 2, side: benchSide(n), seed: 7})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			msgs := make([][3]*protocol.ClientMessage, n)
			chat := func(text string) *protocol.ClientMessage {
				return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}}
			}
			for i, c := range s.players {
				msgs[i] = [3]*protocol.ClientMessage{
					chat("/where"),
					chat(fmt.Sprintf("/tp %.1f %.1f %.1f", c.home.X, c.home.Y, c.home.Z)),
					chat("hello there"),
				}
			}
			tt := newTickTimes(b, s.app, commands.SystemRun)
			next := 0
			tick := func() {
				s.inputs(true)
				for k := range lines {
					kind := []int{0, 0, 1, 1, 2}[k%5]
					s.push(s.players[next%n], msgs[next%n][kind])
					next++
				}
				tt.step()
			}
			for range 20 {
				tick()
			}
			tt.forget()
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			mean := tt.report(b, commands.SystemRun, "")
			b.ReportMetric(mean*1e3/float64(lines), "ns/line")
		})
	}
}

// BenchmarkPublishStatus measures publish_status (the status plugin,
// with admin.NewStatus and admin.NewMetrics and the real world generator
// for the map's colours) on a world of realistic size: the deliver
// benchmark's flyers, 100 or 1,000 clients of view 8 over a 400 ×
// 400-chunk area (about 0.28 and 1.45 million resident sections).
//
// The system updates the metrics every tick and publishes a snapshot
// (players, per-system timings, and the resident columns for the map)
// every 20th. Its timing rings are full, as in a server that has run for
// a minute: the benchmark runs 1,100 ticks with the clients hovering
// (snapshots off) and one snapshot period before it measures, and never
// resets the timings (the system reads them). Measured: the clients fly (views recentre, new columns need a
// colour). One op is 20 ticks, one snapshot period; us/tick is the mean
// over its ticks, metrics_us the mean of the ticks without a snapshot,
// snapshot_us the mean of those with one.
func BenchmarkPublishStatus(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			gen, err := worldgen.New(20261129, worldgen.LatestVersion)
			if err != nil {
				b.Fatal(err)
			}
			metrics := admin.NewMetrics()
			published := admin.NewStatus()
			var s *sim
			plugin := status.New(status.Config{
				Status: published, Metrics: metrics, Generator: gen, TargetTPS: 20,
				// What the server adds (server.networkFigures).
				Extra: func(snap *admin.Snapshot, m *admin.Metrics) {
					m.ClientsConnected.Set(float64(s.clients.Len()))
					m.SentBytes.Set(s.delivery.SentBytes)
					m.SentSections.Set(s.delivery.Sent)
					m.DeliveryQueuedBytes.Set(float64(s.delivery.QueuedBytes))
					if snap != nil {
						snap.Clients = s.clients.Len()
					}
				},
			})
			s = newSim(b, simConfig{clients: n, view: 8, side: 400 * chunk.Size, fly: true, seed: 2, extra: []ecs.Plugin{plugin}})
			b.Cleanup(s.shutdown)
			s.join()
			s.settle(nil)
			// Fill the timing rings with snapshots off (at a world this
			// size they would make the warm-up long), then one snapshot
			// period to colour every resident column.
			every := plugin.Config.SnapshotEvery
			plugin.Config.SnapshotEvery = 1 << 62
			for range 1100 {
				s.inputs(false)
				s.app.Step()
			}
			plugin.Config.SnapshotEvery = every
			for range every {
				s.inputs(false)
				s.app.Step()
			}
			idx := slices.IndexFunc(s.app.Timings().Systems(), func(st ecs.Stat) bool { return st.Name == status.SystemPublish })
			var metricsT, snapT []time.Duration
			for b.Loop() {
				for range every {
					snapshot := s.app.Tick()%plugin.Config.SnapshotEvery == 0
					s.inputs(true)
					s.app.Step()
					d := s.app.Timings().Systems()[idx].Last
					if snapshot {
						snapT = append(snapT, d)
					} else {
						metricsT = append(metricsT, d)
					}
				}
			}
			mean := func(ds []time.Duration) float64 {
				var sum time.Duration
				for _, d := range ds {
					sum += d
				}
				return float64(sum.Nanoseconds()) / 1e3 / float64(max(len(ds), 1))
			}
			all := append(slices.Clone(metricsT), snapT...)
			b.ReportMetric(mean(all), "us/tick")
			b.ReportMetric(mean(metricsT), "metrics_us")
			b.ReportMetric(mean(snapT), "snapshot_us")
			b.ReportMetric(float64(s.store.Len()), "resident")
			if snap := published.Latest(); snap == nil || len(snap.Players) != n || len(snap.Columns) == 0 {
				b.Fatalf("no snapshot of %d players published", n)
			}
		})
	}
}
