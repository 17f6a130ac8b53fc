package resources

import (
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// TestColumnMapMatchesMap adds and deletes columns at random, across
// region borders and past a page of values, and checks every look-up
// against a Go map, that a pointer stays valid while its column does, and
// that a reused place starts zeroed.
func TestColumnMapMatchesMap(t *testing.T) {
	type value struct {
		n    int
		tags []string
	}
	rng := rand.New(rand.NewPCG(5, 6))
	m := NewColumnMap[value]()
	want := map[[2]int32]int{}
	ptrs := map[[2]int32]*value{}
	coords := []int32{-chunk.BorderSections, -33, -32, -1, 0, 1, 31, 32, 1000, chunk.BorderSections}
	for i := range 20000 {
		x, z := coords[rng.IntN(len(coords))]+rng.Int32N(24)-12, coords[rng.IntN(len(coords))]+rng.Int32N(24)-12
		k := [2]int32{x, z}
		if _, ok := want[k]; ok && rng.IntN(3) == 0 {
			m.Delete(x, z)
			delete(want, k)
			delete(ptrs, k)
		} else if !ok {
			v := m.Add(x, z)
			if v.n != 0 || v.tags != nil {
				t.Fatalf("added (%d,%d): not zeroed: %+v", x, z, *v)
			}
			v.n, v.tags = i+1, []string{"x"}
			want[k], ptrs[k] = i+1, v
		}
		got := m.Get(x, z)
		if n, ok := want[k]; ok != (got != nil) || ok && (got.n != n || got != ptrs[k]) {
			t.Fatalf("step %d: get(%d,%d) = %v, want %d (present %v)", i, x, z, got, n, ok)
		}
	}
	m.Delete(1<<20, 1<<20) // absent: nothing happens
	if m.Len() != len(want) {
		t.Fatalf("len %d, want %d", m.Len(), len(want))
	}
	seen := 0
	m.Each(func(x, z int32, v *value) {
		seen++
		if n := want[[2]int32{x, z}]; v.n != n || v != ptrs[[2]int32{x, z}] {
			t.Fatalf("each gave (%d,%d)=%d, want %d", x, z, v.n, n)
		}
	})
	if seen != len(want) || seen < columnMapPage {
		t.Fatalf("each visited %d, want %d (more than a page)", seen, len(want))
	}
}
