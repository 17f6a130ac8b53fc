package entities

import (
	"math"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// regions is a test Authority: this server simulates the regions set
// true; kept decides KeepsEntities, which defaults to the same.
type regions struct {
	own  map[regionKey]bool
	kept map[regionKey]bool
}

func regionOfColumn(x, z int32) regionKey {
	return regionKey{x >> storage.RegionShift, z >> storage.RegionShift}
}

func (r *regions) LoadsEntities(x, z int32) bool { return r.own[regionOfColumn(x, z)] }

func (r *regions) KeepsEntities(x, z int32) bool {
	k := regionOfColumn(x, z)
	if v, ok := r.kept[k]; ok {
		return v
	}
	return r.own[k]
}

func (*regions) Name() string           { return "test_authority" }
func (*regions) Dependencies() []string { return []string{PluginName} }
func (r *regions) Build(app *ecs.App) error {
	ecs.Resource[Registry](app).SetAuthority(r)
	return nil
}

// TestAuthority: the entities of a column another server simulates are
// not loaded, spawned or walked into here; once the column is this
// server's they are loaded from what was stored, and once it is not any
// more they are dropped unsaved.
func TestAuthority(t *testing.T) {
	// Column 62 (blocks 992..1007) is in region 1, column 64 in region 2.
	auth := &regions{own: map[regionKey]bool{{0, 0}: true}, kept: map[regionKey]bool{}}
	var loaded []ColumnLoaded
	w := newRepWorldOn(t, Config{}, "", nil, auth, columnWatcher{&loaded})
	w.anchor(0.5, 0.5, 1)
	stored := storage.EntityColumn{X: 62, Z: 62, Entities: []storage.EntityRecord{{
		Kind: "test:thing", X: 1000.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.75, OnGround: true,
	}}}
	w.durable().SaveEntities(stored)
	w.step(2)

	w.anchor(1016, 1000, 2) // columns 61..65: regions 1 and 2
	w.step(authorityEvery)
	if got := w.positions(); len(got) != 0 || w.reg.ColumnResident(62, 62) || !w.reg.Populated(62, 62, "test") {
		t.Fatalf("foreign column: %d things here, resident %v", len(got), w.reg.ColumnResident(62, 62))
	}
	for _, e := range loaded {
		if e.X == 62 && e.Z == 62 {
			t.Fatalf("ColumnLoaded for a foreign column: %+v", e)
		}
	}
	if _, err := w.reg.Spawn(w.app.Commands(), Spec{Kind: "test:thing", Position: components.Position{X: 1000.5, Y: 64, Z: 1000.5}, Body: Body{Width: 0.5, Height: 0.75}}); err == nil {
		t.Fatal("spawned into a foreign column")
	}

	// Region 1 becomes this server's: its stored entity is loaded.
	auth.own[regionKey{1, 1}] = true
	w.step(authorityEvery)
	got := w.positions()
	if len(got) != 1 || !w.reg.ColumnResident(62, 62) {
		t.Fatalf("after taking region 1: %v", got)
	}
	var id uint64
	for id = range got {
	}

	// It walks east into region 2, still foreign: it stops at the border.
	w.move(id, 1022.5, 1000.5)
	w.step(1)
	blocked := false
	for range 40 {
		_, _, m := w.body(id)
		m.WalkX = 4
		w.step(1)
		blocked = blocked || m.Blocked
	}
	if p, _, _ := w.body(id); p.X >= 1024 || !blocked {
		t.Fatalf("walked to x=%.2f (blocked %v): into a column another server simulates", p.X, blocked)
	}

	// Region 1 is lost: the entity is dropped, and the walk since it was
	// saved (on entering column 63) is not.
	auth.kept[regionKey{1, 1}] = false
	w.step(authorityEvery)
	if got := w.positions(); len(got) != 0 || w.reg.Len() != 0 {
		t.Fatalf("after losing region 1: %v (registry %d)", got, w.reg.Len())
	}
	rec, ok, err := w.durable().LoadEntities(63, 62)
	if err != nil || !ok || len(rec.Entities) != 1 || rec.Entities[0].X > 1023 {
		t.Fatalf("stored record after the loss: %+v, %v, %v; want the one saved on entering the column", rec, ok, err)
	}
}

// handing is a test Authority that hands entities over: it records the
// offers, and the test settles them.
type handing struct {
	*regions
	offers []handed
	refuse bool // HandOver reports there is no one to ask
}

type handed struct {
	ticket uint64
	rec    storage.EntityRecord
	x, z   int32
}

func (h *handing) HandOver(ticket uint64, rec storage.EntityRecord, x, z int32) bool {
	if h.refuse {
		return false
	}
	h.offers = append(h.offers, handed{ticket, rec, x, z})
	return true
}

func (h *handing) Build(app *ecs.App) error {
	ecs.Resource[Registry](app).SetAuthority(h)
	return nil
}

// TestHandover: an entity walking into a column another server simulates
// is offered to it once and stands still until the answer; refused, it
// stays and is offered again later; taken, it is gone and its column is
// saved without it. An entity handed here is spawned and stored with its
// column, resident or not, and one for a column not simulated here, or
// malformed, is refused.
func TestHandover(t *testing.T) {
	auth := &handing{regions: &regions{own: map[regionKey]bool{{1, 1}: true}, kept: map[regionKey]bool{}}}
	w := newRepWorldOn(t, Config{}, "", nil, auth)
	w.anchor(0.5, 0.5, 1)
	w.anchor(1016, 1000, 2) // columns 61..65: regions 1 and 2
	w.step(authorityEvery)
	id := w.spawnAt(components.Position{X: 1022.5, Y: 64, Z: 1000.5})
	w.step(1)

	walk := func(ticks int) {
		for range ticks {
			_, _, m := w.body(id)
			m.WalkX = 4
			w.step(1)
		}
	}
	walk(20)
	if len(auth.offers) != 1 {
		t.Fatalf("%d offers after walking into region 2, want 1", len(auth.offers))
	}
	o := auth.offers[0]
	if o.x != 64 || o.z != 62 || o.rec.X < 1024 || o.rec.Kind != "test:thing" || o.rec.Width != 0.9 {
		t.Fatalf("offer %+v: want the thing as it would stand in column (64, 62)", o)
	}
	at, _, _ := w.body(id)
	held := *at
	walk(10)
	if p, _, _ := w.body(id); *p != held || p.X >= 1024 || len(auth.offers) != 1 {
		t.Fatalf("waiting for the answer it moved from %v to %v (%d offers)", held, *p, len(auth.offers))
	}

	// Refused: it walks into the border again, and is offered again once
	// handoverRetry ticks have passed.
	w.reg.Settle(o.ticket, false)
	walk(handoverRetry / 2)
	if len(auth.offers) != 1 {
		t.Fatalf("offered again %d ticks after a refusal", handoverRetry/2)
	}
	walk(handoverRetry)
	if len(auth.offers) != 2 {
		t.Fatalf("%d offers after the retry time, want 2", len(auth.offers))
	}
	w.reg.Settle(auth.offers[1].ticket, true)
	w.reg.Settle(auth.offers[1].ticket, true) // a repeated answer changes nothing
	w.step(2)
	if got := w.positions(); len(got) != 0 || w.reg.Len() != 0 {
		t.Fatalf("after the hand-over: %v here (registry %d)", got, w.reg.Len())
	}
	if rec, _, err := w.durable().LoadEntities(63, 62); err != nil || len(rec.Entities) != 0 {
		t.Fatalf("column 63 after the hand-over: %+v, %v; want it saved without the thing", rec, err)
	}
	if st := ecs.Resource[Stats](w.app); st.Offered != 2 || st.HandedOver != 1 || st.HandoversRefused != 1 {
		t.Errorf("stats %+v", st)
	}

	// No one to ask: blocked, nothing offered, and asked again only
	// after the retry time.
	auth.refuse = true
	id = w.spawnAt(components.Position{X: 1022.5, Y: 64, Z: 1000.5})
	w.step(1)
	walk(20)
	if p, _, _ := w.body(id); p.X >= 1024 {
		t.Fatalf("with no one to hand it to it walked to %.2f", p.X)
	}
	if len(w.reg.tickets) != 0 {
		t.Fatalf("tickets waiting with no one asked: %v", w.reg.tickets)
	}

	// Handed here.
	thing := storage.EntityRecord{Kind: "test:thing", X: 1001.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.5, OnGround: true,
		Attributes: []storage.EntityAttribute{{Key: "test:age", Value: 7}}}
	if err := w.reg.Receive(thing); err != nil {
		t.Fatalf("receive into resident column 62: %v", err)
	}
	far := thing
	far.X, far.Z = 700.5, 700.5 // column (43, 43), region 1, not resident
	if err := w.reg.Receive(far); err != nil {
		t.Fatalf("receive into column 43 (not resident): %v", err)
	}
	for _, bad := range []storage.EntityRecord{
		{Kind: "test:thing", X: 1030.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.5}, // region 2
		{Kind: "test:thing", X: 1001.5, Y: 64, Z: math.NaN(), Width: 0.5, Height: 0.5},
		{Kind: "Bad Kind", X: 1001.5, Y: 64, Z: 1000.5, Width: 0.5, Height: 0.5},
		{Kind: "test:thing", X: 1001.5, Y: 64, Z: 1000.5},
	} {
		if err := w.reg.Receive(bad); err == nil {
			t.Errorf("received %+v", bad)
		}
	}
	w.step(1)
	n := 0
	for _, p := range w.positions() {
		if p.X > 1001 && p.X < 1002 {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d things spawned at the handed-over one's place: %v", n, w.positions())
	}
	for _, c := range []struct{ x, z int32 }{{62, 62}, {43, 43}} {
		rec, ok, err := w.durable().LoadEntities(c.x, c.z)
		if err != nil || !ok || len(rec.Entities) != 1 || len(rec.Entities[0].Attributes) != 1 {
			t.Errorf("column (%d, %d) after receiving: %+v, %v, %v; want the thing stored", c.x, c.z, rec, ok, err)
		}
	}
}
