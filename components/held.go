package components

import (
	"fmt"
	"math/bits"

	"github.com/stratavox/strata/resources/chunk"
)

// Held is the set of sections a client holds, with the revision of each.
//
// Delivery keeps every held section inside the view it last brought the
// client towards, so the set is a frame around that view: a square of
// columns side×side wide at least as wide as the view, addressed modulo
// its side (positions that leave the frame on one edge reuse the slots of
// the other edge once they are dropped), one 24-bit presence mask per
// column. A client with view 8 holds its ~3,000 sections in 1.4 KiB that
// stay in cache while delivery walks them, where a Go map costs a few
// cache misses per lookup. Revisions are almost always 0 (sections as
// generated), so only the others are kept, in a map.
//
// The zero value is an empty set with no frame; Reframe gives it one.
type Held struct {
	center chunk.Pos // only X and Z matter
	reach  int32     // the frame spans center ± reach columns
	side   int32     // 2*reach+1
	cx, cz int32     // center.X and center.Z modulo side
	cols   []uint32  // presence per column slot, bit y-MinSectionY
	n      int
	revs   map[chunk.Pos]uint64 // revisions other than 0
}

// Len returns the number of held sections.
func (h *Held) Len() int { return h.n }

// slot returns the column slot of p and its bit, or ok false when p lies
// outside the frame (and so is not held).
func (h *Held) slot(p chunk.Pos) (i int32, bit uint32, ok bool) {
	dx, dz := p.X-h.center.X, p.Z-h.center.Z
	if h.side == 0 || dx < -h.reach || dx > h.reach || dz < -h.reach || dz > h.reach ||
		p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return 0, 0, false
	}
	return wrap(h.cx+dx, h.side)*h.side + wrap(h.cz+dz, h.side), 1 << (p.Y - chunk.MinSectionY), true
}

// wrap reduces v, within one side of [0, side), into it: cheaper than a
// division, and slot is on delivery's hottest path.
func wrap(v, side int32) int32 {
	if v < 0 {
		return v + side
	}
	if v >= side {
		return v - side
	}
	return v
}

// mod is a modulo that is never negative.
func mod(a, n int32) int32 {
	if m := a % n; m >= 0 {
		return m
	} else {
		return m + n
	}
}

// Get returns the revision held at p, and whether p is held.
func (h *Held) Get(p chunk.Pos) (uint64, bool) {
	i, bit, ok := h.slot(p)
	if !ok || h.cols[i]&bit == 0 {
		return 0, false
	}
	return h.revs[p], true
}

// Column returns the held sections of column (x, z) as a mask (bit
// y-MinSectionY); 0 outside the frame.
func (h *Held) Column(x, z int32) uint32 {
	dx, dz := x-h.center.X, z-h.center.Z
	if h.side == 0 || dx < -h.reach || dx > h.reach || dz < -h.reach || dz > h.reach {
		return 0
	}
	return h.cols[wrap(h.cx+dx, h.side)*h.side+wrap(h.cz+dz, h.side)]
}

// Has reports whether p is held.
func (h *Held) Has(p chunk.Pos) bool {
	i, bit, ok := h.slot(p)
	return ok && h.cols[i]&bit != 0
}

// Set records that the client holds p at revision rev. p must lie in the
// frame: delivery only sends sections of the view it framed.
func (h *Held) Set(p chunk.Pos, rev uint64) {
	i, bit, ok := h.slot(p)
	if !ok {
		panic(fmt.Sprintf("held set: %v outside the frame around %v ± %d", p, h.center, h.reach))
	}
	if h.cols[i]&bit == 0 {
		h.cols[i] |= bit
		h.n++
	}
	if rev != 0 {
		if h.revs == nil {
			h.revs = map[chunk.Pos]uint64{}
		}
		h.revs[p] = rev
	} else if len(h.revs) > 0 {
		delete(h.revs, p)
	}
}

// SetColumn records that the client holds the sections of column (x, z)
// in mask (bit y-MinSectionY), at revision 0: what Set does for each, in
// one step (a turn's blank sections, marked by column). The column must
// lie in the frame.
func (h *Held) SetColumn(x, z int32, mask uint32) {
	dx, dz := x-h.center.X, z-h.center.Z
	if h.side == 0 || dx < -h.reach || dx > h.reach || dz < -h.reach || dz > h.reach || mask>>chunk.SectionsPerColumn != 0 {
		panic(fmt.Sprintf("held set column: (%d, %d) mask %#x outside the frame around %v ± %d", x, z, mask, h.center, h.reach))
	}
	i := wrap(h.cx+dx, h.side)*h.side + wrap(h.cz+dz, h.side)
	h.n += bits.OnesCount32(mask &^ h.cols[i])
	h.cols[i] |= mask
	for y := int32(0); mask != 0 && len(h.revs) > 0; y++ {
		if mask&1 != 0 {
			delete(h.revs, chunk.Pos{X: x, Y: y + chunk.MinSectionY, Z: z})
		}
		mask >>= 1
	}
}

// Delete forgets p.
func (h *Held) Delete(p chunk.Pos) {
	i, bit, ok := h.slot(p)
	if !ok || h.cols[i]&bit == 0 {
		return
	}
	h.cols[i] &^= bit
	h.n--
	if len(h.revs) > 0 {
		delete(h.revs, p)
	}
}

// DeleteColumn forgets the sections of column (x, z) in mask (bit
// y-MinSectionY).
func (h *Held) DeleteColumn(x, z int32, mask uint32) {
	dx, dz := x-h.center.X, z-h.center.Z
	if h.side == 0 || dx < -h.reach || dx > h.reach || dz < -h.reach || dz > h.reach {
		return
	}
	i := wrap(h.cx+dx, h.side)*h.side + wrap(h.cz+dz, h.side)
	gone := h.cols[i] & mask
	h.cols[i] &^= gone
	h.n -= bits.OnesCount32(gone)
	for y := int32(0); gone != 0 && len(h.revs) > 0; y++ {
		if gone&1 != 0 {
			delete(h.revs, chunk.Pos{X: x, Y: y + chunk.MinSectionY, Z: z})
		}
		gone >>= 1
	}
}

// Columns calls fn for every column of the frame holding sections, in
// X then Z order, with the held sections as a mask (bit y-MinSectionY).
func (h *Held) Columns(fn func(x, z int32, mask uint32)) {
	if h.n == 0 {
		return
	}
	for x := h.center.X - h.reach; x <= h.center.X+h.reach; x++ {
		row := wrap(h.cx+x-h.center.X, h.side) * h.side
		for z := h.center.Z - h.reach; z <= h.center.Z+h.reach; z++ {
			if m := h.cols[row+wrap(h.cz+z-h.center.Z, h.side)]; m != 0 {
				fn(x, z, m)
			}
		}
	}
}

// Each calls fn for every held section, in position order (X, Z, Y).
func (h *Held) Each(fn func(p chunk.Pos, rev uint64)) {
	h.Columns(func(x, z int32, m uint32) {
		for y := int32(0); m != 0; y++ {
			if m&1 != 0 {
				p := chunk.Pos{X: x, Y: y + chunk.MinSectionY, Z: z}
				fn(p, h.revs[p])
			}
			m >>= 1
		}
	})
}

// Reframe moves the frame to center ± reach columns. Every held section
// must already lie in the new frame (delivery drops the others first);
// one that does not is forgotten.
func (h *Held) Reframe(center chunk.Pos, reach int) {
	r := int32(reach)
	old := *h
	if h.side != 2*r+1 {
		*h = Held{center: center, reach: r, side: 2*r + 1, cols: make([]uint32, (2*r+1)*(2*r+1))}
		h.cx, h.cz = mod(center.X, h.side), mod(center.Z, h.side)
		old.Each(func(p chunk.Pos, rev uint64) {
			if _, _, in := h.slot(p); in {
				h.Set(p, rev)
			}
		})
		return
	}
	// Same size: slots are absolute (position modulo side), so sections
	// inside both frames keep theirs. The columns of the old frame outside
	// the new one share their slots with positions inside it, so they are
	// cleared.
	h.center, h.reach = center, r
	h.cx, h.cz = mod(center.X, h.side), mod(center.Z, h.side)
	if h.n == 0 || old.center.X == center.X && old.center.Z == center.Z {
		return
	}
	for x := old.center.X - r; x <= old.center.X+r; x++ {
		xin := x >= center.X-r && x <= center.X+r
		for z := old.center.Z - r; z <= old.center.Z+r; z++ {
			if xin && z >= center.Z-r && z <= center.Z+r {
				continue
			}
			i := mod(x, h.side)*h.side + mod(z, h.side)
			m := h.cols[i]
			if m == 0 {
				continue
			}
			h.cols[i] = 0
			h.n -= bits.OnesCount32(m)
			for y := int32(0); m != 0 && len(h.revs) > 0; y++ {
				if m&1 != 0 {
					delete(h.revs, chunk.Pos{X: x, Y: y + chunk.MinSectionY, Z: z})
				}
				m >>= 1
			}
		}
	}
}
