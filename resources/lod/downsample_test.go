package lod

import (
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// cube builds a child section whose cube at the origin holds the given
// blocks (index x + 2z + 4y), everything else air.
func cube(blocks [8]chunk.Block) chunk.Section {
	var s chunk.Section
	for c, b := range blocks {
		s.SetAt(chunk.Index(c&1, c>>2&1, c>>1&1), b)
	}
	return s
}

func TestDownsampleCube(t *testing.T) {
	const (
		A = chunk.Air
		S = chunk.Stone
		G = chunk.Grass
		D = chunk.Dirt
		W = chunk.Water
	)
	for _, tc := range []struct {
		name   string
		blocks [8]chunk.Block // x + 2z + 4y
		want   chunk.Block
	}{
		{"all air", [8]chunk.Block{}, A},
		{"one block vanishes", [8]chunk.Block{S}, A},
		{"vertical pair: a tower survives", [8]chunk.Block{S, A, A, A, S}, S},
		{"horizontal pair: a bridge survives", [8]chunk.Block{A, A, S, S}, S},
		{"floor: grass over nothing", [8]chunk.Block{G, G, G, G}, G},
		{"lawn: grass on dirt shows grass", [8]chunk.Block{D, D, D, D, G, G, G, G}, G},
		{"slope: top-most wins over the majority", [8]chunk.Block{D, D, D, D, G, G, G, A}, G},
		{"tie goes to the highest", [8]chunk.Block{S, S, D, D, A, A, A, A}, S},
		{"water surface", [8]chunk.Block{S, W, W, W, A, A, A, A}, W},
	} {
		t.Run(tc.name, func(t *testing.T) {
			child := cube(tc.blocks)
			var dst chunk.Section
			DownsampleOctant(&dst, 0, &child)
			if got := dst.Get(0, 0, 0); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestDownsampleExposed: a cell whose cube above comes out air shows the
// surface the rounding dropped.
func TestDownsampleExposed(t *testing.T) {
	var child chunk.Section
	// Dirt fills child layers 0-1 of column (0, 0) to (1, 1); grass on
	// one column of layer 2 (the cube above holds one block: air).
	for c := 0; c < 4; c++ {
		child.SetAt(chunk.Index(c&1, 0, c>>1), chunk.Dirt)
		child.SetAt(chunk.Index(c&1, 1, c>>1), chunk.Dirt)
	}
	child.SetAt(chunk.Index(0, 2, 0), chunk.Grass)
	var dst chunk.Section
	DownsampleOctant(&dst, 0, &child)
	if got, above := dst.Get(0, 0, 0), dst.Get(0, 1, 0); got != chunk.Dirt || above != chunk.Air {
		t.Fatalf("got %v under %v, want dirt under air (one grass column of four)", got, above)
	}
	for c := 1; c < 4; c++ {
		child.SetAt(chunk.Index(c&1, 2, c>>1), chunk.Grass)
	}
	child.SetAt(chunk.Index(0, 2, 0), chunk.Air)
	child.SetAt(chunk.Index(1, 2, 0), chunk.Air) // two grass blocks: the cube above is non-air
	child.SetAt(chunk.Index(1, 2, 0), chunk.Grass)
	child.SetAt(chunk.Index(0, 2, 1), chunk.Air)
	child.SetAt(chunk.Index(1, 2, 1), chunk.Air) // one grass block left above: air, exposed
	dst = chunk.Section{}
	DownsampleOctant(&dst, 0, &child)
	if got := dst.Get(0, 0, 0); got != chunk.Dirt {
		t.Fatalf("one of four columns grass: got %v, want dirt", got)
	}
}

// TestDownsampleOctantPlacement: each octant lands where Child says.
func TestDownsampleOctantPlacement(t *testing.T) {
	var children [8]chunk.Section
	for o := range children {
		children[o] = chunk.Uniform(chunk.Block(1 + o))
	}
	s := Downsample(&children)
	p := Pos{Pos: chunk.Pos{X: 5, Y: -1, Z: 2}, Level: 3}
	for o := 0; o < 8; o++ {
		c := p.Child(o)
		x, y, z := int(c.X-2*p.X)*8, int(c.Y-2*p.Y)*8, int(c.Z-2*p.Z)*8
		if got := s.Get(x+3, y+5, z+7); got != chunk.Block(1+o) {
			t.Errorf("octant %d: cell holds %v, want %v", o, got, chunk.Block(1+o))
		}
	}
	var air [8]chunk.Section
	if s := Downsample(&air); !s.IsUniform() || s.UniformBlock() != chunk.Air {
		t.Error("eight air children must give uniform air")
	}
}

// edits is a world of level-0 edits over empty air or a generator.
type edits struct {
	g        *worldgen.Generator
	sections map[chunk.Pos]chunk.Section
}

func (e *edits) set(x, y, z int, b chunk.Block) {
	p := chunk.PosOfBlock(x, y, z)
	s, ok := e.sections[p]
	if !ok && e.g != nil {
		s = e.g.Generate(p)
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	s.SetAt(chunk.Index(lx, ly, lz), b)
	e.sections[p] = s
}

func (e *edits) level0(p chunk.Pos) chunk.Section {
	if s, ok := e.sections[p]; ok {
		return s
	}
	if e.g != nil {
		return e.g.Generate(p)
	}
	return chunk.Section{}
}

func (e *edits) natural(p Pos) chunk.Section {
	if e.g != nil {
		return e.g.GenerateLOD(p.Pos, int(p.Level))
	}
	return chunk.Section{}
}

func (e *edits) edited(q Pos) bool {
	for p := range e.sections {
		if q.Contains(Pos{Pos: p}) {
			return true
		}
	}
	return false
}

// solidCells counts the non-air cells of the level-L section holding
// block (x, y, z), built with the edits.
func (e *edits) build(x, y, z, level int) chunk.Section {
	return BuildAll(At(chunk.PosOfBlock(x, y, z), level), e.natural, e.level0, e.edited)
}

func countNonAir(s *chunk.Section) int {
	n := 0
	for i := 0; i < chunk.Volume; i++ {
		if s.At(i) != chunk.Air {
			n++
		}
	}
	return n
}

// TestThinTowerSurvives: a one-block tower 32 high in the air shows at
// levels 1 to 4, one cell wide (one cell tall at level 4), and vanishes
// above.
func TestThinTowerSurvives(t *testing.T) {
	e := &edits{sections: map[chunk.Pos]chunk.Section{}}
	const x0, y0, z0 = 1005, 70, -333
	for y := y0; y < y0+32; y++ {
		e.set(x0, y, z0, chunk.Stone)
	}
	for level := 1; level <= 6; level++ {
		// The tower may straddle two LOD sections vertically at coarse
		// levels: count both.
		n := 0
		for _, y := range []int{y0, y0 + 31} {
			s := e.build(x0, y, z0, level)
			n += countNonAir(&s)
			if y0>>(4+level) == (y0+31)>>(4+level) {
				break
			}
		}
		// Cells of its height, one wide; an end that fills half a cube
		// vertically erodes at each level, so one fewer is right too.
		want := 32 >> level
		switch {
		case level <= 4 && (n < max(want-1, 1) || n > want+1):
			t.Errorf("level %d: tower is %d cells, want %d±1 and at least 1", level, n, want)
		case level >= 6 && n != 0:
			t.Errorf("level %d: a lone tower should vanish, has %d cells", level, n)
		}
		t.Logf("level %d: %d cells", level, n)
	}
}

// TestBuildShowsOnHorizon: a 32×32×32 stone build floating over natural
// terrain far from the origin, unaligned to any grid, shows at every
// level up to 6 as cells over its box that the natural LOD section has
// air in, and the octants that hold no edit keep their sampled cells.
func TestBuildShowsOnHorizon(t *testing.T) {
	g, err := worldgen.New(7, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	const x0, z0 = 20005, -12003
	h, _ := g.SurfaceAt(x0, z0)
	y0 := max(h, worldgen.SeaLevel) + 40 // a floating cube: nothing natural is there
	e := &edits{g: g, sections: map[chunk.Pos]chunk.Section{}}
	for y := y0; y < y0+32; y++ {
		for z := z0; z < z0+32; z++ {
			for x := x0; x < x0+32; x++ {
				e.set(x, y, z, chunk.Stone)
			}
		}
	}
	for level := 1; level <= MaxLevel; level++ {
		added := 0
		seen := map[Pos]bool{}
		for _, c := range [][3]int{{0, 0, 0}, {31, 0, 0}, {0, 31, 0}, {0, 0, 31}, {31, 31, 0}, {31, 0, 31}, {0, 31, 31}, {31, 31, 31}} {
			p := At(chunk.PosOfBlock(x0+c[0], y0+c[1], z0+c[2]), level)
			if seen[p] {
				continue
			}
			seen[p] = true
			built := BuildAll(p, e.natural, e.level0, e.edited)
			nat := g.GenerateLOD(p.Pos, level)
			for i := 0; i < chunk.Volume; i++ {
				x, y, z := i%16, i/256, i/16%16
				o := x/8 + 2*(z/8) + 4*(y/8)
				if !e.edited(p.Child(o)) && built.At(i) != nat.At(i) {
					t.Fatalf("level %d %v: cell %d in an unedited octant changed", level, p, i)
				}
				// Cells over the build's box that it turned non-air.
				s := int32(1) << level
				bx, by, bz := (p.X*16+int32(x))*s, (p.Y*16+int32(y))*s, (p.Z*16+int32(z))*s
				over := bx+s > x0 && bx < x0+32 && by+s > int32(y0) && by < int32(y0)+32 && bz+s > z0 && bz < z0+32
				if over && nat.At(i) == chunk.Air && built.At(i) != chunk.Air {
					added++
				}
			}
		}
		t.Logf("level %d: the build adds %d cells", level, added)
		if level <= 6 && added == 0 {
			t.Errorf("level %d: the build does not show", level)
		}
	}
}

// TestBuildChainMatchesBuildAll: rebuilding an edit's ancestors finest
// first, each from the one below, gives what building each from scratch
// gives.
func TestBuildChainMatchesBuildAll(t *testing.T) {
	g, err := worldgen.New(3, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	e := &edits{g: g, sections: map[chunk.Pos]chunk.Section{}}
	for y := 97; y < 111; y++ { // one level-0 section: one chain
		e.set(-4000, y, 777, chunk.Sandstone)
	}
	var prev chunk.Section
	for _, p := range Ancestors(nil, chunk.PosOfBlock(-4000, 100, 777), MaxLevel) {
		prev = Build(p, e.natural, e.edited, func(c Pos) chunk.Section {
			if c.Level == 0 {
				return e.level0(c.Pos)
			}
			return prev
		})
		want := BuildAll(p, e.natural, e.level0, e.edited)
		if !prev.Equal(&want) {
			t.Fatalf("%v: the chain differs from building from scratch", p)
		}
	}
}
