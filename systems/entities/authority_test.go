package entities

import (
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
