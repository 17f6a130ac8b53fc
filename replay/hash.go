package replay

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"math"
	"slices"

	"github.com/mlange-42/arche/generic"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/entities"
)

// Hasher computes the per-tick state hash. Section content hashes are
// cached by (position, revision) — an edit always bumps the revision — so
// a tick costs a pass over the resident positions, not a hash of every
// cell. The cache is last tick's positions in order, beside their
// revisions and content hashes, which this tick's sorted positions are
// merged with: a replay hashes every tick, and maps of positions cost it
// more than the rest of the tick did.
type Hasher struct {
	store *resources.ChunkStore
	conns func() map[uint64]*HashConn
	// pos, revs and sums are last tick's resident sections, in
	// chunk.ComparePos order; nextPos, nextRevs and nextSums this tick's.
	pos, nextPos   []chunk.Pos
	revs, nextRevs []uint64
	sums, nextSums []uint64
	// sum is the sections' hash of pos, revs and sums: a tick that
	// changed no resident section's position or revision (most ticks of
	// a replay) hashes the same, without the byte-by-byte FNV over each.
	sum    uint64
	summed bool
	buf    []byte

	views    *generic.Filter1[components.View]
	player   generic.Map[components.Player]
	position generic.Map[components.Position]
	velocity generic.Map[components.Velocity]
	look     generic.Map[components.Look]
	follow   generic.Map[components.Follow]
	movement generic.Map[components.Movement]
	delivery generic.Map[components.Delivery]
	ticket   generic.Map[components.Ticket]
	// things are the plugin entities (animals, items): every one a plugin
	// spawned through the entities registry has a Motion.
	things    *generic.Filter6[entities.Replicated, entities.Motion, entities.Body, components.Position, components.Velocity, components.Look]
	mapsBuilt bool
}

// NewHasher hashes app's state; conns returns every client connection
// ever seen, by client id.
func NewHasher(app *ecs.App, conns func() map[uint64]*HashConn) *Hasher {
	return &Hasher{
		store:  ecs.Resource[resources.ChunkStore](app),
		conns:  conns,
		views:  generic.NewFilter1[components.View](),
		things: generic.NewFilter6[entities.Replicated, entities.Motion, entities.Body, components.Position, components.Velocity, components.Look](),
	}
}

// Sum returns the state at the end of the tick being run.
func (h *Hasher) Sum(w *ecs.World, tick uint64) Hash {
	if !h.mapsBuilt {
		h.player = generic.NewMap[components.Player](w)
		h.position = generic.NewMap[components.Position](w)
		h.velocity = generic.NewMap[components.Velocity](w)
		h.look = generic.NewMap[components.Look](w)
		h.follow = generic.NewMap[components.Follow](w)
		h.movement = generic.NewMap[components.Movement](w)
		h.delivery = generic.NewMap[components.Delivery](w)
		h.ticket = generic.NewMap[components.Ticket](w)
		h.mapsBuilt = true
	}
	return Hash{Tick: tick, Sections: h.sections(), Entities: h.entities(w), Outbound: h.outbound()}
}

// sections hashes every resident section's position, revision and
// content hash, in position order.
func (h *Hasher) sections() uint64 {
	h.nextPos, h.nextRevs = h.store.AppendRevisions(h.nextPos[:0], h.nextRevs[:0])
	if h.summed && slices.Equal(h.nextPos, h.pos) && slices.Equal(h.nextRevs, h.revs) {
		return h.sum
	}
	h.nextSums = slices.Grow(h.nextSums[:0], len(h.nextPos))[:len(h.nextPos)]
	f := fnv.New64a()
	j := 0 // into last tick's, which are in the same order
	var buf [28]byte
	for i, p := range h.nextPos {
		rev := h.nextRevs[i]
		for j < len(h.pos) && chunk.ComparePos(h.pos[j], p) < 0 {
			j++
		}
		var sum uint64
		if j < len(h.pos) && h.pos[j] == p && h.revs[j] == rev {
			sum = h.sums[j]
		} else {
			sec, _ := h.store.Section(p)
			sum = sec.Hash()
		}
		h.nextSums[i] = sum
		binary.LittleEndian.PutUint32(buf[0:], uint32(p.X))
		binary.LittleEndian.PutUint32(buf[4:], uint32(p.Y))
		binary.LittleEndian.PutUint32(buf[8:], uint32(p.Z))
		binary.LittleEndian.PutUint64(buf[12:], rev)
		binary.LittleEndian.PutUint64(buf[20:], sum)
		f.Write(buf[:])
	}
	h.pos, h.nextPos = h.nextPos, h.pos
	h.revs, h.nextRevs = h.nextRevs, h.revs
	h.sums, h.nextSums = h.nextSums, h.sums
	h.sum, h.summed = f.Sum64(), true
	return h.sum
}

type entityHash struct {
	key  [2]uint64 // player id (or max) then entity id, for a stable order
	hash uint64
}

// entities hashes every entity holding a View (players, the spawn anchor,
// tickets) with the components the simulation owns.
func (h *Hasher) entities(w *ecs.World) uint64 {
	var all []entityHash
	q := h.views.Query(w)
	for q.Next() {
		e := q.Entity()
		v := q.Get()
		f := fnv.New64a()
		put := func(vals ...uint64) {
			for _, x := range vals {
				h.buf = binary.LittleEndian.AppendUint64(h.buf[:0], x)
				f.Write(h.buf)
			}
		}
		fl := func(x float64) uint64 { return math.Float64bits(x) }
		put(uint64(v.Center.X), uint64(v.Center.Y), uint64(v.Center.Z), uint64(v.Radius), uint64(v.Pad))
		key := [2]uint64{math.MaxUint64, uint64(e.ID())}
		if h.player.Has(e) {
			p := h.player.Get(e)
			key[0] = p.ID
			put(p.ID)
			f.Write([]byte(p.Name))
		}
		if h.position.Has(e) {
			p := h.position.Get(e)
			put(fl(p.X), fl(p.Y), fl(p.Z))
		}
		if h.velocity.Has(e) {
			p := h.velocity.Get(e)
			put(fl(p.X), fl(p.Y), fl(p.Z))
		}
		if h.look.Has(e) {
			l := h.look.Get(e)
			put(uint64(math.Float32bits(l.Yaw)), uint64(math.Float32bits(l.Pitch)))
		}
		if h.follow.Has(e) {
			fo := h.follow.Get(e)
			put(uint64(fo.Radius), uint64(fo.Slack))
		}
		if h.movement.Has(e) {
			m := h.movement.Get(e)
			put(m.LastInputTick, m.LastInputAt, m.Clock, b2u(m.Flying), b2u(m.OnGround), b2u(m.Waiting), b2u(m.Teleported))
		}
		if h.delivery.Has(e) {
			s := h.delivery.Get(e)
			put(uint64(s.Held.Len()), uint64(s.Pending.Len()))
		}
		if h.ticket.Has(e) {
			put(h.ticket.Get(e).Expires)
		}
		all = append(all, entityHash{key: key, hash: f.Sum64()})
	}
	all = h.thingHashes(w, all)
	slices.SortFunc(all, func(a, b entityHash) int { return slices.Compare(a.key[:], b.key[:]) })
	f := fnv.New64a()
	for _, x := range all {
		h.buf = binary.LittleEndian.AppendUint64(h.buf[:0], x.hash)
		f.Write(h.buf)
	}
	return f.Sum64()
}

// thingHashes adds the plugin entities to all, keyed after every entity with
// a View (players, anchors, tickets) by their wire id. A world without
// any hashes as it did before entities existed.
func (h *Hasher) thingHashes(w *ecs.World, all []entityHash) []entityHash {
	q := h.things.Query(w)
	for q.Next() {
		r, m, b, p, v, l := q.Get()
		f := fnv.New64a()
		put := func(vals ...uint64) {
			for _, x := range vals {
				h.buf = binary.LittleEndian.AppendUint64(h.buf[:0], x)
				f.Write(h.buf)
			}
		}
		fl := math.Float64bits
		f.Write([]byte(r.Kind))
		put(r.ID, fl(p.X), fl(p.Y), fl(p.Z), fl(v.X), fl(v.Y), fl(v.Z),
			uint64(math.Float32bits(l.Yaw)), uint64(math.Float32bits(l.Pitch)), fl(b.Width), fl(b.Height),
			fl(m.WalkX), fl(m.WalkZ), b2u(m.Jump), b2u(m.OnGround), b2u(m.Blocked), b2u(m.Frozen))
		all = append(all, entityHash{key: [2]uint64{math.MaxUint64, r.ID}, hash: f.Sum64()})
	}
	return all
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (h *Hasher) outbound() uint64 {
	conns := h.conns()
	ids := make([]uint64, 0, len(conns))
	for id := range conns {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var f hash.Hash64 = fnv.New64a()
	for _, id := range ids {
		h.buf = binary.LittleEndian.AppendUint64(h.buf[:0], id)
		h.buf = binary.LittleEndian.AppendUint64(h.buf, conns[id].Sum())
		f.Write(h.buf)
	}
	return f.Sum64()
}
