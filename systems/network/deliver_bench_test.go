package network

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// discardConn is a components.Conn that takes everything and keeps
// nothing, granted every feature.
type discardConn struct{}

func (discardConn) Accept(wire.Admission) bool             { return true }
func (discardConn) Reject(protocol.ErrorCode, string) bool { return true }
func (discardConn) Send(*protocol.ServerMessage) bool      { return true }
func (discardConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (discardConn) SendEncoded(wire.Encoded) bool          { return true }
func (discardConn) SendDatagram(*protocol.Datagram) bool   { return true }
func (discardConn) Queued() wire.Queued                    { return wire.Queued{} }
func (discardConn) Close(protocol.ErrorCode, string)       {}
func (discardConn) HasFeature(string) bool                 { return true }

// chunksConn is a discardConn not granted air-sections: every section
// goes as a Chunk.
type chunksConn struct{ discardConn }

func (chunksConn) HasFeature(f string) bool { return f != protocol.FeatureAirSections }

// positionsConn is a discardConn not granted column-lists: blank
// sections and drops go as positions.
type positionsConn struct{ discardConn }

func (positionsConn) HasFeature(f string) bool { return f != protocol.FeatureColumnLists }

// BenchmarkResubscribe is deliver's work when a walking player's view
// recentres by two sections (view 8, pad 1): the drops of what left and
// the pending list of what entered; then what entered is marked held, as
// if sent (timed too: stopping the timer costs more than that).
func BenchmarkResubscribe(b *testing.B) {
	s := newDeliver(DeliveryBudget{}.WithDefaults(), nil, nil, nil, zerolog.Nop())
	w, conn, st := &deliverWorker{}, discardConn{}, &components.Delivery{}
	sh := s.shape(8, 1)
	views := [2]components.View{
		{Center: chunk.Pos{X: 100, Y: 4, Z: -40}, Radius: 8, Pad: 1},
		{Center: chunk.Pos{X: 102, Y: 4, Z: -40}, Radius: 8, Pad: 1},
	}
	send := func() {
		for r := st.Pending.Next(0); r >= 0; r = st.Pending.Next(r + 1) {
			st.Held.Set(sh.at(st.For.Center, r), 0)
			st.Pending.Remove(r)
		}
	}
	s.resubscribe(w, conn, st, views[1])
	send()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.resubscribe(w, conn, st, views[i%2])
		send()
	}
}

// BenchmarkDeliverFliers is deliver's work for `strata bench`'s 3,000
// fliers, on one goroutine: a store of 280×280 columns (stone below
// section 4, air above, a frame each, 1.88 million sections), views of
// radius 8 and pad 1 at section 12, each recentred every second section
// of a straight flight at one block a tick (20 blocks/s), headings and
// starts spread. Before each tick a 64 MiB buffer is written, the timer
// stopped, as the rest of a server's tick empties the caches. One op is
// one tick of every flier; ns/section is per section delivered. Every
// section a flier gets is blank: "chunks" sends each as a Chunk (a client
// without air-sections), "air-sections" a turn's as one AirSections of
// positions, "column-lists" as one of columns (and the drops too).
func BenchmarkDeliverFliers(b *testing.B) {
	b.Run("chunks", func(b *testing.B) { benchmarkDeliverFliers(b, chunksConn{}) })
	b.Run("air-sections", func(b *testing.B) { benchmarkDeliverFliers(b, positionsConn{}) })
	b.Run("column-lists", func(b *testing.B) { benchmarkDeliverFliers(b, discardConn{}) })
}

func benchmarkDeliverFliers(b *testing.B, conn components.Conn) {
	const side, fliers, ground, cruise = 280, 3000, 4, 12
	store := resources.NewChunkStore()
	frame := make([]byte, 24)
	for x := int32(0); x < side; x++ {
		for z := int32(0); z < side; z++ {
			for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
				sec := chunk.Uniform(chunk.Air)
				if y <= ground {
					sec = chunk.Uniform(chunk.Stone)
				}
				if err := store.InsertDerived(chunk.Pos{X: x, Y: y, Z: z}, sec, 0, frame); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	s := newDeliver(DeliveryBudget{}.WithDefaults(), store, nil, nil, zerolog.Nop())
	s.shape(8, 1)
	type flier struct {
		x, z, dx, dz float64
		d            components.Delivery
		v            components.View
	}
	rng := rand.New(rand.NewPCG(1, 2))
	fs := make([]flier, fliers)
	for i := range fs {
		a := rng.Float64() * 2 * math.Pi
		fs[i] = flier{x: 16 * (20 + rng.Float64()*(side-40)), z: 16 * (20 + rng.Float64()*(side-40)), dx: math.Cos(a), dz: math.Sin(a)}
	}
	w := &deliverWorker{}
	w.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte { return w.enc.Encode(p, rev, sec).Bytes() }
	deadline := time.Now().Add(time.Hour)
	tick := func() {
		w.reader.Reset(store)
		for i := range fs {
			f := &fs[i]
			f.x, f.z = f.x+f.dx, f.z+f.dz
			if f.x < 16*12 || f.x > 16*(side-12) || f.z < 16*12 || f.z > 16*(side-12) {
				f.dx, f.dz = -f.dx, -f.dz
			}
			at := chunk.Pos{X: int32(math.Floor(f.x / 16)), Y: cruise, Z: int32(math.Floor(f.z / 16))}
			if f.v.Radius == 0 {
				f.v = components.View{Center: at, Radius: 8, Pad: 1}
			} else if at.Chebyshev(f.v.Center) >= 2 {
				f.v.Center = at
			}
			s.serve(w, turn{conn, &f.d, f.v}, deadline)
		}
	}
	for range 120 { // every view filled, and each flier on its way
		tick()
	}
	sent := w.sent
	b.ReportAllocs()
	testkit.ColdLoop(b, tick)
	n := float64(w.sent - sent)
	b.ReportMetric(n/float64(b.N), "sections/tick")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/section")
}
