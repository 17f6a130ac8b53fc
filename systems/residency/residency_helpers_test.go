package residency

import (
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// residencyHarness is an App built with the residency plugin.
type residencyHarness struct {
	t       testing.TB
	app     *ecs.App
	plugin  *Plugin
	store   *resources.ChunkStore
	gen     *resources.Generation
	desired *resources.Desired
	backlog *resources.Backlog
}

func newHarness(t testing.TB, cfg Config) *residencyHarness {
	t.Helper()
	if cfg.Generator == nil {
		cfg.Generator = resources.GeneratorFunc(testkit.Surface)
	}
	p := New(cfg)
	app := ecs.NewApp()
	app.AddPlugins(p)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	return &residencyHarness{
		t: t, app: app, plugin: p,
		store:   ecs.Resource[resources.ChunkStore](app),
		gen:     ecs.Resource[resources.Generation](app),
		desired: ecs.Resource[resources.Desired](app),
		backlog: ecs.Resource[resources.Backlog](app),
	}
}

// spawn queues an entity and returns a pointer filled in once it exists
// (after the next Step).
func (h *residencyHarness) spawn(comps ...any) *ecs.Entity {
	e := new(ecs.Entity)
	h.app.Commands().Spawn(func(x ecs.Entity) { *e = x }, comps...)
	return e
}

// settle steps until nothing is in flight or waiting and the resident set
// equals the desired set, failing after maxSteps.
func (h *residencyHarness) settle(maxSteps int) int {
	h.t.Helper()
	for i := 1; i <= maxSteps; i++ {
		h.app.Step()
		if h.gen.InFlight() == 0 && h.store.Len() == h.desired.Len() && h.missing() == 0 {
			return i
		}
		if !h.gen.Deterministic() {
			time.Sleep(200 * time.Microsecond)
		}
	}
	h.t.Fatalf("not settled after %d steps: %d resident, %d desired, %d in flight", maxSteps, h.store.Len(), h.desired.Len(), h.gen.InFlight())
	return 0
}

// missing counts desired sections that are not resident.
func (h *residencyHarness) missing() int {
	n := 0
	for _, p := range h.desired.AppendPositions(nil) {
		if !h.store.Has(p) {
			n++
		}
	}
	return n
}

// residentSet returns the resident positions.
func (h *residencyHarness) residentSet() map[chunk.Pos]bool {
	m := map[chunk.Pos]bool{}
	for _, p := range h.store.AppendPositions(nil) {
		m[p] = true
	}
	return m
}

// union returns the sections of the given views.
func union(views ...components.View) map[chunk.Pos]bool {
	m := map[chunk.Pos]bool{}
	for _, v := range views {
		for _, p := range v.Positions(nil) {
			m[p] = true
		}
	}
	return m
}

// sameSet fails unless got and want hold the same positions.
func sameSet(t testing.TB, what string, got, want map[chunk.Pos]bool) {
	t.Helper()
	for p := range want {
		if !got[p] {
			t.Fatalf("%s: %v missing (%d vs %d positions)", what, p, len(got), len(want))
		}
	}
	for p := range got {
		if !want[p] {
			t.Fatalf("%s: %v unexpected (%d vs %d positions)", what, p, len(got), len(want))
		}
	}
}
