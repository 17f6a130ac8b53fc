package lod

import (
	"cmp"
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
	Radius  int
	Pad     int
	Levels  int
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

// cylinder adds the level-l sections of the view's cylinder that are in
// the world to set.
func (v *View) cylinder(l int, set map[chunk.Pos]struct{}) {
	c, r, pad := v.Centers[l], int32(v.Radius), int32(v.Pad)
	lo, hi := YRange(l)
	reach := r + pad
	for dx := -reach; dx <= reach; dx++ {
		for dz := -reach; dz <= reach; dz++ {
			for dy := -(r/2 + pad); dy <= r/2+pad; dy++ {
				p := c.Add(dx, dy, dz)
				if p.Y < lo || p.Y > hi || !v.wants(l, p) {
					continue
				}
				if (Pos{Pos: p, Level: uint8(l)}).InWorld() {
					set[p] = struct{}{}
				}
			}
		}
	}
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
// deliver at level 0 for the tiling to hold.
func (v *View) Tiles(dst []Pos) []Pos {
	n := v.Levels
	need := map[chunk.Pos]struct{}{}
	v.cylinder(0, need)
	splits := make([]map[chunk.Pos]struct{}, n+2)
	splits[0] = map[chunk.Pos]struct{}{}
	needs := make([]map[chunk.Pos]struct{}, n+1)
	needs[0] = need
	for l := 1; l <= n; l++ {
		split := make(map[chunk.Pos]struct{}, len(needs[l-1])/4+1)
		for p := range needs[l-1] {
			split[Pos{Pos: p}.Parent().Pos] = struct{}{}
		}
		splits[l] = split
		need := make(map[chunk.Pos]struct{}, len(split)*2)
		v.cylinder(l, need)
		for p := range split {
			need[p] = struct{}{}
		}
		needs[l] = need
	}
	start := len(dst)
	for l := 0; l <= n; l++ {
		if l == n {
			for p := range needs[n] {
				if _, s := splits[n][p]; !s {
					dst = append(dst, Pos{Pos: p, Level: uint8(n)})
				}
			}
			continue
		}
		for p := range splits[l+1] {
			for _, c := range (Pos{Pos: p, Level: uint8(l + 1)}).Children() {
				if _, s := splits[l][c.Pos]; s || !c.InWorld() {
					continue
				}
				dst = append(dst, c)
			}
		}
	}
	slices.SortFunc(dst[start:], Compare)
	return dst
}

// Compare orders LOD positions by level, then by chunk.ComparePos.
func Compare(a, b Pos) int {
	return cmp.Or(cmp.Compare(a.Level, b.Level), chunk.ComparePos(a.Pos, b.Pos))
}
