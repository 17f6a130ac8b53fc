package gameplay

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
	filter *generic.Filter7[components.Player, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow]
	subs   []stateSubject
	keys   []cellKey // by subject: its cell
	recv   []bool    // by subject: whether it receives states
	grid   cellIndex // every player, by cell
	cand   [][]int32 // candidates of a receivers' cell, a slice per column of cells
	arena  transport.DatagramArena
}

// stateSubject is one player, as a subject and as a receiver.
type stateSubject struct {
	id   uint64
	pos  components.Position
	look components.Look
	vel  components.Velocity
	send bool
	enc  transport.Encoded // its PlayerState, encoded once, shared by every receiver
	// conn is nil unless the player receives states.
	conn   components.Conn
	radius float64
	fresh  bool
}

func newPlayerStates(cfg Config, roster *rosterSystem, stats *BroadcastStats) *playerStatesSystem {
	return &playerStatesSystem{
		every: cfg.SnapshotAll, roster: roster, stats: stats,
		filter: generic.NewFilter7[components.Player, components.Position, components.Look, components.Velocity, components.Snapshot, components.Connection, components.Follow](),
	}
}

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
			snap.Position, snap.Look, snap.LastSentAt = *pos, *look, max(now, 1)
		}
		if st.Conn != nil && snap.Joined {
			if st.Conn.HasFeature(protocol.FeaturePlayerStates) {
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
	s.keys, s.recv = s.keys[:0], s.recv[:0]
	for i := range s.subs {
		sub := &s.subs[i]
		s.keys = append(s.keys, cellKey{cellOf(sub.pos.X, stateCell), cellOf(sub.pos.Z, stateCell)})
		s.recv = append(s.recv, sub.conn != nil)
	}
	s.grid.build(s.keys)
	// The candidates are gathered once per receivers' cell (cells in the
	// order of their first receiver), for the widest radius in it; each
	// receiver then filters by its own. They are the players of the
	// cells around, column by column (X), each column's cells in Z order.
	for _, c := range s.grid.runs(s.recv) {
		items := s.grid.items(c)
		widest := 0.0
		for _, ri := range items {
			if s.recv[ri] {
				widest = max(widest, s.subs[ri].radius)
			}
		}
		span := int64(math.Ceil(widest / stateCell))
		s.cand = s.cand[:0]
		x0, x1 := s.grid.columns(int64(c.key.X)-span, int64(c.key.X)+span)
		for cx := x0; cx <= x1; cx++ {
			if col := s.grid.column(cx, int64(c.key.Z)-span, int64(c.key.Z)+span); len(col) > 0 {
				s.cand = append(s.cand, col)
			}
		}
		for _, ri := range items {
			if s.recv[ri] {
				s.deliver(now, ri)
			}
		}
	}
}

// deliver sends receiver ri the states of the candidates within its
// radius: those due this tick, or all of them if it is fresh.
func (s *playerStatesSystem) deliver(now uint64, ri int32) {
	r := &s.subs[ri]
	r2 := r.radius * r.radius
	for _, col := range s.cand {
		for _, si := range col {
			sub := &s.subs[si]
			if si == ri || !(sub.send || r.fresh) {
				continue
			}
			dx, dz := sub.pos.X-r.pos.X, sub.pos.Z-r.pos.Z
			if dx*dx+dz*dz > r2 {
				continue
			}
			if !r.conn.SendEncoded(s.encoded(now, sub)) {
				// Queue full (or no datagrams): the rest would be dropped too.
				s.stats.StatesDropped++
				return
			}
			s.stats.States++
		}
	}
}

// encoded returns sub's PlayerState datagram, encoded once per tick so
// that it is not encoded again for every receiver. Datagrams are carved
// from the arena's shared blocks, which are never written again: clients
// may keep them queued past the tick.
func (s *playerStatesSystem) encoded(now uint64, sub *stateSubject) transport.Encoded {
	if sub.enc.Len() == 0 {
		sub.enc = s.arena.PlayerState(&transport.PlayerStateFields{
			EntityID: sub.id, Tick: now,
			X: sub.pos.X, Y: sub.pos.Y, Z: sub.pos.Z,
			Yaw: sub.look.Yaw, Pitch: sub.look.Pitch,
			VX: float32(sub.vel.X), VY: float32(sub.vel.Y), VZ: float32(sub.vel.Z),
		})
	}
	return sub.enc
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
