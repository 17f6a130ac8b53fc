package entities

import (
	"fmt"
	"math"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// Handover is what an Authority implements to pass entities on to the
// server that simulates the column they walk into. The entity is offered
// there and stands still at the border until Settle says whether it was
// taken: taken, it is despawned and its old column saved without it; not
// taken, it stays, and its walk is a wall for handoverRetry ticks.
//
// The receiving server stores the entity before it answers, so an entity
// is never lost between two servers; a server that stops after the
// receiver stored it and before its own column is saved without it
// leaves it in both records (docs/cluster.md, "Entities").
type Handover interface {
	// HandOver offers the entity rec, under ticket, to the server that
	// simulates column (x, z), where rec stands. It reports false when
	// there is none to ask; otherwise Settle(ticket, …) follows, on the
	// tick goroutine, once that server answered or did not in time.
	HandOver(ticket uint64, rec storage.EntityRecord, x, z int32) bool
}

// handoverRetry is how long, in ticks, an entity whose offer was refused
// (or not made) waits before it is offered again.
const handoverRetry = 20

// offer is an entity's handover: waiting for Settle (ticket set), or
// refused and not offered again before tick until.
type offer struct {
	ticket uint64
	until  uint64
}

// waiting reports whether e stands at a border, offered and unanswered:
// it is not stepped until the answer.
func (r *Registry) waiting(e ecs.Entity) bool {
	o, ok := r.offers[e]
	return ok && o.ticket != 0
}

// offerAcross offers e, whose move this tick took it into column to of
// another server, to that server, unless it waits for an answer or was
// refused lately. It is called before the move is undone, so the record
// is of where the entity would be.
func (r *Registry) offerAcross(e ecs.Entity, to colKey) {
	if r.handover == nil {
		return
	}
	if o, ok := r.offers[e]; ok && (o.ticket != 0 || o.until > r.now) {
		return
	}
	r.ticket++
	if !r.handover.HandOver(r.ticket, r.entityRecord(e), to.X, to.Z) {
		r.offers[e] = offer{until: r.now + handoverRetry}
		return
	}
	r.offers[e] = offer{ticket: r.ticket}
	r.tickets[r.ticket] = e
	r.stats.Offered++
}

// Settle is the answer to the offer of ticket: taken, the entity is now
// the other server's, and is despawned here with its column saved
// without it in this tick's write; not taken, it stays. Tick goroutine
// only (the Handover queues the answers it hears for the tick).
func (r *Registry) Settle(ticket uint64, taken bool) {
	e, ok := r.tickets[ticket]
	if !ok {
		return
	}
	delete(r.tickets, ticket)
	if !taken {
		r.offers[e] = offer{until: r.now + handoverRetry}
		r.stats.HandoversRefused++
		return
	}
	delete(r.offers, e)
	r.stats.HandedOver++
	if !r.world.Alive(e) || !r.homes.Has(e) {
		// Dropped here meanwhile (a lost lease: unsaved, so the entity
		// is where it went; an evicted column: saved with it, so it is
		// in both records).
		return
	}
	h := r.homes.Get(e)
	k := colKey{h.X, h.Z}
	r.Despawn(r.cmds, e)
	if c := r.cols[k]; c != nil && !c.damaged && !c.foreign {
		r.save(k, c)
	}
}

// Receive takes an entity another server hands over: it is spawned in
// its column, which this server must simulate, and that column's record
// with it is queued for this tick's write, so that once the write is
// durable (persist.Durability.AfterDurable) the entity is stored here. A
// column not resident here has the entity added to its stored record,
// read now. Tick goroutine only.
func (r *Registry) Receive(er storage.EntityRecord) error {
	for _, v := range []float64{er.X, er.Y, er.Z, er.VX, er.VY, er.VZ, er.Width, er.Height} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("receive %s: position, velocity and body must be finite", er.Kind)
		}
	}
	if !ValidKind(er.Kind) {
		return fmt.Errorf("receive %q: %w", er.Kind, ErrBadKind)
	}
	if er.Width <= 0 || er.Height <= 0 {
		return fmt.Errorf("receive %s: body %vx%v must be positive", er.Kind, er.Width, er.Height)
	}
	k := columnOf(components.Position{X: er.X, Y: er.Y, Z: er.Z})
	if r.authority != nil && !r.authority.LoadsEntities(k.X, k.Z) {
		return fmt.Errorf("receive %s: column (%d, %d) is not simulated here", er.Kind, k.X, k.Z)
	}
	c := r.cols[k]
	var rec storage.EntityColumn
	switch {
	case c == nil:
		stored, _, err := r.durable.LoadEntities(k.X, k.Z)
		if err != nil {
			return fmt.Errorf("receive %s into column (%d, %d): %w", er.Kind, k.X, k.Z, err)
		}
		rec = stored
		rec.X, rec.Z = k.X, k.Z
	case c.foreign || c.damaged:
		return fmt.Errorf("receive %s: column (%d, %d) is not simulated here", er.Kind, k.X, k.Z)
	default:
		if _, err := r.spawn(r.cmds, specOf(er, k), Motion{OnGround: er.OnGround}, true); err != nil {
			return fmt.Errorf("receive: %w", err)
		}
		// The spawn is applied after this system; the record is the
		// column's now and the newcomer.
		rec = r.record(k, c)
	}
	rec.Entities = append(rec.Entities, er)
	r.durable.SaveEntities(rec)
	r.stats.Received++
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

// pruneOffers forgets the refusals that ran out and the entities gone.
func (r *Registry) pruneOffers() {
	for e, o := range r.offers {
		if o.ticket == 0 && (o.until <= r.now || !r.world.Alive(e)) {
			delete(r.offers, e)
		}
	}
}
