package ecs

import (
	"fmt"
	"testing"

	"github.com/mlange-42/arche/generic"
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
