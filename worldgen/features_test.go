package worldgen

import (
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// region is a box of generated sections, readable by world coordinates.
type region struct {
	min    chunk.Pos // in sections
	nx, ny int       // size in sections (nz = nx)
	secs   []chunk.Section
}

func generateRegion(g *Generator, min chunk.Pos, nx, ny int) *region {
	r := &region{min: min, nx: nx, ny: ny, secs: make([]chunk.Section, nx*ny*nx)}
	for k := 0; k < ny; k++ {
		for j := 0; j < nx; j++ {
			for i := 0; i < nx; i++ {
				r.secs[(k*nx+j)*nx+i] = g.Generate(min.Add(int32(i), int32(k), int32(j)))
			}
		}
	}
	return r
}

// at returns the block at world (x, y, z) and whether it is in the region.
func (r *region) at(x, y, z int) (chunk.Block, bool) {
	p := chunk.PosOfBlock(x, y, z)
	i, k, j := int(p.X-r.min.X), int(p.Y-r.min.Y), int(p.Z-r.min.Z)
	if i < 0 || j < 0 || k < 0 || i >= r.nx || j >= r.nx || k >= r.ny {
		return 0, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return r.secs[(k*r.nx+j)*r.nx+i].Get(lx, ly, lz), true
}

func isLeaves(b chunk.Block) bool { return b == chunk.OakLeaves || b == chunk.SpruceLeaves }
func isLog(b chunk.Block) bool    { return b == chunk.OakLog || b == chunk.SpruceLog }

// treeRegion finds a wooded spot of the given biome and generates the
// sections around its surface.
func treeRegion(t *testing.T, g *Generator, biome Biome) *region {
	t.Helper()
	x, z, ok := findColumn(g, func(h int, b Biome) bool { return b == biome && h > SeaLevel+2 && h < 140 })
	if !ok {
		t.Skipf("no %v found", biome)
	}
	h, _ := g.SurfaceAt(x, z)
	p := chunk.PosOfBlock(x, h, z)
	return generateRegion(g, chunk.Pos{X: p.X - 2, Y: p.Y - 1, Z: p.Z - 2}, 5, 3)
}

// TestTreesSeamless draws every tree rooted in the region's inner columns
// from its root alone and checks each block against the generated
// sections, wherever the section borders fall.
func TestTreesSeamless(t *testing.T) {
	g := newGen(t, testSeed)
	for _, biome := range []Biome{Forest, Snowy} {
		r := treeRegion(t, g, biome)
		trees, crossing := 0, 0
		x0, z0 := int(r.min.X+1)*chunk.Size, int(r.min.Z+1)*chunk.Size
		x1, z1 := x0+(r.nx-2)*chunk.Size, z0+(r.nx-2)*chunk.Size
		for cz := floorDivN(z0, treeCell); cz <= floorDivN(z1, treeCell); cz++ {
			for cx := floorDivN(x0, treeCell); cx <= floorDivN(x1, treeCell); cx++ {
				var a area
				a.init(g, floorDivN(cx*treeCell, 16)*16, floorDivN(cz*treeCell, 16)*16)
				tr, ok := a.treeIn(cx, cz)
				if !ok {
					continue
				}
				trees++
				secs := map[chunk.Pos]bool{}
				tr.forEach(g.hseed, func(x, y, z int, b chunk.Block) {
					got, in := r.at(x, y, z)
					if !in {
						t.Fatalf("tree at (%d,%d,%d) leaves the test region", tr.x, tr.y, tr.z)
					}
					secs[chunk.PosOfBlock(x, y, z)] = true
					switch {
					case got == b:
					case isLeaves(b) && (isLeaves(got) || isLog(got) || got == chunk.Cactus):
						// another tree's block won the cell
					case isLeaves(b) && got != chunk.Air && got.Solid():
						// leaves do not replace terrain
					default:
						t.Fatalf("%v tree at (%d,%d,%d): (%d,%d,%d) is %v, want %v", biome, tr.x, tr.y, tr.z, x, y, z, got, b)
					}
				})
				if len(secs) > 1 {
					crossing++
				}
			}
		}
		t.Logf("%v: %d trees checked, %d cross a section border", biome, trees, crossing)
		if trees < 10 || crossing < 3 {
			t.Fatalf("%v: too few trees (%d) or border crossings (%d) to test", biome, trees, crossing)
		}
	}
}

func TestNoFloatingLeaves(t *testing.T) {
	g := newGen(t, testSeed)
	for _, biome := range []Biome{Forest, Snowy, Plains} {
		r := treeRegion(t, g, biome)
		leaves := 0
		bx0, by0, bz0 := r.min.MinBlock()
		for y := by0; y < by0+r.ny*chunk.Size; y++ {
			for z := bz0 + 2; z < bz0+r.nx*chunk.Size-2; z++ {
				for x := bx0 + 2; x < bx0+r.nx*chunk.Size-2; x++ {
					b, _ := r.at(x, y, z)
					if !isLeaves(b) {
						continue
					}
					leaves++
					if !hasTrunkNear(r, x, y, z) {
						t.Fatalf("%v: leaves at (%d,%d,%d) with no log within reach", biome, x, y, z)
					}
				}
			}
		}
		t.Logf("%v: %d leaves, all attached", biome, leaves)
	}
}

// hasTrunkNear reports a log within the canopy radius, at the leaf's
// height or one below (the tip leaf sits on the top log).
func hasTrunkNear(r *region, x, y, z int) bool {
	for dz := -treeRadius; dz <= treeRadius; dz++ {
		for dx := -treeRadius; dx <= treeRadius; dx++ {
			for dy := -1; dy <= 0; dy++ {
				if b, _ := r.at(x+dx, y+dy, z+dz); isLog(b) {
					return true
				}
			}
		}
	}
	return false
}

func TestOresWithinDepthRanges(t *testing.T) {
	g := newGen(t, testSeed)
	found := map[chunk.Block]int{}
	for _, c := range [][2]int32{{0, 0}, {-3, 7}, {11, -5}, {62500, -62500}} {
		for y := int32(chunk.MinSectionY); y <= 12; y++ {
			s := g.Generate(chunk.Pos{X: c[0], Y: y, Z: c[1]})
			for i := 0; i < chunk.Volume; i++ {
				b := s.At(i)
				lo, hi, ok := OreRange(b)
				if !ok {
					continue
				}
				found[b]++
				if wy := int(y)*chunk.Size + i/(chunk.Size*chunk.Size); wy < lo || wy > hi {
					t.Fatalf("%v at Y %d, outside %d..%d", b, wy, lo, hi)
				}
			}
		}
	}
	for _, o := range ores {
		if found[o.block] == 0 {
			t.Errorf("no %v found at all", o.block)
		}
	}
	t.Logf("ore cells: %v", found)
}

func TestCavesExistUnderground(t *testing.T) {
	g := newGen(t, testSeed)
	air, lava, total := 0, 0, 0
	for x := int32(-4); x < 4; x++ {
		for y := int32(-4); y <= 1; y++ {
			s := g.Generate(chunk.Pos{X: x, Y: y, Z: x * 3})
			for i := 0; i < chunk.Volume; i++ {
				total++
				switch s.At(i) {
				case chunk.Air:
					air++
				case chunk.Lava:
					lava++
				}
			}
		}
	}
	frac := float64(air+lava) / float64(total)
	t.Logf("underground: %.1f%% carved (%d air, %d lava)", 100*frac, air, lava)
	if frac < 0.01 || frac > 0.3 {
		t.Errorf("carved fraction %.3f outside 1%%..30%%", frac)
	}
}
