package network

import (
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// DeliverySystem is the deliver (flush) system, a resource for its counters: for each
// client, a Drop for every section it holds that left its View, and a
// Chunk for every section of its View it lacks once that section is
// resident — nearest first, within the budget, skipping clients whose
// queue is behind.
type DeliverySystem struct {
	budget DeliveryBudget
	store  *resources.ChunkStore
	cache  *SectionFrames
	filter *generic.Filter3[components.Connection, components.Delivery, components.View]
	// start rotates which client is served first, so that a time budget
	// that runs out does not always starve the same clients.
	start   int
	scratch []chunk.Pos
	frames  []resources.Derivation
	shapes  map[[2]int]*viewShape
	log     zerolog.Logger // sampled: backpressure is a state, not an event
	// Sent and SentBytes count what was handed to connections.
	Sent, SentBytes, Drops uint64
	// Skipped counts client-ticks skipped for backpressure.
	Skipped uint64
	// QueuedBytes is the bytes queued to clients' chunk streams at the
	// last tick, summed.
	QueuedBytes int
	queued      int
}

// lookupBatch is how many pending sections a client's turn looks up at
// once.
const lookupBatch = 16

// scanWindow bounds, in multiples of the section budget, how many pending
// sections a client's turn looks at.
const scanWindow = 4

func newDeliver(b DeliveryBudget, store *resources.ChunkStore, cache *SectionFrames, log zerolog.Logger) *DeliverySystem {
	return &DeliverySystem{log: log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second}), budget: b, store: store, cache: cache, filter: generic.NewFilter3[components.Connection, components.Delivery, components.View](), shapes: map[[2]int]*viewShape{}}
}

func (s *DeliverySystem) run(ctx *ecs.Context) {
	s.QueuedBytes, s.queued = s.queued, 0
	deadline := time.Now().Add(s.budget.Time)
	q := s.filter.Query(ctx.World)
	n := q.Count()
	i := 0
	first := s.start % max(n, 1)
	s.start++
	// Two passes over the query order, starting at first, give every
	// client a turn in rotation; the query itself must run to its end.
	var late []lateClient
	for q.Next() {
		c, d, v := q.Get()
		if i < first {
			late = append(late, lateClient{c.Conn, d, *v})
		} else {
			s.serve(c.Conn, d, *v, deadline)
		}
		i++
	}
	for _, l := range late {
		s.serve(l.conn, l.d, l.v, deadline)
	}
}

// lateClient is a client whose turn comes in the second pass.
type lateClient struct {
	conn components.Conn
	d    *components.Delivery
	v    components.View
}

// serve brings one client's copy of the world towards its view.
func (s *DeliverySystem) serve(conn components.Conn, st *components.Delivery, v components.View, deadline time.Time) {
	if conn == nil {
		return
	}
	if v != st.For {
		s.resubscribe(conn, st, v)
	}
	if len(st.Pending) == 0 || time.Now().After(deadline) {
		return
	}
	queued := conn.Queued()
	s.queued += queued.ChunkBytes
	if queued.ChunkBytes > s.budget.MaxQueuedBytes {
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
scan:
	for i < len(st.Pending) {
		// Looked up a batch at a time (SectionFrames.Lookup), no larger
		// than the sections the budget still allows: a batch looks past
		// where the budget stops only by sections not resident yet.
		n := min(lookupBatch, len(st.Pending)-i, max(s.budget.Sections-sections, 1))
		s.frames = s.cache.Lookup(s.store, st.Pending[i:i+n], s.frames[:0])
		for _, f := range s.frames {
			if i-sections >= window || sections >= s.budget.Sections || bytes >= s.budget.Bytes {
				break scan
			}
			p := st.Pending[i]
			if !f.Resident {
				keep = append(keep, p) // not resident yet
				i++
				continue
			}
			enc := transport.ChunkFrame(f.Bytes)
			if !conn.SendEncoded(enc) {
				break scan // its queue is full: the rest waits for the next tick
			}
			st.Held.Set(p, f.Revision)
			sections++
			bytes += enc.Len()
			i++
		}
	}
	clear(s.frames)
	// The rest keeps its order; the scan stopped where the budget did.
	keep = append(keep, st.Pending[i:]...)
	clear(st.Pending[len(keep):])
	st.Pending = keep
	s.Sent += uint64(sections)
	s.SentBytes += uint64(bytes)
}

// resubscribe drops what left the view and lists what entered it, nearest
// first. Everything a client holds lies in the frame of the view it was
// last brought towards (st.For), so the Drops come from a pass over that
// frame's columns, a mask operation each, already in position order.
func (s *DeliverySystem) resubscribe(conn components.Conn, st *components.Delivery, v components.View) {
	s.scratch = s.scratch[:0]
	st.Held.Columns(func(x, z int32, held uint32) {
		gone := held &^ v.ColumnMask(x, z)
		for y := int32(chunk.MinSectionY); gone != 0; y++ {
			if gone&1 != 0 {
				s.scratch = append(s.scratch, chunk.Pos{X: x, Y: y, Z: z})
			}
			gone >>= 1
		}
	})
	if !s.drop(conn, st) {
		// The chunk queue is full: the rest is dropped when this view
		// change is retried next tick (st.For is unchanged).
		return
	}
	// Everything held now lies in the new view.
	st.Held.Reframe(v.Center, v.Radius+v.Pad)
	st.Pending = s.shape(v.Radius, v.Pad).appendMissing(st.Pending[:0], v, &st.Held)
	st.For = v
}

// drop sends the Drops of s.scratch (in position order) and forgets them,
// reporting whether all went out: in as few frames as fit to a client
// granted batched drops, one frame per section to any other.
func (s *DeliverySystem) drop(conn components.Conn, st *components.Delivery) bool {
	if conn.HasFeature(protocol.FeatureBatchedDrops) && len(s.scratch) > 0 {
		rest := s.scratch
		for _, enc := range transport.EncodeDrops(s.scratch) {
			if !conn.SendEncoded(enc) {
				return false
			}
			n := min(len(rest), transport.MaxDropsPerFrame)
			for _, p := range rest[:n] {
				st.Held.Delete(p)
			}
			rest = rest[n:]
			s.Drops += uint64(n)
		}
		return true
	}
	for _, p := range s.scratch {
		if !conn.SendChunk(protocol.NewDrop(p)) {
			return false
		}
		st.Held.Delete(p)
		s.Drops++
	}
	return true
}

// shape returns the cached shape of a view's cylinder.
func (s *DeliverySystem) shape(radius, pad int) *viewShape {
	k := [2]int{radius, pad}
	sh, ok := s.shapes[k]
	if !ok {
		sh = newViewShape(radius, pad)
		s.shapes[k] = sh
	}
	return sh
}
