package storage

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// SectionWrite is one section to store: a private copy of its content and
// the revision it had when handed over.
type SectionWrite struct {
	Pos      chunk.Pos
	Revision uint64
	Section  chunk.Section
	// Epoch is the Fencer's epoch when the write was handed over (0: no
	// Fencer); it is not stored.
	Epoch uint64
}

// Write is what the persist stage hands over in one tick.
type Write struct {
	// Token identifies the write to its submitter (the tick number, say);
	// it comes back in the Result.
	Token    uint64
	Sections []SectionWrite
	Players  []PlayerRecord
	// Entities replaces the stored entity record of each column listed
	// (a later one of the same column wins); an Empty column clears it.
	// A column that fails Validate is logged and left out.
	Entities []EntityColumn
	// Records are plugin records to store (a later one of the same key
	// wins); LoadRecord sees them at once.
	Records []RecordWrite
}

// Result reports a Write as durable, or failed.
type Result struct {
	Token    uint64
	Err      error
	Sections int
	// Submitted is when the write was handed over; Durable when its batch
	// was synced.
	Submitted, Durable time.Time
	// Batched is how many Writes shared the batch (and its one fsync).
	Batched int
	// Refused lists the write's sections the backend fenced off: a
	// cluster shard whose lease on their region lapsed. They are not
	// durable and never will be from this write; everything else is.
	Refused []chunk.Pos
	// RefusedRecords lists the write's plugin records the backend
	// refused (a column's under a lost lease; a world record changed
	// elsewhere first, on a cluster).
	RefusedRecords []RecordKey
}

// refusedRecordsIn returns the keys of recs that refused lists.
func refusedRecordsIn(recs []RecordWrite, refused *FencedError) []RecordKey {
	if refused == nil {
		return nil
	}
	var out []RecordKey
	for _, rw := range recs {
		for _, k := range refused.Records {
			if k == rw.Key {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// refusedIn returns the positions of secs that refused lists.
func refusedIn(secs []SectionWrite, refused []chunk.Pos) []chunk.Pos {
	var out []chunk.Pos
	for _, sw := range secs {
		for _, p := range refused {
			if p == sw.Pos {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// WriterStats are the writer's counters, safe to read from any goroutine.
type WriterStats struct {
	Batches  uint64 // durable batches (one fsync each)
	Writes   uint64
	Sections uint64
	// EntityColumns counts entity records written (cleared ones too);
	// EntitiesRefused the columns Submit left out as invalid.
	EntityColumns   uint64
	EntitiesRefused uint64
	// Records counts plugin records written (deletions too).
	Records     uint64
	Bytes       uint64 // encoded bytes handed to Pebble
	Failures    uint64 // failed commit attempts (each retried)
	Fenced      uint64 // sections and entity columns the backend refused as fenced
	LastSync    time.Duration
	MaxSync     time.Duration
	SyncTotal   time.Duration // summed over durable batches
	QueuedNow   int
	QueuedLimit int
}

type pending struct {
	w    Write
	when time.Time
	seq  uint64 // order of submission, for the player and entity overlays
}

// Writer is the storage goroutine: it takes Writes without blocking the
// tick and commits everything queued in one synced batch — group commit,
// at most one fsync per batch, so at most one per tick.
//
// A failed commit is logged and retried with back-off, never dropped: its
// Result is reported only once the batch is durable (or, at Stop, once the
// retries are exhausted). Until a section's write is durable the Writer
// keeps the submitted copy in an overlay that Load reads first, so a
// section evicted from memory and wanted again before its write lands is
// loaded as written, not regenerated or read stale. Player records have
// an overlay of their own, read by LoadPlayer, so a player who leaves and
// joins again before the record of their leaving is durable comes back
// where they left, not where the database last had them. Entity records
// have one too, read by LoadEntities: a column whose entities were saved
// on its way out and that comes back at once finds them as saved.
type Writer struct {
	db    Backend
	log   zerolog.Logger
	in    chan pending
	ready chan struct{} // signalled when results grow
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once

	mu      sync.Mutex
	results []Result // unbounded, so the writer never waits on the tick
	overlay map[chunk.Pos]SectionWrite
	players map[string]playerWrite // by name: the last record submitted, until durable
	// entities holds, by column, the last record submitted, until durable.
	entities map[entityCol]entityWrite
	seq      uint64 // Writes submitted
	stats    WriterStats
	// failNext, for tests, makes the next n commits fail.
	failNext int

	// OnDurable, if set before Start, is called on the storage goroutine
	// with each durable write's token and the sections of it the backend
	// refused (fenced) and the plugin records it refused, after its
	// Result is available.
	OnDurable func(token uint64, refused []chunk.Pos, refusedRecords []RecordKey)

	// records holds, by key, the last plugin record submitted, until
	// durable.
	records map[string]recordWrite
}

// recordWrite is a plugin record submitted and not yet durable.
type recordWrite struct {
	rw  RecordWrite
	seq uint64
}

// NewWriter returns a writer committing to db (Pebble, or a cluster's
// store) holding up to queue Writes in flight. Start it before submitting.
func NewWriter(db Backend, queue int, log zerolog.Logger) *Writer {
	if queue < 1 {
		queue = 64
	}
	return &Writer{
		db:       db,
		log:      log,
		overlay:  map[chunk.Pos]SectionWrite{},
		players:  map[string]playerWrite{},
		entities: map[entityCol]entityWrite{},
		records:  map[string]recordWrite{},
		in:       make(chan pending, queue),
		ready:    make(chan struct{}, 1),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
		stats:    WriterStats{QueuedLimit: queue},
	}
}

// Start starts the storage goroutine.
func (w *Writer) Start() { go w.loop() }

// Submit hands a Write over without blocking; the Writer owns its
// sections from then on. It returns false when the queue is full; the
// caller keeps the data and tries again next tick.
func (w *Writer) Submit(wr Write) bool {
	// Holding mu across the send keeps the overlay and the queue in step.
	wr.Entities = w.validEntities(wr.Entities)
	w.mu.Lock()
	defer w.mu.Unlock()
	seq := w.seq + 1
	select {
	case w.in <- pending{w: wr, when: time.Now(), seq: seq}:
	default:
		return false
	}
	w.seq = seq
	for _, sw := range wr.Sections {
		if old, ok := w.overlay[sw.Pos]; !ok || old.Revision <= sw.Revision {
			w.overlay[sw.Pos] = sw
		}
	}
	// Later records win, as they do in the batch.
	for _, pr := range wr.Players {
		w.players[pr.Name] = playerWrite{rec: pr, seq: seq}
	}
	for _, c := range wr.Entities {
		w.entities[entityCol{c.X, c.Z}] = entityWrite{col: c, seq: seq}
	}
	for _, rw := range wr.Records {
		w.records[string(rw.Key.Bytes())] = recordWrite{rw: rw, seq: seq}
	}
	return true
}

// LoadRecord returns a plugin record's value (EncodeRecord's): the one
// last submitted if it is not durable yet (ok false if it deletes the
// record), else the stored one. It is safe for concurrent use.
func (w *Writer) LoadRecord(k RecordKey) ([]byte, bool, error) {
	w.mu.Lock()
	rw, ok := w.records[string(k.Bytes())]
	w.mu.Unlock()
	if ok {
		return rw.rw.Value, rw.rw.Value != nil, nil
	}
	rb, ok := w.db.(RecordBackend)
	if !ok {
		return nil, false, nil
	}
	return rb.LoadRecord(k)
}

// ScanRecords calls fn with every record of kind in scope, stored or
// submitted and not yet durable, in no particular order. Damaged stored
// records are reported as the backend's ScanRecords reports them, after
// every other record was passed to fn.
func (w *Writer) ScanRecords(kind string, scope Scope, fn func(k RecordKey, v []byte) error) error {
	w.mu.Lock()
	pending := map[string]RecordWrite{}
	for key, rw := range w.records {
		if rw.rw.Key.Kind == kind && rw.rw.Key.Scope == scope {
			pending[key] = rw.rw
		}
	}
	w.mu.Unlock()
	var damaged error
	if rb, ok := w.db.(RecordBackend); ok {
		var fnErr error
		err := rb.ScanRecords(kind, scope, func(k RecordKey, v []byte) error {
			if _, over := pending[string(k.Bytes())]; over {
				return nil
			}
			fnErr = fn(k, v)
			return fnErr
		})
		if err != nil && (fnErr != nil || !errors.Is(err, ErrCorrupt)) {
			return err
		}
		damaged = err
	}
	for _, rw := range pending {
		if rw.Value != nil {
			if err := fn(rw.Key, rw.Value); err != nil {
				return err
			}
		}
	}
	return damaged
}

// entityCol is a column's position, the entity overlay's key.
type entityCol struct{ x, z int32 }

// entityWrite is an entity record submitted and not yet durable.
type entityWrite struct {
	col EntityColumn
	seq uint64
}

// validEntities returns the columns that can be stored, leaving out the
// others: one bad column must not fail, and so retry forever, the batch
// that holds every other edit of its tick. The column's stored record
// stays as it was. cols itself is not changed (a refused Submit leaves
// the caller's data as it was), so the result is a new slice when one is
// left out.
func (w *Writer) validEntities(cols []EntityColumn) []EntityColumn {
	var out []EntityColumn
	for i := range cols {
		err := cols[i].Validate()
		if err == nil {
			if out != nil {
				out = append(out, cols[i])
			}
			continue
		}
		if out == nil {
			out = append(make([]EntityColumn, 0, len(cols)-1), cols[:i]...)
		}
		w.log.Error().Err(err).Int32("x", cols[i].X).Int32("z", cols[i].Z).Msg("storage: entity record not written")
		w.mu.Lock()
		w.stats.EntitiesRefused++
		w.mu.Unlock()
	}
	if out == nil {
		return cols
	}
	return out
}

// LoadEntities returns the entity record of column (x, z): the one last
// submitted if it is not durable yet (ok false if it clears the column),
// else the stored one. The column returned is the caller's. It is safe
// for concurrent use.
func (w *Writer) LoadEntities(x, z int32) (EntityColumn, bool, error) {
	return LoadEntitiesOne(w.LoadEntitiesAll, x, z)
}

// LoadEntitiesAll is LoadEntities for each of cols (X and Z set), into
// cols[i], ok[i] and errs[i]: a RemoteEntities backend reads the columns
// not in the overlay in one batch. A cols[i].Epoch set (a Fencer's) skips
// a submitted record of another epoch, which the backend refuses, for the
// stored one.
func (w *Writer) LoadEntitiesAll(cols []EntityColumn, ok []bool, errs []error) {
	var rest []int
	w.mu.Lock()
	for i := range cols {
		x, z := cols[i].X, cols[i].Z
		ew, found := w.entities[entityCol{x, z}]
		switch {
		case !found, cols[i].Epoch != 0 && ew.col.Epoch != cols[i].Epoch:
			rest = append(rest, i)
		case ew.col.Empty():
			cols[i], ok[i], errs[i] = EntityColumn{X: x, Z: z}, false, nil
		default:
			// The overlay's copy is shared with the batch being written.
			cols[i], ok[i], errs[i] = ew.col.Clone(), true, nil
		}
	}
	w.mu.Unlock()
	if remote, batch := w.db.(RemoteEntities); batch {
		LoadEntitiesAt(remote.LoadEntitiesAll, cols, ok, errs, rest)
		return
	}
	for _, i := range rest {
		cols[i], ok[i], errs[i] = w.db.LoadEntities(cols[i].X, cols[i].Z)
	}
}

// LoadEntitiesOne runs load, a LoadEntitiesAll, for column (x, z) alone.
func LoadEntitiesOne(load func(cols []EntityColumn, ok []bool, errs []error), x, z int32) (EntityColumn, bool, error) {
	cols, ok, errs := []EntityColumn{{X: x, Z: z}}, []bool{false}, []error{nil}
	load(cols, ok, errs)
	return cols[0], ok[0], errs[0]
}

// LoadEntitiesAt runs load, a LoadEntitiesAll, over the columns of cols at
// the indexes at (distinct) alone: over cols itself when that is all of
// them, else over a copy of their positions and epochs.
func LoadEntitiesAt(load func(cols []EntityColumn, ok []bool, errs []error), cols []EntityColumn, ok []bool, errs []error, at []int) {
	switch len(at) {
	case 0:
		return
	case len(cols):
		load(cols, ok, errs)
		return
	}
	sub, subOK, subErrs := make([]EntityColumn, len(at)), make([]bool, len(at)), make([]error, len(at))
	for j, i := range at {
		sub[j] = EntityColumn{X: cols[i].X, Z: cols[i].Z, Epoch: cols[i].Epoch}
	}
	load(sub, subOK, subErrs)
	for j, i := range at {
		cols[i], ok[i], errs[i] = sub[j], subOK[j], subErrs[j]
	}
}

// playerWrite is a player record submitted and not yet durable.
type playerWrite struct {
	rec PlayerRecord
	seq uint64
}

// LoadPlayer returns a player's record: the one last submitted if it is
// not durable yet, else the stored one; ok is false for a new player. It
// is safe for concurrent use (the player-record loader's goroutine).
func (w *Writer) LoadPlayer(name string) (PlayerRecord, bool, error) {
	w.mu.Lock()
	pw, ok := w.players[name]
	w.mu.Unlock()
	if ok {
		return pw.rec, true, nil
	}
	// Dropped from the overlay only once durable: the database has it.
	return w.db.LoadPlayer(name)
}

// Load returns an edited section: the copy still waiting to be durable if
// there is one, else the stored one. It implements the generation pool's
// Source and is safe for concurrent use.
func (w *Writer) Load(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	w.mu.Lock()
	sw, ok := w.overlay[p]
	w.mu.Unlock()
	if ok {
		return sw.Section.Clone(), sw.Revision, true, nil
	}
	return w.db.LoadSection(p)
}

// EditFeed returns the backend as an EditFeed, if it is one (a shard's
// store): false for a backend only this process writes.
func (w *Writer) EditFeed() (EditFeed, bool) {
	f, ok := w.db.(EditFeed)
	return f, ok
}

// Drain appends every available Result to buf without blocking.
func (w *Writer) Drain(buf []Result) []Result {
	w.mu.Lock()
	buf = append(buf, w.results...)
	w.results = w.results[:0]
	w.mu.Unlock()
	return buf
}

// Wait blocks until at least one Result is available or the writer has
// stopped, then drains; for shutdown and tests — the tick uses Drain.
func (w *Writer) Wait(buf []Result) []Result {
	for {
		if out := w.Drain(buf); len(out) > len(buf) {
			return out
		}
		select {
		case <-w.ready:
		case <-w.done:
			return w.Drain(buf)
		}
	}
}

// Stats returns the writer's counters.
func (w *Writer) Stats() WriterStats {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.stats
	s.QueuedNow = len(w.in)
	return s
}

// Stop commits everything already submitted, then ends the goroutine.
// Results of the final batches stay available to Drain.
func (w *Writer) Stop() {
	w.once.Do(func() { close(w.stop) })
	<-w.done
}

func (w *Writer) loop() {
	defer close(w.done)
	var batch []pending
	for {
		select {
		case p := <-w.in:
			batch = w.commitQueued(append(batch[:0], p))
		case <-w.stop:
			for {
				select {
				case p := <-w.in:
					batch = w.commitQueued(append(batch[:0], p))
					continue
				default:
				}
				return
			}
		}
	}
}

// commitQueued commits batch with every Write already queued behind it,
// in as few batches as gather allows, in order.
func (w *Writer) commitQueued(batch []pending) []pending {
	for {
		next, split := w.gather(&batch)
		w.commit(batch)
		if !split {
			return batch
		}
		batch = append(batch[:0], next)
	}
}

// epochKey is a key a Write stores under a Fencer's epoch: a section, an
// entity column, or a plugin record.
type epochKey struct {
	kind byte // 's', 'e', 'r'
	pos  chunk.Pos
	rec  string
}

// gather adds every Write already queued to the batch, without waiting,
// up to the first one that writes a key already in the batch under
// another fence epoch: that one is returned (split true) to start the
// next batch. In one batch a later write of a key replaces an earlier one
// and is fenced on its own epoch, and a refusal names keys, not Writes:
// an earlier write of a lease since lost (which is refused) replaced by
// one under the lease taken back (which lands) would be reported stored,
// its edits acknowledged, though the later copy may not hold them (the
// region was refreshed from the store in between).
func (w *Writer) gather(batch *[]pending) (next pending, split bool) {
	var epochs map[epochKey]uint64
	note := func(p *pending, check bool) bool {
		ok := true
		visit := func(k epochKey, e uint64) {
			if !ok {
				return
			}
			if old, seen := epochs[k]; seen && old != e {
				if check {
					ok = false
				}
				return
			}
			if !check {
				epochs[k] = e
			}
		}
		for i := range p.w.Sections {
			visit(epochKey{kind: 's', pos: p.w.Sections[i].Pos}, p.w.Sections[i].Epoch)
		}
		for i := range p.w.Entities {
			c := &p.w.Entities[i]
			visit(epochKey{kind: 'e', pos: chunk.Pos{X: c.X, Z: c.Z}}, c.Epoch)
		}
		for i := range p.w.Records {
			visit(epochKey{kind: 'r', rec: string(p.w.Records[i].Key.Bytes())}, p.w.Records[i].Epoch)
		}
		return ok
	}
	for len(*batch) < cap(w.in) {
		select {
		case p := <-w.in:
			if epochs == nil {
				epochs = map[epochKey]uint64{}
				for i := range *batch {
					note(&(*batch)[i], false)
				}
			}
			if !note(&p, true) {
				return p, true
			}
			note(&p, false)
			*batch = append(*batch, p)
		default:
			return pending{}, false
		}
	}
	return pending{}, false
}

// Back-off bounds between retries of a failed commit, and how many
// retries Stop allows before giving up. The bound is short: a cluster's
// store fails fast while its stream elects a leader (seconds), and the
// first retry after the election is when the held edits are
// acknowledged (docs/cluster.md, failure modes: one of three NATS nodes
// dies).
const (
	minBackoff   = 10 * time.Millisecond
	maxBackoff   = time.Second
	stopAttempts = 5
)

// commit writes the batch, retrying with back-off until it is durable.
// The back-off paces attempts start to start: one that failed by timing
// out (a stream electing a leader answers nothing) has waited already,
// and the retry that lands right after the election goes at once.
func (w *Writer) commit(batch []pending) {
	backoff := minBackoff
	for attempt := 1; ; attempt++ {
		started := time.Now()
		refused, err := w.try(batch)
		if err == nil {
			w.finish(batch, refused, nil)
			return
		}
		wait := max(0, backoff-time.Since(started))
		w.log.Error().Err(err).Int("attempt", attempt).Dur("retry_in_ms", wait).Msg("storage commit failed; retrying")
		stopping := false
		select {
		case <-w.stop:
			stopping = true
		default:
		}
		if stopping && attempt >= stopAttempts {
			w.finish(batch, nil, fmt.Errorf("giving up at shutdown after %d attempts: %w", attempt, err))
			return
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-w.stop:
			t.Stop()
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// try commits the batch through the backend: one synced batch on Pebble.
// A fenced part (a cluster shard that lost its region) is not an error
// to retry: it comes back in refused, and the rest is durable.
func (w *Writer) try(batch []pending) (refused *FencedError, err error) {
	var b Batch
	for _, p := range batch {
		b.Sections = append(b.Sections, p.w.Sections...)
		b.Players = append(b.Players, p.w.Players...)
		b.Entities = append(b.Entities, p.w.Entities...)
		b.Records = append(b.Records, p.w.Records...)
	}
	if _, ok := w.db.(RecordBackend); !ok && len(b.Records) > 0 {
		w.log.Error().Int("records", len(b.Records)).Msg("storage: the backend keeps no plugin records; they are not written")
		b.Records = nil
	}
	start := time.Now()
	w.mu.Lock()
	fail := w.failNext > 0
	if fail {
		w.failNext--
	}
	w.mu.Unlock()
	if fail {
		err = fmt.Errorf("injected failure")
	} else {
		err = w.db.Commit(&b)
	}
	if f, ok := AsFenced(err); ok {
		refused, err = f, nil
	}
	took := time.Since(start)
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.stats.Failures++
		return nil, fmt.Errorf("commit %d sections: %w", len(b.Sections), err)
	}
	w.stats.Batches++
	w.stats.Writes += uint64(len(batch))
	w.stats.Sections += uint64(len(b.Sections))
	w.stats.EntityColumns += uint64(len(b.Entities))
	w.stats.Records += uint64(len(b.Records))
	w.stats.Bytes += uint64(b.Bytes)
	if refused != nil {
		w.stats.Fenced += uint64(len(refused.Sections) + len(refused.Columns) + len(refused.Records))
	}
	w.stats.LastSync = took
	w.stats.MaxSync = max(w.stats.MaxSync, took)
	w.stats.SyncTotal += took
	return refused, nil
}

// finish reports the batch's Results and, once durable, drops its
// sections, player records and entity records from the overlays unless
// newer ones were submitted meanwhile.
func (w *Writer) finish(batch []pending, refused *FencedError, err error) {
	now := time.Now()
	w.mu.Lock()
	for _, p := range batch {
		if err == nil {
			for _, sw := range p.w.Sections {
				if cur, ok := w.overlay[sw.Pos]; ok && cur.Revision <= sw.Revision {
					delete(w.overlay, sw.Pos)
				}
			}
			for _, pr := range p.w.Players {
				if cur, ok := w.players[pr.Name]; ok && cur.seq <= p.seq {
					delete(w.players, pr.Name)
				}
			}
			for _, c := range p.w.Entities {
				k := entityCol{c.X, c.Z}
				if cur, ok := w.entities[k]; ok && cur.seq <= p.seq {
					delete(w.entities, k)
				}
			}
			for _, rw := range p.w.Records {
				k := string(rw.Key.Bytes())
				if cur, ok := w.records[k]; ok && cur.seq <= p.seq {
					delete(w.records, k)
				}
			}
		}
		r := Result{Token: p.w.Token, Err: err, Sections: len(p.w.Sections), Submitted: p.when, Durable: now, Batched: len(batch)}
		if refused != nil {
			r.Refused = refusedIn(p.w.Sections, refused.Sections)
			r.RefusedRecords = refusedRecordsIn(p.w.Records, refused)
		}
		w.results = append(w.results, r)
	}
	w.mu.Unlock()
	select {
	case w.ready <- struct{}{}:
	default:
	}
	if err == nil && w.OnDurable != nil {
		for _, p := range batch {
			var r []chunk.Pos
			if refused != nil {
				r = refusedIn(p.w.Sections, refused.Sections)
			}
			w.OnDurable(p.w.Token, r, refusedRecordsIn(p.w.Records, refused))
		}
	}
}

// FailNext makes the next n commits fail without writing, to test the
// callers' retry paths.
func (w *Writer) FailNext(n int) {
	w.mu.Lock()
	w.failNext = n
	w.mu.Unlock()
}
