package worldgen

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// TestLODSamplesMatchLevel0 checks that a LOD sample's height, biome and
// surface blocks are level 0's at the sampled column, bit for bit, at
// every level (at levels 1 and 2 with the mean height of the cell's
// columns): the sampler shares the lattices, it does not approximate them.
func TestLODSamplesMatchLevel0(t *testing.T) {
	for _, seed := range []int64{1, -123456789} {
		g := newGen(t, seed)
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		for level := 1; level <= MaxLODLevel; level++ {
			for n := 0; n < 6; n++ {
				x, z := int32(r.IntN(2000)-1000)>>(level-1), int32(r.IntN(2000)-1000)>>(level-1)
				var c LODColumn
				g.SampleLOD(&c, x, z, level)
				for i := 0; i < len(c.samples); i += 37 {
					s := 1 << level
					bx := c.x0 + (i%chunk.Size)*s + s/2
					bz := c.z0 + (i/chunk.Size)*s + s/2
					want := g.terrainColumn(bx, bz)
					if level <= 2 {
						// The height is the floored mean of the cell's
						// columns; the rest is classified at the centre.
						sum := 0
						for dz := -s / 2; dz < s/2; dz++ {
							for dx := -s / 2; dx < s/2; dx++ {
								h, _ := g.SurfaceAt(bx+dx, bz+dz)
								sum += h
							}
						}
						var a area
						a.init(g, floorDivN(bx, chunk.Size)*chunk.Size, floorDivN(bz, chunk.Size)*chunk.Size)
						clim := a.climateAt(bx, bz)
						want = g.columnOf(&clim, bx, bz, sum/(s*s))
					}
					got := c.samples[i].col
					if got != want {
						t.Fatalf("seed %d level %d column (%d,%d) sample %d: got %+v, level 0 has %+v", seed, level, x, z, i, got, want)
					}
				}
			}
		}
	}
}

// TestGenerateLODDeterministic generates the same LOD sections from
// several goroutines, and from a second generator of the same seed, and
// checks they agree, and that GenerateLOD agrees with SampleLOD+Section
// (its shortcuts change nothing).
func TestGenerateLODDeterministic(t *testing.T) {
	g1, g2 := newGen(t, 5), newGen(t, 5)
	type key struct {
		p     chunk.Pos
		level int
	}
	var keys []key
	for level := 1; level <= MaxLODLevel; level++ {
		lo, hi := LODSectionYRange(level)
		for y := lo - 1; y <= hi+1; y++ {
			keys = append(keys, key{chunk.Pos{X: 3, Y: y, Z: -2}, level}, key{chunk.Pos{X: -7, Y: y, Z: 11}, level})
		}
	}
	want := make([]uint64, len(keys))
	var c LODColumn // reused across levels and places: nothing carries over
	for i, k := range keys {
		s := g1.GenerateLOD(k.p, k.level)
		want[i] = s.Hash()
		g2.SampleLOD(&c, k.p.X, k.p.Z, k.level)
		if s2 := c.Section(k.p.Y); s2.Hash() != want[i] {
			t.Errorf("level %d %v: GenerateLOD and SampleLOD+Section differ", k.level, k.p)
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := len(keys) - 1; i >= 0; i-- {
				if s := g2.GenerateLOD(keys[i].p, keys[i].level); s.Hash() != want[i] {
					t.Errorf("level %d %v: differs between goroutines", keys[i].level, keys[i].p)
				}
			}
		}()
	}
	wg.Wait()
}

// slowLODSection is LODColumn.Section without its shortcuts: every cell
// from the rule as documented.
func slowLODSection(c *LODColumn, y int32) chunk.Section {
	s := 1 << c.level
	y0 := int(y) * chunk.Size * s
	cells := new([chunk.Volume]uint16)
	for i := range c.samples {
		sm := &c.samples[i]
		for k := 0; k < chunk.Size; k++ {
			lo, hi := y0+k*s, y0+(k+1)*s-1
			if !sm.occupied(lo, hi) {
				continue
			}
			if !sm.occupied(hi+1, hi+s) {
				hi += s
			}
			cells[i+k*256] = uint16(sm.topMost(lo, hi))
		}
	}
	return chunk.FromCells(cells)
}

// TestLODShortcuts checks that the uniform shortcuts (sky, rock) give
// what the per-cell rule gives, over whole columns of every level in
// several places (ocean, plains, mountains).
func TestLODShortcuts(t *testing.T) {
	for _, seed := range []int64{1, 2, -99} {
		g := newGen(t, seed)
		for level := 1; level <= MaxLODLevel; level++ {
			for _, xz := range [][2]int32{{0, 0}, {-3, 5}, {9, -9}} {
				var c LODColumn
				g.SampleLOD(&c, xz[0], xz[1], level)
				lo, hi := LODSectionYRange(level)
				for y := lo; y <= hi; y++ {
					got, want := g.GenerateLOD(chunk.Pos{X: xz[0], Y: y, Z: xz[1]}, level), slowLODSection(&c, y)
					if !got.Equal(&want) {
						t.Errorf("seed %d level %d (%d,%d,%d): shortcut differs from the per-cell rule", seed, level, xz[0], y, xz[1])
					}
				}
			}
		}
	}
}

// TestGenerateLODOutsideWorld: levels and positions outside the world are air.
func TestGenerateLODOutsideWorld(t *testing.T) {
	g := newGen(t, 1)
	for _, tc := range []struct {
		p     chunk.Pos
		level int
	}{
		{chunk.Pos{Y: 10}, 1}, {chunk.Pos{Y: -3}, 1}, {chunk.Pos{Y: 1}, 5}, {chunk.Pos{Y: -2}, 7},
		{chunk.Pos{}, MaxLODLevel + 1}, {chunk.Pos{}, -1},
		{chunk.Pos{X: chunk.BorderSections/2 + 1, Y: 0}, 1},
	} {
		if s := g.GenerateLOD(tc.p, tc.level); !s.IsUniform() || s.UniformBlock() != chunk.Air {
			t.Errorf("level %d %v: not air", tc.level, tc.p)
		}
	}
	// The last LOD section holding the border's last column is not empty
	// at the surface.
	if s := g.GenerateLOD(chunk.Pos{X: chunk.BorderSections / 2, Y: 1, Z: 0}, 1); s.IsUniform() && s.UniformBlock() == chunk.Air {
		t.Errorf("border LOD section is air")
	}
}
