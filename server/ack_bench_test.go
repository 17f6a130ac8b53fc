package server

import (
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/persist"
)

// BenchmarkAckLatency measures, over real QUIC on loopback against a real
// server writing Pebble on disk, the time from sending a Place to
// receiving its ActionAck — which the server releases only once the edit
// is durable — beside the ping round trip, so the difference is what
// waiting for the tick and the fsync adds.
func BenchmarkAckLatency(b *testing.B) {
	cfg := Defaults()
	cfg.DataDir = b.TempDir()
	cfg.SpawnRadius = 1
	srv, stop := startServer(b, cfg)
	defer stop()
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
