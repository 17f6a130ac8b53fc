package systems

import (
	"math"
	"slices"
	"sort"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
)

// viewCell is the cell size, in sections, of the grid of view centres the
// broadcast_blocks system finds a section's holders with.
const viewCell = 4

// blockUpdateSystem sends every edit not yet broadcast, as a BlockUpdate,
// to each client that holds the edited section (Stream.Sent) at an older
// revision, and records the new revision as held. It runs after deliver,
// so a section sent whole this tick (already at the new revision) gets no
// redundant update.
type blockUpdateSystem struct {
	edits   *Edits
	stats   *BroadcastStats
	filter  *generic.Filter2[components.Stream, components.View]
	streams []*components.Stream
	views   []resources.Cylinder
	grid    *cellGrid
	order   []int32
	enc     []transport.Encoded
}

func newBlockUpdates(edits *Edits, stats *BroadcastStats) *blockUpdateSystem {
	return &blockUpdateSystem{edits: edits, stats: stats, filter: generic.NewFilter2[components.Stream, components.View](), grid: newCellGrid()}
}

func (s *blockUpdateSystem) run(ctx *ecs.Context) {
	list := s.edits.List()
	if len(list) == 0 {
		return
	}
	defer s.edits.reset()
	// Each update is encoded once and shared by every client that gets it.
	s.enc = s.enc[:0]
	for _, e := range list {
		enc, err := transport.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{
			Pos: protocol.BP(int32(e.X), int32(e.Y), int32(e.Z)), Block: uint32(e.Block), Revision: e.Revision,
		}}})
		if err != nil {
			panic(err) // a BlockUpdate is a few dozen bytes: cannot exceed the cap
		}
		s.enc = append(s.enc, enc)
	}
	s.grid.reset()
	s.streams, s.views = s.streams[:0], s.views[:0]
	reach := int32(0)
	q := s.filter.Query(ctx.World)
	for q.Next() {
		st, v := q.Get()
		if st.Conn == nil || len(st.Sent) == 0 {
			continue
		}
		s.grid.add(cellKey{floorDivI(v.Center.X, viewCell), floorDivI(v.Center.Z, viewCell)}, int32(len(s.streams)))
		s.streams = append(s.streams, st)
		s.views = append(s.views, resources.Cylinder{Center: v.Center, Radius: v.Radius, Pad: v.Pad})
		reach = max(reach, int32(v.Radius+v.Pad+1))
	}
	// Edits grouped by section, in section order, each group in the order
	// the edits were made (revision order).
	s.order = s.order[:0]
	for i := range list {
		s.order = append(s.order, int32(i))
	}
	slices.SortStableFunc(s.order, func(a, b int32) int { return resources.ComparePos(list[a].Section(), list[b].Section()) })
	for i := 0; i < len(s.order); {
		sec := list[s.order[i]].Section()
		j := i + 1
		for j < len(s.order) && list[s.order[j]].Section() == sec {
			j++
		}
		group := s.order[i:j]
		i = j
		for cx := floorDivI(sec.X-reach, viewCell); cx <= floorDivI(sec.X+reach, viewCell); cx++ {
			for cz := floorDivI(sec.Z-reach, viewCell); cz <= floorDivI(sec.Z+reach, viewCell); cz++ {
				for _, ci := range s.grid.get(cellKey{cx, cz}) {
					// The view test is arithmetic; the Sent lookup is a
					// cache miss in one of thousands of maps. (A section
					// outside the view whose Drop is still to be sent
					// goes stale until then, and is forgotten anyway.)
					if !s.views[ci].Contains(sec) {
						continue
					}
					st := s.streams[ci]
					held, ok := st.Sent[sec]
					if !ok {
						continue
					}
					newest := held
					for _, k := range group {
						if rev := list[k].Revision; rev > held {
							st.Conn.SendEncoded(s.enc[k])
							s.stats.BlockUpdates++
							newest = max(newest, rev)
						}
					}
					st.Sent[sec] = newest
				}
			}
		}
	}
}

// floorDivI divides a by b (> 0) rounding towards negative infinity.
func floorDivI(a, b int32) int32 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// rosterQueueRoom is the control queue length up to which the roster
// system fills a newcomer's queue; the transport's default cap is 1,024,
// and a full control queue closes the client.
const rosterQueueRoom = 512

// rosterSystem keeps every client's list of players current: PlayerLeft
// and PlayerJoined as players come and go, and to each newcomer one
// PlayerJoined per player already present, paced over ticks so that a
// full server's roster cannot overflow the newcomer's control queue.
// Stream.Joined is set once a client has the whole list.
type rosterSystem struct {
	perTick int
	clients *Clients
	stats   *BroadcastStats
	filter  *generic.Filter2[components.Player, components.Stream]
	names   generic.Map1[components.Player]
	// progress of the rosters still being sent, by client id.
	progress map[uint64]*rosterProgress
	// joinedMsg caches each present player's PlayerJoined.
	joinedMsg map[uint64]transport.Encoded
	// fresh holds the clients whose roster completed this tick; the
	// broadcast_states system sends them every player near them at once.
	fresh map[uint64]bool

	present, newcomers, keys []uint64
	streams                  map[uint64]*components.Stream
	leftIDs                  []uint64
	leftEnc, joinEnc         []transport.Encoded
}

// rosterProgress is a newcomer's roster: the ids present when it joined,
// sorted, and how many were sent.
type rosterProgress struct {
	ids  []uint64
	next int
}

// pending reports whether id is on the roster but not announced yet.
func (r *rosterProgress) pending(id uint64) bool {
	i := sort.Search(len(r.ids), func(i int) bool { return r.ids[i] >= id })
	return i >= r.next && i < len(r.ids) && r.ids[i] == id
}

func newRoster(cfg GameplayConfig, w *ecs.World, clients *Clients, stats *BroadcastStats) *rosterSystem {
	return &rosterSystem{
		perTick: cfg.RosterPerTick, clients: clients, stats: stats,
		filter:   generic.NewFilter2[components.Player, components.Stream](),
		names:    generic.NewMap1[components.Player](w),
		progress: map[uint64]*rosterProgress{}, joinedMsg: map[uint64]transport.Encoded{},
		fresh: map[uint64]bool{}, streams: map[uint64]*components.Stream{},
	}
}

func (s *rosterSystem) run(ctx *ecs.Context) {
	clear(s.fresh)
	if len(s.clients.Left) == 0 && len(s.clients.Joined) == 0 && len(s.progress) == 0 {
		return // newcomers always appear in Clients.Joined
	}
	s.leftIDs, s.leftEnc, s.joinEnc = s.leftIDs[:0], s.leftEnc[:0], s.joinEnc[:0]
	for _, id := range s.clients.Left {
		delete(s.progress, id)
		delete(s.joinedMsg, id)
		s.leftIDs = append(s.leftIDs, id)
		s.leftEnc = append(s.leftEnc, encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_PlayerLeft{PlayerLeft: &protocol.PlayerLeft{EntityId: id}}}))
	}
	for _, id := range s.clients.Joined {
		if enc, ok := s.joined(id); ok {
			s.joinEnc = append(s.joinEnc, enc)
		}
	}
	s.present, s.newcomers = s.present[:0], s.newcomers[:0]
	clear(s.streams)
	q := s.filter.Query(ctx.World)
	for q.Next() {
		p, st := q.Get()
		s.present = append(s.present, p.ID)
		s.streams[p.ID] = st
		switch pr, ok := s.progress[p.ID]; {
		case st.Joined:
			s.sendAll(st, s.leftEnc)
			s.sendAll(st, s.joinEnc)
		case ok:
			// Mid-roster: it knows the players announced so far and
			// those that joined after its list was taken, not the rest
			// of the list (a player who leaves from there is skipped).
			for i, id := range s.leftIDs {
				if !pr.pending(id) {
					s.sendAll(st, s.leftEnc[i:i+1])
				}
			}
			s.sendAll(st, s.joinEnc)
		default:
			s.newcomers = append(s.newcomers, p.ID)
		}
	}
	slices.Sort(s.present)
	for _, id := range s.newcomers {
		ids := make([]uint64, 0, max(0, len(s.present)-1))
		for _, other := range s.present {
			if other != id {
				ids = append(ids, other)
			}
		}
		s.progress[id] = &rosterProgress{ids: ids}
	}
	s.keys = s.keys[:0]
	for id := range s.progress {
		s.keys = append(s.keys, id)
	}
	slices.Sort(s.keys)
	for _, id := range s.keys {
		s.advance(id, s.progress[id])
	}
}

// advance sends the next part of a newcomer's roster.
func (s *rosterSystem) advance(id uint64, pr *rosterProgress) {
	st, ok := s.streams[id]
	if !ok {
		delete(s.progress, id) // gone
		return
	}
	if st.Conn != nil {
		budget := min(s.perTick, rosterQueueRoom-st.Conn.Queued().ControlMessages)
		for ; budget > 0 && pr.next < len(pr.ids); pr.next++ {
			enc, ok := s.joined(pr.ids[pr.next])
			if !ok {
				continue // left meanwhile
			}
			st.Conn.SendEncoded(enc)
			s.stats.Roster++
			budget--
		}
		if pr.next < len(pr.ids) {
			return
		}
	}
	st.Joined = true
	s.fresh[id] = true
	delete(s.progress, id)
}

// joined returns the PlayerJoined of present player id.
func (s *rosterSystem) joined(id uint64) (transport.Encoded, bool) {
	if enc, ok := s.joinedMsg[id]; ok {
		return enc, true
	}
	e, ok := s.clients.Entity(id)
	if !ok {
		return transport.Encoded{}, false
	}
	enc := encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_PlayerJoined{PlayerJoined: &protocol.PlayerJoined{
		EntityId: id, Name: s.names.Get(e).Name,
	}}})
	s.joinedMsg[id] = enc
	return enc, true
}

func (s *rosterSystem) sendAll(st *components.Stream, msgs []transport.Encoded) {
	if st.Conn == nil {
		return
	}
	for _, enc := range msgs {
		st.Conn.SendEncoded(enc)
		s.stats.Roster++
	}
}

// encode frames a small control message once, to share between clients.
func encode(m *protocol.ServerMessage) transport.Encoded {
	enc, err := transport.EncodeControl(m)
	if err != nil {
		panic(err) // only messages far below the cap are encoded here
	}
	return enc
}

// stateCell is the cell size, in blocks, of the grids the broadcast_states
// system matches players and receivers with.
const stateCell = 64.0

// playerStatesSystem sends PlayerState datagrams: about each player that
// moved (more than 0.01 block) or turned (more than 0.5°) since it was
// last reported, and about every player at least every SnapshotAll ticks
// (datagrams get lost), to each client within whose view radius (in
// blocks, horizontally) it is. Clients that just got their roster get
// every player near them at once. A grid of cells keeps the cost at the
// players near each receiver, not everyone.
type playerStatesSystem struct {
	every  uint64
	roster *rosterSystem
	stats  *BroadcastStats
	filter *generic.Filter7[components.Player, components.Position, components.Look, components.Velocity, components.Snapshot, components.Stream, components.Follow]
	subs   []stateSubject
	msgs   []*protocol.Datagram // reused, by subject index
	grid   *cellGrid            // every player
	recv   *cellGrid            // receivers
	cand   []int32
}

// stateSubject is one player, as a subject and as a receiver.
type stateSubject struct {
	id   uint64
	pos  components.Position
	look components.Look
	vel  components.Velocity
	send bool
	msg  *protocol.Datagram
	enc  transport.Encoded // msg marshalled once, shared by every receiver
	// conn is nil unless the player receives states.
	conn   components.Conn
	radius float64
	fresh  bool
}

func newPlayerStates(cfg GameplayConfig, roster *rosterSystem, stats *BroadcastStats) *playerStatesSystem {
	return &playerStatesSystem{
		every: cfg.SnapshotAll, roster: roster, stats: stats,
		filter: generic.NewFilter7[components.Player, components.Position, components.Look, components.Velocity, components.Snapshot, components.Stream, components.Follow](),
		grid:   newCellGrid(), recv: newCellGrid(),
	}
}

// featurer is implemented by connections that negotiated features.
type featurer interface{ HasFeature(string) bool }

func (s *playerStatesSystem) run(ctx *ecs.Context) {
	now := ctx.Tick
	s.subs = s.subs[:0]
	work := false
	q := s.filter.Query(ctx.World)
	for q.Next() {
		p, pos, look, vel, snap, st, f := q.Get()
		sub := stateSubject{id: p.ID, pos: *pos, look: *look, vel: *vel}
		if moved(snap, pos, look) || now-snap.LastSentAt >= s.every || snap.LastSentAt == 0 {
			sub.send = true
			*snap = components.Snapshot{Position: *pos, Look: *look, LastSentAt: max(now, 1)}
		}
		if st.Conn != nil && st.Joined {
			if fc, ok := st.Conn.(featurer); !ok || fc.HasFeature(protocol.FeaturePlayerStates) {
				sub.conn = st.Conn
				sub.radius = float64(f.Radius * 16)
				sub.fresh = s.roster.fresh[p.ID]
			}
		}
		work = work || sub.send || sub.fresh
		s.subs = append(s.subs, sub)
	}
	if !work {
		return
	}
	s.grid.reset()
	s.recv.reset()
	for i := range s.subs {
		sub := &s.subs[i]
		k := cellKey{cellOf(sub.pos.X, stateCell), cellOf(sub.pos.Z, stateCell)}
		s.grid.add(k, int32(i))
		if sub.conn != nil {
			s.recv.add(k, int32(i))
		}
	}
	// The candidates are gathered once per receivers' cell, for the
	// widest radius in it; each receiver then filters by its own.
	for _, c := range s.recv.used() {
		widest := 0.0
		for _, ri := range c.items {
			widest = max(widest, s.subs[ri].radius)
		}
		span := int32(math.Ceil(widest / stateCell))
		s.cand = s.cand[:0]
		for cx := c.key.X - span; cx <= c.key.X+span; cx++ {
			for cz := c.key.Z - span; cz <= c.key.Z+span; cz++ {
				s.cand = append(s.cand, s.grid.get(cellKey{cx, cz})...)
			}
		}
		for _, ri := range c.items {
			s.deliver(now, ri)
		}
	}
}

// deliver sends receiver ri the states of the candidates within its
// radius: those due this tick, or all of them if it is fresh.
func (s *playerStatesSystem) deliver(now uint64, ri int32) {
	r := &s.subs[ri]
	r2 := r.radius * r.radius
	for _, si := range s.cand {
		sub := &s.subs[si]
		if si == ri || !(sub.send || r.fresh) {
			continue
		}
		dx, dz := sub.pos.X-r.pos.X, sub.pos.Z-r.pos.Z
		if dx*dx+dz*dz > r2 {
			continue
		}
		if !r.conn.SendEncoded(s.encoded(now, si)) {
			// Queue full (or no datagrams): the rest would be dropped too.
			s.stats.StatesDropped++
			return
		}
		s.stats.States++
	}
}

// encoded returns subject i's PlayerState datagram marshalled once per
// tick, so that it is not marshalled again for every receiver.
func (s *playerStatesSystem) encoded(now uint64, i int32) transport.Encoded {
	sub := &s.subs[i]
	if sub.enc.Len() == 0 {
		var err error
		if sub.enc, err = transport.EncodeDatagram(s.message(now, i)); err != nil {
			return transport.Encoded{} // cannot happen: a PlayerState is tiny
		}
	}
	return sub.enc
}

// message returns subject i's PlayerState datagram, built once per tick
// in a reused message (connections marshal it before SendDatagram
// returns).
func (s *playerStatesSystem) message(now uint64, i int32) *protocol.Datagram {
	sub := &s.subs[i]
	if sub.msg != nil {
		return sub.msg
	}
	for len(s.msgs) <= int(i) {
		s.msgs = append(s.msgs, &protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{
			Position: &protocol.Vec3{}, Velocity: &protocol.Vec3F{},
		}}})
	}
	d := s.msgs[i]
	ps := d.Kind.(*protocol.Datagram_PlayerState).PlayerState
	ps.EntityId, ps.Tick = sub.id, now
	ps.Position.X, ps.Position.Y, ps.Position.Z = sub.pos.X, sub.pos.Y, sub.pos.Z
	ps.Velocity.X, ps.Velocity.Y, ps.Velocity.Z = float32(sub.vel.X), float32(sub.vel.Y), float32(sub.vel.Z)
	ps.Yaw, ps.Pitch = sub.look.Yaw, sub.look.Pitch
	sub.msg = d
	return d
}

// moved reports whether a player moved more than 0.01 block or turned
// more than 0.5° since its last snapshot.
func moved(snap *components.Snapshot, pos *components.Position, look *components.Look) bool {
	dx, dy, dz := pos.X-snap.Position.X, pos.Y-snap.Position.Y, pos.Z-snap.Position.Z
	if dx*dx+dy*dy+dz*dz > 0.01*0.01 {
		return true
	}
	return angleDiff(look.Yaw, snap.Look.Yaw) > 0.5 || math.Abs(float64(look.Pitch-snap.Look.Pitch)) > 0.5
}

// angleDiff is the absolute difference of two angles in degrees, modulo
// a full turn (359° and 1° are 2° apart).
func angleDiff(a, b float32) float64 {
	d := math.Mod(math.Abs(float64(a)-float64(b)), 360)
	return min(d, 360-d)
}
