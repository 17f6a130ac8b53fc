// Command chunkstream writes a recorded chunk stream of real section
// frames, compressed as the server compresses it for a client granted
// deflate-chunks, for the browser's inflate benchmark
// (web/scripts/bench-inflate.mjs):
//
//	go run ./web/internal/chunkstream -out /tmp/flight.deflate
//
// The frames are those of net's BenchmarkDeflateChunks "flight": the
// default world (seed 20261129), a radius-8 view at spawn, then each
// recentre's new sections along a straight flight of 120 sections, framed
// by the server's SectionEncoder in the deliver system's order (nearest
// first). They are compressed as net's deflateSink does: one raw DEFLATE
// stream (klauspost/compress/flate, level 4), a fresh compressor per batch
// of -batch frames, each batch ending with a sync flush.
//
// Beside -out it writes -out.json: {"sections", "frames_bytes",
// "batch_ends"} (the offset where each batch's flush ends).
package main

import (
	"encoding/json"
	"flag"
	"log"
	"math"
	"math/rand/v2"
	"os"

	"github.com/klauspost/compress/flate"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

type outBuf struct{ b []byte }

func (o *outBuf) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

func main() {
	out := flag.String("out", "/tmp/flight.deflate", "compressed stream to write")
	seed := flag.Int64("seed", 20261129, "world seed (strata serve's default)")
	radius := flag.Int("radius", 8, "view distance, sections")
	recentres := flag.Int("recentres", 60, "view recentres of the flight (every 2 sections)")
	batch := flag.Int("batch", 48, "frames per flushed batch (a tick's budget)")
	level := flag.Int("level", transport.DefaultDeflateLevel, "DEFLATE level")
	flag.Parse()

	gen, err := worldgen.New(*seed, worldgen.LatestVersion)
	if err != nil {
		log.Fatal(err)
	}
	var enc wire.SectionEncoder
	order := resources.NearestFirst(*radius, 1)
	var frames [][]byte
	raw := 0
	add := func(p chunk.Pos) {
		s := gen.Generate(p)
		f := append([]byte(nil), enc.Encode(p, 1, &s).Bytes()...)
		frames = append(frames, f)
		raw += len(f)
	}
	centre := func(x, z int) chunk.Pos {
		h, _ := gen.SurfaceAt(x, z)
		return chunk.PosOfBlock(x, h+4, z)
	}
	view := func(c chunk.Pos, want func(chunk.Pos) bool) {
		for _, o := range order {
			p := chunk.Pos{X: c.X + o.X, Y: c.Y + o.Y, Z: c.Z + o.Z}
			if p.InWorld() && want(p) {
				add(p)
			}
		}
	}
	// The same heading as the benchmark's flight: its generator after the
	// twenty views' draws.
	sx, _, sz := gen.FindSpawn()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		rng.Float64()
	}
	a := rng.Float64() * 2 * math.Pi
	c := centre(sx, sz)
	view(c, func(chunk.Pos) bool { return true })
	for k := 1; k <= *recentres; k++ {
		d := float64(k) * 2 * chunk.Size
		next := centre(sx+int(d*math.Cos(a)), sz+int(d*math.Sin(a)))
		old := resources.Cylinder{Center: c, Radius: *radius, Pad: 1}
		view(next, func(p chunk.Pos) bool { return !old.Contains(p) })
		c = next
	}

	var all outBuf
	var ends []int
	for i := 0; i < len(frames); i += *batch {
		var b outBuf
		w, err := flate.NewWriter(&b, *level)
		if err != nil {
			log.Fatal(err)
		}
		for _, f := range frames[i:min(i+*batch, len(frames))] {
			if _, err := w.Write(f); err != nil {
				log.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			log.Fatal(err)
		}
		all.Write(b.b)
		ends = append(ends, len(all.b))
	}
	if err := os.WriteFile(*out, all.b, 0o644); err != nil {
		log.Fatal(err)
	}
	meta, _ := json.Marshal(map[string]any{"sections": len(frames), "frames_bytes": raw, "batch_ends": ends})
	if err := os.WriteFile(*out+".json", meta, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d sections, %d bytes of frames, %d compressed (%.1f B/section) in %d batches: %s",
		len(frames), raw, len(all.b), float64(len(all.b))/float64(len(frames)), len(ends), *out)
}
