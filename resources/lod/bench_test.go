package lod

import (
	"fmt"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/cputime"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// BenchmarkTiles measures computing one viewer's tiling (radius 8, pad 1,
// seven levels): what a view costs each time one of its centres moves.
func BenchmarkTiles(b *testing.B) {
	v := NewView(chunk.Pos{X: 3, Y: 4, Z: -2}, 8, 1, 7)
	var dst []Pos
	for b.Loop() {
		dst = v.Tiles(dst[:0])
	}
	b.ReportMetric(float64(len(dst)), "tiles")
}

// spawnView is the pyramid of a player standing at the world spawn.
func spawnView(b *testing.B, seed int64, pad int) (*worldgen.Generator, []Pos) {
	g, err := worldgen.New(seed, worldgen.LatestVersion)
	if err != nil {
		b.Fatal(err)
	}
	x, y, z := g.FindSpawn()
	v := NewView(chunk.PosOfBlock(x, y, z), 8, pad, 7)
	return g, v.Tiles(nil)
}

// BenchmarkPyramid builds one player's whole horizon from nothing on one
// goroutine: every LOD section (levels 1..7) of the tiling at view radius
// 8 around the spawn, each LOD column sampled once for all its sections
// (SampleLOD, then Section per section), as a job per column would. It
// reports the total (ms/pyramid, the figure to keep under one core-second)
// and the mean cost per section at each level; cpu-ms/pyramid is the
// process's CPU time per pyramid (the garbage collector included), which
// a loaded machine does not inflate.
func BenchmarkPyramid(b *testing.B) {
	for _, tc := range []struct {
		seed int64
		pad  int
	}{{1, 0}, {1, 1}, {2, 0}, {-99, 0}} {
		b.Run(fmt.Sprintf("seed%d_pad%d", tc.seed, tc.pad), func(b *testing.B) {
			g, tiles := spawnView(b, tc.seed, tc.pad)
			var perLevel [MaxLevel + 1]time.Duration
			var count [MaxLevel + 1]int
			var c worldgen.LODColumn
			runs := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				runs++
				for i := 0; i < len(tiles); {
					p := tiles[i]
					if p.Level == 0 {
						i++
						continue
					}
					t0 := time.Now()
					g.SampleLOD(&c, p.X, p.Z, int(p.Level))
					// Tiles are sorted by level, X, Z, Y: a column's
					// sections are consecutive.
					j := i
					for ; j < len(tiles) && tiles[j].Level == p.Level && tiles[j].X == p.X && tiles[j].Z == p.Z; j++ {
						s := c.Section(tiles[j].Y)
						_ = s
					}
					perLevel[p.Level] += time.Since(t0)
					count[p.Level] += j - i
					i = j
				}
			}
			var total time.Duration
			n := 0
			for l := 1; l <= MaxLevel; l++ {
				total += perLevel[l]
				n += count[l]
				b.ReportMetric(float64(perLevel[l].Nanoseconds())/float64(max(count[l], 1)), fmt.Sprintf("ns/L%d", l))
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(runs), "ms/pyramid")
			b.ReportMetric(float64((cputime.Process()-cpu0).Milliseconds())/float64(runs), "cpu-ms/pyramid")
			b.ReportMetric(float64(n/runs), "sections")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkPyramidPerSection is BenchmarkPyramid with one GenerateLOD
// per section (no column shared): what a pool of per-section jobs costs.
func BenchmarkPyramidPerSection(b *testing.B) {
	g, tiles := spawnView(b, 1, 0)
	runs, n := 0, 0
	for b.Loop() {
		runs++
		for _, p := range tiles {
			if p.Level > 0 {
				g.GenerateLOD(p.Pos, int(p.Level))
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(runs), "ms/pyramid")
	b.ReportMetric(float64(n/runs), "sections")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkBuildEdited measures rebuilding the seven ancestors of one
// edited level-0 section finest first, each from the one just built (a
// sample and a downsample a level), as an edit's rebuild off the tick
// would.
func BenchmarkBuildEdited(b *testing.B) {
	g, err := worldgen.New(1, worldgen.LatestVersion)
	if err != nil {
		b.Fatal(err)
	}
	e := &edits{g: g, sections: map[chunk.Pos]chunk.Section{}}
	e.set(1000, 80, 1000, chunk.Stone)
	anc := Ancestors(nil, chunk.PosOfBlock(1000, 80, 1000), MaxLevel)
	for b.Loop() {
		var prev chunk.Section
		for _, p := range anc {
			prev = Build(p, e.natural, e.edited, func(c Pos) chunk.Section {
				if c.Level == 0 {
					return e.level0(c.Pos)
				}
				return prev // the only edited child: the ancestor just built
			})
		}
	}
}
