package cluster

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// testClock is a clock the shards of a test share; tests move it.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestNamesLapseShared: a cluster's bindings follow the registry's
// rules on every shard: a binding made on one shard lapses on all, the
// next key takes it over on another shard, the lapsed ones are deleted
// from the access bucket, and the bound on bindings is the cluster's.
func TestNamesLapseShared(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	clock := &testClock{t: time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)}
	lim := access.NameLimits{UnplayedTTL: time.Hour, IdleTTL: 24 * time.Hour, Max: 3, BindBurst: 5, BindEvery: time.Hour}
	open := func(shard string) *access.Registry {
		c := connect(t, u, b, shard)
		r, err := access.Open(c.Access(), access.Options{Log: zerolog.Nop(), Now: clock.now, Names: lim})
		if err != nil {
			t.Fatal(err)
		}
		stop, err := c.Access().WatchAccess(r.Apply)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { stop(); r.Close() })
		return r
	}
	ra, rb := open("a"), open("b")
	key := func(i byte) ed25519.PublicKey {
		return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{i}, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	}
	ctx := context.Background()
	login := func(r *access.Registry, name string, k byte) protocol.ErrorCode {
		t.Helper()
		err := r.Authenticate(ctx, wire.Login{Name: name, Key: key(k), Remote: &net.UDPAddr{IP: net.IPv4(192, 0, 2, k), Port: 1}})
		var ref *wire.Refusal
		switch {
		case err == nil:
			return protocol.ErrorCode_ERROR_CODE_NONE
		case errors.As(err, &ref):
			return ref.Code
		}
		t.Fatalf("login %s: %v", name, err)
		return 0
	}
	sees := func(r *access.Registry, name string, k byte) {
		t.Helper()
		waitfor.Until(t, 5*time.Second, name+" bound to its key on the other shard", func() bool {
			got, ok := r.Binding(name)
			return ok && got.Equal(key(k))
		})
	}
	const none, bound, full = protocol.ErrorCode_ERROR_CODE_NONE, protocol.ErrorCode_ERROR_CODE_NAME_BOUND, protocol.ErrorCode_ERROR_CODE_SERVER_FULL

	if c := login(ra, "alice", 1); c != none {
		t.Fatalf("alice on a: %v", c)
	}
	sees(rb, "alice", 1)
	if c := login(rb, "Alice", 2); c != bound {
		t.Fatalf("another key for alice on b: %v, want NAME_BOUND", c)
	}
	// Played on a: it lapses a day after, not an hour.
	ra.Entered("alice")
	waitfor.Until(t, 5*time.Second, "b learns alice played", func() bool { return rb.NameStats().NeverPlayed == 0 })
	clock.advance(2 * time.Hour)
	if c := login(rb, "alice", 2); c != bound {
		t.Fatalf("another key for a played alice on b: %v, want NAME_BOUND", c)
	}
	clock.advance(22 * time.Hour)
	if c := login(rb, "alice", 2); c != none {
		t.Fatalf("another key for a lapsed alice on b: %v, want it to take the name", c)
	}
	sees(ra, "alice", 2)
	if c := login(ra, "alice", 1); c != bound {
		t.Fatalf("alice's old key on a: %v, want NAME_BOUND", c)
	}
	rb.Entered("alice") // the new alice plays: her binding stays below
	waitfor.Until(t, 5*time.Second, "a learns the new alice played", func() bool { return ra.NameStats().NeverPlayed == 0 })

	// The bound is the cluster's: two names on a, then b is full.
	for _, n := range []string{"n1", "n2"} {
		if c := login(ra, n, 3); c != none {
			t.Fatalf("%s on a: %v", n, c)
		}
		sees(rb, n, 3)
	}
	if c := login(rb, "n3", 4); c != full {
		t.Fatalf("a fourth name on b: %v, want SERVER_FULL", c)
	}
	// An hour on, n1 and n2 (never played) lapse: b's next binding
	// deletes them from the bucket and a forgets them too.
	clock.advance(time.Hour)
	if c := login(rb, "n3", 4); c != none {
		t.Fatalf("n3 on b once n1 and n2 lapsed: %v", c)
	}
	waitfor.Until(t, 5*time.Second, "a forgets the deleted bindings", func() bool { return ra.NameStats().Bindings == 2 })
	var names []string
	if err := connect(t, u, b, "c").Access().ScanAccess(func(k, _ []byte) error {
		names = append(names, storage.DescribeKey(k))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 {
		t.Fatalf("the bucket holds %v, want alice's and n3's bindings", names)
	}
}

// TestClaimNameFolded: a name is connected on one shard at a time
// whatever its case, as it is bound: "Steve" on a keeps "steve" off b.
func TestClaimNameFolded(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a, bb := connect(t, u, b, "a"), connect(t, u, b, "b")
	ctx := ctxT(t)
	if err := a.ClaimName(ctx, "Steve"); err != nil {
		t.Fatal(err)
	}
	if err := bb.ClaimName(ctx, "steve"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("b claims steve while a has Steve: %v, want ErrNameTaken", err)
	}
	if err := a.ClaimName(ctx, "STEVE"); err != nil {
		t.Fatalf("a claims STEVE, which it has: %v", err)
	}
	a.ReleaseName("sTeVe")
	if err := bb.ClaimName(ctx, "steve"); err != nil {
		t.Fatalf("b claims steve once a released it: %v", err)
	}
}
