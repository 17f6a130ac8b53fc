package resources

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/stratavox/strata/internal/affinity"
	"github.com/stratavox/strata/internal/buf"
	"github.com/stratavox/strata/resources/chunk"
)

// Generator produces the natural content of a section. It must be
// deterministic and safe for concurrent use: the pool's workers share one.
type Generator interface {
	Generate(pos chunk.Pos) chunk.Section
}

// GeneratorFunc adapts a function to Generator.
type GeneratorFunc func(pos chunk.Pos) chunk.Section

// Generate calls f(pos).
func (f GeneratorFunc) Generate(pos chunk.Pos) chunk.Section { return f(pos) }

// Source is tried before the generator for every job: storage (issue 7)
// returns edited sections through it, so that they come back through the
// same pool as generated ones. ok is false for a section it does not hold
// (never edited: generate it). It must be safe for concurrent use.
type Source interface {
	Load(pos chunk.Pos) (s chunk.Section, revision uint64, ok bool, err error)
}

// Deriver makes bytes derived from a finished section (the network's
// encoded frame) on the worker that produced it, so that the tick does not
// have to. It must be safe for concurrent use and must not keep s.
type Deriver func(p chunk.Pos, revision uint64, s chunk.Section) []byte

// KeepResults is how many results a buffer of finished jobs may hold
// between ticks, times four, before it is given back to the collector
// (one grown by a burst, such as the start-up fill, would otherwise stay
// in the heap to be scanned every cycle).
const KeepResults = 1 << 14

// DefaultQueueCap is the default bound on jobs in flight, per worker.
// The pool is drained once a tick, so it finishes at most its bound of
// sections a tick: 2,048 is about what one worker generates in a tick of
// 50 ms (21–28 µs a section), so the bound does not hold the workers
// back. (At 256, `strata serve` made at most 5,120 sections a second
// whatever its cores: docs/benchmarks.md, "Flight".)
const DefaultQueueCap = 2048

// DeterministicQueueCap is the default bound in deterministic mode, the
// same on every machine: the bound decides how many sections a tick
// brings in, so the recordings replayed in that mode depend on it.
const DeterministicQueueCap = 256

// GenerationConfig configures a Generation.
type GenerationConfig struct {
	// Workers is the number of worker goroutines; 0 means one per CPU.
	// While a tick runs (SetTicking) one of them takes no new job, so the
	// tick keeps the core it had with one fewer worker; between ticks they
	// have every core. Ignored in deterministic mode.
	Workers int
	// QueueCap bounds the jobs in flight (queued, running, or finished and
	// not yet drained); 0 means DefaultQueueCap per worker, or
	// DeterministicQueueCap.
	QueueCap int
	// Deterministic runs jobs inline, in submission order, when results
	// are drained: no goroutines, the same results in the same order every
	// run. For tests and replay. (Priority order is moot there: every job
	// submitted in one tick completes at the next drain; the caller
	// submits in its own fixed order.)
	Deterministic bool
}

// Result is a finished job.
type Result struct {
	Pos      chunk.Pos
	Priority uint32
	Section  chunk.Section
	// Revision is the stored revision of a section loaded from the Source
	// (0 for a generated one).
	Revision uint64
	// Loaded reports that the section came from the Source.
	Loaded bool
	// Derived is what the Deriver made of the section (nil without one);
	// ChunkStore.InsertDerived keeps it with the section.
	Derived []byte
	// Err is set when the Source failed or the generator panicked; Section
	// is then meaningless.
	Err error
}

// Generation is the job resource: a pool of workers sharing one immutable
// Generator (and an optional Source), fed through a bounded priority queue
// (lowest priority value first, i.e. nearest first, a job's priority aged
// by the jobs submitted after it: agingJobs), with results coming back on
// a channel that the tick drains without blocking.
//
// Submit, TryResult, Wait, IsInFlight and Room belong to one goroutine (the
// tick's). InFlight, Queued, Running, Completed, Failed and Workers may be
// read from any goroutine (metrics, status pages). The pool starts on the first
// Submit (or Start) and Stop ends every goroutine it started.
type Generation struct {
	gen      Generator
	source   atomic.Pointer[sourceBox]
	derive   atomic.Pointer[Deriver]
	workers  int
	cap      int
	det      bool
	inflight posSet

	mu      sync.Mutex
	queue   jobHeap // async mode: workers take the most urgent job
	fifo    []job   // deterministic mode: jobs in submission order
	head    int     // next job in fifo
	seq     uint64
	started bool
	stopped bool
	// Background tasks (SubmitTask): taken only when queue is empty.
	tasks     taskHeap
	taskFIFO  []task // deterministic mode
	taskSeq   uint64
	taskCount atomic.Int64 // queued or running
	// taskActive counts the workers running a task: at most one fewer
	// than the workers, so that a level-0 job submitted while the
	// horizon builds finds a worker free rather than waiting for a task
	// to end (100 players over 20 km: level 0's delay p99 went from 0.74
	// to 3.1 s with every worker on LOD builds).
	taskActive int
	// ticking holds the workers beyond tickLimit back from new jobs;
	// active counts the workers running a job.
	ticking   bool
	active    int
	tickLimit int

	// While a tick runs the workers' threads are bound to off, the CPUs
	// but the tick's (LeaveCPU), and to all, every allowed one, between
	// ticks; threads lists the workers' threads (under threadsMu, which
	// a worker takes to leave the list before its thread ends, so that
	// no id is bound once it could be another's).
	off, all  []int
	threadsMu sync.Mutex
	threads   []int

	wake chan struct{}
	quit chan struct{}
	wg   sync.WaitGroup

	// Finished jobs, in the order they finished, until the tick takes
	// them: a slice under its own lock rather than a channel, so that the
	// tick takes a whole batch at once and no buffer the size of the
	// queue bound sits in the heap for the collector to scan.
	doneMu sync.Mutex
	done   []Result
	ready  chan struct{} // signalled when done goes from empty to not

	queued    atomic.Int64
	running   atomic.Int64
	completed atomic.Uint64
	failed    atomic.Uint64
	nInflight atomic.Int64
}

type sourceBox struct{ s Source }

// ErrStopped is returned by Start and Wait after Stop.
var ErrStopped = errors.New("generation stopped")

// NewGeneration returns a stopped pool over gen.
func NewGeneration(gen Generator, cfg GenerationConfig) *Generation {
	w := cfg.Workers
	if w <= 0 {
		w = runtime.NumCPU()
	}
	c := cfg.QueueCap
	switch {
	case c > 0:
	case cfg.Deterministic:
		c = DeterministicQueueCap
	default:
		c = DefaultQueueCap * w
	}
	g := &Generation{
		tickLimit: max(w-1, 1),
		gen:       gen,
		workers:   w,
		cap:       c,
		det:       cfg.Deterministic,
		inflight:  newPosSet(),
		quit:      make(chan struct{}),
	}
	if !g.det {
		g.wake = make(chan struct{}, w)
		g.ready = make(chan struct{}, 1)
	}
	return g
}

// SetSource sets the Source tried before the generator. Set it before the
// first tick (while plugins build); changing it later affects jobs that
// have not started yet.
func (g *Generation) SetSource(s Source) {
	if s == nil {
		g.source.Store(nil)
		return
	}
	g.source.Store(&sourceBox{s})
}

// Source returns the Source set with SetSource, or nil: what background
// tasks (the LOD plugin's builds of edited terrain) read edited sections
// from, through the same overlay of writes not yet durable.
func (g *Generation) Source() Source {
	if b := g.source.Load(); b != nil {
		return b.s
	}
	return nil
}

// SetDeriver sets what every job derives from its section once made
// (nil: nothing). Set it while plugins build, like SetSource.
func (g *Generation) SetDeriver(d Deriver) {
	if d == nil {
		g.derive.Store(nil)
		return
	}
	g.derive.Store(&d)
}

// LeaveCPU has the workers stay off cpu, the tick's (ecs.App.TickCPU),
// while a tick runs: bound to the other CPUs then (internal/affinity says
// why), to every allowed one between ticks. A cpu below zero, or a
// machine of one CPU, leaves the workers unbound. Call it before Start.
func (g *Generation) LeaveCPU(cpu int) {
	all := affinity.Allowed()
	off := slices.DeleteFunc(slices.Clone(all), func(c int) bool { return c == cpu })
	if cpu < 0 || len(off) == 0 || len(off) == len(all) {
		return
	}
	g.off, g.all = off, all
}

// bindWorkers binds the workers' threads to cpus (best effort: a worker
// left unbound still works).
func (g *Generation) bindWorkers(cpus []int) {
	g.threadsMu.Lock()
	defer g.threadsMu.Unlock()
	for _, tid := range g.threads {
		_ = affinity.Set(tid, cpus)
	}
}

// joinThreads locks worker's goroutine to its thread and lists the
// thread for bindWorkers; the returned func unlists it.
func (g *Generation) joinThreads() (leave func()) {
	runtime.LockOSThread() // never unlocked: the thread ends with the worker
	tid := affinity.Thread()
	g.threadsMu.Lock()
	g.threads = append(g.threads, tid)
	g.threadsMu.Unlock()
	return func() {
		g.threadsMu.Lock()
		g.threads = slices.DeleteFunc(g.threads, func(t int) bool { return t == tid })
		g.threadsMu.Unlock()
	}
}

// Deterministic reports whether jobs run inline.
func (g *Generation) Deterministic() bool { return g.det }

// Workers returns the number of worker goroutines (0 in deterministic
// mode).
func (g *Generation) Workers() int {
	if g.det {
		return 0
	}
	return g.workers
}

// Cap returns the bound on jobs in flight.
func (g *Generation) Cap() int { return g.cap }

// Start starts the workers; Submit calls it when needed. Starting a
// started pool does nothing; starting a stopped one fails.
func (g *Generation) Start() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped {
		return ErrStopped
	}
	if g.started {
		return nil
	}
	g.started = true
	if g.det {
		return nil
	}
	g.wg.Add(g.workers)
	for range g.workers {
		go g.worker()
	}
	return nil
}

// Stop stops the pool and waits for its workers to return. Queued jobs
// are abandoned and a job that is running finishes first (generation is
// not interruptible). Stop may be called more than once.
func (g *Generation) Stop() {
	g.mu.Lock()
	if g.stopped {
		g.mu.Unlock()
		return
	}
	g.stopped = true
	g.queue = g.queue[:0]
	g.fifo, g.head = nil, 0
	g.queued.Store(0)
	g.taskCount.Add(-int64(len(g.tasks) + len(g.taskFIFO))) // abandoned
	g.tasks, g.taskFIFO = nil, nil
	close(g.quit)
	g.mu.Unlock()
	g.wg.Wait()
}

// Submit queues a job for pos with the given priority (lower first). It
// returns false, doing nothing, when pos is outside the world or already
// in flight, or the pool is full (InFlight() == Cap()) or stopped.
func (g *Generation) Submit(pos chunk.Pos, priority uint32) bool {
	return g.SubmitAll([]Want{{Pos: pos, Priority: priority}}) == 1
}

// SubmitAll is Submit for each of ws in order, under one lock and one
// wake-up of the workers (reconcile submits thousands of jobs a tick when
// many views move). It returns how many were queued.
func (g *Generation) SubmitAll(ws []Want) int {
	if len(ws) == 0 || g.Start() != nil {
		return 0
	}
	n := 0
	g.mu.Lock()
	if g.stopped {
		g.mu.Unlock()
		return 0
	}
	for _, w := range ws {
		if !w.Pos.InWorld() || g.inflight.has(w.Pos) || g.inflight.len() >= g.cap {
			continue
		}
		g.seq++
		j := job{pos: w.Pos, prio: w.Priority, seq: g.seq}
		if g.det {
			g.fifo = append(g.fifo, j)
		} else {
			g.queue.push(j)
		}
		g.inflight.add(w.Pos)
		n++
	}
	g.queued.Add(int64(n))
	g.mu.Unlock()
	g.nInflight.Store(int64(g.inflight.len()))
	for i := 0; i < min(n, g.workers) && !g.det; i++ {
		select {
		case g.wake <- struct{}{}:
		default: // enough wake-ups pending: awake workers will find the jobs
		}
	}
	return n
}

// TryResult returns a finished job without blocking, or false when none is
// ready. In deterministic mode it runs the oldest queued job inline.
func (g *Generation) TryResult() (Result, bool) {
	if g.det {
		j, ok := g.take()
		if !ok {
			return Result{}, false
		}
		return g.finish(g.run(j)), true
	}
	g.doneMu.Lock()
	if len(g.done) == 0 {
		g.doneMu.Unlock()
		return Result{}, false
	}
	r := g.done[0]
	g.done[0] = Result{}
	g.done = g.done[1:]
	g.doneMu.Unlock()
	return g.finish(r), true
}

// TakeResults returns every finished job, without blocking: what
// TryResult would return until it returns false, in one step. The
// workers' buffer is handed over as it is, not copied (a start-up fill
// finishes a million jobs between two ticks: a copy would hold them twice),
// and dst's room, which the caller gives up, takes its place: pass the
// last batch, read and cleared, so that neither buffer is reallocated in
// steady state (and nil to give a buffer a burst grew back to the
// collector: KeepResults). In deterministic mode every queued job runs
// inline and is appended to dst.
func (g *Generation) TakeResults(dst []Result) []Result {
	if g.det {
		for {
			r, ok := g.TryResult()
			if !ok {
				return dst
			}
			dst = append(dst, r)
		}
	}
	g.doneMu.Lock()
	done := g.done
	g.done = dst[:0]
	g.doneMu.Unlock()
	for i := range done {
		done[i] = g.finish(done[i])
	}
	return done
}

// Wait blocks until a job finishes or ctx is done. It is for callers
// outside the tick (pregen); a tick never waits. It fails with ErrStopped
// when the pool is stopped and with ctx's error when ctx ends; when
// nothing is in flight it returns ErrIdle.
func (g *Generation) Wait(ctx context.Context) (Result, error) {
	if g.inflight.len() == 0 {
		return Result{}, ErrIdle
	}
	if g.det {
		r, ok := g.TryResult()
		if !ok {
			return Result{}, ErrStopped
		}
		return r, nil
	}
	for {
		select {
		case <-g.quit:
			return Result{}, ErrStopped
		default:
		}
		if r, ok := g.TryResult(); ok {
			return r, nil
		}
		select {
		case <-g.ready:
		case <-ctx.Done():
			return Result{}, fmt.Errorf("wait for generation: %w", ctx.Err())
		case <-g.quit:
			return Result{}, ErrStopped
		}
	}
}

// ErrIdle is returned by Wait when no job is in flight.
var ErrIdle = errors.New("no generation job in flight")

// IsInFlight reports whether a job for pos was submitted and its result
// not yet taken.
func (g *Generation) IsInFlight(pos chunk.Pos) bool {
	return g.inflight.has(pos)
}

// InFlight returns the number of jobs submitted whose results were not yet
// taken. Safe from any goroutine.
func (g *Generation) InFlight() int { return int(g.nInflight.Load()) }

// Room returns how many more jobs Submit accepts now.
func (g *Generation) Room() int { return g.cap - g.inflight.len() }

// Queued returns the number of jobs waiting for a worker (the queue
// depth). Safe from any goroutine.
func (g *Generation) Queued() int { return int(g.queued.Load()) }

// Running returns the number of jobs being generated. Safe from any
// goroutine.
func (g *Generation) Running() int { return int(g.running.Load()) }

// Completed returns the number of results taken so far. Safe from any
// goroutine.
func (g *Generation) Completed() uint64 { return g.completed.Load() }

// Failed returns the number of results that carried an error. Safe from
// any goroutine.
func (g *Generation) Failed() uint64 { return g.failed.Load() }

// finish does the tick-side bookkeeping of a result being taken.
func (g *Generation) finish(r Result) Result {
	g.inflight.remove(r.Pos)
	g.nInflight.Store(int64(g.inflight.len()))
	g.completed.Add(1)
	if r.Err != nil {
		g.failed.Add(1)
	}
	return r
}

// take pops the most urgent job, if any and the pool is not stopped.
func (g *Generation) take() (job, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped {
		return job{}, false
	}
	if g.det {
		if g.head == len(g.fifo) {
			g.fifo, g.head = g.fifo[:0], 0
			return job{}, false
		}
		j := g.fifo[g.head]
		g.head++
		if g.head >= 1024 && 2*g.head >= len(g.fifo) {
			// A caller that submits while it takes (pregen) never empties
			// the queue: move the rest down instead of growing forever.
			g.fifo = g.fifo[:copy(g.fifo, g.fifo[g.head:])]
			g.head = 0
		}
		g.queued.Add(-1)
		return j, true
	}
	if len(g.queue) == 0 || (g.ticking && g.active >= g.tickLimit) {
		return job{}, false
	}
	g.queued.Add(-1)
	g.active++
	return g.queue.pop(), true
}

// SetTicking tells the pool a tick started (true) or ended: while one
// runs, one worker (of two or more) takes no new job, so the tick keeps a
// core; in the idle time between ticks every worker generates. With
// LeaveCPU the workers' threads are bound off the tick's CPU meanwhile. The
// residency plugin calls it as each tick starts and ends (ecs.App.OnTick).
func (g *Generation) SetTicking(running bool) {
	g.mu.Lock()
	g.ticking = running
	g.mu.Unlock()
	switch {
	case g.off == nil:
	case running:
		g.bindWorkers(g.off)
	default:
		g.bindWorkers(g.all)
	}
	if running || g.det {
		return
	}
	for range g.workers {
		select {
		case g.wake <- struct{}{}:
		default:
		}
	}
}

func (g *Generation) worker() {
	defer g.wg.Done()
	if g.off != nil {
		defer g.joinThreads()()
	}
	for {
		j, ok := g.take()
		if !ok {
			if t, ok := g.takeTask(); ok {
				g.runTask(t)
				g.mu.Lock()
				g.active--
				g.taskActive--
				g.mu.Unlock()
				continue
			}
			select {
			case <-g.wake:
				continue
			case <-g.quit:
				return
			}
		}
		g.running.Add(1)
		r := g.run(j)
		g.running.Add(-1)
		g.mu.Lock()
		g.active--
		g.mu.Unlock()
		g.doneMu.Lock()
		g.done = append(g.done, r)
		first := len(g.done) == 1
		g.doneMu.Unlock()
		if first {
			select {
			case g.ready <- struct{}{}:
			default: // a wake-up is pending already
			}
		}
	}
}

// run does one job: the Source first, then the generator, then the
// Deriver. A panic becomes
// the result's error so that one bad position cannot take the server down.
func (g *Generation) run(j job) (r Result) {
	r = Result{Pos: j.pos, Priority: j.prio}
	defer func() {
		if v := recover(); v != nil {
			r.Err = fmt.Errorf("generate section %v: panic: %v", j.pos, v)
		}
	}()
	if b := g.source.Load(); b != nil {
		s, rev, ok, err := b.s.Load(j.pos)
		if err != nil {
			r.Err = fmt.Errorf("load section %v: %w", j.pos, err)
			return r
		}
		if ok {
			r.Section, r.Revision, r.Loaded = s, rev, true
		}
	}
	if !r.Loaded {
		r.Section = g.gen.Generate(j.pos)
	}
	if d := g.derive.Load(); d != nil {
		// By value: a pointer into r, through a call the compiler cannot
		// see, would put every job's Result on the heap.
		r.Derived = (*d)(j.pos, r.Revision, r.Section)
	}
	return r
}

// job is one queued request.
type job struct {
	pos  chunk.Pos
	prio uint32
	seq  uint64
}

// agingJobs is how many later submissions one step of priority is worth
// in the queue's order: a job waits behind nearer ones submitted after
// it only until agingJobs jobs per step of difference have come, so a
// distant section cannot wait for as long as a load the workers cannot
// keep up with lasts (a flier's view, whose nearer edge is always new).
// At 2,048 jobs a tick, the widest difference in a view (about 180, the
// top of a radius-8 view against its middle) is overtaken in 11 ticks.
const agingJobs = 128

// key orders j: its priority, aged by its submission.
func (j *job) key() uint64 { return uint64(j.prio)*agingJobs + j.seq }

// jobHeap is a binary min-heap on (key, seq).
type jobHeap []job

func (h jobHeap) less(i, j int) bool {
	if ki, kj := h[i].key(), h[j].key(); ki != kj {
		return ki < kj
	}
	return h[i].seq < h[j].seq
}

func (h *jobHeap) push(j job) {
	*h = append(*h, j)
	q := *h
	i := len(q) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.less(i, p) {
			break
		}
		q[i], q[p] = q[p], q[i]
		i = p
	}
}

func (h *jobHeap) pop() job {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q = q[:n]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.less(l, m) {
			m = l
		}
		if r < n && q.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q[i], q[m] = q[m], q[i]
		i = m
	}
	// The room of a crowd's join goes back as the heap drains.
	*h = buf.Trim(q, jobHeapFloor)
	return top
}

// jobHeapFloor is the room, in jobs, the queue keeps however empty.
const jobHeapFloor = 1024

// Background tasks: work that shares the pool's workers but ranks behind
// every section job, whatever its priority. The LOD plugin samples and
// encodes the horizon this way: a level-0 section a player needs never
// waits behind a LOD section, yet the horizon uses the cores the level-0
// load leaves idle (design/lod.md).

// task is one background task.
type task struct {
	prio uint32
	seq  uint64
	run  func()
}

// TaskCap bounds the background tasks queued or running at once.
const TaskCap = 4096

// SubmitTask queues run as a background task of the given priority
// (lower first among tasks). Workers take tasks only when no section job
// is queued, all but one of them at most, and, like jobs, leave a core
// to a running tick. run must be
// safe to call on any goroutine and hand its result back itself (the
// caller's own queue); a panic in it is recovered and counted in Failed.
// In deterministic mode tasks run inline, in submission order, at
// RunTasks. It returns false, doing nothing, when TaskCap tasks are in
// flight or the pool is stopped.
func (g *Generation) SubmitTask(priority uint32, run func()) bool {
	if g.Start() != nil || g.taskCount.Load() >= TaskCap {
		return false
	}
	g.mu.Lock()
	if g.stopped {
		g.mu.Unlock()
		return false
	}
	g.taskSeq++
	t := task{prio: priority, seq: g.taskSeq, run: run}
	if g.det {
		g.taskFIFO = append(g.taskFIFO, t)
	} else {
		g.tasks.push(t)
	}
	g.taskCount.Add(1)
	g.mu.Unlock()
	if !g.det {
		select {
		case g.wake <- struct{}{}:
		default:
		}
	}
	return true
}

// RunTasks runs every queued task inline, in submission order, in
// deterministic mode (after the section jobs the tick drained), and does
// nothing otherwise: the workers run them.
func (g *Generation) RunTasks() {
	if !g.det {
		return
	}
	g.mu.Lock()
	ts := g.taskFIFO
	g.taskFIFO = nil
	g.mu.Unlock()
	for _, t := range ts {
		g.runTask(t)
	}
}

// Tasks returns the background tasks queued or running. Safe from any
// goroutine.
func (g *Generation) Tasks() int { return int(g.taskCount.Load()) }

// takeTask pops the most urgent background task when no section job is
// queued (take found none) and a worker may start one.
func (g *Generation) takeTask() (task, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped || len(g.tasks) == 0 || len(g.queue) > 0 || (g.ticking && g.active >= g.tickLimit) || g.taskActive >= max(1, g.workers-1) {
		return task{}, false
	}
	g.active++
	g.taskActive++
	return g.tasks.pop(), true
}

// runTask runs t, recovering a panic so that one bad task cannot take
// the server down.
func (g *Generation) runTask(t task) {
	defer g.taskCount.Add(-1)
	defer func() {
		if v := recover(); v != nil {
			g.failed.Add(1)
		}
	}()
	g.running.Add(1)
	defer g.running.Add(-1)
	t.run()
}

// taskHeap is a binary min-heap of tasks on (prio, seq). It repeats
// jobHeap rather than share a generic heap: there the items' order is a
// call through the instantiation's dictionary, and 2,048 pushes and pops
// of jobs (a tick's worth, under the pool's lock) took 250 µs against
// 192.
type taskHeap []task

func (h taskHeap) less(i, j int) bool {
	if h[i].prio != h[j].prio {
		return h[i].prio < h[j].prio
	}
	return h[i].seq < h[j].seq
}

func (h *taskHeap) push(t task) {
	*h = append(*h, t)
	q := *h
	for i := len(q) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.less(i, p) {
			break
		}
		q[i], q[p] = q[p], q[i]
		i = p
	}
}

func (h *taskHeap) pop() task {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q[n] = task{}
	q = q[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.less(l, m) {
			m = l
		}
		if r < n && q.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q[i], q[m] = q[m], q[i]
		i = m
	}
	*h = q
	return top
}
