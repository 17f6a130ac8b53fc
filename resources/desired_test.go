package resources

import (
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// bruteUnion counts, per section, how many of the cylinders contain it.
func bruteUnion(cyls map[uint64]Cylinder) map[chunk.Pos]int {
	out := map[chunk.Pos]int{}
	for _, c := range cyls {
		for _, p := range c.Positions(nil) {
			out[p]++
		}
	}
	return out
}

func setOf(ps []chunk.Pos) map[chunk.Pos]bool {
	m := make(map[chunk.Pos]bool, len(ps))
	for _, p := range ps {
		m[p] = true
	}
	return m
}

// checkAgainst compares d with a brute-force union and checks that the
// change log since prev names every section that entered or left.
func checkAgainst(t *testing.T, d *Desired, cyls map[uint64]Cylinder, prev map[chunk.Pos]bool) map[chunk.Pos]bool {
	t.Helper()
	want := bruteUnion(cyls)
	if d.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", d.Len(), len(want))
	}
	for p, n := range want {
		if d.Count(p) != n {
			t.Fatalf("Count(%v) = %d, want %d", p, d.Count(p), n)
		}
	}
	got := setOf(d.AppendPositions(nil))
	if len(got) != len(want) {
		t.Fatalf("AppendPositions: %d positions, want %d", len(got), len(want))
	}
	wanted, unwanted := d.Changes()
	in := map[chunk.Pos]bool{}
	for _, w := range wanted {
		in[w.Pos] = true
	}
	out := setOf(unwanted)
	for p := range got {
		if !prev[p] && !in[p] {
			t.Fatalf("%v entered without a wanted change", p)
		}
	}
	for p := range prev {
		if !got[p] && !out[p] {
			t.Fatalf("%v left without an unwanted change", p)
		}
	}
	d.ClearChanges()
	return got
}

func TestDesiredMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := NewDesired()
	cyls := map[uint64]Cylinder{}
	prev := map[chunk.Pos]bool{}
	randCyl := func() Cylinder {
		ys := []int32{chunk.MinSectionY - 3, chunk.MinSectionY, 0, 5, chunk.MaxSectionY, chunk.MaxSectionY + 2, 100}
		return Cylinder{
			Center: chunk.Pos{X: rng.Int32N(21) - 10, Y: ys[rng.IntN(len(ys))], Z: rng.Int32N(21) - 10},
			Radius: rng.IntN(7),
			Pad:    rng.IntN(3),
		}
	}
	// Keys as residency makes them (an entity's id in the high word, its
	// generation in the low), ids shared by two generations, and one
	// beyond byID.
	keys := []uint64{0, 1, 1 << 32, 1<<32 | 1, 2<<32 | 7, (maxByID + 5) << 32}
	for i := range 600 {
		key := keys[rng.IntN(len(keys))]
		switch op := rng.IntN(10); {
		case op < 2:
			d.Remove(key)
			delete(cyls, key)
		case op < 6:
			// A small step, the common case.
			c, ok := cyls[key]
			if !ok {
				c = randCyl()
			}
			c.Center = c.Center.Add(rng.Int32N(3)-1, rng.Int32N(3)-1, rng.Int32N(3)-1)
			d.Set(key, c)
			cyls[key] = c
		case op < 8:
			// A longer move of the same shape: partial or no overlap.
			c, ok := cyls[key]
			if !ok {
				c = randCyl()
			}
			reach := int32(2*(c.Radius+c.Pad) + 2)
			c.Center = c.Center.Add(rng.Int32N(2*reach+1)-reach, rng.Int32N(7)-3, rng.Int32N(2*reach+1)-reach)
			d.Set(key, c)
			cyls[key] = c
		default:
			c := randCyl()
			d.Set(key, c)
			cyls[key] = c
		}
		prev = checkAgainst(t, d, cyls, prev)
		if t.Failed() {
			t.Fatalf("after op %d", i)
		}
	}
	for k := range cyls {
		d.Remove(k)
	}
	if d.Len() != 0 || d.index.len() != 0 || len(d.views) != 0 {
		t.Fatalf("after removing every view: Len %d, %d columns, %d views", d.Len(), d.index.len(), len(d.views))
	}
	for i, v := range d.byID {
		if v != nil {
			t.Fatalf("after removing every view: byID[%d] holds %x", i, v.key)
		}
	}
}

func TestDesiredStepTouchesOnlyTheDifference(t *testing.T) {
	d := NewDesired()
	c := Cylinder{Center: chunk.Pos{Y: 5}, Radius: 8, Pad: 1}
	d.Set(1, c)
	d.ClearChanges()
	next := c
	next.Center.X++
	d.Set(1, next)
	wanted, unwanted := d.Changes()
	old, cur := setOf(c.Positions(nil)), setOf(next.Positions(nil))
	entered, left := 0, 0
	for p := range cur {
		if !old[p] {
			entered++
		}
	}
	for p := range old {
		if !cur[p] {
			left++
		}
	}
	if len(wanted) != entered || len(unwanted) != left {
		t.Fatalf("one-chunk step: %d wanted / %d unwanted changes, want %d / %d", len(wanted), len(unwanted), entered, left)
	}
	if entered == 0 || entered > 2*(2*9+1)*11 {
		t.Fatalf("implausible difference %d", entered)
	}
}

func TestDesiredOverlapCountsAndBoost(t *testing.T) {
	d := NewDesired()
	a := Cylinder{Center: chunk.Pos{Y: 5}, Radius: 4}
	b := Cylinder{Center: chunk.Pos{X: 2, Y: 5}, Radius: 4}
	d.Set(1, a)
	d.ClearChanges()
	d.Set(2, b)
	wanted, _ := d.Changes()
	// A new view announces its own sections and those shared ones it is
	// more urgent for, with priorities relative to its own centre, so
	// nearer ones can jump ahead; a shared section it wants no sooner
	// than a is not recorded again.
	want := 0
	for _, p := range b.Positions(nil) {
		if !a.Contains(p) || Priority(b.Center, p) < Priority(a.Center, p) {
			want++
		}
	}
	if len(wanted) != want || want == b.Len() || want <= b.Len()-a.Len() {
		t.Fatalf("new view: %d wanted, want %d of its %d", len(wanted), want, b.Len())
	}
	for _, w := range wanted {
		if w.Priority != Priority(b.Center, w.Pos) {
			t.Fatalf("priority of %v relative to the wrong centre", w.Pos)
		}
		if a.Contains(w.Pos) && w.Priority >= Priority(a.Center, w.Pos) {
			t.Fatalf("%v recorded again though no more urgent", w.Pos)
		}
	}
	d.ClearChanges()
	d.Remove(1)
	_, unwanted := d.Changes()
	for _, p := range unwanted {
		if b.Contains(p) {
			t.Fatalf("%v still wanted by the other view but reported unwanted", p)
		}
		if d.Contains(p) {
			t.Fatalf("%v reported unwanted but still contained", p)
		}
	}
	if d.Len() != b.Len() {
		t.Fatalf("Len %d, want %d", d.Len(), b.Len())
	}
}

func TestDesiredSweep(t *testing.T) {
	d := NewDesired()
	for k := uint64(1); k <= 3; k++ {
		d.Set(k, Cylinder{Center: chunk.Pos{X: int32(k) * 100}, Radius: 2})
	}
	if n := d.Sweep(); n != 0 {
		t.Fatalf("first sweep removed %d", n)
	}
	d.Set(1, Cylinder{Center: chunk.Pos{X: 100}, Radius: 2})
	d.Set(3, Cylinder{Center: chunk.Pos{X: 300}, Radius: 2})
	d.ClearChanges()
	if n := d.Sweep(); n != 1 {
		t.Fatalf("sweep removed %d views, want 1", n)
	}
	if _, ok := d.View(2); ok || d.Views() != 2 {
		t.Fatal("view 2 not removed")
	}
	_, unwanted := d.Changes()
	if len(unwanted) != (Cylinder{Radius: 2}).Len() {
		t.Fatalf("%d unwanted after sweep", len(unwanted))
	}
	// Nothing seen: everything goes, in key order.
	d.ClearChanges()
	if n := d.Sweep(); n != 2 || d.Len() != 0 {
		t.Fatalf("sweep of unseen views removed %d, Len %d", n, d.Len())
	}
	_, unwanted = d.Changes()
	if first, last := unwanted[0], unwanted[len(unwanted)-1]; first.X > 150 || last.X < 250 {
		t.Fatalf("views not removed in key order: first %v, last %v", first, last)
	}
}

func TestDesiredRadiusChangeAndClamp(t *testing.T) {
	d := NewDesired()
	c := Cylinder{Center: chunk.Pos{Y: 5}, Radius: 3}
	d.Set(1, c)
	c.Radius = 6
	d.Set(1, c)
	if d.Len() != c.Len() {
		t.Fatalf("grow: Len %d, want %d", d.Len(), c.Len())
	}
	c.Radius = 2
	d.Set(1, c)
	if d.Len() != c.Len() {
		t.Fatalf("shrink: Len %d, want %d", d.Len(), c.Len())
	}
	d.Set(2, Cylinder{Radius: -5})
	d.Set(3, Cylinder{Center: chunk.Pos{X: 10000}, Radius: 1 << 30})
	if v, _ := d.View(3); v.Radius != MaxViewRadius {
		t.Fatalf("radius not clamped: %d", v.Radius)
	}
}

func TestDesiredTeleport(t *testing.T) {
	d := NewDesired()
	c := Cylinder{Center: chunk.Pos{Y: 5}, Radius: 5, Pad: 1}
	d.Set(1, c)
	d.ClearChanges()
	c.Center.X += 1000
	d.Set(1, c)
	wanted, unwanted := d.Changes()
	if len(wanted) != c.Len() || len(unwanted) != c.Len() || d.Len() != c.Len() {
		t.Fatalf("teleport: %d wanted, %d unwanted, Len %d; want %d each", len(wanted), len(unwanted), d.Len(), c.Len())
	}
	if d.index.len() != c.Len()/(2*(5/2+1)+1) {
		t.Fatalf("%d columns held, want only the new footprint's", d.index.len())
	}
}
