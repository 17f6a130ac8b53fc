package ecs

import (
	"slices"
	"time"
)

// timingWindow is how many recent ticks each system's ring keeps.
const timingWindow = 1024

// ring keeps the last timingWindow durations of one system, and its
// all-time maximum.
type ring struct {
	samples [timingWindow]time.Duration
	n       uint64
	max     time.Duration
	last    time.Duration
}

func (r *ring) add(d time.Duration) {
	r.samples[r.n%timingWindow] = d
	r.n++
	r.last = d
	if d > r.max {
		r.max = d
	}
}

// extend adds d to the latest duration: work of that run finished later
// (Context.Beside).
func (r *ring) extend(d time.Duration) {
	if r.n == 0 {
		return
	}
	i := (r.n - 1) % timingWindow
	r.samples[i] += d
	r.last += d
	r.max = max(r.max, r.samples[i])
}

// Stat summarises one system's recent durations.
type Stat struct {
	Name  string
	Stage Stage
	Runs  uint64        // times the system ran (all time)
	Last  time.Duration // the most recent run
	P50   time.Duration // over the recent window
	P99   time.Duration // over the recent window
	Max   time.Duration // all time
}

// Timings records each system's duration every time it runs, plus the
// whole tick's, in fixed-size rings.
type Timings struct {
	names  []string
	stages []Stage
	rings  []ring
	tick   ring
}

func newTimings() *Timings { return &Timings{} }

func (t *Timings) init(order []*System) {
	t.rings = make([]ring, len(order))
	for _, s := range order {
		t.names = append(t.names, s.Name)
		t.stages = append(t.stages, s.Stage)
	}
}

// Systems returns a Stat per system, in schedule order.
func (t *Timings) Systems() []Stat {
	out := make([]Stat, len(t.rings))
	for i := range t.rings {
		out[i] = t.rings[i].stat(t.names[i], t.stages[i])
	}
	return out
}

// EachLast calls fn for every system, in schedule order, with its run
// count and latest duration: what a per-tick exporter needs, without the
// sorting Systems does for percentiles.
func (t *Timings) EachLast(fn func(name string, stage Stage, runs uint64, last time.Duration)) {
	for i := range t.rings {
		fn(t.names[i], t.stages[i], t.rings[i].n, t.rings[i].last)
	}
}

// LastTick returns how many ticks were timed and the latest one's duration.
func (t *Timings) LastTick() (runs uint64, last time.Duration) { return t.tick.n, t.tick.last }

// Tick returns the Stat of the whole tick.
func (t *Timings) Tick() Stat { return t.tick.stat("tick", "") }

// Reset forgets every recorded duration, for benchmarks after a warm-up.
func (t *Timings) Reset() {
	for i := range t.rings {
		t.rings[i] = ring{}
	}
	t.tick = ring{}
}

func (r *ring) stat(name string, stage Stage) Stat {
	n := min(r.n, timingWindow)
	s := Stat{Name: name, Stage: stage, Runs: r.n, Last: r.last, Max: r.max}
	if n == 0 {
		return s
	}
	sorted := slices.Clone(r.samples[:n])
	slices.Sort(sorted)
	s.P50 = sorted[(n-1)/2]
	s.P99 = sorted[(n-1)*99/100]
	return s
}
