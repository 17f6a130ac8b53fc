package resources

import (
	"testing"

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
