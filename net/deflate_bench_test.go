package transport

import (
	"fmt"
	"github.com/stratavox/strata/net/wire"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zstd"

	"github.com/stratavox/strata/internal/cputime"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// The chunk-stream compression benchmarks run over real section frames:
// the sections of radius-8 views of the default world (the seed of
// strata serve), generated once per process, framed as the deliver system
// frames them (wire.SectionEncoder) and in the order it sends them (nearest
// first, 48 a tick: network.DeliveryBudget's default).
const (
	benchSeed     = 20261129 // server.Defaults().Seed
	benchViews    = 20
	benchRadius   = 8
	benchPerTick  = 48 // sections a client is sent per tick, at most
	benchFlightCS = 60 // view recentres of the flight trace
)

// benchStream is one client's chunk stream: its frames in the order sent.
type benchStream struct {
	frames [][]byte
	raw    int // bytes of every frame
}

func (s *benchStream) add(frames [][]byte) {
	s.frames = append(s.frames, frames...)
	for _, f := range frames {
		s.raw += len(f)
	}
}

var benchData struct {
	once   sync.Once
	views  []*benchStream // each a whole view's first load
	flight *benchStream   // a straight flight: first view, then each recentre's new sections
}

// benchFrames generates the views (a few seconds of terrain generation).
func benchFrames(tb testing.TB) (views []*benchStream, flight *benchStream) {
	tb.Helper()
	benchData.once.Do(func() {
		gen, err := worldgen.New(benchSeed, worldgen.LatestVersion)
		if err != nil {
			panic(err)
		}
		var enc wire.SectionEncoder
		order := resources.NearestFirst(benchRadius, 1)
		frame := func(p chunk.Pos) []byte {
			s := gen.Generate(p)
			return enc.Encode(p, 1, &s).Bytes()
		}
		// centre is where a flier over (x, z) is: a few blocks above the
		// ground.
		centre := func(x, z int) chunk.Pos {
			h, _ := gen.SurfaceAt(x, z)
			return chunk.PosOfBlock(x, h+4, z)
		}
		viewOf := func(c chunk.Pos, want func(chunk.Pos) bool) [][]byte {
			var out [][]byte
			for _, o := range order {
				p := chunk.Pos{X: c.X + o.X, Y: c.Y + o.Y, Z: c.Z + o.Z}
				if p.InWorld() && want(p) {
					out = append(out, frame(p))
				}
			}
			return out
		}
		all := func(chunk.Pos) bool { return true }
		sx, _, sz := gen.FindSpawn()
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range benchViews {
			// Spawn, then points up to 3,000 blocks away on random headings.
			a, d := rng.Float64()*2*math.Pi, float64(i)*150
			s := &benchStream{}
			s.add(viewOf(centre(sx+int(d*math.Cos(a)), sz+int(d*math.Sin(a))), all))
			benchData.views = append(benchData.views, s)
		}
		// The flight: the view recentres every second section crossed
		// (docs/protocol.md §9.4), and then the sections that entered are
		// sent nearest first from the new centre.
		fl := &benchStream{}
		a := rng.Float64() * 2 * math.Pi
		c := centre(sx, sz)
		fl.add(viewOf(c, all))
		for k := 1; k <= benchFlightCS; k++ {
			d := float64(k) * 2 * chunk.Size
			next := centre(sx+int(d*math.Cos(a)), sz+int(d*math.Sin(a)))
			old := resources.Cylinder{Center: c, Radius: benchRadius, Pad: 1}
			fl.add(viewOf(next, func(p chunk.Pos) bool { return !old.Contains(p) }))
			c = next
		}
		benchData.flight = fl
	})
	return benchData.views, benchData.flight
}

// compressStream runs s through the server's deflate sink, flushing after
// every perFlush frames (the batches the write loop drains), and returns
// the compressed size.
func compressStream(tb testing.TB, s *benchStream, level, perFlush int) int {
	var n countWriter
	d, err := newDeflateSink(&n, level)
	if err != nil {
		tb.Fatal(err)
	}
	for i, f := range s.frames {
		if err := d.frame(f); err != nil {
			tb.Fatal(err)
		}
		if (i+1)%perFlush == 0 || i == len(s.frames)-1 {
			if err := d.flush(); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return int(n)
}

// compressKept is compressStream with one compressor kept for the whole
// stream, so every batch is compressed against the 32 KiB before it: the
// design the server does not use (see deflateSink), for comparison.
func compressKept(tb testing.TB, s *benchStream, level, perFlush int) int {
	var n countWriter
	w, err := flate.NewWriter(&n, level)
	if err != nil {
		tb.Fatal(err)
	}
	for i, f := range s.frames {
		if _, err := w.Write(f); err != nil {
			tb.Fatal(err)
		}
		if (i+1)%perFlush == 0 || i == len(s.frames)-1 {
			if err := w.Flush(); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return int(n)
}

type countWriter int

func (c *countWriter) Write(b []byte) (int, error) {
	*c += countWriter(len(b))
	return len(b), nil
}

// BenchmarkDeflateChunks compresses the chunk streams of real views as the
// server does for clients granted deflate-chunks and reports, per
// section, the CPU (ns/section), the bytes before (raw-B/section) and
// after (wire-B/section) compression. "views" is twenty whole views (a
// client's first load), "flight" a straight flight across 120 sections
// (first view, then each recentre's new sections). "pooled" is the
// server's sink (a fresh compressor from the pool for every batch), at
// every level with a sync flush after each tick's 48 sections, and at the
// default level with smaller batches; "kept" keeps one compressor per
// stream (each batch compressed against the window before it), for
// comparison; "zstd-view" is the bound the issue quotes: zstd (default
// level) over each whole view's frames at once, no flushes.
func BenchmarkDeflateChunks(b *testing.B) {
	views, flight := benchFrames(b)
	sets := []struct {
		name    string
		streams []*benchStream
	}{{"views", views}, {"flight", []*benchStream{flight}}}
	type variant struct {
		mode            string
		level, perFlush int
		run             func(testing.TB, *benchStream, int, int) int
	}
	var variants []variant
	for _, level := range []int{1, 2, 3, 4, 5, 6, 7, 9} {
		variants = append(variants, variant{"pooled", level, benchPerTick, compressStream})
	}
	for _, per := range []int{1, 8} {
		variants = append(variants, variant{"pooled", DefaultDeflateLevel, per, compressStream})
	}
	for _, level := range []int{1, 3, DefaultDeflateLevel, 6, 9} {
		variants = append(variants, variant{"kept", level, benchPerTick, compressKept})
	}
	for _, set := range sets {
		sections, raw := 0, 0
		for _, s := range set.streams {
			sections += len(s.frames)
			raw += s.raw
		}
		report := func(b *testing.B, cpu0 time.Duration, wire int) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sections), "ns/section")
			b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N)/float64(sections), "cpu-ns/section")
			b.ReportMetric(float64(raw)/float64(sections), "raw-B/section")
			b.ReportMetric(float64(wire)/float64(sections), "wire-B/section")
			b.ReportMetric(0, "ns/op")
		}
		for _, v := range variants {
			b.Run(fmt.Sprintf("%s/%s/level=%d/batch=%d", set.name, v.mode, v.level, v.perFlush), func(b *testing.B) {
				wire := 0
				var cpu0 time.Duration
				for b.Loop() {
					if cpu0 == 0 {
						cpu0 = cputime.Process()
					}
					wire = 0
					for _, s := range set.streams {
						wire += v.run(b, s, v.level, v.perFlush)
					}
				}
				report(b, cpu0, wire)
			})
		}
		b.Run(set.name+"/zstd-view", func(b *testing.B) {
			enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
			if err != nil {
				b.Fatal(err)
			}
			defer enc.Close()
			var all, out []byte
			wire := 0
			var cpu0 time.Duration
			for b.Loop() {
				if cpu0 == 0 {
					cpu0 = cputime.Process()
				}
				wire = 0
				for _, s := range set.streams {
					all = all[:0]
					for _, f := range s.frames {
						all = append(all, f...)
					}
					out = enc.EncodeAll(all, out[:0])
					wire += len(out)
				}
			}
			report(b, cpu0, wire)
		})
	}
}

// BenchmarkDeflateMemory measures the server's memory for deflate-chunks:
// a compressor (heap-B/compressor, what the pool holds per batch being
// compressed at once), and what a client granted the feature holds
// between batches (heap-B/client), after the stream of a whole view.
func BenchmarkDeflateMemory(b *testing.B) {
	views, _ := benchFrames(b)
	const n = 64
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for _, level := range []int{1, 3, 4, 5, 6, 9} {
		b.Run(fmt.Sprintf("level=%d", level), func(b *testing.B) {
			var perCompressor, perClient float64
			for b.Loop() {
				ws := make([]*flate.Writer, 0, n)
				h0 := heap()
				for range n {
					w, err := flate.NewWriter(io.Discard, level)
					if err != nil {
						b.Fatal(err)
					}
					_, _ = w.Write(views[0].frames[0])
					_ = w.Flush()
					ws = append(ws, w)
				}
				perCompressor = float64(heap()-h0) / n
				runtime.KeepAlive(ws)
				ws = nil

				// One pass first, so that the pool holds a compressor at
				// both measurements: what is left is the clients' own.
				sinks := make([]*deflateSink, 0, n+1)
				for i := range n + 1 {
					if i == 1 {
						h0 = heap()
					}
					d, err := newDeflateSink(io.Discard, level)
					if err != nil {
						b.Fatal(err)
					}
					for j, f := range views[i%len(views)].frames {
						_ = d.frame(f)
						if (j+1)%benchPerTick == 0 {
							_ = d.flush()
						}
					}
					_ = d.flush()
					sinks = append(sinks, d)
				}
				perClient = max(float64(heap())-float64(h0), 0) / n
				runtime.KeepAlive(sinks)
			}
			b.ReportMetric(perCompressor, "heap-B/compressor")
			b.ReportMetric(perClient, "heap-B/client")
			b.ReportMetric(0, "ns/op")
		})
	}
}
