package physics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// sectionMap is a SectionWorld of whole sections: uniform, dense or
// missing (not resident).
type sectionMap map[chunk.Pos]chunk.Section

func (m sectionMap) Block(x, y, z int) (chunk.Block, bool) {
	s, ok := m[chunk.PosOfBlock(x, y, z)]
	if !ok {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return s.Get(lx, ly, lz), true
}

func (m sectionMap) Section(p chunk.Pos) (chunk.Section, bool) {
	s, ok := m[p]
	return s, ok
}

// blocksOnly hides a world's Section: the rules go block by block.
type blocksOnly struct{ w World }

func (b blocksOnly) Block(x, y, z int) (chunk.Block, bool) { return b.w.Block(x, y, z) }

// sweepBlocks is Sweep as it was before sections: every step block by block.
func sweepBlocks(w World, b AABB, d Vec) (blocked, unknown bool) {
	start := cellsOf(b)
	steps := int(math.Ceil(d.Len() / sweepStep))
	for i := 1; i <= steps; i++ {
		bl, un := overlapBlocks(w, cellsOf(b.Offset(d.Scale(float64(i)/float64(steps)))), start)
		blocked, unknown = blocked || bl, unknown || un
		if blocked {
			return
		}
	}
	return
}

// randomSections fills sections around the origin (and at the bottom and
// top of the world) with a mix of missing, uniform air, uniform solid,
// sparse and busy dense sections.
func randomSections(rng *rand.Rand) sectionMap {
	m := sectionMap{}
	for _, sy := range []int32{chunk.MinSectionY, chunk.MinSectionY + 1, 3, 4, 5, chunk.MaxSectionY - 1, chunk.MaxSectionY} {
		for sx := int32(-2); sx <= 1; sx++ {
			for sz := int32(-2); sz <= 1; sz++ {
				p := chunk.Pos{X: sx, Y: sy, Z: sz}
				switch rng.IntN(6) {
				case 0: // missing
				case 1:
					m[p] = chunk.Uniform(chunk.Air)
				case 2:
					m[p] = chunk.Uniform([]chunk.Block{chunk.Stone, chunk.Water, chunk.Sand}[rng.IntN(3)])
				default:
					s := chunk.Uniform([]chunk.Block{chunk.Air, chunk.Stone}[rng.IntN(2)])
					for range 1 + rng.IntN(800) {
						s.SetAt(rng.IntN(chunk.Volume), []chunk.Block{chunk.Air, chunk.Stone, chunk.Water, chunk.OakLeaves}[rng.IntN(4)])
					}
					m[p] = s
				}
			}
		}
	}
	return m
}

// randomPoint is near a section boundary, often exactly on a block face.
func randomPoint(rng *rand.Rand) Vec {
	coord := func(span float64) float64 {
		v := (rng.Float64()*2 - 1) * span
		switch rng.IntN(3) {
		case 0:
			v = math.Round(v)
		case 1:
			v = math.Round(v*10) / 10
		}
		return v
	}
	y := []float64{chunk.MinY, chunk.MaxY - 1, 64}[rng.IntN(3)] + coord(4)
	return Vec{coord(34), y, coord(34)}
}

func TestSectionsMatchBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 50 {
		w := randomSections(rng)
		bw := blocksOnly{w}
		for range 300 {
			p := randomPoint(rng)
			b := PlayerBox(p)
			// Overlap and Supported, with boxes of any size.
			box := AABB{Min: p, Max: p.Add(Vec{rng.Float64() * 20, rng.Float64() * 20, rng.Float64() * 20})}
			for _, bb := range []AABB{b, box} {
				gb, gu := Overlap(w, bb)
				wb, wu := overlapBlocks(bw, cellsOf(bb), cells{empty: true})
				if gb != wb || gu != wu {
					t.Fatalf("round %d: Overlap(%+v) = %v, %v; block by block %v, %v", round, bb, gb, gu, wb, wu)
				}
			}
			if Supported(w, p) != Supported(bw, p) {
				t.Fatalf("round %d: Supported(%+v) differs", round, p)
			}
			// Overlap ignoring the start's blocks.
			ign := cellsOf(PlayerBox(randomPoint(rng)))
			if rng.IntN(2) == 0 {
				ign = cellsOf(b)
			}
			gb, gu := newSectionCache(w).overlap(box, ign)
			wb, wu := overlapBlocks(bw, cellsOf(box), ign)
			if gb != wb || gu != wu {
				t.Fatalf("round %d: overlap(%+v, ignoring %+v) = %v, %v; block by block %v, %v", round, box, ign, gb, gu, wb, wu)
			}
			// Sweeps: short and long, in any direction.
			d := Vec{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Scale([]float64{0.2, 0.6, 3, 12}[rng.IntN(4)])
			if rng.IntN(4) == 0 {
				d.Y = 0
			}
			gb, gu = Sweep(w, b, d)
			wb, wu = sweepBlocks(bw, b, d)
			if gb != wb || gu != wu {
				t.Fatalf("round %d: Sweep(%+v, %+v) = %v, %v; block by block %v, %v", round, b, d, gb, gu, wb, wu)
			}
			if gb, gu := Sweep(bw, b, d); gb != wb || gu != wu {
				t.Fatalf("round %d: Sweep without sections (%+v, %+v) = %v, %v; want %v, %v", round, b, d, gb, gu, wb, wu)
			}
			to := p.Add(d)
			for _, mode := range []Mode{Walk, Fly} {
				for _, elapsed := range []int{1, 40} {
					if g, w := CheckMove(w, p, to, elapsed, mode, DefaultLimits()), CheckMove(bw, p, to, elapsed, mode, DefaultLimits()); g != w {
						t.Fatalf("round %d: CheckMove(%+v → %+v, %d, %v) = %v, block by block %v", round, p, to, elapsed, mode, g, w)
					}
				}
			}
		}
	}
}

func newSectionCache(w SectionWorld) *Sections { return &Sections{W: w} }

// TestSectionsFarAway checks boxes far outside the world's border, where
// the section walk gives way to blocks.
func TestSectionsFarAway(t *testing.T) {
	w := sectionMap{}
	for _, p := range []Vec{{1e13, 64, 0}, {-1e13, 64, -1e13}, {1e20, 64, 1e20}, {0.5, -1e6, 0.5}, {0.5, 1e6, 0.5}} {
		b := PlayerBox(p)
		gb, gu := Overlap(w, b)
		wb, wu := overlapBlocks(blocksOnly{w}, cellsOf(b), cells{empty: true})
		if gb != wb || gu != wu {
			t.Fatalf("Overlap at %+v = %v, %v; block by block %v, %v", p, gb, gu, wb, wu)
		}
	}
}

func BenchmarkCheckMove(b *testing.B) {
	w := sectionMap{}
	for sx := int32(-2); sx <= 1; sx++ {
		for sz := int32(-2); sz <= 1; sz++ {
			w[chunk.Pos{X: sx, Y: 3, Z: sz}] = chunk.Uniform(chunk.Stone)
			w[chunk.Pos{X: sx, Y: 4, Z: sz}] = chunk.Uniform(chunk.Air)
			w[chunk.Pos{X: sx, Y: 5, Z: sz}] = chunk.Uniform(chunk.Air)
		}
	}
	lim := DefaultLimits()
	for _, c := range []struct {
		name string
		w    World
		d    Vec
	}{
		{"walk/sections", w, Vec{0.2, 0, 0.1}},
		{"walk/blocks", blocksOnly{w}, Vec{0.2, 0, 0.1}},
		{"fly/sections", w, Vec{1.2, 0.5, 0.3}},
		{"fly/blocks", blocksOnly{w}, Vec{1.2, 0.5, 0.3}},
	} {
		b.Run(c.name, func(b *testing.B) {
			from := Vec{0.5, 70, 0.5}
			mode := Walk
			if c.d.Y != 0 {
				mode = Fly
			}
			for range b.N {
				if r := CheckMove(c.w, from, from.Add(c.d), 1, mode, lim); r != OK {
					b.Fatal(r)
				}
			}
		})
	}
}

func BenchmarkSupported(b *testing.B) {
	w := sectionMap{}
	for sx := int32(-2); sx <= 1; sx++ {
		for sz := int32(-2); sz <= 1; sz++ {
			s := chunk.Uniform(chunk.Air)
			s.Set(3, 0, 3, chunk.Stone) // dense: the ground section is read block by block
			w[chunk.Pos{X: sx, Y: 3, Z: sz}] = chunk.Uniform(chunk.Stone)
			w[chunk.Pos{X: sx, Y: 4, Z: sz}] = s
		}
	}
	c := newSectionCache(w)
	for _, p := range []Vec{{0.5, 64, 0.5}, {15.9, 64, 15.9}} {
		b.Run(fmt.Sprintf("%v", p), func(b *testing.B) {
			for range b.N {
				if !Supported(c, p) {
					b.Fatal("not supported")
				}
			}
		})
	}
}

// TestEpsAtIsMax: epsAt is max(eps, |v|·2⁻⁴⁸) for every number, near the
// origin and beyond the point where the second term wins.
func TestEpsAtIsMax(t *testing.T) {
	for _, v := range []float64{0, math.Copysign(0, -1), 1e-9, -0.5, 16, -30_000_000, 2.8e7, 2.9e7, -1 << 29, 1 << 40, math.MaxFloat64, math.Inf(1), math.Inf(-1)} {
		if got, want := epsAt(v), max(eps, math.Abs(v)*0x1p-48); got != want {
			t.Errorf("epsAt(%v) = %v, want %v", v, got, want)
		}
	}
}
