package ecs

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// IdleGC runs the garbage collector in the slack between paced ticks,
// before the runtime would start a cycle on its own: a cycle that starts
// inside a tick takes a share of both cores from it (at 5,000 walkers, a
// tick or two of several times the usual length; docs/benchmarks.md,
// "Session 27"), where between ticks the cores are idle. It collects
// only when the heap has used Runway of the way from what the last cycle
// left live to the runtime's goal. The runtime starts its own at 70 % or
// later, so cycles come somewhat more often (up to twice as often at
// GOGC 25, measured), in time the cores would idle or generate in.
//
// The collection runs on IdleGC's own goroutine, between Start and Stop;
// the tick loop only asks (Offer) and never waits for it.
type IdleGC struct {
	// MinIdle is the least time to the next tick worth starting a cycle
	// in; default 20 ms.
	MinIdle time.Duration
	// Runway is the share of the way from live heap to goal at which a
	// cycle is started; default 0.6.
	Runway float64

	// Collections counts the cycles it started; safe from any goroutine.
	Collections atomic.Uint64

	samples [3]metrics.Sample
	kick    chan struct{}
	busy    atomic.Bool
	wg      sync.WaitGroup
}

// Names of the runtime metrics read.
const (
	metricLive = "/gc/heap/live:bytes"
	metricGoal = "/gc/heap/goal:bytes"
	metricHeap = "/memory/classes/heap/objects:bytes"
)

// Start starts the collector's goroutine.
func (g *IdleGC) Start() {
	if g.MinIdle <= 0 {
		g.MinIdle = 20 * time.Millisecond
	}
	if g.Runway <= 0 || g.Runway >= 1 {
		g.Runway = 0.6
	}
	g.samples[0].Name, g.samples[1].Name, g.samples[2].Name = metricLive, metricGoal, metricHeap
	g.kick = make(chan struct{}, 1)
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		for range g.kick {
			runtime.GC()
			g.Collections.Add(1)
			g.busy.Store(false)
		}
	}()
}

// Stop stops the goroutine, after a cycle it is running.
func (g *IdleGC) Stop() {
	close(g.kick)
	g.wg.Wait()
}

// Offer tells the collector the loop is about to sleep for idle until the
// next tick; it starts a cycle if there is time and one is near. Tick
// goroutine only.
func (g *IdleGC) Offer(idle time.Duration) bool {
	if idle < g.MinIdle || g.busy.Load() {
		return false
	}
	metrics.Read(g.samples[:])
	live, goal, heap := g.samples[0].Value.Uint64(), g.samples[1].Value.Uint64(), g.samples[2].Value.Uint64()
	if !gcDue(live, goal, heap, g.Runway) {
		return false
	}
	g.busy.Store(true)
	g.kick <- struct{}{}
	return true
}

// gcDue reports whether a heap of heap bytes has used runway of the way
// from live (what the last cycle marked) to goal.
func gcDue(live, goal, heap uint64, runway float64) bool {
	if goal <= live {
		return heap >= goal
	}
	return heap >= live+uint64(runway*float64(goal-live))
}
