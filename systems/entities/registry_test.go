package entities

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
)

// anchor keeps the sections within radius (sections) of block (x, 64, z)
// resident, like the server's spawn anchor, until it is dropped.
func (w *repWorld) anchor(x, z float64, radius int) ecs.Entity {
	var e ecs.Entity
	w.app.Commands().Spawn(func(x ecs.Entity) { e = x }, components.View{Center: chunk.PosOfFloat(x, 64, z), Radius: radius})
	w.step(3)
	return e
}

func (w *repWorld) drop(e ecs.Entity) {
	w.app.Commands().Despawn(e)
	w.step(2)
}

func (w *repWorld) durable() *persist.Durability { return ecs.Resource[persist.Durability](w.app) }

// things returns every plugin entity's position, by wire id.
func (w *repWorld) positions() map[uint64]components.Position {
	out := map[uint64]components.Position{}
	q := w.things.Query(w.app.World())
	for q.Next() {
		r, p := q.Get()
		if r.Kind != KindPlayer {
			out[r.ID] = *p
		}
	}
	return out
}

func TestSpawnRefusals(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(8, 8, 1)
	body := Body{Width: 0.5, Height: 0.5}
	for _, tc := range []struct {
		name string
		spec Spec
		want string
	}{
		{"bad kind", Spec{Kind: "Thing", Position: components.Position{X: 8, Y: 64, Z: 8}, Body: body}, "namespace:name"},
		{"no namespace", Spec{Kind: ":thing", Position: components.Position{X: 8, Y: 64, Z: 8}, Body: body}, "namespace:name"},
		{"column not resident", Spec{Kind: "test:thing", Position: components.Position{X: 5000, Y: 64, Z: 8}, Body: body}, "not resident"},
		{"no body", Spec{Kind: "test:thing", Position: components.Position{X: 8, Y: 64, Z: 8}}, "positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := w.reg.Spawn(w.app.Commands(), tc.spec); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Spawn: %v, want an error about %q", err, tc.want)
			}
		})
	}
	if err := w.reg.RegisterKind("bad kind", nil); !errors.Is(err, ErrBadKind) {
		t.Fatalf("RegisterKind: %v", err)
	}
}

// TestColumnUnloadAndReload evicts a column with entities in it and
// brings it back: they are saved when it leaves and come back where they
// were, with their attributes, under new wire ids; a fresh column says
// so once.
func TestColumnUnloadAndReload(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(0.5, 0.5, 1) // the world's spawn region stays resident
	v := w.anchor(1000, 1000, 1)
	a := w.spawn(1000.5, 1000.5, Attribute{"test:colour", 7})
	b := w.spawn(1001.5, 1002.25)
	w.step(20) // they settle on the ground
	before := w.positions()
	if len(before) != 2 || w.reg.Len() != 2 {
		t.Fatalf("%d things resident (registry %d), want 2", len(before), w.reg.Len())
	}
	if n := w.reg.CountRegion(1000>>9, 1000>>9, "test:thing"); n != 2 {
		t.Fatalf("CountRegion = %d, want 2", n)
	}
	w.reg.MarkPopulated(62, 62, "test")

	w.drop(v)
	if got := w.positions(); len(got) != 0 || w.reg.Len() != 0 || w.reg.ColumnResident(62, 62) {
		t.Fatalf("after eviction: %v resident (registry %d)", got, w.reg.Len())
	}
	rec, ok, err := w.durable().LoadEntities(62, 62)
	if err != nil || !ok || len(rec.Entities) != 2 || len(rec.Populated) != 1 {
		t.Fatalf("saved column: %+v, %v, %v", rec, ok, err)
	}

	v = w.anchor(1000, 1000, 1)
	after := w.positions()
	if len(after) != 2 {
		t.Fatalf("after reload: %d things, want 2", len(after))
	}
	for id := range after {
		if id == a || id == b {
			t.Fatalf("reloaded thing kept wire id %#x: ids are per load", id)
		}
	}
	for _, p := range before {
		found := false
		for _, q := range after {
			found = found || p == q
		}
		if !found {
			t.Fatalf("thing saved at %+v did not come back there (now %v)", p, after)
		}
	}
	if !w.reg.Populated(62, 62, "test") || w.reg.Populated(62, 62, "other") {
		t.Fatal("populated marks not kept")
	}
	found := false
	q := generic.NewFilter2[Replicated, Attributes]().Query(w.app.World())
	for q.Next() {
		_, at := q.Get()
		if v, ok := at.Get("test:colour"); ok && v == 7 {
			found = true
		}
	}
	if !found {
		t.Fatal("attribute lost in the round trip")
	}

	// A loaded entity that moves makes its column changed: the new place
	// is what is saved when the column leaves again.
	var moved uint64
	for id := range after {
		moved = id
		break
	}
	for range 10 {
		_, _, m := w.body(moved)
		m.WalkZ = 1
		w.step(1)
	}
	p, _, _ := w.body(moved)
	at := *p
	w.drop(v)
	rec, ok, err = w.durable().LoadEntities(62, 62)
	if err != nil || !ok {
		t.Fatalf("saved again: %v, %v", ok, err)
	}
	if !slices.ContainsFunc(rec.Entities, func(r storage.EntityRecord) bool { return r.X == at.X && r.Z == at.Z }) {
		t.Fatalf("the walk after the reload (to %+v) was not saved: %+v", at, rec.Entities)
	}
}

// columnWatcher records every ColumnLoaded event.
type columnWatcher struct{ got *[]ColumnLoaded }

func (columnWatcher) Name() string           { return "column_watcher" }
func (columnWatcher) Dependencies() []string { return []string{PluginName} }
func (c columnWatcher) Build(app *ecs.App) error {
	events := ecs.Resource[ecs.Events[ColumnLoaded]](app)
	app.AddSystem(ecs.Stream, "watch_columns", func(*ecs.Context) {
		*c.got = append(*c.got, events.Items()...)
	}, ecs.After(SystemResidency))
	return nil
}

// TestFreshColumns: ColumnLoaded is emitted for each column that became
// resident, Fresh only when nothing was ever stored for it.
func TestFreshColumns(t *testing.T) {
	var got []ColumnLoaded
	w := newRepWorldOn(t, Config{}, "", nil, columnWatcher{&got})
	w.anchor(0.5, 0.5, 1)
	v := w.anchor(1000, 1000, 0)
	fresh := func(x, z int32) (seen, isFresh bool) {
		for _, e := range got {
			if e.X == x && e.Z == z {
				seen, isFresh = true, e.Fresh
			}
		}
		return
	}
	if seen, f := fresh(62, 62); !seen || !f {
		t.Fatalf("column (62,62): seen %v fresh %v, want a fresh load (events %v)", seen, f, got)
	}
	w.reg.MarkPopulated(62, 62, "test")
	w.drop(v)
	got = nil
	w.anchor(1000, 1000, 0)
	if seen, f := fresh(62, 62); !seen || f {
		t.Fatalf("column (62,62) loaded again: seen %v fresh %v, want not fresh", seen, f)
	}
}

// TestPeriodicSave: a column whose entities changed is saved SaveEvery
// ticks later without being evicted, so a crash loses at most that much.
func TestPeriodicSave(t *testing.T) {
	w := newRepWorld(t, Config{SaveEvery: 40})
	w.anchor(8, 8, 1)
	w.spawn(8.5, 8.5)
	w.step(5)
	if _, ok, _ := w.durable().LoadEntities(0, 0); ok {
		t.Fatal("saved at once; want after SaveEvery ticks")
	}
	w.step(60)
	rec, ok, err := w.durable().LoadEntities(0, 0)
	if err != nil || !ok || len(rec.Entities) != 1 {
		t.Fatalf("after SaveEvery: %+v, %v, %v", rec, ok, err)
	}
}

// savedWorld runs a world in dir with n things in column (0, 0), shuts it
// down and opens its database.
func savedWorld(t *testing.T, dir string, n int) *storage.DB {
	t.Helper()
	w := newRepWorldOn(t, Config{}, dir, nil)
	w.anchor(8, 8, 1)
	for i := range n {
		w.spawn(8.5+float64(i), 8.5+float64(i))
	}
	w.step(5)
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(dir, w.app.Log())
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestShutdownSaves: Shutdown hands every changed column to storage
// before the database closes.
func TestShutdownSaves(t *testing.T) {
	db := savedWorld(t, t.TempDir(), 2)
	defer db.Close()
	rec, ok, err := db.LoadEntities(0, 0)
	if err != nil || !ok || len(rec.Entities) != 2 {
		t.Fatalf("after shutdown: %+v, %v, %v", rec, ok, err)
	}
}

// TestDamagedColumn: a column whose record does not read loads without
// entities, is never written over (strata repair may still save it) and
// counts as populated, so no spawner fills it again.
func TestDamagedColumn(t *testing.T) {
	dir := t.TempDir()
	db := savedWorld(t, dir, 1)
	if err := db.CorruptEntitiesForTest(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	w2 := newRepWorldOn(t, Config{}, dir, nil)
	w2.anchor(8, 8, 1)
	if n := len(w2.positions()); n != 0 || w2.stats.LoadErrors != 1 {
		t.Fatalf("%d things from a damaged record, %d load errors", n, w2.stats.LoadErrors)
	}
	if !w2.reg.Populated(0, 0, "anyone") {
		t.Fatal("a damaged column must count as populated")
	}
	if _, err := w2.reg.Spawn(w2.app.Commands(), Spec{Kind: "test:thing", Position: components.Position{X: 8, Y: 64, Z: 8}, Body: Body{Width: 1, Height: 1}}); err == nil {
		t.Fatal("spawned into a damaged column")
	}
	if err := w2.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(dir, w2.app.Log())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, _, err := db.LoadEntities(0, 0); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("the damaged record was replaced: %v", err)
	}
}

// TestLinkGroupsBounded: columns linked by crossings join one group up to
// maxLinkedColumns; past it link refuses (the crossing is saved at once),
// and saving any column of a group saves every one of them.
func TestLinkGroupsBounded(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(88, 88, 4) // columns 3..7 resident (and more), all in region (0, 0)
	var keys []colKey
	for x := int32(3); x <= 7 && len(keys) <= maxLinkedColumns; x++ {
		for z := int32(3); z <= 7 && len(keys) <= maxLinkedColumns; z++ {
			if w.reg.col(colKey{x, z}) == nil {
				t.Fatalf("column (%d, %d) not resident", x, z)
			}
			keys = append(keys, colKey{x, z})
		}
	}
	col := func(i int) *column { return w.reg.col(keys[i]) }
	for i := range keys {
		w.reg.markDirty(keys[i], col(i))
	}
	// Two groups of half the bound each, then joined: the bound exactly.
	half := maxLinkedColumns / 2
	for i := 1; i < maxLinkedColumns; i++ {
		if i == half {
			continue
		}
		if !w.reg.link(keys[i-1], col(i-1), keys[i], col(i)) {
			t.Fatalf("link %d refused", i)
		}
	}
	if g, h := col(0).group, col(half).group; g == nil || h == nil || g == h || len(g.cols) != half || len(h.cols) != half {
		t.Fatal("want two groups of half the bound")
	}
	if !w.reg.link(keys[half-1], col(half-1), keys[half], col(half)) {
		t.Fatal("joining two halves refused")
	}
	g := col(0).group
	for i := range maxLinkedColumns {
		if col(i).group != g {
			t.Fatalf("column %d not in the joined group", i)
		}
	}
	if w.reg.link(keys[maxLinkedColumns-1], col(maxLinkedColumns-1), keys[maxLinkedColumns], col(maxLinkedColumns)) {
		t.Fatal("a group past maxLinkedColumns")
	}
	w.reg.save(keys[3], col(3))
	for i := range maxLinkedColumns {
		if c := col(i); c.dirty || c.group != nil {
			t.Fatalf("column %d: dirty %v, group %v after saving column 3", i, c.dirty, c.group != nil)
		}
	}
	if !col(maxLinkedColumns).dirty {
		t.Fatal("a column outside the group was saved with it")
	}
}
