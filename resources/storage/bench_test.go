package storage

import (
	"fmt"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// BenchmarkGroupCommit measures durable edits per second when each tick's
// edits go to disk in one synced batch, and the write amplification
// (physical bytes written by Pebble per edit). Each edit changes one block
// of a natural section (generated terrain near the surface); a tick's
// edits fall in distinct sections.
func BenchmarkGroupCommit(b *testing.B) {
	for _, perTick := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("edits=%d", perTick), func(b *testing.B) {
			db := openTest(b, b.TempDir())
			defer db.Close()
			w := NewWriter(db, 4, zerolog.Nop())
			w.Start()
			defer w.Stop()
			gen, err := worldgen.New(1, worldgen.LatestVersion)
			if err != nil {
				b.Fatal(err)
			}
			var natural []chunk.Section
			for x := int32(0); x < 16; x++ {
				natural = append(natural, gen.Generate(chunk.Pos{X: x, Y: 3, Z: x}))
			}
			before := db.Stats().BytesWritten
			var results []Result
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				wr := Write{Token: uint64(i)}
				for j := 0; j < perTick; j++ {
					s := natural[(i+j)%len(natural)].Clone()
					s.SetAt((i*perTick+j)%chunk.Volume, chunk.Gravel)
					wr.Sections = append(wr.Sections, SectionWrite{Pos: chunk.Pos{X: int32(j), Z: int32(i % 64)}, Revision: uint64(i), Section: s})
				}
				w.Submit(wr)
				results = w.Wait(results[:0])
			}
			b.StopTimer()
			edits := float64(b.N * perTick)
			b.ReportMetric(edits/b.Elapsed().Seconds(), "edits/s")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/commit")
			b.ReportMetric(float64(db.Stats().BytesWritten-before)/edits, "bytes/edit")
		})
	}
}
