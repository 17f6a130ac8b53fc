package systems

import (
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// surface is a deterministic stand-in generator: stone below section
// Y=2, a dense surface layer at Y=2 whose height depends on the column,
// air above.
func surface(p chunk.Pos) chunk.Section {
	switch {
	case p.Y < 2:
		return chunk.Uniform(chunk.Stone)
	case p.Y > 2:
		return chunk.Uniform(chunk.Air)
	}
	s := chunk.Uniform(chunk.Air)
	h := 4 + int(uint32(p.X*7+p.Z*13)%8)
	for i := 0; i < h*chunk.Size*chunk.Size; i++ {
		s.SetAt(i, chunk.Dirt)
	}
	return s
}

// countingGen counts calls per position; with a gate, every call blocks
// until the gate is closed.
type countingGen struct {
	mu    sync.Mutex
	calls map[chunk.Pos]int
	gate  chan struct{}
}

func newCountingGen() *countingGen { return &countingGen{calls: map[chunk.Pos]int{}} }

func (g *countingGen) Generate(p chunk.Pos) chunk.Section {
	if g.gate != nil {
		<-g.gate
	}
	g.mu.Lock()
	g.calls[p]++
	g.mu.Unlock()
	return surface(p)
}

// residencyHarness is an App built with the Residency plugin.
type residencyHarness struct {
	t       testing.TB
	app     *ecs.App
	plugin  *Residency
	store   *resources.ChunkStore
	gen     *resources.Generation
	desired *resources.Desired
	backlog *resources.Backlog
}

func newHarness(t testing.TB, cfg ResidencyConfig) *residencyHarness {
	t.Helper()
	if cfg.Generator == nil {
		cfg.Generator = resources.GeneratorFunc(surface)
	}
	p := NewResidency(cfg)
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
		for _, p := range cylinderOf(v).Positions(nil) {
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
