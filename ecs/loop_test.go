package ecs

import (
	"context"
	"testing"
	"time"
)

// fakeClock advances only when slept on or when a tick "takes" time.
type fakeClock struct {
	now   time.Time
	slept time.Duration
}

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) Sleep(_ context.Context, d time.Duration) {
	c.now = c.now.Add(d)
	c.slept += d
}

func TestPacerCatchUp(t *testing.T) {
	const period = 50 * time.Millisecond
	tests := []struct {
		name         string
		costs        []time.Duration // how long each tick takes
		wantTicks    int             // ticks run within the horizon
		wantOverruns uint64
		wantDropped  uint64
	}{
		{name: "idle server keeps the rate", costs: nil, wantTicks: 40},
		{name: "one slow tick is caught up", costs: []time.Duration{0, 0, 120 * time.Millisecond}, wantTicks: 40, wantOverruns: 1},
		{name: "long stall drops the backlog", costs: []time.Duration{0, time.Second}, wantTicks: 26, wantOverruns: 1, wantDropped: 14},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk := &fakeClock{now: time.Unix(0, 0)}
			start := clk.now
			horizon := start.Add(2*time.Second - time.Millisecond)
			a := NewApp()
			n := 0
			a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
				a.AddSystem(Simulate, "work", func(*Context) {
					if n < len(tc.costs) {
						clk.now = clk.now.Add(tc.costs[n])
					}
					n++
				})
				return nil
			}})
			if err := a.Build(); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var p *Pacer
			stopAt := func() {
				for clk.now.Before(horizon) {
					if w := p.Wait(clk.now); w > 0 {
						clk.Sleep(ctx, w)
						continue
					}
					s := clk.now
					a.Step()
					p.Done(s, clk.now)
				}
			}
			p = &Pacer{Period: period, MaxCatchUp: 5}
			stopAt()
			if n != tc.wantTicks {
				t.Errorf("ran %d ticks, want %d", n, tc.wantTicks)
			}
			if got := p.Overruns.Load(); got != tc.wantOverruns {
				t.Errorf("overruns = %d, want %d", got, tc.wantOverruns)
			}
			if got := p.Dropped.Load(); got != tc.wantDropped {
				t.Errorf("dropped = %d, want %d", got, tc.wantDropped)
			}
		})
	}
}

// TestRunStopsAtTickBoundary runs the real loop with a fake clock and
// cancels it from inside a system: the tick finishes and Run returns.
func TestRunStopsAtTickBoundary(t *testing.T) {
	clk := &fakeClock{now: time.Unix(0, 0)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := NewApp()
	var after int
	a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
		a.AddSystem(Simulate, "first", func(c *Context) {
			if c.Tick == 9 {
				cancel()
			}
		})
		a.AddSystem(Persist, "last", func(*Context) { after++ })
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	p := a.Run(ctx, LoopConfig{TPS: 20, Clock: clk})
	if a.Tick() != 10 || after != 10 {
		t.Fatalf("stopped after %d ticks (%d full), want 10", a.Tick(), after)
	}
	if clk.slept != 9*50*time.Millisecond {
		t.Fatalf("slept %v between 10 ticks at 20 TPS", clk.slept)
	}
	if p.Overruns.Load() != 0 {
		t.Fatalf("overruns on an idle loop: %d", p.Overruns.Load())
	}
}
