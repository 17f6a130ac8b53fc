package entities

import (
	"cmp"
	"math"
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/systems/gameplay"
)

const (
	// stateCell is the cell size, in blocks, of the grids that match
	// receivers with the entities near them: a view of 8 sections (128
	// blocks) spans 5×5 cells.
	stateCell = 64.0
	// interestSlack is the hysteresis of a client's set of entities, in
	// blocks: an entity is spawned within the view radius and despawned
	// only beyond the radius plus this, so that one walking along the edge
	// is not spawned and despawned over and over. A receiver that moved
	// further than this since its set was computed has it recomputed at
	// once (a teleport).
	interestSlack = 16.0
	// spawnBatchBytes bounds the EntitySpawn entries of one EntitySpawns
	// message, well under the control stream's frame cap.
	spawnBatchBytes = 32 << 10
)

// Interest is a client's replication state: the entities it was told of
// (an EntitySpawn not followed by an EntityDespawn), in the order it was
// told. Every client's entity gets one; the replicate_entities system
// alone writes it.
type Interest struct {
	// held and ids are the entities held (the arche entity too, so that a
	// recycled arche slot is never mistaken for the entity held) and
	// their wire ids, side by side: the pass of every tick reads held only.
	held []ecs.Entity
	ids  []uint64
	// at is where the receiver stood when its set was last computed.
	at components.Position
	// computed: the set was computed once (the client got its spawns);
	// waiting: spawns were left for the next tick by SpawnsPerTick.
	computed, waiting bool
}

// Len returns the number of entities the client holds.
func (in *Interest) Len() int { return len(in.held) }

// Holds reports whether the client holds entity id (wire id).
func (in *Interest) Holds(id uint64) bool {
	return slices.Contains(in.ids, id)
}

// IDs returns the wire ids of the entities the client holds, ascending.
func (in *Interest) IDs() []uint64 {
	ids := slices.Clone(in.ids)
	slices.Sort(ids)
	return ids
}

// subject is one replicated entity, this tick. The pointers are into the
// world's storage, valid while the system runs (nothing structural
// happens meanwhile).
type subject struct {
	e     ecs.Entity
	id    uint64
	rep   *Replicated
	pos   *components.Position
	look  *components.Look
	vel   *components.Velocity
	body  *Body       // nil: none
	attrs *Attributes // nil: none
	// spawn indexes this tick's spawns, plus one (0: not built yet).
	spawn int32
	send  bool
}

// point is a subject's horizontal position: the distance checks read
// these, a small array, rather than the subjects.
type point struct{ x, z float64 }

// builtSpawn is a subject's EntitySpawn, built once per tick when first
// needed and shared by the messages of every receiver it enters (each is
// encoded at once), with its size.
type builtSpawn struct {
	msg  *protocol.EntitySpawn
	size int
}

// slot is what the per-tick table indexed by arche entity id holds: the
// generation of the entity that is a subject under that id, ref =
// (subject index+1)<<1 | 1 if it sends this tick (0: no subject), and its
// horizontal position in single precision, for the hysteresis check of
// what a client holds (a pass that then reads nothing else).
type slot struct {
	gen, ref uint32
	x, z     float32
}

// receiver is a client granted "entities" that has its roster.
type receiver struct {
	e      ecs.Entity
	id     uint64
	conn   components.Conn
	in     *Interest
	self   int32 // its own subject
	pos    components.Position
	radius float64
}

// candidate is an entity a recompute found within a receiver's radius
// that the receiver does not hold.
type candidate struct {
	sub int32
	d2  float64
}

// replicator is the replicate_entities system. Every tick it takes every
// replicated entity (players and plugin entities) as a subject, decides
// which of them send a PlayerState (moved, turned, or due for a refresh:
// the delta filter of the former broadcast_states) and encodes each one's
// once; then
//   - a client granted "entities" gets EntitySpawns for the entities
//     entering its view (recomputed every InterestEvery ticks, staggered,
//     nearest first and at most SpawnsPerTick a tick), EntityDespawns for
//     those that left it or the world, and the PlayerStates of those it
//     holds that send;
//   - a client granted only "player-states" gets what broadcast_states
//     sent it, byte for byte and in the same order: the PlayerStates of
//     the players within its view that send, or of all of them on the
//     tick its roster completed.
//
// Per tick, a receiver costs a pass over what it holds with array lookups
// (a table indexed by arche entity id); a recompute a few grid cells.
type replicator struct {
	cfg    Config
	stats  *Stats
	roster *gameplay.Roster

	players *generic.Filter9[components.Player, Replicated, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow, Interest]
	things  *generic.Filter6[Replicated, components.Position, components.Look, components.Velocity, Body, Attributes]
	bodies  generic.Map[Body]
	mapped  bool

	subs   []subject
	xz     []point // by subject
	encs   []transport.Encoded
	encAt  []int32 // by subject: index in encs plus one (0: not encoded yet)
	spawns []builtSpawn
	nplay  int    // subs[:nplay] are the players
	slots  []slot // by arche entity id
	stamp  []uint32
	serial uint32
	recv   []receiver
	keys   []cellKey // by subject: its cell
	grid   cellIndex // every subject, by cell, over keys
	built  bool      // grid is this tick's
	arena  transport.DatagramArena

	// The players' side for legacy receivers, by player subject.
	legacyConn   []components.Conn // nil: not a legacy receiver
	legacyRadius []float64
	legacyFresh  []bool
	legacyRecv   []bool
	legacyKeys   []cellKey // by player subject: its cell
	legacyGrid   cellIndex // the players, by cell, over legacyKeys
	legacyCand   [][]int32

	// watch lists, by arche entity id of a subject, the receivers that
	// hold it (the mirror of their Interests): a subject that sends is
	// queued to those, so a tick costs the states sent, not a pass over
	// everything every client holds.
	watch []watchers
	// rslots is the per-tick table of receivers, by arche entity id:
	// ref is the receiver's index plus one.
	rslots  []slot
	refused []bool // by receiver: its datagram queue refused a state
	// prev is last tick's subjects, to find those gone since (despawned,
	// or no longer replicated), whose holders are told at once; gone are
	// their despawns, by receiver.
	prev []ecs.Entity
	gone []goneEntity

	cand    []candidate
	despawn []uint64
	batch   []*protocol.EntitySpawn
}

// watchers are the receivers holding the entity of generation gen.
type watchers struct {
	gen  uint32
	list []ecs.Entity
}

// goneEntity is a despawn owed to receiver ri for an entity gone.
type goneEntity struct {
	ri int32
	id uint64
}

func newReplicator(cfg Config, stats *Stats) *replicator {
	return &replicator{
		cfg: cfg, stats: stats,
		players: generic.NewFilter9[components.Player, Replicated, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow, Interest](),
		things: generic.NewFilter6[Replicated, components.Position, components.Look, components.Velocity, Body, Attributes]().
			Optional(generic.T[Body](), generic.T[Attributes]()).Without(generic.T[components.Player]()),
	}
}

func (r *replicator) run(ctx *ecs.Context) {
	if !r.mapped {
		r.roster, _ = ecs.GetResource[gameplay.Roster](ctx.App)
		r.bodies = generic.NewMap[Body](ctx.World)
		r.mapped = true
	}
	now := ctx.Tick
	r.collect(ctx.World, now)
	r.stats.SpawnsWaiting = 0
	r.forgetGone()
	if r.hasLegacy() {
		r.legacyStates(now)
	}
	r.states(ctx.World, now)
	g := 0
	for i := range r.recv {
		r.despawn = r.despawn[:0]
		for ; g < len(r.gone) && r.gone[g].ri == int32(i); g++ {
			r.despawn = append(r.despawn, r.gone[g].id)
		}
		r.serve(now, &r.recv[i])
	}
}

// collect gathers the subjects (players first, in query order: the order
// broadcast_states saw them in), the receivers and the table by entity id.
func (r *replicator) collect(w *ecs.World, now uint64) {
	r.subs, r.xz, r.recv, r.built = r.subs[:0], r.xz[:0], r.recv[:0], false
	r.encs, r.spawns, r.encAt = r.encs[:0], r.spawns[:0], r.encAt[:0]
	r.legacyConn, r.legacyRadius, r.legacyFresh = r.legacyConn[:0], r.legacyRadius[:0], r.legacyFresh[:0]
	clear(r.slots)
	pq := r.players.Query(w)
	for pq.Next() {
		p, rep, pos, look, vel, snap, conn, f, in := pq.Get()
		if rep.ID == 0 {
			rep.ID, rep.Name = p.ID, p.Name
		}
		if rep.Kind == "" {
			rep.Kind = KindPlayer
		}
		e := pq.Entity()
		si := r.add(e, rep, pos, look, vel, now, false)
		var lconn components.Conn
		var fresh bool
		if c := conn.Conn; c != nil && snap.Joined {
			switch {
			case c.HasFeature(protocol.FeatureEntities):
				r.recv = append(r.recv, receiver{e: e, id: p.ID, conn: c, in: in, self: si, pos: *pos, radius: float64(f.Radius * 16)})
			case c.HasFeature(protocol.FeaturePlayerStates):
				lconn = c
				fresh = r.roster != nil && r.roster.Fresh(p.ID)
			}
		}
		r.legacyConn = append(r.legacyConn, lconn)
		r.legacyRadius = append(r.legacyRadius, float64(f.Radius*16))
		r.legacyFresh = append(r.legacyFresh, fresh)
	}
	r.nplay = len(r.subs)
	clear(r.rslots)
	for i := range r.recv {
		id := int(r.recv[i].e.ID())
		r.rslots = grow(r.rslots, id+1)
		r.rslots[id] = slot{gen: r.recv[i].e.Generation(), ref: uint32(i + 1)}
	}
	r.refused = slices.Grow(r.refused[:0], len(r.recv))[:len(r.recv)]
	clear(r.refused)
	tq := r.things.Query(w)
	for tq.Next() {
		rep, pos, look, vel, body, attrs := tq.Get()
		if rep.ID == 0 {
			continue // not spawned through the Registry: no wire id
		}
		si := r.add(tq.Entity(), rep, pos, look, vel, now, true)
		r.subs[si].body, r.subs[si].attrs = body, attrs
	}
}

// add appends a subject, applying the delta filter. A plugin entity that
// did not change is repeated SnapshotAll ticks after its last state, or
// sooner (half that at least) on the ticks its id picks: entities spawned
// together (a column loading, a herd) would otherwise all repeat on the
// same tick, for ever. Players keep the plain rule, which recordings of
// legacy clients hold.
func (r *replicator) add(e ecs.Entity, rep *Replicated, pos *components.Position, look *components.Look, vel *components.Velocity, now uint64, staggered bool) int32 {
	s := subject{e: e, id: rep.ID, pos: pos, look: look, vel: vel, rep: rep}
	due := now-rep.SentAt >= r.cfg.SnapshotAll
	if staggered {
		due = due || now-rep.SentAt >= r.cfg.SnapshotAll/2 && (now+rep.ID)%r.cfg.SnapshotAll == 0
	}
	if changed(rep, pos, look) || due || rep.SentAt == 0 {
		s.send = true
		rep.SentPos, rep.SentLook, rep.SentAt = *pos, *look, max(now, 1)
	}
	si := int32(len(r.subs))
	r.subs = append(r.subs, s)
	r.xz = append(r.xz, point{pos.X, pos.Z})
	r.encAt = append(r.encAt, 0)
	id := int(e.ID())
	r.slots = grow(r.slots, id+1)
	ref := uint32(si+1) << 1
	if s.send {
		ref |= 1
	}
	r.slots[id] = slot{gen: e.Generation(), ref: ref, x: float32(pos.X), z: float32(pos.Z)}
	return si
}

// lookup returns the slot of entity e this tick, or nil when e is not a
// subject (despawned, or no longer replicated).
func (r *replicator) lookup(e ecs.Entity) *slot {
	id := int(e.ID())
	if id >= len(r.slots) {
		return nil
	}
	s := &r.slots[id]
	if s.ref == 0 || s.gen != e.Generation() {
		return nil
	}
	return s
}

// sub returns the subject index of a slot.
func (s *slot) sub() int32 { return int32(s.ref>>1) - 1 }

// sends reports whether the slot's subject sends a PlayerState this tick.
func (s *slot) sends() bool { return s.ref&1 != 0 }

// encoded returns subject si's PlayerState datagram, encoded once per
// tick so that it is not encoded again for every receiver. Datagrams are
// carved from the arena's shared blocks, which are never written again:
// clients may keep them queued past the tick.
func (r *replicator) encoded(now uint64, si int32) transport.Encoded {
	if r.encAt[si] == 0 {
		s := &r.subs[si]
		r.encs = append(r.encs, r.arena.PlayerState(&transport.PlayerStateFields{
			EntityID: s.id, Tick: now,
			X: s.pos.X, Y: s.pos.Y, Z: s.pos.Z,
			Yaw: s.look.Yaw, Pitch: s.look.Pitch,
			VX: float32(s.vel.X), VY: float32(s.vel.Y), VZ: float32(s.vel.Z),
		}))
		r.encAt[si] = int32(len(r.encs))
	}
	return r.encs[r.encAt[si]-1]
}

// spawnOf returns subject si's EntitySpawn and its size.
func (r *replicator) spawnOf(now uint64, si int32) builtSpawn {
	s := &r.subs[si]
	if s.spawn == 0 {
		var body Body
		switch {
		case s.body != nil:
			body = *s.body
		case int(si) < r.nplay && r.bodies.Has(s.e):
			body = *r.bodies.Get(s.e) // players' is not in their query
		case int(si) < r.nplay:
			body = PlayerBody
		}
		sp := &protocol.EntitySpawn{
			EntityId: s.id, Kind: s.rep.Kind, Name: s.rep.Name, Tick: now,
			Position: protocol.V3(s.pos.X, s.pos.Y, s.pos.Z),
			Yaw:      s.look.Yaw, Pitch: s.look.Pitch,
			Velocity: protocol.V3f(float32(s.vel.X), float32(s.vel.Y), float32(s.vel.Z)),
			Width:    float32(body.Width), Height: float32(body.Height),
		}
		if s.attrs != nil {
			for _, a := range s.attrs.List {
				sp.Attributes = append(sp.Attributes, &protocol.EntityAttribute{Key: a.Key, Value: a.Value})
			}
		}
		// An estimate, for batching (proto.Size would walk it once more).
		size := 64 + len(sp.Kind) + len(sp.Name)
		for _, a := range sp.Attributes {
			size += 16 + len(a.Key)
		}
		r.spawns = append(r.spawns, builtSpawn{sp, size})
		s.spawn = int32(len(r.spawns))
	}
	return r.spawns[s.spawn-1]
}

// buildGrid indexes every subject by cell, once per tick and only when a
// receiver recomputes its set.
func (r *replicator) buildGrid() {
	if r.built {
		return
	}
	r.keys = r.keys[:0]
	for _, p := range r.xz {
		r.keys = append(r.keys, cellKey{cellOf(p.x, stateCell), cellOf(p.z, stateCell)})
	}
	r.grid.build(r.keys)
	r.built = true
}

// serve brings one "entities" receiver up to date, its PlayerStates sent:
// despawns of what it should no longer hold (r.despawn holds those of
// entities gone), and when its set is due, spawns of what entered its
// view.
func (r *replicator) serve(now uint64, rc *receiver) {
	in := rc.in
	dx, dz := rc.pos.X-in.at.X, rc.pos.Z-in.at.Z
	due := !in.computed || in.waiting || (now+rc.id)%r.cfg.InterestEvery == 0 ||
		dx*dx+dz*dz > interestSlack*interestSlack
	if due {
		r.serial++
		if r.serial == 0 { // wrapped: forget every old mark
			clear(r.stamp)
			r.serial = 1
		}
		if len(r.stamp) < len(r.subs) {
			r.stamp = slices.Grow(r.stamp, len(r.subs)-len(r.stamp))[:len(r.subs)]
		}
	}
	if due {
		// What it holds beyond the radius and slack goes; the rest is
		// marked, for the recompute to skip.
		keepR := rc.radius + interestSlack
		keep2 := keepR * keepR
		n := 0 // in.held[:n] are kept
		for i, e := range in.held {
			sl := r.lookup(e)
			if sl == nil { // no longer replicated: not seen by forgetGone when it never was a subject here
				r.despawn = append(r.despawn, in.ids[i])
				r.unwatch(e, rc.e)
				continue
			}
			ex, ez := float64(sl.x)-rc.pos.X, float64(sl.z)-rc.pos.Z
			if ex*ex+ez*ez > keep2 {
				r.despawn = append(r.despawn, in.ids[i])
				r.unwatch(e, rc.e)
				continue
			}
			r.stamp[sl.sub()] = r.serial
			in.held[n], in.ids[n] = e, in.ids[i]
			n++
		}
		in.held, in.ids = in.held[:n], in.ids[:n]
	}
	if len(r.despawn) > 0 {
		slices.Sort(r.despawn)
		enc := encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_EntityDespawns{EntityDespawns: &protocol.EntityDespawns{EntityIds: r.despawn}}})
		if rc.conn.SendEncoded(enc) {
			r.stats.Despawns += uint64(len(r.despawn))
		}
	}
	if due {
		r.recompute(now, rc)
	}
}

// recompute finds what entered rc's view (the subjects within its radius
// it does not hold, marked by serve) and sends the nearest SpawnsPerTick.
func (r *replicator) recompute(now uint64, rc *receiver) {
	in := rc.in
	r.buildGrid()
	r.cand = r.cand[:0]
	r2 := rc.radius * rc.radius
	span := int64(math.Ceil(rc.radius / stateCell))
	cx, cz := int64(cellOf(rc.pos.X, stateCell)), int64(cellOf(rc.pos.Z, stateCell))
	x0, x1 := r.grid.columns(cx-span, cx+span)
	for x := x0; x <= x1; x++ {
		for _, si := range r.grid.column(x, cz-span, cz+span) {
			if si == rc.self || r.stamp[si] == r.serial {
				continue
			}
			p := r.xz[si]
			ex, ez := p.x-rc.pos.X, p.z-rc.pos.Z
			if d2 := ex*ex + ez*ez; d2 <= r2 {
				r.cand = append(r.cand, candidate{si, d2})
			}
		}
	}
	in.at, in.computed, in.waiting = rc.pos, true, false
	if len(r.cand) == 0 {
		return
	}
	subs := r.subs
	slices.SortFunc(r.cand, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.d2, b.d2), cmp.Compare(subs[a.sub].id, subs[b.sub].id))
	})
	n := min(len(r.cand), r.cfg.SpawnsPerTick)
	if n < len(r.cand) {
		in.waiting = true
		r.stats.SpawnsWaiting += len(r.cand) - n
	}
	// Batches of at most spawnBatchBytes, each one message.
	for lo := 0; lo < n; {
		r.batch = r.batch[:0]
		size, hi := 0, lo
		for ; hi < n; hi++ {
			sp := r.spawnOf(now, r.cand[hi].sub)
			if len(r.batch) > 0 && size+sp.size > spawnBatchBytes {
				break
			}
			r.batch = append(r.batch, sp.msg)
			size += sp.size + 4
		}
		enc := encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_EntitySpawns{EntitySpawns: &protocol.EntitySpawns{Entities: r.batch}}})
		if !rc.conn.SendEncoded(enc) {
			in.waiting = true // try again next tick
			return
		}
		for _, c := range r.cand[lo:hi] {
			s := &r.subs[c.sub]
			in.held, in.ids = append(in.held, s.e), append(in.ids, s.id)
			r.addWatch(s.e, rc.e)
		}
		r.stats.Spawns += uint64(hi - lo)
		lo = hi
	}
}

// states queues the PlayerState of every subject that sends to every
// receiver that holds it (the subject's watchers), in subject order; a
// receiver whose datagram queue refused one gets no more this tick.
func (r *replicator) states(w *ecs.World, now uint64) {
	if len(r.recv) == 0 {
		return
	}
	for si := range r.subs {
		s := &r.subs[si]
		if !s.send {
			continue
		}
		id := int(s.e.ID())
		if id >= len(r.watch) || r.watch[id].gen != s.e.Generation() {
			continue
		}
		wl := &r.watch[id]
		for k := 0; k < len(wl.list); k++ {
			re := wl.list[k]
			ri, ok := r.receiverOf(re)
			if !ok {
				if !w.Alive(re) { // the client left: forget it
					wl.list[k] = wl.list[len(wl.list)-1]
					wl.list = wl.list[:len(wl.list)-1]
					k--
				}
				continue
			}
			if r.refused[ri] {
				continue
			}
			if r.recv[ri].conn.SendEncoded(r.encoded(now, int32(si))) {
				r.stats.States++
			} else {
				// Queue full (or no datagrams): the rest would be refused too.
				r.stats.StatesDropped++
				r.refused[ri] = true
			}
		}
	}
}

// forgetGone finds last tick's subjects that are no longer (despawned, or
// no longer replicated): each receiver holding one forgets it and owes a
// despawn this tick (r.gone, by receiver). Then this tick's subjects
// become the ones to compare the next tick with.
func (r *replicator) forgetGone() {
	r.gone = r.gone[:0]
	for _, e := range r.prev {
		if r.lookup(e) != nil {
			continue
		}
		id := int(e.ID())
		if id >= len(r.watch) || r.watch[id].gen != e.Generation() {
			continue
		}
		wl := &r.watch[id]
		for _, re := range wl.list {
			ri, ok := r.receiverOf(re)
			if !ok {
				continue // its next recompute finds it gone
			}
			in := r.recv[ri].in
			if i := slices.Index(in.held, e); i >= 0 {
				r.gone = append(r.gone, goneEntity{ri: ri, id: in.ids[i]})
				in.held, in.ids = slices.Delete(in.held, i, i+1), slices.Delete(in.ids, i, i+1)
			}
		}
		wl.list = wl.list[:0]
	}
	slices.SortStableFunc(r.gone, func(a, b goneEntity) int { return cmp.Compare(a.ri, b.ri) })
	r.prev = r.prev[:0]
	for i := range r.subs {
		r.prev = append(r.prev, r.subs[i].e)
	}
}

// receiverOf returns the index of receiver entity e this tick.
func (r *replicator) receiverOf(e ecs.Entity) (int32, bool) {
	id := int(e.ID())
	if id >= len(r.rslots) {
		return 0, false
	}
	s := r.rslots[id]
	if s.ref == 0 || s.gen != e.Generation() {
		return 0, false
	}
	return int32(s.ref) - 1, true
}

// addWatch records that receiver re holds subject e.
func (r *replicator) addWatch(e, re ecs.Entity) {
	id := int(e.ID())
	r.watch = grow(r.watch, id+1)
	wl := &r.watch[id]
	if wl.gen != e.Generation() {
		wl.gen, wl.list = e.Generation(), wl.list[:0]
	}
	wl.list = append(wl.list, re)
}

// unwatch records that receiver re no longer holds subject e.
func (r *replicator) unwatch(e, re ecs.Entity) {
	id := int(e.ID())
	if id >= len(r.watch) || r.watch[id].gen != e.Generation() {
		return
	}
	wl := &r.watch[id]
	if k := slices.Index(wl.list, re); k >= 0 {
		wl.list[k] = wl.list[len(wl.list)-1]
		wl.list = wl.list[:len(wl.list)-1]
	}
}

// grow extends s to at least n elements (zeroed), doubling.
func grow[T any](s []T, n int) []T {
	if n <= len(s) {
		return s
	}
	m, old := max(n, 2*len(s)), len(s)
	s = slices.Grow(s, m-old)[:m]
	clear(s[old:])
	return s
}

// hasLegacy reports whether some player receives states the old way.
func (r *replicator) hasLegacy() bool {
	return slices.ContainsFunc(r.legacyConn, func(c components.Conn) bool { return c != nil })
}

// legacyStates is the former broadcast_states for clients granted
// "player-states" but not "entities": the PlayerStates of the players
// that send (or, on the tick its roster completed, of every player)
// within the receiver's radius, itself excluded. The candidates are
// gathered once per receivers' cell (cells in the order of their first
// receiver), for the widest radius in it, and are the players of the
// cells around, column by column (X), each column's cells in Z order;
// each receiver then filters by its own radius.
func (r *replicator) legacyStates(now uint64) {
	work := false
	r.legacyKeys = r.legacyKeys[:0]
	r.legacyRecv = r.legacyRecv[:0]
	for i, p := range r.xz[:r.nplay] {
		r.legacyKeys = append(r.legacyKeys, cellKey{cellOf(p.x, stateCell), cellOf(p.z, stateCell)})
		r.legacyRecv = append(r.legacyRecv, r.legacyConn[i] != nil)
		work = work || r.subs[i].send || r.legacyFresh[i]
	}
	if !work {
		return
	}
	r.legacyGrid.build(r.legacyKeys)
	for _, c := range r.legacyGrid.runs(r.legacyRecv) {
		items := r.legacyGrid.items(c)
		widest := 0.0
		for _, ri := range items {
			if r.legacyRecv[ri] {
				widest = max(widest, r.legacyRadius[ri])
			}
		}
		span := int64(math.Ceil(widest / stateCell))
		r.legacyCand = r.legacyCand[:0]
		x0, x1 := r.legacyGrid.columns(int64(c.key.X)-span, int64(c.key.X)+span)
		for cx := x0; cx <= x1; cx++ {
			if col := r.legacyGrid.column(cx, int64(c.key.Z)-span, int64(c.key.Z)+span); len(col) > 0 {
				r.legacyCand = append(r.legacyCand, col)
			}
		}
		for _, ri := range items {
			if r.legacyRecv[ri] {
				r.legacyDeliver(now, ri)
			}
		}
	}
}

// legacyDeliver sends legacy receiver ri the states of the candidates
// within its radius: those due this tick, or all of them if it is fresh.
func (r *replicator) legacyDeliver(now uint64, ri int32) {
	rp := r.xz[ri]
	fresh := r.legacyFresh[ri]
	conn := r.legacyConn[ri]
	r2 := r.legacyRadius[ri] * r.legacyRadius[ri]
	for _, col := range r.legacyCand {
		for _, si := range col {
			if si == ri || !(r.subs[si].send || fresh) {
				continue
			}
			p := r.xz[si]
			dx, dz := p.x-rp.x, p.z-rp.z
			if dx*dx+dz*dz > r2 {
				continue
			}
			if !conn.SendEncoded(r.encoded(now, si)) {
				// Queue full (or no datagrams): the rest would be dropped too.
				r.stats.StatesDropped++
				return
			}
			r.stats.States++
		}
	}
}

// changed reports whether an entity moved more than 0.01 block or turned
// more than 0.5° since clients were last told of it.
func changed(rep *Replicated, pos *components.Position, look *components.Look) bool {
	dx, dy, dz := pos.X-rep.SentPos.X, pos.Y-rep.SentPos.Y, pos.Z-rep.SentPos.Z
	if dx*dx+dy*dy+dz*dz > 0.01*0.01 {
		return true
	}
	if look.Yaw == rep.SentLook.Yaw && look.Pitch == rep.SentLook.Pitch {
		return false // most entities do not turn: spare the modulo
	}
	return angleDiff(look.Yaw, rep.SentLook.Yaw) > 0.5 || math.Abs(float64(look.Pitch-rep.SentLook.Pitch)) > 0.5
}

// angleDiff is the absolute difference of two angles in degrees, modulo
// a full turn (359° and 1° are 2° apart).
func angleDiff(a, b float32) float64 {
	d := math.Mod(math.Abs(float64(a)-float64(b)), 360)
	return min(d, 360-d)
}

// encode frames a control message once (it is copied into the frame, so
// the message may be reused after).
func encode(m *protocol.ServerMessage) transport.Encoded {
	enc, err := transport.EncodeControl(m)
	if err != nil {
		panic(err) // only messages well under the cap are encoded here
	}
	return enc
}
