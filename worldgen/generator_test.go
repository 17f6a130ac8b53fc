package worldgen

import (
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

const testSeed = 1

func newGen(t testing.TB, seed int64) *Generator {
	t.Helper()
	g, err := New(seed, LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNewRejectsUnknownVersions(t *testing.T) {
	for _, v := range []int{-1, 0, 2, 99} {
		if _, err := New(1, v); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("New(1, %d) error %v, want ErrUnknownVersion", v, err)
		}
	}
	g, err := New(42, Version1)
	if err != nil || g.Seed() != 42 || g.Version() != Version1 {
		t.Fatalf("New(42, 1) = %v, %v", g, err)
	}
}

// detPositions is a spread of sections for the determinism tests: a full
// column at the origin, negatives, far away.
func detPositions() []chunk.Pos {
	var ps []chunk.Pos
	for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
		ps = append(ps, chunk.Pos{X: 3, Y: y, Z: -2}, chunk.Pos{X: -40, Y: y, Z: 17})
	}
	for _, y := range []int32{-4, 0, 3, 4, 5} {
		ps = append(ps, chunk.Pos{X: 62500, Y: y, Z: -62500}, chunk.Pos{X: -9, Y: y, Z: -9})
	}
	return ps
}

func TestDeterministicAcrossGoroutinesAndOrder(t *testing.T) {
	ps := detPositions()
	want := make([]uint64, len(ps))
	g1 := newGen(t, testSeed)
	for i, p := range ps {
		s := g1.Generate(p)
		want[i] = s.Hash()
	}
	// A second generator, many goroutines, shuffled order, each position
	// twice: the same hashes.
	g2 := newGen(t, testSeed)
	order := make([]int, 0, 2*len(ps))
	for i := range ps {
		order = append(order, i, i)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	got := make([]uint64, 2*len(ps))
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := w; k < len(order); k += 8 {
				s := g2.Generate(ps[order[k]])
				got[k] = s.Hash()
			}
		}(w)
	}
	wg.Wait()
	for k, i := range order {
		if got[k] != want[i] {
			t.Errorf("%v: hash %x, sequential run gave %x", ps[i], got[k], want[i])
		}
	}
	// A different seed gives a different world: underground, where caves
	// and ores are everywhere, no section may repeat (open sea sections
	// may: water and air look alike under any seed).
	g3 := newGen(t, testSeed+1)
	for i, p := range ps {
		if s := g3.Generate(p); p.Y <= 0 && s.Hash() == want[i] {
			t.Errorf("%v identical under another seed", p)
		}
	}
}

func TestOutsideWorldIsAir(t *testing.T) {
	g := newGen(t, testSeed)
	for _, p := range []chunk.Pos{{Y: chunk.MinSectionY - 1}, {Y: chunk.MaxSectionY + 1}, {X: chunk.BorderSections + 1, Y: 4}} {
		if s := g.Generate(p); !s.IsUniform() || s.UniformBlock() != chunk.Air {
			t.Errorf("%v: not uniform air", p)
		}
	}
}

func TestBedrockFloor(t *testing.T) {
	g := newGen(t, testSeed)
	for _, p := range []chunk.Pos{{X: 0, Z: 0}, {X: -5, Z: 9}, {X: 62500, Z: 62500}} {
		p.Y = chunk.MinSectionY
		s := g.Generate(p)
		for z := 0; z < chunk.Size; z++ {
			for x := 0; x < chunk.Size; x++ {
				if b := s.Get(x, 0, z); b != chunk.Bedrock {
					t.Fatalf("%v: (%d,%d) at Y -64 is %v", p, x, z, b)
				}
				for y := 5; y < chunk.Size; y++ {
					if s.Get(x, y, z) == chunk.Bedrock {
						t.Fatalf("%v: bedrock above Y -60", p)
					}
				}
			}
		}
	}
}

func TestDeepslateBelowZero(t *testing.T) {
	g := newGen(t, testSeed)
	for _, p := range []chunk.Pos{{X: 2, Y: -1, Z: 2}, {X: -7, Y: -2, Z: 3}} {
		s := g.Generate(p)
		for i := 0; i < chunk.Volume; i++ {
			if s.At(i) == chunk.Stone {
				t.Fatalf("%v: stone below Y 0", p)
			}
		}
	}
}

func TestSkyAndDeepWaterAreUniform(t *testing.T) {
	g := newGen(t, testSeed)
	for y := int32(15); y <= chunk.MaxSectionY; y++ {
		if s := g.Generate(chunk.Pos{X: 1, Y: y, Z: 1}); !s.IsUniform() || s.UniformBlock() != chunk.Air {
			t.Errorf("sky section Y %d is not uniform air", y)
		}
	}
	// Find a deep ocean column and check the open water under the surface.
	x, z, ok := findColumn(g, func(h int, b Biome) bool { return b == Ocean && h < 40 })
	if !ok {
		t.Skip("no deep ocean found")
	}
	p := chunk.PosOfBlock(x, SeaLevel-20, z)
	h, _ := g.SurfaceAt(x, z)
	t.Logf("deep ocean at (%d,%d), floor %d", x, z, h)
	if s := g.Generate(p); s.IsUniform() && s.UniformBlock() != chunk.Water {
		t.Errorf("%v: uniform %v under the sea", p, s.UniformBlock())
	}
}

// findColumn scans section-column centres outwards for a matching column.
func findColumn(g *Generator, ok func(h int, b Biome) bool) (x, z int, found bool) {
	for r := 0; r < 200; r++ {
		for _, d := range [][2]int{{r, 0}, {-r, 0}, {0, r}, {0, -r}, {r, r}, {-r, -r}, {r, -r}, {-r, r}} {
			x, z := d[0]*16+8, d[1]*16+8
			c := g.terrainColumn(x, z)
			if ok(c.height, c.biome) {
				return x, z, true
			}
		}
	}
	return 0, 0, false
}

func TestWaterAtSeaLevelInOceans(t *testing.T) {
	g := newGen(t, testSeed)
	checked := 0
	for i := 0; i < 400 && checked < 20; i++ {
		x, z := i*97-20000, i*61-9000
		h, _ := g.SurfaceAt(x, z)
		if g.BiomeAt(x, z) != Ocean {
			continue
		}
		checked++
		for y := h + 1; y <= SeaLevel; y++ {
			b := blockAt(g, x, y, z)
			if b != chunk.Water && !(y == SeaLevel && b == chunk.Ice) {
				t.Fatalf("ocean (%d,%d) floor %d: Y %d is %v", x, z, h, y, b)
			}
		}
		if b := blockAt(g, x, SeaLevel+1, z); b != chunk.Air {
			t.Fatalf("ocean (%d,%d): above sea level is %v", x, z, b)
		}
		if b := blockAt(g, x, h, z); !b.Solid() {
			t.Fatalf("ocean (%d,%d): floor is %v", x, z, b)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d ocean columns found", checked)
	}
}

// blockAt generates the section holding a block and reads it: slow, tests only.
func blockAt(g *Generator, x, y, z int) chunk.Block {
	s := g.Generate(chunk.PosOfBlock(x, y, z))
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return s.Get(lx, ly, lz)
}

func TestSurfaceMatchesSections(t *testing.T) {
	g := newGen(t, testSeed)
	for i := 0; i < 60; i++ {
		x, z := i*131-3000, i*-37+500
		h, top := g.SurfaceAt(x, z)
		if b := blockAt(g, x, h, z); b != top {
			t.Fatalf("(%d,%d): SurfaceAt says %v at %d, section has %v", x, z, top, h, b)
		}
		if b := blockAt(g, x, h+1, z); b.Solid() && b != chunk.OakLog && b != chunk.SpruceLog && b != chunk.Cactus && b != chunk.Ice {
			t.Fatalf("(%d,%d): %v above the surface", x, z, b)
		}
	}
}

func TestFindSpawnIsDryLand(t *testing.T) {
	for _, seed := range []int64{1, 2, -99} {
		g := newGen(t, seed)
		x, y, z := g.FindSpawn()
		h, top := g.SurfaceAt(x, z)
		if y != h+1 || h <= SeaLevel || !top.Solid() {
			t.Errorf("seed %d: spawn (%d,%d,%d) over %v at %d", seed, x, y, z, top, h)
		}
	}
}

func TestHeightUpperBound(t *testing.T) {
	g := newGen(t, testSeed)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 2000; n++ {
		x, z := r.IntN(200000)-100000, r.IntN(200000)-100000
		c := g.coarseAt(x&^15, z&^15)
		up := heightUpper(&c)
		for _, d := range [][2]float64{{-1, -1}, {-1, 1}, {1, 1}, {0, 0}, {0.3, -0.7}} {
			if h := heightAt(&c, d[0], d[1]); h > up {
				t.Fatalf("height %v above its bound %v", h, up)
			}
		}
	}
}

// Trees find their root heights with heightOf and sections fill columns
// from computeHeights: they must agree block for block, or trees float.
func TestComputeHeightsMatchesHeightOf(t *testing.T) {
	g := newGen(t, testSeed)
	for _, c := range [][2]int{{0, 0}, {-16, 48}, {1000000, -1000000}, {-3, 5}} {
		var a, b area
		x0, z0 := floorDivN(c[0], 16)*16, floorDivN(c[1], 16)*16
		a.init(g, x0, z0)
		a.computeHeights()
		b.init(g, x0, z0)
		for i := range a.heights {
			if h := b.heightOf(x0+i%16, z0+i/16); h != int(a.heights[i]) {
				t.Fatalf("(%d,%d): heightOf %d, computeHeights %d", x0+i%16, z0+i/16, h, a.heights[i])
			}
		}
	}
}
