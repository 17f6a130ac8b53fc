package cluster

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// Store is the storage.Backend of a shard: sections and entity columns
// in the world bucket, written only under a held lease and fenced on it;
// player records in the players bucket.
//
// A Commit returns once JetStream acknowledged every write, and an ack
// means stored on a quorum of replicas (fsynced, with the servers'
// sync_interval: always): that is what makes a committed batch durable.
//
// Its writes are fenced on the leases (Leases), and it answers some loads
// from the Feed's key index without a round trip; it holds a pointer to
// each, set at Connect. mu guards held and revs, held only briefly.
type Store struct {
	*link
	leases *Leases
	feed   *Feed

	mu sync.Mutex
	// held, while set, is closed when HoldCommits lets commits go on.
	held chan struct{}
	// revs is the revision of each world record this shard last read or
	// wrote (records.go).
	revs map[string]uint64

	// atomic: the world stream takes atomic batches (enabled at Connect);
	// atomicPause is when a refused batch lets them be tried again.
	atomic      atomic.Bool
	atomicPause atomic.Int64
	batchSeq    atomic.Uint64
	// busyHook, set by tests before commits, answers a compare-and-set
	// write of a key it returns true for busy (10164), unpublished.
	busyHook func(key string) bool
	// lostAckHook, set by tests before commits, makes the commit of a
	// fenced write whose subject it returns true for fail as if its
	// acknowledgement were lost (a stream electing a leader): sent, and
	// published, or not when published is false.
	lostAckHook func(subj string) (lost, published bool)

	// uncertain holds, by subject, the fenced writes a failed commit sent
	// without learning their fate (a timeout while the stream elected a
	// leader; the writer retries the batch whole): the id they were
	// published with (Nats-Msg-Id) and the lease revision they carried.
	// The retry sends them again with both, whether or not the lease is
	// still held, so that the stream answers a duplicate if one landed:
	// refused unseen, an edit stored would be answered refused. Only the
	// commits touch it, in the write turn (Leases.fenced).
	uncertain map[string]uncertainWrite
	msgNonce  string
	msgSeq    atomic.Uint64
}

// uncertainWrite is a fenced write sent by a commit that failed.
type uncertainWrite struct {
	data  []byte
	msgID string
	fence uint64
}

func newStore(l *link, leases *Leases, feed *Feed) *Store {
	return &Store{link: l, leases: leases, feed: feed, revs: map[string]uint64{},
		msgNonce: strconv.FormatInt(time.Now().UnixNano(), 36)}
}

var (
	_ storage.Backend        = (*Store)(nil)
	_ storage.Fencer         = (*Store)(nil)
	_ storage.RemoteEntities = (*Store)(nil)
)

// MayHaveEntities implements storage.RemoteEntities: LoadEntities of a
// column without a stored record is answered without a round trip.
func (s *Store) MayHaveEntities(x, z int32) bool { return s.feed.ents.has(x, z) }

// Epoch returns the epoch of the lease held on section column (x, z)'s
// region (the revision of the claim that took it), or storage.NoEpoch.
func (s *Store) Epoch(x, z int32) uint64 {
	if l, ok := s.leases.leaseOf(columnRegion(x, z)); ok {
		return l.epoch
	}
	return storage.NoEpoch
}

// Store returns the shard's storage backend.
func (c *Cluster) Store() *Store { return c.store }

// regionGet reads key, in region r, in the world bucket. Where this
// shard holds r, the read is fresh up to the last write there it had
// acknowledged and the claim that took r (freshGet): its own copies are
// built from such reads and written back, so an older value would drop
// acknowledged edits. Elsewhere a direct get does: a copy there is not
// written from here, and the section feed brings what is newer.
func (s *Store) regionGet(r Region, family, key string) ([]byte, bool, error) {
	ctx, cancel := context.WithTimeout(s.ctx, opTimeout)
	defer cancel()
	if l, held := s.leases.leaseOf(r); held {
		v, _, ok, err := s.freshGet(ctx, family, key, l.acked)
		return v, ok, err
	}
	start := time.Now()
	e, err := s.world.Get(ctx, key)
	s.roundTrip(start)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("get %s: %w", key, err)
	}
	s.count(family, true, 1)
	return e.Value(), true, nil
}

// LoadSection returns the stored version of an edited section.
func (s *Store) LoadSection(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	key := sectionKey(p)
	v, ok, err := s.regionGet(RegionOf(p), "sec", key)
	if err != nil {
		return chunk.Section{}, 0, false, fmt.Errorf("load section %v (%s): %w", p, key, err)
	}
	if !ok {
		return chunk.Section{}, 0, false, nil
	}
	sec, rev, err := storage.DecodeSection(v)
	if err != nil {
		return chunk.Section{}, 0, false, fmt.Errorf("load section %v (%s): %w", p, key, err)
	}
	return sec, rev, true, nil
}

// LoadSectionAfter returns the stored version of an edited section, as a
// replica that has applied world-stream revision floor holds it: every
// write before floor is in the answer. A floor of 0 asks the stream's
// leader for its last revision first, so that every write acknowledged
// by then is. ok is false for a section never stored (natural terrain).
func (s *Store) LoadSectionAfter(ctx context.Context, p chunk.Pos, floor uint64) (chunk.Section, uint64, bool, error) {
	key := sectionKey(p)
	if floor == 0 {
		st, err := s.world.Status(ctx)
		if err != nil {
			return chunk.Section{}, 0, false, fmt.Errorf("load section %v: the world stream's last revision: %w", p, err)
		}
		bs, ok := st.(*jetstream.KeyValueBucketStatus)
		if !ok {
			return chunk.Section{}, 0, false, fmt.Errorf("load section %v: the world bucket's status is a %T", p, st)
		}
		floor = bs.StreamInfo().State.LastSeq
	}
	v, _, ok, err := s.freshGet(ctx, "sec", key, floor)
	if err != nil || !ok {
		if err != nil {
			err = fmt.Errorf("load section %v: %w", p, err)
		}
		return chunk.Section{}, 0, false, err
	}
	sec, rev, err := storage.DecodeSection(v)
	if err != nil {
		return chunk.Section{}, 0, false, fmt.Errorf("load section %v (%s): %w", p, key, err)
	}
	return sec, rev, true, nil
}

// LoadEntities returns the stored entity column (x, z); a cleared column
// (empty value) is ok == false like one never written.
func (s *Store) LoadEntities(x, z int32) (storage.EntityColumn, bool, error) {
	return storage.LoadEntitiesOne(s.LoadEntitiesAll, x, z)
}

// LoadEntitiesAll implements storage.RemoteEntities: the columns never
// stored are answered without a round trip, the others in one multi-get
// (per 512), from a replica that has applied every write this shard had
// acknowledged in the regions it holds among them.
func (s *Store) LoadEntitiesAll(cols []storage.EntityColumn, ok []bool, errs []error) {
	var (
		keys  []string
		at    []int
		floor uint64
	)
	for i := range cols {
		x, z := cols[i].X, cols[i].Z
		cols[i], ok[i], errs[i] = storage.EntityColumn{X: x, Z: z}, false, nil
		if !s.feed.ents.has(x, z) {
			continue // never stored: no round trip
		}
		keys, at = append(keys, entityKey(x, z)), append(at, i)
		if l, held := s.leases.leaseOf(columnRegion(x, z)); held {
			floor = max(floor, l.acked)
		}
	}
	if len(keys) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, opTimeout)
	defer cancel()
	err := s.freshGetMany(ctx, "ent", keys, floor, func(j int, v kvLast) {
		i := at[j]
		x, z := cols[i].X, cols[i].Z
		if !v.ok || len(v.val) == 0 {
			return
		}
		col, err := storage.DecodeEntities(x, z, v.val)
		if err != nil {
			errs[i] = fmt.Errorf("load entities (%d,%d) (%s): %w", x, z, keys[j], err)
			return
		}
		cols[i], ok[i] = col, true
	})
	if err != nil {
		for j, i := range at {
			cols[i], ok[i] = storage.EntityColumn{X: cols[i].X, Z: cols[i].Z}, false
			errs[i] = fmt.Errorf("load entities (%d,%d) (%s): %w", cols[i].X, cols[i].Z, keys[j], err)
		}
	}
}

// LoadPlayer returns a player's stored record.
func (s *Store) LoadPlayer(name string) (storage.PlayerRecord, bool, error) {
	key := playerKey(name)
	v, ok, err := s.leaderGet("KV_"+s.o.Bucket+"_players", s.playerPre+key, "player")
	if err != nil {
		return storage.PlayerRecord{}, false, fmt.Errorf("load player %q (%s): %w", name, key, err)
	}
	if !ok {
		return storage.PlayerRecord{}, false, nil
	}
	r, err := storage.DecodePlayer(v)
	if err != nil {
		return storage.PlayerRecord{}, false, fmt.Errorf("load player %q (%s): %w", name, key, err)
	}
	return r, true, nil
}

// write is one publish of a Commit.
type write struct {
	subj   string
	data   []byte
	family string
	fenced bool   // a section or column: carries its region's lease fence
	epoch  uint64 // the lease it was made under (storage.Fencer); 0: any
	region Region
	// batched: in flight in an atomic batch this round.
	batched bool
	pos     chunk.Pos // sections
	col     [2]int32  // entity columns and hand-over records
	done    bool
	refused bool // done, by being refused as fenced
	// A column's hand-over records (handoff.go): with are the writes that
	// go in its atomic batch, all or nothing (member marks them); wait
	// those that must be done before a write goes alone.
	with, wait  []int
	member      bool
	create, del bool // a hand-over record created (only if never used), or deleted
	key         string
	// A plugin record (family "rec"): its key; cas, for a world record,
	// publishes it only if the key is still at revision expect.
	rec    storage.RecordKey
	cas    bool
	expect uint64
	// busy counts the times a compare-and-set write was answered busy
	// (casBusyTries).
	busy int
	// msgID is the write's Nats-Msg-Id (a fenced plain put; "" for the
	// others): the same on a retry of a write of unknown fate. stale: a
	// retry of one made under a lease not held here now, sent on the
	// lease revision it was first sent with (fence) to learn its fate;
	// sent is the revision it carried in this commit.
	msgID       string
	retry       bool // sent by the failed commit before (uncertain)
	stale       bool
	fence, sent uint64
	published   bool
}

// A compare-and-set write (a world record) answered busy — 10164: a
// replicated stream refuses to compare while another write of the key,
// another shard's, is still being replicated — is sent again within the
// commit, after a pause of casBusyPause doubled each time, up to
// casBusyTries answers in all (about a tenth of a second of pauses, well
// inside commitTimeout); still busy, it is refused (not stored, as when
// the comparison fails: the plugin reads the key again) rather than
// failing the commit, which the writer would retry whole.
const (
	casBusyTries = 8
	casBusyPause = time.Millisecond
)

// errCASBusy is what busyHook's writes are answered.
var errCASBusy = &jetstream.APIError{Code: 400, ErrorCode: jetstream.JSErrCodeStreamWrongLastSequenceConstant, Description: "wrong last sequence"}

// regionBatch is one region's fenced writes in flight as an atomic batch.
type regionBatch struct {
	region Region
	items  []int // indexes into the commit's writes
	paf    jetstream.PubAckFuture
}

// maxAtomicBatch is the most writes in one atomic batch (the server's
// default limit is 1,000); a region with more sends the rest one by one.
const maxAtomicBatch = 1000

// jsErrAtomicDisabled is nats-server's "atomic publish is disabled".
const jsErrAtomicDisabled jetstream.ErrorCode = 10174

// atomicRetry is how long a shard whose batch was refused as disabled
// writes one by one before it tries batches again.
const atomicRetry = 10 * time.Second

// atomicOK reports whether commits send atomic batches now.
func (s *Store) atomicOK() bool {
	return s.atomic.Load() && time.Now().UnixNano() >= s.atomicPause.Load()
}

// atomicOff pauses atomic batches for atomicRetry.
func (s *Store) atomicOff(err error) {
	s.atomicPause.Store(time.Now().Add(atomicRetry).UnixNano())
	s.log.Warn().Err(err).Msg("atomic batch publish refused; writing one by one for a while")
}

// sendBatches publishes, for each region with two or more fenced writes
// not yet done, its writes as one atomic batch, each carrying the lease
// fence (the server checks the lease once for the batch and stores all or
// none). It returns the batches in flight; the writes sent are marked
// batched. A publish that fails sets *failure.
func (s *Store) sendBatches(writes []write, revs map[Region]uint64, failure *error) []regionBatch {
	byRegion := map[Region][]int{}
	var order []Region
	for i := range writes {
		w := &writes[i]
		if w.done || !w.fenced || w.member || w.retry {
			continue
		}
		if _, ok := byRegion[w.region]; !ok {
			order = append(order, w.region)
		}
		group := 1
		for _, j := range w.with {
			if !writes[j].done {
				group++
			}
		}
		if len(byRegion[w.region])+group <= maxAtomicBatch {
			byRegion[w.region] = append(byRegion[w.region], i)
			for _, j := range w.with {
				if !writes[j].done {
					byRegion[w.region] = append(byRegion[w.region], j)
				}
			}
		}
	}
	var out []regionBatch
	for _, r := range order {
		items := byRegion[r]
		if len(items) < 2 {
			continue
		}
		id := s.o.Shard + "-" + strconv.FormatUint(s.batchSeq.Add(1), 36)
		lease := s.worldPre + leaseKey(r)
		rev := strconv.FormatUint(revs[r], 10)
		var paf jetstream.PubAckFuture
		for n, i := range items {
			w := &writes[i]
			m := writeMsg(w)
			if w.msgID != "" {
				m.Header.Set(jetstream.MsgIDHeader, w.msgID)
			}
			w.published, w.sent = true, revs[r]
			m.Header.Set("Nats-Batch-Id", id)
			m.Header.Set("Nats-Batch-Sequence", strconv.Itoa(n+1))
			if w.create {
				m.Header.Set("Nats-Expected-Last-Subject-Sequence", "0")
			} else {
				m.Header.Set("Nats-Expected-Last-Subject-Sequence", rev)
				m.Header.Set("Nats-Expected-Last-Subject-Sequence-Subject", lease)
			}
			s.count(w.family, false, 1)
			var err error
			if n < len(items)-1 {
				err = s.nc.PublishMsg(m) // no reply: the commit answers for all
			} else {
				m.Header.Set("Nats-Batch-Commit", "1")
				paf, err = s.js.PublishMsgAsync(m)
			}
			if err != nil {
				*failure = fmt.Errorf("commit: publish %s: %w", w.subj, err)
				return out
			}
		}
		for _, i := range items {
			writes[i].batched = true
		}
		out = append(out, regionBatch{region: r, items: items, paf: paf})
	}
	return out
}

// maxCommitRounds bounds the retries of writes a replicated stream
// answered "busy" (another fenced write on the same lease in flight).
const maxCommitRounds = 4096

// Commit makes a batch durable. Sections and entity columns are
// published with the fencing headers
//
//	Nats-Expected-Last-Subject-Sequence: <held lease revision>
//	Nats-Expected-Last-Subject-Sequence-Subject: $KV.<bucket>_world.lease.<rx>.<rz>
//
// so one lands only while the region's lease key is still at the
// revision this shard wrote: a shard whose lease lapsed cannot overwrite
// the new owner, even for a section the new owner never wrote. Writes of
// regions not held, and writes the server refused that way, are reported
// in a *storage.FencedError (their leases are dropped and OnLost called);
// everything else is then durable. Any other error means nothing may be
// relied on; retrying the whole batch is safe (the writes are puts).
//
// All writes are in flight at once. A replicated stream refuses a fenced
// write while another on the same lease is still being replicated
// (nats-server 2.11+ answers 10164 for that, unlike 10071 for a moved
// revision); those are sent again once the round's acks are in, one per
// region, so a region's writes take about one replication round trip
// each on a replicated bucket and one round in all on a single node. A
// world record's compare-and-set answered busy the same way (another
// shard's write of the key in flight) is sent again a few times, then
// refused in the *storage.FencedError (see casBusyTries).
func (s *Store) Commit(b *storage.Batch) error {
	writes := s.buildWrites(b)
	if len(writes) == 0 {
		return nil
	}
	if err := s.waitHeld(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.commitTimeout())
	defer cancel()
	var (
		lostFn func(Region)
		lost   []Region
		err    error
	)
	s.leases.fenced(func() { lostFn, lost, err = s.commitFenced(ctx, writes) })
	for i := range writes {
		// Before the watch brings them back.
		switch w := &writes[i]; {
		case !w.done || w.refused:
		case w.family == "ent":
			s.feed.ents.set(w.col, true)
		case w.create:
			s.feed.hands.put(w.col, w.key)
			s.feed.hands.setLanded(w.key)
		case w.del:
			s.feed.hands.remove(w.col, w.key)
		}
	}
	notifyLost(lostFn, lost)
	return err
}

// HoldCommits makes every Commit wait (or lets them go on) before it
// sends anything (Cluster.HoldCommits).
func (s *Store) holdCommits(hold bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case hold && s.held == nil:
		s.held = make(chan struct{})
	case !hold && s.held != nil:
		close(s.held)
		s.held = nil
	}
}

// waitHeld waits while HoldCommits holds commits, or until the cluster
// closes.
func (s *Store) waitHeld() error {
	s.mu.Lock()
	h := s.held
	s.mu.Unlock()
	if h == nil {
		return nil
	}
	select {
	case <-h:
		return nil
	case <-s.ctx.Done():
		return fmt.Errorf("commit held: %w", s.ctx.Err())
	}
}

// enableAtomic lets the world stream take atomic batches, so that a
// commit writes each region's sections in one round trip. A server that
// cannot (older than 2.12) leaves the writes one by one.
func (s *Store) enableAtomic(ctx context.Context) {
	name := "KV_" + s.o.Bucket + "_world"
	st, err := s.js.Stream(ctx, name)
	if err == nil {
		cfg := st.CachedInfo().Config
		if !cfg.AllowAtomicPublish {
			cfg.AllowAtomicPublish = true
			_, err = s.js.UpdateStream(ctx, cfg)
		}
	}
	if err != nil {
		s.log.Warn().Err(err).Str("stream", name).Msg("atomic batch publish not enabled; sections are written one by one")
		return
	}
	s.atomic.Store(true)
}

// FollowWorldRecords implements storage.RemoteRecords. The first call
// starts the watch of every world record's key, from the newest one
// stored now on; each call adds a kind whose changes are kept.
func (s *Store) FollowWorldRecords(kind string) error { return s.feed.followWorldRecords(kind) }

// DrainWorldRecords implements storage.RemoteRecords. Changes at or
// before the revision this shard last read or wrote of their key (its
// own writes among them) are dropped.
func (s *Store) DrainWorldRecords(fn func(k storage.RecordKey, v []byte) bool) {
	s.feed.drainWorldRecords(
		func(key string, rev uint64) bool { return rev > s.recRev(key) },
		func(k storage.RecordKey, v []byte, key string, rev uint64) bool {
			if !fn(k, v) {
				return false
			}
			s.setRecRev(key, rev)
			return true
		})
}

// commitTimeout bounds how long a commit waits for its acknowledgements
// while it holds the lease write turn (Leases.fenced): a third of the
// lease TTL (at least a second), so that a stream without a leader (a node died; the others elect one in
// seconds) fails the commit, for the writer to retry, before the
// renewals it holds back let the leases lapse.
func (s *Store) commitTimeout() time.Duration {
	return min(max(s.o.LeaseTTL/3, time.Second), opTimeout)
}

// buildWrites encodes a batch, a later write of the same key replacing
// an earlier one in place.
func (s *Store) buildWrites(b *storage.Batch) []write {
	writes := make([]write, 0, len(b.Sections)+len(b.Entities)+len(b.Players))
	index := make(map[string]int, cap(writes))
	add := func(key string, w write) {
		if i, ok := index[key]; ok {
			writes[i] = w
			return
		}
		index[key] = len(writes)
		writes = append(writes, w)
	}
	for i := range b.Sections {
		sw := &b.Sections[i]
		key := sectionKey(sw.Pos)
		add(key, write{subj: s.worldPre + key, data: storage.EncodeSection(nil, &sw.Section, sw.Revision),
			family: "sec", fenced: true, epoch: sw.Epoch, region: RegionOf(sw.Pos), pos: sw.Pos})
	}
	// A column's later record replaces an earlier one, and carries what
	// must be written with it (its hand-overs and adoptions).
	cols := make([]storage.EntityColumn, 0, len(b.Entities))
	colAt := make(map[[2]int32]int, len(b.Entities))
	for _, ec := range b.Entities {
		k := [2]int32{ec.X, ec.Z}
		if j, ok := colAt[k]; ok {
			ec.Carry(&cols[j])
			cols[j] = ec
			continue
		}
		colAt[k] = len(cols)
		cols = append(cols, ec)
	}
	for i := range cols {
		ec := &cols[i]
		key := entityKey(ec.X, ec.Z)
		add(key, write{subj: s.worldPre + key, data: storage.EncodeEntities(nil, ec),
			family: "ent", fenced: true, epoch: ec.Epoch, region: columnRegion(ec.X, ec.Z), col: [2]int32{ec.X, ec.Z}})
		if len(ec.Outbox) > 0 || len(ec.Adopted) > 0 {
			writes = s.handWrites(writes, index[key], ec)
		}
	}
	for _, pr := range b.Players {
		data, err := storage.EncodePlayer(pr)
		if err != nil {
			// A PlayerRecord is plain numbers and a string: this cannot
			// fail; keep the batch going rather than lose the rest.
			s.log.Error().Err(err).Str("player", pr.Name).Msg("encode player")
			continue
		}
		key := playerKey(pr.Name)
		add("p:"+key, write{subj: s.playerPre + key, data: data, family: "player"})
	}
	s.recordWrites(add, b.Records)
	return writes
}

// commitFenced publishes writes; it runs in the lease write turn
// (Leases.fenced), so no renewal moves a lease revision while they are
// in flight.
func (s *Store) commitFenced(ctx context.Context, writes []write) (func(Region), []Region, error) {
	var regions []Region
	seen := map[Region]bool{}
	for i := range writes {
		if r := writes[i].region; writes[i].fenced && !seen[r] {
			seen[r] = true
			regions = append(regions, r)
		}
	}
	// A lease whose revision could not be learned may be ours at a
	// newer revision: a refusal then proves nothing (see below).
	revs, epochs, unresolved := s.leases.fences(ctx, regions)

	fe := &storage.FencedError{}
	refuse := func(w *write) {
		w.done, w.refused = true, true
		s.st.fenced.Add(1)
		switch w.family {
		case "sec":
			fe.Sections = append(fe.Sections, w.pos)
		case "ent":
			fe.Columns = append(fe.Columns, w.col)
		case "rec":
			fe.Records = append(fe.Records, w.rec)
		}
	}
	for i := range writes {
		w := &writes[i]
		if s.tooLarge(w) {
			refuse(w)
			continue
		}
		if !w.fenced {
			continue
		}
		// Not held now, or made under another lease of it: one this
		// shard lost and took back since would let an edit made before
		// the other owner's writes overwrite them.
		_, held := revs[w.region]
		gone := !held || (w.epoch != 0 && w.epoch != epochs[w.region])
		if w.member || len(w.with) > 0 || w.create || w.del {
			if gone {
				refuse(w)
			}
			continue
		}
		if u, ok := s.uncertain[w.subj]; ok && bytes.Equal(u.data, w.data) {
			// Sent by the commit that failed, its fate unknown: sent
			// again with the same id, one by one. Where its lease is gone
			// it carries the revision it was sent with: the stream answers
			// a duplicate if it landed, stores it if that lease is still
			// current there, and refuses it only if it never landed.
			w.msgID, w.retry, w.stale, w.fence = u.msgID, true, gone, u.fence
			continue
		}
		if gone {
			refuse(w)
			continue
		}
		w.msgID = s.msgNonce + "." + strconv.FormatUint(s.msgSeq.Add(1), 36)
	}
	fencedRegions := map[Region]bool{}
	var failure error
	type sent struct {
		i   int
		paf jetstream.PubAckFuture
		err error // answered without publishing (busyHook)
	}
	var casBusy int // the most busy answers of a compare-and-set write to send again
	for round := 0; ; round++ {
		if casBusy > 0 {
			pause := time.NewTimer(casBusyPause << (casBusy - 1))
			select {
			case <-pause.C:
			case <-ctx.Done():
				pause.Stop()
			}
			casBusy = 0
		}
		var flight []sent
		busyRegion := map[Region]bool{}
		start := time.Now()
		var batches []regionBatch
		if round == 0 && s.atomicOK() {
			// Each region's fenced writes as one atomic batch: one
			// round trip for all, where one at a time they cost one
			// each on a replicated stream (10164).
			batches = s.sendBatches(writes, revs, &failure)
		}
		for i := range writes {
			w := &writes[i]
			if w.done || w.batched {
				continue
			}
			if !allDone(writes, w.wait) {
				continue // after the writes it must follow
			}
			if w.fenced && round > 0 {
				if busyRegion[w.region] {
					continue // one per region after the first round
				}
				busyRegion[w.region] = true
			}
			m := writeMsg(w)
			var opts []jetstream.PublishOpt
			if w.fenced {
				fence := revs[w.region]
				if w.stale {
					fence = w.fence
				}
				opts = append(opts, jetstream.WithExpectLastSequenceForSubject(fence, s.worldPre+leaseKey(w.region)))
				if w.msgID != "" {
					m.Header.Set(jetstream.MsgIDHeader, w.msgID)
					w.published, w.sent = true, fence
				}
				if s.lostAckHook != nil {
					if lost, pub := s.lostAckHook(w.subj); lost {
						if pub {
							_, _ = s.js.PublishMsg(ctx, m, opts...)
						}
						flight = append(flight, sent{i: i, err: context.DeadlineExceeded})
						continue
					}
				}
			}
			if w.cas {
				opts = append(opts, jetstream.WithExpectLastSequencePerSubject(w.expect))
				if s.busyHook != nil && s.busyHook(w.key) {
					flight = append(flight, sent{i: i, err: errCASBusy})
					continue
				}
			}
			s.count(w.family, false, 1)
			paf, err := s.js.PublishMsgAsync(m, opts...)
			if err != nil {
				failure = fmt.Errorf("commit: publish %s: %w", w.subj, err)
				break
			}
			flight = append(flight, sent{i: i, paf: paf})
		}
		if len(flight) == 0 && len(batches) == 0 && failure == nil {
			break
		}
		for _, b := range batches {
			seq, err := waitAck(ctx, b.paf)
			for _, i := range b.items {
				writes[i].batched = false
			}
			switch {
			case err == nil:
				for _, i := range b.items {
					writes[i].done = true
				}
				s.leases.acked(b.region, seq)
				s.st.batches.Add(1)
			case isWrongLastSeq(err) && !unresolved[b.region]:
				again, gerr := s.landedBefore(ctx, writes, b)
				switch {
				case gerr != nil:
					if failure == nil {
						failure = fmt.Errorf("commit: hand-over records: %w", gerr)
					}
				case !again && !s.ownFence(ctx, b.region, revs, wrongLastSeq(err)):
					fencedRegions[b.region] = true
				}
			case apiCode(err) == jsErrAtomicDisabled:
				// Turned off under us (a shard's CreateOrUpdateKeyValue
				// resets the stream's flags): the writes go one by one.
				s.atomicOff(err)
			default:
				// Busy, incomplete or failed: sent one by one next round;
				// a lost connection fails the commit there.
				s.log.Debug().Err(err).Stringer("region", b.region).Msg("atomic batch not committed; writes sent one by one")
			}
		}
		for _, f := range flight {
			w := &writes[f.i]
			seq, err := uint64(0), f.err
			if err == nil {
				seq, err = waitAck(ctx, f.paf)
			}
			switch {
			case err == nil:
				w.done = true
				if w.fenced && !w.stale {
					s.leases.acked(w.region, seq)
				}
				if w.cas {
					s.setRecRev(w.key, seq)
				}
			case w.cas && isWrongLastSeq(err):
				// Another shard changed the world record first: refused,
				// and the plugin reads it again (at the revision found).
				s.setRecRev(w.key, wrongLastSeq(err))
				refuse(w)
			case w.cas && isBusySubject(err):
				// Another write of the key is being replicated: sent
				// again next round, a few times (casBusyTries).
				if w.busy++; w.busy >= casBusyTries {
					s.log.Warn().Str("record", w.rec.String()).Int("tries", w.busy).
						Msg("world record write still answered busy (another write of it in flight); refused, not stored")
					refuse(w)
				} else {
					casBusy = max(casBusy, w.busy)
				}
			case w.retry && isWrongLastSeq(err):
				// Refused now; the attempt of unknown fate may have landed
				// (a replicated stream answers that first, a duplicate,
				// but a single server checks the fence first): it did if
				// the key's last message is it.
				landed, lerr := s.landedAsSent(ctx, w)
				own := false
				switch {
				case lerr != nil:
					if failure == nil {
						failure = fmt.Errorf("commit: write %s: %w (and its fate: %w)", w.subj, err, lerr)
					}
				case landed:
					w.done = true
				case !w.stale && s.ownFence(ctx, w.region, revs, wrongLastSeq(err)):
					own = true // sent again next round
				case w.stale || !unresolved[w.region]:
					refuse(w)
				case failure == nil:
					failure = fmt.Errorf("commit: write %s: %w", w.subj, err)
				}
				if !w.stale && !unresolved[w.region] && !own {
					fencedRegions[w.region] = true
				}
			case w.fenced && isWrongLastSeq(err) && !unresolved[w.region]:
				if !s.ownFence(ctx, w.region, revs, wrongLastSeq(err)) {
					fencedRegions[w.region] = true
				}
			case w.fenced && isBusySubject(err):
				// sent again next round
			default:
				if failure == nil {
					failure = fmt.Errorf("commit: write %s: %w", w.subj, err)
				}
			}
		}
		s.roundTrip(start)
		for i := range writes {
			if w := &writes[i]; !w.done && w.fenced && fencedRegions[w.region] {
				refuse(w)
			}
		}
		if failure != nil {
			break
		}
		if round >= maxCommitRounds {
			failure = errors.New("commit: writes still refused as busy after many rounds")
			break
		}
	}

	lostFn, lost := s.leases.refused(fencedRegions, revs)
	s.noteUncertain(writes, failure != nil)
	if failure != nil {
		return lostFn, lost, failure
	}
	if len(fe.Sections) > 0 || len(fe.Columns) > 0 || len(fe.Records) > 0 {
		fe.Reason = fmt.Sprintf("shard %s does not hold the lease of their regions", s.o.Shard)
		return lostFn, lost, fe
	}
	return lostFn, lost, nil
}

// ownFence reports whether region's lease, which a fenced write found at
// sequence at rather than at revs[region], is still this shard's
// (Leases.adoptOwn); revs[region] then becomes at, for the write to go
// again. Another write of the region refused the same way in the same
// round finds it adopted already.
func (s *Store) ownFence(ctx context.Context, region Region, revs map[Region]uint64, at uint64) bool {
	if at != 0 && at == revs[region] {
		return true
	}
	if !s.leases.adoptOwn(ctx, region, revs[region], at) {
		return false
	}
	revs[region] = at
	return true
}

// landedAsSent reports whether the last message of w's key is w as a
// commit of unknown fate sent it (its Nats-Msg-Id), read from the
// stream's leader.
func (s *Store) landedAsSent(ctx context.Context, w *write) (bool, error) {
	hdr, _, found, err := s.leaderLast(ctx, "KV_"+s.o.Bucket+"_world", w.subj)
	if err != nil || !found || len(hdr) == 0 {
		return false, err
	}
	h, err := nats.DecodeHeadersMsg(hdr)
	if err != nil {
		return false, fmt.Errorf("get %s: headers: %w", w.subj, err)
	}
	return h.Get(jetstream.MsgIDHeader) == w.msgID, nil
}

// noteUncertain keeps, after a failed commit, the fenced writes it sent
// (or that were still uncertain from the one before) and did not learn
// the fate of, for the retry; after any other it forgets them.
func (s *Store) noteUncertain(writes []write, failed bool) {
	if !failed {
		s.uncertain = nil
		return
	}
	next := map[string]uncertainWrite{}
	for i := range writes {
		w := &writes[i]
		switch {
		case w.msgID == "" || w.done:
		case w.published:
			next[w.subj] = uncertainWrite{data: w.data, msgID: w.msgID, fence: w.sent}
		case w.retry:
			next[w.subj] = s.uncertain[w.subj]
		}
	}
	s.uncertain = next
}

// LoadRegion returns every section stored in region r, as it is stored
// now: what a shard that just took the region over must start from, since
// the copies it holds may lag behind the feed (WatchSections) of the
// previous owner's last writes. r must be leased here.
//
// The watch is served by whichever replica hosts its consumer, and a
// follower may not yet have applied the last writes before the claim; so
// it watches the lease key too and ends only once it has delivered the
// lease at or after the claim that took it (its epoch): every write stored
// before the claim has then been delivered as well.
func (s *Store) LoadRegion(ctx context.Context, r Region) ([]SectionUpdate, error) {
	start := time.Now()
	defer s.roundTrip(start)
	l, held := s.leases.leaseOf(r)
	if !held {
		return nil, fmt.Errorf("load region %v: not leased here", r)
	}
	// Direct multi-gets, which any replica answers, not a watch: a watch
	// is a consumer, and creating one waits for the meta leader, whom a
	// NATS node's death can take away for seconds just when regions are
	// claimed again. A region with more sections stored than one answer
	// holds is read a row of columns at a time.
	pre := "sec." + coord(r.X) + "." + coord(r.Z) + "."
	secs := map[chunk.Pos]SectionUpdate{}
	err := s.loadSections(ctx, r, l.epoch, []string{pre + ">"}, secs)
	if errors.Is(err, errTooManyResults) {
		err = nil
		for x := r.X << storage.RegionShift; x < (r.X+1)<<storage.RegionShift && err == nil; x++ {
			err = s.loadSections(ctx, r, l.epoch, []string{pre + coord(x) + ".>"}, secs)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("load region %v: %w", r, err)
	}
	out := make([]SectionUpdate, 0, len(secs))
	for _, u := range secs {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b SectionUpdate) int {
		return cmp.Or(cmp.Compare(a.Pos.X, b.Pos.X), cmp.Compare(a.Pos.Z, b.Pos.Z), cmp.Compare(a.Pos.Y, b.Pos.Y))
	})
	return out, nil
}

// loadSections reads the sections under filters into secs, from a
// replica that has applied the claim at epoch, and checks that r's lease
// is still the one claimed then.
func (s *Store) loadSections(ctx context.Context, r Region, epoch uint64, filters []string, secs map[chunk.Pos]SectionUpdate) error {
	lsubj := s.worldPre + leaseKey(r)
	subjs := make([]string, 0, len(filters)+2)
	for _, f := range filters {
		subjs = append(subjs, s.worldPre+f)
	}
	subjs = append(subjs, lsubj, s.worldPre+"meta")
	req, _ := json.Marshal(struct {
		MultiLast []string `json:"multi_last"`
	}{subjs})
	wait := time.Millisecond
	for {
		got := map[chunk.Pos]SectionUpdate{}
		var lease kvLast
		var bad error
		upTo, err := s.multiGet(ctx, req, func(subj string, v kvLast) {
			key := strings.TrimPrefix(subj, s.worldPre)
			switch {
			case subj == lsubj:
				lease = v
			case strings.HasPrefix(key, "sec."):
				s.count("sec", true, 1)
				p, err := parseSectionKey(key)
				if err != nil {
					bad = err
					return
				}
				if !v.ok {
					return
				}
				sec, rev, err := storage.DecodeSection(v.val)
				if err != nil {
					s.log.Warn().Err(err).Str("key", key).Msg("load region: corrupt section skipped")
					return
				}
				got[p] = SectionUpdate{Pos: p, Section: sec, Revision: rev}
			}
		})
		switch {
		case err == nil && bad != nil:
			return bad
		case err == nil && upTo >= epoch:
			if !lease.ok || lease.rev < epoch || string(lease.val) != s.o.Shard {
				return errors.New("lease gone while loading")
			}
			maps.Copy(secs, got)
			return nil
		case err != nil && !errors.Is(err, errStaleReplica):
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (a replica behind the claim at %d)", ctx.Err(), epoch)
		case <-time.After(wait):
		}
		wait = min(2*wait, 50*time.Millisecond)
	}
}
