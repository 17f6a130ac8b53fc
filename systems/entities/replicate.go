package entities

import (
	"cmp"
	"math"
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
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
	// frames are the client's buffers for its batches of states
	// (feature state-batches), reused once its connection sent them.
	frames wire.OwnedFrames
	// feats are the features of the client's connection that replication
	// looks at, read once (featsRead): a connection's features do not
	// change, and asking it for them every tick cost a call and a cache
	// miss per client.
	feats     uint8
	featsRead bool
}

// Bits of Interest.feats.
const (
	featEntities uint8 = 1 << iota
	featPlayerStates
	featCompact
	featBatches
	featPredicted
)

// features returns c's features that replication looks at, reading them
// the first time only.
func (in *Interest) features(c components.Conn) uint8 {
	if !in.featsRead {
		for _, f := range []struct {
			name string
			bit  uint8
		}{
			{protocol.FeatureEntities, featEntities}, {protocol.FeaturePlayerStates, featPlayerStates},
			{protocol.FeatureCompactStates, featCompact}, {protocol.FeatureStateBatches, featBatches},
			{protocol.FeaturePredictedStates, featPredicted},
		} {
			if c.HasFeature(f.name) {
				in.feats |= f.bit
			}
		}
		in.featsRead = true
	}
	return in.feats
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
	// send: it sends this tick to the receivers without
	// "predicted-states" (the delta filter); psend: to those with it
	// (the predicted track).
	send, psend bool
}

// point is a subject's horizontal position: the distance checks read
// these, a small array, rather than the subjects.
type point struct{ x, z float64 }

// builtSpawn is a subject's EntitySpawn, built once per tick and worker
// when first needed and shared by the messages of every receiver it
// enters (each is encoded at once), with its size.
type builtSpawn struct {
	msg  *protocol.EntitySpawn
	size int
}

// slot is what the per-tick table indexed by arche entity id holds: the
// generation of the entity that is a subject under that id, ref =
// (subject index+1)<<2 | 1 if it sends this tick to the receivers without
// "predicted-states" | 2 if to those with it (0: no subject), and its
// horizontal position in single precision, for the hysteresis check of
// what a client holds (a pass that then reads nothing else).
type slot struct {
	gen, ref uint32
	x, z     float32
}

// packedState is, by arche entity id, a sending subject's CompactState
// datagram for the receivers granted "state-batches": its length, then its
// bytes (a length of 0: too long, it is in replicator.compact). A batch
// reads a state from one cache line, where an Encoded would take a second
// miss to reach its bytes. Written only for the subjects that send, and
// read only for them (the slot says which): never cleared.
type packedState [48]byte

// receiver is a client granted "entities" that has its roster.
type receiver struct {
	e      ecs.Entity
	id     uint64
	conn   components.Conn
	in     *Interest
	self   int32 // its own subject
	pos    components.Position
	radius float64
	due    bool // its set is recomputed this tick
	// repeats: it is granted "predicted-states" and this is one of its
	// refresh ticks ((tick+id) % PredictAll == 0): every entity it holds
	// that does not send this tick and sent within RepeatWithin ticks (all
	// of them when repeatAll: (tick+id) % RepeatAll == 0) is sent again as
	// it was last sent.
	repeats, repeatAll bool
	// compact: it is sent CompactStates instead of PlayerStates (feature
	// "compact-states"); batched: in as few datagrams as hold them
	// (feature "state-batches", with "compact-states"); predicted: it
	// extrapolates, and is sent the states of the predicted track
	// (feature "predicted-states").
	compact, batched, predicted bool
}

// forms are the forms of a state that some receiver of a track takes this
// tick: a PlayerState (full), a lone CompactState (compacted), a
// CompactState in a batch (batched).
type forms struct{ full, compacted, batched bool }

func (f forms) or(g forms) forms {
	return forms{f.full || g.full, f.compacted || g.compacted, f.batched || g.batched}
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
//   - a client granted "entities" gets the PlayerStates of the entities
//     it holds that send, in subject order (CompactStates if granted
//     "compact-states" too); EntityDespawns for those that
//     left the world or its view; and EntitySpawns for the entities
//     entering its view (recomputed every InterestEvery ticks, staggered,
//     nearest first and at most SpawnsPerTick a tick);
//   - a client granted only "player-states" gets what broadcast_states
//     sent it, byte for byte and in the same order: the PlayerStates of
//     the players within its view that send, or of all of them on the
//     tick its roster completed.
//
// The subjects are gathered on the tick goroutine; their PlayerStates are
// encoded, and the "entities" receivers served, in parallel loops: a
// receiver's pass reads the subjects and writes only its own Interest,
// its connection and its worker's scratch (and logs what it spawned and
// despawned, for the holders index, applied after the loop), so what each
// client is sent, and in which order, does not depend on the number of
// workers. A receiver served costs a pass over what it holds with array
// lookups (a table indexed by arche entity id); a recompute a few grid
// cells; one with nothing to do this tick (mark) costs nothing.
type replicator struct {
	cfg    Config
	stats  *Stats
	roster *gameplay.Roster
	par    *ecs.Parallel

	players *generic.Filter9[components.Player, Replicated, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow, Interest]
	things  *generic.Filter6[Replicated, components.Position, components.Look, components.Velocity, Body, Attributes]
	bodies  generic.Map[Body]
	mapped  bool

	subs []subject
	xz   []point        // by subject
	encs []wire.Encoded // by subject: its PlayerState (nil bytes: not encoded)
	// encsPred is, by subject, its predicted track's PlayerState, compacted
	// (the receivers granted "predicted-states" without "compact-states").
	encsPred []wire.Encoded
	// compact is, by subject, its CompactState, for the receivers granted
	// "compact-states"; each form of a subject's state is encoded only
	// when it sends on a track some receiver of this tick takes that form
	// on: forms[0] the receivers without "predicted-states", forms[1]
	// those with it (batched: packed).
	compact []wire.Encoded
	forms   [2]forms
	// predicting: some receiver is granted "predicted-states" (the
	// predicted track is evaluated only then).
	predicting bool
	packed     []packedState // by arche entity id
	// track is, by arche entity id, the CompactState datagram of the
	// state the predicted track last sent (a length of 0: not kept, to be
	// encoded from Replicated's Pred fields), for receivers' repeats.
	track   []packedState
	trackAt []uint64 // by arche entity id: the tick of track's state
	nplay   int      // subs[:nplay] are the players
	slots   []slot   // by arche entity id
	// sending and gone are the ids of the subjects that send this tick,
	// and of last tick's subjects that are no longer (prev); psending
	// those that send on the predicted track.
	sending, psending, gone bits
	anyGone                 bool
	prev                    []ecs.Entity
	recv                    []receiver
	keys                    []cellKey // by subject: its cell
	grid                    cellIndex // every subject, by cell, over keys
	// gridXZ is xz in grid.order's order: a recompute reads the points of
	// a few cells' subjects one after the other, not each from its own
	// place.
	gridXZ []point

	// holders is, by arche entity id, the receivers holding the subject
	// under that id (holderGen: its generation): a tick serves only the
	// receivers that recompute, repeat, or hold something that sends or
	// went (active), not every one. Kept up by the workers' logs of what
	// they spawned and despawned.
	holders   [][]ecs.Entity
	holderGen []uint32
	recvAt    []int32 // by arche entity id: index+1 in recv (0: none)
	marked    []bool  // by receiver: it holds something that sends or went
	active    []int32 // the receivers served this tick
	marking   bool    // marking paid last time it was tried
	goneList  []ecs.Entity

	workers []replWorker
	// frames recycles the bytes of each receiver's own spawns and
	// despawns, which its connection gives back once written.
	frames wire.FramePool

	// The players' side for legacy receivers, by player subject.
	legacyConn   []components.Conn // nil: not a legacy receiver
	legacyRadius []float64
	legacyFresh  []bool
	legacyRecv   []bool
	legacyKeys   []cellKey // by player subject: its cell
	legacyGrid   cellIndex // the players, by cell, over legacyKeys
	legacyCand   [][]int32
}

// replWorker is one goroutine's scratch in the parallel loops, and its
// counts, added to Stats after them.
type replWorker struct {
	arena wire.DatagramArena
	// states is the CompactStates datagram being filled for the receiver
	// served, if it is granted "state-batches"; slab makes the buffers
	// receivers keep for them.
	states wire.StateBatch
	slab   wire.FrameSlab
	// stamp marks, by subject, what the receiver being recomputed holds
	// (stamp[si] == serial).
	stamp  []uint32
	serial uint32
	// spawnAt indexes spawns by subject, plus one (0: not built yet);
	// [1] the spawns of the predicted track's state.
	spawnAt [2][]int32
	spawns  []builtSpawn
	sends   []int32
	cand    []candidate
	despawn []uint64
	// gave and took log, receiver by receiver, the subjects spawned to and
	// despawned from it, for the holders index.
	gave, took []holding
	repeat     []byte // a repeated state's CompactState, for a batch
	batch      []*protocol.EntitySpawn
	msgs       *shells
	stats      Stats
	// touched keeps touch's reads from being optimised away.
	touched uint32
}

// holding is a receiver holding a subject, for the holders index.
type holding struct{ subject, receiver ecs.Entity }

// shells are a worker's messages for a receiver's spawns and despawns,
// refilled for each: one is framed before the next fills it.
type shells struct {
	spawns       protocol.EntitySpawns
	despawns     protocol.EntityDespawns
	spawnsKind   protocol.ServerMessage_EntitySpawns
	despawnsKind protocol.ServerMessage_EntityDespawns
	msg          protocol.ServerMessage
}

// spawnsMsg returns the worker's EntitySpawns message of es.
func (w *replWorker) spawnsMsg(es []*protocol.EntitySpawn) *protocol.ServerMessage {
	m := w.shells()
	m.spawns.Entities = es
	m.spawnsKind.EntitySpawns = &m.spawns
	m.msg.Kind = &m.spawnsKind
	return &m.msg
}

// despawnsMsg returns the worker's EntityDespawns message of ids.
func (w *replWorker) despawnsMsg(ids []uint64) *protocol.ServerMessage {
	m := w.shells()
	m.despawns.EntityIds = ids
	m.despawnsKind.EntityDespawns = &m.despawns
	m.msg.Kind = &m.despawnsKind
	return &m.msg
}

func (w *replWorker) shells() *shells {
	if w.msgs == nil {
		w.msgs = new(shells)
	}
	return w.msgs
}

// Grains of the parallel loops: subjects encoded, receivers served.
const (
	encodeGrain  = 512
	receiveGrain = 16
)

func newReplicator(cfg Config, stats *Stats, par *ecs.Parallel) *replicator {
	return &replicator{
		cfg: cfg, stats: stats, par: par,
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
	for len(r.workers) < r.par.Workers() {
		r.workers = append(r.workers, replWorker{})
	}
	r.collect(ctx.World)
	r.filter(now)
	// Two passes that share nothing but what they read, side by side.
	r.par.For(2, 1, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			if i == 0 {
				r.forgetGone()
			} else {
				r.prepare(now)
			}
		}
	})
	r.stats.SpawnsWaiting = 0
	if r.hasLegacy() {
		r.legacyStates(now)
	}
	if len(r.recv) == 0 {
		return
	}
	r.mark(ctx.World, now)
	r.par.For(len(r.active), receiveGrain, func(worker, lo, hi int) {
		w := &r.workers[worker]
		act := r.active[lo:hi]
		w.touch(r.recv, act)
		for _, ri := range act {
			r.serve(w, now, &r.recv[ri])
		}
	})
	r.keepHolders()
	for i := range r.workers {
		st := &r.workers[i].stats
		r.stats.Spawns += st.Spawns
		r.stats.Despawns += st.Despawns
		r.stats.States += st.States
		r.stats.Repeats += st.Repeats
		r.stats.StatesDropped += st.StatesDropped
		r.stats.SpawnsWaiting += st.SpawnsWaiting
		clear(r.workers[i].batch) // drop the tick's messages
	}
}

// collect gathers the subjects (players first, in query order: the order
// broadcast_states saw them in) and the receivers, and sizes the tables
// by entity id for them.
func (r *replicator) collect(w *ecs.World) {
	r.subs, r.recv = r.subs[:0], r.recv[:0]
	r.forms, r.predicting = [2]forms{}, false
	r.legacyConn, r.legacyRadius, r.legacyFresh = r.legacyConn[:0], r.legacyRadius[:0], r.legacyFresh[:0]
	var top uint32
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
		top = max(top, e.ID())
		si := int32(len(r.subs))
		r.subs = append(r.subs, subject{e: e, id: rep.ID, pos: pos, look: look, vel: vel, rep: rep})
		var lconn components.Conn
		var fresh bool
		if c := conn.Conn; c != nil && snap.Joined {
			switch feats := in.features(c); {
			case feats&featEntities != 0:
				compact := feats&featCompact != 0
				batched := compact && feats&featBatches != 0
				predicted := feats&featPredicted != 0
				track := 0
				if predicted {
					track, r.predicting = 1, true
				}
				r.forms[track] = r.forms[track].or(forms{full: !compact, compacted: compact && !batched, batched: batched})
				r.recv = append(r.recv, receiver{e: e, id: p.ID, conn: c, in: in, self: si, pos: *pos, radius: float64(f.Radius * 16), compact: compact, batched: batched, predicted: predicted})
			case feats&featPlayerStates != 0:
				lconn = c
				fresh = r.roster != nil && r.roster.Fresh(p.ID)
			}
		}
		r.legacyConn = append(r.legacyConn, lconn)
		r.legacyRadius = append(r.legacyRadius, float64(f.Radius*16))
		r.legacyFresh = append(r.legacyFresh, fresh)
	}
	r.nplay = len(r.subs)
	tq := r.things.Query(w)
	for tq.Next() {
		rep, pos, look, vel, body, attrs := tq.Get()
		if rep.ID == 0 {
			continue // not spawned through the Registry: no wire id
		}
		e := tq.Entity()
		top = max(top, e.ID())
		r.subs = append(r.subs, subject{e: e, id: rep.ID, pos: pos, look: look, vel: vel, rep: rep, body: body, attrs: attrs})
	}
	n := len(r.subs)
	r.xz = slices.Grow(r.xz[:0], n)[:n]
	r.keys = slices.Grow(r.keys[:0], n)[:n]
	// filter empties each subject's encodings in its parallel loop.
	r.encs = slices.Grow(r.encs[:0], n)[:n]
	r.compact = slices.Grow(r.compact[:0], n)[:n]
	r.encsPred = slices.Grow(r.encsPred[:0], n)[:n]

	if n > 0 {
		r.slots = grow(r.slots, int(top)+1)
		if r.forms[0].batched || r.forms[1].batched {
			r.packed = grow(r.packed, int(top)+1)
		}
		if r.predicting {
			r.track = grow(r.track, int(top)+1)
			r.trackAt = grow(r.trackAt, int(top)+1)
		}
	}
	clear(r.slots)
}

// filter applies the delta filter to every subject and fills the tables
// of the tick, in a parallel loop (each subject writes only its own
// entries and its entity's Replicated), encoding the PlayerState of each
// that sends once for all its "entities" receivers (and its CompactState
// once for those granted "compact-states"); then it marks those
// that send. Datagrams are carved from the workers' arenas, whose blocks
// are never written again: clients may keep them queued past the tick.
//
// A plugin entity that did not change is repeated SnapshotAll ticks after
// its last state, or sooner (half that at least) on the ticks its id
// picks: entities spawned together (a column loading, a herd) would
// otherwise all repeat on the same tick, for ever. Players keep the plain
// rule, which recordings of legacy clients hold.
//
// While some receiver is granted "predicted-states", each subject also
// has the predicted track (predicts): a second send bit, for those
// receivers alone, and the same state encoded when either bit is set
// (each form only if some receiver of a track that sends takes it).
func (r *replicator) filter(now uint64) {
	all, half := r.cfg.SnapshotAll, r.cfg.SnapshotAll/2
	r.par.For(len(r.subs), encodeGrain, func(worker, lo, hi int) {
		w := &r.workers[worker]
		for si := lo; si < hi; si++ {
			s := &r.subs[si]
			r.encs[si], r.compact[si], r.encsPred[si] = wire.Encoded{}, wire.Encoded{}, wire.Encoded{}
			rep, pos := s.rep, s.pos
			due := now-rep.SentAt >= all
			if si >= r.nplay {
				due = due || now-rep.SentAt >= half && (now+rep.ID)%all == 0
			}
			ref := uint32(si+1) << 2
			var need forms
			if changed(rep, pos, s.look) || due || rep.SentAt == 0 {
				s.send = true
				rep.SentPos, rep.SentLook, rep.SentAt = *pos, *s.look, max(now, 1)
				ref |= 1
				need = r.forms[0]
			}
			if r.predicting && r.predicts(now, rep, pos, s.look, s.vel) {
				s.psend = true
				rep.PredAt = max(now, 1)
				if r.cfg.RefreshPerEntity {
					rep.PredPos, rep.PredLook = *pos, *s.look
					rep.PredVel = components.Velocity{X: float64(float32(s.vel.X)), Y: float64(float32(s.vel.Y)), Z: float64(float32(s.vel.Z))}
				} else {
					rep.PredPos, rep.PredLook, rep.PredVel = compacted(*pos, *s.look, *s.vel)
				}
				ref |= 2
				need = need.or(r.forms[1])
			}
			var v *wire.PlayerStateFields
			if s.send || s.psend {
				v = r.stateOf(now, int32(si))
				if need.full {
					r.encs[si] = w.arena.PlayerState(v)
				}
				if s.psend && r.forms[1].full && !r.cfg.RefreshPerEntity {
					r.encsPred[si] = w.arena.PlayerState(r.trackOf(int32(si)))
				}
				if need.compacted {
					r.compact[si] = w.arena.CompactState(v)
				}
			}
			r.xz[si] = point{pos.X, pos.Z}
			r.keys[si] = cellKey{cellOf(pos.X, stateCell), cellOf(pos.Z, stateCell)}
			r.slots[s.e.ID()] = slot{gen: s.e.Generation(), ref: ref, x: float32(pos.X), z: float32(pos.Z)}
			if need.batched {
				ps := &r.packed[s.e.ID()]
				if b := wire.AppendCompactState(ps[1:1], v); len(b) < len(ps) {
					ps[0] = byte(len(b))
				} else {
					ps[0] = 0 // the append wrote it elsewhere
					if r.compact[si].Bytes() == nil {
						r.compact[si] = w.arena.CompactState(v)
					}
				}
			}
			if s.psend {
				r.trackAt[s.e.ID()] = rep.PredAt
				if t := &r.track[s.e.ID()]; r.forms[1].batched {
					*t = r.packed[s.e.ID()]
				} else {
					t[0] = 0
				}
			}
		}
	})
	r.sending.reset(len(r.slots))
	if r.predicting {
		r.psending.reset(len(r.slots))
	}
	for i := range r.subs {
		s := &r.subs[i]
		if s.send {
			r.sending.set(s.e.ID())
		}
		if s.psend {
			r.psending.set(s.e.ID())
		}
	}
}

// predicts reports whether an entity sends on the predicted track this
// tick (feature "predicted-states"): never sent on it; or where it is lies
// more than protocol.PredictedPositionError blocks from where a client
// extrapolating its last state draws it now (PredPos +
// PredVel·(now−PredAt)/TPS); or it turned more than 0.5°; or its velocity
// differs from the one sent by more than protocol.PredictedVelocityError
// blocks per second (a stop, a turn, a start: sent at once, before the
// drift shows). The track holds the state as a CompactState carries it
// (compacted), so the extrapolation it makes is the clients', however
// long ago it was sent; lost datagrams heal by each receiver's repeats
// (receiver.repeats). Under Config.RefreshPerEntity (older recordings)
// the track holds full precision, and instead of repeats every entity is
// refreshed every PredictAll ticks on the ticks its id picks ((now+id) %
// PredictAll == 0), whatever it sent between: entities spawned or seen
// together (a column loading, a herd, players joining at once) refresh on
// PredictAll different ticks, not together for ever (the other track's
// rule, a refresh a full interval after the last state, keeps a shared
// phase). A pure function of the entity's state and its track.
func (r *replicator) predicts(now uint64, rep *Replicated, pos *components.Position, look *components.Look, vel *components.Velocity) bool {
	if rep.PredAt == 0 {
		return true
	}
	el := now - rep.PredAt
	if r.cfg.RefreshPerEntity && (el >= r.cfg.PredictAll || (now+rep.ID)%r.cfg.PredictAll == 0) {
		return true
	}
	dt := float64(el) / r.cfg.TPS
	p, v := &rep.PredPos, &rep.PredVel
	dx, dy, dz := pos.X-(p.X+v.X*dt), pos.Y-(p.Y+v.Y*dt), pos.Z-(p.Z+v.Z*dt)
	const perr = protocol.PredictedPositionError
	if dx*dx+dy*dy+dz*dz > perr*perr {
		return true
	}
	ux, uy, uz := vel.X-v.X, vel.Y-v.Y, vel.Z-v.Z
	const verr = protocol.PredictedVelocityError
	if ux*ux+uy*uy+uz*uz > verr*verr {
		return true
	}
	if look.Yaw == rep.PredLook.Yaw && look.Pitch == rep.PredLook.Pitch {
		return false
	}
	return angleDiff(look.Yaw, rep.PredLook.Yaw) > 0.5 || math.Abs(float64(look.Pitch-rep.PredLook.Pitch)) > 0.5
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
func (s *slot) sub() int32 { return int32(s.ref>>2) - 1 }

// sends reports whether the slot's subject sends a state this tick to the
// receivers with "predicted-states" (predicted) or to the others.
func (s *slot) sends(predicted bool) bool {
	if predicted {
		return s.ref&2 != 0
	}
	return s.ref&1 != 0
}

// stateOf returns subject si's state, for its datagrams.
func (r *replicator) stateOf(now uint64, si int32) *wire.PlayerStateFields {
	s := &r.subs[si]
	return &wire.PlayerStateFields{
		EntityID: s.id, Tick: now,
		X: s.pos.X, Y: s.pos.Y, Z: s.pos.Z,
		Yaw: s.look.Yaw, Pitch: s.look.Pitch,
		VX: float32(s.vel.X), VY: float32(s.vel.Y), VZ: float32(s.vel.Z),
	}
}

// encoded returns subject si's PlayerState datagram, encoding it on first
// use when it does not send this tick (a fresh legacy receiver gets every
// player's). Tick goroutine only.
func (r *replicator) encoded(now uint64, si int32) wire.Encoded {
	if r.encs[si].Bytes() == nil {
		r.encs[si] = r.workers[0].arena.PlayerState(r.stateOf(now, si))
	}
	return r.encs[si]
}

// spawnOf returns subject si's EntitySpawn and its size, built once per
// tick by each worker that needs it. A receiver granted "predicted-states"
// (predicted) gets the state of the predicted track, which the others
// granted it extrapolate: its tick is PredAt, however long ago (filter
// has set the track this tick if it had none).
func (r *replicator) spawnOf(w *replWorker, now uint64, si int32, predicted bool) builtSpawn {
	track := 0
	if predicted {
		track = 1
	}
	at := grow(w.spawnAt[track], int(si)+1)
	w.spawnAt[track] = at
	if at[si] != 0 {
		return w.spawns[at[si]-1]
	}
	s := &r.subs[si]
	tick, pos, look, vel := now, *s.pos, *s.look, *s.vel
	if predicted {
		tick, pos, look, vel = s.rep.PredAt, s.rep.PredPos, s.rep.PredLook, s.rep.PredVel
	}
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
		EntityId: s.id, Kind: s.rep.Kind, Name: s.rep.Name, Tick: tick,
		Position: protocol.V3(pos.X, pos.Y, pos.Z),
		Yaw:      look.Yaw, Pitch: look.Pitch,
		Velocity: protocol.V3f(float32(vel.X), float32(vel.Y), float32(vel.Z)),
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
	w.spawns = append(w.spawns, builtSpawn{sp, size})
	at[si] = int32(len(w.spawns))
	return w.spawns[len(w.spawns)-1]
}

// prepare readies the workers' scratch, decides which receivers
// recompute their sets this tick, and when any does, indexes every
// subject by cell for them.
func (r *replicator) prepare(now uint64) {
	for i := range r.workers {
		w := &r.workers[i]
		w.spawns, w.stats = w.spawns[:0], Stats{}
		for k := range w.spawnAt {
			w.spawnAt[k] = slices.Grow(w.spawnAt[k][:0], len(r.subs))[:len(r.subs)]
			clear(w.spawnAt[k])
		}
	}
	some := false
	for i := range r.recv {
		rc := &r.recv[i]
		in := rc.in
		dx, dz := rc.pos.X-in.at.X, rc.pos.Z-in.at.Z
		rc.due = !in.computed || in.waiting || (now+rc.id)%r.cfg.InterestEvery == 0 ||
			dx*dx+dz*dz > interestSlack*interestSlack
		rc.repeats = rc.predicted && !r.cfg.RefreshPerEntity && (now+rc.id)%r.cfg.PredictAll == 0
		rc.repeatAll = rc.repeats && (now+rc.id)%r.cfg.RepeatAll == 0
		some = some || rc.due
	}
	if !some {
		return
	}
	r.grid.build(r.keys)
	r.gridXZ = slices.Grow(r.gridXZ[:0], len(r.grid.order))[:len(r.grid.order)]
	for k, si := range r.grid.order {
		r.gridXZ[k] = r.xz[si]
	}
	for i := range r.workers {
		w := &r.workers[i]
		if len(w.stamp) < len(r.subs) {
			w.stamp = slices.Grow(w.stamp, len(r.subs)-len(w.stamp))[:len(r.subs)]
		}
	}
}

// serve brings one "entities" receiver up to date: the PlayerStates of
// what it holds that sends, in the order it was told of them (a refused
// one ends them: the rest would be refused too); despawns of what is no
// longer a subject and, when its set is due, of what is beyond its radius
// and slack; then spawns of what entered its view. A tick that does not
// recompute its set reads, per entity held, two bits of small tables and
// only for those that send their slot.
func (r *replicator) serve(w *replWorker, now uint64, rc *receiver) {
	in := rc.in
	if rc.due {
		w.serial++
		if w.serial == 0 { // wrapped: forget every old mark
			clear(w.stamp)
			w.serial = 1
		}
	}
	keepR := rc.radius + interestSlack
	keep2 := keepR * keepR
	refused := false
	// Only the form this receiver takes is read: a table each, by subject.
	states := r.encs
	switch {
	case rc.compact:
		states = r.compact
	case rc.predicted && !r.cfg.RefreshPerEntity:
		states = r.encsPred
	}
	sending := &r.sending
	if rc.predicted {
		sending = &r.psending
	}
	send := func(sl *slot, id uint32) {
		if refused {
			return
		}
		si := sl.sub()
		if !sl.sends(rc.predicted) {
			if r.repeatsTo(rc, now, id) {
				refused = !r.repeat(w, rc, si, id)
			}
			return
		}
		if rc.batched {
			ps := &r.packed[id]
			state := ps[1 : 1+ps[0]]
			if ps[0] == 0 {
				state = r.compact[si].Bytes()
			}
			refused = !r.batchState(w, rc, state)
			return
		}
		refused = !r.sendState(w, rc, states[si])
	}
	if rc.repeats && rc.batched {
		// Read every held entity's last state once first: loads that do
		// not wait for one another, where the pass below would take
		// them a few at a time between its copies.
		var sum byte
		for _, e := range in.held {
			if id := int(e.ID()); id < len(r.track) && r.repeatsTo(rc, now, uint32(id)) {
				sum += r.track[id][0]
			}
		}
		w.touched += uint32(sum)
	}
	w.despawn = w.despawn[:0]
	gone := r.anyGone
	n := 0 // in.held[:n] are kept; written only once one is not
	drop := func(i int) {
		w.despawn = append(w.despawn, in.ids[i])
		w.took = append(w.took, holding{in.held[i], rc.e})
	}
	for i, e := range in.held {
		id := e.ID()
		if gone && r.gone.has(id) {
			drop(i)
			continue
		}
		if rc.due {
			sl := r.lookup(e)
			if sl == nil { // no longer replicated, and not seen leaving
				drop(i)
				continue
			}
			send(sl, id)
			ex, ez := float64(sl.x)-rc.pos.X, float64(sl.z)-rc.pos.Z
			if ex*ex+ez*ez > keep2 {
				drop(i)
				continue
			}
			w.stamp[sl.sub()] = w.serial
		} else if rc.repeats || sending.has(id) {
			if sl := &r.slots[id]; sl.ref != 0 && sl.gen == e.Generation() {
				send(sl, id)
			}
		}
		if n != i {
			in.held[n], in.ids[n] = e, in.ids[i]
		}
		n++
	}
	in.held, in.ids = in.held[:n], in.ids[:n]
	if rc.batched && !refused {
		r.flush(w, rc)
	}
	if len(w.despawn) > 0 {
		slices.Sort(w.despawn)
		enc := r.encode(w.despawnsMsg(w.despawn))
		if rc.conn.SendEncoded(enc) {
			w.stats.Despawns += uint64(len(w.despawn))
		} else {
			enc.Release()
		}
	}
	if rc.due {
		r.recompute(w, now, rc)
	}
}

// repeat sends receiver rc subject si's state (arche entity id) as the
// predicted track last sent it (its tick is PredAt: a client that got it
// keeps what it has), in the form rc takes, and reports whether the
// connection took it.
func (r *replicator) repeat(w *replWorker, rc *receiver, si int32, id uint32) bool {
	t := &r.track[id]
	state := t[1 : 1+t[0]]
	var v *wire.PlayerStateFields
	if t[0] == 0 || !rc.batched {
		if r.subs[si].rep.PredAt == 0 {
			return true // never sent: nothing to repeat
		}
		v = r.trackOf(si)
	}
	var ok bool
	switch {
	case rc.batched:
		if t[0] == 0 {
			w.repeat = wire.AppendCompactState(w.repeat[:0], v)
			state = w.repeat
		}
		ok = r.batchState(w, rc, state)
	case rc.compact:
		ok = r.sendState(w, rc, w.arena.CompactState(v))
	default:
		ok = r.sendState(w, rc, w.arena.PlayerState(v))
	}
	if ok {
		w.stats.Repeats++
	}
	return ok
}

// repeatsTo reports whether receiver rc is sent entity id's last state again
// this tick if it does not send: a refresh tick of rc's, and the state
// sent within RepeatWithin ticks or a tick repeating all.
func (r *replicator) repeatsTo(rc *receiver, now uint64, id uint32) bool {
	return rc.repeats && (rc.repeatAll || now-r.trackAt[id] <= r.cfg.RepeatWithin)
}

// batchState adds a state's CompactState to rc's batch (feature
// "state-batches"), sending the batch first when it is full, and reports
// whether the connection took it.
func (r *replicator) batchState(w *replWorker, rc *receiver, state []byte) bool {
	if !w.states.AddBytes(state) {
		// Full: this one starts the next datagram.
		if !r.flush(w, rc) {
			return false
		}
		w.states.AddBytes(state)
	}
	w.stats.States++
	return true
}

// sendState sends rc one state datagram and reports whether its queue
// took it: when full (or it takes no datagrams), the rest would be
// refused too.
func (r *replicator) sendState(w *replWorker, rc *receiver, enc wire.Encoded) bool {
	if !rc.conn.SendEncoded(enc) {
		w.stats.StatesDropped++
		return false
	}
	w.stats.States++
	return true
}

// mark decides which receivers are served this tick (active, in recv
// order): those whose set is due, those repeating, and those holding a
// subject that sends on their track or went. The others would do nothing:
// their pass over what they hold is skipped. Holders of a subject that
// went are forgotten with it; a holder that is no longer alive is dropped
// when met.
//
// Where nearly every receiver has something to do every tick (each
// holds many critters, some of which always turn or stop), marking is
// work for nothing: once it leaves fewer than a quarter of the receivers
// idle, every receiver is served (as marking would have, less the idle
// ones' passes, which send nothing) and marking is tried again every
// markProbe ticks.
func (r *replicator) mark(w *ecs.World, now uint64) {
	n := len(r.slots)
	r.holders, r.holderGen = grow(r.holders, n), grow(r.holderGen, n)
	r.active = r.active[:0]
	if r.cfg.serveAll || !r.marking && now%markProbe != 0 {
		for _, e := range r.goneList {
			r.forgetHolders(e)
		}
		for i := range r.recv {
			r.active = append(r.active, int32(i))
		}
		return
	}
	r.recvAt = grow(r.recvAt, n)
	clear(r.recvAt)
	for i := range r.recv {
		r.recvAt[r.recv[i].e.ID()] = int32(i + 1)
	}
	r.marked = slices.Grow(r.marked[:0], len(r.recv))[:len(r.recv)]
	clear(r.marked)
	of := func(h ecs.Entity) int32 { // its index in recv, or -1
		if id := int(h.ID()); id < len(r.recvAt) {
			if ri := r.recvAt[id] - 1; ri >= 0 && r.recv[ri].e == h {
				return ri
			}
		}
		return -1
	}
	visit := func(e ecs.Entity, sends func(rc *receiver) bool) {
		id := e.ID()
		if r.holderGen[id] != e.Generation() {
			return
		}
		hs := r.holders[id]
		for k := 0; k < len(hs); {
			ri := of(hs[k])
			if ri < 0 && !w.Alive(hs[k]) {
				hs[k] = hs[len(hs)-1]
				hs = hs[:len(hs)-1]
				continue
			}
			if ri >= 0 && sends(&r.recv[ri]) {
				r.marked[ri] = true
			}
			k++
		}
		r.holders[id] = hs
	}
	for _, e := range r.goneList {
		visit(e, func(*receiver) bool { return true })
		r.forgetHolders(e)
	}
	plain, predicted := r.forms[0] != (forms{}), r.forms[1] != (forms{})
	for i := range r.subs {
		s := &r.subs[i]
		if s.send && plain || s.psend && predicted {
			visit(s.e, func(rc *receiver) bool {
				if rc.predicted {
					return s.psend
				}
				return s.send
			})
		}
	}
	for i := range r.recv {
		if rc := &r.recv[i]; rc.due || rc.repeats || r.marked[i] {
			r.active = append(r.active, int32(i))
		}
	}
	idle := len(r.recv) - len(r.active)
	r.stats.Idle += uint64(idle)
	r.marking = 4*idle >= len(r.recv)
}

// markProbe is how often, in ticks, marking is tried again while it does
// not pay (replicator.mark).
const markProbe = 20

// forgetHolders empties the holders of subject e, which went.
func (r *replicator) forgetHolders(e ecs.Entity) {
	if id := e.ID(); r.holderGen[id] == e.Generation() {
		r.holders[id] = r.holders[id][:0]
	}
}

// keepHolders applies the workers' logs of this tick's spawns and
// despawns to the holders index, after the loop that made them.
func (r *replicator) keepHolders() {
	for i := range r.workers {
		w := &r.workers[i]
		for _, h := range w.took {
			id := h.subject.ID()
			if int(id) >= len(r.holders) || r.holderGen[id] != h.subject.Generation() {
				continue // forgotten with its subject
			}
			hs := r.holders[id]
			if k := slices.Index(hs, h.receiver); k >= 0 {
				hs[k] = hs[len(hs)-1]
				r.holders[id] = hs[:len(hs)-1]
			}
		}
		w.took = w.took[:0]
	}
	for i := range r.workers {
		w := &r.workers[i]
		for _, h := range w.gave {
			id := h.subject.ID()
			if r.holderGen[id] != h.subject.Generation() {
				r.holders[id], r.holderGen[id] = r.holders[id][:0], h.subject.Generation()
			}
			r.holders[id] = append(r.holders[id], h.receiver)
		}
		w.gave = w.gave[:0]
	}
}

// trackOf returns subject si's state as its predicted track last sent it.
func (r *replicator) trackOf(si int32) *wire.PlayerStateFields {
	s := &r.subs[si]
	rep := s.rep
	return &wire.PlayerStateFields{
		EntityID: s.id, Tick: rep.PredAt,
		X: rep.PredPos.X, Y: rep.PredPos.Y, Z: rep.PredPos.Z,
		Yaw: rep.PredLook.Yaw, Pitch: rep.PredLook.Pitch,
		VX: float32(rep.PredVel.X), VY: float32(rep.PredVel.Y), VZ: float32(rep.PredVel.Z),
	}
}

// compacted returns a state's values as a CompactState carries them, to
// the unit: what a client granted "compact-states" decodes.
func compacted(pos components.Position, look components.Look, vel components.Velocity) (components.Position, components.Look, components.Velocity) {
	p := func(f float64) float64 {
		return float64(protocol.CompactFixed64(f, protocol.CompactPositionScale)) / protocol.CompactPositionScale
	}
	f32 := func(f float32, scale float64) float32 {
		return float32(float64(protocol.CompactFixed32(f, scale)) / scale)
	}
	v := func(f float64) float64 { return float64(f32(float32(f), protocol.CompactVelocityScale)) }
	return components.Position{X: p(pos.X), Y: p(pos.Y), Z: p(pos.Z)},
		components.Look{Yaw: f32(look.Yaw, protocol.CompactAngleScale), Pitch: f32(look.Pitch, protocol.CompactAngleScale)},
		components.Velocity{X: v(vel.X), Y: v(vel.Y), Z: v(vel.Z)}
}

// flush sends the receiver's batch of states, if it holds any, and
// reports whether the connection took it; the states of a refused one
// are counted dropped.
func (r *replicator) flush(w *replWorker, rc *receiver) bool {
	n := w.states.Len()
	if n == 0 {
		return true
	}
	enc := w.states.EncodeOwned(&rc.in.frames, &w.slab)
	if !rc.conn.SendEncoded(enc) {
		enc.Release()
		w.stats.States -= uint64(n)
		w.stats.StatesDropped += uint64(n)
		return false
	}
	return true
}

// touch reads the first entity each receiver of act holds, so that their Interests
// and lists are in the cache when serve walks them: a chunk's misses then
// overlap, where serve takes them one receiver after another.
func (w *replWorker) touch(rs []receiver, act []int32) {
	var sum uint32
	for _, ri := range act {
		if h := rs[ri].in.held; len(h) > 0 {
			sum += h[0].ID()
		}
	}
	w.touched += sum
}

// forgetGone marks the entities of last tick's subjects that are no longer
// subjects (despawned, or no longer replicated), for every receiver
// holding one to despawn it at once; then this tick's subjects become the
// ones to compare the next tick with.
func (r *replicator) forgetGone() {
	r.gone.reset(len(r.slots))
	r.anyGone = false
	r.goneList = r.goneList[:0]
	for _, e := range r.prev {
		if r.lookup(e) == nil {
			r.gone.set(e.ID())
			r.anyGone = true
			r.goneList = append(r.goneList, e)
			if id := e.ID(); int(id) < len(r.track) {
				r.track[id][0], r.trackAt[id] = 0, 0 // not the next one's
			}
		}
	}
	r.prev = r.prev[:0]
	for i := range r.subs {
		r.prev = append(r.prev, r.subs[i].e)
	}
}

// bits is a set of arche entity ids.
type bits []uint64

func (b *bits) reset(n int) {
	words := (n + 63) / 64
	*b = slices.Grow((*b)[:0], words)[:words]
	clear(*b)
}

func (b bits) set(id uint32) { b[id/64] |= 1 << (id % 64) }

func (b bits) has(id uint32) bool {
	return int(id/64) < len(b) && b[id/64]&(1<<(id%64)) != 0
}

// recompute finds what entered rc's view (the subjects within its radius
// it does not hold, marked by serve) and sends the nearest SpawnsPerTick.
func (r *replicator) recompute(w *replWorker, now uint64, rc *receiver) {
	in := rc.in
	w.cand = w.cand[:0]
	r2 := rc.radius * rc.radius
	span := int64(math.Ceil(rc.radius / stateCell))
	cx, cz := int64(cellOf(rc.pos.X, stateCell)), int64(cellOf(rc.pos.Z, stateCell))
	x0, x1 := r.grid.columns(cx-span, cx+span)
	for x := x0; x <= x1; x++ {
		lo, hi := r.grid.span(x, cz-span, cz+span)
		for k, p := range r.gridXZ[lo:hi] {
			ex, ez := p.x-rc.pos.X, p.z-rc.pos.Z
			d2 := ex*ex + ez*ez
			if d2 > r2 {
				continue // most of the cells' subjects: nothing else read
			}
			if si := r.grid.order[lo+k]; si != rc.self && w.stamp[si] != w.serial {
				w.cand = append(w.cand, candidate{si, d2})
			}
		}
	}
	in.at, in.computed, in.waiting = rc.pos, true, false
	if len(w.cand) == 0 {
		return
	}
	subs := r.subs
	slices.SortFunc(w.cand, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.d2, b.d2), cmp.Compare(subs[a.sub].id, subs[b.sub].id))
	})
	n := min(len(w.cand), r.cfg.SpawnsPerTick)
	if n < len(w.cand) {
		in.waiting = true
		w.stats.SpawnsWaiting += len(w.cand) - n
	}
	// Batches of at most spawnBatchBytes, each one message.
	for lo := 0; lo < n; {
		w.batch = w.batch[:0]
		size, hi := 0, lo
		for ; hi < n; hi++ {
			sp := r.spawnOf(w, now, w.cand[hi].sub, rc.predicted)
			if len(w.batch) > 0 && size+sp.size > spawnBatchBytes {
				break
			}
			w.batch = append(w.batch, sp.msg)
			size += sp.size + 4
		}
		enc := r.encode(w.spawnsMsg(w.batch))
		if !rc.conn.SendEncoded(enc) {
			enc.Release()
			in.waiting = true // try again next tick
			return
		}
		for _, c := range w.cand[lo:hi] {
			s := &r.subs[c.sub]
			in.held, in.ids = append(in.held, s.e), append(in.ids, s.id)
			w.gave = append(w.gave, holding{s.e, rc.e})
		}
		w.stats.Spawns += uint64(hi - lo)
		lo = hi
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

// encode frames a control message for one receiver (it is copied into the
// frame, so the message may be reused after).
func (r *replicator) encode(m *protocol.ServerMessage) wire.Encoded {
	enc, err := r.frames.EncodeControl(m)
	if err != nil {
		panic(err) // only messages well under the cap are encoded here
	}
	return enc
}
