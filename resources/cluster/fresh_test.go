package cluster

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestFreshReads: a section read waits for a replica that holds every
// write this shard had acknowledged, deletes read as missing, and a
// region load ends only once it has seen the claim.
func TestFreshReads(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	p1 := chunk.Pos{X: 70, Y: 2, Z: 9}
	p2 := chunk.Pos{X: 71, Y: 2, Z: 9}
	r := RegionOf(p1)

	if _, err := a.Store().LoadRegion(ctx, r); err == nil || !strings.Contains(err.Error(), "not leased") {
		t.Errorf("LoadRegion of a region not leased: %v", err)
	}
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("Claim = %v %v", held, err)
	}
	ackedAt := func() uint64 {
		a.lmu.Lock()
		defer a.lmu.Unlock()
		return a.leases[r].acked
	}
	claimed := ackedAt()
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{
		{Pos: p1, Revision: 4, Section: section(10)},
		{Pos: p2, Revision: 1, Section: section(11)},
	}}); err != nil {
		t.Fatalf("commit: %v", err)
	}
	if ackedAt() <= claimed {
		t.Errorf("acked %d after a commit, %d after the claim", ackedAt(), claimed)
	}
	sec, rev, ok, err := a.Store().LoadSection(p1)
	if err != nil || !ok || rev != 4 || !sameSection(sec, section(10)) {
		t.Errorf("LoadSection = rev %d ok %v err %v", rev, ok, err)
	}
	if err := a.world.Delete(ctx, sectionKey(p2)); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, _, ok, err := a.Store().LoadSection(p2); ok || err != nil {
		t.Errorf("deleted section: ok %v err %v", ok, err)
	}
	if _, _, ok, err := a.Store().LoadSection(chunk.Pos{X: 72, Y: 2, Z: 9}); ok || err != nil {
		t.Errorf("never stored: ok %v err %v", ok, err)
	}

	// Player records are read from the leader; a deleted one is missing.
	if err := a.Store().Commit(&storage.Batch{Players: []storage.PlayerRecord{{Name: "dora", X: 12}}}); err != nil {
		t.Fatalf("commit player: %v", err)
	}
	if rec, ok, err := a.Store().LoadPlayer("dora"); err != nil || !ok || rec.X != 12 {
		t.Errorf("LoadPlayer = %+v %v %v", rec, ok, err)
	}
	if err := a.playersKV.Delete(ctx, playerKey("dora")); err != nil {
		t.Fatalf("delete player: %v", err)
	}
	if _, ok, err := a.Store().LoadPlayer("dora"); ok || err != nil {
		t.Errorf("deleted player: ok %v err %v", ok, err)
	}

	secs, err := a.Store().LoadRegion(ctx, r)
	if err != nil || len(secs) != 1 || secs[0].Pos != p1 || secs[0].Revision != 4 {
		t.Errorf("LoadRegion = %+v, %v; want p1 at 4 alone (p2 deleted)", secs, err)
	}

	// A replica that has applied less than this shard had acknowledged in
	// the region is not believed: with the floor beyond the stream, the
	// read never ends.
	saved := ackedAt()
	sctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	_, _, _, err = a.freshGet(sctx, "sec", sectionKey(p1), saved+1000)
	cancel()
	if !errors.Is(err, errStaleReplica) {
		t.Errorf("read from a replica behind the floor: %v", err)
	}

	// Nor is a region load that has not reached the claim.
	a.lmu.Lock()
	epoch := a.leases[r].epoch
	a.leases[r].epoch = saved + 1000
	a.lmu.Unlock()
	sctx, cancel = context.WithTimeout(ctx, 300*time.Millisecond)
	_, err = a.Store().LoadRegion(sctx, r)
	cancel()
	if err == nil || !strings.Contains(err.Error(), "a replica behind the claim") {
		t.Errorf("LoadRegion before its claim is seen: %v", err)
	}
	a.lmu.Lock()
	a.leases[r].epoch = epoch
	a.lmu.Unlock()
}

// TestRenewalThoughtLost: a renewal whose acknowledgement was lost but
// which landed makes the next one fail its compare-and-set; the lease is
// still this shard's at that revision, while another shard's write to the
// key loses it.
func TestRenewalThoughtLost(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	a.PauseRenewals(true) // renewals here are the test's
	mine, theirs := Region{X: 30, Z: 30}, Region{X: 31, Z: 30}
	for _, r := range []Region{mine, theirs} {
		if held, _, err := a.Claim(ctx, r); !held || err != nil {
			t.Fatalf("Claim %v = %v %v", r, held, err)
		}
	}
	landed := map[Region]uint64{}
	for r, name := range map[Region]string{mine: "a", theirs: "b"} {
		a.lmu.Lock()
		rev := a.leases[r].rev
		a.lmu.Unlock()
		next, err := a.world.Update(ctx, leaseKey(r), []byte(name), rev)
		if err != nil {
			t.Fatalf("put %s into %v's lease: %v", name, r, err)
		}
		landed[r] = next
	}

	renew := func() []Region {
		a.wmu.Lock()
		defer a.wmu.Unlock()
		_, lost, _ := a.renewLeases(ctx)
		return lost
	}
	if lost := renew(); len(lost) != 1 || lost[0] != theirs {
		t.Fatalf("lost %v; want %v alone", lost, theirs)
	}
	a.lmu.Lock()
	l, ok := a.leases[mine]
	rev := l.rev
	a.lmu.Unlock()
	if !ok || rev != landed[mine] {
		t.Fatalf("lease %v: held %v at %d; want the landed renewal's %d", mine, ok, rev, landed[mine])
	}
	if lost := renew(); len(lost) != 0 {
		t.Errorf("second renewal lost %v", lost)
	}
	a.lmu.Lock()
	defer a.lmu.Unlock()
	if a.leases[mine].rev <= landed[mine] {
		t.Errorf("second renewal left the lease at %d", a.leases[mine].rev)
	}
}

func TestWrongLastSeq(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		err  error
		want uint64
	}{
		{&jetstream.APIError{ErrorCode: jetstream.JSErrCodeStreamWrongLastSequence, Description: "wrong last sequence: 812"}, 812},
		{&jetstream.APIError{ErrorCode: jetstream.JSErrCodeStreamWrongLastSequenceConstant, Description: "wrong last sequence"}, 0},
		{errors.New("wrong last sequence: 5"), 0},
		{nil, 0},
	} {
		if got := wrongLastSeq(c.err); got != c.want {
			t.Errorf("wrongLastSeq(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}
