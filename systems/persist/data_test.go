package persist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// dataPlugin is a plugin that registers kinds of plugin records in its
// Build, as a real plugin does (after the persist plugin's).
type dataPlugin struct{ build func(app *ecs.App) }

func (*dataPlugin) Name() string           { return "datatest" }
func (*dataPlugin) Dependencies() []string { return []string{PluginName} }
func (p *dataPlugin) Build(app *ecs.App) error {
	p.build(app)
	return nil
}

// syncLog is a log sink safe for the storage goroutine's writes.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// buildDataWorld builds a real App (residency over the real generator,
// persistence configured by cfg, a plugin whose Build is build) and
// returns it, or Build's error. The test's cleanup shuts it down. The
// log (warnings and worse) goes to the test's output and to log.
func buildDataWorld(t *testing.T, cfg Config, log *syncLog, build func(app *ecs.App)) (*persistWorld, error) {
	t.Helper()
	cfg.Seed, cfg.GeneratorVersion = 11, worldgen.LatestVersion
	gen, err := worldgen.New(11, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	if log == nil {
		log = &syncLog{}
	}
	out := zerolog.MultiLevelWriter(zerolog.NewTestWriter(t), log)
	app := ecs.NewApp(ecs.WithLogger(zerolog.New(out).Level(zerolog.WarnLevel)))
	app.AddPlugins(
		residency.New(residency.Config{Generator: gen, Deterministic: true, QueueCap: 4096}),
		New(cfg),
		&dataPlugin{build: build},
	)
	err = app.Build()
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	if err != nil {
		return nil, err
	}
	return &persistWorld{app: app, store: ecs.Resource[resources.ChunkStore](app), gen: gen, dur: ecs.Resource[Durability](app)}, nil
}

func newDataWorld(t *testing.T, cfg Config, build func(app *ecs.App)) *persistWorld {
	t.Helper()
	w, err := buildDataWorld(t, cfg, nil, build)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// shutdown shuts w down, as a stopping server does.
func (w *persistWorld) shutdown(t *testing.T) {
	t.Helper()
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
}

// callback is a durability callback's report: 0 until called, then
// stored or refused. Calls after the first are counted as extra.
type callback struct {
	state atomic.Int32
	calls atomic.Int32
}

const (
	pending int32 = iota
	stored
	refused
)

func (c *callback) done(ok bool) {
	c.calls.Add(1)
	if ok {
		c.state.CompareAndSwap(pending, stored)
	} else {
		c.state.CompareAndSwap(pending, refused)
	}
}

func (c *callback) called() bool { return c.state.Load() != pending }

// durable runs write with a callback and steps w until it is called;
// it reports whether the write was stored.
func (w *persistWorld) durable(t *testing.T, what string, write func(done func(bool)) error) bool {
	t.Helper()
	var cb callback
	if err := write(cb.done); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	w.stepUntil(t, cb.called)
	if n := cb.calls.Load(); n != 1 {
		t.Fatalf("%s: callback called %d times", what, n)
	}
	return cb.state.Load() == stored
}

type claim struct {
	Owner string `json:"owner"`
}

// cached lists the columns ColumnData holds in memory, sorted.
func cached[T any](c *ColumnData[T]) [][2]int32 {
	var out [][2]int32
	for k := range c.cache {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b [2]int32) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	return out
}

// TestColumnData follows a column's record through its life: stored
// (the callback says so), loaded again after a restart when the column's
// terrain becomes resident, forgotten when the column is evicted and
// loaded again when it comes back, written while the column is not
// resident, deleted. The plugin_columns system loads only the columns
// that hold a record.
func TestColumnData(t *testing.T) {
	dir := t.TempDir()
	here := chunk.Pos{X: -3, Y: 3, Z: -5}
	there := chunk.Pos{X: 40, Y: 3, Z: 41}
	hereCol, thereCol := [2]int32{here.X, here.Z}, [2]int32{there.X, there.Z}
	var cols *ColumnData[claim]
	open := func() *persistWorld {
		return newDataWorld(t, Config{DataDir: dir}, func(app *ecs.App) {
			cols = NewColumnData[claim](app, Kind{Name: "claims"})
		})
	}
	wantGet := func(stage string, col [2]int32, want string) {
		t.Helper()
		got, ok := cols.Get(col[0], col[1])
		if ok != (want != "") || got.Owner != want {
			t.Fatalf("%s: Get%v = %+v %v, want %q", stage, col, got, ok, want)
		}
	}
	settleView := func(w *persistWorld, e *ecs.Entity, c chunk.Pos, gone [2]int32) {
		t.Helper()
		w.app.Commands().Insert(*e, components.View{Center: c, Radius: 1})
		w.settle(t)
		w.stepUntil(t, func() bool { return w.store.ColumnLen(gone[0], gone[1]) == 0 && w.store.ColumnLen(c.X, c.Z) > 0 })
	}

	w := open()
	e := w.view(here, 1)
	w.settle(t)
	if w.store.ColumnLen(here.X, here.Z) == 0 {
		t.Fatal("the viewed column is not resident")
	}
	if !w.durable(t, "set here", func(done func(bool)) error { return cols.Set(here.X, here.Z, claim{"ann"}, done) }) {
		t.Fatal("set here: not stored")
	}
	// A column that is not resident: written, not kept in memory.
	if !w.durable(t, "set there", func(done func(bool)) error { return cols.Set(there.X, there.Z, claim{"bob"}, done) }) {
		t.Fatal("set there: not stored")
	}
	wantGet("first run", hereCol, "ann")
	wantGet("first run", thereCol, "bob")
	if got := cached(cols); !slices.Equal(got, [][2]int32{hereCol}) {
		t.Fatalf("in memory: %v, want only the resident column %v", got, hereCol)
	}
	w.shutdown(t)

	// Restart: the stored columns are known, none loaded before its
	// terrain is resident.
	w = open()
	if len(cols.cache) != 0 || !cols.stored[hereCol] || !cols.stored[thereCol] || len(cols.stored) != 2 {
		t.Fatalf("at start: cache %v, stored %v", cols.cache, cols.stored)
	}
	e = w.view(here, 1)
	w.settle(t)
	resident := 0
	for x := here.X - 1; x <= here.X+1; x++ {
		for z := here.Z - 1; z <= here.Z+1; z++ {
			if w.store.ColumnLen(x, z) > 0 {
				resident++
			}
		}
	}
	if resident < 2 {
		t.Fatalf("%d columns resident around %v; the test needs several", resident, here)
	}
	// Of the resident columns only the one holding a record was read.
	if got := cached(cols); !slices.Equal(got, [][2]int32{hereCol}) {
		t.Fatalf("loaded %v of %d resident columns, want only %v", got, resident, hereCol)
	}
	wantGet("after restart", hereCol, "ann")

	// The view moves to the other column: here is evicted and forgotten,
	// there is loaded.
	settleView(w, e, there, hereCol)
	if got := cached(cols); !slices.Equal(got, [][2]int32{thereCol}) {
		t.Fatalf("after the view moved: in memory %v, want %v", got, thereCol)
	}
	wantGet("evicted", hereCol, "ann") // read from the store, not kept
	if _, ok := cols.cache[hereCol]; ok {
		t.Fatal("Get of an evicted column kept it in memory")
	}
	// Written while not resident, then back: the new record is loaded.
	if !w.durable(t, "set evicted", func(done func(bool)) error { return cols.Set(here.X, here.Z, claim{"cy"}, done) }) {
		t.Fatal("set evicted: not stored")
	}
	settleView(w, e, here, thereCol)
	if got := cached(cols); !slices.Equal(got, [][2]int32{hereCol}) || cols.cache[hereCol].v.Owner != "cy" {
		t.Fatalf("back: in memory %v (%+v), want %v holding cy", got, cols.cache[hereCol], hereCol)
	}

	// Delete, then restart: gone, the other one kept.
	if !w.durable(t, "delete", func(done func(bool)) error { cols.Delete(here.X, here.Z, done); return nil }) {
		t.Fatal("delete: not stored")
	}
	wantGet("deleted", hereCol, "")
	w.shutdown(t)
	w = open()
	wantGet("deleted, after restart", hereCol, "")
	wantGet("after the second restart", thereCol, "bob")
	if cols.stored[hereCol] {
		t.Error("a deleted column's record is listed as stored at start")
	}
}

// TestWorldData: Set, Get, Keys and Delete; every key is loaded at start
// after a restart; the MaxKeys bound refuses a new key (not an existing
// one) with ErrTooManyKeys, and a bad key or a value too large is
// refused: nothing is written for a refused Set.
func TestWorldData(t *testing.T) {
	dir := t.TempDir()
	var prices *WorldData[string]
	open := func() *persistWorld {
		return newDataWorld(t, Config{DataDir: dir}, func(app *ecs.App) {
			prices = NewWorldData[string](app, Kind{Name: "prices", MaxKeys: 3})
		})
	}
	w := open()
	set := func(key, v string) {
		t.Helper()
		if !w.durable(t, "set "+key, func(done func(bool)) error { return prices.Set(key, v, done) }) {
			t.Fatalf("set %s: not stored", key)
		}
	}
	set("iron", "1")
	set("gold", "5")
	set("diamond ore", "40")
	if got := prices.Keys(); !slices.Equal(got, []string{"diamond ore", "gold", "iron"}) {
		t.Fatalf("Keys = %q", got)
	}
	if v, ok := prices.Get("gold"); !ok || v != "5" {
		t.Fatalf("Get gold = %q %v", v, ok)
	}
	if _, ok := prices.Get("tin"); ok {
		t.Fatal("Get of a key never set is ok")
	}

	for _, c := range []struct {
		name, key, value string
		is               error  // errors.Is
		says             string // in the error
	}{
		{name: "new key beyond MaxKeys", key: "tin", value: "2", is: ErrTooManyKeys, says: "at most 3"},
		{name: "empty key", key: "", value: "2", says: "1 to 128 bytes"},
		{name: "key too long", key: strings.Repeat("k", storage.MaxRecordName+1), value: "2", says: "1 to 128 bytes"},
		{name: "key not UTF-8", key: "\xff", value: "2", says: "UTF-8"},
		{name: "value too large", key: "gold", value: strings.Repeat("x", storage.MaxRecordValue), says: fmt.Sprintf("at most %d", storage.MaxRecordValue)},
	} {
		t.Run(c.name, func(t *testing.T) {
			called := false
			err := prices.Set(c.key, c.value, func(bool) { called = true })
			if err == nil || (c.is != nil && !errors.Is(err, c.is)) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("Set: %v, want an error saying %q", err, c.says)
			}
			if q := w.dur.queuedRecords(); len(q) != 0 {
				t.Fatalf("a refused Set queued %d writes", len(q))
			}
			if got := prices.Keys(); !slices.Equal(got, []string{"diamond ore", "gold", "iron"}) {
				t.Fatalf("Keys after a refused Set = %q", got)
			}
			if v, _ := prices.Get("gold"); v != "5" {
				t.Fatalf("gold after a refused Set = %q", v)
			}
			w.app.Step()
			if called {
				t.Fatal("the callback of a refused Set was called")
			}
		})
	}

	set("gold", "6") // an existing key at the bound
	if !w.durable(t, "delete iron", func(done func(bool)) error { return prices.Delete("iron", done) }) {
		t.Fatal("delete: not stored")
	}
	if _, ok := prices.Get("iron"); ok {
		t.Fatal("a deleted key is still there")
	}
	set("tin", "2") // room again
	want := []string{"diamond ore", "gold", "tin"}
	if got := prices.Keys(); !slices.Equal(got, want) {
		t.Fatalf("Keys = %q, want %q", got, want)
	}
	w.shutdown(t)

	// Every key is loaded at start.
	w = open()
	if got := prices.Keys(); !slices.Equal(got, want) {
		t.Fatalf("Keys after restart = %q, want %q", got, want)
	}
	for k, v := range map[string]string{"gold": "6", "tin": "2", "diamond ore": "40"} {
		if got, ok := prices.Get(k); !ok || got != v {
			t.Errorf("after restart, Get %q = %q %v, want %q", k, got, ok, v)
		}
	}
	if err := prices.Set("lead", "1", nil); !errors.Is(err, ErrTooManyKeys) {
		t.Fatalf("after restart, a fourth key: %v, want ErrTooManyKeys", err)
	}
}

// counter is format version 2 of a record whose version 1 was {"n": N}.
type counter struct {
	Count int `json:"count"`
}

// upgradeCounter turns version 1 into version 2.
func upgradeCounter(from uint32, payload []byte) ([]byte, error) {
	if from != 1 {
		return nil, fmt.Errorf("no upgrade from version %d", from)
	}
	var v1 struct {
		N int `json:"n"`
	}
	if err := json.Unmarshal(payload, &v1); err != nil {
		return nil, err
	}
	return json.Marshal(counter{Count: v1.N})
}

// TestRecordVersions: a record stored under an older format version is
// read through the kind's Upgrade; without one, or stored under a newer
// version than the kind's, it is an error, with the consequence
// docs/storage.md promises for each scope: a column's reads as none
// (logged), a player's refuses the player (LoadPlayerData fails), a
// world record fails the start. A corrupt record reads as none for a
// column and a player, and fails the start for a world record.
func TestRecordVersions(t *testing.T) {
	// A kind name is unique in the server, whatever its scope.
	player := storage.RecordKey{Kind: "counts.p", Scope: storage.ScopePlayer, Name: "ann"}
	column := storage.RecordKey{Kind: "counts.c", Scope: storage.ScopeColumn, X: 3, Z: -4}
	world := storage.RecordKey{Kind: "counts.w", Scope: storage.ScopeWorld, Name: "total"}
	for _, c := range []struct {
		name    string
		stored  []byte // the value on disk
		upgrade bool   // the kind (version 2) has an Upgrade
		want    int    // the count read; -1: an error
		says    string // what the error or the log says
	}{
		{name: "current version", stored: storage.EncodeRecord(2, []byte(`{"count":7}`)), want: 7},
		{name: "older, upgraded", stored: storage.EncodeRecord(1, []byte(`{"n":7}`)), upgrade: true, want: 7},
		{name: "older, no upgrade", stored: storage.EncodeRecord(1, []byte(`{"n":7}`)), want: -1, says: "format version 1 and no Upgrade to version 2"},
		{name: "newer", stored: storage.EncodeRecord(3, []byte(`{"count":7}`)), upgrade: true, want: -1, says: "format version 3 is newer than this build's 2"},
		{name: "upgrade fails", stored: storage.EncodeRecord(1, []byte(`{"n":"seven"}`)), upgrade: true, want: -1, says: "upgrade from format version 1"},
		{name: "corrupt", stored: []byte("\x01\x01{}junk"), upgrade: true, want: -1, says: "corrupt record"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db, err := storage.Open(dir, zerolog.Nop())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Claim(11, worldgen.LatestVersion, false); err != nil {
				t.Fatal(err)
			}
			var recs []storage.RecordWrite
			for _, k := range []storage.RecordKey{player, column, world} {
				recs = append(recs, storage.RecordWrite{Key: k, Value: c.stored})
			}
			if err := db.Commit(&storage.Batch{Records: recs}); err != nil {
				t.Fatal(err)
			}
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			kind := func(k storage.RecordKey) Kind {
				kind := Kind{Name: k.Kind, Version: 2}
				if c.upgrade {
					kind.Upgrade = upgradeCounter
				}
				return kind
			}
			corrupt := c.name == "corrupt"

			// Player and column records.
			var (
				players *PlayerData[counter]
				cols    *ColumnData[counter]
				log     syncLog
			)
			w, err := buildDataWorld(t, Config{DataDir: dir}, &log, func(app *ecs.App) {
				players = NewPlayerData[counter](app, kind(player))
				cols = NewColumnData[counter](app, kind(column))
			})
			if err != nil {
				t.Fatal(err)
			}
			recs2, err := w.dur.LoadPlayerData("ann")
			switch {
			case c.want >= 0 || corrupt:
				if err != nil {
					t.Fatalf("LoadPlayerData: %v", err)
				}
				w.dur.AdmitPlayerData(recs2)
				got, ok := players.Get("ann")
				if corrupt {
					if ok {
						t.Fatalf("a corrupt player record reads as %+v", got)
					}
				} else if !ok || got.Count != c.want {
					t.Fatalf("player record: %+v %v, want %d", got, ok, c.want)
				}
			default:
				if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), player.String()) {
					t.Fatalf("LoadPlayerData: %v, want an error naming %s and saying %q", err, player, c.says)
				}
			}
			got, ok := cols.Get(column.X, column.Z)
			if c.want >= 0 {
				if !ok || got.Count != c.want {
					t.Fatalf("column record: %+v %v, want %d", got, ok, c.want)
				}
			} else {
				if ok {
					t.Fatalf("column record: %+v, want none", got)
				}
				if !strings.Contains(log.String(), "unreadable") || !strings.Contains(log.String(), c.says) || !strings.Contains(log.String(), column.String()) {
					t.Fatalf("log lacks the unreadable column record:\n%s", log.String())
				}
			}
			if c.want >= 0 {
				// Written back in the current version.
				if !w.durable(t, "set column", func(done func(bool)) error {
					return cols.Set(column.X, column.Z, counter{Count: c.want + 1}, done)
				}) {
					t.Fatal("not stored")
				}
				v, _, err := w.dur.LoadRecord(column)
				if ver, payload, derr := storage.DecodeRecord(v); err != nil || derr != nil || ver != 2 || string(payload) != fmt.Sprintf(`{"count":%d}`, c.want+1) {
					t.Fatalf("written back: version %d %q (%v %v)", ver, payload, err, derr)
				}
			}
			w.shutdown(t)

			// World records: loaded at start.
			var counts *WorldData[counter]
			_, err = buildDataWorld(t, Config{DataDir: dir}, nil, func(app *ecs.App) {
				counts = NewWorldData[counter](app, kind(world))
			})
			if c.want < 0 {
				if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), world.String()) {
					t.Fatalf("start: %v, want it to fail naming %s and saying %q", err, world, c.says)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := counts.Get("total"); !ok || got.Count != c.want {
				t.Fatalf("world record: %+v %v, want %d", got, ok, c.want)
			}
		})
	}
}

// TestDuplicateKindFailsBuild: two registrations of one kind name fail
// the build naming both plugins; so does a bad name.
func TestDuplicateKindFailsBuild(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func(app *ecs.App)
		says  string
	}{
		{"same name, two scopes", func(app *ecs.App) {
			NewColumnData[int](app, Kind{Name: "dup"})
			NewWorldData[int](app, Kind{Name: "dup"})
		}, `record kind "dup" registered twice`},
		{"bad name", func(app *ecs.App) { NewPlayerData[int](app, Kind{Name: "Bad Name"}) }, `record kind "Bad Name"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildDataWorld(t, Config{InMemory: true}, nil, c.build)
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("build: %v, want %q", err, c.says)
			}
		})
	}
}

// followingDB is a backend that follows world records (as a cluster
// shard's store does) with changes the test offers: DrainWorldRecords
// offers every change given since, keeping those not taken.
type followingDB struct {
	*storage.DB
	mu       sync.Mutex
	followed []string
	changes  []followed
}

type followed struct {
	k storage.RecordKey
	v []byte
}

func (f *followingDB) MayHaveColumnRecord(string, int32, int32) bool { return true }

func (f *followingDB) FollowWorldRecords(kind string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.followed = append(f.followed, kind)
	return nil
}

func (f *followingDB) DrainWorldRecords(fn func(k storage.RecordKey, v []byte) bool) {
	f.mu.Lock()
	changes := f.changes
	f.changes = nil
	f.mu.Unlock()
	var kept []followed
	for _, c := range changes {
		if !fn(c.k, c.v) {
			kept = append(kept, c)
		}
	}
	f.mu.Lock()
	f.changes = append(kept, f.changes...)
	f.mu.Unlock()
}

func (f *followingDB) offer(name string, v []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.changes = append(f.changes, followed{storage.RecordKey{Kind: "shop", Scope: storage.ScopeWorld, Name: name}, v})
}

func (f *followingDB) pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.changes)
}

// TestWorldDataTakesFollowedChanges: with a backend that follows world
// records, the kind is followed before it is read; a change offered is
// in memory after the next tick (a delete too; a value that does not
// decode reads as none); a change of a key with a write in flight is
// not taken until the write is answered, then it is. Without such a
// backend there is no plugin_world system.
func TestWorldDataTakesFollowedChanges(t *testing.T) {
	db, err := storage.OpenInMemory(zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &followingDB{DB: db}
	var shop *WorldData[int]
	w := newDataWorld(t, Config{InMemory: true, Synchronous: true, Backend: f}, func(app *ecs.App) {
		shop = NewWorldData[int](app, Kind{Name: "shop"})
	})
	if !slices.Equal(f.followed, []string{"shop"}) {
		t.Fatalf("followed %q, want shop", f.followed)
	}
	enc := func(n int) []byte { return storage.EncodeRecord(1, []byte(fmt.Sprint(n))) }
	get := func(key string) (int, bool) { return shop.Get(key) }

	f.offer("iron", enc(7))
	f.offer("gold", enc(3))
	w.app.Step()
	if v, ok := get("iron"); !ok || v != 7 {
		t.Fatalf("iron %d %v after a tick, want 7", v, ok)
	}
	if keys := shop.Keys(); !slices.Equal(keys, []string{"gold", "iron"}) {
		t.Fatalf("keys %q", keys)
	}
	f.offer("gold", nil)
	f.offer("iron", []byte("not a record"))
	w.app.Step()
	if keys := shop.Keys(); len(keys) != 0 {
		t.Fatalf("keys %q after a delete and a damaged value, want none", keys)
	}

	// A write of iron in flight: the change waits for its answer. In
	// deterministic mode the write is answered within the tick that
	// hands it over, after the change was offered (ingest stage).
	var cb callback
	if err := shop.Set("iron", 1, cb.done); err != nil {
		t.Fatal(err)
	}
	f.offer("iron", enc(9))
	w.app.Step()
	if !cb.called() || f.pending() != 1 {
		t.Fatalf("after a tick: write answered %v, changes kept %d; want answered and the change kept", cb.called(), f.pending())
	}
	if v, _ := get("iron"); v != 1 {
		t.Fatalf("iron %d while the write was in flight, want this server's 1", v)
	}
	w.app.Step()
	if v, _ := get("iron"); v != 9 || f.pending() != 0 {
		t.Fatalf("iron %d (%d changes kept) once the write was answered, want the change's 9 taken", v, f.pending())
	}

	// A server without such a backend has no plugin_world system.
	hasWorldSystem := func(app *ecs.App) bool {
		return slices.ContainsFunc(app.Schedule().Order(), func(s *ecs.System) bool { return s.Name == SystemPluginWorld })
	}
	plain := newDataWorld(t, Config{InMemory: true}, func(app *ecs.App) { NewWorldData[int](app, Kind{Name: "shop"}) })
	if hasWorldSystem(plain.app) {
		t.Error("a single server has the plugin_world system")
	}
	if !hasWorldSystem(w.app) {
		t.Error("the following server has no plugin_world system")
	}
}
