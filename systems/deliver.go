package systems

import (
	"slices"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// Delivery is the flush system, a resource for its counters: for each
// client, a Drop for every section it holds that left its View, and a
// Chunk for every section of its View it lacks once that section is
// resident — nearest first, within the budget, skipping clients whose
// queue is behind.
type Delivery struct {
	budget DeliveryBudget
	store  *resources.ChunkStore
	cache  *EncodedCache
	filter *generic.Filter2[components.Stream, components.View]
	// start rotates which client is served first, so that a time budget
	// that runs out does not always starve the same clients.
	start   int
	scratch []chunk.Pos
	shapes  map[[2]int][]chunk.Pos
	pending map[chunk.Pos]struct{}
	log     zerolog.Logger // sampled: backpressure is a state, not an event
	// Sent and SentBytes count what was handed to connections.
	Sent, SentBytes, Drops uint64
	// Skipped counts client-ticks skipped for backpressure.
	Skipped uint64
	// Backlog is the bytes queued to clients' chunk streams at the last
	// tick, summed.
	Backlog int
	backlog int
}

// scanWindow bounds, in multiples of the section budget, how many pending
// sections a client's turn looks at.
const scanWindow = 4

func newDeliver(b DeliveryBudget, store *resources.ChunkStore, cache *EncodedCache, log zerolog.Logger) *Delivery {
	return &Delivery{log: log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second}), budget: b, store: store, cache: cache, filter: generic.NewFilter2[components.Stream, components.View](), shapes: map[[2]int][]chunk.Pos{}, pending: map[chunk.Pos]struct{}{}}
}

func (s *Delivery) run(ctx *ecs.Context) {
	s.Backlog, s.backlog = s.backlog, 0
	deadline := time.Now().Add(s.budget.Time)
	q := s.filter.Query(ctx.World)
	n := q.Count()
	i := 0
	first := s.start % max(n, 1)
	s.start++
	// Two passes over the query order, starting at first, give every
	// client a turn in rotation; the query itself must run to its end.
	var late []*components.Stream
	var lateViews []components.View
	for q.Next() {
		st, v := q.Get()
		if i < first {
			late = append(late, st)
			lateViews = append(lateViews, *v)
		} else {
			s.serve(st, *v, deadline)
		}
		i++
	}
	for j, st := range late {
		s.serve(st, lateViews[j], deadline)
	}
}

// serve brings one client's stream towards its view.
func (s *Delivery) serve(st *components.Stream, v components.View, deadline time.Time) {
	if st.Conn == nil {
		return
	}
	if v != st.For {
		s.resubscribe(st, v)
	}
	if len(st.Pending) == 0 || time.Now().After(deadline) {
		return
	}
	queued := st.Conn.Queued()
	s.backlog += queued.ChunkBytes
	if queued.ChunkBytes > s.budget.Backlog {
		s.Skipped++
		s.log.Warn().Int("queued_bytes", queued.ChunkBytes).Int("pending", len(st.Pending)).Msg("client behind: delivery skipped (backpressure)")
		return
	}
	sections, bytes := 0, 0
	keep := st.Pending[:0]
	i := 0
	// Sections not resident yet are looked at again next tick; looking at
	// no more than a window of them keeps a client whose view is still
	// generating from costing a lookup per pending section every tick.
	window := scanWindow * s.budget.Sections
	for ; i < len(st.Pending) && i-sections < window; i++ {
		if sections >= s.budget.Sections || bytes >= s.budget.Bytes {
			break
		}
		p := st.Pending[i]
		enc, rev, ok := s.cache.Get(s.store, p)
		if !ok {
			keep = append(keep, p) // not resident yet
			continue
		}
		if !st.Conn.SendEncoded(enc) {
			break // its queue is full: the rest waits for the next tick
		}
		st.Sent[p] = rev
		sections++
		bytes += enc.Len()
	}
	// The rest keeps its order; the scan stopped where the budget did.
	keep = append(keep, st.Pending[i:]...)
	clear(st.Pending[len(keep):])
	st.Pending = keep
	s.Sent += uint64(sections)
	s.SentBytes += uint64(bytes)
}

// resubscribe drops what left the view and lists what entered it, nearest
// first. It works from the two cylinders' shapes rather than the client's
// whole sent set: every section a client holds lies in the view it was
// last brought towards (st.For), so only the sections of the old cylinder
// outside the new one can need a Drop, and only those of the new outside
// the old (plus the old pending ones) can need a Chunk.
func (s *Delivery) resubscribe(st *components.Stream, v components.View) {
	old := st.For
	hadOld := old.Radius > 0 || old.Pad > 0
	oldCyl := resources.Cylinder{Center: old.Center, Radius: old.Radius, Pad: old.Pad}
	newCyl := resources.Cylinder{Center: v.Center, Radius: v.Radius, Pad: v.Pad}
	// Drops in a fixed order, so two runs send the same frames.
	s.scratch = s.scratch[:0]
	if hadOld {
		for _, off := range s.shape(old.Radius, old.Pad) {
			p := old.Center.Add(off.X, off.Y, off.Z)
			if newCyl.Contains(p) {
				continue
			}
			if _, ok := st.Sent[p]; ok {
				s.scratch = append(s.scratch, p)
			}
		}
	} else {
		for p := range st.Sent {
			if !newCyl.Contains(p) {
				s.scratch = append(s.scratch, p)
			}
		}
	}
	slices.SortFunc(s.scratch, resources.ComparePos)
	for _, p := range s.scratch {
		if !st.Conn.SendChunk(protocol.NewDrop(p)) {
			// The chunk queue is full: the rest is dropped when this view
			// change is retried next tick (st.For is unchanged).
			return
		}
		delete(st.Sent, p)
		s.Drops++
	}
	clear(s.pending)
	if hadOld {
		for _, p := range st.Pending {
			s.pending[p] = struct{}{}
		}
	}
	st.Pending = st.Pending[:0]
	for _, off := range s.shape(v.Radius, v.Pad) {
		p := v.Center.Add(off.X, off.Y, off.Z)
		if !p.InWorld() {
			continue
		}
		if hadOld && oldCyl.Contains(p) {
			if _, waiting := s.pending[p]; !waiting {
				continue // the client holds it already
			}
		} else if _, ok := st.Sent[p]; ok {
			continue
		}
		st.Pending = append(st.Pending, p)
	}
	st.For = v
}

// shape returns the cached nearest-first offsets of a view's cylinder.
func (s *Delivery) shape(radius, pad int) []chunk.Pos {
	k := [2]int{radius, pad}
	o, ok := s.shapes[k]
	if !ok {
		o = resources.NearestFirst(radius, pad)
		s.shapes[k] = o
	}
	return o
}
