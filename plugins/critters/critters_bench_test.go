package critters_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/entities"
)

// BenchmarkCritters measures the critter_ai system, and the entities
// plugin's simulation of the same critters, in the real schedule (engine
// timings) over the meadow: n critters scattered over the 256 × 256
// blocks around the origin (a view of radius 8 keeps them resident), one
// op a tick. About a third of them walk at any time.
func BenchmarkCritters(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		b.Run(fmt.Sprintf("critters=%d", n), func(b *testing.B) {
			w := newWorld(b, options{cfg: critters.Config{Seed: 1, Every: -1}, radius: 8})
			area := critters.Area{MinX: -128, MinZ: -128, MaxX: 128, MaxZ: 128}
			got, err := critters.Scatter(w.reg, w.app.Commands(), w.store, n, area, 1)
			if err != nil || got < n*9/10 {
				b.Fatalf("scattered %d of %d: %v", got, n, err)
			}
			index := func(name string) int {
				return slices.IndexFunc(w.app.Timings().Systems(), func(s ecs.Stat) bool { return s.Name == name })
			}
			ai, sim := index(critters.SystemAI), index(entities.SystemSimulate)
			if ai < 0 || sim < 0 {
				b.Fatal("systems not found in the timings")
			}
			// Let them land and fall into their rhythm of walks and rests.
			w.app.Step()
			for range 200 {
				w.app.Step()
			}
			if !w.store.Has(chunk.Pos{Y: 4}) {
				b.Fatal("area not resident")
			}
			var aiT, simT []time.Duration
			for b.Loop() {
				w.app.Timings().Reset()
				w.app.Step()
				s := w.app.Timings().Systems()
				aiT, simT = append(aiT, s[ai].Last), append(simT, s[sim].Last)
			}
			report(b, "ai", aiT)
			report(b, "sim", simT)
			b.ReportMetric(float64(w.reg.Len()), "critters")
		})
	}
}

// report reports the mean and 99th percentile of ds, in microseconds.
func report(b *testing.B, name string, ds []time.Duration) {
	s := slices.Clone(ds)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	b.ReportMetric(us(sum)/float64(len(s)), name+"_us/tick")
	b.ReportMetric(us(s[(len(s)-1)*99/100]), name+"_p99_us/tick")
}
