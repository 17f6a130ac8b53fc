package cluster

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
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

// safetyMargin is how much earlier than the server a shard considers
// its own lease gone: clocks drift and the TTL starts when the server
// stored the write, a little after we sent it.
func (c *Cluster) safetyMargin() time.Duration { return c.o.LeaseTTL / 4 }

// Claim takes the lease of r if nobody holds it. It reports whether this
// shard holds r afterwards and, if not, who does ("" when the holder
// could not be read, e.g. it just lapsed). A lease left by an earlier
// process of this shard's name is not adopted: it lapses.
func (c *Cluster) Claim(ctx context.Context, r Region) (held bool, owner string, err error) {
	c.lmu.Lock()
	_, ok := c.leases[r]
	c.lmu.Unlock()
	if ok {
		return true, c.o.Shard, nil
	}
	key := leaseKey(r)
	for attempt := 0; ; attempt++ {
		sent := time.Now()
		c.Count("lease", false, 1)
		rev, err := c.world.Create(ctx, key, []byte(c.o.Shard), jetstream.KeyTTL(c.o.LeaseTTL))
		c.roundTrip(sent)
		if err == nil {
			c.lmu.Lock()
			c.leases[r] = &lease{rev: rev, epoch: rev, renewed: sent, acked: rev}
			c.lmu.Unlock()
			c.setOwner(r, c.o.Shard)
			c.st.claims.Add(1)
			c.log.Debug().Stringer("region", r).Uint64("rev", rev).Msg("claimed region")
			return true, c.o.Shard, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return false, "", fmt.Errorf("claim region %v: %w", r, err)
		}
		start := time.Now()
		c.Count("lease", true, 1)
		e, gerr := c.world.Get(ctx, key)
		c.roundTrip(start)
		switch {
		case gerr == nil:
			c.st.claimsLost.Add(1)
			return false, string(e.Value()), nil
		case errors.Is(gerr, jetstream.ErrKeyNotFound) && attempt < 3:
			// "Exists" from a replicated stream can mean another write to
			// the key was in flight (10164), which may have been a
			// delete: try again.
			continue
		case errors.Is(gerr, jetstream.ErrKeyNotFound):
			c.st.claimsLost.Add(1)
			return false, "", nil
		default:
			return false, "", fmt.Errorf("claim region %v: read owner: %w", r, gerr)
		}
	}
}

// Holds reports whether this shard holds r and renewed it recently
// enough that the lease cannot have lapsed at the server (time-based
// self-fencing: a shard that cannot renew stops acting as owner before
// another shard can claim).
func (c *Cluster) Holds(r Region) bool {
	c.lmu.Lock()
	defer c.lmu.Unlock()
	l, ok := c.leases[r]
	return ok && time.Since(l.renewed) < c.o.LeaseTTL-c.safetyMargin()
}

// Leased reports whether r's lease is this shard's: claimed and not lost
// or released, whether or not it is fresh enough to arbitrate on (Holds).
// While a stream has no leader the renewals fail and Holds goes false
// first; the lease is still this shard's until it is lost.
func (c *Cluster) Leased(r Region) bool {
	c.lmu.Lock()
	defer c.lmu.Unlock()
	_, ok := c.leases[r]
	return ok
}

// Owner returns r's current owner as last seen by the lease watch: no
// network call. ok is false for a region nobody holds.
func (c *Cluster) Owner(r Region) (shard string, ok bool) {
	c.omu.RLock()
	defer c.omu.RUnlock()
	shard, ok = c.owners[r]
	return shard, ok
}

// Held returns the regions this shard holds, sorted by X then Z.
func (c *Cluster) Held() []Region {
	c.lmu.Lock()
	out := make([]Region, 0, len(c.leases))
	for r := range c.leases {
		out = append(out, r)
	}
	c.lmu.Unlock()
	slices.SortFunc(out, func(a, b Region) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) })
	return out
}

// Release gives up r: the lease key is deleted if it is still at the
// revision we hold (if not, it is not ours any more anyway).
func (c *Cluster) Release(ctx context.Context, r Region) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.lmu.Lock()
	l, ok := c.leases[r]
	delete(c.leases, r)
	c.lmu.Unlock()
	if !ok {
		return nil
	}
	if l.unsure {
		// Learn the revision a renewal of unknown outcome may have written.
		if v, rev, ok, err := c.freshGet(ctx, "lease", leaseKey(r), l.rev); err == nil && ok && string(v) == c.o.Shard {
			l.rev = rev
		}
	}
	start := time.Now()
	c.Count("lease", false, 1)
	err := c.world.Purge(ctx, leaseKey(r), jetstream.LastRevision(l.rev), jetstream.PurgeTTL(c.markerTTL))
	c.roundTrip(start)
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
func (c *Cluster) OnLost(fn func(Region)) {
	c.lmu.Lock()
	c.onLost = fn
	c.lmu.Unlock()
}

// PauseRenewals stops (or resumes) every renewal as if the process were
// paused: fault injection for tests.
func (c *Cluster) PauseRenewals(paused bool) { c.paused.Store(paused) }

// HoldCommits makes every Commit wait (or lets them go on) before it
// sends anything, as a slow store would: fault injection for tests.
func (c *Cluster) HoldCommits(hold bool) {
	c.holdMu.Lock()
	defer c.holdMu.Unlock()
	switch {
	case hold && c.held == nil:
		c.held = make(chan struct{})
	case !hold && c.held != nil:
		close(c.held)
		c.held = nil
	}
}

// waitHeld waits while HoldCommits holds commits, or until c closes.
func (c *Cluster) waitHeld() error {
	c.holdMu.Lock()
	h := c.held
	c.holdMu.Unlock()
	if h == nil {
		return nil
	}
	select {
	case <-h:
		return nil
	case <-c.ctx.Done():
		return fmt.Errorf("commit held: %w", c.ctx.Err())
	}
}

// dropLocked drops the leases of rs (under lmu) and returns the callback to
// call once no lock is held.
func (c *Cluster) dropLocked(rs []Region, why string) func(Region) {
	for _, r := range rs {
		delete(c.leases, r)
		c.st.leasesLost.Add(1)
		c.log.Warn().Stringer("region", r).Str("reason", why).Msg("lease lost")
	}
	return c.onLost
}

func (c *Cluster) notifyLost(fn func(Region), rs []Region) {
	if fn == nil {
		return
	}
	for _, r := range rs {
		fn(r)
	}
}

func (c *Cluster) setOwner(r Region, shard string) {
	c.omu.Lock()
	if shard == "" {
		delete(c.owners, r)
	} else {
		c.owners[r] = shard
	}
	c.omu.Unlock()
}

// watchLeases keeps owners current from one watch on every lease key;
// deletes, purges and TTL-expiry markers make a region ownerless.
func (c *Cluster) watchLeases(w jetstream.KeyWatcher) {
	defer c.wg.Done()
	defer w.Stop()
	for {
		select {
		case <-c.stop:
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				continue // end of the initial values
			}
			c.Count("lease", true, 1)
			r, err := parseLeaseKey(e.Key())
			if err != nil {
				c.log.Warn().Err(err).Msg("lease watch: bad key")
				continue
			}
			if e.Operation() == jetstream.KeyValuePut {
				c.setOwner(r, string(e.Value()))
			} else {
				c.setOwner(r, "")
			}
		}
	}
}

// renewLoop renews leases, sessions and the shard key every LeaseTTL/3.
func (c *Cluster) renewLoop() {
	defer c.wg.Done()
	t := time.NewTicker(c.o.LeaseTTL / 3)
	defer t.Stop()
	swept := time.Now()
	for {
		select {
		case <-c.stop:
			return
		case <-c.kick:
			if !c.paused.Load() {
				c.putShard()
			}
			continue
		case <-t.C:
		}
		if c.paused.Load() {
			continue
		}
		ctx, cancel := context.WithTimeout(c.ctx, c.o.LeaseTTL/3)
		c.wmu.Lock()
		lostFn, lost := c.renewLeases(ctx)
		c.wmu.Unlock()
		cancel()
		c.putShard()
		c.notifyLost(lostFn, lost)
		if time.Since(swept) >= sessionSweepEvery {
			swept = time.Now()
			sctx, scancel := context.WithTimeout(c.ctx, opTimeout)
			c.sweepSessions(sctx)
			scancel()
		}
	}
}

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
func (c *Cluster) renewLeases(ctx context.Context) (func(Region), []Region) {
	c.lmu.Lock()
	held := make(map[Region]lease, len(c.leases))
	for r, l := range c.leases {
		held[r] = *l
	}
	c.lmu.Unlock()
	for r, l := range held {
		if l.unsure {
			held[r] = c.resolve(ctx, r, l)
		}
	}

	items := make([]renewItem, 0, len(held))
	start := time.Now()
	for r, l := range held {
		it := renewItem{r: r, sent: time.Now()}
		c.Count("lease", false, 1)
		it.paf, it.err = c.js.PublishMsgAsync(&nats.Msg{Subject: c.worldPre + leaseKey(r), Data: []byte(c.o.Shard)},
			jetstream.WithExpectLastSequencePerSubject(l.rev), jetstream.WithMsgTTL(c.o.LeaseTTL))
		items = append(items, it)
	}
	for i := range items {
		if items[i].err == nil {
			items[i].seq, items[i].err = waitAck(ctx, items[i].paf)
		}
		if isWrongLastSeq(items[i].err) {
			c.ownRenewal(ctx, &items[i], held[items[i].r])
		}
	}
	if len(items) > 0 {
		c.roundTrip(start)
	}
	var lost []Region
	c.lmu.Lock()
	defer c.lmu.Unlock()
	for _, it := range items {
		l, ok := c.leases[it.r]
		if !ok {
			continue // released meanwhile
		}
		switch {
		case it.err == nil:
			l.rev, l.renewed, l.unsure = it.seq, it.sent, false
			c.st.renewals.Add(1)
		case isWrongLastSeq(it.err) && !held[it.r].unsure:
			lost = append(lost, it.r)
		case isBusySubject(it.err):
			// Someone's write to our lease key is in flight; the next
			// round will tell whether it moved the lease.
			l.unsure = true
		default:
			if apiCode(it.err) == 0 {
				// Timeout or disconnect: the renewal may have landed.
				l.unsure = true
			}
			c.log.Warn().Err(it.err).Stringer("region", it.r).Msg("renew lease")
			if time.Since(l.renewed) > c.o.LeaseTTL {
				lost = append(lost, it.r)
			}
		}
	}
	if len(lost) == 0 {
		return nil, nil
	}
	return c.dropLocked(lost, "renewal refused or overdue"), lost
}

// ownRenewal looks at a lease key a renewal found moved: when its last
// write is this shard's own name, it is an earlier renewal whose
// acknowledgement was lost (a stream electing a leader) that landed after
// all, and the lease is still ours at that revision. The read is fresh up
// to the sequence the refusal named, so that a replica behind it cannot
// show an older write of ours instead.
func (c *Cluster) ownRenewal(ctx context.Context, it *renewItem, l lease) {
	at := wrongLastSeq(it.err)
	if at <= l.rev {
		return
	}
	v, rev, ok, err := c.freshGet(ctx, "lease", leaseKey(it.r), at)
	if err != nil || !ok || rev != at || string(v) != c.o.Shard {
		return
	}
	c.log.Info().Stringer("region", it.r).Uint64("rev", rev).Msg("lease: a renewal thought lost had landed")
	it.err, it.seq, it.sent = nil, rev, l.renewed
}

// resolve learns the revision of a lease whose last renewal had an
// unknown outcome: only this shard writes its name into a lease key it
// holds, so a put of our name is our own latest write.
func (c *Cluster) resolve(ctx context.Context, r Region, l lease) lease {
	// Fresh: a replica behind our last renewal would give an older
	// revision of our own name, and the next renewal would find the
	// lease lost that is still ours.
	v, rev, ok, err := c.freshGet(ctx, "lease", leaseKey(r), l.rev)
	switch {
	case err == nil && ok && string(v) == c.o.Shard:
		l.rev, l.unsure = rev, false
	case err == nil:
		l.unsure = false // someone else's, or gone: the CAS will say lost
	default:
		return l
	}
	c.lmu.Lock()
	if cur, ok := c.leases[r]; ok {
		cur.rev, cur.unsure = l.rev, l.unsure
	}
	c.lmu.Unlock()
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
