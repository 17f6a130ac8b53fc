package bots

import (
	"math"
	"testing"
	"time"

	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// fill delivers every section of the radius-r cylinder around c.
func fill(tr *tracker, c chunk.Pos, r int, now time.Time) {
	for _, p := range (resources.Cylinder{Center: c, Radius: r}).Positions(nil) {
		tr.chunk(p, 10, now)
	}
}

func TestTrackerFirstViewAndDelays(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := chunk.Pos{X: 0, Y: 4, Z: 0}
	tr := newTracker(time.Second)
	// A section arriving before the Welcome was processed counts as held.
	tr.chunk(c, 10, t0)
	tr.begin(c, 2, t0.Add(-100*time.Millisecond), t0)
	if tr.complete() {
		t.Fatal("complete before the view arrived")
	}
	fill(tr, c, 2, t0.Add(400*time.Millisecond))
	if !tr.complete() {
		t.Fatal("not complete after the whole view arrived")
	}
	tr.startMoving()

	// Move one section along +X: the new face enters; deliver half of it
	// at once, the rest 1.5 s later (late), one section never.
	t1 := t0.Add(time.Second)
	next := c.Add(1, 0, 0)
	tr.moveTo(next, t1)
	var entered []chunk.Pos
	for _, p := range (resources.Cylinder{Center: next, Radius: 2}).Positions(nil) {
		if !(resources.Cylinder{Center: c, Radius: 2}).Contains(p) {
			entered = append(entered, p)
		}
	}
	if len(entered) == 0 {
		t.Fatal("nothing entered")
	}
	sent := entered[:len(entered)-1]
	for i, p := range sent {
		if i%2 == 0 {
			tr.chunk(p, 10, t1.Add(50*time.Millisecond))
		}
	}
	tr.tick(t1.Add(1200 * time.Millisecond)) // the rest is past the limit
	for i, p := range sent {
		if i%2 == 1 {
			tr.chunk(p, 10, t1.Add(1500*time.Millisecond))
		}
	}
	tr.tick(t1.Add(2050 * time.Millisecond)) // the one never sent is past twice the limit
	st, held := tr.finish(t1.Add(2 * time.Second))
	if !st.Complete || st.FirstView != 500*time.Millisecond {
		t.Errorf("first view %v complete=%v, want 500ms", st.FirstView, st.Complete)
	}
	if st.Entered != uint64(len(entered)) || st.Prefetched != 0 {
		t.Errorf("entered %d prefetched %d, want %d and 0", st.Entered, st.Prefetched, len(entered))
	}
	if st.Arrived != uint64(len(entered)-1) || len(st.Delays) != len(entered)-1 {
		t.Errorf("arrived %d (%d samples), want %d", st.Arrived, len(st.Delays), len(entered)-1)
	}
	wantLate := uint64((len(entered) - 1) / 2) // the odd ones, plus the one never sent
	if st.Late != wantLate+1 || st.Later != 1 {
		t.Errorf("late %d and %d past twice the limit, want %d and 1", st.Late, st.Later, wantLate+1)
	}
	if st.StillMissing != 1 || st.MaxMissing != 2*time.Second {
		t.Errorf("still missing %d, max missing %v; want 1 and 2s", st.StillMissing, st.MaxMissing)
	}
	if held != int(st.Chunks-st.Drops)-1 { // the centre section came twice

		t.Errorf("held %d, chunks %d, drops %d", held, st.Chunks, st.Drops)
	}
}

func TestTrackerPrefetchedLeftAndDropped(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := chunk.Pos{X: 5, Y: 4, Z: 5}
	tr := newTracker(time.Second)
	tr.begin(c, 2, t0, t0)
	// The server sends a padded view: the ring beyond R is held early.
	for _, p := range (resources.Cylinder{Center: c, Radius: 2, Pad: 1}).Positions(nil) {
		tr.chunk(p, 10, t0)
	}
	tr.startMoving()
	tr.moveTo(c.Add(1, 0, 0), t0.Add(time.Second))
	if !tr.complete() {
		t.Fatal("the padded ring should cover one step")
	}
	// A second step needs sections nobody sent; stepping back leaves them.
	tr.moveTo(c.Add(2, 0, 0), t0.Add(2*time.Second))
	if tr.complete() {
		t.Fatal("complete without the new face")
	}
	tr.moveTo(c.Add(1, 0, 0), t0.Add(2500*time.Millisecond))
	// A Drop inside the view wants the section again.
	in := c.Add(1, 0, 0)
	tr.drop(in, t0.Add(3*time.Second))
	if tr.complete() {
		t.Fatal("complete after a drop inside the view")
	}
	tr.chunk(in, 10, t0.Add(3200*time.Millisecond))
	st, _ := tr.finish(t0.Add(4 * time.Second))
	if st.Prefetched == 0 || st.Prefetched >= st.Entered {
		t.Errorf("prefetched %d of %d entered", st.Prefetched, st.Entered)
	}
	if st.LeftEarly == 0 {
		t.Error("no section counted as left before arrival")
	}
	if st.DroppedInView != 1 || st.Arrived != 1 || st.Delays[0] != 200*time.Millisecond {
		t.Errorf("dropped in view %d, arrived %d, delays %v", st.DroppedInView, st.Arrived, st.Delays)
	}
}

func TestPercentile(t *testing.T) {
	var s []time.Duration
	for i := 1; i <= 100; i++ {
		s = append(s, time.Duration(i))
	}
	for _, tt := range []struct {
		p    float64
		want time.Duration
	}{{50, 50}, {99, 99}, {100, 100}, {1, 1}} {
		if got := percentile(s, tt.p); got != tt.want {
			t.Errorf("p%v = %v, want %v", tt.p, got, tt.want)
		}
	}
	if percentile(nil, 99) != 0 || percentile(s[:1], 99) != 1 {
		t.Error("edge cases")
	}
}

func TestHistQuantile(t *testing.T) {
	b0 := []bucket{{0.01, 10}, {0.02, 10}, {0.05, 10}}
	// 100 new observations: 90 ≤ 10 ms, 8 in (10, 20], 2 in (20, 50].
	b1 := []bucket{{0.01, 100}, {0.02, 108}, {0.05, 110}}
	p99, bound := histQuantile(0.99, 100, b0, b1)
	if bound != 50 || p99 < 20 || p99 > 50 {
		t.Errorf("p99 %v in bucket %v, want within (20, 50]", p99, bound)
	}
	// 2 observations beyond the last bucket.
	p99, bound = histQuantile(0.99, 102, b0, b1)
	if bound != -1 || p99 != 50 {
		t.Errorf("beyond: p99 %v bucket %v", p99, bound)
	}
	// The text format lists the +Inf bucket too: beyond the last finite
	// bound is still that bound, never +Inf (which JSON cannot carry).
	inf0 := append(b0[:len(b0):len(b0)], bucket{math.Inf(1), 10})
	inf1 := append(b1[:len(b1):len(b1)], bucket{math.Inf(1), 112})
	p99, bound = histQuantile(0.99, 102, inf0, inf1)
	if bound != -1 || p99 != 50 {
		t.Errorf("beyond, with +Inf listed: p99 %v bucket %v", p99, bound)
	}
}
