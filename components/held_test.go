package components

import (
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// TestHeldMatchesMap drives a Held set and a plain map with the same
// random operations (Set, SetColumn, Delete), moving and resizing the
// frame the way delivery does (drop what leaves, then reframe), and checks
// they always agree.
func TestHeldMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var h Held
	want := map[chunk.Pos]uint64{}
	center, reach := chunk.Pos{X: -3, Z: 5}, 4
	h.Reframe(center, reach)
	in := func(p chunk.Pos, c chunk.Pos, r int) bool {
		return abs(p.X-c.X) <= int32(r) && abs(p.Z-c.Z) <= int32(r)
	}
	for step := 0; step < 5000; step++ {
		switch rng.IntN(10) {
		case 0: // the view moves (sometimes far, sometimes resizing)
			nc := chunk.Pos{X: center.X + int32(rng.IntN(5)-2), Z: center.Z + int32(rng.IntN(5)-2)}
			if rng.IntN(20) == 0 {
				nc = chunk.Pos{X: int32(rng.IntN(2000) - 1000), Z: int32(rng.IntN(2000) - 1000)}
			}
			nr := reach
			if rng.IntN(10) == 0 {
				nr = 1 + rng.IntN(6)
			}
			for p := range want {
				if !in(p, nc, nr) {
					h.Delete(p)
					delete(want, p)
				}
			}
			center, reach = nc, nr
			h.Reframe(center, reach)
		case 1, 2:
			for p := range want {
				h.Delete(p)
				delete(want, p)
				break
			}
		case 3: // a turn's blank sections, by column
			x := center.X + int32(rng.IntN(2*reach+1)-reach)
			z := center.Z + int32(rng.IntN(2*reach+1)-reach)
			mask := rng.Uint32() & (1<<chunk.SectionsPerColumn - 1)
			h.SetColumn(x, z, mask)
			for y := range int32(chunk.SectionsPerColumn) {
				if mask&(1<<y) != 0 {
					want[chunk.Pos{X: x, Y: y + chunk.MinSectionY, Z: z}] = 0
				}
			}
		default:
			p := chunk.Pos{
				X: center.X + int32(rng.IntN(2*reach+1)-reach),
				Y: chunk.MinSectionY + int32(rng.IntN(chunk.SectionsPerColumn)),
				Z: center.Z + int32(rng.IntN(2*reach+1)-reach),
			}
			rev := uint64(0)
			if rng.IntN(4) == 0 {
				rev = uint64(rng.IntN(9))
			}
			h.Set(p, rev)
			want[p] = rev
		}
		if h.Len() != len(want) {
			t.Fatalf("step %d: Len %d, want %d", step, h.Len(), len(want))
		}
	}
	got := map[chunk.Pos]uint64{}
	h.Each(func(p chunk.Pos, rev uint64) { got[p] = rev })
	if !maps.Equal(got, want) {
		t.Fatalf("Each gives %d sections, want %d", len(got), len(want))
	}
	for p, rev := range want {
		if r, ok := h.Get(p); !ok || r != rev {
			t.Fatalf("Get(%v) = %d, %v; want %d", p, r, ok, rev)
		}
	}
}

func TestHeldEdges(t *testing.T) {
	var empty Held
	if empty.Has(chunk.Pos{}) || empty.Len() != 0 {
		t.Fatal("the zero Held holds something")
	}
	empty.Delete(chunk.Pos{}) // no frame: nothing to do, no panic

	var h Held
	h.Reframe(chunk.Pos{X: -100, Z: -100}, 2)
	p := chunk.Pos{X: -102, Y: chunk.MinSectionY, Z: -98}
	top := chunk.Pos{X: -100, Y: chunk.MaxSectionY, Z: -100}
	h.Set(p, 3)
	h.Set(top, 0)
	// The position one side away maps to the same slot: it is outside the
	// frame, so it is not held.
	alias := chunk.Pos{X: p.X + 5, Y: p.Y, Z: p.Z}
	for _, c := range []struct {
		name string
		p    chunk.Pos
		want bool
	}{
		{"held, bottom layer, negative", p, true},
		{"held, top layer", top, true},
		{"alias outside the frame", alias, false},
		{"below the world", chunk.Pos{X: -100, Y: chunk.MinSectionY - 1, Z: -100}, false},
		{"above the world", chunk.Pos{X: -100, Y: chunk.MaxSectionY + 1, Z: -100}, false},
	} {
		if got := h.Has(c.p); got != c.want {
			t.Errorf("%s: Has(%v) = %v, want %v", c.name, c.p, got, c.want)
		}
	}
	// Moving the frame by one column without dropping p first forgets p
	// rather than letting it alias.
	h.Reframe(chunk.Pos{X: -99, Z: -100}, 2)
	if h.Has(p) || h.Has(alias) || h.Len() != 1 {
		t.Fatalf("after reframing: has p %v, alias %v, len %d", h.Has(p), h.Has(alias), h.Len())
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Set outside the frame did not panic")
		}
	}()
	h.Set(chunk.Pos{X: -200, Z: -100}, 0)
}

func TestHeldSetColumnOutsideTheFrame(t *testing.T) {
	var h Held
	h.Reframe(chunk.Pos{}, 2)
	for _, c := range []struct {
		name string
		x, z int32
		mask uint32
	}{
		{"column outside", 3, 0, 1},
		{"above the world", 0, 0, 1 << chunk.SectionsPerColumn},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: SetColumn did not panic", c.name)
				}
			}()
			h.SetColumn(c.x, c.z, c.mask)
		}()
	}
	if h.Len() != 0 {
		t.Fatalf("Len %d after refused SetColumns", h.Len())
	}
}

func abs(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
