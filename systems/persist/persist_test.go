package persist

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// persistWorld is a real App with residency over the real generator and
// persistence on a Pebble database in dir.
type persistWorld struct {
	app   *ecs.App
	store *resources.ChunkStore
	gen   *worldgen.Generator
	dur   *Durability
	p     *Plugin
}

func newPersistWorld(t *testing.T, dir string) *persistWorld {
	t.Helper()
	return newPersistWorldWith(t, Config{DataDir: dir})
}

// newPersistWorldWith is newPersistWorld with the persist configuration
// cfg (its seed and generator version are filled in).
func newPersistWorldWith(t testing.TB, cfg Config) *persistWorld {
	t.Helper()
	cfg.Seed, cfg.GeneratorVersion = 11, worldgen.LatestVersion
	gen, err := worldgen.New(11, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	app := ecs.NewApp(ecs.WithLogger(zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)))
	p := New(cfg)
	app.AddPlugins(
		residency.New(residency.Config{Generator: gen, Deterministic: true, QueueCap: 4096}),
		p,
	)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return &persistWorld{app: app, store: ecs.Resource[resources.ChunkStore](app), gen: gen, dur: ecs.Resource[Durability](app), p: p}
}

// view spawns an entity viewing radius r around section c and returns it.
func (w *persistWorld) view(c chunk.Pos, r int) *ecs.Entity {
	var e ecs.Entity
	w.app.Commands().Spawn(func(got ecs.Entity) { e = got }, components.View{Center: c, Radius: r})
	return &e
}

func (w *persistWorld) settle(t *testing.T) {
	t.Helper()
	gen := ecs.Resource[resources.Generation](w.app)
	for i := 0; i < 200; i++ {
		w.app.Step()
		if gen.InFlight() == 0 && i > 2 {
			return
		}
	}
	t.Fatal("residency did not settle")
}

// stepUntil steps the App, giving the storage goroutine time between
// ticks, until cond holds; the bound is generous for slow disks.
func (w *persistWorld) stepUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10s")
		}
		w.app.Step()
		time.Sleep(time.Millisecond)
	}
}

// TestEditsSurviveRestart edits blocks in several sections (negative
// coordinates among them, some then evicted), restarts, and checks every
// edit is back and unedited sections equal freshly generated ones.
func TestEditsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	w := newPersistWorld(t, dir)
	here := chunk.Pos{X: -3, Y: 3, Z: -5}
	far := chunk.Pos{X: 40, Y: 3, Z: 40}
	e := w.view(here, 2)
	w.settle(t)
	type edit struct {
		x, y, z int
		b       chunk.Block
	}
	bx, by, bz := here.MinBlock()
	edits := []edit{{bx, by, bz, chunk.Gravel}, {bx + 15, by + 15, bz + 15, chunk.Clay}, {bx - 1, by + 2, bz - 16, chunk.OakLog}, {bx + 17, by - 3, bz + 1, chunk.Ice}}
	// Callbacks run on the storage goroutine.
	var acked atomic.Int32
	for _, ed := range edits {
		if changed, resident := w.store.SetBlock(ed.x, ed.y, ed.z, ed.b); !changed || !resident {
			t.Fatalf("edit %+v: changed %v resident %v", ed, changed, resident)
		}
		w.dur.AfterDurable(func() { acked.Add(1) })
	}
	w.stepUntil(t, func() bool { return int(acked.Load()) == len(edits) && w.store.DirtyCount() == 0 })
	// Edit again, then move the view away at once: the edited sections are
	// evicted dirty and must be saved on the way out.
	w.store.SetBlock(bx+3, by+3, bz+3, chunk.Sand)
	edits = append(edits, edit{bx + 3, by + 3, bz + 3, chunk.Sand})
	w.app.Commands().Insert(*e, components.View{Center: far, Radius: 2})
	w.settle(t)
	if w.store.Has(here) {
		t.Fatal("old section still resident after the view moved")
	}
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}

	w = newPersistWorld(t, dir)
	defer w.app.Shutdown()
	w.view(here, 2)
	w.settle(t)
	for _, ed := range edits {
		if b, ok := w.store.Block(ed.x, ed.y, ed.z); !ok || b != ed.b {
			t.Errorf("after restart block %+v is %v (resident %v)", ed, b, ok)
		}
	}
	untouched := here.Add(-2, 0, 0)
	got, ok := w.store.Section(untouched)
	want := w.gen.Generate(untouched)
	if !ok || got.Hash() != want.Hash() {
		t.Errorf("unedited section %v differs from generated (resident %v)", untouched, ok)
	}
}

// TestCorruptSectionIsNotRegenerated flips a stored section's bytes: the
// section is not made resident and not overwritten, and the rest loads.
func TestCorruptSectionIsNotRegenerated(t *testing.T) {
	dir := t.TempDir()
	w := newPersistWorld(t, dir)
	p := chunk.Pos{X: 1, Y: 2, Z: 1}
	w.view(p, 1)
	w.settle(t)
	bx, by, bz := p.MinBlock()
	w.store.SetBlock(bx, by, bz, chunk.Gravel)
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CorruptForTest(p); err != nil {
		t.Fatal(err)
	}
	db.Close()

	w = newPersistWorld(t, dir)
	w.view(p, 1)
	for i := 0; i < 30; i++ {
		w.app.Step()
	}
	if w.store.Has(p) {
		t.Fatal("corrupt section became resident")
	}
	if !w.store.Has(p.Add(1, 0, 0)) {
		t.Fatal("neighbouring section not served")
	}
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err = storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, _, _, err := db.LoadSection(p); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("stored section was overwritten: err %v", err)
	}
}

// TestLoadPlayerSeesQueuedAndInFlightRecords follows one record from
// SavePlayer to disk: LoadPlayer returns it while it is queued, while it
// is submitted but not durable (the writer's overlay; the database still
// has the older record), and once stored.
func TestLoadPlayerSeesQueuedAndInFlightRecords(t *testing.T) {
	w := newPersistWorld(t, t.TempDir())
	defer w.app.Shutdown()
	db := ecs.Resource[storage.DB](w.app)
	old := storage.PlayerRecord{Name: "bo", X: 1, Y: 2, Z: 3}
	if err := db.PutPlayers([]storage.PlayerRecord{old}); err != nil {
		t.Fatal(err)
	}
	check := func(stage string, want storage.PlayerRecord) {
		t.Helper()
		got, ok, err := w.dur.LoadPlayer("bo")
		if err != nil || !ok || got != want {
			t.Fatalf("%s: LoadPlayer %+v (found %v, err %v), want %+v", stage, got, ok, err, want)
		}
	}
	check("stored", old)
	left := storage.PlayerRecord{Name: "bo", X: 7, Y: 8, Z: 9, Yaw: 90}
	w.dur.SavePlayer(storage.PlayerRecord{Name: "bo", X: 4, Y: 5, Z: 6})
	w.dur.SavePlayer(left) // the later record wins
	check("queued", left)

	// Commits fail and are retried for 10+20+…+160 ms: long enough to
	// look at the record while it is submitted and not durable.
	w.dur.Writer().FailNext(5)
	w.app.Step()
	check("submitted, not durable", left)
	if r, _, _ := db.LoadPlayer("bo"); r != old {
		t.Fatalf("database already holds %+v: the overlay was not exercised", r)
	}
	w.stepUntil(t, func() bool { _, writes := w.dur.Pending(); return writes == 0 })
	check("durable", left)
	if r, _, _ := db.LoadPlayer("bo"); r != left {
		t.Fatalf("database holds %+v after the write, want %+v", r, left)
	}
	if _, ok, err := w.dur.LoadPlayer("nobody"); ok || err != nil {
		t.Fatalf("new player: found %v, err %v", ok, err)
	}
}
