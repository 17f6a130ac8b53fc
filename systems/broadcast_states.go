package systems

import (
	"math"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

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
