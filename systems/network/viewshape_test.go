package network

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// TestViewShapeMissingIsTheNaiveOrder checks the column-and-rank form
// against the plain one: every offset of the shape, nearest first, kept
// when in the world and not held — near the world's top, bottom and
// border too, with random held sets.
func TestViewShapeMissingIsTheNaiveOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct{ radius, pad int }{{1, 0}, {2, 1}, {8, 1}, {5, 0}} {
		sh := newViewShape(c.radius, c.pad)
		for range 40 {
			center := chunk.Pos{X: int32(rng.IntN(21) - 10), Y: int32(rng.IntN(34) - 7), Z: int32(rng.IntN(21) - 10)}
			if rng.IntN(3) == 0 {
				center.Z = chunk.BorderSections - int32(rng.IntN(3))
			}
			cyl := resources.Cylinder{Center: center, Radius: c.radius, Pad: c.pad}
			var held components.Held
			held.Reframe(center, c.radius+c.pad)
			for _, o := range sh.offs {
				if p := center.Add(o.X, o.Y, o.Z); p.InWorld() && rng.IntN(3) == 0 {
					held.Set(p, 0)
				}
			}
			var want []chunk.Pos
			for _, o := range sh.offs {
				if p := center.Add(o.X, o.Y, o.Z); p.InWorld() && !held.Has(p) {
					want = append(want, p)
				}
			}
			var pending components.Pending
			entered := []wire.Column{{X: 99, Z: 99, Mask: 1}} // a stale list, replaced
			sh.markMissing(&pending, cyl, &held, &entered)
			var got []chunk.Pos
			for r := pending.Next(0); r >= 0; r = pending.Next(r + 1) {
				got = append(got, sh.at(center, r))
			}
			if !slices.Equal(got, want) || pending.Len() != len(want) {
				t.Fatalf("radius %d pad %d at %v: %d missing, want %d (or another order)", c.radius, c.pad, center, len(got), len(want))
			}
			// The columns entered hold the same sections, a column each.
			var listed []chunk.Pos
			for i, col := range entered {
				if col.Mask == 0 || i > 0 && entered[i-1].X == col.X && entered[i-1].Z == col.Z {
					t.Fatalf("entered column %d: %+v", i, col)
				}
				for m := col.Mask; m != 0; m &= m - 1 {
					listed = append(listed, chunk.Pos{X: col.X, Y: chunk.MinSectionY + int32(bits.TrailingZeros32(m)), Z: col.Z})
				}
			}
			if !slices.Equal(slices.SortedFunc(slices.Values(listed), chunk.ComparePos), slices.SortedFunc(slices.Values(want), chunk.ComparePos)) {
				t.Fatalf("radius %d pad %d at %v: %d sections in the entered columns, want %d", c.radius, c.pad, center, len(listed), len(want))
			}
		}
	}
}
