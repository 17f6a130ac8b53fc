// Package ecs is Strata's engine: an App over an arche world with typed
// resources, plugins, an ordered schedule of named systems, deferred
// commands, per-system timings and a fixed-rate tick loop.
package ecs

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/affinity"
)

// World is the arche world the App owns.
type World = arche.World

// Entity is an arche entity handle.
type Entity = arche.Entity

// App owns the ECS world, the resources, the plugins and the schedule.
// Only the goroutine that runs the schedule may touch it.
type App struct {
	world     arche.World
	resources map[reflect.Type]any
	plugins   []Plugin
	built     []Plugin
	schedule  *Schedule
	cmd       Commands
	timings   *Timings
	tick      uint64
	stalled   uint64 // ticks' worth of time the server did not run (Stall)
	log       zerolog.Logger
	errs      []error
	current   string // plugin being built, for error messages
	ready     bool
	building  bool // Build is running: the plugin order is fixed
	shutdown  bool
	pacer     *Pacer
	events    []eventQueue
	// parallel runs systems' parallel loops (Parallel); workers sizes it.
	parallel *Parallel
	workers  int
	// beside is the background work a system left running
	// (Context.Beside).
	beside besideWork
	// onTick are called as each tick starts and ends (OnTick).
	onTick []func(running bool)
	// cpus are the CPUs the tick (cpus[0]) and the parallel loops'
	// helpers are bound to (WithBoundThreads); nil: none. tickBound says
	// the tick goroutine's thread is.
	cpus      []int
	tickBound bool
}

// OnTick registers fn, called on the tick goroutine with true as each
// tick starts and false as it ends: for a resource whose goroutines share
// the cores with the tick (the generation pool holds a worker back while
// a tick runs). Call it in Build.
func (a *App) OnTick(fn func(running bool)) { a.onTick = append(a.onTick, fn) }

// Option configures an App.
type Option func(*App)

// WithBoundThreads binds the tick goroutine's thread to the first CPU
// the process may run on and each parallel-loop helper's to the next
// ones, when there are two or more (internal/affinity says why): the
// first Step locks its goroutine to its thread, so Step is called from
// one goroutine. TickCPU tells the others (the generation pool) which
// CPU to leave to the tick.
func WithBoundThreads() Option {
	return func(a *App) {
		if cpus := affinity.Allowed(); len(cpus) >= 2 {
			a.cpus = cpus
		}
	}
}

// TickCPU is the CPU the tick runs on (WithBoundThreads), or -1.
func (a *App) TickCPU() int {
	if a.cpus == nil {
		return -1
	}
	return a.cpus[0]
}

// WithLogger sets the App's logger.
func WithLogger(l zerolog.Logger) Option { return func(a *App) { a.log = l } }

// NewApp returns an empty App with the default stages.
func NewApp(opts ...Option) *App {
	a := &App{
		world:     arche.NewWorld(),
		resources: map[reflect.Type]any{},
		schedule:  newSchedule(),
		log:       zerolog.Nop(),
	}
	a.timings = newTimings()
	for _, o := range opts {
		o(a)
	}
	return a
}

// World returns the App's arche world. Systems get it through Context;
// code outside a system must not modify it while a query is open.
func (a *App) World() *arche.World { return &a.world }

// Log returns the App's logger.
func (a *App) Log() zerolog.Logger { return a.log }

// Tick returns the number of ticks run so far; inside a system it is the
// number of the tick being run, starting at 0.
func (a *App) Tick() uint64 { return a.tick }

// Stalled returns how many ticks' worth of time the server has not run
// so far: the ticks the loop dropped, a backlog longer than MaxCatchUp
// (a GC pause, a stopped process, a starved CPU). What clients sent
// meanwhile reaches the tick all at once; a system that meters clients
// in ticks credits them with it (the action limits do). It is 0 in a
// deterministic loop (LoopConfig.Deterministic) and when a test or a
// replay steps the App, unless it calls Stall.
func (a *App) Stalled() uint64 { return a.stalled }

// Stall records that ticks' worth of time passed without the schedule
// running; the loop calls it before the tick after a stall, and a test
// can, to play one. Tick goroutine only, between ticks.
func (a *App) Stall(ticks uint64) { a.stalled += ticks }

// Timings returns the per-system timing record.
func (a *App) Timings() *Timings { return a.timings }

// Schedule returns the App's schedule; its order is resolved by Build.
func (a *App) Schedule() *Schedule { return a.schedule }

// Commands returns the App's deferred command buffer. Commands queued from
// outside a system are applied before the next system runs.
func (a *App) Commands() *Commands { return &a.cmd }

// Fail records a build error, for a plugin whose Build finds a conflict
// with another plugin's registrations; Build then fails naming it.
func (a *App) Fail(err error) { a.fail(err) }

// Building returns the name of the plugin whose Build is running, "" at
// any other time: for a registry that names who registered what.
func (a *App) Building() string { return a.current }

// fail records a build error, attributed to the plugin being built.
func (a *App) fail(err error) {
	if a.current != "" {
		err = fmt.Errorf("plugin %q: %w", a.current, err)
	}
	a.errs = append(a.errs, err)
}

// AddResource registers r as the App's resource of type T. Adding a second
// resource of the same type is a build error.
func AddResource[T any](a *App, r *T) {
	t := reflect.TypeFor[T]()
	if r == nil {
		a.fail(fmt.Errorf("add resource %v: nil", t))
		return
	}
	if _, ok := a.resources[t]; ok {
		a.fail(fmt.Errorf("add resource %v: already present", t))
		return
	}
	a.resources[t] = r
}

// GetResource returns the App's resource of type T, if present.
func GetResource[T any](a *App) (*T, bool) {
	r, ok := a.resources[reflect.TypeFor[T]()]
	if !ok {
		return nil, false
	}
	return r.(*T), true
}

// Resource returns the App's resource of type T. It panics when the
// resource is missing: call it from Build, after the plugin that adds the
// resource (declare that plugin as a dependency), and keep the pointer.
func Resource[T any](a *App) *T {
	r, ok := GetResource[T](a)
	if !ok {
		panic(fmt.Sprintf("ecs: resource %v is missing", reflect.TypeFor[T]()))
	}
	return r
}

// RequireResource returns the resource of type T or records a build error
// naming it, for plugins that need another plugin's resource.
func RequireResource[T any](a *App) *T {
	r, ok := GetResource[T](a)
	if !ok {
		a.fail(fmt.Errorf("resource %v is missing", reflect.TypeFor[T]()))
	}
	return r
}

// RegisterComponent registers component type T with the world. Plugins
// register their components while building, because arche panics when a
// type is first registered while a query is open.
func RegisterComponent[T any](a *App) arche.ID {
	return arche.ComponentID[T](&a.world)
}

// Build builds every added plugin in dependency order and resolves the
// schedule. Errors from all plugins are joined; the App is unusable after
// a failed Build.
func (a *App) Build() error {
	if a.ready {
		return errors.New("ecs: app already built")
	}
	if a.building {
		return errors.New("ecs: Build called from a plugin's Build")
	}
	order, err := pluginOrder(a.plugins)
	if err != nil {
		return err
	}
	a.building = true
	defer func() { a.building = false }()
	for _, p := range order {
		a.current = p.Name()
		if err := p.Build(a); err != nil {
			a.fail(err)
		}
		a.built = append(a.built, p)
		a.current = ""
		if len(a.errs) > 0 {
			break
		}
	}
	if len(a.errs) > 0 {
		return errors.Join(a.errs...)
	}
	if err := a.schedule.resolve(); err != nil {
		return err
	}
	a.timings.init(a.schedule.order)
	a.applyCommands()
	a.ready = true
	return nil
}

// Step runs exactly one tick: every stage, every system in order, applying
// deferred commands between systems. It uses no clock beyond timing.
func (a *App) Step() {
	if !a.ready {
		panic("ecs: Step before a successful Build")
	}
	if a.cpus != nil && !a.tickBound {
		a.bindTick()
	}
	a.runTick()
	a.tick++
}

// bindTick locks the tick goroutine to its thread and binds the thread
// to the tick's CPU. A thread left as it was still runs the tick.
func (a *App) bindTick() {
	a.tickBound = true
	runtime.LockOSThread()
	if err := affinity.Set(0, a.cpus[:1]); err != nil {
		a.log.Warn().Err(err).Msg("tick thread not bound")
	}
}

// Shutdown runs every plugin's shutdown hook in reverse build order and
// joins their errors. It runs the hooks once; later calls do nothing.
func (a *App) Shutdown() error {
	if a.shutdown {
		return nil
	}
	a.shutdown = true
	if a.parallel != nil {
		defer a.parallel.close()
	}
	var errs []error
	for i := len(a.built) - 1; i >= 0; i-- {
		s, ok := a.built[i].(Shutdowner)
		if !ok {
			continue
		}
		if err := s.Shutdown(a); err != nil {
			errs = append(errs, fmt.Errorf("shutdown plugin %q: %w", a.built[i].Name(), err))
		}
	}
	return errors.Join(errs...)
}
