package persist

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
)

var shardBucket atomic.Int64

// joinCluster connects shard to the world in bucket on the NATS server
// at url (a one-second lease); the test's cleanup closes it, after the
// Apps built on it (registered later) are shut down.
func joinCluster(t *testing.T, url, bucket, shard string) *cluster.Cluster {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := cluster.Connect(ctx, cluster.Options{URLs: url, Shard: shard, Bucket: bucket, LeaseTTL: time.Second,
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.ErrorLevel)})
	if err != nil {
		t.Fatalf("connect %s: %v", shard, err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("close %s: %v", shard, err)
		}
	})
	return c
}

func newShardBucket() string { return fmt.Sprintf("persist%d", shardBucket.Add(1)) }

// TestColumnDataFencedOnCluster: on a cluster shard a column record
// written under the region's lease is stored (done(true)); one handed
// over under a lease lost before it was committed is refused and its
// callback told done(false) — whether the shard let the region go
// (refused locally) or its lease lapsed and another shard took the
// region (refused by JetStream) — and the stored record is the last one
// stored, which Get then reads. Both ways callbacks run: on the storage
// goroutine (live) and on the tick (deterministic mode).
func TestColumnDataFencedOnCluster(t *testing.T) {
	url := natstest.Start(t)
	for _, c := range []struct {
		name        string
		synchronous bool
		lapse       bool // the lease lapses and shard b takes it; else a releases it
	}{
		{"released, live", false, false},
		{"released, deterministic", true, false},
		{"lapsed, live", false, true},
		{"lapsed, deterministic", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			bucket := newShardBucket()
			a := joinCluster(t, url, bucket, "a")
			var cols *ColumnData[claim]
			w := newDataWorld(t, Config{InMemory: true, Backend: a.Store(), Synchronous: c.synchronous}, func(app *ecs.App) {
				cols = NewColumnData[claim](app, Kind{Name: "claims"})
			})
			x, z := int32(37), int32(-5)
			r := cluster.RegionOf(chunk.Pos{X: x, Z: z})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if held, _, err := a.Claim(ctx, r); !held || err != nil {
				t.Fatalf("claim %v: %v %v", r, held, err)
			}
			if !w.durable(t, "set under the lease", func(done func(bool)) error { return cols.Set(x, z, claim{"a1"}, done) }) {
				t.Fatal("a record written under the lease held was refused")
			}

			want := "a1"
			if c.lapse {
				b := joinCluster(t, url, bucket, "b")
				a.PauseRenewals(true)
				waitfor.Until(t, 10*time.Second, "b claims the lapsed lease", func() bool {
					held, _, err := b.Claim(ctx, r)
					return err == nil && held
				})
				err := b.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{
					Key:   storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: x, Z: z},
					Value: storage.EncodeRecord(1, []byte(`{"owner":"b"}`)), Epoch: b.Store().Epoch(x, z),
				}}})
				if err != nil {
					t.Fatalf("b's record: %v", err)
				}
				want = "b"
			}
			// Handed over under a's lease, committed after it is gone.
			var cb callback
			if err := cols.Set(x, z, claim{"a2"}, cb.done); err != nil {
				t.Fatal(err)
			}
			if !c.lapse {
				if err := a.Release(ctx, r); err != nil {
					t.Fatal(err)
				}
			}
			w.stepUntil(t, cb.called)
			a.PauseRenewals(false)
			if cb.state.Load() != refused || cb.calls.Load() != 1 {
				t.Fatalf("callback: state %d after %d calls, want one call told not stored", cb.state.Load(), cb.calls.Load())
			}
			if got, ok := cols.Get(x, z); !ok || got.Owner != want {
				t.Fatalf("Get after the refusal = %+v %v, want %q (what is stored)", got, ok, want)
			}
			v, ok, err := a.Store().LoadRecord(storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: x, Z: z})
			if err != nil || !ok || string(v) != string(storage.EncodeRecord(1, []byte(`{"owner":"`+want+`"}`))) {
				t.Fatalf("stored %q %v %v, want %q's", v, ok, err, want)
			}
			if got := w.dur.Writer().Stats().Fenced; got != 1 {
				t.Errorf("writer counted %d fenced writes, want 1", got)
			}
		})
	}
}

// TestWorldDataCompareAndSetOnCluster: two shards hold one world record.
// Each writes it from the revision it loaded at start, at once: one
// write is stored, the other refused (done(false)), and the refused
// shard's next Get reads the winner's value; its next write, from there,
// is stored and the other shard sees it after its own write is refused.
func TestWorldDataCompareAndSetOnCluster(t *testing.T) {
	url := natstest.Start(t)
	bucket := newShardBucket()
	shards := []*cluster.Cluster{joinCluster(t, url, bucket, "a"), joinCluster(t, url, bucket, "b")}
	worlds := make([]*persistWorld, 2)
	data := make([]*WorldData[string], 2)
	open := func(i int) {
		worlds[i] = newDataWorld(t, Config{InMemory: true, Backend: shards[i].Store()}, func(app *ecs.App) {
			data[i] = NewWorldData[string](app, Kind{Name: "bank"})
		})
	}
	open(0)
	if !worlds[0].durable(t, "first write", func(done func(bool)) error { return data[0].Set("gold", "a0", done) }) {
		t.Fatal("the first write was refused")
	}
	open(1)
	if v, ok := data[1].Get("gold"); !ok || v != "a0" {
		t.Fatalf("b loaded %q %v at start, want a0", v, ok)
	}

	// Both write from the revision they know, in ticks stepped in turn:
	// the two storage goroutines commit concurrently.
	cbs := make([]*callback, 2)
	for i, s := range []string{"a1", "b1"} {
		cbs[i] = &callback{}
		if err := data[i].Set("gold", s, cbs[i].done); err != nil {
			t.Fatal(err)
		}
	}
	waitfor.Until(t, 20*time.Second, "both writes answered", func() bool {
		worlds[0].app.Step()
		worlds[1].app.Step()
		return cbs[0].called() && cbs[1].called()
	})
	var win, lose int
	switch {
	case cbs[0].state.Load() == stored && cbs[1].state.Load() == refused:
		win, lose = 0, 1
	case cbs[1].state.Load() == stored && cbs[0].state.Load() == refused:
		win, lose = 1, 0
	default:
		t.Fatalf("callbacks %d and %d: want one stored and one refused", cbs[0].state.Load(), cbs[1].state.Load())
	}
	winner := []string{"a1", "b1"}[win]
	for _, i := range []int{lose, win} {
		if v, ok := data[i].Get("gold"); !ok || v != winner {
			t.Fatalf("shard %d reads %q %v, want the winner's %q", i, v, ok, winner)
		}
	}

	// The refused shard writes again from what it read: stored. The
	// winner's next write, from its own older revision, is refused and
	// then it reads the other's.
	if !worlds[lose].durable(t, "write after reading", func(done func(bool)) error { return data[lose].Set("gold", "again", done) }) {
		t.Fatal("the refused shard's write after reading the winner's was refused")
	}
	if worlds[win].durable(t, "stale write", func(done func(bool)) error { return data[win].Set("gold", "stale", done) }) {
		t.Fatal("a write from a revision another shard moved on from was stored")
	}
	if v, ok := data[win].Get("gold"); !ok || v != "again" {
		t.Fatalf("after its refused write shard %d reads %q %v, want %q", win, v, ok, "again")
	}
	if keys := data[win].Keys(); len(keys) != 1 || keys[0] != "gold" {
		t.Fatalf("Keys = %q", keys)
	}
}

// TestColumnDataWrittenByAnotherShard: a column record another shard
// wrote after this one started (the region was the other's, then comes
// here) is read here, both by Get and when the column becomes resident:
// the columns listed at start are not all there is on a cluster.
func TestColumnDataWrittenByAnotherShard(t *testing.T) {
	url := natstest.Start(t)
	bucket := newShardBucket()
	shards := []*cluster.Cluster{joinCluster(t, url, bucket, "a"), joinCluster(t, url, bucket, "b")}
	worlds := make([]*persistWorld, 2)
	cols := make([]*ColumnData[claim], 2)
	for i := range shards {
		worlds[i] = newDataWorld(t, Config{InMemory: true, Backend: shards[i].Store()}, func(app *ecs.App) {
			cols[i] = NewColumnData[claim](app, Kind{Name: "claims"})
		})
	}
	here := chunk.Pos{X: 5, Y: 3, Z: 6}
	r := cluster.RegionOf(here)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a, b := shards[0], shards[1]
	if held, _, err := b.Claim(ctx, r); !held || err != nil {
		t.Fatalf("b claims: %v %v", held, err)
	}
	if !worlds[1].durable(t, "b's record", func(done func(bool)) error { return cols[1].Set(here.X, here.Z, claim{"b"}, done) }) {
		t.Fatal("b's record was refused")
	}
	if err := b.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims: %v %v", held, err)
	}
	waitfor.Until(t, 10*time.Second, "shard a reads the record shard b wrote", func() bool {
		got, ok := cols[0].Get(here.X, here.Z)
		return ok && got.Owner == "b"
	})
	// Resident: loaded by plugin_columns, answered from memory.
	worlds[0].view(here, 1)
	worlds[0].settle(t)
	if e, ok := cols[0].cache[[2]int32{here.X, here.Z}]; !ok || !e.ok || e.v.Owner != "b" {
		t.Fatalf("resident column's record in memory: %+v %v, want b's", e, ok)
	}
}

// TestWorldDataFollowsOtherShards: a world record another shard sets,
// changes or deletes reaches this shard's Get by stepping its App — no
// write of its own, no restart — and a key this shard is writing keeps
// its own value until its write is answered (refused here: the other
// shard's came first), then reads the other shard's.
func TestWorldDataFollowsOtherShards(t *testing.T) {
	url := natstest.Start(t)
	bucket := newShardBucket()
	shards := []*cluster.Cluster{joinCluster(t, url, bucket, "a"), joinCluster(t, url, bucket, "b")}
	worlds := make([]*persistWorld, 2)
	data := make([]*WorldData[string], 2)
	for i := range shards {
		worlds[i] = newDataWorld(t, Config{InMemory: true, Backend: shards[i].Store()}, func(app *ecs.App) {
			data[i] = NewWorldData[string](app, Kind{Name: "shop"})
		})
	}
	a, b := 0, 1
	// follow steps b until its Get of key is want (ok false: none).
	follow := func(what, key, want string, ok bool) {
		t.Helper()
		waitfor.Until(t, 10*time.Second, what, func() bool {
			worlds[b].app.Step()
			v, found := data[b].Get(key)
			return found == ok && v == want
		})
	}
	for _, v := range []string{"10", "12"} {
		if !worlds[a].durable(t, "a sets iron", func(done func(bool)) error { return data[a].Set("iron", v, done) }) {
			t.Fatalf("a's write of iron %q refused", v)
		}
		follow("b reads a's price of iron", "iron", v, true)
	}
	if !worlds[a].durable(t, "a deletes iron", func(done func(bool)) error { return data[a].Delete("iron", done) }) {
		t.Fatal("a's delete refused")
	}
	follow("b reads iron deleted", "iron", "", false)
	if keys := data[b].Keys(); len(keys) != 0 {
		t.Fatalf("b's keys after the delete: %q", keys)
	}
	// b writes what it was told: its write is compared with a's revision
	// and stored, and a follows it in turn.
	if !worlds[b].durable(t, "b sets iron", func(done func(bool)) error { return data[b].Set("iron", "b", done) }) {
		t.Fatal("b's write after following a's delete was refused")
	}
	waitfor.Until(t, 10*time.Second, "a reads b's iron", func() bool {
		worlds[a].app.Step()
		v, ok := data[a].Get("iron")
		return ok && v == "b"
	})

	// b's write of gold is queued (not yet handed over) when a's lands:
	// until b's write is answered, b reads its own value.
	var cb callback
	if err := data[b].Set("gold", "b's", cb.done); err != nil {
		t.Fatal(err)
	}
	if !worlds[a].durable(t, "a sets gold", func(done func(bool)) error { return data[a].Set("gold", "a's", done) }) {
		t.Fatal("a's write of gold refused")
	}
	waitfor.Until(t, 10*time.Second, "b's write answered", func() bool {
		worlds[b].app.Step()
		if cb.called() {
			return true
		}
		// Not answered after the step: the step took no change of gold.
		if v := data[b].vals["gold"]; v != "b's" {
			t.Fatalf("b reads %q while its own write is in flight", v)
		}
		return false
	})
	if cb.state.Load() != refused {
		t.Fatal("b's write of gold, from before a's, was stored")
	}
	follow("b reads a's gold", "gold", "a's", true)
}
