package ecs

import (
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/internal/affinity"
)

// BenchmarkSchedule runs 50 trivial systems over 10,000 entities with two
// components; "empty" runs the same 50 systems without entities so that
// the engine's own per-system overhead shows.
func BenchmarkSchedule(b *testing.B) {
	const systems = 50
	for _, entities := range []int{0, 10000} {
		b.Run(fmt.Sprintf("entities=%d", entities), func(b *testing.B) {
			a := NewApp()
			a.AddPlugins(&testPlugin{name: "bench", build: func(a *App) error {
				RegisterComponent[pos](a)
				RegisterComponent[vel](a)
				a.Commands().Do(func(w *World) {
					m := generic.NewMap2[pos, vel](w)
					if entities > 0 {
						m.NewBatch(entities)
					}
				})
				f := generic.NewFilter2[pos, vel]()
				for i := 0; i < systems; i++ {
					a.AddSystem(Simulate, fmt.Sprintf("s%d", i), func(c *Context) {
						q := f.Query(c.World)
						for q.Next() {
							p, v := q.Get()
							p.X += v.X
						}
					})
				}
				return nil
			}})
			if err := a.Build(); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				a.Step()
			}
			perTick := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(perTick, "ns/tick")
			b.ReportMetric(perTick/systems, "ns/system")
			if entities > 0 {
				b.ReportMetric(perTick/float64(systems*entities), "ns/entity-system")
			}
		})
	}
}

// BenchmarkHelperWake measures how late a sleeping helper joins a loop:
// every 50 ms (a paced tick's idle time) a For of 64 chunks of 10 µs of
// spinning, with the tick and the helper bound as in a server. It reports
// the median and 90th percentile of the time until the helper's first
// chunk (the loop's length when it took none) and the share of loops it
// took no chunk of. Run it with -benchtime 200x.
func BenchmarkHelperWake(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpus []int
	if all := affinity.Allowed(); len(all) >= 2 {
		cpus = all[1:]
		_ = affinity.Set(0, all[:1])
		defer affinity.Set(0, all)
	}
	p := newParallel(2, cpus)
	defer p.close()
	var joins []float64
	missed := 0
	for b.Loop() {
		time.Sleep(50 * time.Millisecond)
		start := time.Now()
		var first atomic.Int64
		p.For(64, 1, func(w, _, _ int) {
			if w == 1 {
				first.CompareAndSwap(0, int64(time.Since(start)))
			}
			for s := time.Now(); time.Since(s) < 10*time.Microsecond; {
			}
		})
		at := first.Load()
		if at == 0 {
			missed++
			at = int64(time.Since(start))
		}
		joins = append(joins, float64(at)/1e3)
	}
	slices.Sort(joins)
	b.ReportMetric(joins[len(joins)/2], "join-p50-µs")
	b.ReportMetric(joins[len(joins)*9/10], "join-p90-µs")
	b.ReportMetric(100*float64(missed)/float64(len(joins)), "%missed")
}
