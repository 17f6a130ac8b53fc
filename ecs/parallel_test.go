package ecs

import (
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/affinity"
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
			p := newParallel(tc.workers, nil)
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

// TestParallelStopsAtShutdown: the App's helpers all take part in a loop,
// and end with the App.
func TestParallelStopsAtShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	a := NewApp(WithWorkers(4))
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	p := a.Parallel()
	if p.Workers() != 4 {
		t.Fatalf("%d workers, want 4", p.Workers())
	}
	// Four chunks, each waiting until all four are taken: only four
	// goroutines running at once finish it.
	var seen [4]atomic.Bool
	var arrived atomic.Int32
	deadline := time.Now().Add(5 * time.Second)
	p.For(4, 1, func(w, _, _ int) {
		seen[w].Store(true)
		arrived.Add(1)
		for arrived.Load() < 4 && time.Now().Before(deadline) {
			runtime.Gosched()
		}
	})
	for w := range seen {
		if !seen[w].Load() {
			t.Fatalf("worker %d took no chunk", w)
		}
	}
	if err := a.Shutdown(); err != nil {
		t.Fatal(err)
	}
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after Shutdown, %d before", n, before)
	}
}

// TestBoundThreads: with WithBoundThreads the tick runs on the first
// allowed CPU and each helper on its own, on every tick.
func TestBoundThreads(t *testing.T) {
	cpus := affinity.Allowed()
	if len(cpus) < 2 {
		t.Skip("fewer than two CPUs to bind to")
	}
	done := make(chan struct{})
	go func() { // the first Step locks its goroutine: not the test's
		defer close(done)
		a := NewApp(WithWorkers(2), WithBoundThreads())
		var got [2][][]int
		a.AddSystem(Simulate, "probe", func(ctx *Context) {
			var arrived atomic.Int32
			deadline := time.Now().Add(5 * time.Second)
			ctx.App.Parallel().For(2, 1, func(w, _, _ int) {
				got[w] = append(got[w], affinity.Allowed())
				arrived.Add(1)
				for arrived.Load() < 2 && time.Now().Before(deadline) {
					runtime.Gosched()
				}
			})
		})
		if err := a.Build(); err != nil {
			t.Error(err)
			return
		}
		defer a.Shutdown()
		if a.TickCPU() != cpus[0] {
			t.Errorf("TickCPU = %d, want %d", a.TickCPU(), cpus[0])
		}
		a.Step()
		a.Step()
		for tick := range 2 {
			if len(got[0]) != 2 || len(got[1]) != 2 {
				t.Errorf("chunks run by the tick and the helper: %d and %d, want 2 each", len(got[0]), len(got[1]))
				return
			}
			if !slices.Equal(got[0][tick], cpus[:1]) || !slices.Equal(got[1][tick], cpus[1:2]) {
				t.Errorf("tick %d: the tick on %v and the helper on %v, want %v and %v", tick, got[0][tick], got[1][tick], cpus[:1], cpus[1:2])
			}
		}
	}()
	<-done
	if NewApp().TickCPU() != -1 {
		t.Error("an App without WithBoundThreads has a tick CPU")
	}
}

// TestParallelWaited: the time the loop's caller, out of chunks of its
// own, waits for a helper's is counted, and only that.
func TestParallelWaited(t *testing.T) {
	p := newParallel(2, nil)
	defer p.close()
	p.For(64, 1, func(int, int, int) {}) // helpers started
	before := p.Waited()
	// Chunk of the caller (worker 0) waits until the helper holds the
	// other; the helper waits until the caller's chunk is done, then
	// takes 20 ms more: the caller runs out first, whatever the load.
	var helping, callerDone atomic.Bool
	p.For(2, 1, func(w, _, _ int) {
		if w != 0 {
			helping.Store(true)
			for deadline := time.Now().Add(5 * time.Second); !callerDone.Load() && time.Now().Before(deadline); {
				runtime.Gosched()
			}
			time.Sleep(20 * time.Millisecond)
			return
		}
		for deadline := time.Now().Add(5 * time.Second); !helping.Load(); {
			if time.Now().After(deadline) {
				return
			}
			runtime.Gosched()
		}
		callerDone.Store(true)
	})
	if !helping.Load() {
		t.Skip("the helper never took a chunk")
	}
	// Counted: some wait, not how much (a loaded machine stretches or
	// shortens the caller's share of the 20 ms); the upper bound only
	// bounds a wait.
	if w := p.Waited() - before; w <= 0 || w > 30*time.Second {
		t.Fatalf("waited %v for a helper's 20 ms chunk", w)
	}
	// A loop the caller runs alone waits for nothing.
	before = p.Waited()
	p.For(1, 1, func(int, int, int) { time.Sleep(time.Millisecond) })
	if w := p.Waited() - before; w != 0 {
		t.Fatalf("waited %v in a loop of one chunk", w)
	}
}
