package lod

import "github.com/stratavox/strata/resources/chunk"

// Downsampling: a level-(L+1) cell from the 2×2×2 level-L cells (its
// children) it covers. This is how edits reach the pyramid; natural
// terrain is sampled instead (worldgen.GenerateLOD).
//
// The rule, per 2×2×2 cube:
//
//   - occupancy: the cell is non-air when at least 2 of its 8 children
//     are. A quarter, not a half, so that anything one cell thick that is
//     a line or a plane — a tower, a pillar, a trunk, a bridge, a wall, a
//     floor — survives every level as one cell of the coarser grid, while
//     an isolated cell (a torch, a lone block) vanishes, and a line
//     shrinks by at most a cell a level at its ends. A 32×32×32 build,
//     however it lies on the grids, therefore shows at every level up to
//     the horizon (TestBuildShowsOnHorizon: 26 cells at level 4, one at
//     level 7), puffed out by up to one cell on each side, instead of
//     eroding away at the first odd alignment; a one-block tower 32 high
//     shows at levels 1 to 4. The price: surfaces and canopies that fill
//     a quarter of a cube round up, so the natural terrain in an edited
//     octant sits a little higher than the sampled terrain next to it
//     (measured in TestDownsampleMatchesSampling).
//   - the block: the top-most visible one, as the sampler chooses it: for
//     each of the 4 child columns, its highest non-air child in the cube,
//     or in the cube and the cube above when that one comes out air (the
//     surface the rounding dropped; only within the same child section);
//     the most common of those, ties to the highest, then the lowest ID.
//     From afar a cell shows its top, so a lawn on dirt stays green.

// minSolid is how many of a cube's 8 children must be non-air.
const minSolid = 2

// Downsample returns the section one level up made of its eight children,
// indexed by octant (x + 2z + 4y).
func Downsample(children *[8]chunk.Section) chunk.Section {
	var out chunk.Section
	for o := range children {
		DownsampleOctant(&out, o, &children[o])
	}
	out.Compact()
	return out
}

// DownsampleOctant writes child, downsampled, over octant o (x + 2z +
// 4y) of its parent dst: the 8×8×8 cells of dst that child covers. The
// rest of dst is left as it is, so a parent sampled from the generator
// takes edited children's cells where they are and keeps its sampled
// cells elsewhere.
func DownsampleOctant(dst *chunk.Section, o int, child *chunk.Section) {
	ox, oy, oz := (o&1)*8, (o>>2&1)*8, (o>>1&1)*8
	if child.IsUniform() {
		b := child.UniformBlock()
		if dst.IsUniform() && dst.UniformBlock() == b {
			return
		}
		for y := 0; y < 8; y++ {
			for z := 0; z < 8; z++ {
				for x := 0; x < 8; x++ {
					dst.SetAt(chunk.Index(ox+x, oy+y, oz+z), b)
				}
			}
		}
		return
	}
	var occ [9][8][8]bool // [y][z][x]; y 8 is "unknown above": false
	for y := 0; y < 8; y++ {
		for z := 0; z < 8; z++ {
			for x := 0; x < 8; x++ {
				n := 0
				for c := 0; c < 8; c++ {
					if child.Get(2*x+(c&1), 2*y+(c>>2&1), 2*z+(c>>1&1)) != chunk.Air {
						n++
					}
				}
				occ[y][z][x] = n >= minSolid
			}
		}
	}
	for y := 0; y < 8; y++ {
		for z := 0; z < 8; z++ {
			for x := 0; x < 8; x++ {
				b := chunk.Air
				if occ[y][z][x] {
					top := 2*y + 1
					if y < 7 && !occ[y+1][z][x] {
						top += 2 // exposed: the dropped surface above shows
					}
					b = visibleTop(child, 2*x, 2*y, 2*z, top)
				}
				dst.SetAt(chunk.Index(ox+x, oy+y, oz+z), b)
			}
		}
	}
}

// visibleTop returns the top-most visible block of the child cube at
// (x, y, z) (its lowest corner), looking down each of its 4 columns from
// child layer top to y.
func visibleTop(child *chunk.Section, x, y, z, top int) chunk.Block {
	var blocks [4]chunk.Block
	var heights [4]int
	n := 0
	for c := 0; c < 4; c++ {
		cx, cz := x+(c&1), z+(c>>1)
		for cy := top; cy >= y; cy-- {
			if b := child.Get(cx, cy, cz); b != chunk.Air {
				blocks[n], heights[n] = b, cy
				n++
				break
			}
		}
	}
	best, bestN, bestH := chunk.Air, 0, -1
	for i := 0; i < n; i++ {
		k, h := 0, -1
		for j := 0; j < n; j++ {
			if blocks[j] == blocks[i] {
				k++
				h = max(h, heights[j])
			}
		}
		if k > bestN || k == bestN && (h > bestH || h == bestH && blocks[i] < best) {
			best, bestN, bestH = blocks[i], k, h
		}
	}
	return best
}

// Build makes LOD section p (level ≥ 1) for a world with edits: the
// natural section (natural(p), the generator's sample) with every octant
// whose child q has edited(q) — q holds an edited level-0 section —
// replaced by child(q) downsampled. child supplies that child as built: a
// level-0 section from storage, a LOD section from the cache or an
// earlier Build, so that an edit rebuilds its ancestors finest first,
// each from the one below (one sample and one downsample a level).
// Octants without edits keep their sampled cells, so an edit does not
// change the terrain around it beyond its own octants.
func Build(p Pos, natural func(Pos) chunk.Section, edited func(Pos) bool, child func(Pos) chunk.Section) chunk.Section {
	s := natural(p)
	for o := 0; o < 8; o++ {
		if c := p.Child(o); edited(c) {
			cs := child(c)
			DownsampleOctant(&s, o, &cs)
		}
	}
	s.Compact()
	return s
}

// BuildAll is Build with every edited child built the same way, down to
// level0 (the stored or generated level-0 section), for a cold cache and
// for tests: it rebuilds the whole chain under p.
func BuildAll(p Pos, natural func(Pos) chunk.Section, level0 func(chunk.Pos) chunk.Section, edited func(Pos) bool) chunk.Section {
	if p.Level == 0 {
		return level0(p.Pos)
	}
	return Build(p, natural, edited, func(c Pos) chunk.Section { return BuildAll(c, natural, level0, edited) })
}
