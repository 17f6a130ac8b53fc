package persist

import (
	"reflect"
	"sync"
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// column is a column of one entity standing in it, populated by one
// spawner; n tells versions apart.
func column(x, z int32, n float64) storage.EntityColumn {
	return storage.EntityColumn{
		X: x, Z: z, Populated: []string{"critters"},
		Entities: []storage.EntityRecord{{Kind: "critters:sheep", X: float64(x)*16 + n, Y: 70, Z: float64(z) * 16,
			Width: 0.9, Height: 1.3, OnGround: true, Attributes: []storage.EntityAttribute{{Key: "health", Value: int64(n)}}}},
	}
}

// wantEntities fails the test unless load returns want for column (x, z)
// (nil: nothing stored).
func wantEntities(t *testing.T, stage string, load func(x, z int32) (storage.EntityColumn, bool, error), x, z int32, want *storage.EntityColumn) {
	t.Helper()
	got, ok, err := load(x, z)
	switch {
	case err != nil:
		t.Fatalf("%s: (%d,%d): %v", stage, x, z, err)
	case want == nil && ok:
		t.Fatalf("%s: (%d,%d): found %+v, want nothing", stage, x, z, got)
	case want != nil && (!ok || !reflect.DeepEqual(got, *want)):
		t.Fatalf("%s: (%d,%d): %+v (found %v), want %+v", stage, x, z, got, ok, *want)
	}
}

// TestEntitiesQueuedWrittenLoaded follows entity records from SaveEntities
// to disk: LoadEntities returns the last one queued for a column, then the
// writer's copy while it is submitted and not durable (the database still
// has the older record), then the stored one; a cleared column reads as
// nothing at every stage; a tick with no edits still writes queued
// columns; Shutdown writes what is queued, and a restart reads it.
func TestEntitiesQueuedWrittenLoaded(t *testing.T) {
	dir := t.TempDir()
	w := newPersistWorld(t, dir)
	db := ecs.Resource[storage.DB](w.app)
	old, gone := column(1, -1, 1), column(2, 2, 1)
	if err := db.PutEntities([]storage.EntityColumn{old, gone}); err != nil {
		t.Fatal(err)
	}
	wantEntities(t, "stored", w.dur.LoadEntities, 1, -1, &old)

	latest := column(1, -1, 3)
	w.dur.SaveEntities(column(1, -1, 2))
	w.dur.SaveEntities(column(-7, 0, 1))
	w.dur.SaveEntities(latest.Clone()) // the later record wins
	w.dur.SaveEntities(storage.EntityColumn{X: 2, Z: 2})
	other := column(-7, 0, 1)
	for _, stage := range []string{"queued", "submitted, not durable", "durable"} {
		switch stage {
		case "submitted, not durable":
			// Commits fail and are retried for 10+20+…+160 ms.
			w.dur.Writer().FailNext(5)
			w.app.Step()
			if _, writes := w.dur.Pending(); writes != 1 {
				t.Fatalf("%d writes in flight, want the entity-only write", writes)
			}
			wantEntities(t, "database before durable", db.LoadEntities, 1, -1, &old)
		case "durable":
			w.stepUntil(t, func() bool { _, writes := w.dur.Pending(); return writes == 0 })
			wantEntities(t, "database", db.LoadEntities, 1, -1, &latest)
			wantEntities(t, "database", db.LoadEntities, 2, 2, nil)
		}
		wantEntities(t, stage, w.dur.LoadEntities, 1, -1, &latest)
		wantEntities(t, stage, w.dur.LoadEntities, -7, 0, &other)
		wantEntities(t, stage+", cleared", w.dur.LoadEntities, 2, 2, nil)
		wantEntities(t, stage+", never stored", w.dur.LoadEntities, 50, 50, nil)
	}
	if st := w.dur.Writer().Stats(); st.EntityColumns != 3 {
		t.Fatalf("writer stats %+v: want 3 entity columns written, the last queued of each", st)
	}
	// The caller's copy is its own.
	got, _, _ := w.dur.LoadEntities(1, -1)
	got.Entities[0].X = -1000
	wantEntities(t, "after the caller's change", w.dur.LoadEntities, 1, -1, &latest)

	last := column(1, -1, 9)
	w.dur.SaveEntities(last.Clone())
	if err := w.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	w = newPersistWorld(t, dir)
	defer w.app.Shutdown()
	wantEntities(t, "after restart", w.dur.LoadEntities, 1, -1, &last)
	wantEntities(t, "after restart", w.dur.LoadEntities, -7, 0, &other)
	wantEntities(t, "after restart, cleared", w.dur.LoadEntities, 2, 2, nil)
}

// TestEntitiesSynchronous: in synchronous (deterministic) mode a tick's
// entity records are durable when the tick ends.
func TestEntitiesSynchronous(t *testing.T) {
	w := newPersistWorldWith(t, Config{InMemory: true, Synchronous: true})
	defer w.app.Shutdown()
	db := ecs.Resource[storage.DB](w.app)
	for i := range 5 {
		c := column(int32(i), 0, float64(i))
		w.dur.SaveEntities(c.Clone())
		w.app.Step()
		if _, writes := w.dur.Pending(); writes != 0 {
			t.Fatalf("tick %d: %d writes in flight after the tick", i, writes)
		}
		wantEntities(t, "after the tick", db.LoadEntities, int32(i), 0, &c)
	}
}

// TestLoadEntitiesConcurrent reads entity records from another goroutine
// while the tick queues and writes them (run with -race).
func TestLoadEntitiesConcurrent(t *testing.T) {
	w := newPersistWorldWith(t, Config{InMemory: true})
	defer w.app.Shutdown()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			for x := range int32(4) {
				if c, ok, err := w.dur.LoadEntities(x, 0); err != nil || ok && (c.X != x || len(c.Entities) != 1) {
					t.Errorf("load (%d,0): %+v %v %v", x, c, ok, err)
					return
				}
			}
		}
	}()
	for i := range 200 {
		w.dur.SaveEntities(column(int32(i%4), 0, float64(i)))
		if i%3 == 0 {
			w.dur.SaveEntities(storage.EntityColumn{X: int32(i % 4)})
		}
		w.app.Step()
	}
	close(stop)
	wg.Wait()
	w.stepUntil(t, func() bool { _, writes := w.dur.Pending(); return writes == 0 })
	want := column(3, 0, 199)
	wantEntities(t, "last", w.dur.LoadEntities, 3, 0, &want)
}
