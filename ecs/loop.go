package ecs

import (
	"context"
	"sync/atomic"
	"time"
)

// Clock is the time source of the tick loop; tests use a fake one.
type Clock interface {
	Now() time.Time
	// Sleep waits for d or until ctx is done.
	Sleep(ctx context.Context, d time.Duration)
}

// WallClock is the real clock.
type WallClock struct{}

// Now returns the current time.
func (WallClock) Now() time.Time { return time.Now() }

// Sleep waits for d or until ctx is done.
func (WallClock) Sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Pacer decides when the next tick is due. A tick that ends late is an
// overrun; the loop then runs the missed ticks back to back, but never more
// than MaxCatchUp of them: a longer backlog is dropped.
type Pacer struct {
	Period     time.Duration
	MaxCatchUp int
	next       time.Time
	started    bool
	// Overruns counts ticks that took longer than Period; safe to read from
	// any goroutine.
	Overruns atomic.Uint64
	// Dropped counts ticks skipped because the backlog exceeded MaxCatchUp.
	Dropped atomic.Uint64
}

// Wait returns how long to sleep at now before the next tick is due (zero
// or less means run it now).
func (p *Pacer) Wait(now time.Time) time.Duration {
	if !p.started {
		p.started = true
		p.next = now
	}
	return p.next.Sub(now)
}

// Done records that the tick due at the pacer's schedule ran from start to
// end, and schedules the next one. It returns how many ticks it dropped
// (Catch).
func (p *Pacer) Done(start, end time.Time) uint64 {
	if end.Sub(start) > p.Period {
		p.Overruns.Add(1)
	}
	p.next = p.next.Add(p.Period)
	return p.Catch(end)
}

// Catch keeps at most MaxCatchUp ticks of backlog at now to run back to
// back and drops the rest, returning how many it dropped. The loop calls
// it before each tick too: after a stall outside a tick (the process
// stopped while it slept), the tick learns of it (App.Stall) before it
// reads what arrived meanwhile.
func (p *Pacer) Catch(now time.Time) uint64 {
	if !p.started {
		return 0
	}
	behind := now.Sub(p.next)
	limit := time.Duration(p.MaxCatchUp) * p.Period
	if behind <= limit {
		return 0
	}
	skip := uint64((behind - limit) / p.Period)
	p.Dropped.Add(skip)
	p.next = p.next.Add(time.Duration(skip) * p.Period)
	return skip
}

// LoopConfig configures Run.
type LoopConfig struct {
	TPS        int   // ticks per second; default 20
	MaxCatchUp int   // ticks run back to back after an overrun; default 5
	Clock      Clock // default WallClock
	// OnOverrun is called after a tick that took longer than its period,
	// with the tick's duration; for rate-limited logging and metrics.
	OnOverrun func(tick uint64, took time.Duration)
	// IdleGC, when set, is offered the time between ticks to collect in
	// (Run starts and stops it).
	IdleGC *IdleGC
	// Deterministic keeps the ticks the loop drops from the App
	// (App.Stall): the simulation stays a function of its inputs, as a
	// recording needs.
	Deterministic bool
}

// Run runs the schedule at a fixed rate until ctx is done, stopping at a
// tick boundary. It never sleeps inside a tick. It returns the pacer so
// callers can read overrun counts.
func (a *App) Run(ctx context.Context, cfg LoopConfig) *Pacer {
	if cfg.TPS <= 0 {
		cfg.TPS = 20
	}
	if cfg.MaxCatchUp <= 0 {
		cfg.MaxCatchUp = 5
	}
	if cfg.Clock == nil {
		cfg.Clock = WallClock{}
	}
	p := &Pacer{Period: time.Second / time.Duration(cfg.TPS), MaxCatchUp: cfg.MaxCatchUp}
	a.pacer = p
	if cfg.IdleGC != nil {
		cfg.IdleGC.Start()
		defer cfg.IdleGC.Stop()
	}
	ticked := false
	for ctx.Err() == nil {
		if w := p.Wait(cfg.Clock.Now()); w > 0 {
			if ticked && cfg.IdleGC != nil {
				cfg.IdleGC.Offer(w)
			}
			ticked = false
			cfg.Clock.Sleep(ctx, w)
			continue
		}
		start := cfg.Clock.Now()
		if n := p.Catch(start); n > 0 && !cfg.Deterministic {
			a.Stall(n)
		}
		a.Step()
		end := cfg.Clock.Now()
		ticked = true
		if n := p.Done(start, end); n > 0 && !cfg.Deterministic {
			a.Stall(n)
		}
		if took := end.Sub(start); took > p.Period && cfg.OnOverrun != nil {
			cfg.OnOverrun(a.tick-1, took)
		}
	}
	return p
}

// Pacer returns the running loop's pacer, or nil before Run.
func (a *App) Pacer() *Pacer { return a.pacer }
