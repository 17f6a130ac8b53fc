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
// resting critters cost nothing between keyframes.
type presenceDeltas struct {
	players map[string]storage.PlayerRecord
	ents    map[uint64]entityState
	seen    map[string]bool // scratch: names in the current state
	seenIDs map[uint64]bool // scratch: ids in the current state
	delta   presence
	keyed   bool // a keyframe was sent
}

func newPresenceDeltas(shard string) presenceDeltas {
	return presenceDeltas{
		players: map[string]storage.PlayerRecord{}, ents: map[uint64]entityState{},
		seen: map[string]bool{}, seenIDs: map[uint64]bool{}, delta: presence{Shard: shard, Delta: true},
	}
}

// keyframe reports whether the message of tick is a keyframe.
func (d *presenceDeltas) keyframe(tick uint64) bool { return !d.keyed || tick%keyframeEvery == 0 }

// next returns what to publish at tick for the shard's full state cur:
// cur itself on a keyframe tick (and the first time), else the delta
// since the last message.
func (d *presenceDeltas) next(tick uint64, cur *presence) *presence {
	if d.keyframe(tick) {
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
	dl.Players, dl.Entities, dl.Left, dl.Gone = dl.Players[:0], dl.Entities[:0], dl.Left[:0], dl.Gone[:0]
	clear(d.seen)
	for _, p := range cur.Players {
		d.seen[p.Name] = true
		if old, ok := d.players[p.Name]; !ok || old != p {
			d.players[p.Name] = p
			dl.Players = append(dl.Players, p)
		}
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
		if old, ok := d.ents[e.ID]; !ok || !sameEntityState(&old, &e) {
			d.remember(&e)
			dl.Entities = append(dl.Entities, e)
		}
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
	return a.ID == b.ID && a.Kind == b.Kind && a.X == b.X && a.Y == b.Y && a.Z == b.Z &&
		a.Yaw == b.Yaw && a.Pitch == b.Pitch && a.Width == b.Width && a.Height == b.Height &&
		slices.Equal(a.Attrs, b.Attrs)
}
