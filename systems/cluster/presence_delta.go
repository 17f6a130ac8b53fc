package cluster

import (
	"slices"

	"github.com/stratavox/strata/resources/storage"
)

// keyframeEvery is how often, in ticks, a shard's presence lists every
// player and entity (a keyframe); the ticks between send deltas. A delta
// lost on the way (presence is plain publish-subscribe, at most once)
// leaves a player or a mirror stale, or a departed one standing, until
// the next keyframe: a second at 20 TPS.
const keyframeEvery = 20

// presenceDeltas remembers what the other shards were last told of each
// player and entity, to send them only what changed: standing players and
// resting critters cost nothing between keyframes, and one that only moved
// or turned is sent as a move, offsets from the position they hold.
type presenceDeltas struct {
	seq     uint64 // of the last message
	players map[string]storage.PlayerRecord
	ents    map[uint64]entityState
	seen    map[string]bool // scratch: names in the current state
	seenIDs map[uint64]bool // scratch: ids in the current state
	delta   presence
	keyed   bool   // a keyframe was sent
	tick    uint64 // of the last message (outboundSystem's)
	sent    uint64 // tick of the last message next made
}

func newPresenceDeltas(shard string) presenceDeltas {
	return presenceDeltas{
		players: map[string]storage.PlayerRecord{}, ents: map[uint64]entityState{},
		seen: map[string]bool{}, seenIDs: map[uint64]bool{}, delta: presence{Shard: shard, Delta: true},
	}
}

// keyframe reports whether the message of tick is a keyframe: the first,
// and the first at or past each multiple of keyframeEvery (presence may
// skip ticks: Config.PresenceEvery).
func (d *presenceDeltas) keyframe(tick uint64) bool {
	return !d.keyed || tick/keyframeEvery != d.sent/keyframeEvery || tick%keyframeEvery == 0
}

// next returns what to publish at tick for the shard's full state cur:
// cur itself on a keyframe tick (and the first time), else the delta
// since the last message.
func (d *presenceDeltas) next(tick uint64, cur *presence) *presence {
	d.seq++
	key := d.keyframe(tick)
	d.sent = tick
	if key {
		cur.Seq, cur.Tick = d.seq, tick
		d.keyed = true
		clear(d.players)
		clear(d.ents)
		for _, p := range cur.Players {
			d.players[p.Name] = p
		}
		for i := range cur.Entities {
			d.remember(&cur.Entities[i])
		}
		return cur
	}
	dl := &d.delta
	dl.Seq, dl.Tick = d.seq, tick
	dl.Players, dl.Entities, dl.Left, dl.Gone = dl.Players[:0], dl.Entities[:0], dl.Left[:0], dl.Gone[:0]
	dl.Moves, dl.EntityMoves = dl.Moves[:0], dl.EntityMoves[:0]
	clear(d.seen)
	for _, p := range cur.Players {
		d.seen[p.Name] = true
		old, ok := d.players[p.Name]
		if ok && old == p {
			continue
		}
		if ok {
			if m, at, send, fits := moveBetween(old.X, old.Y, old.Z, old.Yaw, old.Pitch, p.X, p.Y, p.Z, p.Yaw, p.Pitch); fits {
				if send {
					m.Name = p.Name
					dl.Moves = append(dl.Moves, m)
					old.X, old.Y, old.Z, old.Yaw, old.Pitch = at[0], at[1], at[2], p.Yaw, p.Pitch
					d.players[p.Name] = old
				}
				continue
			}
		}
		d.players[p.Name] = p
		dl.Players = append(dl.Players, p)
	}
	for name := range d.players {
		if !d.seen[name] {
			delete(d.players, name)
			dl.Left = append(dl.Left, name)
		}
	}
	clear(d.seenIDs)
	for _, e := range cur.Entities {
		d.seenIDs[e.ID] = true
		old, ok := d.ents[e.ID]
		if ok && sameEntityState(&old, &e) {
			continue
		}
		if ok && sameEntityBody(&old, &e) {
			if m, at, send, fits := moveBetween(old.X, old.Y, old.Z, old.Yaw, old.Pitch, e.X, e.Y, e.Z, e.Yaw, e.Pitch); fits {
				if send {
					m.ID = e.ID
					dl.EntityMoves = append(dl.EntityMoves, m)
					old.X, old.Y, old.Z, old.Yaw, old.Pitch = at[0], at[1], at[2], e.Yaw, e.Pitch
					d.ents[e.ID] = old
				}
				continue
			}
		}
		d.remember(&e)
		dl.Entities = append(dl.Entities, e)
	}
	for id := range d.ents {
		if !d.seenIDs[id] {
			delete(d.ents, id)
			dl.Gone = append(dl.Gone, id)
		}
	}
	// In a stable order, so that a message does not depend on map order.
	slices.Sort(dl.Left)
	slices.Sort(dl.Gone)
	return dl
}

// farewell returns the last message to the receiver: a keyframe with
// nobody in it. cur is scratch.
func (d *presenceDeltas) farewell(cur *presence) *presence {
	cur.Players, cur.Entities = cur.Players[:0], cur.Entities[:0]
	d.keyed = false
	return d.next(0, cur)
}

// remember records e as sent, with a copy of its attributes: the list is
// the entity's own, which Attributes.Set changes in place.
func (d *presenceDeltas) remember(e *entityState) {
	st := *e
	if old, ok := d.ents[e.ID]; ok && slices.Equal(old.Attrs, e.Attrs) {
		st.Attrs = old.Attrs
	} else {
		st.Attrs = slices.Clone(e.Attrs)
	}
	d.ents[e.ID] = st
}

func sameEntityState(a, b *entityState) bool {
	return sameEntityBody(a, b) && a.X == b.X && a.Y == b.Y && a.Z == b.Z && a.Yaw == b.Yaw && a.Pitch == b.Pitch
}

// sameEntityBody reports whether a and b differ at most in position and
// look: what a move can carry.
func sameEntityBody(a, b *entityState) bool {
	return a.ID == b.ID && a.Kind == b.Kind && a.Width == b.Width && a.Height == b.Height && slices.Equal(a.Attrs, b.Attrs)
}

// moveBetween returns the move from what was sent (x0, y0, z0 looking
// yaw0, pitch0) to the state now, and the position the receivers then
// hold. send is false when nothing changed by a move's unit or more;
// fits is false when the jump is too far for a move.
func moveBetween(x0, y0, z0 float64, yaw0, pitch0 float32, x, y, z float64, yaw, pitch float32) (m presenceMove, at [3]float64, send, fits bool) {
	from := [3]float64{x0, y0, z0}
	d, fits := moveOf(from, [3]float64{x, y, z})
	if !fits {
		return m, at, false, false
	}
	m = presenceMove{D: d, Look: yaw != yaw0 || pitch != pitch0, Yaw: yaw, Pitch: pitch}
	if !m.Look {
		m.Yaw, m.Pitch = 0, 0
	}
	return m, moved(from, d), m.Look || d != [3]int64{}, true
}
