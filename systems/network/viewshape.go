package network

import (
	"math/bits"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// viewShape is a view cylinder's offsets from its centre, nearest first
// (resources.NearestFirst), with the rank of each offset in that order, so
// that any subset of the cylinder comes out nearest first by marking
// ranks in a bitset and reading it back: no sort, and no pass over the
// whole cylinder section by section.
type viewShape struct {
	offs  []chunk.Pos
	reach int32      // |dx|, |dz| ≤ reach
	h     int32      // |dy| ≤ h
	rank  []int32    // rank of offset (dx, dz, dy), see index; -1 outside
	cols  [][2]int32 // the columns (dx, dz) of the cylinder
	words int        // of a caller's marks: a bit per rank
}

func newViewShape(radius, pad int) *viewShape {
	sh := &viewShape{offs: resources.NearestFirst(radius, pad)}
	for _, o := range sh.offs {
		sh.reach = max(sh.reach, o.X, -o.X, o.Z, -o.Z)
		sh.h = max(sh.h, o.Y, -o.Y)
	}
	side, height := 2*sh.reach+1, 2*sh.h+1
	sh.rank = make([]int32, side*side*height)
	for i := range sh.rank {
		sh.rank[i] = -1
	}
	seen := make([]bool, side*side)
	for r, o := range sh.offs {
		sh.rank[sh.index(o.X, o.Z, o.Y)] = int32(r)
		if c := (o.X+sh.reach)*side + o.Z + sh.reach; !seen[c] {
			seen[c] = true
			sh.cols = append(sh.cols, [2]int32{o.X, o.Z})
		}
	}
	sh.words = (len(sh.offs) + 63) / 64
	return sh
}

// index addresses offset (dx, dz, dy), each within the shape's bounds.
func (sh *viewShape) index(dx, dz, dy int32) int32 {
	side, height := 2*sh.reach+1, 2*sh.h+1
	return ((dx+sh.reach)*side+dz+sh.reach)*height + dy + sh.h
}

// markMissing sets in pending, a bit per rank, every section of the view
// cylinder cyl (whose shape this is: same radius and pad) that lies in the
// world and is not held. It works a column at a time: the cylinder's
// column mask less the held one, then a rank bit per missing section
// (a shape is only read, by any number of goroutines). It lists in
// *entered the columns with sections missing, and those sections.
func (sh *viewShape) markMissing(pending *components.Pending, cyl components.View, held *components.Held, entered *[]wire.Column) {
	mk := pending.Reset(len(sh.offs))
	*entered = (*entered)[:0]
	c := cyl.Center
	// The shape's columns are the cylinder's: each one in the world's
	// border wants the cylinder's whole height.
	masks := cyl.Masks()
	for _, col := range sh.cols {
		x, z := c.X+col[0], c.Z+col[1]
		m := held.Column(x, z)
		if chunk.ColumnInBorder(int64(x), int64(z)) {
			m = masks.Vertical() &^ m
		} else {
			m = 0
		}
		if m != 0 {
			*entered = append(*entered, wire.Column{X: x, Z: z, Mask: m})
		}
		for m != 0 {
			y := int32(bits.TrailingZeros32(m))
			m &= m - 1
			dy := y + chunk.MinSectionY - c.Y
			if dy < -sh.h || dy > sh.h {
				continue // cannot happen: the mask is the cylinder's
			}
			if r := sh.rank[sh.index(col[0], col[1], dy)]; r >= 0 {
				mk[r>>6] |= 1 << (r & 63)
			}
		}
	}
	pending.Recount()
}

// at returns the section of rank r in the view centred on c.
func (sh *viewShape) at(c chunk.Pos, r int) chunk.Pos {
	o := sh.offs[r]
	return c.Add(o.X, o.Y, o.Z)
}
