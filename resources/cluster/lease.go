package cluster

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// Region is a storage region: 32×32 columns, the unit of ownership.
type Region struct{ X, Z int32 }

// String formats r as "r(x,z)".
func (r Region) String() string { return fmt.Sprintf("r(%d,%d)", r.X, r.Z) }

// RegionOf returns the region of a section.
func RegionOf(p chunk.Pos) Region {
	return Region{p.X >> storage.RegionShift, p.Z >> storage.RegionShift}
}

// RegionOfBlock returns the region of a block column (x, z).
func RegionOfBlock(x, z int) Region {
	const shift = 4 + storage.RegionShift // 16 blocks a section, 32 sections a region
	return Region{int32(x >> shift), int32(z >> shift)}
}

// columnRegion returns the region of a section column (x, z).
func columnRegion(x, z int32) Region {
	return Region{x >> storage.RegionShift, z >> storage.RegionShift}
}

// Leases are the region leases this shard holds (their revisions, the
// fencing tokens of its writes, and their epochs) and the owner of every
// region as the lease watch last reported it.
//
// Two locks, both its own: lmu guards the table (leases, owners, onLost)
// and is held only briefly, never across a network call, so Holds, Owner
// and Held never wait for a commit; wmu is the write turn, held across
// every write that carries a held lease revision (renewals, Release,
// the release at Close, and a Commit's writes through fenced), so that a
// commit always carries the revision current at the server. Order: wmu
// before lmu.
type Leases struct {
	*link
	wmu    sync.Mutex
	lmu    sync.Mutex
	leases map[Region]*lease
	owners map[Region]string // from the lease watch
	// turns holds, per region, the world-stream revision of the last
	// lease event that changed its owner (a claim, a delete, a lapse);
	// turned counts such events. A renewal changes neither.
	turns  map[Region]uint64
	turned uint64
	onLost func(Region)
	// watcher is the lease watch (watch), kept for tests.
	watcher *keptWatch
}

func newLeases(l *link) *Leases {
	return &Leases{link: l, leases: map[Region]*lease{}, owners: map[Region]string{}, turns: map[Region]uint64{}}
}

// lease is a region lease this shard holds.
type lease struct {
	rev     uint64    // revision of the lease key we last wrote
	epoch   uint64    // revision of the claim that made it: one per lease, kept by renewals
	renewed time.Time // when the write that made rev was sent (a lower bound of its TTL start)
	// acked is the highest world-stream sequence of a write to the
	// region acknowledged under this lease (the claim's at first): a
	// replica that has applied less may not hold what this shard stored
	// there (readFloor).
	acked uint64
	// unsure: a renewal's outcome is unknown (timeout, disconnect), so
	// rev may be stale; it is resolved with a Get before the next write.
	unsure bool
}

// safetyMargin is how much earlier than the server a shard considers
// its own lease gone: clocks drift and the TTL starts when the server
// stored the write, a little after we sent it.
func (ls *Leases) safetyMargin() time.Duration { return ls.o.LeaseTTL / 4 }

// Claim takes the lease of r if nobody holds it. It reports whether this
// shard holds r afterwards and, if not, who does ("" when the holder
// could not be read, e.g. it just lapsed). A lease left by an earlier
// process of this shard's name is not adopted: it lapses.
func (ls *Leases) Claim(ctx context.Context, r Region) (held bool, owner string, err error) {
	ls.lmu.Lock()
	_, ok := ls.leases[r]
	ls.lmu.Unlock()
	if ok {
		return true, ls.o.Shard, nil
	}
	key := leaseKey(r)
	for attempt := 0; ; attempt++ {
		sent := time.Now()
		ls.count("lease", false, 1)
		rev, err := ls.world.Create(ctx, key, []byte(ls.o.Shard), jetstream.KeyTTL(ls.o.LeaseTTL))
		ls.roundTrip(sent)
		if err == nil {
			ls.lmu.Lock()
			ls.leases[r] = &lease{rev: rev, epoch: rev, renewed: sent, acked: rev}
			ls.lmu.Unlock()
			ls.setOwner(r, ls.o.Shard, rev)
			ls.st.claims.Add(1)
			ls.log.Debug().Stringer("region", r).Uint64("rev", rev).Msg("claimed region")
			return true, ls.o.Shard, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return false, "", fmt.Errorf("claim region %v: %w", r, err)
		}
		start := time.Now()
		ls.count("lease", true, 1)
		e, gerr := ls.world.Get(ctx, key)
		ls.roundTrip(start)
		switch {
		case gerr == nil:
			ls.st.claimsLost.Add(1)
			return false, string(e.Value()), nil
		case errors.Is(gerr, jetstream.ErrKeyNotFound) && attempt < 3:
			// "Exists" from a replicated stream can mean another write to
			// the key was in flight (10164), which may have been a
			// delete: try again.
			continue
		case errors.Is(gerr, jetstream.ErrKeyNotFound):
			ls.st.claimsLost.Add(1)
			return false, "", nil
		default:
			return false, "", fmt.Errorf("claim region %v: read owner: %w", r, gerr)
		}
	}
}

// Refresh reads r's lease key fresh from the store and takes what it
// holds as r's owner, and its revision as r's turn at least: the lease
// watch's view of r was found behind (an owner refused a forward as made
// under an earlier turn of its lease), and a watch can stay behind for a
// while after a stream's election. Forwards made after carry a turn the
// owner accepts; those in flight under the older one are read back, as
// after any turn.
func (ls *Leases) Refresh(ctx context.Context, r Region) error {
	v, rev, ok, err := ls.freshGet(ctx, "lease", leaseKey(r), 0)
	if err != nil {
		return fmt.Errorf("refresh lease of %v: %w", r, err)
	}
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	if rev > ls.turns[r] {
		ls.turns[r] = rev
		ls.turned++
	}
	if ok {
		ls.owners[r] = string(v)
	} else {
		delete(ls.owners, r)
	}
	return nil
}

// Holds reports whether this shard holds r and renewed it recently
// enough that the lease cannot have lapsed at the server (time-based
// self-fencing: a shard that cannot renew stops acting as owner before
// another shard can claim).
func (ls *Leases) Holds(r Region) bool {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	l, ok := ls.leases[r]
	return ok && time.Since(l.renewed) < ls.o.LeaseTTL-ls.safetyMargin()
}

// Leased reports whether r's lease is this shard's: claimed and not lost
// or released, whether or not it is fresh enough to arbitrate on (Holds).
// While a stream has no leader the renewals fail and Holds goes false
// first; the lease is still this shard's until it is lost.
func (ls *Leases) Leased(r Region) bool {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	_, ok := ls.leases[r]
	return ok
}

// Owner returns r's current owner as last seen by the lease watch: no
// network call. ok is false for a region nobody holds.
func (ls *Leases) Owner(r Region) (shard string, ok bool) {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	shard, ok = ls.owners[r]
	return shard, ok
}

// Turn returns r's owner as Owner does and the lease turn it holds it
// in: the world-stream revision of the last change of r's owner the
// lease watch saw (0 if none). A write made under a lease is fenced once
// the turn moves past the lease's epoch, so a turn later than the one an
// edit was forwarded in means that edit's owner can no longer store it.
func (ls *Leases) Turn(r Region) (shard string, ok bool, turn uint64) {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	shard, ok = ls.owners[r]
	return shard, ok, ls.turns[r]
}

// Turned counts the changes of owner the lease watch has seen, of any
// region: a cheap test of whether any Turn moved.
func (ls *Leases) Turned() uint64 {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	return ls.turned
}

// Epoch returns the epoch of the lease this shard holds on r (the
// revision of the claim that took it), or 0.
func (ls *Leases) Epoch(r Region) uint64 {
	l, _ := ls.leaseOf(r)
	return l.epoch
}

// Held returns the regions this shard holds, sorted by X then Z.
func (ls *Leases) Held() []Region {
	ls.lmu.Lock()
	out := make([]Region, 0, len(ls.leases))
	for r := range ls.leases {
		out = append(out, r)
	}
	ls.lmu.Unlock()
	slices.SortFunc(out, func(a, b Region) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) })
	return out
}

// Release gives up r: the lease key is deleted if it is still at the
// revision we hold (if not, it is not ours any more anyway).
func (ls *Leases) Release(ctx context.Context, r Region) error {
	ls.wmu.Lock()
	defer ls.wmu.Unlock()
	ls.lmu.Lock()
	l, ok := ls.leases[r]
	delete(ls.leases, r)
	ls.lmu.Unlock()
	if !ok {
		return nil
	}
	if l.unsure {
		// Learn the revision a renewal of unknown outcome may have written.
		if v, rev, ok, err := ls.freshGet(ctx, "lease", leaseKey(r), l.rev); err == nil && ok && string(v) == ls.o.Shard {
			l.rev = rev
		}
	}
	start := time.Now()
	ls.count("lease", false, 1)
	err := ls.world.Purge(ctx, leaseKey(r), jetstream.LastRevision(l.rev), jetstream.PurgeTTL(ls.markerTTL))
	ls.roundTrip(start)
	if err != nil && !errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return fmt.Errorf("release region %v: %w", r, err)
	}
	return nil
}

// OnLost sets the function called when a held lease is lost: a renewal
// or a fenced write found that another writer moved the lease, or the
// lease could not be renewed for longer than LeaseTTL. It runs on the
// renewal goroutine (or the goroutine of the Commit that found the loss)
// with no lock of the Cluster held. Set it before claiming.
func (ls *Leases) OnLost(fn func(Region)) {
	ls.lmu.Lock()
	ls.onLost = fn
	ls.lmu.Unlock()
}

// dropLocked drops the leases of rs (under lmu) and returns the callback to
// call once no lock is held.
func (ls *Leases) dropLocked(rs []Region, why string) func(Region) {
	for _, r := range rs {
		delete(ls.leases, r)
		ls.st.leasesLost.Add(1)
		ls.log.Warn().Stringer("region", r).Str("reason", why).Msg("lease lost")
	}
	return ls.onLost
}

// notifyLost calls fn, if set, with each of rs; callers hold no lock.
func notifyLost(fn func(Region), rs []Region) {
	if fn == nil {
		return
	}
	for _, r := range rs {
		fn(r)
	}
}

func (ls *Leases) setOwner(r Region, shard string, rev uint64) {
	ls.lmu.Lock()
	if ls.owners[r] != shard {
		ls.turns[r] = max(ls.turns[r], rev)
		ls.turned++
	}
	if shard == "" {
		delete(ls.owners, r)
	} else {
		ls.owners[r] = shard
	}
	ls.lmu.Unlock()
}

// leaseStallCheck is how often the lease watch is looked at for a stall.
const leaseStallCheck = 500 * time.Millisecond

// watch starts the lease watch on its own goroutine: one watch on every
// lease key keeps owners and turns current; deletes, purges and
// TTL-expiry markers make a region ownerless. It is kept running through
// NATS node losses (keepWatching): a dead one would freeze them.
func (ls *Leases) watch() error {
	w, err := ls.world.Watch(ls.ctx, "lease.>")
	if err != nil {
		return fmt.Errorf("cluster: watch leases: %w", err)
	}
	spec := ls.worldSpec("lease", []string{"lease.>"}, nil, ls.applyLease)
	// Checked often: forwards and their fates go by the turns it sees,
	// and renewals keep it busy, so a quiet one is a stalled one.
	spec.check = leaseStallCheck
	ls.watcher = ls.keepWatching(ls.ctx, spec, w, 0)
	return nil
}

// applyLease notes one watched change of a lease key.
func (ls *Leases) applyLease(e jetstream.KeyValueEntry) {
	ls.count("lease", true, 1)
	r, err := parseLeaseKey(e.Key())
	if err != nil {
		ls.log.Warn().Err(err).Msg("lease watch: bad key")
		return
	}
	if e.Operation() == jetstream.KeyValuePut {
		ls.setOwner(r, string(e.Value()), e.Revision())
	} else {
		ls.setOwner(r, "", e.Revision())
	}
}

// renew renews every held lease (renewLeases) in the write turn, and
// returns the leases lost for the caller to notify once no lock is held.
// Its time limit d starts once it has the write turn: a commit holding
// the turn (up to its own timeout, through a leader election) must not
// eat the renewal's time, or a lease would be reported lost while the
// renewal had not even been sent.
// failed reports a renewal that did not land (timed out, unsure, or an
// error other than the lease having moved).
func (ls *Leases) renew(parent context.Context, d time.Duration) (lostFn func(Region), lost []Region, failed bool) {
	ls.wmu.Lock()
	defer ls.wmu.Unlock()
	ctx, cancel := context.WithTimeout(parent, d)
	defer cancel()
	return ls.renewLeases(ctx)
}

// renewRetry is how soon a renewal round follows one that failed, and
// renewRetryWait how long such a round waits for its acknowledgements.
const (
	renewRetry     = 100 * time.Millisecond
	renewRetryWait = 500 * time.Millisecond
)

// renewItem is one renewal in flight.
type renewItem struct {
	r    Region
	sent time.Time
	paf  jetstream.PubAckFuture
	seq  uint64
	err  error
}

// renewLeases renews every held lease with a compare-and-set on its
// revision and a fresh TTL, all publishes in flight at once. Callers
// hold wmu.
func (ls *Leases) renewLeases(ctx context.Context) (lostFn func(Region), lost []Region, failed bool) {
	ls.lmu.Lock()
	held := make(map[Region]lease, len(ls.leases))
	for r, l := range ls.leases {
		held[r] = *l
	}
	ls.lmu.Unlock()
	for r, l := range held {
		if l.unsure {
			held[r] = ls.resolve(ctx, r, l)
		}
	}

	items := make([]renewItem, 0, len(held))
	start := time.Now()
	for r, l := range held {
		it := renewItem{r: r, sent: time.Now()}
		ls.count("lease", false, 1)
		it.paf, it.err = ls.js.PublishMsgAsync(&nats.Msg{Subject: ls.worldPre + leaseKey(r), Data: []byte(ls.o.Shard)},
			jetstream.WithExpectLastSequencePerSubject(l.rev), jetstream.WithMsgTTL(ls.o.LeaseTTL))
		items = append(items, it)
	}
	for i := range items {
		if items[i].err == nil {
			items[i].seq, items[i].err = waitAck(ctx, items[i].paf)
		}
		if isWrongLastSeq(items[i].err) {
			ls.ownRenewal(ctx, &items[i], held[items[i].r])
		}
	}
	if len(items) > 0 {
		ls.roundTrip(start)
	}
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	for _, it := range items {
		l, ok := ls.leases[it.r]
		if !ok {
			continue // released meanwhile
		}
		switch {
		case it.err == nil:
			l.rev, l.renewed, l.unsure = it.seq, it.sent, false
			ls.st.renewals.Add(1)
		case isWrongLastSeq(it.err) && !held[it.r].unsure:
			lost = append(lost, it.r)
		case isBusySubject(it.err):
			// Someone's write to our lease key is in flight; the next
			// round will tell whether it moved the lease.
			l.unsure, failed = true, true
		default:
			failed = true
			if apiCode(it.err) == 0 {
				// Timeout or disconnect: the renewal may have landed.
				l.unsure = true
			}
			// Kept, however overdue: Holds is already false, so nothing
			// is arbitrated on it, and only the server knows whether it
			// lapsed. After a stream's election the next renewal either
			// lands (the region is arbitrated again at once, its copies
			// current: nobody else could write there) or is refused as
			// moved (lost, claimed again and reloaded).
			ls.log.Warn().Err(it.err).Stringer("region", it.r).Msg("renew lease")
		}
	}
	if len(lost) == 0 {
		return nil, nil, failed
	}
	return ls.dropLocked(lost, "renewal refused: the lease moved"), lost, failed
}

// ownRenewal looks at a lease key a renewal found moved: when its last
// write is this shard's own name, it is an earlier renewal whose
// acknowledgement was lost (a stream electing a leader) that landed after
// all, and the lease is still ours at that revision. The read is fresh up
// to the sequence the refusal named, so that a replica behind it cannot
// show an older write of ours instead.
func (ls *Leases) ownRenewal(ctx context.Context, it *renewItem, l lease) {
	at := wrongLastSeq(it.err)
	if at <= l.rev {
		return
	}
	if !ls.ownAt(ctx, it.r, at) {
		return
	}
	ls.log.Info().Stringer("region", it.r).Uint64("rev", at).Msg("lease: a renewal thought lost had landed")
	it.err, it.seq, it.sent = nil, at, l.renewed
}

// ownAt reports whether r's lease key's last write is at revision at and
// holds this shard's name, read fresh up to at.
func (ls *Leases) ownAt(ctx context.Context, r Region, at uint64) bool {
	v, rev, ok, err := ls.freshGet(ctx, "lease", leaseKey(r), at)
	return err == nil && ok && rev == at && string(v) == ls.o.Shard
}

// adoptOwn looks at r's lease key, which a fenced write found moved from
// rev, the revision it carried, to at: when its last write is this
// shard's own name, it is a renewal whose acknowledgement was lost (a
// stream electing a leader) that landed after all — the lease never
// left, and its epoch is the same — so the lease's revision becomes at
// and the write may go again. A region dropped for it stayed
// unclaimable until the landed renewal's TTL ran out: 5 s without edits
// after an election. The read is fresh up to at, as in ownRenewal.
// Callers are in the write turn.
func (ls *Leases) adoptOwn(ctx context.Context, r Region, rev, at uint64) bool {
	if at <= rev {
		return false
	}
	if !ls.ownAt(ctx, r, at) {
		return false
	}
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	l, held := ls.leases[r]
	if !held || l.rev != rev {
		return false
	}
	l.rev, l.unsure = at, false
	ls.log.Info().Stringer("region", r).Uint64("rev", at).Msg("lease: a renewal thought lost had landed; a fenced write goes again")
	return true
}

// resolve learns the revision of a lease whose last renewal had an
// unknown outcome: only this shard writes its name into a lease key it
// holds, so a put of our name is our own latest write.
func (ls *Leases) resolve(ctx context.Context, r Region, l lease) lease {
	// Fresh: a replica behind our last renewal would give an older
	// revision of our own name, and the next renewal would find the
	// lease lost that is still ours.
	v, rev, ok, err := ls.freshGet(ctx, "lease", leaseKey(r), l.rev)
	switch {
	case err == nil && ok && string(v) == ls.o.Shard:
		l.rev, l.unsure = rev, false
	case err == nil:
		l.unsure = false // someone else's, or gone: the CAS will say lost
	default:
		return l
	}
	ls.lmu.Lock()
	if cur, ok := ls.leases[r]; ok {
		cur.rev, cur.unsure = l.rev, l.unsure
	}
	ls.lmu.Unlock()
	return l
}

// waitAck waits for one publish's acknowledgement.
func waitAck(ctx context.Context, paf jetstream.PubAckFuture) (uint64, error) {
	select {
	case a := <-paf.Ok():
		return a.Sequence, nil
	case err := <-paf.Err():
		return 0, err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// acked records seq, the sequence of a write to r acknowledged under the
// lease held on r.
func (ls *Leases) acked(r Region, seq uint64) {
	ls.lmu.Lock()
	if l, ok := ls.leases[r]; ok {
		l.acked = max(l.acked, seq)
	}
	ls.lmu.Unlock()
}

// leaseOf returns a copy of the lease held on r.
func (ls *Leases) leaseOf(r Region) (lease, bool) {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	if l, ok := ls.leases[r]; ok {
		return *l, true
	}
	return lease{}, false
}

// heldCount is the number of leases held.
func (ls *Leases) heldCount() int {
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	return len(ls.leases)
}

// fenced runs fn in the write turn: no renewal or release moves a lease
// revision while the writes fn sends (a Commit's) are in flight.
func (ls *Leases) fenced(fn func()) {
	ls.wmu.Lock()
	defer ls.wmu.Unlock()
	fn()
}

// fences returns, for the regions rs held here, the revision of each
// lease (the fencing token of a write there) and its epoch, resolving a
// revision left unsure by a renewal first; unresolved are those whose
// revision could still not be learned: the lease may be ours at a newer
// revision, so a refusal proves nothing. Callers are in the write turn
// (fenced).
func (ls *Leases) fences(ctx context.Context, rs []Region) (revs, epochs map[Region]uint64, unresolved map[Region]bool) {
	revs, epochs = map[Region]uint64{}, map[Region]uint64{}
	var unsure []Region
	ls.lmu.Lock()
	for _, r := range rs {
		if l, ok := ls.leases[r]; ok {
			revs[r], epochs[r] = l.rev, l.epoch
			if l.unsure {
				unsure = append(unsure, r)
			}
		}
	}
	copies := make(map[Region]lease, len(unsure))
	for _, r := range unsure {
		copies[r] = *ls.leases[r]
	}
	ls.lmu.Unlock()
	unresolved = map[Region]bool{}
	for _, r := range unsure {
		l := ls.resolve(ctx, r, copies[r])
		revs[r] = l.rev
		unresolved[r] = l.unsure
	}
	return revs, epochs, unresolved
}

// refused drops the leases of regions whose fenced writes the server
// refused, those still at the revision the writes carried (revs), and
// returns them with the callback to call once no lock is held. Callers
// are in the write turn.
func (ls *Leases) refused(regions map[Region]bool, revs map[Region]uint64) (func(Region), []Region) {
	if len(regions) == 0 {
		return nil, nil
	}
	ls.lmu.Lock()
	defer ls.lmu.Unlock()
	var lost []Region
	for r := range regions {
		if l, ok := ls.leases[r]; ok && l.rev == revs[r] {
			lost = append(lost, r)
		}
	}
	return ls.dropLocked(lost, "fenced write refused"), lost
}

// close releases every lease held, in the write turn, as the shard
// leaves: each delete compares the revision held, so a lease another
// shard took meanwhile is left alone.
func (ls *Leases) close(ctx context.Context) {
	ls.wmu.Lock()
	defer ls.wmu.Unlock()
	ls.lmu.Lock()
	leases := ls.leases
	ls.leases = map[Region]*lease{}
	ls.lmu.Unlock()
	for r, l := range leases {
		if !l.unsure {
			ls.count("lease", false, 1)
			if e := ls.world.Purge(ctx, leaseKey(r), jetstream.LastRevision(l.rev), jetstream.PurgeTTL(ls.markerTTL)); e != nil {
				ls.log.Warn().Err(e).Interface("region", r).Msg("release lease at close")
			}
		}
	}
}
