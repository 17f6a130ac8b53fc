package lod

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/stratavox/strata/resources/chunk"
)

// View is what one viewer wants of the pyramid: at every level L from 0
// to Levels, a cylinder of Radius and Pad in level-L section units around
// Centers[L] (the shape of resources.Cylinder: max(|dx|-Pad,0)² +
// max(|dz|-Pad,0)² ≤ Radius², max(|dy|-Pad,0) ≤ Radius/2), clipped to
// the world. Level 0's cylinder is the view's ordinary one; each level
// reaches twice as far as the one below it, so the horizon is
// Radius·2^Levels sections.
type View struct {
	Radius int
	Pad    int
	Levels int
	// Inward rounds level 0 in to whole level-1 parents instead of out
	// (when Levels ≥ 1): no level-0 fringe beyond the cylinder to
	// deliver, and the cylinder's outermost partial parents drawn at
	// level 1 instead.
	Inward  bool
	Centers [MaxLevel + 1]chunk.Pos
}

// NewView returns the view of radius, pad and levels (clamped to
// 0..MaxLevel) centred at level-0 section at on every level.
func NewView(at chunk.Pos, radius, pad, levels int) View {
	v := View{Radius: max(radius, 0), Pad: max(pad, 0), Levels: min(max(levels, 0), MaxLevel)}
	for l := range v.Centers {
		v.Centers[l] = At(at, l).Pos
	}
	return v
}

// Follow is per-level hysteresis, the rule of residency's Follow applied
// at each level in that level's units: level L's centre moves to the
// level-L section holding at only once that is slack or more away from
// it (Chebyshev), so a viewer pacing across a border moves no centre,
// and a level's ring changes only every slack·2^L sections of travel.
// With Pad = slack-1 the cylinder of Radius around the viewer stays
// inside each level's View. It returns the levels whose centre moved, bit
// L for level L.
func (v *View) Follow(at chunk.Pos, slack int) (moved uint32) {
	slack = max(slack, 1)
	for l := 0; l <= v.Levels; l++ {
		p := At(at, l).Pos
		if p.Chebyshev(v.Centers[l]) >= int64(slack) {
			v.Centers[l] = p
			moved |= 1 << l
		}
	}
	return moved
}

// InCylinder reports whether p is in the view's cylinder at p's level
// (Levels or finer; not clipped to the world). Tiles at level 0 for which
// it is false are the fringe the tiling adds to the view's ordinary
// cylinder: level-0 sections a server delivers beyond its residency view
// so that level 1 can start on whole parents.
func (v *View) InCylinder(p Pos) bool {
	return int(p.Level) <= v.Levels && v.wants(int(p.Level), p.Pos)
}

// wants reports whether level-l section p is in the view's level-l
// cylinder (not clipped).
func (v *View) wants(l int, p chunk.Pos) bool {
	c := v.Centers[l]
	ax, az := padded(int64(p.X)-int64(c.X), v.Pad), padded(int64(p.Z)-int64(c.Z), v.Pad)
	ay := padded(int64(p.Y)-int64(c.Y), v.Pad)
	r := int64(v.Radius)
	return ax*ax+az*az <= r*r && ay <= r/2
}

// padded returns max(|d|-pad, 0).
func padded(d int64, pad int) int64 {
	if d < 0 {
		d = -d
	}
	return max(d-int64(pad), 0)
}

// col is a column of sections at one level.
type col struct{ X, Z int32 }

// colSet maps a column to the mask of its sections, bit y-lo for section
// Y y, lo the level's lowest Y (YRange): a level spans at most 24 Ys.
// Cylinders are vertical prisms, so a column holds an interval and the
// sets stay a column's worth smaller than sets of sections.
type colSet map[col]uint32

// cylinder adds the level-l sections of the view's cylinder that are in
// the world to set.
func (v *View) cylinder(l int, set colSet) {
	c, r, pad := v.Centers[l], int64(v.Radius), int64(v.Pad)
	lo, hi := YRange(l)
	h := r/2 + pad
	ylo, yhi := max(int64(c.Y)-h, int64(lo)), min(int64(c.Y)+h, int64(hi))
	if ylo > yhi {
		return
	}
	mask := (uint32(1)<<(yhi-ylo+1) - 1) << (ylo - int64(lo))
	reach := r + pad
	n := int64(1) << l
	for dx := -reach; dx <= reach; dx++ {
		ax := max(abs64(dx)-pad, 0)
		if ax > r {
			continue
		}
		w := isqrt(r*r-ax*ax) + pad
		x := int64(c.X) + dx
		for z := int64(c.Z) - w; z <= int64(c.Z)+w; z++ {
			// In the border: the column's first or last level-0 column is.
			if x*n+n-1 < -chunk.BorderSections || x*n > chunk.BorderSections || z*n+n-1 < -chunk.BorderSections || z*n > chunk.BorderSections {
				continue
			}
			set[col{int32(x), int32(z)}] |= mask
		}
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// isqrt returns floor(sqrt(n)) for n ≥ 0.
func isqrt(n int64) int64 {
	x := int64(1)
	for x*x <= n {
		x++
	}
	return x - 1
}

// parents returns the level-(l+1) columns and sections holding set's
// level-l sections.
func parents(l int, set colSet) colSet {
	lo, _ := YRange(l)
	plo, _ := YRange(l + 1)
	out := make(colSet, len(set)/4+1)
	for c, m := range set {
		var pm uint32
		for ; m != 0; m &= m - 1 {
			y := int32(bits.TrailingZeros32(m)) + lo
			pm |= 1 << ((y >> 1) - plo)
		}
		out[col{c.X >> 1, c.Z >> 1}] |= pm
	}
	return out
}

// Tiles appends the view's tiling to dst, sorted by level then
// chunk.ComparePos, and returns it: the LOD sections, at every level
// 0..Levels, that together cover each block of the coarsest level's
// region exactly once, with each level's cylinder drawn at that level or
// finer. It is built from the finest level up:
//
//	need(0)  = cylinder(0)
//	split(L) = parents of need(L-1)                   (L ≥ 1: drawn finer)
//	need(L)  = cylinder(L) ∪ split(L)
//	tiles(L) = children of split(L+1), in the world, minus split(L)
//	tiles(N) = need(N) minus split(N)                  (N = Levels)
//
// Every tile's parent is split and no tile is split, so no block is
// covered twice; every child of a split section is a tile or split
// itself, so no block of need(N) is left out. The price of a seamless
// tiling is that a level's ring is rounded out to whole parents: level
// 0's tiles are the cylinder plus at most one ring of sections beyond it
// (all within the cylinder padded by one more), which a server must
// deliver at level 0 for the tiling to hold; with Inward, level 0 is the
// cylinder rounded in instead and level 1 takes the partial parents.
func (v *View) Tiles(dst []Pos) []Pos {
	n := v.Levels
	needs := make([]colSet, n+1)
	splits := make([]colSet, n+1)
	needs[0], splits[0] = colSet{}, colSet{}
	v.cylinder(0, needs[0])
	if v.Inward && n > 0 {
		needs[0] = wholeParents(needs[0])
	}
	for l := 1; l <= n; l++ {
		splits[l] = parents(l-1, needs[l-1])
		need := make(colSet, len(splits[l])*2)
		v.cylinder(l, need)
		for c, m := range splits[l] {
			need[c] |= m
		}
		needs[l] = need
	}
	var cols []col
	for l := 0; l <= n; l++ {
		// tiles(l) as masks per column.
		tiles := colSet{}
		if l == n {
			for c, m := range needs[n] {
				if t := m &^ splits[n][c]; t != 0 {
					tiles[c] = t
				}
			}
		} else {
			lo, hi := YRange(l)
			plo, _ := YRange(l + 1)
			full := uint32(1)<<(hi-lo+1) - 1
			for pc, pm := range splits[l+1] {
				// Each split parent section's two child Ys, in the world.
				var cm uint32
				for ; pm != 0; pm &= pm - 1 {
					py := int32(bits.TrailingZeros32(pm)) + plo
					for y := 2 * py; y <= 2*py+1; y++ {
						if y >= lo && y <= hi {
							cm |= 1 << (y - lo)
						}
					}
				}
				cm &= full
				for o := int32(0); o < 4; o++ {
					c := col{pc.X<<1 | o&1, pc.Z<<1 | o>>1}
					if t := cm &^ splits[l][c]; t != 0 && inBorder(c, l) {
						tiles[c] = t
					}
				}
			}
		}
		cols = cols[:0]
		for c := range tiles {
			cols = append(cols, c)
		}
		slices.SortFunc(cols, func(a, b col) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) })
		lo, _ := YRange(l)
		for _, c := range cols {
			for m := tiles[c]; m != 0; m &= m - 1 {
				y := int32(bits.TrailingZeros32(m)) + lo
				dst = append(dst, Pos{Pos: chunk.Pos{X: c.X, Y: y, Z: c.Z}, Level: uint8(l)})
			}
		}
	}
	return dst
}

// wholeParents returns the level-0 sections of set whose level-1 parent
// has all its children in the world in set.
func wholeParents(set colSet) colSet {
	lo, hi := YRange(0)
	world := uint32(1)<<(hi-lo+1) - 1
	out := make(colSet, len(set))
	for c, m := range set {
		// Pair bits (2k, 2k+1) in Y: a parent's two layers (lo is even).
		both := m
		for o := int32(0); o < 4; o++ {
			sib := col{c.X&^1 | o&1, c.Z&^1 | o>>1}
			if !inBorder(sib, 0) {
				continue // a sibling outside the world needs no cover
			}
			both &= set[sib]
		}
		// Both of a parent's layers (the world's Ys pair up whole).
		pairs := both & (both >> 1) & 0x55555555
		pairs |= pairs << 1
		if keep := m & pairs & world; keep != 0 {
			out[c] = keep
		}
	}
	return out
}

// inBorder reports whether level-l column c holds a column inside the
// world's border.
func inBorder(c col, l int) bool {
	n := int64(1) << l
	in := func(v int32) bool {
		a := int64(v) * n
		return a+n-1 >= -chunk.BorderSections && a <= chunk.BorderSections
	}
	return in(c.X) && in(c.Z)
}

// Compare orders LOD positions by level, then by chunk.ComparePos.
func Compare(a, b Pos) int {
	return cmp.Or(cmp.Compare(a.Level, b.Level), chunk.ComparePos(a.Pos, b.Pos))
}
