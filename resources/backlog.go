package resources

import (
	"math"

	"github.com/stratavox/strata/internal/buf"
	"github.com/stratavox/strata/resources/chunk"
)

// Backlog is reconcile's bookkeeping between ticks: the desired sections
// waiting for room in the generation queue, nearest first; jobs that failed
// and wait to be retried, with what is known of their failures; and
// evictions that could not save their section yet. Only the tick goroutine
// may use it.
//
// The waiting queue is a bucket queue on Priority (squared distances are
// small integers), first in first out within a bucket, so its order is
// deterministic. Entries are checked lazily when popped: a section that
// stopped being wanted, became resident or went in flight is skipped then,
// not searched for and removed when that happens.
type Backlog struct {
	buckets [][]chunk.Pos
	heads   []int
	min     int // no entries below this bucket
	n       int

	// aged lists the entries in push order, with the tick of their push
	// (SetTick), for PopAged; an entry popped one way is still listed the
	// other, and skipped when it comes up there.
	aged     []agedWant
	agedHead int
	now      uint64

	retries []delayed
	held    []delayed

	// failures remembers the sections whose last job failed, for the
	// back-off and so that a corrupt record is reported once.
	failures map[chunk.Pos]Failure
	corrupt  int // entries of failures with Corrupt set

	// Backoff spaces the retries of a failing section; NewBacklog sets
	// DefaultBackoff.
	Backoff Backoff

	// Counters, for metrics and tests.
	Stats ReconcileStats
}

// Backoff spaces the retries of a section whose jobs keep failing: the
// first retry waits Base ticks, each further one twice as long as the one
// before, up to Max. A failure that lasts (a corrupt record, a disk that
// keeps erroring) thus costs a load per Max ticks, not one a second.
type Backoff struct {
	Base, Max uint64
}

// DefaultBackoff is 1 s, 2 s, 4 s … up to a minute at 20 ticks per second.
var DefaultBackoff = Backoff{Base: 20, Max: 1200}

// Delay returns how many ticks retry number attempt (1 after the first
// failure) waits: Base·2^(attempt−1), at most Max (and at least one tick).
func (b Backoff) Delay(attempt int) uint64 {
	d, limit := max(b.Base, 1), max(b.Max, b.Base, 1)
	for i := 1; i < attempt && d < limit && d <= math.MaxUint64/2; i++ {
		d *= 2
	}
	return min(d, limit)
}

// Failure is what the backlog knows of a section whose last job failed.
type Failure struct {
	// Attempts counts the consecutive failed jobs.
	Attempts int
	// Corrupt is set once a failure was a corrupt stored record, until a
	// job for the section succeeds: a permanent failure, which no retry is
	// expected to cure (retries go on, spaced by the back-off, in case it
	// was a passing read error).
	Corrupt bool
	// Due is the tick of the next retry; 0 when none is scheduled (the
	// section was no longer wanted when it failed).
	Due uint64
}

// ReconcileStats counts what reconcile did since start.
type ReconcileStats struct {
	Dispatched   uint64 // jobs submitted
	Inserted     uint64 // results made resident
	Dropped      uint64 // results discarded because no view wanted them any more
	Failed       uint64 // results that carried an error (retried later)
	Recovered    uint64 // sections loaded after being known corrupt
	Evicted      uint64 // sections evicted
	EvictHeld    uint64 // evictions deferred because a dirty section could not be saved
	BacklogSkips uint64 // stale backlog entries skipped
}

// agedWant is a waiting entry and the tick it was pushed.
type agedWant struct {
	pos  chunk.Pos
	prio uint32
	at   uint64
}

// delayed is a position that waits until tick Due.
type delayed struct {
	Pos      chunk.Pos
	Priority uint32
	Due      uint64
	Attempts int
}

// NewBacklog returns an empty backlog with DefaultBackoff.
func NewBacklog() *Backlog { return &Backlog{Backoff: DefaultBackoff} }

// Len returns the number of waiting entries, stale ones included.
func (b *Backlog) Len() int { return b.n }

// maxBucket bounds the bucket array: priorities beyond it (a squared
// distance of 65,536, past any view radius a client may ask for) share
// the last bucket, first in first out.
const maxBucket = 1 << 16

// bucketFloor is the room, in entries, an emptied bucket keeps.
const bucketFloor = 1024

// Push adds pos with priority; the same position may be pushed again
// (with a better priority): the duplicate is skipped when popped.
func (b *Backlog) Push(pos chunk.Pos, priority uint32) {
	i := int(min(priority, maxBucket))
	if i >= len(b.buckets) {
		n := max(i+1, 2*len(b.buckets), 64)
		b.buckets = append(b.buckets, make([][]chunk.Pos, n-len(b.buckets))...)
		b.heads = append(b.heads, make([]int, n-len(b.heads))...)
	}
	b.buckets[i] = append(b.buckets[i], pos)
	if b.n == 0 || i < b.min {
		b.min = i
	}
	b.n++
	b.aged = append(b.aged, agedWant{pos, priority, b.now})
}

// SetTick sets the tick the entries pushed from now on are stamped with.
func (b *Backlog) SetTick(now uint64) { b.now = now }

// PopAged removes and returns the entry pushed first, if it was pushed
// at least age ticks ago. Taken before the nearest ones, such entries
// bound how long a distant section waits while nearer ones keep coming
// faster than the pool can take them (a flier's view, whose leading edge
// is always new). The entry is still in its bucket, and skipped there
// when popped.
func (b *Backlog) PopAged(age uint64) (Want, bool) {
	if b.agedHead == len(b.aged) || b.now-b.aged[b.agedHead].at < age {
		return Want{}, false
	}
	a := b.aged[b.agedHead]
	b.agedHead++
	if b.agedHead > bucketFloor && 2*b.agedHead > len(b.aged) {
		b.aged = buf.Trim(b.aged[:copy(b.aged, b.aged[b.agedHead:])], bucketFloor)
		b.agedHead = 0
	}
	return Want{Pos: a.pos, Priority: a.prio}, true
}

// Pop removes and returns the most urgent waiting entry.
func (b *Backlog) Pop() (Want, bool) {
	if b.n == 0 {
		return Want{}, false
	}
	for b.heads[b.min] == len(b.buckets[b.min]) {
		b.min++
	}
	i := b.min
	p := b.buckets[i][b.heads[i]]
	b.heads[i]++
	if b.heads[i] == len(b.buckets[i]) {
		// Reuse the bucket's array from the start, unless it is large:
		// a burst of joins fills buckets once.
		b.buckets[i] = buf.Trim(b.buckets[i][:0], bucketFloor)
		b.heads[i] = 0
	}
	b.n--
	if b.n == 0 {
		// Every entry has come up: the ones still listed by age too.
		b.aged, b.agedHead = buf.Trim(b.aged[:0], bucketFloor), 0
	}
	return Want{Pos: p, Priority: uint32(i)}, true
}

// Compact drops every waiting entry for which keep is false, preserving
// the order of the others. Reconcile calls it when stale entries pile up.
func (b *Backlog) Compact(keep func(chunk.Pos) bool) {
	b.n = 0
	for i := range b.buckets {
		q := b.buckets[i][b.heads[i]:]
		out := b.buckets[i][:0]
		for _, p := range q {
			if keep(p) {
				out = append(out, p)
			}
		}
		b.buckets[i], b.heads[i] = buf.Trim(out, bucketFloor), 0
		if len(out) > 0 && b.n == 0 {
			b.min = i
		}
		b.n += len(out)
	}
	aged := b.aged[:0]
	for _, a := range b.aged[b.agedHead:] {
		if keep(a.pos) {
			aged = append(aged, a)
		}
	}
	b.aged, b.agedHead = buf.Trim(aged, bucketFloor), 0
}

// Reset drops every waiting entry, retry, held eviction and remembered
// failure.
func (b *Backlog) Reset() {
	for i := range b.buckets {
		b.buckets[i], b.heads[i] = b.buckets[i][:0], 0
	}
	b.n, b.min = 0, 0
	b.aged, b.agedHead = b.aged[:0], 0
	b.retries, b.held = b.retries[:0], b.held[:0]
	clear(b.failures)
	b.corrupt = 0
}

// Fail records that a job for pos failed at tick now — corrupt when its
// stored record is corrupt — and, if retry is set (a view still wants
// pos), schedules it to be pushed again after the back-off for its
// attempts so far. It returns the failure as recorded and whether pos has
// just become known corrupt, so that the caller reports each corrupt
// section once.
//
// A failure that is neither corrupt nor retried is forgotten: a section
// wanted again later starts afresh. A corrupt one is remembered (and
// counted by Corrupt) until a job for pos succeeds.
func (b *Backlog) Fail(pos chunk.Pos, priority uint32, now uint64, corrupt, retry bool) (f Failure, newlyCorrupt bool) {
	if b.failures == nil {
		b.failures = map[chunk.Pos]Failure{}
	}
	f = b.failures[pos]
	newlyCorrupt = corrupt && !f.Corrupt
	if newlyCorrupt {
		b.corrupt++
	}
	f.Attempts++
	// Sticky: a passing error on a retry says nothing of the record.
	f.Corrupt = f.Corrupt || corrupt
	f.Due = 0
	if retry {
		f.Due = now + b.Backoff.Delay(f.Attempts)
		b.Retry(pos, priority, f.Due)
	}
	if !f.Corrupt && !retry {
		delete(b.failures, pos)
		return f, false
	}
	b.failures[pos] = f
	return f, newlyCorrupt
}

// Succeeded forgets pos's failures: a job for it has just succeeded. It
// returns what was forgotten, if anything.
func (b *Backlog) Succeeded(pos chunk.Pos) (Failure, bool) {
	if len(b.failures) == 0 {
		return Failure{}, false
	}
	f, ok := b.failures[pos]
	if !ok {
		return Failure{}, false
	}
	delete(b.failures, pos)
	if f.Corrupt {
		b.corrupt--
		b.Stats.Recovered++
	}
	return f, true
}

// FailureOf returns what is known of pos's failing jobs; false when its
// last job did not fail (or the failure was forgotten).
func (b *Backlog) FailureOf(pos chunk.Pos) (Failure, bool) {
	f, ok := b.failures[pos]
	return f, ok
}

// IsCorrupt reports whether pos's stored record is known corrupt: its last
// job failed permanently.
func (b *Backlog) IsCorrupt(pos chunk.Pos) bool {
	return b.failures[pos].Corrupt
}

// Corrupt returns how many sections are known corrupt (the
// strata_storage_corrupt_sections gauge).
func (b *Backlog) Corrupt() int { return b.corrupt }

// Retry schedules pos to be pushed again at tick due (Fail calls it after
// a failed job, with the back-off).
func (b *Backlog) Retry(pos chunk.Pos, priority uint32, due uint64) {
	b.retries = append(b.retries, delayed{Pos: pos, Priority: priority, Due: due})
}

// Retries returns the number of failed jobs waiting to be retried.
func (b *Backlog) Retries() int { return len(b.retries) }

// PushDueRetries pushes the retries due by tick now back onto the queue.
func (b *Backlog) PushDueRetries(now uint64) {
	kept := b.retries[:0]
	for _, r := range b.retries {
		if r.Due <= now {
			b.Push(r.Pos, r.Priority)
		} else {
			kept = append(kept, r)
		}
	}
	b.retries = kept
}

// Hold records an eviction of pos that failed (attempts so far), to be
// tried again at tick due.
func (b *Backlog) Hold(pos chunk.Pos, due uint64, attempts int) {
	b.held = append(b.held, delayed{Pos: pos, Due: due, Attempts: attempts})
}

// Held returns the number of evictions waiting for their section to be
// saved.
func (b *Backlog) Held() int { return len(b.held) }

// TakeDueHeld removes the held evictions due by tick now and calls fn for
// each (fn may Hold them again).
func (b *Backlog) TakeDueHeld(now uint64, fn func(pos chunk.Pos, attempts int)) {
	var due []delayed
	kept := b.held[:0]
	for _, h := range b.held {
		if h.Due <= now {
			due = append(due, h)
		} else {
			kept = append(kept, h)
		}
	}
	b.held = kept
	for _, h := range due {
		fn(h.Pos, h.Attempts)
	}
}
