package worldgen

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/resources/chunk"
)

// spawnArea returns every section of the 16×16 section columns around the
// world spawn, all 24 sections high: the area a first player loads.
func spawnArea(g *Generator) []chunk.Pos {
	sx, _, sz := g.FindSpawn()
	c := chunk.PosOfBlock(sx, 0, sz)
	var ps []chunk.Pos
	for z := c.Z - 8; z < c.Z+8; z++ {
		for x := c.X - 8; x < c.X+8; x++ {
			for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
				ps = append(ps, chunk.Pos{X: x, Y: y, Z: z})
			}
		}
	}
	return ps
}

// BenchmarkGenerate generates every section of the spawn area on one
// goroutine and reports the mean time per section, and the means of the
// sections that came back uniform and non-uniform. Per-call timing adds
// some tens of nanoseconds to each figure.
func BenchmarkGenerate(b *testing.B) {
	for _, tc := range []struct {
		name string
		seed int64
	}{{"seed1", 1}, {"seed2", 2}, {"seed-99", -99}} {
		b.Run(tc.name, func(b *testing.B) {
			g := newGen(b, tc.seed)
			ps := spawnArea(g)
			var uniT, denseT time.Duration
			var uniN, denseN int
			for b.Loop() {
				for _, p := range ps {
					t0 := time.Now()
					s := g.Generate(p)
					d := time.Since(t0)
					if s.IsUniform() {
						uniT += d
						uniN++
					} else {
						denseT += d
						denseN++
					}
				}
			}
			us := func(d time.Duration, n int) float64 {
				if n == 0 {
					return 0
				}
				return float64(d.Nanoseconds()) / 1e3 / float64(n)
			}
			b.ReportMetric(us(uniT+denseT, uniN+denseN), "us/section")
			b.ReportMetric(us(uniT, uniN), "us/uniform")
			b.ReportMetric(us(denseT, denseN), "us/nonuniform")
			b.ReportMetric(100*float64(uniN)/float64(uniN+denseN), "%uniform")
			b.ReportMetric(0, "ns/op") // one op is a whole area: not meaningful
		})
	}
}

// BenchmarkGenerateParallel measures throughput with every core busy, as
// the generation worker pool runs it.
func BenchmarkGenerateParallel(b *testing.B) {
	g := newGen(b, 1)
	ps := spawnArea(g)
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			g.Generate(ps[int(next.Add(1))%len(ps)])
		}
	})
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "us/section")
}

func BenchmarkSurfaceColumns(b *testing.B) {
	g := newGen(b, 1)
	var out [chunk.Size * chunk.Size]Column
	i := int32(0)
	for b.Loop() {
		g.SurfaceColumns(i, -i, &out)
		i++
	}
}

// lodArea returns every LOD section at level of the 17×17 LOD columns
// around the spawn's, all section Ys: a ring's worth of the pyramid.
func lodArea(g *Generator, level int) []chunk.Pos {
	sx, _, sz := g.FindSpawn()
	c := chunk.PosOfBlock(sx, 0, sz)
	cx, cz := c.X>>level, c.Z>>level
	lo, hi := LODSectionYRange(level)
	var ps []chunk.Pos
	for z := cz - 8; z <= cz+8; z++ {
		for x := cx - 8; x <= cx+8; x++ {
			for y := lo; y <= hi; y++ {
				ps = append(ps, chunk.Pos{X: x, Y: y, Z: z})
			}
		}
	}
	return ps
}

// BenchmarkGenerateLOD measures GenerateLOD per section at each level on
// one goroutine, one call per section (no column shared; see
// BenchmarkPyramid in resources/lod for columns sampled once), with the
// means of the sections that came back uniform and non-uniform.
func BenchmarkGenerateLOD(b *testing.B) {
	g := newGen(b, 1)
	for level := 1; level <= MaxLODLevel; level++ {
		b.Run(fmt.Sprintf("L%d", level), func(b *testing.B) {
			ps := lodArea(g, level)
			var uniT, denseT time.Duration
			var uniN, denseN int
			for b.Loop() {
				for _, p := range ps {
					t0 := time.Now()
					s := g.GenerateLOD(p, level)
					d := time.Since(t0)
					if s.IsUniform() {
						uniT += d
						uniN++
					} else {
						denseT += d
						denseN++
					}
				}
			}
			us := func(d time.Duration, n int) float64 {
				if n == 0 {
					return 0
				}
				return float64(d.Nanoseconds()) / 1e3 / float64(n)
			}
			b.ReportMetric(us(uniT+denseT, uniN+denseN), "us/section")
			b.ReportMetric(us(uniT, uniN), "us/uniform")
			b.ReportMetric(us(denseT, denseN), "us/nonuniform")
			b.ReportMetric(100*float64(uniN)/float64(uniN+denseN), "%uniform")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkSampleLOD measures sampling one LOD column at each level, the
// part of a LOD section's cost its column's sections share.
func BenchmarkSampleLOD(b *testing.B) {
	g := newGen(b, 1)
	for level := 1; level <= MaxLODLevel; level++ {
		b.Run(fmt.Sprintf("L%d", level), func(b *testing.B) {
			var c LODColumn
			i := int32(0)
			for b.Loop() {
				g.SampleLOD(&c, i%17, i/17%17, level)
				i++
			}
		})
	}
}
