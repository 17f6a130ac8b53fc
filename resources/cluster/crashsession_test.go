package cluster

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/storage"
)

// TestCrashedShardFreesNamesAtOnce: a shard whose NATS connection drops
// without any cleanup (as on kill -9) is known dead at once, though its
// shard key lives three lease TTLs (15 s here): its player logs into
// another shard straight away and finds the record it saved, and the
// shard starts again under its own name at once, its old leases freed.
func TestCrashedShardFreesNamesAtOnce(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	ttl := func(o *Options) { o.LeaseTTL = 5 * time.Second }
	a := connect(t, u, b, "a", ttl)
	other := connect(t, u, b, "b", ttl)
	ctx := ctxT(t)

	if err := a.ClaimName(ctx, "ann"); err != nil {
		t.Fatal(err)
	}
	r := Region{X: 3, Z: -2}
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims %v: %v %v", r, held, err)
	}
	if err := a.Store().Commit(&storage.Batch{Players: []storage.PlayerRecord{{Name: "ann", X: 12.5, Y: 70, Z: -3.5}}}); err != nil {
		t.Fatal(err)
	}
	if err := other.ClaimName(ctx, "ann"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("b claims ann while a runs: %v, want ErrNameTaken", err)
	}

	crash(a)
	dropped := time.Now()
	waitfor.Until(t, 10*time.Second, "ann could not log into b after a's crash", func() bool { return other.ClaimName(ctx, "ann") == nil })
	in := time.Since(dropped)
	rec, ok, err := other.Store().LoadPlayer("ann")
	if err != nil || !ok || rec.X != 12.5 || rec.Z != -3.5 {
		t.Errorf("ann's record on b = %+v ok %v err %v, want the one a saved", rec, ok, err)
	}

	start := time.Now()
	a2, err := Connect(ctx, Options{URLs: u, Shard: "a", Bucket: b, LeaseTTL: 5 * time.Second, Log: testLog(t)})
	if err != nil {
		t.Fatalf("a restarts at once: %v", err)
	}
	restart := time.Since(start)
	t.Cleanup(func() { _ = a2.Close() })
	if held, owner, err := a2.Claim(ctx, r); !held || err != nil {
		t.Errorf("the restarted a claims its old region %v: held %v owner %q err %v", r, held, owner, err)
	}
	if err := a2.ClaimName(ctx, "ann"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("the restarted a claims ann, now on b: %v, want ErrNameTaken", err)
	}
	t.Logf("ann in on b %v after a's connection dropped; a restarted in %v (key TTL %v)", in, restart, 15*time.Second)
}

// TestStaleIncarnationIsFenced: a shard process that others took for dead
// (its connection gone, then back: a stop longer than the NATS server's
// patience) while a new process of its name started finds its shard key
// taken over: it stops writing the key, gives up its sessions (OnNameLost),
// and leaves the new process's key alone when it closes. A process that
// is subscribed but does not answer (stopped, connection open) is taken
// for running.
func TestStaleIncarnationIsFenced(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	other := connect(t, u, b, "b")
	ctx := ctxT(t)
	var mu sync.Mutex
	var lost []string
	a.OnNameLost(func(n string) { mu.Lock(); lost = append(lost, n); mu.Unlock() })
	if err := a.ClaimName(ctx, "cat"); err != nil {
		t.Fatal(err)
	}

	// Stopped with its connection open: subscribed, silent.
	if err := a.live.Unsubscribe(); err != nil {
		t.Fatal(err)
	}
	silent, err := a.nc.Subscribe(a.liveSubject("a", incarnation(a.started)), func(*nats.Msg) {})
	if err != nil || a.nc.Flush() != nil {
		t.Fatal(err)
	}
	if _, err := Connect(ctx, Options{URLs: u, Shard: "a", Bucket: b, LeaseTTL: time.Second, Log: testLog(t)}); !errors.Is(err, ErrShardRunning) {
		t.Fatalf("a second a beside a silent one: %v, want ErrShardRunning", err)
	}
	if err := other.ClaimName(ctx, "cat"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("b claims cat of a silent a: %v, want ErrNameTaken", err)
	}

	// Gone from NATS's view: a new a takes over.
	if err := silent.Unsubscribe(); err != nil || a.nc.Flush() != nil {
		t.Fatal(err)
	}
	a2 := connect(t, u, b, "a")
	waitfor.Until(t, 10*time.Second, "the stale a never found itself fenced", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return a.Fenced() && len(lost) == 1 && lost[0] == "cat"
	})
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if alive, err := other.shardAlive(ctx, "a", incarnation(a2.started)); !alive || err != nil {
		t.Fatalf("the new a after the stale one closed: alive %v err %v", alive, err)
	}
	// cat's session is the stale a's: free for whoever the player
	// reaches next.
	if err := other.ClaimName(ctx, "cat"); err != nil {
		t.Fatalf("b claims cat of the fenced a: %v", err)
	}
}

// TestSessionsCheckedAfterReconnect: after its NATS connection came back,
// a shard reads its players' session keys, since others may have taken
// it for dead meanwhile: one taken over is lost (OnNameLost), one only
// deleted (a sweep) is created again.
func TestSessionsCheckedAfterReconnect(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	other := connect(t, u, b, "b")
	ctx := ctxT(t)
	var mu sync.Mutex
	var lost []string
	a.OnNameLost(func(n string) { mu.Lock(); lost = append(lost, n); mu.Unlock() })
	for _, n := range []string{"dan", "eve"} {
		if err := a.ClaimName(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	// While a was cut off: b took dan over, a sweep deleted eve.
	e, err := other.world.Get(ctx, sessionKey("dan"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.world.Update(ctx, sessionKey("dan"), other.sessionValue(), e.Revision()); err != nil {
		t.Fatal(err)
	}
	if err := other.world.Purge(ctx, sessionKey("eve")); err != nil {
		t.Fatal(err)
	}
	a.suspect.Store(true) // as the reconnect handler does
	a.SetPlayers(2)
	waitfor.Until(t, 10*time.Second, "a never checked its sessions", func() bool {
		mu.Lock()
		defer mu.Unlock()
		got, err := other.world.Get(ctx, sessionKey("eve"))
		return len(lost) == 1 && lost[0] == "dan" && err == nil && string(got.Value()) == string(a.sessionValue())
	})
	if err := other.ClaimName(ctx, "eve"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("b claims eve, a's again: %v, want ErrNameTaken", err)
	}
}
