package resources

import (
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

func TestColIndexMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ix := newColIndex()
	want := map[[2]int32]int32{}
	coords := []int32{-chunk.BorderSections, -33, -32, -31, -1, 0, 1, 31, 32, 33, 1000, chunk.BorderSections}
	for i := range 5000 {
		x, z := coords[rng.IntN(len(coords))]+rng.Int32N(3)-1, coords[rng.IntN(len(coords))]+rng.Int32N(3)-1
		k := [2]int32{x, z}
		if _, ok := want[k]; ok {
			ix.del(x, z)
			delete(want, k)
		} else {
			ix.set(x, z, int32(i))
			want[k] = int32(i)
		}
		v, ok := want[k]
		if got := ix.get(x, z); (ok && got != v) || (!ok && got != -1) {
			t.Fatalf("get(%d,%d) = %d, want %d (present %v)", x, z, got, v, ok)
		}
	}
	if ix.len() != len(want) {
		t.Fatalf("len %d, want %d", ix.len(), len(want))
	}
	seen := 0
	ix.each(func(x, z, slot int32) {
		seen++
		if v, ok := want[[2]int32{x, z}]; !ok || v != slot {
			t.Fatalf("each gave (%d,%d)=%d, want %d %v", x, z, slot, v, ok)
		}
	})
	if seen != len(want) {
		t.Fatalf("each visited %d, want %d", seen, len(want))
	}
	for k := range want {
		ix.del(k[0], k[1])
	}
	if len(ix.regions) != 0 || ix.len() != 0 {
		t.Fatalf("%d regions left after deleting every column", len(ix.regions))
	}
}

func TestPosSet(t *testing.T) {
	s := newPosSet()
	ps := []chunk.Pos{{X: -1, Y: chunk.MinSectionY, Z: -1}, {X: -1, Y: chunk.MaxSectionY, Z: -1}, {X: 40, Y: 0, Z: -40}}
	for _, p := range ps {
		if !s.add(p) || s.add(p) {
			t.Fatalf("add %v", p)
		}
	}
	if s.add(chunk.Pos{Y: chunk.MaxSectionY + 1}) || s.has(chunk.Pos{Y: chunk.MinSectionY - 1}) {
		t.Fatal("a position outside the world")
	}
	if s.len() != 3 || !s.has(ps[1]) || s.has(chunk.Pos{X: -1, Y: 0, Z: -1}) {
		t.Fatal("membership wrong")
	}
	for _, p := range ps {
		if !s.remove(p) || s.remove(p) {
			t.Fatalf("remove %v", p)
		}
	}
	if s.len() != 0 || s.index.len() != 0 {
		t.Fatal("columns left after removing everything")
	}
}
