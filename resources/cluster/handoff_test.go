package cluster

import (
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/storage"
)

// handoffKeys is what c's index lists of column (x, z).
func handoffKeys(c *Cluster, x, z int32) []string {
	var out []string
	c.Store().Handoffs(func(cx, cz int32, keys []string) {
		if cx == x && cz == z {
			out = keys
		}
	})
	return out
}

// TestHandoffRecords: an entity handed from shard a's column to shard b's
// is in exactly one stored record at every step — a's column or the
// hand-over record, then b's column — whether the commits go as atomic
// batches or one by one, when a commit is retried after it landed, and
// when a's lease is not held.
func TestHandoffRecords(t *testing.T) {
	t.Parallel()
	for _, atomicOn := range []bool{true, false} {
		name := map[bool]string{true: "atomic", false: "one by one"}[atomicOn]
		t.Run(name, func(t *testing.T) {
			bucket := newBucket(t)
			a, b := connect(t, url(t), bucket, "a"), connect(t, url(t), bucket, "b")
			for _, cl := range []struct {
				c *Cluster
				r Region
			}{{a, Region{0, 0}}, {b, Region{1, 0}}} {
				if held, _, err := cl.c.Claim(ctxT(t), cl.r); !held || err != nil {
					t.Fatal(held, err)
				}
				cl.c.store.atomic.Store(atomicOn)
			}
			sheep := storage.EntityRecord{Kind: "sheep", X: 500, Y: 64, Z: 1, Width: 0.9, Height: 1.3}
			walker := storage.EntityRecord{Kind: "walker", X: 512.2, Y: 64, Z: 1, Width: 0.6, Height: 1.8}
			left := storage.Batch{Entities: []storage.EntityColumn{{X: 31, Z: 0, Entities: []storage.EntityRecord{sheep},
				Outbox: []storage.Handoff{{ID: "t1", X: 32, Z: 0, Entity: walker}}}}}
			before := a.Stats().AtomicBatches
			if err := a.Store().Commit(&left); err != nil {
				t.Fatal(err)
			}
			if got := a.Stats().AtomicBatches - before; atomicOn != (got == 1) {
				t.Errorf("%d atomic batches, atomic %t", got, atomicOn)
			}
			key := handKey(32, 0, "t1")
			waitfor.Until(t, 5*time.Second, "shard b never listed the hand-over", func() bool {
				return slices.Equal(handoffKeys(b, 32, 0), []string{key}) && b.ents.has(31, 0)
			})
			if rec, _, err := b.Store().LoadEntities(31, 0); err != nil || len(rec.Entities) != 1 || rec.Entities[0].Kind != "sheep" {
				t.Fatalf("column (31, 0): %+v, %v; want the sheep alone", rec, err)
			}
			got, err := b.Store().LoadHandoffs([]string{key})
			if err != nil || len(got) != 1 || got[0].Gone || got[0].Err != nil || got[0].Entity.Kind != "walker" || got[0].Entity.X != walker.X {
				t.Fatalf("hand-over read: %+v, %v", got, err)
			}

			// The same commit again, as the writer retries one whose
			// acknowledgement was lost: nothing doubles, nothing is fenced.
			retry := func(what string) {
				t.Helper()
				a.hands.mu.Lock()
				clear(a.hands.landed)
				a.hands.mu.Unlock()
				if err := a.Store().Commit(&left); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if !a.Holds(Region{0, 0}) {
					t.Fatalf("%s: a lost its lease", what)
				}
			}
			retry("retried commit")
			if keys := handoffKeys(a, 32, 0); !slices.Equal(keys, []string{key}) {
				t.Fatalf("after the retry a lists %v", keys)
			}

			// b adopts it: its column holds the walker, the hand-over is gone.
			adopt := storage.Batch{Entities: []storage.EntityColumn{{X: 32, Z: 0, Entities: []storage.EntityRecord{walker}, Adopted: []string{key}}}}
			if err := b.Store().Commit(&adopt); err != nil {
				t.Fatal(err)
			}
			waitfor.Until(t, 5*time.Second, "shard a still lists the adopted hand-over", func() bool { return len(handoffKeys(a, 32, 0)) == 0 })
			if len(handoffKeys(b, 32, 0)) != 0 {
				t.Fatal("b lists the hand-over it adopted")
			}
			if rec, _, err := a.Store().LoadEntities(32, 0); err != nil || len(rec.Entities) != 1 || rec.Entities[0].Kind != "walker" {
				t.Fatalf("column (32, 0): %+v, %v", rec, err)
			}
			if atomicOn {
				// Retried once more after the adoption: the record is not
				// created again (it was, once, on that key).
				retry("commit retried after the adoption")
				if got, err := b.Store().LoadHandoffs([]string{key}); err != nil || !got[0].Gone {
					t.Fatalf("the retry brought the hand-over back: %+v, %v", got, err)
				}
			}

			// From a region a does not hold: refused, and no record made.
			stray := storage.Batch{Entities: []storage.EntityColumn{{X: 40, Z: 0, Outbox: []storage.Handoff{{ID: "t2", X: 70, Z: 0, Entity: walker}}}}}
			if _, ok := storage.AsFenced(a.Store().Commit(&stray)); !ok {
				t.Fatal("a hand-over from a region not held was not refused")
			}
			if got, err := b.Store().LoadHandoffs([]string{handKey(70, 0, "t2")}); err != nil || !got[0].Gone {
				t.Fatalf("a refused hand-over was stored: %+v, %v", got, err)
			}
		})
	}
}
