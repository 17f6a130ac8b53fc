package server

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// BenchmarkEditSeenAcrossShards measures, over real QUIC on loopback, how
// long after a player on the owner of a region sends an edit a player on
// another shard, standing beside him, hears the BlockUpdate — and, in the
// same run, the placer's durable ActionAck. The owner publishes the edit
// ahead of its write (docs/cluster.md, "Block edits ahead of the feed"),
// so the other shard shows it without waiting for JetStream. nats-1 is one
// JetStream node; nats-3 three on loopback with replicas 3, every write
// fsynced on each. feed-only is the same with the watcher's shard
// ignoring what is published ahead (ClusterFeedOnly): it sees the edit
// once the section feed brings it, durable.
func BenchmarkEditSeenAcrossShards(b *testing.B) {
	for _, tc := range []struct {
		nodes    int
		feedOnly bool
	}{{1, false}, {1, true}, {3, false}, {3, true}} {
		name := fmt.Sprintf("nats-%d", tc.nodes)
		if tc.feedOnly {
			name += "/feed-only"
		} else {
			name += "/ahead"
		}
		nodes := tc.nodes
		b.Run(name, func(b *testing.B) {
			url, replicas := "", 1
			if nodes == 1 {
				url = natstest.Start(b)
			} else {
				urls, _ := natstest.StartCluster(b, nodes)
				url, replicas = strings.Join(urls, ","), 3
			}
			shard := func(name string) Config {
				cfg := shardConfig(b, url, "seen", name)
				// The figures in docs/benchmarks.md are of the default TTL.
				cfg.ClusterReplicas, cfg.LeaseTTL = replicas, Defaults().LeaseTTL
				return cfg
			}
			owner, stop := startServer(b, shard("a"))
			defer stop()
			acks := make(chan *protocol.ActionAck, 16)
			placer := dialPlayerOpts(b, owner, client.Options{Name: "placer", ViewDistance: 2,
				Handlers: client.Handlers{OnActionAck: func(a *protocol.ActionAck) { acks <- a }}})
			waitfor.Until(b, 30*time.Second, "the owner never took the spawn region", func() bool { return statsOf(owner).RegionsReady.Load() > 0 })
			ocfg := shard("b")
			ocfg.ClusterFeedOnly = tc.feedOnly
			other, stop2 := startServer(b, ocfg)
			defer stop2()
			s := placer.Welcome().GetSpawn()
			x, y, z := int32(s.X)+1, int32(s.Y)+1, int32(s.Z)+1
			updates := make(chan chunk.Block, 16)
			watcher := dialPlayerOpts(b, other, client.Options{Name: "watcher", ViewDistance: 2,
				Handlers: client.Handlers{OnBlockUpdate: func(u *protocol.BlockUpdate) {
					if p := u.GetPos(); p.GetX() == x && p.GetY() == y && p.GetZ() == z {
						updates <- chunk.Block(u.GetBlock())
					}
				}}})
			waitfor.Until(b, 20*time.Second, "the watcher never held the edited section", func() bool {
				_, ok := blockAt(watcher, int(x), int(y), int(z))
				return ok
			})
			// The block subscriptions follow the feed's regions (every 10
			// ticks); two edits before the timer make sure both are on.
			waitfor.Until(b, 20*time.Second, "the other shard never watched the region", func() bool { return statsOf(other).WatchedRegions.Load() > 0 })
			var seen, acked []time.Duration
			rng := rand.New(rand.NewPCG(1, 2))
			for i := -2; i < b.N; i++ {
				if i == 0 {
					seen, acked = seen[:0], acked[:0]
					b.ResetTimer()
				}
				// At a fixed phase of the ticks both paths would land in the
				// same tick of the watcher's shard, or both miss it; edits
				// spread over the tick measure what the write adds.
				time.Sleep(time.Duration(rng.IntN(50)) * time.Millisecond)
				t0 := time.Now()
				var err error
				want := chunk.Stone
				if i%2 == 0 { // i starts even: the first edit places
					_, err = placer.Place(x, y, z, chunk.Stone)
				} else {
					_, err = placer.Break(x, y, z)
					want = chunk.Air
				}
				if err != nil {
					b.Fatal(err)
				}
				for got := 2; got > 0; got-- {
					select {
					case a := <-acks:
						if !a.GetAccepted() {
							b.Fatalf("action refused: %v", a.GetResult())
						}
						acked = append(acked, time.Since(t0))
					case bl := <-updates:
						if bl != want {
							b.Fatalf("the watcher heard %v, want %v", bl, want)
						}
						seen = append(seen, time.Since(t0))
					case <-time.After(10 * time.Second):
						// A stalled watch is found in 2–4 s (docs/cluster.md).
						b.Fatal("no ack or no update in 10s")
					}
				}
			}
			b.StopTimer()
			if len(seen) != b.N || len(acked) != b.N {
				b.Fatalf("%d seen, %d acknowledged of %d", len(seen), len(acked), b.N)
			}
			if ahead := statsOf(other).AheadEdits.Load(); tc.feedOnly != (ahead == 0) || !tc.feedOnly && ahead < uint64(b.N) {
				b.Fatalf("%d edits of %d shown ahead of the feed", ahead, b.N)
			}
			slices.Sort(seen)
			slices.Sort(acked)
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			var sum time.Duration
			for _, d := range seen {
				sum += d
			}
			b.ReportMetric(ms(sum/time.Duration(len(seen))), "seen-mean-ms")
			b.ReportMetric(ms(seen[len(seen)/2]), "seen-p50-ms")
			b.ReportMetric(ms(seen[len(seen)*99/100]), "seen-p99-ms")
			b.ReportMetric(ms(seen[len(seen)-1]), "seen-max-ms")
			b.ReportMetric(ms(acked[len(acked)/2]), "ack-p50-ms")
			b.ReportMetric(ms(acked[len(acked)*99/100]), "ack-p99-ms")
			b.ReportMetric(float64(statsOf(other).AheadEdits.Load())/float64(b.N), "ahead/op")
		})
	}
}
