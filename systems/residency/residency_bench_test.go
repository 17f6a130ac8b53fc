package residency

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	arche "github.com/mlange-42/arche/ecs"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// instant is a generator that costs nothing (every section uniform), so
// the benchmarks measure residency bookkeeping, not terrain.
var instant = resources.GeneratorFunc(testkit.Flat)

// Benchmark world: views of radius 8 (players, Follow with Slack 2) spread
// at random over a 400×400-chunk area, each flying along an axis at 16/30
// blocks per tick (a chunk border every 30 ticks at 20 TPS, about flying
// speed) and bouncing off the area's edges. Random starting offsets
// stagger the crossings so that some views move on every tick.
const (
	benchArea   = 400 * chunk.Size // blocks
	benchSpeed  = float64(chunk.Size) / 30
	benchRadius = 8
)

type benchWorld struct {
	h      *residencyHarness
	ents   []ecs.Entity
	dirs   [][2]float64
	posID  arche.ID
	viewID arche.ID
	// centres holds each view's last centre, to count recentrings.
	centres   []chunk.Pos
	recentres int
	tick      uint64
	follow    time.Duration
	stream    time.Duration
	recon     time.Duration
	// Thread CPU time of the same spans.
	followCPU time.Duration
	streamCPU time.Duration
	reconCPU  time.Duration
}

func newBenchWorld(b *testing.B, views int) *benchWorld {
	// The queue bound is above the ~1,900 sections a tick that 1,000
	// flying views ask for, so that generation (inline, next tick) keeps up
	// and the benchmark measures a steady state, not a growing backlog.
	h := newHarness(b, Config{Generator: instant, Deterministic: true, QueueCap: 8192})
	rng := rand.New(rand.NewPCG(42, uint64(views)))
	w := &benchWorld{
		h:      h,
		posID:  ecs.RegisterComponent[components.Position](h.app),
		viewID: ecs.RegisterComponent[components.View](h.app),
	}
	var spawned []*ecs.Entity
	for range views {
		pos := components.Position{X: rng.Float64() * benchArea, Y: 40 + rng.Float64()*64, Z: rng.Float64() * benchArea}
		spawned = append(spawned, h.spawn(pos, components.View{}, components.Follow{Radius: benchRadius, Slack: 2}))
		axis := [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}[rng.IntN(4)]
		w.dirs = append(w.dirs, axis)
	}
	h.app.Step() // spawn
	for _, e := range spawned {
		w.ents = append(w.ents, *e)
	}
	w.centres = make([]chunk.Pos, len(w.ents))
	return w
}

// move advances every view by one tick of flight.
func (w *benchWorld) move() {
	world := w.h.app.World()
	for i, e := range w.ents {
		p := (*components.Position)(world.Get(e, w.posID))
		d := &w.dirs[i]
		nx, nz := p.X+d[0]*benchSpeed, p.Z+d[1]*benchSpeed
		if nx < 0 || nx >= benchArea || nz < 0 || nz >= benchArea {
			d[0], d[1] = -d[0], -d[1]
			nx, nz = p.X+d[0]*benchSpeed, p.Z+d[1]*benchSpeed
		}
		p.X, p.Z = nx, nz
	}
}

// countRecentres counts the views whose centre moved since the last call.
func (w *benchWorld) countRecentres() {
	world := w.h.app.World()
	for i, e := range w.ents {
		c := (*components.View)(world.Get(e, w.viewID)).Center
		if c != w.centres[i] {
			w.recentres++
			w.centres[i] = c
		}
	}
}

// tickSystems runs the residency systems of one tick directly, timing each.
func (w *benchWorld) tickSystems() {
	app := w.h.app
	ctx := &ecs.Context{App: app, World: app.World(), Commands: app.Commands(), Tick: w.tick}
	r := w.h.plugin
	c0, t0 := threadCPU(), time.Now()
	r.follow.run(ctx)
	c1, t1 := threadCPU(), time.Now()
	r.desired.run(ctx)
	c2, t2 := threadCPU(), time.Now()
	r.recon.run(ctx)
	c3, t3 := threadCPU(), time.Now()
	w.follow += t1.Sub(t0)
	w.stream += t2.Sub(t1)
	w.recon += t3.Sub(t2)
	w.followCPU += c1 - c0
	w.streamCPU += c2 - c1
	w.reconCPU += c3 - c2
	w.tick++
}

// warm fills the world and flies long enough for every map to reach its
// steady size, then resets the timings.
func (w *benchWorld) warm(b *testing.B) {
	for i := 0; i == 0 || w.h.gen.InFlight() > 0 || w.h.backlog.Len() > 0; i++ {
		if i > 10_000 {
			b.Fatal("world never settled")
		}
		w.tickSystems()
	}
	for range 90 {
		w.move()
		w.tickSystems()
	}
	w.countRecentres()
	w.recentres = 0
	w.follow, w.stream, w.recon = 0, 0, 0
	w.followCPU, w.streamCPU, w.reconCPU = 0, 0, 0
}

func benchResidency(b *testing.B, report func(b *testing.B, w *benchWorld, ticks int)) {
	for _, views := range []int{100, 1000} {
		b.Run(fmt.Sprintf("views=%d", views), func(b *testing.B) {
			runtime.LockOSThread() // for threadCPU
			defer runtime.UnlockOSThread()
			w := newBenchWorld(b, views)
			w.warm(b)
			startStats := w.h.backlog.Stats
			ticks := 0
			for b.Loop() {
				w.move()
				w.tickSystems()
				w.countRecentres()
				ticks++
			}
			report(b, w, ticks)
			st := w.h.backlog.Stats
			b.ReportMetric(float64(st.Evicted-startStats.Evicted)/float64(ticks), "evicted/tick")
			b.ReportMetric(float64(st.Dispatched-startStats.Dispatched)/float64(ticks), "dispatched/tick")
			b.ReportMetric(float64(w.recentres)/float64(ticks), "recentres/tick")
			b.ReportMetric(float64(w.h.store.Len()), "resident")
		})
	}
}

func perTick(d time.Duration, ticks int) float64 {
	return float64(d.Microseconds()) / float64(ticks)
}

// BenchmarkStreamChunks measures stream_chunks (the incremental desired
// set) per tick; follow_views is reported beside it. ns/op covers the
// whole simulated tick (movement and every residency system).
func BenchmarkStreamChunks(b *testing.B) {
	benchResidency(b, func(b *testing.B, w *benchWorld, ticks int) {
		b.ReportMetric(perTick(w.stream, ticks), "us/tick")
		b.ReportMetric(perTick(w.streamCPU, ticks), "cpu_us/tick")
		b.ReportMetric(perTick(w.follow, ticks), "follow_us/tick")
	})
}

// BenchmarkReconcile measures reconcile (drain, evict, dispatch) per tick,
// with an instant generator in deterministic mode: generation itself is
// excluded, inserting its results is not. ns/op covers the whole
// simulated tick.
func BenchmarkReconcile(b *testing.B) {
	benchResidency(b, func(b *testing.B, w *benchWorld, ticks int) {
		b.ReportMetric(perTick(w.recon, ticks), "us/tick")
		b.ReportMetric(perTick(w.reconCPU, ticks), "cpu_us/tick")
	})
}
