package ecs

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratavox/strata/internal/affinity"
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
	tasks   chan *loop
	stop    chan struct{}
	done    sync.WaitGroup
	waited  atomic.Int64 // ns: see Waited
}

// loop is one call of For, shared by the goroutines running it.
type loop struct {
	n, grain, chunks int
	next, finished   atomic.Int64
	fn               func(worker, lo, hi int)
	done             chan struct{} // closed when the last chunk finishes
}

func newParallel(workers int, cpus []int) *Parallel {
	p := &Parallel{workers: max(workers, 1), cpus: cpus, tasks: make(chan *loop, max(workers-1, 0)), stop: make(chan struct{})}
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
	l := &loop{n: n, grain: grain, chunks: (n + grain - 1) / grain, fn: fn, done: make(chan struct{})}
	// The helpers are asked without waiting for them (the channel has a
	// place for each), and the loop waits for its chunks, not for the
	// helpers: a helper the system has not scheduled yet (an idle core
	// woken late, on a virtual machine a few milliseconds) would otherwise
	// hold the tick up with no chunk to run. One that comes late finds no
	// chunk left.
	p.offer(l, min(p.workers-1, l.chunks-1))
	p.finish(l)
}

// offer puts l in the helpers' channel for n of them. A place still held
// by an older loop is given to this one: one done already, or a helper
// woken late would run it and sleep again (BenchmarkHelperWake measures
// how late), or a Background no helper began, which then runs at its
// Wait.
func (p *Parallel) offer(l *loop, n int) {
	for range n {
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
}

// finish runs what is left of l on the calling goroutine, as worker 0,
// and waits for the chunks helpers hold, returning how long it waited.
func (p *Parallel) finish(l *loop) time.Duration {
	l.run(0)
	if l.finished.Load() == int64(l.chunks) {
		<-l.done // closed at once, if not yet
		return 0
	}
	t := time.Now()
	<-l.done
	d := time.Since(t)
	p.waited.Add(int64(d))
	return d
}

// Background is a loop Start began, running on the helpers while its
// caller goes on.
type Background struct {
	p *Parallel
	l *loop
}

// Start begins fn over [0, n) in chunks of grain, as For, but on the
// helpers only, and returns at once: the calling goroutine goes on with
// other work and calls Wait before it touches anything fn writes. Wait
// runs on the calling goroutine, as worker 0, whatever no helper has
// taken, so with one worker (or none free) the whole loop runs there and
// the result is the same. A For in between may take the helpers first,
// or find them busy with this loop and run alone.
func (p *Parallel) Start(n, grain int, fn func(worker, lo, hi int)) *Background {
	grain = max(grain, 1)
	if n <= 0 {
		return &Background{}
	}
	l := &loop{n: n, grain: grain, chunks: (n + grain - 1) / grain, fn: fn, done: make(chan struct{})}
	if p.workers > 1 {
		p.offer(l, min(p.workers-1, l.chunks))
	}
	return &Background{p: p, l: l}
}

// Wait finishes the loop, running its remaining chunks on the calling
// goroutine as worker 0, and returns how long it then waited for chunks
// helpers were still running (counted in Waited too). Calling it again
// does nothing.
func (b *Background) Wait() time.Duration {
	if b.l == nil {
		return 0
	}
	l := b.l
	b.l = nil
	return b.p.finish(l)
}

// Waited returns how long, in all, the calling goroutine of For has
// waited at the end of its loops for chunks a helper was still running,
// having run out of its own: where a helper stopped by the machine holds
// the tick up (docs/benchmarks.md, "Session 24: where the fliers' slow
// ticks come from").
func (p *Parallel) Waited() time.Duration { return time.Duration(p.waited.Load()) }

func (l *loop) run(worker int) {
	for {
		lo := int(l.next.Add(int64(l.grain))) - l.grain
		if lo >= l.n {
			return
		}
		l.fn(worker, lo, min(lo+l.grain, l.n))
		if l.finished.Add(1) == int64(l.chunks) {
			close(l.done)
		}
	}
}

func (p *Parallel) help(worker int) {
	defer p.done.Done()
	if p.cpus != nil {
		// Never unlocked: the thread ends with the helper.
		runtime.LockOSThread()
		_ = affinity.Set(0, []int{p.cpus[worker%len(p.cpus)]}) // unbound, it still helps
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
		a.parallel = newParallel(n, a.cpus)
	}
	return a.parallel
}

// WithWorkers sets how many goroutines the App's parallel loops use (1: the
// tick goroutine alone); the default is GOMAXPROCS.
func WithWorkers(n int) Option { return func(a *App) { a.workers = n } }
