package resources

import (
	"cmp"
	"slices"

	"github.com/stratavox/strata/resources/chunk"
)

// MaxViewRadius bounds the radius and pad of a Cylinder: the desired set
// clamps larger values so that one bad view cannot make the server
// allocate an unbounded footprint. Clients are limited far below it.
const MaxViewRadius = 128

// VerticalWeight multiplies the vertical offset in Priority: a section one
// step above or below the centre counts like one two steps away
// horizontally, because players see far more of the world sideways.
const VerticalWeight = 2

// Cylinder is the set of sections one view wants: the sections p with
// max(|dx|-Pad,0)² + max(|dz|-Pad,0)² ≤ Radius² and
// max(|dy|-Pad,0) ≤ Radius/2 (d = p - Center), clipped to the world's
// height and border. With Pad 0 it is the plain cylinder of the design;
// Pad widens it by Pad sections along every axis, which is exactly the
// union of the plain cylinders centred anywhere within Chebyshev distance
// Pad of Center (the hysteresis ring of Follow).
type Cylinder struct {
	Center chunk.Pos
	Radius int
	Pad    int
}

// clamped returns c with Radius and Pad limited to 0..MaxViewRadius.
func (c Cylinder) clamped() Cylinder {
	c.Radius = min(max(c.Radius, 0), MaxViewRadius)
	c.Pad = min(max(c.Pad, 0), MaxViewRadius)
	return c
}

// yRange returns the clipped section Y range [lo, hi]; lo > hi when the
// cylinder lies entirely above or below the world.
func (c Cylinder) yRange() (lo, hi int32) {
	c = c.clamped()
	h := int64(c.Radius/2 + c.Pad)
	l := max(int64(c.Center.Y)-h, chunk.MinSectionY)
	u := min(int64(c.Center.Y)+h, chunk.MaxSectionY)
	if l > u {
		return 1, 0
	}
	return int32(l), int32(u)
}

// Contains reports whether p is in the cylinder (and in the world).
func (c Cylinder) Contains(p chunk.Pos) bool {
	if !p.InWorld() {
		return false
	}
	c = c.clamped()
	ax := padded(int64(p.X)-int64(c.Center.X), c.Pad)
	az := padded(int64(p.Z)-int64(c.Center.Z), c.Pad)
	ay := padded(int64(p.Y)-int64(c.Center.Y), c.Pad)
	r := int64(c.Radius)
	return ax <= r && az <= r && ax*ax+az*az <= r*r && ay <= r/2
}

// ColumnMask returns the sections of column (x, z) in the cylinder (and
// in the world) as a mask, bit y-MinSectionY for section Y: what Contains
// says of the column's sections, in one call.
func (c Cylinder) ColumnMask(x, z int32) uint32 {
	m := c.Masks()
	return m.Column(x, z)
}

// ColumnMasks is ColumnMask for many columns of one cylinder, with what
// is alike for all of them worked out once.
type ColumnMasks struct {
	cx, cz, r int64
	pad       int
	vertical  uint32
}

// Masks returns the ColumnMasks of c.
func (c Cylinder) Masks() ColumnMasks {
	c = c.clamped()
	m := ColumnMasks{cx: int64(c.Center.X), cz: int64(c.Center.Z), r: int64(c.Radius), pad: c.Pad}
	if lo, hi := c.yRange(); lo <= hi {
		m.vertical = (uint32(1)<<(hi-lo+1) - 1) << (lo - chunk.MinSectionY)
	}
	return m
}

// Column is the cylinder's ColumnMask(x, z).
func (m *ColumnMasks) Column(x, z int32) uint32 {
	ax, az := padded(int64(x)-m.cx, m.pad), padded(int64(z)-m.cz, m.pad)
	if ax > m.r || az > m.r || ax*ax+az*az > m.r*m.r || !chunk.ColumnInBorder(int64(x), int64(z)) {
		return 0
	}
	return m.vertical
}

// Vertical is the mask of every column inside the cylinder and the
// world's border: the sections of its clipped height.
func (m *ColumnMasks) Vertical() uint32 { return m.vertical }

// padded returns max(|d|-pad, 0).
func padded(d int64, pad int) int64 {
	if d < 0 {
		d = -d
	}
	return max(d-int64(pad), 0)
}

// Positions appends every section of the cylinder to dst, column by column
// (X, then Z, then Y ascending), and returns it.
func (c Cylinder) Positions(dst []chunk.Pos) []chunk.Pos {
	c = c.clamped()
	lo, hi := c.yRange()
	if lo > hi {
		return dst
	}
	newFootprint(c.Radius, c.Pad).eachColumn(c.Center, func(x, z int64) {
		for y := lo; y <= hi; y++ {
			dst = append(dst, chunk.Pos{X: int32(x), Y: y, Z: int32(z)})
		}
	})
	return dst
}

// Len returns the number of sections in the cylinder.
func (c Cylinder) Len() int {
	c = c.clamped()
	lo, hi := c.yRange()
	if lo > hi {
		return 0
	}
	n := 0
	newFootprint(c.Radius, c.Pad).eachColumn(c.Center, func(int64, int64) { n++ })
	return n * int(hi-lo+1)
}

// Priority is the dispatch priority of p for a view centred at center:
// the squared distance with the vertical axis weighted by VerticalWeight.
// Lower is more urgent.
func Priority(center, p chunk.Pos) uint32 {
	dx := int64(p.X) - int64(center.X)
	dy := (int64(p.Y) - int64(center.Y)) * VerticalWeight
	dz := int64(p.Z) - int64(center.Z)
	d := dx*dx + dy*dy + dz*dz
	return uint32(min(d, 1<<32-1))
}

// footprint is a cylinder's horizontal shape: for each dx in
// -reach..reach, the columns dz in -half[dx+reach]..half[dx+reach].
type footprint struct {
	reach int
	half  []int32
}

// newFootprint computes the footprint of radius r widened by pad.
func newFootprint(r, pad int) *footprint {
	reach := r + pad
	fp := &footprint{reach: reach, half: make([]int32, 2*reach+1)}
	for i := range fp.half {
		ax := int64(padded(int64(i-reach), pad))
		// Largest az with ax²+az² ≤ r²; ax ≤ r always holds here.
		az := isqrt(int64(r)*int64(r) - ax*ax)
		fp.half[i] = int32(az) + int32(pad)
	}
	return fp
}

// eachColumn calls fn for every column of the footprint centred on
// center's column that lies inside the world border, in X then Z order.
func (fp *footprint) eachColumn(center chunk.Pos, fn func(x, z int64)) {
	for i, w := range fp.half {
		x := int64(center.X) + int64(i-fp.reach)
		for dz := -int64(w); dz <= int64(w); dz++ {
			if z := int64(center.Z) + dz; chunk.ColumnInBorder(x, z) {
				fn(x, z)
			}
		}
	}
}

// eachEntering calls fn for every column of the footprint centred on to's
// column that the one centred on from's does not cover and that lies
// inside the world border, in X then Z order: what eachColumn(to) with a
// covers test against from gives, found a row at a time (the difference
// of two intervals) rather than by testing every column of the footprint.
func (fp *footprint) eachEntering(from, to chunk.Pos, fn func(x, z int64)) {
	reach := int64(fp.reach)
	for i, w := range fp.half {
		x := int64(to.X) + int64(i) - reach
		lo, hi := int64(to.Z)-int64(w), int64(to.Z)+int64(w)
		// The old footprint's interval on this row, if it reaches it.
		olo, ohi := int64(1), int64(0)
		if j := x - int64(from.X) + reach; j >= 0 && j <= 2*reach {
			ow := int64(fp.half[j])
			olo, ohi = int64(from.Z)-ow, int64(from.Z)+ow
		}
		for z := lo; z <= hi; z++ {
			if z >= olo && z <= ohi {
				z = ohi // skip the covered run
				continue
			}
			if chunk.ColumnInBorder(x, z) {
				fn(x, z)
			}
		}
	}
}

// covers reports whether offset (dx, dz) is in the footprint.
func (fp *footprint) covers(dx, dz int64) bool {
	if dx < -int64(fp.reach) || dx > int64(fp.reach) {
		return false
	}
	w := int64(fp.half[dx+int64(fp.reach)])
	return dz >= -w && dz <= w
}

// isqrt returns floor(sqrt(n)) for n ≥ 0.
func isqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	x := int64(1)
	for x*x <= n {
		x++
	}
	return x - 1
}

// NearestFirst returns the offsets (relative to the centre) of a cylinder
// of the given radius and pad, not clipped to the world, ordered by
// Priority and then by chunk.ComparePos — the order in which a client wants its
// sections. Both orders are invariant under translation, so one list
// serves every centre.
func NearestFirst(radius, pad int) []chunk.Pos {
	c := Cylinder{Radius: radius, Pad: pad}.clamped()
	fp := newFootprint(c.Radius, c.Pad)
	h := int32(c.Radius/2 + c.Pad)
	var out []chunk.Pos
	for i, w := range fp.half {
		x := int32(i - fp.reach)
		for z := -w; z <= w; z++ {
			for y := -h; y <= h; y++ {
				out = append(out, chunk.Pos{X: x, Y: y, Z: z})
			}
		}
	}
	var zero chunk.Pos
	slices.SortFunc(out, func(a, b chunk.Pos) int {
		if pa, pb := Priority(zero, a), Priority(zero, b); pa != pb {
			return cmp.Compare(pa, pb)
		}
		return chunk.ComparePos(a, b)
	})
	return out
}
