package resources

import (
	"math"
	"testing"
	"unsafe"

	"github.com/stratavox/strata/resources/chunk"
)

func TestBacklogOrder(t *testing.T) {
	b := NewBacklog()
	pushes := []Want{{chunk.Pos{X: 1}, 9}, {chunk.Pos{X: 2}, 1}, {chunk.Pos{X: 3}, 300}, {chunk.Pos{X: 4}, 1}, {chunk.Pos{X: 5}, 0}}
	for _, w := range pushes {
		b.Push(w.Pos, w.Priority)
	}
	// Pushing a nearer entry while popping goes ahead of farther ones.
	var got []int32
	for i := 0; ; i++ {
		w, ok := b.Pop()
		if !ok {
			break
		}
		got = append(got, w.Pos.X)
		if i == 1 {
			b.Push(chunk.Pos{X: 6}, 2)
		}
	}
	want := []int32{5, 2, 4, 6, 1, 3}
	if len(got) != len(want) {
		t.Fatalf("popped %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("popped %v, want %v", got, want)
		}
	}
	if b.Len() != 0 {
		t.Fatalf("Len %d after popping everything", b.Len())
	}
}

func TestBacklogCompact(t *testing.T) {
	b := NewBacklog()
	for i := range 10 {
		b.Push(chunk.Pos{X: int32(i)}, uint32(10-i))
	}
	b.Pop() // X=9
	b.Compact(func(p chunk.Pos) bool { return p.X%2 == 0 })
	if b.Len() != 5 {
		t.Fatalf("Len %d after compact, want 5", b.Len())
	}
	for _, want := range []int32{8, 6, 4, 2, 0} {
		w, ok := b.Pop()
		if !ok || w.Pos.X != want {
			t.Fatalf("popped %v, want X=%d", w, want)
		}
	}
}

func TestBacklogRetriesAndHeld(t *testing.T) {
	b := NewBacklog()
	b.Retry(chunk.Pos{X: 1}, 4, 10)
	b.Retry(chunk.Pos{X: 2}, 4, 20)
	b.PushDueRetries(9)
	if b.Len() != 0 || b.Retries() != 2 {
		t.Fatal("retry pushed early")
	}
	b.PushDueRetries(10)
	if w, ok := b.Pop(); !ok || w.Pos.X != 1 || b.Retries() != 1 {
		t.Fatal("due retry not pushed")
	}
	b.Hold(chunk.Pos{X: 3}, 5, 1)
	b.Hold(chunk.Pos{X: 4}, 50, 1)
	var took []int32
	b.TakeDueHeld(5, func(p chunk.Pos, attempts int) {
		took = append(took, p.X)
		b.Hold(p, 15, attempts+1) // still failing
	})
	if len(took) != 1 || took[0] != 3 || b.Held() != 2 {
		t.Fatalf("took %v, held %d", took, b.Held())
	}
	b.Reset()
	if b.Len() != 0 || b.Held() != 0 || b.Retries() != 0 {
		t.Fatal("Reset left entries")
	}
}

func TestBacklogFarPrioritiesShareABucket(t *testing.T) {
	b := NewBacklog()
	b.Push(chunk.Pos{X: 1}, 1<<31)
	b.Push(chunk.Pos{X: 2}, 1<<30)
	b.Push(chunk.Pos{X: 3}, 7)
	if len(b.buckets) > maxBucket+1 {
		t.Fatalf("%d buckets", len(b.buckets))
	}
	for _, want := range []int32{3, 1, 2} {
		if w, ok := b.Pop(); !ok || w.Pos.X != want {
			t.Fatalf("popped %v, want X=%d", w, want)
		}
	}
}

func TestBackoffDelay(t *testing.T) {
	tests := []struct {
		b       Backoff
		attempt int
		want    uint64
	}{
		{DefaultBackoff, 1, 20},
		{DefaultBackoff, 2, 40},
		{DefaultBackoff, 3, 80},
		{DefaultBackoff, 6, 640},
		{DefaultBackoff, 7, 1200}, // 1280 capped at a minute
		{DefaultBackoff, 1000, 1200},
		{Backoff{Base: 0, Max: 0}, 5, 1},    // at least a tick
		{Backoff{Base: 50, Max: 10}, 3, 50}, // a cap below the base is the base
		{Backoff{Base: 3, Max: 1 << 63}, 200, 1 << 63},
		{Backoff{Base: 3, Max: math.MaxUint64}, 200, 3 << 62}, // no overflow
	}
	for _, tt := range tests {
		if got := tt.b.Delay(tt.attempt); got != tt.want {
			t.Errorf("%+v.Delay(%d) = %d, want %d", tt.b, tt.attempt, got, tt.want)
		}
	}
}

func TestBacklogFailures(t *testing.T) {
	b := NewBacklog()
	b.Backoff = Backoff{Base: 2, Max: 8}
	p, q := chunk.Pos{X: 1}, chunk.Pos{X: 2}

	// A passing failure is retried with a growing delay, then forgotten
	// on success.
	if f, fresh := b.Fail(p, 3, 10, false, true); fresh || f.Attempts != 1 || f.Due != 12 {
		t.Fatalf("first failure %+v fresh %v", f, fresh)
	}
	if f, _ := b.Fail(p, 3, 13, false, true); f.Attempts != 2 || f.Due != 17 {
		t.Fatalf("second failure %+v", f)
	}
	if b.Retries() != 2 || b.Corrupt() != 0 {
		t.Fatalf("retries %d corrupt %d", b.Retries(), b.Corrupt())
	}
	if f, ok := b.Succeeded(p); !ok || f.Attempts != 2 {
		t.Fatalf("succeeded: %+v %v", f, ok)
	}
	if _, ok := b.FailureOf(p); ok {
		t.Fatal("failure remembered after success")
	}
	// One no view wants any more is forgotten at once.
	b.Fail(p, 3, 20, false, false)
	if _, ok := b.FailureOf(p); ok {
		t.Fatal("unwanted passing failure remembered")
	}

	// A corrupt one is new once, counted, sticky across a passing error
	// and remembered while unwanted, until a success.
	if _, fresh := b.Fail(q, 1, 30, true, true); !fresh || b.Corrupt() != 1 || !b.IsCorrupt(q) {
		t.Fatalf("corrupt: fresh %v count %d", fresh, b.Corrupt())
	}
	if _, fresh := b.Fail(q, 1, 33, true, false); fresh || b.Corrupt() != 1 {
		t.Fatal("corrupt section reported twice")
	}
	if f, _ := b.Fail(q, 1, 40, false, true); !f.Corrupt || f.Attempts != 3 || f.Due != 48 || b.Corrupt() != 1 {
		t.Fatalf("after a passing error: %+v, count %d", f, b.Corrupt())
	}
	b.Succeeded(q)
	if b.Corrupt() != 0 || b.IsCorrupt(q) || b.Stats.Recovered != 1 {
		t.Fatalf("after success: count %d recovered %d", b.Corrupt(), b.Stats.Recovered)
	}
	b.Fail(q, 1, 50, true, true)
	b.Reset()
	if b.Corrupt() != 0 || b.Retries() != 0 {
		t.Fatal("Reset kept failures")
	}
}

// TestBacklogAged: an entry waiting age ticks or more comes up by PopAged,
// oldest first, whatever its priority; a younger one does not, and what
// PopAged gave stays in its bucket (skipped by the caller when popped).
func TestBacklogAged(t *testing.T) {
	b := NewBacklog()
	b.SetTick(100)
	b.Push(chunk.Pos{X: 1}, 150) // the top of a view, far in priority
	b.Push(chunk.Pos{X: 2}, 90)
	b.SetTick(105)
	b.Push(chunk.Pos{X: 3}, 64)
	if _, ok := b.PopAged(10); ok {
		t.Fatal("an entry 5 ticks old came up as aged")
	}
	b.SetTick(110)
	for _, want := range []int32{1, 2} {
		if w, ok := b.PopAged(10); !ok || w.Pos.X != want || (want == 1 && w.Priority != 150) {
			t.Fatalf("aged: %+v, %v; want X=%d", w, ok, want)
		}
	}
	if w, ok := b.PopAged(10); ok {
		t.Fatalf("aged %+v, 5 ticks old", w)
	}
	if b.Len() != 3 {
		t.Fatalf("Len %d, want the 3 entries still in their buckets", b.Len())
	}
	for _, want := range []int32{3, 2, 1} {
		if w, _ := b.Pop(); w.Pos.X != want {
			t.Fatalf("popped %+v, want X=%d", w, want)
		}
	}
	b.SetTick(200)
	if w, ok := b.PopAged(10); ok {
		t.Fatalf("aged %+v after every entry came up", w)
	}
}

// TestBacklogGivesBackACrowdsRoom: once the entries of a crowd's join have
// all come up, the backlog holds none of the arrays they filled (an empty
// slice of one would keep it alive).
func TestBacklogGivesBackACrowdsRoom(t *testing.T) {
	for _, aged := range []bool{false, true} {
		b := NewBacklog()
		for i := range 200_000 {
			b.Push(chunk.Pos{X: int32(i)}, uint32(i%300))
		}
		b.SetTick(100)
		for {
			var ok bool
			if aged {
				_, ok = b.PopAged(0)
			}
			if !ok {
				if _, ok = b.Pop(); !ok {
					break
				}
			}
		}
		if overFloor(b.aged) {
			t.Errorf("aged %v: the age list keeps an array (room for %d)", aged, cap(b.aged))
		}
		for i, q := range b.buckets {
			if overFloor(q) {
				t.Errorf("aged %v: bucket %d keeps an array (room for %d)", aged, i, cap(q))
			}
		}
	}
}

// overFloor reports whether s holds an array above bucketFloor, or points
// into one with no room (which keeps it all the same).
func overFloor[T any](s []T) bool {
	return cap(s) > bucketFloor || cap(s) == 0 && unsafe.SliceData(s) != nil
}
