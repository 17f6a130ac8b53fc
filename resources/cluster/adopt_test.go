package cluster

import (
	"errors"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestFencedWriteAdoptsOwnLandedRenewal: a renewal whose acknowledgement
// was lost (a stream electing a leader) lands after all, so the lease key
// moved past the revision the shard holds, with the shard's own name. A
// commit fenced on the old revision is refused; the lease is still this
// shard's, so the commit adopts the landed revision and goes again,
// rather than dropping a region nobody could claim until the landed
// renewal's TTL ran out.
func TestFencedWriteAdoptsOwnLandedRenewal(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	p := chunk.Pos{X: 1, Y: 2, Z: 3}
	r := RegionOf(p)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatal(held, err)
	}
	// The landed renewal: our name, one revision on, unknown to the table.
	a.Leases.wmu.Lock()
	l, _ := a.leaseOf(r)
	landed, err := a.world.Update(ctx, leaseKey(r), []byte("a"), l.rev)
	a.Leases.wmu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	err = a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: section(3)}}})
	var fe *storage.FencedError
	if errors.As(err, &fe) || err != nil {
		t.Fatalf("commit after our own landed renewal: %v", err)
	}
	if !a.Leased(r) {
		t.Fatal("the lease was dropped")
	}
	if got, _ := a.leaseOf(r); got.rev < landed || got.epoch != l.epoch {
		t.Fatalf("lease rev %d epoch %d, want at least %d and epoch %d", got.rev, got.epoch, landed, l.epoch)
	}
	want := section(3)
	s, _, ok, err := a.Store().LoadSection(p)
	if err != nil || !ok || s.Get(0, 0, 0) != want.Get(0, 0, 0) {
		t.Fatalf("section not stored: %v %v", ok, err)
	}
}
