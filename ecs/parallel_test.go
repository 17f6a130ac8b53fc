package ecs

import (
	"runtime"
	"sync/atomic"
	"testing"
)

func TestParallelFor(t *testing.T) {
	for _, tc := range []struct {
		name              string
		workers, n, grain int
	}{
		{"inline, one worker", 1, 1000, 10},
		{"inline, one chunk", 4, 10, 64},
		{"empty", 4, 0, 8},
		{"chunks", 4, 1000, 7},
		{"more workers than chunks", 8, 20, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newParallel(tc.workers)
			defer p.close()
			hits := make([]int32, tc.n)
			var bad atomic.Int32
			for range 3 {
				p.For(tc.n, tc.grain, func(w, lo, hi int) {
					if w < 0 || w >= p.Workers() || lo >= hi || hi-lo > tc.grain && tc.n > tc.grain && p.Workers() > 1 {
						bad.Add(1)
					}
					for i := lo; i < hi; i++ {
						atomic.AddInt32(&hits[i], 1)
					}
				})
			}
			for i, h := range hits {
				if h != 3 {
					t.Fatalf("index %d run %d times in 3 loops", i, h)
				}
			}
			if bad.Load() != 0 {
				t.Fatalf("%d chunks had a bad worker index or bounds", bad.Load())
			}
		})
	}
}

// TestParallelStopsAtShutdown: the App's helpers end with it.
func TestParallelStopsAtShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	a := NewApp(WithWorkers(4))
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	a.Parallel().For(100, 1, func(int, int, int) {})
	if runtime.NumGoroutine() < before+3 {
		t.Fatalf("%d goroutines, want the 3 helpers running", runtime.NumGoroutine())
	}
	if err := a.Shutdown(); err != nil {
		t.Fatal(err)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after Shutdown, %d before", n, before)
	}
}
