package ecs

import (
	"context"
	"runtime"
	"testing"
	"time"
)

func TestGCDue(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		name             string
		live, goal, heap uint64
		want             bool
	}{
		{"just collected", 100 * mb, 200 * mb, 100 * mb, false},
		{"half the runway", 100 * mb, 200 * mb, 150 * mb, false},
		{"at the share", 100 * mb, 200 * mb, 160 * mb, true},
		{"past the goal", 100 * mb, 200 * mb, 230 * mb, true},
		{"no runway (a limit)", 300 * mb, 250 * mb, 240 * mb, false},
		{"no runway, at the goal", 300 * mb, 250 * mb, 250 * mb, true},
	} {
		if got := gcDue(c.live, c.goal, c.heap, 0.6); got != c.want {
			t.Errorf("%s: due %v, want %v", c.name, got, c.want)
		}
	}
}

// TestIdleGCCollectsBetweenTicks: a loop whose ticks make garbage gets its
// collections from IdleGC, started in the sleep after a tick, and Run
// stops IdleGC's goroutine when it returns.
func TestIdleGCCollectsBetweenTicks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	a := NewApp()
	var sink [][]byte
	a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
		a.AddSystem(Simulate, "garbage", func(c *Context) {
			sink = sink[:0]
			for range 64 {
				sink = append(sink, make([]byte, 64<<10)) // 4 MB a tick
			}
			if c.Tick == 60 {
				cancel()
			}
		})
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	idle := &IdleGC{MinIdle: time.Millisecond}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	a.Run(ctx, LoopConfig{TPS: 100, IdleGC: idle})
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if a.Tick() < 10 {
		t.Fatalf("only %d ticks in 2 s at 100 TPS", a.Tick())
	}
	n, all := idle.Collections.Load(), after.NumGC-before.NumGC
	if n == 0 || uint64(all) < n {
		t.Fatalf("IdleGC started %d of the %d collections over %d ticks", n, all, a.Tick())
	}
	// Stop waited for the cycle under way.
	if idle.busy.Load() {
		t.Fatal("IdleGC still collecting after Run returned")
	}
}
