package entities

import (
	"slices"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// Transits is what an Authority also implements when its store writes
// each region apart (a cluster's, one atomic batch per region): an
// entity walking from one region into another, both simulated here, then
// moves through a hand-over record, as it would to another server, so
// that it is stored in exactly one place whatever fails between the two
// regions' writes (docs/cluster.md, "Entities").
//
// Unlike a hand-over it is not despawned: its old column's record
// without it and the hand-over record are one write, it goes on being
// simulated in the column it entered, kept out of that column's record,
// and once the hand-over record is stored the column adopts it in place
// (AdoptTransit): its next record holds it and deletes the hand-over
// record, again one write.
type Transits interface {
	// Transit names a move into column (x, z), of a region this server
	// simulates: ok is false when it does not.
	Transit(x, z int32) (id string, ok bool)
}

// transit is a move between two regions both simulated here, not adopted
// yet.
type transit struct {
	e    ecs.Entity
	from colKey // the column it left
	// epoch is the lease of from's region it left under (checkTransits).
	epoch uint64
	into  colKey // the column its hand-over record is under
	at    colKey // the column it stands in, in into's region
}

// startTransit moves e, member i of column from (c), into column to
// (dst) of another region, through a hand-over record; it reports false,
// changing nothing, when the move must wait (the entity is still in
// transit, or the region is not simulated here).
func (r *Registry) startTransit(e ecs.Entity, h *home, from, to colKey, c, dst *column, i int) bool {
	if c.entities[i].transit != "" || c.damaged {
		// In transit: it leaves the region it entered once adopted there.
		// A damaged column is never written, so nothing could record the
		// move: it stays.
		return false
	}
	id, ok := r.mover.Transit(to.X, to.Z)
	if !ok {
		return false
	}
	m := c.entities[i]
	m.transit = id
	c.entities = slices.Delete(c.entities, i, i+1)
	dst.entities = append(dst.entities, m)
	r.forget(from, m.kind)
	r.n++
	r.counts[regionOf(to, m.kind)]++
	h.X, h.Z = to.X, to.Z
	r.transits[id] = &transit{e: e, from: from, epoch: r.durable.Epoch(from.X, from.Z), into: to, at: to}
	c.outbox = append(c.outbox, storage.Handoff{ID: id, X: to.X, Z: to.Z, Entity: r.entityRecord(e)})
	r.save(from, c)
	r.stats.Transits++
	return true
}

// AdoptTransit adopts hand-over record key, of move id, if the move is
// one of this server's not adopted yet: the column the entity stands in
// now holds it, and its record is queued with it and with the deletion of
// key, all or nothing. An entity despawned meanwhile is just deleted. It
// reports false for any other record, which Adopt takes. Tick goroutine
// only.
func (r *Registry) AdoptTransit(key, id string) bool {
	t := r.transits[id]
	if t == nil {
		return false
	}
	c := r.col(t.at)
	if c == nil || c.foreign || c.damaged {
		return false // not due: the caller adopts records of resident columns it simulates
	}
	delete(r.transits, id)
	if i := c.index(t.e); i >= 0 && c.entities[i].transit == id {
		c.entities[i].transit = ""
	}
	c.adopted = append(c.adopted, key)
	r.save(t.at, c)
	return true
}

// InTransit reports whether e is on a move between regions not adopted
// yet.
func (r *Registry) InTransit(e ecs.Entity) bool {
	if !r.homes.Has(e) {
		return false
	}
	h := r.homes.Get(e)
	c := r.col(colKey{h.X, h.Z})
	if c == nil {
		return false
	}
	i := c.index(e)
	return i >= 0 && c.entities[i].transit != ""
}

// checkTransits undoes the moves not adopted yet whose old column's
// region changed hands since (its lease is not the one they left under):
// their write may have been refused, and whoever holds the region now
// loads the old column's record as stored. Undoing is always safe: the
// entity is then either in that record (the write was refused) or in its
// hand-over record (it landed, or lands yet), adopted like any other.
func (r *Registry) checkTransits() {
	if len(r.transits) == 0 {
		return
	}
	ids := make([]string, 0, len(r.transits))
	for id := range r.transits {
		ids = append(ids, id)
	}
	slices.Sort(ids) // in a fixed order, whatever the map's
	for _, id := range ids {
		t := r.transits[id]
		if r.authority.KeepsEntities(t.from.X, t.from.Z) && r.durable.Epoch(t.from.X, t.from.Z) == t.epoch {
			continue
		}
		delete(r.transits, id)
		if r.world.Alive(t.e) && r.InTransit(t.e) {
			r.Despawn(r.cmds, t.e)
			r.stats.TakenBack++
		}
	}
}

// forgetTransits forgets the moves into column k, which left (c, its
// last state) or is another server's now (c nil): their entities were
// despawned with it, kept only in their hand-over records, which are
// adopted like any other. An entity despawned before its column left is
// not forgotten: its hand-over record is deleted once the column it was
// handed to is here again.
func (r *Registry) forgetTransits(k colKey, c *column) {
	for id, t := range r.transits {
		switch {
		case t.at != k:
		case c != nil && c.index(t.e) < 0:
			t.at = t.into
		default:
			delete(r.transits, id)
		}
	}
}
