package lod

import (
	"testing"
	"time"

	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/worldgen"
)

// horizonColumns returns the LOD columns (levels ≥ 1) of one player's
// horizon at view 8, 7 levels, pad 1 (the players' slack), around the
// spawn: what the plugin builds for a player who joins an empty server.
func horizonColumns(tb testing.TB) (*worldgen.Generator, [][]pyramid.Pos) {
	tb.Helper()
	gen, err := worldgen.New(20261129, worldgen.LatestVersion)
	if err != nil {
		tb.Fatal(err)
	}
	x, y, z := gen.FindSpawn()
	v := pyramid.NewView(chunk.PosOfBlock(x, y, z), 8, 1, 7)
	v.Inward = true
	tiles := v.Tiles(nil)
	var cols [][]pyramid.Pos
	for i := 0; i < len(tiles); {
		j := i + 1
		for j < len(tiles) && tiles[j].Level == tiles[i].Level && tiles[j].X == tiles[i].X && tiles[j].Z == tiles[i].Z {
			j++
		}
		if tiles[i].Level > 0 {
			cols = append(cols, tiles[i:j])
		}
		i = j
	}
	return gen, cols
}

// BenchmarkHorizon builds one player's whole horizon (every LOD column
// sampled once, its sections cut and encoded) on one goroutine: the CPU
// the pool spends on a player joining an empty server. It reports the
// sections built and the cost per section, by level.
func BenchmarkHorizon(b *testing.B) {
	gen, cols := horizonColumns(b)
	ed := &editSnapshot{level0: map[chunk.Pos]*chunk.Section{}, lod: map[pyramid.Pos]bool{}}
	var perLevel [pyramid.MaxLevel + 1]time.Duration
	var count [pyramid.MaxLevel + 1]int
	sections := 0
	col := &worldgen.LODColumn{}
	b.ResetTimer()
	for range b.N {
		sections = 0
		for _, c := range cols {
			t0 := time.Now()
			out := buildColumn(gen, ed, c, make([]uint64, len(c)), col)
			perLevel[c[0].Level] += time.Since(t0)
			count[c[0].Level] += len(out)
			sections += len(out)
		}
	}
	b.ReportMetric(float64(sections), "sections")
	for l := 1; l <= pyramid.MaxLevel; l++ {
		if count[l] > 0 {
			b.ReportMetric(float64(perLevel[l].Microseconds())/float64(count[l]), "µs/section-L"+string(rune('0'+l)))
		}
	}
}
