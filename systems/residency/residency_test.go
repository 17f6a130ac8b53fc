package residency

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

func TestResidencySchedule(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true})
	got := strings.TrimSpace(h.app.Schedule().String())
	if !strings.Contains(got, "stream: expire_tickets follow_views stream_chunks reconcile") {
		t.Fatalf("schedule:\n%s", got)
	}
	if err := ecs.NewApp().AddPlugins(New(Config{})).Build(); err == nil {
		t.Fatal("built without a generator")
	}
}

func TestReconcileConverges(t *testing.T) {
	for _, det := range []bool{true, false} {
		name := map[bool]string{true: "deterministic", false: "pool"}[det]
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, Config{Deterministic: det, Workers: 2, QueueCap: 64})
			view := components.View{Center: chunk.Pos{X: -3, Y: 3, Z: 5}, Radius: 5}
			h.spawn(view)
			h.app.Step()
			if h.store.Len() != 0 {
				t.Fatalf("first pass made %d sections resident", h.store.Len())
			}
			if h.gen.InFlight() != 64 || h.backlog.Stats.Dispatched != 64 {
				t.Fatalf("first pass: %d in flight, %d dispatched; want the queue bound 64", h.gen.InFlight(), h.backlog.Stats.Dispatched)
			}
			passes := 1 + h.settle(10_000)
			if passes < 3 {
				t.Fatalf("converged in %d passes; the bounded queue needs several", passes)
			}
			sameSet(t, "resident", h.residentSet(), union(view))
			if h.store.Dense() == 0 {
				t.Fatal("stand-in generator made no dense section")
			}
		})
	}
}

func TestEvictedSectionNotRepopulatedOnArrival(t *testing.T) {
	t.Run("deterministic", func(t *testing.T) {
		h := newHarness(t, Config{Deterministic: true})
		e := h.spawn(components.View{Center: chunk.Pos{Y: 3}, Radius: 3})
		h.app.Step() // dispatch
		n := h.gen.InFlight()
		h.app.Commands().Despawn(*e)
		h.app.Step() // the jobs finish inline in drain, after the view is gone
		h.app.Step()
		if h.store.Len() != 0 || h.backlog.Stats.Dropped != uint64(n) || h.gen.InFlight() != 0 {
			t.Fatalf("%d resident, %d dropped of %d", h.store.Len(), h.backlog.Stats.Dropped, n)
		}
	})
	t.Run("pool", func(t *testing.T) {
		g := testkit.NewCountingGen()
		g.Gate = make(chan struct{})
		h := newHarness(t, Config{Generator: g, Workers: 2})
		e := h.spawn(components.View{Center: chunk.Pos{Y: 3}, Radius: 3})
		h.app.Step() // dispatch; workers block in the generator
		n := h.gen.InFlight()
		if n == 0 {
			t.Fatal("nothing dispatched")
		}
		h.app.Commands().Despawn(*e)
		h.app.Step() // evict runs while every job is still out
		close(g.Gate)
		for i := 0; h.gen.InFlight() > 0; i++ {
			if i > 5000 {
				t.Fatal("jobs never came back")
			}
			h.app.Step()
			time.Sleep(100 * time.Microsecond)
		}
		if h.store.Len() != 0 {
			t.Fatalf("%d sections resurrected after their view left", h.store.Len())
		}
		if h.backlog.Stats.Dropped != uint64(n) || h.backlog.Stats.Inserted != 0 {
			t.Fatalf("dropped %d inserted %d, want %d dropped", h.backlog.Stats.Dropped, h.backlog.Stats.Inserted, n)
		}
	})
}

func TestOverlappingViewsGenerateOnce(t *testing.T) {
	g := testkit.NewCountingGen()
	h := newHarness(t, Config{Generator: g, Workers: 2, QueueCap: 32})
	a := components.View{Center: chunk.Pos{Y: 3}, Radius: 6}
	b := components.View{Center: chunk.Pos{X: 3, Y: 4, Z: -2}, Radius: 6}
	h.spawn(a)
	h.spawn(b)
	h.spawn(a) // a second entity with the very same view
	h.settle(10_000)
	want := union(a, b)
	sameSet(t, "resident", h.residentSet(), want)
	// settle returned with nothing in flight: every Generate call has
	// returned and its result was taken by the tick, so Calls is safe to
	// read here (testkit.CountingGen's lock is unexported).
	if len(g.Calls) != len(want) {
		t.Fatalf("%d positions generated, want %d", len(g.Calls), len(want))
	}
	for p, n := range g.Calls {
		if n != 1 {
			t.Fatalf("%v generated %d times", p, n)
		}
	}
}

func TestFarViewsKeepOnlyTheirCylinders(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true, QueueCap: 1024})
	// 1,000 blocks apart: sections 0 and 62.
	a := components.View{Center: components.Position{X: 8, Y: 40, Z: 8}.Section(), Radius: 8, Pad: 1}
	b := components.View{Center: components.Position{X: 1008, Y: 40, Z: 8}.Section(), Radius: 8, Pad: 1}
	h.spawn(a)
	h.spawn(b)
	h.settle(1000)
	sameSet(t, "resident", h.residentSet(), union(a, b))
	for _, p := range h.store.AppendPositions(nil) {
		if p.X > a.Center.X+9 && p.X < b.Center.X-9 {
			t.Fatalf("section %v between the two views is resident", p)
		}
	}
}

// TestSoakWalkAndBack walks a view 200 chunks in a straight line and back:
// afterwards exactly the current cylinder is resident and the store holds
// the same memory as at the start — no phantom ring.
func TestSoakWalkAndBack(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true, QueueCap: 4096})
	start := components.Position{X: 8, Y: 40, Z: 8}
	e := h.spawn(start, components.View{}, components.Follow{Radius: 6, Slack: 2})
	h.settle(100)
	startLen, startDense, startBytes := h.store.Len(), h.store.Dense(), h.store.Bytes()
	startSet := h.residentSet()
	if startDense == 0 {
		t.Fatal("no dense sections to account")
	}

	const speed = 4.0 // blocks per tick
	const ticks = 200 * chunk.Size / speed
	peak := 0
	move := func(dx float64) {
		w := h.app.World()
		pos := (*components.Position)(w.Get(*e, ecs.RegisterComponent[components.Position](h.app)))
		pos.X += dx
		// Physics probing around the player must not create sections.
		for _, d := range []int{-200, -120, 120, 200} {
			h.store.Block(int(pos.X)+d, int(pos.Y), int(pos.Z))
		}
		h.app.Step()
		// After reconcile, nothing is resident that no view wants.
		if h.store.Len() > h.desired.Len() {
			t.Fatalf("tick %d: %d resident > %d desired", h.app.Tick(), h.store.Len(), h.desired.Len())
		}
		peak = max(peak, h.store.Len())
	}
	for range int(ticks) {
		move(speed)
	}
	for range int(ticks) {
		move(-speed)
	}
	h.settle(100)

	v := *(*components.View)(h.app.World().Get(*e, ecs.RegisterComponent[components.View](h.app)))
	sameSet(t, "resident after the walk", h.residentSet(), union(v))
	sameSet(t, "resident at start and end", h.residentSet(), startSet)
	if h.store.Len() != startLen || h.store.Dense() != startDense || h.store.Bytes() != startBytes {
		t.Fatalf("memory not back: len %d/%d dense %d/%d bytes %d/%d",
			h.store.Len(), startLen, h.store.Dense(), startDense, h.store.Bytes(), startBytes)
	}
	if peak > 2*startLen {
		t.Fatalf("peak %d resident sections for a %d-section view", peak, startLen)
	}
	if h.backlog.Stats.Evicted == 0 || h.backlog.Stats.Dropped != 0 {
		t.Fatalf("stats %+v", h.backlog.Stats)
	}
}

type flakySaver struct {
	err   error
	saved []chunk.Pos
	revs  []uint64
}

func (s *flakySaver) SaveEvicted(p chunk.Pos, _ chunk.Section, rev uint64) error {
	if s.err != nil {
		return s.err
	}
	s.saved = append(s.saved, p)
	s.revs = append(s.revs, rev)
	return nil
}

func TestEditedSectionWaitsForItsSaver(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true, RetryTicks: 5})
	saver := &flakySaver{err: errors.New("storage offline")}
	h.store.Saver = saver
	e := h.spawn(components.View{Center: chunk.Pos{Y: 3}, Radius: 2})
	h.settle(100)
	if changed, ok := h.store.SetBlock(1, 50, 1, chunk.Stone); !changed || !ok {
		t.Fatal("edit not applied")
	}
	edited := chunk.PosOfBlock(1, 50, 1)
	h.app.Commands().Despawn(*e)
	for range 12 {
		h.app.Step()
	}
	if h.store.Len() != 1 || !h.store.Has(edited) || !h.store.IsDirty(edited) {
		t.Fatalf("failing saver: %d resident, edited resident %v dirty %v", h.store.Len(), h.store.Has(edited), h.store.IsDirty(edited))
	}
	if h.backlog.Stats.EvictHeld < 2 {
		t.Fatalf("eviction not retried: %+v", h.backlog.Stats)
	}
	saver.err = nil
	for range 6 {
		h.app.Step()
	}
	if h.store.Len() != 0 || len(saver.saved) != 1 || saver.saved[0] != edited || saver.revs[0] != 1 {
		t.Fatalf("after the saver recovered: %d resident, saved %v revs %v", h.store.Len(), saver.saved, saver.revs)
	}
}

type storedSource map[chunk.Pos]chunk.Section

func (s storedSource) Load(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	sec, ok := s[p]
	return sec, 9, ok, nil
}

func TestEditedSectionLoadsFromSource(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true})
	p := chunk.Pos{Y: 3}
	h.gen.SetSource(storedSource{p: chunk.Uniform(chunk.Gravel)})
	h.spawn(components.View{Center: p, Radius: 1})
	h.settle(100)
	s, _ := h.store.Section(p)
	rev, _ := h.store.Revision(p)
	if s.UniformBlock() != chunk.Gravel || rev != 9 || h.store.IsDirty(p) {
		t.Fatalf("stored section: block %v rev %d", s.UniformBlock(), rev)
	}
	if b, _ := h.store.Block(0, 100, 0); b != chunk.Air {
		t.Fatal("unstored neighbour not generated")
	}
}

func TestFailedJobIsRetried(t *testing.T) {
	bad := chunk.Pos{Y: 3}
	fails := 2
	gen := resources.GeneratorFunc(func(p chunk.Pos) chunk.Section {
		if p == bad && fails > 0 { // deterministic mode: no concurrency
			fails--
			panic("transient")
		}
		return testkit.Surface(p)
	})
	h := newHarness(t, Config{Generator: gen, Deterministic: true, RetryTicks: 3})
	h.spawn(components.View{Center: bad, Radius: 1})
	h.settle(100)
	if !h.store.Has(bad) || h.backlog.Stats.Failed != 2 {
		t.Fatalf("resident %v, failed %d", h.store.Has(bad), h.backlog.Stats.Failed)
	}
}

func TestTicketsExpire(t *testing.T) {
	h := newHarness(t, Config{Deterministic: true})
	view := components.View{Center: chunk.Pos{X: 50, Y: 2}, Radius: 2}
	SpawnTicket(h.app.Commands(), h.app.Tick(), view, 10, "admin read", nil)
	h.settle(9)
	sameSet(t, "resident under the ticket", h.residentSet(), union(view))
	for h.app.Tick() < 11 {
		h.app.Step()
	}
	if h.store.Len() != 0 || h.desired.Views() != 0 {
		t.Fatalf("after expiry: %d resident, %d views", h.store.Len(), h.desired.Views())
	}
}

// TestDeterministicRuns runs the same scripted world twice and compares
// the resident set and counters tick by tick.
func TestDeterministicRuns(t *testing.T) {
	run := func() []string {
		h := newHarness(t, Config{Deterministic: true, QueueCap: 40})
		var es []*ecs.Entity
		for i := range 5 {
			es = append(es, h.spawn(components.Position{X: float64(i * 40), Y: 40, Z: float64(-i * 25)}, components.View{}, components.Follow{Radius: 3 + i%3, Slack: 2}))
		}
		posID := ecs.RegisterComponent[components.Position](h.app)
		var trace []string
		for tick := range 120 {
			h.app.Step()
			for i, e := range es {
				pos := (*components.Position)(h.app.World().Get(*e, posID))
				pos.X += float64(i+1) * 1.5
				pos.Z -= float64(tick%7) * 0.9
			}
			if tick == 60 {
				h.app.Commands().Despawn(*es[2])
				es = slices.Delete(es, 2, 3)
			}
			trace = append(trace, fmt.Sprintf("%x %+v %d", h.store.Hash(), h.backlog.Stats, h.gen.InFlight()))
		}
		return trace
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("runs diverge at tick %d", i)
		}
	}
}

func TestShutdownStopsWorkers(t *testing.T) {
	// Counted by their stacks, not runtime.NumGoroutine: other tests'
	// goroutines winding down would make a before/after count flaky.
	workers := func() int {
		buf := make([]byte, 1<<20)
		for {
			n := runtime.Stack(buf, true)
			if n < len(buf) {
				return strings.Count(string(buf[:n]), "created by github.com/stratavox/strata/resources.(*Generation).Start")
			}
			buf = make([]byte, 2*len(buf))
		}
	}
	before := workers()
	p := New(Config{Generator: resources.GeneratorFunc(testkit.Surface), Workers: 3})
	app := ecs.NewApp()
	app.AddPlugins(p)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	app.Commands().Spawn(nil, components.View{Center: chunk.Pos{Y: 3}, Radius: 4})
	app.Step()
	app.Step()
	if got := workers(); got < before+3 {
		t.Fatalf("%d workers running, want %d more than the %d before", got, 3, before)
	}
	if err := app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for workers() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d workers after Shutdown, %d before", workers(), before)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestPosKeyOrdersLikeComparePos checks the packed sort key of reconcile's
// drain against ComparePos, at the world's extremes too.
func TestPosKeyOrdersLikeComparePos(t *testing.T) {
	vals := []int32{-chunk.BorderSections, -70000, -1, 0, 1, 5, 70000, chunk.BorderSections}
	ys := []int32{chunk.MinSectionY, -1, 0, 3, chunk.MaxSectionY}
	var ps []chunk.Pos
	for _, x := range vals {
		for _, z := range vals {
			for _, y := range ys {
				ps = append(ps, chunk.Pos{X: x, Y: y, Z: z})
			}
		}
	}
	for _, a := range ps {
		for _, b := range ps {
			if got, want := cmp.Compare(posKey(a), posKey(b)), chunk.ComparePos(a, b); got != want {
				t.Fatalf("%v vs %v: key order %d, ComparePos %d", a, b, got, want)
			}
		}
	}
}

// TestSortOrder: the packed sort and the sort by key give one order, for
// results spread over a few sections and over the whole world.
func TestSortOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, spread := range []int32{1, 40, 1 << 18, chunk.BorderSections} {
		r := &reconcileSystem{}
		for range 2000 {
			p := chunk.Pos{X: rng.Int32N(2*spread) - spread, Y: rng.Int32N(chunk.MaxSectionY-chunk.MinSectionY+1) + chunk.MinSectionY, Z: rng.Int32N(2*spread) - spread}
			r.results = append(r.results, resources.Result{Pos: p})
			r.order = append(r.order, resultKey{posKey(p), int32(len(r.order))})
		}
		want := slices.Clone(r.order)
		slices.SortStableFunc(want, func(a, b resultKey) int { return cmp.Compare(a.key, b.key) })
		r.sortOrder()
		for i := range want {
			if r.order[i].key != want[i].key {
				t.Fatalf("spread %d: at %d, %v; want %v", spread, i, r.results[r.order[i].i].Pos, r.results[want[i].i].Pos)
			}
		}
	}
}

// BenchmarkSortOrder sorts a tick's worth of results of 1,000 fliers
// (13,000 sections around them) by column: packed (sortOrder), and by
// key with a comparison function, as before.
func BenchmarkSortOrder(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	r := &reconcileSystem{}
	for range 13000 {
		p := chunk.Pos{X: rng.Int32N(400) - 200, Y: rng.Int32N(11) - 1, Z: rng.Int32N(400) - 200}
		r.results = append(r.results, resources.Result{Pos: p})
	}
	for _, packed := range []bool{true, false} {
		b.Run(fmt.Sprintf("packed=%t", packed), func(b *testing.B) {
			for b.Loop() {
				r.order = r.order[:0]
				for i := range r.results {
					r.order = append(r.order, resultKey{posKey(r.results[i].Pos), int32(i)})
				}
				if packed {
					r.sortOrder()
				} else {
					slices.SortFunc(r.order, func(a, b resultKey) int { return cmp.Compare(a.key, b.key) })
				}
			}
		})
	}
}
