package entities

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// Handover is what an Authority implements to pass entities on to the
// server that simulates the column they walk into. An entity handed over
// is despawned here at once, and its column's record without it is
// queued with a hand-over record of it (storage.Handoff) that the store
// writes with it, all or nothing; the receiving server adopts it from
// there (Adopt). So the entity is stored in exactly one place at every
// moment, whichever server stops when (docs/cluster.md, "Entities").
type Handover interface {
	// HandOver names a hand-over into column (x, z), which another
	// server simulates: ok is false when there is none to hand it to.
	HandOver(x, z int32) (id string, ok bool)
}

// handoverRetry is how long, in ticks, an entity that found no one to
// hand it to waits before it is tried again; meanwhile the border is a
// wall to it.
const handoverRetry = 20

// handOver hands e, whose move this tick took it into column to of
// another server, to that server, and reports whether it did. It is
// called before the move is undone, so the record is of where the entity
// would be.
func (r *Registry) handOver(e ecs.Entity, to colKey) bool {
	if r.handover == nil || !r.homes.Has(e) {
		return false
	}
	if until, ok := r.refused[e]; ok && until > r.now {
		return false
	}
	h := r.homes.Get(e)
	k := colKey{h.X, h.Z}
	c := r.col(k)
	if c == nil || c.damaged || c.foreign {
		return false // its column cannot be saved without it
	}
	if i := c.index(e); i >= 0 && c.entities[i].transit != "" {
		return false // kept in a hand-over record already, until adopted
	}
	id, ok := r.handover.HandOver(to.X, to.Z)
	if !ok {
		r.refused[e] = r.now + handoverRetry
		r.stats.HandoversRefused++
		return false
	}
	delete(r.refused, e)
	rec := r.entityRecord(e)
	r.Despawn(r.cmds, e)
	c.outbox = append(c.outbox, storage.Handoff{ID: id, X: to.X, Z: to.Z, Entity: rec})
	r.save(k, c)
	r.stats.HandedOver++
	return true
}

// Adoption is an entity another server handed to a column this one
// simulates: the key of its hand-over record, and the entity.
type Adoption struct {
	Key    string
	X, Z   int32 // the column it was handed to
	Entity storage.EntityRecord
}

// Adopt spawns entities handed to this server in their columns, and
// queues each column's record with them, which deletes their hand-over
// records as it is written (all or nothing). errs[i] says why items[i]
// was not adopted: its column is not resident and simulated here, or its
// record is not one to spawn. Tick goroutine only.
func (r *Registry) Adopt(items []Adoption) (errs []error) {
	errs = make([]error, len(items))
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(items[a].X, items[b].X), cmp.Compare(items[a].Z, items[b].Z))
	})
	for len(order) > 0 {
		k := colKey{items[order[0]].X, items[order[0]].Z}
		n := 1
		for n < len(order) && (colKey{items[order[n]].X, items[order[n]].Z}) == k {
			n++
		}
		r.adoptColumn(k, items, order[:n], errs)
		order = order[n:]
	}
	return errs
}

// adoptColumn adopts items[at...], all handed to column k.
func (r *Registry) adoptColumn(k colKey, items []Adoption, at []int, errs []error) {
	c := r.col(k)
	if c == nil || c.foreign || c.damaged || (r.authority != nil && !r.authority.LoadsEntities(k.X, k.Z)) {
		for _, i := range at {
			errs[i] = fmt.Errorf("adopt %s: column (%d, %d) is not resident and simulated here", items[i].Entity.Kind, k.X, k.Z)
		}
		return
	}
	var (
		arrived []storage.EntityRecord
		keys    []string
	)
	for _, i := range at {
		er := items[i].Entity
		if err := adoptable(&er); err != nil {
			errs[i] = err
			continue
		}
		s := specOf(er, k)
		if _, err := r.spawn(r.cmds, s, Motion{OnGround: er.OnGround}, true); err != nil {
			errs[i] = fmt.Errorf("adopt: %w", err)
			continue
		}
		// Saved where it is spawned: in this column.
		er.X, er.Y, er.Z = s.Position.X, s.Position.Y, s.Position.Z
		arrived, keys = append(arrived, er), append(keys, items[i].Key)
		r.stats.Received++
	}
	if len(keys) > 0 {
		c.adopted = append(c.adopted, keys...)
		r.saveWith(k, c, arrived)
	}
}

// adoptable says why a handed-over record cannot be spawned, or nil.
func adoptable(er *storage.EntityRecord) error {
	for _, v := range []float64{er.X, er.Y, er.Z, er.VX, er.VY, er.VZ, er.Width, er.Height} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("adopt %s: position, velocity and body must be finite", er.Kind)
		}
	}
	if !ValidKind(er.Kind) {
		return fmt.Errorf("adopt %q: %w", er.Kind, ErrBadKind)
	}
	if er.Width <= 0 || er.Height <= 0 {
		return fmt.Errorf("adopt %s: body %vx%v must be positive", er.Kind, er.Width, er.Height)
	}
	return nil
}

// specOf is the Spec of a stored entity of column k.
func specOf(er storage.EntityRecord, k colKey) Spec {
	s := Spec{
		Kind:     er.Kind,
		Position: components.Position{X: er.X, Y: er.Y, Z: er.Z},
		Look:     components.Look{Yaw: er.Yaw, Pitch: er.Pitch},
		Velocity: components.Velocity{X: er.VX, Y: er.VY, Z: er.VZ},
		Body:     Body{Width: er.Width, Height: er.Height},
	}
	for _, a := range er.Attributes {
		s.Attributes = append(s.Attributes, Attribute{a.Key, a.Value})
	}
	// Saved where it stood: in this column, whatever rounding says.
	s.Position = clampToColumn(s.Position, k)
	return s
}

// pruneRefused forgets the refusals that ran out and the entities gone.
func (r *Registry) pruneRefused() {
	for e, until := range r.refused {
		if until <= r.now || !r.world.Alive(e) {
			delete(r.refused, e)
		}
	}
}
