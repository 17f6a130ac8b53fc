package client

import (
	"bytes"
	"flag"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klauspost/compress/flate"

	"github.com/stratavox/strata/internal/cputime"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// dumpView, when set, writes the benchmark's view to files for decoders
// outside Go (the browser's DecompressionStream): DIR/view.deflate (the
// chunk stream as the server compresses it, a sync flush every 48
// sections) and DIR/view.raw (the same frames uncompressed).
var dumpView = flag.String("dump-view", "", "write the benchmark view's chunk stream to this directory")

// benchView is the chunk stream of one radius-8 view of the default world
// around its spawn, nearest first, compressed at the server's default
// level with a sync flush every 48 sections (a tick's batch), ended by a
// final block so that it ends cleanly.
var benchView struct {
	once           sync.Once
	raw, deflated  []byte
	sections, size int
}

func view(tb testing.TB) ([]byte, []byte, int) {
	benchView.once.Do(func() {
		gen, err := worldgen.New(20261129, worldgen.LatestVersion) // strata serve's default seed
		if err != nil {
			panic(err)
		}
		x, y, z := gen.FindSpawn()
		c := chunk.PosOfBlock(x, y, z)
		var enc wire.SectionEncoder
		var raw, out bytes.Buffer
		w, _ := flate.NewWriter(&out, transport.DefaultDeflateLevel)
		n := 0
		for _, o := range resources.NearestFirst(8, 1) {
			p := chunk.Pos{X: c.X + o.X, Y: c.Y + o.Y, Z: c.Z + o.Z}
			if !p.InWorld() {
				continue
			}
			s := gen.Generate(p)
			f := enc.Encode(p, 1, &s).Bytes()
			raw.Write(f)
			_, _ = w.Write(f)
			if n++; n%48 == 0 {
				_ = w.Flush()
			}
		}
		_ = w.Close() // a final block: the stream ends cleanly
		benchView.raw, benchView.deflated, benchView.sections = raw.Bytes(), out.Bytes(), n
	})
	if *dumpView != "" {
		for name, b := range map[string][]byte{"view.deflate": benchView.deflated, "view.raw": benchView.raw} {
			if err := os.WriteFile(*dumpView+"/"+name, b, 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return benchView.raw, benchView.deflated, benchView.sections
}

// BenchmarkInflateChunks is the Go client's side of deflate-chunks: the
// CPU per section of reading a view's chunk stream (frames and their
// ChunkMessages) plain and compressed; the difference is what
// decompression costs.
func BenchmarkInflateChunks(b *testing.B) {
	raw, deflated, sections := view(b)
	for _, tt := range []struct {
		name    string
		data    []byte
		deflate bool
	}{{"plain", raw, false}, {"deflate", deflated, true}} {
		b.Run(tt.name, func(b *testing.B) {
			var cpu0 time.Duration
			for b.Loop() {
				if cpu0 == 0 {
					cpu0 = cputime.Process()
				}
				var w, d atomic.Uint64
				r := chunkSource(bytes.NewReader(tt.data), tt.deflate, &w, &d)
				for {
					p, err := frame.ReadFrame(r, frame.ChunkCap)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					if _, err := frame.DecodeChunk(p); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sections), "ns/section")
			b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N)/float64(sections), "cpu-ns/section")
			b.ReportMetric(float64(len(tt.data))/float64(sections), "wire-B/section")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkInflateMemory is the heap a connection's chunk-stream reader
// holds (decoder with its window and buffers), plain and compressed.
func BenchmarkInflateMemory(b *testing.B) {
	raw, deflated, _ := view(b)
	const n = 64
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for _, tt := range []struct {
		name    string
		data    []byte
		deflate bool
	}{{"plain", raw, false}, {"deflate", deflated, true}} {
		b.Run(tt.name, func(b *testing.B) {
			var per float64
			for b.Loop() {
				readers := make([]io.Reader, 0, n)
				h0 := heap()
				for range n {
					var w, d atomic.Uint64
					r := chunkSource(bytes.NewReader(tt.data), tt.deflate, &w, &d)
					if _, err := frame.ReadFrame(r, frame.ChunkCap); err != nil {
						b.Fatal(err)
					}
					readers = append(readers, r)
				}
				per = float64(heap()-h0) / n
				runtime.KeepAlive(readers)
			}
			b.ReportMetric(per, "heap-B/connection")
			b.ReportMetric(0, "ns/op")
		})
	}
}
