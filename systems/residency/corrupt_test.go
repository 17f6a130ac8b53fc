package residency_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/systems/status"
	"github.com/stratavox/strata/testkit"
)

// syncBuffer collects log lines from the tick and the storage goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines returns the lines that contain every one of subs.
func (b *syncBuffer) lines(subs ...string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, l := range strings.Split(b.buf.String(), "\n") {
		all := l != ""
		for _, s := range subs {
			all = all && strings.Contains(l, s)
		}
		if all {
			out = append(out, l)
		}
	}
	return out
}

// countingSource wraps the storage writer and counts the loads of one
// position, recording their ticks in deterministic mode (where loads run
// on the tick goroutine, inside Step).
type countingSource struct {
	inner resources.Source
	watch chunk.Pos
	app   *ecs.App // set in deterministic mode only
	calls atomic.Int64
	mu    sync.Mutex
	ticks []uint64
}

func (s *countingSource) Load(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	if p == s.watch {
		s.calls.Add(1)
		if s.app != nil {
			s.mu.Lock()
			s.ticks = append(s.ticks, s.app.Tick())
			s.mu.Unlock()
		}
	}
	return s.inner.Load(p)
}

// corruptWorld is residency and persistence on a Pebble database on disk,
// with the status plugin feeding a metrics registry.
type corruptWorld struct {
	app     *ecs.App
	store   *resources.ChunkStore
	backlog *resources.Backlog
	metrics *admin.Metrics
	source  *countingSource
}

func openCorruptWorld(t *testing.T, dir string, det bool, log zerolog.Logger, watch chunk.Pos) *corruptWorld {
	t.Helper()
	m := admin.NewMetrics()
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testkit.Surface), Deterministic: det, Workers: 1, RetryTicks: 2, MaxRetryTicks: 16}),
		persist.New(persist.Config{DataDir: dir, Seed: 5, GeneratorVersion: 1, Synchronous: det}),
		status.New(status.Config{Status: admin.NewStatus(), Metrics: m}),
	)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	src := &countingSource{inner: ecs.Resource[persist.Durability](app).Writer(), watch: watch}
	if det {
		src.app = app
	}
	ecs.Resource[resources.Generation](app).SetSource(src)
	return &corruptWorld{app: app, store: ecs.Resource[resources.ChunkStore](app), backlog: ecs.Resource[resources.Backlog](app), metrics: m, source: src}
}

// corruptOnDisk stores an edit of p in a world in dir and then corrupts
// its record; it returns the load error the record gives.
func corruptOnDisk(t *testing.T, dir string, p chunk.Pos) error {
	t.Helper()
	w := openCorruptWorld(t, dir, true, zerolog.Nop(), p)
	if _, err := residency.LoadSpawn(context.Background(), w.app, components.View{Center: p, Radius: 1}, nil); err != nil {
		t.Fatal(err)
	}
	bx, by, bz := p.MinBlock()
	if changed, ok := w.store.SetBlock(bx+3, by+3, bz+3, chunk.Gravel); !changed || !ok {
		t.Fatal("edit not applied")
	}
	if err := w.app.Shutdown(); err != nil { // writes the edit
		t.Fatal(err)
	}
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CorruptForTest(p); err != nil {
		t.Fatal(err)
	}
	_, _, _, lerr := db.LoadSection(p)
	if !errors.Is(lerr, storage.ErrCorrupt) {
		t.Fatalf("corrupted record loads with %v", lerr)
	}
	return lerr
}

func gauge(t *testing.T, m *admin.Metrics, name string) float64 {
	t.Helper()
	mfs, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) == 1 {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("metric %s not exposed", name)
	return 0
}

// TestCorruptSectionInSpawnRegion corrupts an edited section's record
// inside the spawn region of a world on disk. The gate opens, naming the
// section; the section is never generated over (not resident, the record
// on disk untouched); everything else is served; retries follow the
// back-off; the section is logged once and counted.
func TestCorruptSectionInSpawnRegion(t *testing.T) {
	for _, det := range []bool{true, false} {
		name := map[bool]string{true: "deterministic", false: "pool"}[det]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			bad := chunk.Pos{X: -2, Y: 3, Z: 1}
			before := corruptOnDisk(t, dir, bad)

			logs := &syncBuffer{}
			w := openCorruptWorld(t, dir, det, zerolog.New(logs).Level(zerolog.InfoLevel), bad)
			view := components.View{Center: bad.Add(1, 0, 0), Radius: 2}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			spawned, err := residency.LoadSpawn(ctx, w.app, view, nil)
			if err != nil {
				t.Fatalf("gate: %v", err)
			}
			if len(spawned.Failed) != 1 || spawned.Failed[0] != bad {
				t.Fatalf("gate failed sections %v, want [%v]", spawned.Failed, bad)
			}
			for _, p := range view.Positions(nil) {
				if p != bad && !w.store.Has(p) {
					t.Fatalf("%v not served next to the corrupt section", p)
				}
			}

			// Retries: after the failure drained at tick t, the retry is
			// due at t+delay and loads at the next tick's drain.
			const ticks = 80
			for range ticks {
				w.app.Step()
				if w.store.Has(bad) {
					t.Fatal("corrupt section became resident (generated over)")
				}
			}
			if det {
				w.source.mu.Lock()
				got := append([]uint64(nil), w.source.ticks...)
				w.source.mu.Unlock()
				var gaps []uint64
				for i := 1; i < len(got); i++ {
					gaps = append(gaps, got[i]-got[i-1])
				}
				// Delays 2, 4, 8, 16, 16, ... ticks, plus the tick from
				// dispatch to drain.
				want := []uint64{3, 5, 9, 17, 17, 17}
				if len(gaps) < len(want)-1 || len(gaps) > len(want) {
					t.Fatalf("loads of %v at ticks %v (gaps %v), want gaps %v", bad, got, gaps, want)
				}
				for i, g := range gaps {
					if g != want[i] {
						t.Fatalf("loads of %v at ticks %v (gaps %v), want gaps %v", bad, got, gaps, want)
					}
				}
			} else if n := w.source.calls.Load(); n > 8 {
				// Without the back-off: one load every 3 ticks, 27 here.
				t.Fatalf("%d loads of %v in %d ticks: not backing off", n, bad, ticks)
			}

			f, _ := w.backlog.FailureOf(bad)
			if w.backlog.Corrupt() != 1 || !f.Corrupt {
				t.Fatalf("corrupt count %d, failure %+v", w.backlog.Corrupt(), f)
			}
			if got := gauge(t, w.metrics, "strata_storage_corrupt_sections"); got != 1 {
				t.Fatalf("strata_storage_corrupt_sections = %v, want 1", got)
			}
			if err := w.app.Shutdown(); err != nil {
				t.Fatal(err)
			}
			if lines := logs.lines(bad.String()); len(lines) != 1 || !strings.Contains(lines[0], "corrupt section record") {
				t.Fatalf("log lines naming %v:\n%s", bad, strings.Join(lines, "\n"))
			}

			db, err := storage.Open(dir, zerolog.Nop())
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			// The same error, checksums included: the same bytes.
			if _, _, _, err := db.LoadSection(bad); err == nil || err.Error() != before.Error() {
				t.Fatalf("record on disk changed: load gives %v, was %v", err, before)
			}
		})
	}
}
