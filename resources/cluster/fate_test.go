package cluster

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/waitfor"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestUncertainWriteFate is issue 51's edits answered refused that were
// stored: a commit's acknowledgement is lost (a stream electing a
// leader), the lease is gone before the writer's retry, and the retry
// must learn whether the first attempt landed rather than refuse it
// unseen. landed: answered stored (the stream's duplicate); not landed:
// refused, and nothing stored.
func TestUncertainWriteFate(t *testing.T) {
	t.Parallel()
	for _, landed := range []bool{true, false} {
		u, b := url(t), newBucket(t)
		a := connect(t, u, b, "a")
		bb := connect(t, u, b, "b")
		ctx := ctxT(t)
		p := chunk.Pos{X: 300, Y: 2, Z: 7}
		r := RegionOf(p)
		if held, _, err := a.Claim(ctx, r); !held || err != nil {
			t.Fatalf("a claims: %v %v", held, err)
		}
		var once atomic.Bool
		a.store.lostAckHook = func(subj string) (bool, bool) {
			return once.CompareAndSwap(false, true), landed
		}
		batch := storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: section(10), Epoch: a.Store().Epoch(p.X, p.Z)}}}
		err := a.Store().Commit(&batch)
		if _, fenced := storage.AsFenced(err); err == nil || fenced {
			t.Fatalf("commit with its ack lost = %v, want a failure to retry", err)
		}
		// The lease goes before the retry, and another shard takes it.
		if err := a.Release(ctx, r); err != nil {
			t.Fatal(err)
		}
		if held, _, err := bb.Claim(ctx, r); !held || err != nil {
			t.Fatalf("b claims: %v %v", held, err)
		}
		retry := storage.Batch{Sections: slices.Clone(batch.Sections)}
		err = a.Store().Commit(&retry)
		_, rev, ok, lerr := bb.Store().LoadSection(p)
		if lerr != nil {
			t.Fatal(lerr)
		}
		if landed {
			if err != nil {
				t.Errorf("landed: retry = %v, want stored (the stream's duplicate)", err)
			}
			if !ok || rev != 1 {
				t.Errorf("landed: stored rev %d ok %v", rev, ok)
			}
			continue
		}
		if fe, fenced := storage.AsFenced(err); !fenced || !slices.Equal(fe.Sections, []chunk.Pos{p}) {
			t.Errorf("not landed: retry = %v, want %v refused", err, p)
		}
		if ok {
			t.Errorf("not landed: stored rev %d", rev)
		}
	}
}

// TestUncertainWriteFateLeaseMoved: as TestUncertainWriteFate, with the
// lease still in the shard's table when the retry goes (renewals paused:
// it never noticed another shard took the region): the server refuses
// the retry on the fence, and the write that landed is still answered
// stored, the lease dropped.
func TestUncertainWriteFateLeaseMoved(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	p := chunk.Pos{X: 330, Y: 2, Z: 7}
	r := RegionOf(p)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims: %v %v", held, err)
	}
	var once atomic.Bool
	a.store.lostAckHook = func(string) (bool, bool) { return once.CompareAndSwap(false, true), true }
	batch := storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: section(10), Epoch: a.Store().Epoch(p.X, p.Z)}}}
	if err := a.Store().Commit(&batch); err == nil {
		t.Fatal("commit with its ack lost succeeded")
	}
	a.PauseRenewals(true)
	waitfor.Until(t, 8*time.Second, "b claims the lapsed lease", func() bool {
		held, _, err := bb.Claim(ctx, r)
		return err == nil && held
	})
	if !slices.Contains(a.Held(), r) {
		t.Fatal("a dropped the lease on its own; the retry would not reach the server's fence")
	}
	retry := storage.Batch{Sections: slices.Clone(batch.Sections)}
	if err := a.Store().Commit(&retry); err != nil {
		t.Errorf("retry = %v, want stored (it landed before the lease moved)", err)
	}
	a.PauseRenewals(false)
	if slices.Contains(a.Held(), r) {
		t.Error("a still holds the region another shard took")
	}
	if _, rev, ok, err := bb.Store().LoadSection(p); err != nil || !ok || rev != 1 {
		t.Errorf("stored rev %d ok %v err %v, want a's write", rev, ok, err)
	}
}
