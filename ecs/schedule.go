package ecs

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Stage names a group of systems that run together; stages run in order.
type Stage string

// The default stages, in the order they run.
const (
	Ingest   Stage = "ingest"
	Simulate Stage = "simulate"
	Stream   Stage = "stream"
	Deliver  Stage = "deliver"
	Persist  Stage = "persist"
)

// Context is what a system receives each time it runs.
type Context struct {
	App      *App
	World    *World
	Commands *Commands
	// Tick is the number of the tick being run, from 0.
	Tick uint64
	sys  int // index of the running system in the schedule's order
}

// SystemFunc is the body of a system.
type SystemFunc func(ctx *Context)

// System is a named system in a stage.
type System struct {
	Name   string
	Stage  Stage
	run    SystemFunc
	before []string
	after  []string
	every  uint64
	phase  uint64
	cond   func(*App) bool
	seq    int // registration order, to break ties
	// reads and writes are the declared access (Reads, Writes);
	// declared says there is one.
	reads, writes []reflect.Type
	declared      bool
	// join is the index in the order before which work this system
	// left running (Context.Beside) is finished.
	join int
}

// SystemOption constrains or conditions a system.
type SystemOption func(*System)

// Before makes the system run before the named systems.
func Before(names ...string) SystemOption {
	return func(s *System) { s.before = append(s.before, names...) }
}

// After makes the system run after the named systems.
func After(names ...string) SystemOption {
	return func(s *System) { s.after = append(s.after, names...) }
}

// Every makes the system run only on ticks where tick%n == phase.
func Every(n, phase uint64) SystemOption {
	return func(s *System) { s.every, s.phase = n, phase }
}

// RunIf makes the system run only while pred holds.
func RunIf(pred func(*App) bool) SystemOption {
	return func(s *System) { s.cond = pred }
}

// Reads declares that a system reads components or a resource of type T.
// Only what a system declares lets another system's background work
// (Context.Beside) run beside it: one that declares nothing is taken to
// touch everything.
func Reads[T any]() SystemOption {
	return func(s *System) {
		s.declared = true
		s.reads = append(s.reads, reflect.TypeFor[T]())
	}
}

// Writes declares that a system writes components or a resource of type
// T. Adding or removing entities directly, not through Commands, writes
// every component of the entities it moves (their storage may move).
func Writes[T any]() SystemOption {
	return func(s *System) {
		s.declared = true
		s.writes = append(s.writes, reflect.TypeFor[T]())
	}
}

// conflicts reports whether work of system a (its declared access) may
// not run while system b does.
func conflicts(a, b *System) bool {
	if !a.declared || !b.declared {
		return true
	}
	overlap := func(x, y []reflect.Type) bool {
		for _, t := range x {
			if slices.Contains(y, t) {
				return true
			}
		}
		return false
	}
	return overlap(a.writes, b.writes) || overlap(a.writes, b.reads) || overlap(a.reads, b.writes)
}

// Schedule is the ordered list of stages and their systems.
type Schedule struct {
	stages  []Stage
	systems map[string]*System
	added   []*System
	order   []*System
}

func newSchedule() *Schedule {
	return &Schedule{
		stages:  []Stage{Ingest, Simulate, Stream, Deliver, Persist},
		systems: map[string]*System{},
	}
}

// Stages returns the stages in run order.
func (s *Schedule) Stages() []Stage { return slices.Clone(s.stages) }

// Order returns the resolved systems in run order (empty before Build).
func (s *Schedule) Order() []*System { return slices.Clone(s.order) }

// String prints the resolved order, one stage per line.
func (s *Schedule) String() string {
	var b strings.Builder
	for _, st := range s.stages {
		fmt.Fprintf(&b, "%s:", st)
		for _, sys := range s.order {
			if sys.Stage == st {
				fmt.Fprintf(&b, " %s", sys.Name)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Beside names the systems that a named system's background work
// (Context.Beside) runs beside, in order: those after it in its stage
// whose declared access does not conflict with its own. Empty before
// Build.
func (s *Schedule) Beside(name string) []string {
	i := slices.IndexFunc(s.order, func(sys *System) bool { return sys.Name == name })
	if i < 0 {
		return nil
	}
	var out []string
	for _, sys := range s.order[i+1 : s.order[i].join] {
		out = append(out, sys.Name)
	}
	return out
}

func (s *Schedule) stageIndex(st Stage) int { return slices.Index(s.stages, st) }

// AddStageBefore inserts a new stage before an existing one.
func (a *App) AddStageBefore(stage, existing Stage) { a.addStage(stage, existing, 0) }

// AddStageAfter inserts a new stage after an existing one.
func (a *App) AddStageAfter(stage, existing Stage) { a.addStage(stage, existing, 1) }

func (a *App) addStage(stage, existing Stage, offset int) {
	if a.ready {
		a.refuse("add stage", string(stage))
	}
	s := a.schedule
	if s.stageIndex(stage) >= 0 {
		a.fail(fmt.Errorf("add stage %q: already present", stage))
		return
	}
	i := s.stageIndex(existing)
	if i < 0 {
		a.fail(fmt.Errorf("add stage %q: stage %q does not exist", stage, existing))
		return
	}
	s.stages = slices.Insert(s.stages, i+offset, stage)
}

// AddSystem adds a named system to a stage. A duplicate name or an
// unknown stage is a build error.
func (a *App) AddSystem(stage Stage, name string, run SystemFunc, opts ...SystemOption) {
	s := a.schedule
	if a.ready {
		a.refuse("add system", name)
	}
	if _, dup := s.systems[name]; dup {
		a.fail(fmt.Errorf("add system %q: name already used", name))
		return
	}
	if s.stageIndex(stage) < 0 {
		a.fail(fmt.Errorf("add system %q: unknown stage %q", name, stage))
		return
	}
	if run == nil {
		a.fail(fmt.Errorf("add system %q: nil function", name))
		return
	}
	sys := &System{Name: name, Stage: stage, run: run, seq: len(s.added)}
	for _, o := range opts {
		o(sys)
	}
	if sys.every == 0 {
		sys.every = 1
	}
	s.systems[name] = sys
	s.added = append(s.added, sys)
}

// resolve orders the systems: stages in order, and inside each stage a
// topological sort of the before/after constraints, ties by registration.
func (s *Schedule) resolve() error {
	var errs []string
	// edges[i] lists systems that must run after system i (same stage).
	after := map[*System][]*System{}
	indeg := map[*System]int{}
	edge := func(first, then *System) {
		after[first] = append(after[first], then)
		indeg[then]++
	}
	for _, sys := range s.added {
		for _, n := range sys.before {
			other, ok := s.systems[n]
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("system %q: Before(%q) names a missing system", sys.Name, n))
			case other.Stage == sys.Stage:
				edge(sys, other)
			case s.stageIndex(other.Stage) < s.stageIndex(sys.Stage):
				errs = append(errs, fmt.Sprintf("system %q (stage %s) cannot run before %q (earlier stage %s)", sys.Name, sys.Stage, n, other.Stage))
			}
		}
		for _, n := range sys.after {
			other, ok := s.systems[n]
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("system %q: After(%q) names a missing system", sys.Name, n))
			case other.Stage == sys.Stage:
				edge(other, sys)
			case s.stageIndex(other.Stage) > s.stageIndex(sys.Stage):
				errs = append(errs, fmt.Sprintf("system %q (stage %s) cannot run after %q (later stage %s)", sys.Name, sys.Stage, n, other.Stage))
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("schedule: %s", strings.Join(errs, "; "))
	}
	var order []*System
	for _, st := range s.stages {
		var ready, pending []*System
		for _, sys := range s.added {
			if sys.Stage != st {
				continue
			}
			pending = append(pending, sys)
			if indeg[sys] == 0 {
				ready = append(ready, sys)
			}
		}
		placed := 0
		for len(ready) > 0 {
			// Lowest registration number first keeps ties deterministic.
			i := 0
			for j := range ready {
				if ready[j].seq < ready[i].seq {
					i = j
				}
			}
			sys := ready[i]
			ready = slices.Delete(ready, i, i+1)
			order = append(order, sys)
			placed++
			for _, next := range after[sys] {
				indeg[next]--
				if indeg[next] == 0 {
					ready = append(ready, next)
				}
			}
		}
		if placed < len(pending) {
			var cyc []string
			for _, sys := range pending {
				if indeg[sys] > 0 {
					cyc = append(cyc, sys.Name)
				}
			}
			return fmt.Errorf("schedule: ordering cycle in stage %s among systems %s", st, strings.Join(cyc, ", "))
		}
	}
	s.order = order
	// A system's background work runs beside the systems after it in its
	// stage up to the first that conflicts with its access.
	for i, sys := range order {
		j := i + 1
		for j < len(order) && order[j].Stage == sys.Stage && !conflicts(sys, order[j]) {
			j++
		}
		sys.join = j
	}
	return nil
}
