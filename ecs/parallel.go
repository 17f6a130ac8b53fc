package ecs

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratavox/strata/internal/affinity"
	"github.com/stratavox/strata/internal/futex"
)

// Parallel runs a system's per-entity loop on several goroutines: the
// calling tick goroutine and helpers the App starts on first use and stops
// at Shutdown. A loop body may write only what belongs to its indexes (the
// entities of its chunk, and scratch of its worker) and read what nothing
// writes during the loop; whatever touches shared state (counters, the
// command buffer, resources) is done after For returns, in index order, so
// the result does not depend on how many goroutines ran. The race
// detector catches a body that breaks the rule (docs/plugins.md).
type Parallel struct {
	workers int
	cpus    []int // helper w's thread is bound to cpus[w%len(cpus)]
	// minWork: a Loop whose measured work is less runs inline.
	minWork time.Duration
	tasks   chan *loop
	stop    chan struct{}
	done    sync.WaitGroup
	// sleep: the helpers' threads are bound and sleep on the futex word
	// gen, which each loop advances after publishing itself in cur; they
	// are woken by the system directly, where a goroutine locked to its
	// thread and parked on tasks is woken through another thread of the
	// runtime's first, which the VM may run late (internal/futex).
	sleep   bool
	gen     uint32
	cur     atomic.Pointer[loop]
	stopped atomic.Bool
}

// loop is one call of For, shared by the goroutines running it.
type loop struct {
	n, grain, chunks int
	next, finished   atomic.Int64
	// work sums the chunks' durations in ns, when timed.
	work  atomic.Int64
	timed bool
	fn    func(worker, lo, hi int)
	done  chan struct{} // without sleep: closed when the last chunk finishes
	// fin, with sleep, is set to 1 when the last chunk finishes; the
	// caller sleeps on it.
	fin   uint32
	sleep bool
}

func newParallel(workers int, cpus []int, minWork time.Duration) *Parallel {
	p := &Parallel{workers: max(workers, 1), cpus: cpus, minWork: minWork, tasks: make(chan *loop, max(workers-1, 0)), stop: make(chan struct{}), sleep: futex.Supported && cpus != nil}
	for w := 1; w < p.workers; w++ {
		p.done.Add(1)
		go p.help(w)
	}
	return p
}

// Workers is how many goroutines For may use: worker indexes passed to a
// loop body are 0..Workers()-1.
func (p *Parallel) Workers() int { return p.workers }

// For calls fn(worker, lo, hi) over [0, n) in chunks of grain indexes and
// returns once every chunk is done. With one worker, or n within one
// chunk, it runs inline.
func (p *Parallel) For(n, grain int, fn func(worker, lo, hi int)) {
	grain = max(grain, 1)
	if p.workers == 1 || n <= grain {
		if n > 0 {
			fn(0, 0, n)
		}
		return
	}
	p.spread(&loop{n: n, grain: grain, chunks: (n + grain - 1) / grain, fn: fn})
}

// spread runs l's chunks on the calling goroutine and the helpers.
func (p *Parallel) spread(l *loop) {
	if p.sleep {
		l.sleep = true
		p.cur.Store(l)
		atomic.AddUint32(&p.gen, 1)
		futex.Wake(&p.gen, p.workers-1)
		l.run(0)
		for atomic.LoadUint32(&l.fin) == 0 {
			futex.Wait(&l.fin, 0)
		}
		p.cur.Store(nil) // the loop's closure is not kept to the next
		return
	}
	l.done = make(chan struct{})
	// The helpers are asked without waiting for them (the channel has a
	// place for each), and the loop waits for its chunks, not for the
	// helpers: a helper the system has not scheduled yet (an idle core
	// woken late, on a virtual machine a few milliseconds) would otherwise
	// hold the tick up with no chunk to run. One that comes late finds no
	// chunk left. A place still held by an older loop, done already, is
	// given to this one, or a helper woken late would run the old one and
	// sleep again.
	for range min(p.workers-1, l.chunks-1) {
		select {
		case p.tasks <- l:
			continue
		default:
		}
		select {
		case <-p.tasks:
		default:
		}
		select {
		case p.tasks <- l:
		default:
		}
	}
	l.run(0)
	<-l.done
}

func (l *loop) run(worker int) {
	for {
		lo := int(l.next.Add(int64(l.grain))) - l.grain
		if lo >= l.n {
			return
		}
		var start time.Time
		if l.timed {
			start = time.Now()
		}
		l.fn(worker, lo, min(lo+l.grain, l.n))
		if l.timed {
			l.work.Add(int64(time.Since(start)))
		}
		if l.finished.Add(1) != int64(l.chunks) {
			continue
		}
		if !l.sleep {
			close(l.done)
			continue
		}
		atomic.StoreUint32(&l.fin, 1)
		if worker != 0 { // the caller does not wait for itself
			futex.Wake(&l.fin, 1)
		}
	}
}

// Loop is one call site's parallel loop: a system keeps one for each
// For it calls every tick. It runs inline, on the calling goroutine
// alone, while the work its earlier runs measured (per index, smoothed)
// predicts less than the App's WithParallelMin: a sleeping helper joins
// a loop 0.06–0.2 ms after it starts on the project's virtual machine
// (0.2–0.7 ms, when it joined at all, before it slept on a futex), so a
// short loop ends sooner alone, and keeps the other CPU idle. Where it runs never
// changes what it computes (the rule of For). Tick goroutine only.
type Loop struct {
	p *Parallel
	// perItem is the ns of work an index took, smoothed over runs.
	perItem float64
}

// Loop returns a new call site's Loop.
func (p *Parallel) Loop() *Loop { return &Loop{p: p} }

// Workers is how many goroutines For may use (Parallel.Workers).
func (l *Loop) Workers() int { return l.p.workers }

// For is Parallel.For, inline when the loop is too short to share.
func (l *Loop) For(n, grain int, fn func(worker, lo, hi int)) {
	grain = max(grain, 1)
	p := l.p
	if n <= 0 {
		return
	}
	if p.workers == 1 || n <= grain || l.perItem*float64(n) < float64(p.minWork) {
		if p.minWork <= 0 {
			fn(0, 0, n)
			return
		}
		start := time.Now()
		fn(0, 0, n)
		l.observe(n, time.Since(start))
		return
	}
	lp := &loop{n: n, grain: grain, chunks: (n + grain - 1) / grain, fn: fn, timed: p.minWork > 0}
	p.spread(lp)
	if lp.timed {
		l.observe(n, time.Duration(lp.work.Load()))
	}
}

// observe folds a run's work over n indexes into the estimate.
func (l *Loop) observe(n int, work time.Duration) {
	v := float64(work) / float64(n)
	if l.perItem == 0 {
		l.perItem = v
		return
	}
	l.perItem += (v - l.perItem) / 4
}

func (p *Parallel) help(worker int) {
	defer p.done.Done()
	if p.cpus != nil {
		// Never unlocked: the thread ends with the helper.
		runtime.LockOSThread()
		_ = affinity.Set(0, []int{p.cpus[worker%len(p.cpus)]}) // unbound, it still helps
	}
	if p.sleep {
		// gen was 0 when the helper was made: a loop published before it
		// started is still taken, if it has chunks left.
		var seen uint32
		for {
			g := atomic.LoadUint32(&p.gen)
			if g == seen {
				futex.Wait(&p.gen, g)
				continue
			}
			seen = g
			if p.stopped.Load() {
				return
			}
			if l := p.cur.Load(); l != nil {
				l.run(worker)
			}
		}
	}
	for {
		select {
		case l := <-p.tasks:
			l.run(worker)
		case <-p.stop:
			return
		}
	}
}

// close stops the helpers.
func (p *Parallel) close() {
	p.stopped.Store(true)
	atomic.AddUint32(&p.gen, 1)
	futex.Wake(&p.gen, p.workers)
	close(p.stop)
	p.done.Wait()
}

// Parallel returns the App's loop runner, with GOMAXPROCS workers (set
// WithWorkers to change it), starting its helpers on first use.
func (a *App) Parallel() *Parallel {
	if a.parallel == nil {
		n := a.workers
		if n <= 0 {
			n = runtime.GOMAXPROCS(0)
		}
		a.parallel = newParallel(n, a.cpus, a.parallelMin)
	}
	return a.parallel
}

// DefaultParallelMin is the least work a server's and the benchmark's
// Loops share with the helpers (WithParallelMin): measured on the
// project's two-core virtual machine (docs/benchmarks.md, "Session 22").
const DefaultParallelMin = time.Millisecond

// WithParallelMin sets the least work, as measured on its earlier runs,
// for which a Loop uses the helpers; shorter loops run inline. 0, the
// default, shares every loop of more than one chunk (tests use it, so
// that small worlds exercise the helpers).
func WithParallelMin(d time.Duration) Option { return func(a *App) { a.parallelMin = d } }

// WithWorkers sets how many goroutines the App's parallel loops use (1: the
// tick goroutine alone); the default is GOMAXPROCS.
func WithWorkers(n int) Option { return func(a *App) { a.workers = n } }
