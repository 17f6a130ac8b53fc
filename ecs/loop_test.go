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
	// stop is added to the next sleep: the process stopped during it.
	stop time.Duration
}

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) Sleep(_ context.Context, d time.Duration) {
	c.now = c.now.Add(d + c.stop)
	c.slept += d
	c.stop = 0
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

// TestRunReportsStalls: a stall of the process during a tick or while
// the loop sleeps (a SIGSTOP) is told to the App (Stalled) before the
// tick that reads what arrived meanwhile, as the ticks the pacer drops; a
// deterministic loop tells nothing.
func TestRunReportsStalls(t *testing.T) {
	for _, det := range []bool{false, true} {
		clk := &fakeClock{now: time.Unix(0, 0)}
		ctx, cancel := context.WithCancel(context.Background())
		a := NewApp()
		seen := map[uint64]uint64{} // tick → Stalled as the tick saw it
		var inTick uint64           // ticks dropped after the stall inside tick 3
		var p *Pacer
		a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
			a.AddSystem(Simulate, "watch", func(c *Context) {
				seen[c.Tick] = c.App.Stalled()
				switch c.Tick {
				case 3:
					// The process stops for 10 s inside this tick.
					clk.now = clk.now.Add(10 * time.Second)
				case 4:
					inTick = c.App.Pacer().Dropped.Load()
				case 20:
					// It stops for 5 s during the sleep after this tick.
					clk.stop = 5 * time.Second
				case 30:
					cancel()
				}
			})
			return nil
		}})
		if err := a.Build(); err != nil {
			t.Fatal(err)
		}
		p = a.Run(ctx, LoopConfig{TPS: 20, MaxCatchUp: 5, Clock: clk, Deterministic: det})
		cancel()
		inSleep := p.Dropped.Load() - inTick
		if inTick < 190 || inTick > 200 || inSleep < 90 || inSleep > 100 {
			t.Fatalf("deterministic %v: dropped %d ticks of a 10 s stall and %d of a 5 s one at 20 TPS", det, inTick, inSleep)
		}
		want4, want21 := inTick, inTick+inSleep
		if det {
			want4, want21 = 0, 0
		}
		if seen[3] != 0 || seen[4] != want4 || seen[20] != want4 || seen[21] != want21 || a.Stalled() != want21 {
			t.Errorf("deterministic %v: Stalled seen %d, %d, %d, %d at ticks 3, 4, 20, 21, %d at the end; want 0, %d, %d, %d, %d",
				det, seen[3], seen[4], seen[20], seen[21], a.Stalled(), want4, want4, want21, want21)
		}
	}
}
