package cluster

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/internal/waitfor"
)

// deadWatcher is a watcher whose consumer is gone without a word: it
// delivers nothing until stopped, as an ordered consumer being recreated
// does.
type deadWatcher struct {
	once sync.Once
	ch   chan jetstream.KeyValueEntry
	// deaf: Stop does nothing, as the client's when its subscription
	// was closed or swapped underneath already.
	deaf    bool
	stopped atomic.Bool
	// hang, if set, is waited on by Stop, as the client's Stop waits
	// for its consumer's deletion, which a stream electing a leader may
	// never answer.
	hang chan struct{}
}

func (d *deadWatcher) Updates() <-chan jetstream.KeyValueEntry { return d.ch }
func (d *deadWatcher) Stop() error {
	d.stopped.Store(true)
	if d.hang != nil {
		<-d.hang
	}
	if d.deaf {
		return nats.ErrBadSubscription
	}
	d.once.Do(func() { close(d.ch) })
	return nil
}

// TestLeaseWatchKeptThroughItsEnd: a lease watch whose watcher ends
// underneath (a NATS node died and the client gave its consumer up) is
// started again from where it was, so the owners it reports keep up. A
// lease watch left dead froze a shard's owners, and its forwards were
// refused as from an earlier lease turn for as long as it ran.
func TestLeaseWatchKeptThroughItsEnd(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	r1, r2 := Region{4, 4}, Region{5, 4}
	if held, _, err := a.Claim(ctx, r1); !held || err != nil {
		t.Fatal(held, err)
	}
	waitfor.Until(t, 5*time.Second, "b sees a own r1", func() bool { s, ok := bb.Owner(r1); return ok && s == "a" })
	_, _, turn1 := bb.Turn(r1)

	kw := bb.Leases.watcher
	kw.mu.Lock()
	_ = kw.w.Stop()
	kw.mu.Unlock()
	restarts := bb.Stats().WatchRestarts
	if err := a.Release(ctx, r1); err != nil {
		t.Fatal(err)
	}
	if held, _, err := a.Claim(ctx, r2); !held || err != nil {
		t.Fatal(held, err)
	}
	waitfor.Until(t, 10*time.Second, "b sees a own r2", func() bool { s, ok := bb.Owner(r2); return ok && s == "a" })
	waitfor.Until(t, 10*time.Second, "b sees r1 free", func() bool { _, ok := bb.Owner(r1); return !ok })
	if _, _, turn := bb.Turn(r1); turn <= turn1 {
		t.Errorf("r1's turn %d after its release, was %d", turn, turn1)
	}
	if bb.Stats().WatchRestarts <= restarts {
		t.Error("the lease watch was not counted started again")
	}
}

// TestKeptWatchStartsAStalledOneAgain: a watcher that delivers nothing
// while a newer change is stored under its keys is stopped at two stall
// checks running and started again, from the last change applied.
func TestKeptWatchStartsAStalledOneAgain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		deaf, hang bool
	}{{"stop ends its updates", false, false}, {"stop does nothing", true, false}, {"stop never returns", true, true}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			keptWatchStartsAStalledOneAgain(t, tc.deaf, tc.hang)
		})
	}
}

// keptWatchStartsAStalledOneAgain is TestKeptWatchStartsAStalledOneAgain
// with a stalled watcher whose Stop ends its updates, or, deaf, does
// nothing, or also hangs (the watch must wait on neither).
func keptWatchStartsAStalledOneAgain(t *testing.T, deaf, hang bool) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	r := Region{-7, 3}
	var mu sync.Mutex
	var owner string
	dead := &deadWatcher{ch: make(chan jetstream.KeyValueEntry), deaf: deaf}
	if hang {
		dead.hang = make(chan struct{})
		t.Cleanup(func() { close(dead.hang) })
	}
	bb.keepWatching(bb.ctx, bb.worldSpec("test lease", []string{"lease.>"}, nil, func(e jetstream.KeyValueEntry) {
		if k, err := parseLeaseKey(e.Key()); err == nil && k == r && e.Operation() == jetstream.KeyValuePut {
			mu.Lock()
			owner = string(e.Value())
			mu.Unlock()
		}
	}), dead, 0)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatal(held, err)
	}
	waitfor.Until(t, 5*stallCheck, "the stalled watch started again delivers the claim", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return owner == "a"
	})
	if !dead.stopped.Load() {
		t.Fatal("the stalled watcher was not stopped")
	}
}

// hangingKV is a bucket whose first WatchFiltered waits until its
// context ends, as a consumer's creation does when a stream electing a
// leader never answers it.
type hangingKV struct {
	jetstream.KeyValue
	calls atomic.Int32
}

func (h *hangingKV) WatchFiltered(ctx context.Context, keys []string, opts ...jetstream.WatchOpt) (jetstream.KeyWatcher, error) {
	if h.calls.Add(1) == 1 {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return h.KeyValue.WatchFiltered(ctx, keys, opts...)
}

// TestKeptWatchStartThatHangsIsRetried: a stalled watch whose next
// watcher's start never answers gives that start up after watchStart and
// starts another, rather than waiting for ever with its view frozen.
func TestKeptWatchStartThatHangsIsRetried(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	r := Region{-7, 4}
	var owner atomic.Value
	owner.Store("")
	hang := &hangingKV{KeyValue: bb.world}
	spec := bb.worldSpec("test lease", []string{"lease.>"}, nil, func(e jetstream.KeyValueEntry) {
		if k, err := parseLeaseKey(e.Key()); err == nil && k == r && e.Operation() == jetstream.KeyValuePut {
			owner.Store(string(e.Value()))
		}
	})
	spec.kv = hang
	bb.keepWatching(bb.ctx, spec, &deadWatcher{ch: make(chan jetstream.KeyValueEntry), deaf: true}, 0)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatal(held, err)
	}
	waitfor.Until(t, 5*stallCheck+2*watchStart, "the watch started again after a start that hung delivers the claim", func() bool {
		return owner.Load() == "a"
	})
	if n := hang.calls.Load(); n < 2 {
		t.Fatalf("%d starts", n)
	}
}

// TestLeaseRefreshCatchesUp: a shard whose view of a region's lease is
// behind (its lease watch stalled through an election) takes the owner
// and a turn at least the owner's epoch from Refresh, so that the owner
// accepts its forwards again.
func TestLeaseRefreshCatchesUp(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	r := Region{-7, 5}
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatal(held, err)
	}
	bb.lmu.Lock()
	bb.owners[r], bb.turns[r] = "a", 1 // as a watch behind the claim left it
	bb.lmu.Unlock()
	if err := bb.Refresh(ctx, r); err != nil {
		t.Fatal(err)
	}
	owner, ok, turn := bb.Turn(r)
	if !ok || owner != "a" || turn < a.Epoch(r) {
		t.Fatalf("after Refresh b sees owner %q (%v) at turn %d; a's epoch is %d", owner, ok, turn, a.Epoch(r))
	}
}
