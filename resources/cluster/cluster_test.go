package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/testkit"
)

// One server for the single-node tests; each test has its own buckets.
var (
	serverOnce sync.Once
	serverURL  string
	serverStop func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	if serverStop != nil {
		serverStop()
	}
	os.Exit(code)
}

// url returns the shared single-node server's URL, starting it on first use.
func url(t *testing.T) string {
	serverOnce.Do(func() {
		dir, err := os.MkdirTemp("", "strata-cluster-test")
		if err != nil {
			t.Fatalf("temp dir: %v", err)
		}
		u, stop, err := StartEmbedded(dir, zerolog.Nop())
		if err != nil {
			os.RemoveAll(dir)
			t.Fatalf("embedded: %v", err)
		}
		serverURL, serverStop = u, func() { stop(); os.RemoveAll(dir) }
	})
	if serverURL == "" {
		t.Fatal("no embedded server")
	}
	return serverURL
}

func TestAgree(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	m, err := a.Agree(ctxT(t), 42, 3)
	if err != nil || m.Seed != 42 || m.GeneratorVersion != 3 {
		t.Fatalf("first Agree = %+v, %v", m, err)
	}
	cases := []struct {
		name    string
		seed    int64
		version int
		foreign bool
	}{
		{"same", 42, 3, false},
		{"other seed", 43, 3, true},
		{"other version", 42, 4, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := bb.Agree(ctxT(t), tc.seed, tc.version)
			if tc.foreign {
				if !errors.Is(err, ErrForeignWorld) {
					t.Fatalf("Agree = %v, want ErrForeignWorld", err)
				}
				if !strings.Contains(err.Error(), "42") {
					t.Errorf("error does not name the cluster's seed: %v", err)
				}
				return
			}
			if err != nil || got.Seed != 42 || !got.CreatedAt.Equal(m.CreatedAt) {
				t.Fatalf("Agree = %+v, %v; want %+v", got, err, m)
			}
		})
	}
}

// TestShardsStartTogether: shards started at the same instant on a fresh
// world all join, though each finds the buckets missing and creates them.
func TestShardsStartTogether(t *testing.T) {
	t.Parallel()
	u := url(t)
	for round := range 30 {
		b := newBucket(t)
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Go(func() {
				c, err := Connect(ctxT(t), Options{URLs: u, Shard: fmt.Sprintf("s%d", i), Bucket: b, LeaseTTL: time.Second, Log: testLog(t)})
				if err == nil {
					err = c.Close()
				}
				errs[i] = err
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d: shard s%d: %v", round, i, err)
			}
		}
	}
}

func TestConnectRefusesRunningShardName(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	connect(t, u, b, "a")
	_, err := Connect(ctxT(t), Options{URLs: u, Shard: "a", Bucket: b, LeaseTTL: time.Second})
	if !errors.Is(err, ErrShardRunning) {
		t.Fatalf("second shard a: %v, want ErrShardRunning", err)
	}
	for _, bad := range []string{"", "has space", strings.Repeat("x", 33), "dot.ted"} {
		if _, err := Connect(ctxT(t), Options{URLs: u, Shard: bad}); err == nil {
			t.Errorf("shard name %q accepted", bad)
		}
	}
}

func TestClaimOwnerHoldsRelease(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	r := Region{-1, 2}

	if held, owner, err := a.Claim(ctx, r); err != nil || !held || owner != "a" {
		t.Fatalf("a.Claim = %v %q %v", held, owner, err)
	}
	if held, owner, err := a.Claim(ctx, r); err != nil || !held || owner != "a" {
		t.Fatalf("a.Claim again = %v %q %v", held, owner, err)
	}
	if held, owner, err := bb.Claim(ctx, r); err != nil || held || owner != "a" {
		t.Fatalf("b.Claim = %v %q %v, want false a", held, owner, err)
	}
	waitfor.Until(t, 5*time.Second, "b sees a own the region", func() bool { s, ok := bb.Owner(r); return ok && s == "a" })
	if !a.Holds(r) || bb.Holds(r) {
		t.Fatalf("Holds: a %v b %v", a.Holds(r), bb.Holds(r))
	}
	if got := a.Held(); !slices.Equal(got, []Region{r}) {
		t.Fatalf("a.Held = %v", got)
	}
	// Renewals keep the lease past its TTL.
	time.Sleep(2500 * time.Millisecond)
	if !a.Holds(r) {
		t.Fatal("lease not renewed")
	}
	if held, _, _ := bb.Claim(ctx, r); held {
		t.Fatal("b claimed a renewed lease")
	}
	if a.Stats().Renewals == 0 {
		t.Error("no renewals counted")
	}

	if err := a.Release(ctx, r); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if a.Holds(r) || len(a.Held()) != 0 {
		t.Fatal("a still holds after Release")
	}
	waitfor.Until(t, 5*time.Second, "b sees the region free", func() bool { _, ok := bb.Owner(r); return !ok })
	if held, owner, err := bb.Claim(ctx, r); err != nil || !held || owner != "b" {
		t.Fatalf("b.Claim after release = %v %q %v", held, owner, err)
	}
	waitfor.Until(t, 5*time.Second, "a sees b own the region", func() bool { s, ok := a.Owner(r); return ok && s == "b" })
}

func TestRegionOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p    chunk.Pos
		want Region
	}{
		{chunk.Pos{X: 0, Y: 0, Z: 0}, Region{0, 0}},
		{chunk.Pos{X: 31, Y: 5, Z: 32}, Region{0, 1}},
		{chunk.Pos{X: -1, Y: 0, Z: -32}, Region{-1, -1}},
		{chunk.Pos{X: -33, Y: 0, Z: 64}, Region{-2, 2}},
	}
	for _, tc := range cases {
		if got := RegionOf(tc.p); got != tc.want {
			t.Errorf("RegionOf(%v) = %v, want %v", tc.p, got, tc.want)
		}
		if got := RegionOfBlock(int(tc.p.X)*16+7, int(tc.p.Z)*16); got != tc.want {
			t.Errorf("RegionOfBlock of %v = %v, want %v", tc.p, got, tc.want)
		}
		k := sectionKey(tc.p)
		if got, err := parseSectionKey(k); err != nil || got != tc.p {
			t.Errorf("key %q parses to %v, %v", k, got, err)
		}
	}
}

// TestLeaseLapseFencing: a paused owner's lease lapses, another shard
// takes the region and writes, and the old owner's writes — to the same
// section and to one the new owner never wrote — are refused by the
// server, not just locally.
func TestLeaseLapseFencing(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	p1 := chunk.Pos{X: 40, Y: 3, Z: -5}
	p2 := chunk.Pos{X: 41, Y: 3, Z: -5}
	r := RegionOf(p1)
	var lostMu sync.Mutex
	var lost []Region
	a.OnLost(func(r Region) { lostMu.Lock(); lost = append(lost, r); lostMu.Unlock() })

	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a.Claim = %v %v", held, err)
	}
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p1, Revision: 1, Section: section(10)}}}); err != nil {
		t.Fatalf("a's first commit: %v", err)
	}

	a.PauseRenewals(true)
	waitfor.Until(t, 8*time.Second, "b claims the lapsed lease", func() bool {
		held, _, err := bb.Claim(ctx, r)
		return err == nil && held
	})
	if a.Holds(r) {
		t.Error("a still Holds a lease older than its TTL")
	}
	if err := bb.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p1, Revision: 2, Section: section(20)}}}); err != nil {
		t.Fatalf("b's commit: %v", err)
	}

	// a still has the lease in its table (paused, it never noticed), so
	// only the server can refuse these.
	if !slices.Contains(a.Held(), r) {
		t.Fatal("a dropped the lease on its own; the test would not reach the server's fence")
	}
	err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{
		{Pos: p1, Revision: 3, Section: section(30)},
		{Pos: p2, Revision: 1, Section: section(31)},
	}, Entities: []storage.EntityColumn{{X: p1.X, Z: p1.Z, Populated: []string{"a"}}}})
	fe, ok := storage.AsFenced(err)
	if !ok {
		t.Fatalf("a's commit after the lapse = %v, want FencedError", err)
	}
	if !slices.Contains(fe.Sections, p1) || !slices.Contains(fe.Sections, p2) || len(fe.Columns) != 1 {
		t.Fatalf("fenced = %+v, want %v, %v and one column", fe, p1, p2)
	}
	if got := a.Stats().FencedWrites; got != 3 {
		t.Errorf("FencedWrites = %d, want 3", got)
	}
	a.PauseRenewals(false)

	s, rev, ok, err := bb.Store().LoadSection(p1)
	if err != nil || !ok || rev != 2 || !sameSection(s, section(20)) {
		t.Fatalf("stored section = rev %d ok %v err %v; want b's (rev 2)", rev, ok, err)
	}
	if _, _, ok, err := bb.Store().LoadSection(p2); ok || err != nil {
		t.Fatalf("the section b never wrote was stored: ok %v err %v", ok, err)
	}
	if _, ok, err := bb.Store().LoadEntities(p1.X, p1.Z); ok || err != nil {
		t.Fatalf("a's entity column was stored: ok %v err %v", ok, err)
	}
	if a.Holds(r) || slices.Contains(a.Held(), r) {
		t.Error("a still holds the region")
	}
	lostMu.Lock()
	defer lostMu.Unlock()
	if !slices.Equal(lost, []Region{r}) {
		t.Errorf("OnLost calls = %v, want [%v]", lost, r)
	}
	// A write of a region a no longer holds is refused without a publish.
	err = a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p2, Revision: 2, Section: section(32)}}})
	if fe, ok := storage.AsFenced(err); !ok || !slices.Equal(fe.Sections, []chunk.Pos{p2}) {
		t.Fatalf("commit of a lost region = %v", err)
	}
}

func TestStoreRoundTrip(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	st := a.Store()
	ps := []chunk.Pos{{X: -1, Y: -2, Z: -3}, {X: 0, Y: 0, Z: 0}, {X: -33, Y: 9, Z: 100}}
	for _, p := range ps {
		if held, _, err := a.Claim(ctx, RegionOf(p)); !held || err != nil {
			t.Fatalf("claim %v: %v %v", p, held, err)
		}
	}
	col := storage.EntityColumn{X: -1, Z: -3, Populated: []string{"sheep"},
		Entities: []storage.EntityRecord{{Kind: "sheep", X: -10.5, Y: 64, Z: -40, Width: 0.9, Height: 1.3}}}
	players := []storage.PlayerRecord{{Name: "alice", X: 1, Y: 2, Z: 3}, {Name: "bob", Yaw: 90}, {Name: "alice", X: 7}}
	err := st.Commit(&storage.Batch{
		Sections: []storage.SectionWrite{
			{Pos: ps[0], Revision: 1, Section: section(5)},
			{Pos: ps[1], Revision: 4, Section: chunk.Uniform(9)},
			{Pos: ps[0], Revision: 2, Section: section(6)}, // later write wins
			{Pos: ps[2], Revision: 1, Section: section(7)},
		},
		Entities: []storage.EntityColumn{col},
		Players:  players,
	})
	if err != nil {
		t.Fatalf("commit: %v", err)
	}
	want := map[chunk.Pos]struct {
		rev uint64
		s   chunk.Section
	}{ps[0]: {2, section(6)}, ps[1]: {4, chunk.Uniform(9)}, ps[2]: {1, section(7)}}
	for p, w := range want {
		s, rev, ok, err := st.LoadSection(p)
		if err != nil || !ok || rev != w.rev || !sameSection(s, w.s) {
			t.Errorf("section %v: rev %d ok %v err %v, want rev %d", p, rev, ok, err, w.rev)
		}
	}
	if _, _, ok, err := st.LoadSection(chunk.Pos{X: 5, Y: 5, Z: 5}); ok || err != nil {
		t.Errorf("unwritten section: ok %v err %v", ok, err)
	}
	got, ok, err := st.LoadEntities(col.X, col.Z)
	if err != nil || !ok || len(got.Entities) != 1 || got.Entities[0].Kind != "sheep" || got.Entities[0].X != -10.5 {
		t.Errorf("entities = %+v ok %v err %v", got, ok, err)
	}
	for name, wantX := range map[string]float64{"alice": 7, "bob": 0} {
		r, ok, err := st.LoadPlayer(name)
		if err != nil || !ok || r.Name != name || r.X != wantX {
			t.Errorf("player %s = %+v ok %v err %v", name, r, ok, err)
		}
	}
	if _, ok, err := st.LoadPlayer("carol"); ok || err != nil {
		t.Errorf("unknown player: ok %v err %v", ok, err)
	}

	// Clearing a column.
	if err := st.Commit(&storage.Batch{Entities: []storage.EntityColumn{{X: col.X, Z: col.Z}}}); err != nil {
		t.Fatalf("clear column: %v", err)
	}
	if _, ok, err := st.LoadEntities(col.X, col.Z); ok || err != nil {
		t.Errorf("cleared column: ok %v err %v", ok, err)
	}

	// Corrupt values.
	corrupt := []struct {
		name string
		kv   jetstream.KeyValue
		key  string
		load func() error
	}{
		{"section", a.world, sectionKey(ps[1]), func() error { _, _, _, err := st.LoadSection(ps[1]); return err }},
		{"entities", a.world, entityKey(col.X, col.Z), func() error { _, _, err := st.LoadEntities(col.X, col.Z); return err }},
		{"player", a.playersKV, playerKey("bob"), func() error { _, _, err := st.LoadPlayer("bob"); return err }},
	}
	for _, tc := range corrupt {
		t.Run("corrupt "+tc.name, func(t *testing.T) {
			if _, err := tc.kv.Put(ctx, tc.key, []byte("\x01garbage")); err != nil {
				t.Fatal(err)
			}
			err := tc.load()
			if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), tc.key) {
				t.Fatalf("load = %v, want ErrCorrupt naming %s", err, tc.key)
			}
		})
	}
}

func TestSessions(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)

	if err := a.ClaimName(ctx, "Steve"); err != nil {
		t.Fatalf("a.ClaimName: %v", err)
	}
	if err := a.ClaimName(ctx, "Steve"); err != nil {
		t.Fatalf("a.ClaimName again: %v", err)
	}
	err := bb.ClaimName(ctx, "Steve")
	if !errors.Is(err, ErrNameTaken) || !strings.Contains(err.Error(), `"a"`) {
		t.Fatalf("b.ClaimName = %v, want ErrNameTaken naming a", err)
	}
	time.Sleep(3500 * time.Millisecond) // past the 3s TTL: renewals keep it
	if err := bb.ClaimName(ctx, "Steve"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("b.ClaimName after the TTL = %v, want ErrNameTaken (renewed)", err)
	}
	a.ReleaseName("Steve")
	if err := bb.ClaimName(ctx, "Steve"); err != nil {
		t.Fatalf("b.ClaimName after release: %v", err)
	}

	// Close releases names.
	c := connect(t, u, b, "c")
	if err := c.ClaimName(ctx, "Alex"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := bb.ClaimName(ctx, "Alex"); err != nil {
		t.Fatalf("claim after the holder closed: %v", err)
	}

	// A crashed shard's names are free once its connection is gone
	// (TestCrashedShardFreesNamesAtOnce).
	d := connect(t, u, b, "d")
	if err := d.ClaimName(ctx, "Herobrine"); err != nil {
		t.Fatal(err)
	}
	crash(d)
	waitfor.Until(t, 8*time.Second, "the crashed shard's name frees", func() bool { return bb.ClaimName(ctx, "Herobrine") == nil })

	// A crashed shard's other sessions are swept.
	e := connect(t, u, b, "e")
	if err := e.ClaimName(ctx, "Notch"); err != nil {
		t.Fatal(err)
	}
	crash(e)
	waitfor.Until(t, 8*time.Second, "the crashed shard's session was not swept", func() bool {
		bb.sweepSessions(ctx)
		_, err := bb.world.Get(ctx, sessionKey("Notch"))
		return errors.Is(err, jetstream.ErrKeyNotFound)
	})
}

// TestSessionsCostNothingToKeep: sessions are not renewed — they hold
// while their shard's key does — so a shard with many players writes
// nothing for them between their claims and their releases.
func TestSessionsCostNothingToKeep(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	for i := range 50 {
		if err := a.ClaimName(ctx, fmt.Sprintf("p%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	before := a.Stats().MsgsOut["session"]
	time.Sleep(1500 * time.Millisecond) // four renewal rounds of the 1 s lease
	if got := a.Stats().MsgsOut["session"] - before; got != 0 {
		t.Fatalf("%d session writes while 50 players stayed, want none", got)
	}
	if st, err := a.Status(ctx); err != nil || st.Sessions != 50 {
		t.Fatalf("status: %d sessions, %v; want 50", st.Sessions, err)
	}
}

// watchedPair connects shards a and b to a fresh bucket, with b watching
// its sections into updates.
func watchedPair(t *testing.T) (a, b *Cluster, updates chan SectionUpdate, stop func()) {
	t.Helper()
	u, bucket := url(t), newBucket(t)
	a = connect(t, u, bucket, "a")
	b = connect(t, u, bucket, "b")
	updates = make(chan SectionUpdate, 16)
	feed, err := b.WatchSections(func(u SectionUpdate) { updates <- u })
	if err != nil {
		t.Fatal(err)
	}
	return a, b, updates, feed.Stop
}

func TestWatchSections(t *testing.T) {
	t.Parallel()
	a, _, updates, stop := watchedPair(t)
	defer stop()
	ctx := ctxT(t)
	p := chunk.Pos{X: -70, Y: 4, Z: 12}
	if held, _, err := a.Claim(ctx, RegionOf(p)); !held || err != nil {
		t.Fatal(held, err)
	}
	// A corrupt value is skipped, the next good one delivered.
	if _, err := a.world.Put(ctx, sectionKey(chunk.Pos{X: -70, Y: 5, Z: 12}), []byte("junk")); err != nil {
		t.Fatal(err)
	}
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: 9, Section: section(3)}}}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-updates:
		if got.Pos != p || got.Revision != 9 || got.Deleted || !sameSection(got.Section, section(3)) {
			t.Fatalf("update = %+v", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no update")
	}
	stop()
	stop() // idempotent
}

// TestWatchSurvivesLostConsumer deletes the section watch's consumer on
// the server, as a NATS node's death can: later changes still arrive
// (the watch stalls, is found behind the stream, and is started again
// from the revision after the last one seen), none twice. The bucket
// keeps one value per key, so of two changes made meanwhile to one
// section the newer is what must arrive.
func TestWatchSurvivesLostConsumer(t *testing.T) {
	t.Parallel()
	a, bb, updates, stop := watchedPair(t)
	defer stop()
	ctx := ctxT(t)
	p := chunk.Pos{X: 3, Y: 4, Z: 5}
	if held, _, err := a.Claim(ctx, RegionOf(p)); !held || err != nil {
		t.Fatal(held, err)
	}
	commit := func(rev uint64) {
		t.Helper()
		if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: rev, Section: section(chunk.Block(rev))}}}); err != nil {
			t.Fatal(err)
		}
	}
	want := func(rev uint64, within time.Duration) {
		t.Helper()
		select {
		case got := <-updates:
			if got.Pos != p || got.Revision != rev {
				t.Fatalf("update = %+v, want revision %d", got, rev)
			}
		case <-time.After(within):
			t.Fatalf("revision %d not delivered in %v", rev, within)
		}
	}
	commit(1)
	want(1, 5*time.Second)
	if stored, err := bb.lastSectionRevision([]string{"sec.>"}); err != nil || stored == 0 {
		t.Fatalf("last section revision %d, %v", stored, err)
	}
	st, err := a.js.Stream(ctx, "KV_"+a.o.Bucket+"_world")
	if err != nil {
		t.Fatal(err)
	}
	deleted := 0
	for name := range st.ConsumerNames(ctx).Name() {
		if err := st.DeleteConsumer(ctx, name); err == nil {
			deleted++
		}
	}
	if deleted == 0 {
		t.Fatal("no consumer to delete")
	}
	commit(2)
	commit(3)
	deadline := time.After(4 * stallCheck)
	for got := uint64(0); got != 3; {
		select {
		case u := <-updates:
			if u.Pos != p || u.Revision <= got {
				t.Fatalf("update = %+v after revision %d", u, got)
			}
			got = u.Revision
		case <-deadline:
			t.Fatalf("revision 3 not delivered in %v (last %d)", 4*stallCheck, got)
		}
	}
	if bb.Stats().WatchRestarts == 0 {
		t.Error("the watch was not started again")
	}
	select {
	case got := <-updates:
		t.Fatalf("delivered again: %+v", got)
	case <-time.After(stallCheck):
	}
}

func TestStatus(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a", func(o *Options) { o.Advertise = "10.0.0.1:4433" })
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	for _, cl := range []struct {
		c *Cluster
		r Region
	}{{a, Region{0, 0}}, {bb, Region{-3, 1}}, {a, Region{5, -5}}} {
		if held, _, err := cl.c.Claim(ctx, cl.r); !held || err != nil {
			t.Fatal(held, err)
		}
	}
	for _, n := range []string{"x", "y"} {
		if err := a.ClaimName(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if err := bb.ClaimName(ctx, "z"); err != nil {
		t.Fatal(err)
	}
	a.SetPlayers(2)
	wantRegions := []RegionOwner{{Region{-3, 1}, "b"}, {Region{0, 0}, "a"}, {Region{5, -5}, "a"}}
	check := func(st Status) bool {
		return len(st.Shards) == 2 && st.Shards[0].Name == "a" && st.Shards[0].Advertise == "10.0.0.1:4433" &&
			st.Shards[0].Players == 2 && st.Shards[1].Name == "b" && !st.Shards[0].Started.IsZero() &&
			slices.Equal(st.Regions, wantRegions) && st.Sessions == 3
	}
	var last Status
	waitfor.Until(t, 5*time.Second, "status shows shards, regions and sessions", func() bool {
		st, err := a.Status(ctx)
		last = st
		return err == nil && check(st)
	})
	st, err := ReadStatus(ctx, u, b)
	if err != nil || !check(st) {
		t.Fatalf("ReadStatus = %+v, %v (Status was %+v)", st, err, last)
	}
}

func TestStats(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	a.Count("presence", false, 3)
	a.Count("presence", true, 2)
	if held, _, err := a.Claim(ctxT(t), Region{1, 1}); !held || err != nil {
		t.Fatal(held, err)
	}
	s := a.Stats()
	if s.MsgsOut["presence"] != 3 || s.MsgsIn["presence"] != 2 || s.LeasesHeld != 1 || s.Claims != 1 ||
		s.MsgsOut["lease"] == 0 || s.RoundTrips == 0 || s.RoundTripNanos == 0 {
		t.Fatalf("stats = %+v", s)
	}
}

// TestThreeNodes: on an R3 cluster commits and loads keep working when
// one node stops.
func TestThreeNodes(t *testing.T) {
	testkit.Long(t)
	t.Parallel()
	urls, nodes := natstest.StartCluster(t, 3)
	all := strings.Join(urls, ",")
	b := newBucket(t)
	withR3 := func(o *Options) { o.Replicas = 3; o.LeaseTTL = 3 * time.Second }
	// a connects to the node that will stop first in its list, so it has
	// to reconnect too.
	a := connect(t, all, b, "a", withR3)
	bb := connect(t, strings.Join([]string{urls[1], urls[2]}, ","), b, "b", withR3)
	ctx := ctxT(t)
	p := chunk.Pos{X: 3, Y: 1, Z: 4}
	r := RegionOf(p)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatal(held, err)
	}
	// Several sections of one region in one commit: on a replicated
	// stream that takes the busy-retry path.
	var batch storage.Batch
	for i := range 8 {
		batch.Sections = append(batch.Sections, storage.SectionWrite{Pos: chunk.Pos{X: p.X, Y: int32(i), Z: p.Z}, Revision: 1, Section: section(chunk.Block(10 + i))})
	}
	before := a.Stats().RoundTrips
	if err := a.Store().Commit(&batch); err != nil {
		t.Fatalf("commit on 3 nodes: %v", err)
	}
	t.Logf("8 fenced writes of one region on R3 took %d ack rounds", a.Stats().RoundTrips-before)
	for i := range 8 {
		q := chunk.Pos{X: p.X, Y: int32(i), Z: p.Z}
		if s, _, ok, err := bb.Store().LoadSection(q); err != nil || !ok || !sameSection(s, section(chunk.Block(10+i))) {
			t.Fatalf("load %v from b: ok %v err %v", q, ok, err)
		}
	}

	connected := a.Conn().ConnectedUrl()
	for _, n := range nodes {
		if n.URL() == connected {
			n.Shutdown()
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for rev := uint64(2); ; rev++ {
		if time.Now().After(deadline) {
			t.Fatal("no commit succeeded within 30s of the node stopping")
		}
		if held, _, err := a.Claim(ctx, r); err != nil || !held {
			time.Sleep(200 * time.Millisecond) // the old lease may need to lapse after a re-election
			continue
		}
		err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: rev, Section: section(99)}}})
		if err != nil {
			t.Logf("commit while a node is down: %v", err)
			time.Sleep(200 * time.Millisecond)
			continue
		}
		s, got, ok, err := bb.Store().LoadSection(p)
		if err == nil && ok && got == rev && sameSection(s, section(99)) {
			break
		}
		t.Logf("load while a node is down: rev %d ok %v err %v", got, ok, err)
		time.Sleep(200 * time.Millisecond)
	}
	if a.Conn().ConnectedUrl() == connected {
		t.Error("a is still on the stopped node")
	}
}

// BenchmarkCommit measures durable fenced section writes: one node, and
// three nodes with replicas 3, every node fsyncing each write
// (SyncAlways). Sections of one region (the fenced writes of one lease go
// one ack at a time on R3) or spread over regions, one per region.
func BenchmarkCommit(b *testing.B) {
	one := natstest.Start(b)
	three, _ := natstest.StartCluster(b, 3)
	clusters := []struct {
		name string
		urls string
		mod  func(*Options)
	}{
		{"nodes=1", one, func(*Options) {}},
		{"nodes=3_R3", strings.Join(three, ","), func(o *Options) { o.Replicas = 3 }},
	}
	for _, cl := range clusters {
		for _, n := range []int{1, 64} {
			for _, spread := range []bool{false, true} {
				for _, single := range []bool{false, true} {
					if n == 1 && (spread || single) {
						continue
					}
					name := fmt.Sprintf("%s/sections=%d", cl.name, n)
					if spread {
						name += "/regions=64"
					}
					if single {
						name += "/one_by_one" // no atomic batches: the old way, for the ratio
					}
					mod := func(o *Options) { cl.mod(o); o.NoAtomicBatches = single }
					benchCommit(b, name, cl.urls, mod, n, spread)
				}
			}
		}
	}
}

// benchCommit is one case of BenchmarkCommit: n sections in one region, or
// in n regions (spread).
func benchCommit(b *testing.B, name, urls string, mod func(*Options), n int, spread bool) {
	b.Run(name, func(b *testing.B) {
		c := connect(b, urls, newBucket(b), "bench", mod)
		batch := &storage.Batch{Sections: make([]storage.SectionWrite, n)}
		for i := range batch.Sections {
			p := chunk.Pos{X: int32(i % 32), Y: int32(i / 32), Z: 0}
			if spread {
				p = chunk.Pos{X: int32(i) << storage.RegionShift, Y: 0, Z: 0}
			}
			if held, _, err := c.Claim(context.Background(), RegionOf(p)); err != nil || (!held && !c.Holds(RegionOf(p))) {
				b.Fatal(held, err)
			}
			batch.Sections[i] = storage.SectionWrite{Pos: p, Revision: 1, Section: section(chunk.Block(i + 2))}
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := c.Store().Commit(batch); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "sections/s")
	})
}

// TestEntityIndex: a column never stored loads as empty without a round
// trip; one another shard stored is found by a shard connected before
// (through the key watch) and by one connected after (its first index).
func TestEntityIndex(t *testing.T) {
	t.Parallel()
	u, bk := url(t), newBucket(t)
	a := connect(t, u, bk, "a")
	// No renewal (a round trip) may fall inside the look-up counted below.
	b := connect(t, u, bk, "b", func(o *Options) { o.LeaseTTL = time.Minute })
	ctx := ctxT(t)
	col := storage.EntityColumn{X: 5, Z: -7, Populated: []string{"sheep"},
		Entities: []storage.EntityRecord{{Kind: "sheep", X: 80.5, Y: 64, Z: -110, Width: 0.9, Height: 1.3}}}
	if held, _, err := a.Claim(ctx, columnRegion(col.X, col.Z)); !held || err != nil {
		t.Fatal(held, err)
	}
	before := b.Stats().RoundTrips
	if _, ok, err := b.Store().LoadEntities(1, 1); ok || err != nil {
		t.Fatalf("never stored: ok %v, %v", ok, err)
	}
	if n := b.Stats().RoundTrips - before; n != 0 {
		t.Errorf("a column never stored cost %d round trips", n)
	}
	if err := a.Store().Commit(&storage.Batch{Entities: []storage.EntityColumn{col}}); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 5*time.Second, "b never saw the column a stored", func() bool {
		got, ok, err := b.Store().LoadEntities(col.X, col.Z)
		return err == nil && ok && len(got.Entities) == 1
	})
	c := connect(t, u, bk, "c")
	if got, ok, err := c.Store().LoadEntities(col.X, col.Z); err != nil || !ok || len(got.Entities) != 1 {
		t.Fatalf("a shard connected later: %v %v %v", got, ok, err)
	}
}

// TestWriteFencedByEpoch: a write carries the epoch of the lease its edit
// was made under, and is refused when the region's lease is another one
// now — here the shard lost the region, another wrote there, and the
// first took it back before its old write was committed.
func TestWriteFencedByEpoch(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	p := chunk.Pos{X: 70, Y: 3, Z: 9}
	r := RegionOf(p)
	if e := a.Store().Epoch(p.X, p.Z); e != storage.NoEpoch {
		t.Fatalf("epoch of a region not held = %d, want NoEpoch", e)
	}
	claim := func(c *Cluster) {
		t.Helper()
		if held, _, err := c.Claim(ctx, r); !held || err != nil {
			t.Fatalf("%s claims %v: %v %v", c.Shard(), r, held, err)
		}
	}
	commit := func(c *Cluster, rev, epoch uint64, b chunk.Block) error {
		return c.Store().Commit(&storage.Batch{
			Sections: []storage.SectionWrite{{Pos: p, Revision: rev, Section: section(b), Epoch: epoch}},
			Entities: []storage.EntityColumn{{X: p.X, Z: p.Z, Populated: []string{c.Shard()}, Epoch: epoch}},
		})
	}
	claim(a)
	old := a.Store().Epoch(p.X, p.Z)
	if err := commit(a, 1, old, 10); err != nil {
		t.Fatalf("a's commit under its lease: %v", err)
	}

	// a's lease goes; b writes there and lets go; a takes it back.
	if err := a.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	claim(bb)
	if err := commit(bb, 2, bb.Store().Epoch(p.X, p.Z), 20); err != nil {
		t.Fatalf("b's commit: %v", err)
	}
	if err := bb.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	claim(a)
	now := a.Store().Epoch(p.X, p.Z)
	if now == old || now == storage.NoEpoch {
		t.Fatalf("epoch after claiming again = %d (before %d): want a new one", now, old)
	}

	// The edit made under the old lease is refused; one made now is not.
	for _, epoch := range []uint64{old, storage.NoEpoch} {
		fe, ok := storage.AsFenced(commit(a, 3, epoch, 30))
		if !ok || !slices.Contains(fe.Sections, p) || len(fe.Columns) != 1 {
			t.Fatalf("commit of epoch %d under epoch %d: %+v, want both writes fenced", epoch, now, fe)
		}
	}
	if s, rev, ok, err := a.Store().LoadSection(p); err != nil || !ok || rev != 2 || !sameSection(s, section(20)) {
		t.Fatalf("stored: rev %d ok %v err %v; want b's write (rev 2)", rev, ok, err)
	}
	if !a.Holds(r) {
		t.Fatal("a refused a stale write and dropped the lease it holds now")
	}
	if err := commit(a, 4, now, 40); err != nil {
		t.Fatalf("a's commit under its new lease: %v", err)
	}
	if _, rev, _, err := a.Store().LoadSection(p); err != nil || rev != 4 {
		t.Fatalf("stored rev %d (%v), want 4", rev, err)
	}
}

// TestAccessShared: the access records are the cluster's: what one shard
// writes the other scans and watches, and a name bound first on one
// cannot be bound again on the other.
func TestAccessShared(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	bind := storage.AccessWrite{Key: storage.AccessKey(storage.AccessName, "alice"), Value: []byte(`{"name":"alice","key":"aa"}`), IfAbsent: true}
	if err := a.Access().PutAccess([]storage.AccessWrite{bind}); err != nil {
		t.Fatal(err)
	}
	other := bind
	other.Value = []byte(`{"name":"alice","key":"bb"}`)
	if err := bb.Access().PutAccess([]storage.AccessWrite{other}); !errors.Is(err, storage.ErrAccessExists) {
		t.Fatalf("b binds alice again: %v, want ErrAccessExists", err)
	}
	var scanned []string
	if err := bb.Access().ScanAccess(func(k, v []byte) error {
		scanned = append(scanned, storage.DescribeKey(k)+"="+string(v))
		return nil
	}); err != nil || len(scanned) != 1 || !strings.Contains(scanned[0], `"key":"aa"`) {
		t.Fatalf("b scans %v, %v: want a's binding", scanned, err)
	}

	type change struct{ key, value string }
	got := make(chan change, 8)
	stop, err := bb.Access().WatchAccess(func(k, v []byte) { got <- change{string(k), string(v)} })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ban := storage.AccessWrite{Key: storage.AccessKey(storage.AccessBan, "n/bob"), Value: []byte(`{"name":"bob"}`)}
	if err := a.Access().PutAccess([]storage.AccessWrite{ban, {Key: bind.Key}}); err != nil {
		t.Fatal(err)
	}
	want := []change{{string(ban.Key), `{"name":"bob"}`}, {string(bind.Key), ""}}
	for _, w := range want {
		select {
		case c := <-got:
			if c != w {
				t.Fatalf("b watched %q=%q, want %q=%q", c.key, c.value, w.key, w.value)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("b did not see %q change", w.key)
		}
	}
	// Released, the name can be bound again, from the other shard.
	if err := bb.Access().PutAccess([]storage.AccessWrite{other}); err != nil {
		t.Fatalf("b binds the released name: %v", err)
	}
}

// TestAtomicBatchCommit: a commit writes each region's sections as one
// atomic batch, all stored; with batches off they are written one by one,
// the same.
func TestAtomicBatchCommit(t *testing.T) {
	t.Parallel()
	u := url(t)
	for _, off := range []bool{false, true} {
		c := connect(t, u, newBucket(t), "a", func(o *Options) { o.NoAtomicBatches = off })
		batch := &storage.Batch{}
		for i := range 40 {
			batch.Sections = append(batch.Sections, storage.SectionWrite{Pos: chunk.Pos{X: int32(i % 8), Y: int32(i / 8), Z: 3}, Revision: 1, Section: section(chunk.Block(i))})
		}
		batch.Sections = append(batch.Sections, storage.SectionWrite{Pos: chunk.Pos{X: 40, Y: 0, Z: 3}, Revision: 1, Section: section(7)})
		for _, r := range []Region{{0, 0}, {1, 0}} {
			if held, _, err := c.Claim(ctxT(t), r); !held || err != nil {
				t.Fatal(held, err)
			}
		}
		if err := c.Store().Commit(batch); err != nil {
			t.Fatalf("batches off %v: %v", off, err)
		}
		want := uint64(1) // region (0,0)'s 40; region (1,0)'s one goes alone
		if off {
			want = 0
		}
		if got := c.Stats().AtomicBatches; got != want {
			t.Errorf("batches off %v: %d atomic batches, want %d", off, got, want)
		}
		for _, sw := range batch.Sections {
			if s, rev, ok, err := c.Store().LoadSection(sw.Pos); err != nil || !ok || rev != 1 || !sameSection(s, sw.Section) {
				t.Fatalf("batches off %v: section %v: rev %d ok %v err %v", off, sw.Pos, rev, ok, err)
			}
		}
	}
}

// TestWatchRegions: a feed narrowed to some regions delivers only their
// sections; a region added has what was stored in it meanwhile delivered
// first, then its changes, never an older copy after a newer one; with
// no region, nothing is delivered.
func TestWatchRegions(t *testing.T) {
	t.Parallel()
	u, bucket := url(t), newBucket(t)
	a := connect(t, u, bucket, "a")
	b := connect(t, u, bucket, "b")
	updates := make(chan SectionUpdate, 64)
	feed, err := b.WatchSections(func(u SectionUpdate) { updates <- u })
	if err != nil {
		t.Fatal(err)
	}
	defer feed.Stop()
	ctx := ctxT(t)
	p1, p2 := chunk.Pos{X: 3, Y: 4, Z: 5}, chunk.Pos{X: 40, Y: 4, Z: 5} // regions (0, 0) and (1, 0)
	r1, r2 := RegionOf(p1), RegionOf(p2)
	for _, r := range []Region{r1, r2} {
		if held, _, err := a.Claim(ctx, r); !held || err != nil {
			t.Fatal(r, held, err)
		}
	}
	commit := func(p chunk.Pos, rev uint64) {
		t.Helper()
		if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: rev, Section: section(chunk.Block(rev))}}}); err != nil {
			t.Fatal(err)
		}
	}
	next := func() SectionUpdate {
		t.Helper()
		select {
		case got := <-updates:
			return got
		case <-time.After(5 * time.Second):
			t.Fatal("no update")
		}
		return SectionUpdate{}
	}
	want := func(p chunk.Pos, rev uint64) {
		t.Helper()
		if got := next(); got.Pos != p || got.Revision != rev || !sameSection(got.Section, section(chunk.Block(rev))) {
			t.Fatalf("update %v rev %d, want %v rev %d", got.Pos, got.Revision, p, rev)
		}
	}
	quiet := func() {
		t.Helper()
		select {
		case got := <-updates:
			t.Fatalf("unexpected update %v rev %d", got.Pos, got.Revision)
		case <-time.After(300 * time.Millisecond):
		}
	}

	commit(p1, 1)
	commit(p2, 1)
	want(p1, 1) // the whole world, until narrowed
	want(p2, 1)

	feed.SetRegions([]Region{r1})
	time.Sleep(200 * time.Millisecond)
	commit(p2, 2)
	commit(p1, 2)
	want(p1, 2)
	quiet()

	// Region 2 is added: its section as stored (3, not 2) comes first,
	// then its changes, once each.
	commit(p2, 3)
	feed.SetRegions([]Region{r2, r1, r1})
	want(p2, 3)
	commit(p2, 4)
	want(p2, 4)
	commit(p1, 3)
	want(p1, 3)
	quiet()

	feed.SetRegions(nil)
	time.Sleep(200 * time.Millisecond)
	commit(p1, 4)
	quiet()
	feed.SetRegions([]Region{r1})
	want(p1, 4)
	quiet()
	if n := b.Stats().WatchRestarts; n != 0 {
		t.Errorf("%d watch restarts counted for changes of regions", n)
	}

	// A narrowed watch whose consumer is lost is found stalled on its
	// own keys and started again, on the same regions.
	st, err := a.js.Stream(ctx, "KV_"+a.o.Bucket+"_world")
	if err != nil {
		t.Fatal(err)
	}
	for name := range st.ConsumerNames(ctx).Name() {
		_ = st.DeleteConsumer(ctx, name)
	}
	commit(p2, 5) // not watched: no stall for it
	commit(p1, 5)
	select {
	case got := <-updates:
		if got.Pos != p1 || got.Revision != 5 {
			t.Fatalf("after the lost consumer: update %v rev %d, want %v rev 5", got.Pos, got.Revision, p1)
		}
	case <-time.After(4 * stallCheck):
		t.Fatalf("revision 5 not delivered in %v after the consumer was lost (%d restarts)", 4*stallCheck, b.Stats().WatchRestarts)
	}
	quiet()
}

// TestDefaultReplicasKeepTheWorlds: a shard connecting without a replica
// count keeps a replicated world's buckets replicated; one that asks for a
// count gets it.
func TestDefaultReplicasKeepTheWorlds(t *testing.T) {
	urls, _ := natstest.StartCluster(t, 3)
	url := strings.Join(urls, ",")
	replicas := func(c *Cluster) int {
		t.Helper()
		n, err := c.replicasOf(ctxT(t), "keep_world")
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	a := connect(t, url, "keep", "a", func(o *Options) { o.Replicas = 3 })
	if n := replicas(a); n != 3 {
		t.Fatalf("world bucket made with 3 replicas has %d", n)
	}
	b := connect(t, url, "keep", "b")
	if n := replicas(b); n != 3 {
		t.Errorf("a shard connecting without a replica count left the world bucket with %d replicas, want 3", n)
	}
	connect(t, url, "fresh", "c")
	if n, err := b.replicasOf(ctxT(t), "fresh_world"); err != nil || n != 1 {
		t.Errorf("a new world made without a replica count has %d replicas (%v), want 1", n, err)
	}
}

// TestLoadRegionMoreThanOneAnswer: a region with more sections stored
// than one multi-get answers (1,024) is read whole, a row at a time.
func TestLoadRegionMoreThanOneAnswer(t *testing.T) {
	a := connect(t, natstest.Start(t), "many", "a")
	r := Region{X: 1, Z: -1}
	if held, _, err := a.Claim(ctxT(t), r); !held || err != nil {
		t.Fatalf("claim: %v %v", held, err)
	}
	var writes []storage.SectionWrite
	for x := int32(0); x < 32; x++ {
		for z := int32(0); z < 6; z++ {
			for y := int32(0); y < 6; y++ {
				writes = append(writes, storage.SectionWrite{Pos: chunk.Pos{X: 32 + x, Y: y, Z: -32 + z}, Revision: 1, Section: section(chunk.Block(y + 1))})
			}
		}
	}
	for len(writes) > 0 {
		n := min(len(writes), 500)
		if err := a.Store().Commit(&storage.Batch{Sections: writes[:n]}); err != nil {
			t.Fatal(err)
		}
		writes = writes[n:]
	}
	secs, err := a.Store().LoadRegion(ctxT(t), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 32*6*6 {
		t.Fatalf("LoadRegion read %d sections, want %d", len(secs), 32*6*6)
	}
}
