package server

import (
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/persist"
)

// BenchmarkAckLatency measures, over real QUIC on loopback against a real
// server, the time from sending a Place to receiving its ActionAck —
// which the server releases only once the edit is durable — beside the
// ping round trip, so the difference is what waiting for the tick and the
// durable write adds. pebble writes Pebble on disk; cluster-owner is a
// shard of a world on one NATS JetStream node arbitrating its own
// player's edit; cluster-forwarded is the edit of a player on a second
// shard, forwarded to that owner and answered back through it.
func BenchmarkAckLatency(b *testing.B) {
	b.Run("pebble", func(b *testing.B) {
		cfg := Defaults()
		cfg.DataDir = b.TempDir()
		cfg.SpawnRadius = 1
		srv, stop := startServer(b, cfg)
		defer stop()
		benchAcks(b, srv)
	})
	for _, forwarded := range []bool{false, true} {
		name := "cluster-owner"
		if forwarded {
			name = "cluster-forwarded"
		}
		b.Run(name, func(b *testing.B) {
			url := natstest.Start(b)
			shard := func(name string) Config {
				cfg := Defaults()
				cfg.DataDir = b.TempDir()
				cfg.SpawnRadius = 1
				cfg.Cluster, cfg.Shard, cfg.ClusterBucket = url, name, "ackbench"
				return cfg
			}
			owner, stop := startServer(b, shard("a"))
			defer stop()
			// A player of the owner's stands at spawn, so that its shard
			// takes the region before anyone edits there.
			dialPlayerOpts(b, owner, client.Options{Name: "holder", ViewDistance: 2})
			waitfor.Until(b, 20*time.Second, "the owner never took the spawn region", func() bool { return statsOf(owner).RegionsReady.Load() > 0 })
			if !forwarded {
				benchAcks(b, owner)
				return
			}
			other, stop2 := startServer(b, shard("b"))
			defer stop2()
			benchAcks(b, other)
			if statsOf(other).Forwarded.Load() == 0 {
				b.Fatal("no edit was forwarded")
			}
		})
	}
}

// benchAcks times b.N alternating places and breaks beside spawn on srv.
func benchAcks(b *testing.B, srv *Server) {
	acks := make(chan *protocol.ActionAck, 16)
	c := dialPlayerOpts(b, srv, client.Options{Name: "acker", ViewDistance: 2, Handlers: client.Handlers{OnActionAck: func(a *protocol.ActionAck) { acks <- a }}})
	s := c.Welcome().GetSpawn()
	x, y, z := int32(s.X)+1, int32(s.Y)+1, int32(s.Z)+1
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Place and break in turn, so that every action is accepted.
		t0 := time.Now()
		var err error
		if i%2 == 0 {
			_, err = c.Place(x, y, z, chunk.Stone)
		} else {
			_, err = c.Break(x, y, z)
		}
		if err != nil {
			b.Fatal(err)
		}
		select {
		case a := <-acks:
			if !a.GetAccepted() {
				b.Fatalf("action refused: %v", a.GetResult())
			}
		case <-time.After(5 * time.Second):
			b.Fatal("no ack in 5s")
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	ws := ecs.Resource[persist.Durability](srv.App()).Writer().Stats()
	var rtt []time.Duration
	for i := 0; i < 20; i++ {
		c.Ping()
		time.Sleep(20 * time.Millisecond)
		rtt = append(rtt, c.RTT())
	}
	slices.Sort(lat)
	slices.Sort(rtt)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(lat[len(lat)/2]), "ack-p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "ack-p99-ms")
	b.ReportMetric(ms(rtt[len(rtt)/2]), "ping-p50-ms")
	b.ReportMetric(ms(ws.SyncTotal/time.Duration(max(ws.Batches, 1))), "fsync-mean-ms")
	b.ReportMetric(ms(ws.MaxSync), "fsync-max-ms")
}
