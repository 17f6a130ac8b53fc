package network

import (
	"math/bits"
	"slices"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// DeliverySystem is the deliver (flush) system, a resource for its
// counters: for each client, a Drop for every section it holds that left
// its View (many in a Drops to a client granted batched-drops), and a
// Chunk for every section of its View it lacks once that section is
// resident — nearest first, within the budget, skipping clients whose
// queue is behind. To a client granted air-sections, the blank sections
// (uniform air at revision 0) of a turn go in one AirSections instead:
// those of the columns that entered its view all at once, found a column
// at a time (sweepBlank). A client granted column-lists too gets both
// lists by column.
//
// Clients are served in a parallel loop: a client's turn reads the store
// (which nothing changes meanwhile) and writes only its own Delivery, its
// connection and its worker's scratch, so what each client is sent does
// not depend on the number of workers. Frames a turn had to encode (a
// section edited since it was last sent) are kept on the store after the
// loop.
type DeliverySystem struct {
	budget  DeliveryBudget
	store   *resources.ChunkStore
	cache   *SectionFrames
	par     *ecs.Parallel
	filter  *generic.Filter3[components.Connection, components.Delivery, components.View]
	workers []*deliverWorker
	turns   []turn
	moved   []turn // the resubscribe system's clients, whose view changed
	// start rotates which client is served first, so that a time budget
	// that runs out does not always starve the same clients.
	start  int
	shapes map[[2]int]*viewShape // filled on the tick goroutine, read in the loop
	// lists recycles the bytes of each client's own Drops and AirSections
	// frames, which its connection gives back once written.
	lists wire.FramePool
	log   zerolog.Logger // sampled: backpressure is a state, not an event
	// Sent and SentBytes count what was handed to connections; SentAir
	// the sections of Sent that went as positions of AirSections.
	Sent, SentBytes, SentAir, Drops uint64
	// Skipped counts client-ticks skipped for backpressure.
	Skipped uint64
	// QueuedBytes is the bytes queued to clients' chunk streams at the
	// last tick, summed.
	QueuedBytes int
}

// turn is one client to serve this tick.
type turn struct {
	conn components.Conn
	d    *components.Delivery
	v    components.View
}

// deliverWorker is one goroutine's scratch in the loop over clients, and
// its counts, added to the system's and the cache's after it.
type deliverWorker struct {
	reader                                                 resources.Reader
	enc                                                    wire.SectionEncoder
	mk                                                     func(chunk.Pos, uint64, *chunk.Section) []byte
	scratch, batch                                         []chunk.Pos
	air                                                    []chunk.Pos    // blank sections to send as one AirSections
	airRanks                                               []int          // their ranks, out of the client's Pending until sent (takeAir)
	blank                                                  []uint32       // the blank masks of a window of entered columns (sweepBlank)
	sends                                                  []wire.Encoded // the frames of a Drops or an AirSections being sent
	airCols                                                []wire.Column  // air by column (column-lists)
	colAt                                                  []int32        // airCols' index of a column of the view's frame, or -1
	gone                                                   []wire.Column  // what left the view, a column at a time
	ranks                                                  []int
	frames                                                 []resources.Derivation
	made                                                   []madeFrame
	sent, sentBytes, sentAir, drops, skipped, hits, misses uint64
	queued                                                 int
}

// madeFrame is a frame a turn encoded, to keep on the store.
type madeFrame struct {
	p     chunk.Pos
	rev   uint64
	bytes []byte
}

// lookupBatch is how many pending sections a client's turn looks up at
// once.
const lookupBatch = 16

// scanWindow bounds, in multiples of the section budget, how many pending
// sections a client's turn looks at.
const scanWindow = 4

// deliverGrain is how many clients a worker takes at a time.
const deliverGrain = 16

func newDeliver(b DeliveryBudget, store *resources.ChunkStore, cache *SectionFrames, par *ecs.Parallel, log zerolog.Logger) *DeliverySystem {
	return &DeliverySystem{log: log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second}), budget: b, store: store, cache: cache, par: par, filter: generic.NewFilter3[components.Connection, components.Delivery, components.View](), shapes: map[[2]int]*viewShape{}}
}

func (s *DeliverySystem) run(ctx *ecs.Context) {
	deadline := time.Now().Add(s.budget.Time)
	q := s.filter.Query(ctx.World)
	first := s.start % max(q.Count(), 1)
	s.start++
	// The turns are taken in rotation, starting at first; the query
	// itself must run to its end.
	s.turns = s.turns[:0]
	for q.Next() {
		c, d, v := q.Get()
		changed := *v != d.For
		if c.Conn == nil || !changed && d.Pending.Len() == 0 {
			continue // most clients, most ticks: nothing to send
		}
		if changed {
			s.shape(v.Radius, v.Pad)
		}
		s.turns = append(s.turns, turn{c.Conn, d, *v})
	}
	s.ensureWorkers()
	for _, w := range s.workers {
		w.reader.Reset(s.store)
	}
	s.par.For(len(s.turns), deliverGrain, func(worker, lo, hi int) {
		w := s.workers[worker]
		for k := lo; k < hi; k++ {
			s.serve(w, s.turns[(first+k)%len(s.turns)], deadline)
		}
	})
	clear(s.turns) // drop the pointers into the world's storage
	clear(s.moved)
	s.QueuedBytes = 0
	for _, w := range s.workers {
		for _, m := range w.made {
			s.store.Keep(m.p, m.rev, m.bytes)
		}
		clear(w.made)
		w.made = w.made[:0]
		s.Sent += w.sent
		s.SentBytes += w.sentBytes
		s.SentAir += w.sentAir
		s.Drops += w.drops
		s.Skipped += w.skipped
		s.QueuedBytes += w.queued
		s.cache.Hits += w.hits
		s.cache.Misses += w.misses
		w.sent, w.sentBytes, w.sentAir, w.drops, w.skipped, w.hits, w.misses, w.queued = 0, 0, 0, 0, 0, 0, 0, 0
	}
}

// ensureWorkers makes a worker's scratch for each of the loops' workers.
func (s *DeliverySystem) ensureWorkers() {
	for len(s.workers) < s.par.Workers() {
		w := &deliverWorker{}
		w.mk = func(p chunk.Pos, rev uint64, sec *chunk.Section) []byte {
			w.misses++
			return w.enc.Encode(p, rev, sec).Bytes()
		}
		s.workers = append(s.workers, w)
	}
}

// serve brings one client's copy of the world towards its view.
func (s *DeliverySystem) serve(w *deliverWorker, t turn, deadline time.Time) {
	conn, st, v := t.conn, t.d, t.v
	if conn == nil {
		return
	}
	if v != st.For {
		s.resubscribe(w, conn, st, v)
	}
	if st.Pending.Len() == 0 || time.Now().After(deadline) {
		return
	}
	queued := conn.Queued()
	w.queued += queued.ChunkBytes
	if queued.ChunkBytes > s.budget.MaxQueuedBytes {
		w.skipped++
		s.log.Warn().Int("queued_bytes", queued.ChunkBytes).Int("pending", st.Pending.Len()).Msg("client behind: delivery skipped (backpressure)")
		return
	}
	// Pending is of the view it was computed for, st.For: v itself unless
	// the drops of a view change did not fit in the queue (then the old
	// view's sections go on arriving until they do).
	pv := st.For
	sh := s.shapes[[2]int{pv.Radius, pv.Pad}]
	sections, bytes, scanned := 0, 0, 0
	// A client granted air-sections is told of blank sections (uniform
	// air at revision 0) by position, many in a frame, and their entries
	// are not read: above the ground that is most of a view.
	air := conn.HasFeature(protocol.FeatureAirSections)
	w.air, w.airRanks = w.air[:0], w.airRanks[:0]
	// Sections not resident yet are looked at again next tick; looking at
	// no more than a window of them keeps a client whose view is still
	// generating from costing a lookup per pending section every tick.
	window := scanWindow * s.budget.Sections
	if air {
		s.sweepBlank(w, st, sh, pv)
	}
	swept := len(w.air)
	r := st.Pending.Next(0)
scan:
	for r >= 0 {
		// Looked up a batch at a time (Reader.DeriveAll), no larger than
		// the sections the budget still allows: a batch looks past where
		// the budget stops only by sections not resident yet.
		n := min(lookupBatch, max(s.budget.Sections-sections, 1))
		w.ranks, w.batch = w.ranks[:0], w.batch[:0]
		for ; r >= 0 && len(w.ranks) < n; r = st.Pending.Next(r + 1) {
			w.ranks = append(w.ranks, r)
			w.batch = append(w.batch, sh.at(pv.Center, r))
		}
		if air {
			w.frames = w.reader.DeriveOrBlank(w.batch, w.mk, w.frames[:0])
		} else {
			w.frames = w.reader.DeriveAll(w.batch, w.mk, w.frames[:0])
		}
		for k, f := range w.frames {
			switch {
			case f.Made:
				w.made = append(w.made, madeFrame{w.batch[k], f.Revision, f.Bytes})
			case f.Resident && !f.Blank:
				w.hits++
			}
		}
		for k, f := range w.frames {
			if scanned-sections >= window || sections >= s.budget.Sections || bytes >= s.budget.Bytes {
				break scan
			}
			scanned++
			if !f.Resident {
				continue // not resident yet
			}
			if f.Blank {
				w.takeAir(st, w.batch[k], w.ranks[k])
				sections++
				continue
			}
			enc := wire.ChunkFrame(f.Bytes)
			if !conn.SendEncoded(enc) {
				break scan // its queue is full: the rest waits for the next tick
			}
			st.Held.Set(w.batch[k], f.Revision)
			st.Pending.Remove(w.ranks[k])
			sections++
			bytes += enc.Len()
		}
	}
	// The blank sections go after the turn's Chunks, in one frame: they
	// are distinct sections the client lacks, so the order of the two
	// does not change what it holds once the turn's frames are read.
	n, ok := s.sendAir(w, conn, st, pv)
	bytes += n
	if !ok {
		sections -= len(w.air) // still pending
	}
	clear(w.frames)
	w.sent += uint64(sections + swept)
	w.sentBytes += uint64(bytes)
}

// sweepBlank gathers into w.air, with their ranks in w.airRanks, the
// blank sections of the columns that entered view pv (st.Entered), and
// takes them out of Pending: one look-up of the store's masks per column
// instead of one per section, for most of a view above the ground. The
// rank scan then meets only the sections that are not blank, or not
// resident yet. Entered is emptied as it goes: what the sweep did not
// take stays pending, for the scan. The sections go in the turn's
// AirSections (takeAir), which holds one frame's
// worth by column: the columns past that wait for the next turn.
func (s *DeliverySystem) sweepBlank(w *deliverWorker, st *components.Delivery, sh *viewShape, pv components.View) {
	c := pv.Center
	room := wire.MaxDropsPerFrame - s.budget.Sections - chunk.SectionsPerColumn
	done := 0
sweep:
	for lo := 0; lo < len(st.Entered); lo += blankWindow {
		cols := st.Entered[lo:min(lo+blankWindow, len(st.Entered))]
		w.blank = w.blank[:0]
		for _, col := range cols {
			w.blank = append(w.blank, w.reader.Blank(col.X, col.Z)&col.Mask)
		}
		for i, col := range cols {
			if len(w.air) > room {
				break sweep
			}
			done++
			for m := w.blank[i]; m != 0; m &= m - 1 {
				y := int32(bits.TrailingZeros32(m)) + chunk.MinSectionY
				if dy := y - c.Y; dy >= -sh.h && dy <= sh.h {
					if r := int(sh.rank[sh.index(col.X-c.X, col.Z-c.Z, dy)]); r >= 0 && st.Pending.Has(r) {
						w.takeAir(st, chunk.Pos{X: col.X, Y: y, Z: col.Z}, r)
					}
				}
			}
		}
	}
	st.Entered = st.Entered[:copy(st.Entered, st.Entered[done:])]
	if len(st.Entered) == 0 && cap(st.Entered) > maxKeptEntered {
		st.Entered = nil // a whole view's columns (a join): not kept for slides
	}
}

// takeAir puts blank section p, of rank r, in the turn's AirSections and
// takes it out of Pending, so that neither the sweep nor the scan meets it
// again; a refused frame puts it back (sendAir).
func (w *deliverWorker) takeAir(st *components.Delivery, p chunk.Pos, r int) {
	st.Pending.Remove(r)
	w.air = append(w.air, p)
	w.airRanks = append(w.airRanks, r)
}

// blankWindow is how many entered columns' masks sweepBlank reads before
// it uses them: each is a miss in the store's array of masks, and in a
// loop of nothing but the reads they overlap.
const blankWindow = 32

// maxKeptEntered bounds the room a client's Delivery.Entered keeps between
// view changes: a slide of two sections enters about 40 columns, a join
// or a teleport a whole view's (300 at radius 8).
const maxKeptEntered = 64

// sendAir sends the blank sections gathered in w.air as AirSections and
// marks them held, reporting the bytes sent and whether all went out.
// Those that did not (the queue is full) stay in w.air, and go back in
// Pending, which takeAir took them out of.
// pv is the view they are of.
func (s *DeliverySystem) sendAir(w *deliverWorker, conn components.Conn, st *components.Delivery, pv components.View) (int, bool) {
	// Frame k holds positions k·MaxDropsPerFrame on either way: by column,
	// no more columns than positions, all in one frame, marked held a
	// column at a time.
	byColumn := conn.HasFeature(protocol.FeatureColumnLists) && len(w.air) <= wire.MaxDropsPerFrame && w.airColumns(pv)
	if byColumn {
		w.sends = s.lists.AppendAirColumns(w.sends[:0], w.airCols)
	} else {
		w.sends = s.lists.AppendAirSections(w.sends[:0], w.air)
	}
	defer clear(w.sends)
	bytes, done := 0, 0
	for k, enc := range w.sends {
		if !conn.SendEncoded(enc) {
			release(w.sends[k:])
			w.air = w.air[:copy(w.air, w.air[done:])]
			w.airRanks = w.airRanks[:copy(w.airRanks, w.airRanks[done:])]
			for _, r := range w.airRanks {
				st.Pending.Add(r)
			}
			return bytes, false
		}
		bytes += enc.Len()
		n := min(len(w.air)-done, wire.MaxDropsPerFrame)
		if byColumn {
			for _, c := range w.airCols {
				st.Held.SetColumn(c.X, c.Z, c.Mask)
			}
		} else {
			for _, p := range w.air[done : done+n] {
				st.Held.Set(p, 0)
			}
		}
		done += n
		w.sentAir += uint64(n)
	}
	w.air, w.airRanks = w.air[:0], w.airRanks[:0]
	return bytes, true
}

// airColumns groups w.air by column into w.airCols, the columns in the
// order of their first sections, and reports whether it could: every
// position must lie in the frame of view v, as the view's own do. It
// finds a column by its place in that frame (w.colAt), not by sorting.
func (w *deliverWorker) airColumns(v components.View) bool {
	reach := int32(v.Radius + v.Pad)
	side := 2*reach + 1
	if n := int(side * side); len(w.colAt) < n {
		w.colAt = slices.Repeat([]int32{-1}, n)
	}
	w.airCols = w.airCols[:0]
	ok := true
	for _, p := range w.air {
		dx, dz, dy := p.X-v.Center.X+reach, p.Z-v.Center.Z+reach, p.Y-chunk.MinSectionY
		if dx < 0 || dx >= side || dz < 0 || dz >= side || dy < 0 || dy >= 32 {
			ok = false
			break
		}
		i := dx*side + dz
		k := w.colAt[i]
		if k < 0 {
			k = int32(len(w.airCols))
			w.colAt[i] = k
			w.airCols = append(w.airCols, wire.Column{X: p.X, Z: p.Z})
		}
		w.airCols[k].Mask |= 1 << dy
	}
	for _, c := range w.airCols {
		w.colAt[(c.X-v.Center.X+reach)*side+c.Z-v.Center.Z+reach] = -1
	}
	return ok
}

// resubscribe drops what left the view and lists what entered it, nearest
// first. Everything a client holds lies in the frame of the view it was
// last brought towards (st.For), so the Drops come from a pass over that
// frame's columns, a mask operation each, already in position order.
func (s *DeliverySystem) resubscribe(w *deliverWorker, conn components.Conn, st *components.Delivery, v components.View) {
	w.gone = w.gone[:0]
	masks := v.Masks()
	st.Held.Columns(func(x, z int32, held uint32) {
		if gone := held &^ masks.Column(x, z); gone != 0 {
			w.gone = append(w.gone, wire.Column{X: x, Z: z, Mask: gone})
		}
	})
	if !s.drop(w, conn, st) {
		// The chunk queue is full: the rest is dropped when this view
		// change is retried next tick (st.For is unchanged).
		return
	}
	// Everything held now lies in the new view.
	st.Held.Reframe(v.Center, v.Radius+v.Pad)
	s.shapes[[2]int{v.Radius, v.Pad}].markMissing(&st.Pending, v, &st.Held, &st.Entered)
	st.For = v
}

// drop sends the Drops of w.gone (in position order) and forgets them,
// reporting whether all went out: in as few frames as fit to a client
// granted batched-drops, by column if it is granted column-lists too, one
// frame per section to any other.
func (s *DeliverySystem) drop(w *deliverWorker, conn components.Conn, st *components.Delivery) bool {
	if len(w.gone) == 0 {
		return true
	}
	batched := conn.HasFeature(protocol.FeatureBatchedDrops)
	if batched && conn.HasFeature(protocol.FeatureColumnLists) {
		rest := w.gone
		w.sends = s.lists.AppendColumnDrops(w.sends[:0], w.gone)
		defer clear(w.sends)
		for k, enc := range w.sends {
			n := min(len(rest), wire.MaxDropsPerFrame)
			if !conn.SendEncoded(enc) {
				release(w.sends[k:])
				break
			}
			for _, g := range rest[:n] {
				st.Held.DeleteColumn(g.X, g.Z, g.Mask)
				w.drops += uint64(bits.OnesCount32(g.Mask))
			}
			rest = rest[n:]
		}
		// What was not sent is kept for the retry.
		return len(rest) == 0
	}
	w.scratch = w.scratch[:0]
	for _, g := range w.gone {
		for m := g.Mask; m != 0; m &= m - 1 {
			w.scratch = append(w.scratch, chunk.Pos{X: g.X, Y: chunk.MinSectionY + int32(bits.TrailingZeros32(m)), Z: g.Z})
		}
	}
	if batched {
		rest := w.scratch
		w.sends = s.lists.AppendDrops(w.sends[:0], w.scratch)
		defer clear(w.sends)
		for k, enc := range w.sends {
			if !conn.SendEncoded(enc) {
				release(w.sends[k:])
				// Those sent are forgotten one by one, the rest kept for
				// the retry.
				for _, p := range w.scratch[:len(w.scratch)-len(rest)] {
					st.Held.Delete(p)
				}
				return false
			}
			n := min(len(rest), wire.MaxDropsPerFrame)
			rest = rest[n:]
			w.drops += uint64(n)
		}
		for _, g := range w.gone {
			st.Held.DeleteColumn(g.X, g.Z, g.Mask)
		}
		return true
	}
	for _, p := range w.scratch {
		if !conn.SendChunk(protocol.NewDrop(p)) {
			return false
		}
		st.Held.Delete(p)
		w.drops++
	}
	return true
}

// release gives back the pooled frames a connection refused.
func release(frames []wire.Encoded) {
	for _, f := range frames {
		f.Release()
	}
}

// shape returns the cached shape of a view's cylinder. The loop over
// clients only reads the cache: run fills it first.
func (s *DeliverySystem) shape(radius, pad int) *viewShape {
	k := [2]int{radius, pad}
	sh, ok := s.shapes[k]
	if !ok {
		sh = newViewShape(radius, pad)
		s.shapes[k] = sh
	}
	return sh
}
