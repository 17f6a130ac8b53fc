package lod

import (
	"slices"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

func TestMaxLevelMatchesWorldgen(t *testing.T) {
	if MaxLevel != worldgen.MaxLODLevel {
		t.Fatalf("MaxLevel %d, worldgen.MaxLODLevel %d", MaxLevel, worldgen.MaxLODLevel)
	}
	for l := 0; l <= MaxLevel; l++ {
		lo, hi := YRange(l)
		wlo, whi := worldgen.LODSectionYRange(l)
		if lo != wlo || hi != whi {
			t.Errorf("level %d: YRange %d..%d, worldgen %d..%d", l, lo, hi, wlo, whi)
		}
	}
}

func TestParentChildren(t *testing.T) {
	for _, tc := range []struct {
		p      Pos
		parent Pos
		octant int
	}{
		{Pos{chunk.Pos{X: 0, Y: 0, Z: 0}, 0}, Pos{chunk.Pos{}, 1}, 0},
		{Pos{chunk.Pos{X: 1, Y: 0, Z: 0}, 0}, Pos{chunk.Pos{}, 1}, 1},
		{Pos{chunk.Pos{X: 0, Y: 0, Z: 1}, 2}, Pos{chunk.Pos{}, 3}, 2},
		{Pos{chunk.Pos{X: 0, Y: 1, Z: 0}, 0}, Pos{chunk.Pos{}, 1}, 4},
		{Pos{chunk.Pos{X: -1, Y: -1, Z: -1}, 0}, Pos{chunk.Pos{X: -1, Y: -1, Z: -1}, 1}, 7},
		{Pos{chunk.Pos{X: -2, Y: -3, Z: 5}, 3}, Pos{chunk.Pos{X: -1, Y: -2, Z: 2}, 4}, 4 + 2},
	} {
		if got := tc.p.Parent(); got != tc.parent {
			t.Errorf("%v.Parent() = %v, want %v", tc.p, got, tc.parent)
		}
		if got := tc.p.Octant(); got != tc.octant {
			t.Errorf("%v.Octant() = %d, want %d", tc.p, got, tc.octant)
		}
		if got := tc.parent.Child(tc.octant); got != tc.p {
			t.Errorf("%v.Child(%d) = %v, want %v", tc.parent, tc.octant, got, tc.p)
		}
		if !tc.parent.Contains(tc.p) || tc.p.Contains(tc.parent) {
			t.Errorf("Contains(%v, %v) wrong", tc.parent, tc.p)
		}
		for o, c := range tc.parent.Children() {
			if c.Parent() != tc.parent || c.Octant() != o {
				t.Errorf("%v child %d = %v: parent %v octant %d", tc.parent, o, c, c.Parent(), c.Octant())
			}
		}
	}
}

func TestAncestorsAndSections(t *testing.T) {
	p := chunk.Pos{X: -5, Y: 3, Z: 17}
	got := Ancestors(nil, p, 3)
	want := []Pos{{chunk.Pos{X: -3, Y: 1, Z: 8}, 1}, {chunk.Pos{X: -2, Y: 0, Z: 4}, 2}, {chunk.Pos{X: -1, Y: 0, Z: 2}, 3}}
	if !slices.Equal(got, want) {
		t.Fatalf("Ancestors = %v, want %v", got, want)
	}
	for _, a := range got {
		lo, hi := a.Sections()
		if p.X < lo.X || p.X > hi.X || p.Y < lo.Y || p.Y > hi.Y || p.Z < lo.Z || p.Z > hi.Z {
			t.Errorf("%v covers %v..%v, not %v", a, lo, hi, p)
		}
		if !a.Contains(Pos{Pos: p}) {
			t.Errorf("%v does not contain %v", a, p)
		}
	}
	if n := len(Ancestors(nil, p, 99)); n != MaxLevel {
		t.Errorf("Ancestors up to 99: %d levels, want %d", n, MaxLevel)
	}
}

func TestInWorld(t *testing.T) {
	b := int32(chunk.BorderSections)
	for _, tc := range []struct {
		p    Pos
		want bool
	}{
		{Pos{chunk.Pos{Y: 9}, 1}, true},
		{Pos{chunk.Pos{Y: 10}, 1}, false},
		{Pos{chunk.Pos{Y: -2}, 1}, true},
		{Pos{chunk.Pos{Y: -3}, 1}, false},
		{Pos{chunk.Pos{Y: 0}, 7}, true},
		{Pos{chunk.Pos{Y: 1}, 7}, false},
		{Pos{chunk.Pos{Y: 0}, 8}, false},
		{Pos{chunk.Pos{X: b >> 1}, 1}, true},
		{Pos{chunk.Pos{X: b>>1 + 1}, 1}, false},
		{Pos{chunk.Pos{X: (-b) >> 1}, 1}, true},
		{Pos{chunk.Pos{X: (-b)>>1 - 1}, 1}, false},
	} {
		if got := tc.p.InWorld(); got != tc.want {
			t.Errorf("%v.InWorld() = %v, want %v", tc.p, got, tc.want)
		}
	}
}

// TestPriority: equal sizes on screen rank equal across levels, nearer
// is more urgent, and level 0 is 16 × resources.Priority.
func TestPriority(t *testing.T) {
	eye := chunk.Pos{X: 10, Y: 4, Z: -3}
	for _, tc := range []struct {
		p    Pos
		want uint32
	}{
		{Pos{eye, 0}, 0},
		{Pos{eye.Add(1, 0, 0), 0}, 16},
		{Pos{eye.Add(0, 1, 0), 0}, 64},
		{Pos{eye.Add(3, 0, 4), 0}, 16 * 25},
	} {
		if got := Priority(eye, tc.p); got != tc.want {
			t.Errorf("Priority(%v, %v) = %d, want %d", eye, tc.p, got, tc.want)
		}
	}
	// The formula, in floating point: distances between centres in units
	// of the section's size.
	for _, tc := range []struct {
		eye chunk.Pos
		p   Pos
	}{
		{chunk.Pos{X: 3, Y: 3, Z: 3}, Pos{chunk.Pos{X: 8}, 3}},
		{chunk.Pos{X: -70, Y: 2, Z: 9}, Pos{chunk.Pos{X: -3, Y: -1, Z: 1}, 5}},
		{chunk.Pos{X: 1000, Y: -4, Z: -1000}, Pos{chunk.Pos{X: 7, Y: 0, Z: -8}, 7}},
		{chunk.Pos{X: 5, Y: 5, Z: 5}, Pos{chunk.Pos{X: 2, Y: 2, Z: 2}, 1}},
	} {
		size := float64(int(1) << tc.p.Level)
		d := func(v, e int32) float64 { return ((float64(v)+0.5)*size - (float64(e) + 0.5)) / size }
		dx, dy, dz := d(tc.p.X, tc.eye.X), VerticalWeight*d(tc.p.Y, tc.eye.Y), d(tc.p.Z, tc.eye.Z)
		want := uint32(16 * (dx*dx + dy*dy + dz*dz))
		if got := Priority(tc.eye, tc.p); got != want {
			t.Errorf("Priority(%v, %v) = %d, want %d", tc.eye, tc.p, got, want)
		}
	}
	if Priority(chunk.Pos{}, Pos{chunk.Pos{X: 2}, 2}) >= Priority(chunk.Pos{}, Pos{chunk.Pos{X: 4}, 0}) {
		t.Errorf("a level-2 section 2 cells away must come before a level-0 section 4 away")
	}
	if got := Priority(chunk.Pos{}, Pos{chunk.Pos{X: chunk.BorderSections}, 0}); got != 1<<32-1 {
		t.Errorf("far priority %d, want saturation", got)
	}
}
