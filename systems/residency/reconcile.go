package residency

import (
	"cmp"
	"errors"
	"math/bits"
	"slices"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/buf"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// reconcileSystem brings the resident set towards the desired set in three
// phases that never block: drain, evict, dispatch. It works from the
// desired set's change log, so a tick costs in proportion to what changed,
// not to the size of the world.
type reconcileSystem struct {
	store   *resources.ChunkStore
	gen     *resources.Generation
	desired *resources.Desired
	backlog *resources.Backlog
	retry   uint64 // between retries of a deferred eviction
	changes *Changes
	log     zerolog.Logger
	// corrupt reports sections newly found corrupt, grouped.
	corrupt corruptReport
	// failed gathers the tick's other failures, for one log line.
	failed failedJobs

	// Reused between ticks. Work is sorted by column before it touches
	// the store and the desired set, whose lookups are cheap for the
	// column just looked up and costly otherwise.
	results []resources.Result
	order   []resultKey
	packed  []uint64 // sortOrder's keys, and its scratch
	spare   []uint64
	batch   []resources.Want
	jobs    []resources.Want
}

// resultKey sorts results without moving them (a Result is ~100 bytes):
// key orders as chunk.ComparePos does, in one comparison.
type resultKey struct {
	key uint64
	i   int32
}

// posKey packs p into a key that sorts like ComparePos: X, then Z, then
// Y. |X| and |Z| are below 2^27 (chunk.BorderSections), Y takes 5 bits.
func posKey(p chunk.Pos) uint64 {
	const off = 1 << 27
	return uint64(p.X+off)<<33 | uint64(p.Z+off)<<5 | uint64(p.Y-chunk.MinSectionY)
}

// packIndexBits is how many low bits of a packed sort key hold the
// result's index (sortOrder).
const packIndexBits = 21

// sortOrder sorts r.order by key. The results of a tick lie around the
// players, so their positions relative to the smallest take few bits:
// packed above the index into one integer each, they are sorted by those
// bits alone, a byte at a time (a radix sort), several times faster than
// by comparisons. Results spread wider than 2^19 sections are sorted by
// key.
func (r *reconcileSystem) sortOrder() {
	if len(r.order) < 2 {
		return
	}
	minX, maxX, minZ, maxZ := r.results[0].Pos.X, r.results[0].Pos.X, r.results[0].Pos.Z, r.results[0].Pos.Z
	for i := range r.results {
		p := r.results[i].Pos
		minX, maxX, minZ, maxZ = min(minX, p.X), max(maxX, p.X), min(minZ, p.Z), max(maxZ, p.Z)
	}
	if int64(maxX)-int64(minX) >= 1<<19 || int64(maxZ)-int64(minZ) >= 1<<19 || len(r.results) >= 1<<packIndexBits {
		slices.SortFunc(r.order, func(a, b resultKey) int { return cmp.Compare(a.key, b.key) })
		return
	}
	zBits := uint(bits.Len32(uint32(maxZ - minZ)))
	keyBits := uint(bits.Len32(uint32(maxX-minX))) + zBits + 5 // Y: 24 sections
	r.packed, r.spare = r.packed[:0], slices.Grow(r.spare[:0], len(r.results))[:len(r.results)]
	for i := range r.results {
		p := r.results[i].Pos
		k := uint64(p.X-minX)<<(zBits+5) | uint64(p.Z-minZ)<<5 | uint64(p.Y-chunk.MinSectionY)
		r.packed = append(r.packed, k<<packIndexBits|uint64(i))
	}
	a, tmp := r.packed, r.spare
	for shift := uint(packIndexBits); shift < packIndexBits+keyBits; shift += 8 {
		var count [256]int
		for _, v := range a {
			count[(v>>shift)&255]++
		}
		sum := 0
		for d, n := range count {
			count[d], sum = sum, sum+n
		}
		for _, v := range a {
			d := (v >> shift) & 255
			tmp[count[d]] = v
			count[d]++
		}
		a, tmp = tmp, a
	}
	for j, k := range a {
		i := int32(k & (1<<packIndexBits - 1))
		r.order[j] = resultKey{posKey(r.results[i].Pos), i}
	}
}

// scratchFloor is the room, in entries, reconcile's lists keep whatever
// the tick before used (buf.Reset): the tick a crowd joins fills them with
// millions of positions once, which they would otherwise hold for ever.
const scratchFloor = 4096

func (r *reconcileSystem) run(ctx *ecs.Context) {
	c := r.changes
	c.Inserted, c.Evicted = buf.Reset(c.Inserted, scratchFloor), buf.Reset(c.Evicted, scratchFloor)
	c.Requested = buf.Reset(c.Requested, scratchFloor)
	r.batch, r.jobs = buf.Reset(r.batch, scratchFloor), buf.Reset(r.jobs, scratchFloor)
	r.drain(ctx.Tick)
	r.evict(ctx.Tick)
	r.dispatch(ctx.Tick)
	r.corrupt.flushIfSettled(ctx.Tick, r.gen.InFlight() == 0)
}

// drain takes every finished job and makes it resident only if a view
// still wants it. The check closes the eviction race: a section whose view
// moved away while it was generating is dropped here, never resurrected
// after evict has run.
func (r *reconcileSystem) drain(tick uint64) {
	r.results = r.gen.TakeResults(r.results[:0])
	// Workers finish in any order. (Inline jobs come back in the order
	// dispatch submitted them, which is already column by column.)
	r.order = r.order[:0]
	for i := range r.results {
		r.order = append(r.order, resultKey{posKey(r.results[i].Pos), int32(i)})
	}
	if !r.gen.Deterministic() {
		r.sortOrder()
	}
	st := &r.backlog.Stats
	for _, k := range r.order {
		res := &r.results[k.i]
		if res.Err != nil {
			r.fail(res, tick)
			continue
		}
		if f, ok := r.backlog.Succeeded(res.Pos); ok && f.Corrupt {
			r.log.Info().Stringer("pos", res.Pos).Int("attempts", f.Attempts).Msg("section record readable again")
		}
		if !r.desired.Contains(res.Pos) || r.store.Has(res.Pos) {
			st.Dropped++
			continue
		}
		if err := r.store.InsertDerived(res.Pos, res.Section, res.Revision, res.Derived); err != nil {
			// Only a position outside the world gets here, and views are
			// clipped to it: a bug, but not worth stopping the tick for.
			r.log.Error().Err(err).Msg("insert finished section")
			continue
		}
		st.Inserted++
		r.changes.Inserted = append(r.changes.Inserted, res.Pos)
	}
	clear(r.results) // drop references to section cells
	if cap(r.results) > 4*max(len(r.results), resources.KeepResults) {
		r.results, r.order, r.packed, r.spare = nil, nil, nil, nil // grown by a burst
	}
	r.failed.report(r.log)
}

// fail schedules the retry of a failed job, with the back-off. A corrupt
// stored record is never replaced by a generated section (that would
// overwrite the player's edits for good at the next save): the section
// stays missing, is reported once, and is retried like any failure in
// case the error was a passing one.
func (r *reconcileSystem) fail(res *resources.Result, tick uint64) {
	r.backlog.Stats.Failed++
	corrupt := errors.Is(res.Err, storage.ErrCorrupt)
	f, fresh := r.backlog.Fail(res.Pos, res.Priority, tick, corrupt, r.desired.Contains(res.Pos))
	switch {
	case fresh:
		r.corrupt.add(res.Pos, res.Err, tick)
	case f.Corrupt:
		// Reported when first found; the retries are the back-off's.
		r.log.Debug().Err(res.Err).Stringer("pos", res.Pos).Int("attempt", f.Attempts).Msg("corrupt section still unreadable")
	default:
		r.failed.add(res.Pos, res.Err, f, tick)
	}
}

// failedJobs gathers a tick's failed jobs other than corrupt records
// (Source errors, generator panics), so that a failing disk makes one
// line a tick, not one per section; the back-off spaces the ticks out.
type failedJobs struct {
	n     int
	first chunk.Pos
	err   error
	f     resources.Failure
	tick  uint64
}

func (j *failedJobs) add(p chunk.Pos, err error, f resources.Failure, tick uint64) {
	if j.n == 0 {
		j.first, j.err, j.f, j.tick = p, err, f, tick
	}
	j.n++
}

// report logs the gathered failures, if any, and forgets them.
func (j *failedJobs) report(log zerolog.Logger) {
	if j.n == 0 {
		return
	}
	ev := log.Error().Err(j.err).Int("failed", j.n).Stringer("pos", j.first).Int("attempt", j.f.Attempts)
	if j.f.Due > 0 {
		ev = ev.Uint64("retry_in_ticks", j.f.Due-j.tick)
	}
	ev.Msg("section jobs failed; retrying with back-off")
	*j = failedJobs{}
}

// evict drops resident sections that stopped being wanted, handing dirty
// ones to the store's Saver first; a section that cannot be saved stays
// resident and is tried again later.
func (r *reconcileSystem) evict(tick uint64) {
	_, unwanted := r.desired.Changes()
	for _, p := range unwanted {
		if !r.desired.Contains(p) {
			r.evictOne(p, tick, 0)
		}
	}
	r.backlog.TakeDueHeld(tick, func(p chunk.Pos, attempts int) {
		if !r.desired.Contains(p) {
			r.evictOne(p, tick, attempts)
		}
	})
}

func (r *reconcileSystem) evictOne(p chunk.Pos, tick uint64, attempts int) {
	ok, err := r.store.Evict(p)
	if ok {
		r.backlog.Stats.Evicted++
		r.changes.Evicted = append(r.changes.Evicted, p)
		return
	}
	if err == nil {
		return // not resident: it was pending or in flight
	}
	r.backlog.Stats.EvictHeld++
	r.backlog.Hold(p, tick+r.retry, attempts+1)
	if attempts == 0 {
		ev := r.log.Warn()
		if errors.Is(err, resources.ErrNoSaver) {
			ev = r.log.Debug()
		}
		ev.Err(err).Stringer("pos", p).Msg("edited section kept resident until it can be saved")
	}
}

// dispatch queues the newly wanted sections on the backlog and submits the
// most urgent ones that are neither resident nor in flight, as many as the
// generation queue has room for.
func (r *reconcileSystem) dispatch(tick uint64) {
	wanted, _ := r.desired.Changes()
	r.backlog.SetTick(tick)
	r.backlog.PushDueRetries(tick)
	if r.backlog.Len() == 0 && len(wanted) <= r.gen.Room() {
		// Everything fits in the pool now, so order does not matter here
		// (the pool itself runs the nearest first): submit in the change
		// log's order, which is column by column, without the backlog.
		r.submit(wanted)
		r.desired.ClearChanges()
		return
	}
	for _, w := range wanted {
		r.backlog.Push(w.Pos, w.Priority)
	}
	r.desired.ClearChanges()

	for room := r.gen.Room(); room > 0 && r.backlog.Len() > 0; room = r.gen.Room() {
		// Take the room's worth of most urgent entries, then check and
		// submit them column by column; the pool orders jobs by priority
		// itself.
		r.batch = r.batch[:0]
		// Those waiting longest first, for up to half the room: while
		// nearer sections come faster than the pool takes them, the
		// others would otherwise wait for as long as that lasts.
		for len(r.batch) < (room+1)/2 {
			w, ok := r.backlog.PopAged(agedAfter)
			if !ok {
				break
			}
			r.batch = append(r.batch, w)
		}
		for len(r.batch) < room {
			w, ok := r.backlog.Pop()
			if !ok {
				break
			}
			r.batch = append(r.batch, w)
		}
		slices.SortFunc(r.batch, func(a, b resources.Want) int { return chunk.ComparePos(a.Pos, b.Pos) })
		r.submit(r.batch)
	}
	// Stale entries (wanted once, then left, resident or in flight) are
	// normally skipped as they come up; compact when they dominate so that
	// a view that roams while generation lags cannot grow the backlog
	// without bound.
	if n := r.backlog.Len(); n > 4096 && n > 2*r.desired.Len() {
		r.backlog.Compact(r.needed)
	}
}

// agedAfter is how many ticks a wanted section waits in the backlog before
// it is taken ahead of nearer ones (Backlog.PopAged): half a second.
const agedAfter = 10

// submit hands the generation pool every one of ws that is needed, in one
// batch.
func (r *reconcileSystem) submit(ws []resources.Want) {
	st := &r.backlog.Stats
	r.jobs = r.jobs[:0]
	for _, w := range ws {
		if r.needed(w.Pos) {
			r.jobs = append(r.jobs, w)
		} else {
			st.BacklogSkips++
		}
	}
	st.Dispatched += uint64(r.gen.SubmitAll(r.jobs))
	for _, w := range r.jobs {
		r.changes.Requested = append(r.changes.Requested, w.Pos)
	}
}

// needed reports whether p should be dispatched: wanted, not resident, not
// in flight.
func (r *reconcileSystem) needed(p chunk.Pos) bool {
	return r.desired.Contains(p) && !r.store.Has(p) && !r.gen.IsInFlight(p)
}
