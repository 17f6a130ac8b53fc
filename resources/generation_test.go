package resources

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/affinity"
	"github.com/stratavox/strata/resources/chunk"
)

// stoneBelowZero is a deterministic stand-in generator.
var stoneBelowZero = GeneratorFunc(func(p chunk.Pos) chunk.Section {
	if p.Y < 0 {
		return chunk.Uniform(chunk.Stone)
	}
	return chunk.Uniform(chunk.Air)
})

// waitGoroutines waits until the goroutine count is back to at most n.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// settledGoroutines returns the goroutine count once goroutines left by
// earlier tests have ended: when it has not fallen for 50 ms (at most 2 s).
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m >= n {
			return n
		}
		n = m
	}
	return n
}

func drainAll(t *testing.T, g *Generation) []Result {
	t.Helper()
	var out []Result
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for g.InFlight() > 0 {
		r, err := g.Wait(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func TestGenerationDeterministicOrder(t *testing.T) {
	run := func() []chunk.Pos {
		g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: true})
		defer g.Stop()
		prios := []uint32{5, 1, 9, 1, 0, 5}
		for i, pr := range prios {
			if !g.Submit(chunk.Pos{X: int32(i)}, pr) {
				t.Fatal("submit refused")
			}
		}
		if g.Queued() != len(prios) || g.InFlight() != len(prios) || g.Workers() != 0 {
			t.Fatalf("queued %d in flight %d workers %d", g.Queued(), g.InFlight(), g.Workers())
		}
		var got []chunk.Pos
		for {
			r, ok := g.TryResult()
			if !ok {
				break
			}
			got = append(got, r.Pos)
		}
		return got
	}
	want := []chunk.Pos{{X: 0}, {X: 1}, {X: 2}, {X: 3}, {X: 4}, {X: 5}} // submission order, whatever the priority
	for range 3 {
		got := run()
		if len(got) != len(want) {
			t.Fatalf("got %v", got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("order %v, want %v", got, want)
			}
		}
	}
}

func TestGenerationPoolCompletesEveryJob(t *testing.T) {
	var calls sync.Map
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		n, _ := calls.LoadOrStore(p, new(atomic.Int32))
		n.(*atomic.Int32).Add(1)
		return stoneBelowZero(p)
	})
	g := NewGeneration(gen, GenerationConfig{Workers: 3, QueueCap: 16})
	defer g.Stop()
	seen := map[chunk.Pos]bool{}
	next := 0
	const total = 200
	for len(seen) < total {
		for next < total && g.Submit(chunk.Pos{X: int32(next), Y: int32(next%7) - 3}, uint32(next)) {
			next++
		}
		if g.InFlight() > g.Cap() {
			t.Fatalf("%d in flight over the cap %d", g.InFlight(), g.Cap())
		}
		r, err := g.Wait(context.Background())
		if err != nil || r.Err != nil {
			t.Fatal(err, r.Err)
		}
		if seen[r.Pos] {
			t.Fatalf("%v delivered twice", r.Pos)
		}
		seen[r.Pos] = true
		want := stoneBelowZero(r.Pos)
		if !r.Section.Equal(&want) || r.Loaded {
			t.Fatalf("wrong section for %v", r.Pos)
		}
	}
	if g.Completed() != total || g.InFlight() != 0 || g.Queued() != 0 {
		t.Fatalf("completed %d in flight %d queued %d", g.Completed(), g.InFlight(), g.Queued())
	}
	calls.Range(func(k, v any) bool {
		if v.(*atomic.Int32).Load() != 1 {
			t.Errorf("%v generated %d times", k, v.(*atomic.Int32).Load())
		}
		return true
	})
}

func TestGenerationBoundsAndDuplicates(t *testing.T) {
	g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: true, QueueCap: 3})
	defer g.Stop()
	if !g.Submit(chunk.Pos{X: 1}, 0) {
		t.Fatal("first submit refused")
	}
	if g.Submit(chunk.Pos{X: 1}, 0) {
		t.Fatal("duplicate accepted")
	}
	g.Submit(chunk.Pos{X: 2}, 0)
	g.Submit(chunk.Pos{X: 3}, 0)
	if g.Room() != 0 || g.Submit(chunk.Pos{X: 4}, 0) {
		t.Fatal("accepted a job over the bound")
	}
	if !g.IsInFlight(chunk.Pos{X: 2}) || g.IsInFlight(chunk.Pos{X: 4}) {
		t.Fatal("IsInFlight wrong")
	}
	g.TryResult()
	if g.Room() != 1 || !g.Submit(chunk.Pos{X: 4}, 0) {
		t.Fatal("no room after a result was taken")
	}
}

// TestGenerationSubmitAll checks that a batch obeys Submit's rules job by
// job, in order: the world's bounds, duplicates (within the batch too) and
// the bound on jobs in flight.
func TestGenerationSubmitAll(t *testing.T) {
	for _, det := range []bool{true, false} {
		g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: det, QueueCap: 4, Workers: 2})
		outside := chunk.Pos{Y: chunk.MaxSectionY + 1}
		n := g.SubmitAll([]Want{
			{Pos: chunk.Pos{X: 1}}, {Pos: outside}, {Pos: chunk.Pos{X: 1}}, {Pos: chunk.Pos{X: 2}, Priority: 9},
			{Pos: chunk.Pos{X: 3}}, {Pos: chunk.Pos{X: 4}}, {Pos: chunk.Pos{X: 5}},
		})
		if n != 4 || g.IsInFlight(outside) || g.IsInFlight(chunk.Pos{X: 5}) || !g.IsInFlight(chunk.Pos{X: 4}) {
			t.Fatalf("det=%v: %d queued, want 4 (X 1 to 4)", det, n)
		}
		if got := len(drainAll(t, g)); got != 4 {
			t.Fatalf("det=%v: %d results, want 4", det, got)
		}
		if g.SubmitAll(nil) != 0 {
			t.Fatalf("det=%v: an empty batch queued something", det)
		}
		g.Stop()
		if g.SubmitAll([]Want{{Pos: chunk.Pos{X: 7}}}) != 0 {
			t.Fatalf("det=%v: a stopped pool took a job", det)
		}
	}
}

type mapSource struct {
	m   map[chunk.Pos]chunk.Section
	err map[chunk.Pos]error
}

func (s mapSource) Load(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	if err := s.err[p]; err != nil {
		return chunk.Section{}, 0, false, err
	}
	sec, ok := s.m[p]
	return sec, 42, ok, nil
}

func TestGenerationSourceAndFailures(t *testing.T) {
	stored := chunk.Pos{X: 1}
	broken := chunk.Pos{X: 2}
	cursed := chunk.Pos{X: 3}
	plain := chunk.Pos{X: 4, Y: -1}
	boom := errors.New("io error")
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		if p == cursed {
			panic("generator bug")
		}
		return stoneBelowZero(p)
	})
	for _, det := range []bool{true, false} {
		g := NewGeneration(gen, GenerationConfig{Deterministic: det, Workers: 2})
		g.SetSource(mapSource{m: map[chunk.Pos]chunk.Section{stored: chunk.Uniform(chunk.Dirt)}, err: map[chunk.Pos]error{broken: boom}})
		// The deriver sees loaded and generated sections alike, with their
		// revision, and failed jobs derive nothing.
		g.SetDeriver(func(p chunk.Pos, rev uint64, s chunk.Section) []byte {
			return []byte{byte(rev), byte(s.UniformBlock())}
		})
		for _, p := range []chunk.Pos{stored, broken, cursed, plain} {
			g.Submit(p, 0)
		}
		got := map[chunk.Pos]Result{}
		for _, r := range drainAll(t, g) {
			got[r.Pos] = r
		}
		if r := got[stored]; !r.Loaded || r.Revision != 42 || r.Section.UniformBlock() != chunk.Dirt || r.Err != nil || string(r.Derived) != string([]byte{42, byte(chunk.Dirt)}) {
			t.Errorf("det=%v stored: %+v", det, r)
		}
		if r := got[broken]; !errors.Is(r.Err, boom) || r.Derived != nil {
			t.Errorf("det=%v broken: err %v", det, r.Err)
		}
		if r := got[cursed]; r.Err == nil {
			t.Errorf("det=%v: generator panic not reported", det)
		}
		if r := got[plain]; r.Loaded || r.Err != nil || r.Section.UniformBlock() != chunk.Stone || string(r.Derived) != string([]byte{0, byte(chunk.Stone)}) {
			t.Errorf("det=%v plain: %+v", det, r)
		}
		if g.Failed() != 2 {
			t.Errorf("det=%v: Failed %d, want 2", det, g.Failed())
		}
		g.Stop()
	}
}

func TestGenerationStopLeavesNoGoroutine(t *testing.T) {
	base := settledGoroutines()
	release := make(chan struct{})
	var started atomic.Int32
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		started.Add(1)
		<-release
		return chunk.Section{}
	})
	g := NewGeneration(gen, GenerationConfig{Workers: 4, QueueCap: 64})
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	if runtime.NumGoroutine() < base+4 {
		t.Fatalf("%d goroutines after Start, want %d workers more than %d", runtime.NumGoroutine(), 4, base)
	}
	for i := range 40 {
		g.Submit(chunk.Pos{X: int32(i)}, 0)
	}
	for started.Load() < 4 {
		time.Sleep(time.Millisecond)
	}
	if g.Running() != 4 || g.Queued() != 36 {
		t.Fatalf("running %d queued %d", g.Running(), g.Queued())
	}
	stopped := make(chan struct{})
	go func() { g.Stop(); close(stopped) }()
	for !g.isStopped() {
		time.Sleep(time.Millisecond)
	}
	// Running jobs finish; queued ones are abandoned.
	close(release)
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("Stop did not return")
	}
	if started.Load() != 4 {
		t.Fatalf("%d jobs started after Stop began", started.Load())
	}
	g.Stop() // idempotent
	waitGoroutines(t, base)
	if g.Submit(chunk.Pos{X: 999}, 0) || g.Start() == nil {
		t.Fatal("a stopped pool accepted work")
	}
	if _, err := g.Wait(context.Background()); !errors.Is(err, ErrStopped) && !errors.Is(err, ErrIdle) {
		t.Fatalf("Wait after Stop: %v", err)
	}
}

func TestGenerationWaitHonoursContext(t *testing.T) {
	base := runtime.NumGoroutine()
	release := make(chan struct{})
	g := NewGeneration(GeneratorFunc(func(chunk.Pos) chunk.Section { <-release; return chunk.Section{} }), GenerationConfig{Workers: 1})
	if _, err := g.Wait(context.Background()); !errors.Is(err, ErrIdle) {
		t.Fatalf("Wait with nothing in flight: %v", err)
	}
	g.Submit(chunk.Pos{}, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := g.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait: %v, want deadline exceeded", err)
	}
	close(release)
	g.Stop()
	waitGoroutines(t, base)
}

func TestGenerationDefaultWorkers(t *testing.T) {
	g := NewGeneration(stoneBelowZero, GenerationConfig{})
	if want := runtime.NumCPU(); g.Workers() != want {
		t.Fatalf("Workers %d, want %d", g.Workers(), want)
	}
	if g.Cap() != DefaultQueueCap*g.Workers() {
		t.Fatalf("Cap %d", g.Cap())
	}
	g.Stop() // never started: nothing to wait for
}

func (g *Generation) isStopped() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stopped
}

func TestGenerationDeterministicQueueDoesNotGrow(t *testing.T) {
	g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: true, QueueCap: 8})
	defer g.Stop()
	next := int32(0)
	for range 20_000 {
		for g.Submit(chunk.Pos{X: next}, 0) {
			next++
		}
		r, err := g.Wait(context.Background())
		if err != nil || r.Err != nil {
			t.Fatal(err, r.Err)
		}
	}
	if len(g.fifo) > 2048 {
		t.Fatalf("queue holds %d slots for %d jobs", len(g.fifo), g.Queued())
	}
}

// TestGenerationTakeResults takes finished jobs in batches, as reconcile
// does, while the workers are still finishing others: every job comes back
// exactly once, and the pool's counts agree.
func TestGenerationTakeResults(t *testing.T) {
	for _, det := range []bool{true, false} {
		g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: det, Workers: 2, QueueCap: 1000})
		var want []Want
		for i := range 600 {
			want = append(want, Want{Pos: chunk.Pos{X: int32(i % 30), Y: int32(i/30) - 4, Z: 1}})
		}
		if n := g.SubmitAll(want); n != len(want) {
			t.Fatalf("det=%v: %d of %d queued", det, n, len(want))
		}
		seen := map[chunk.Pos]int{}
		deadline := time.Now().Add(10 * time.Second)
		var batch []Result
		for g.InFlight() > 0 && time.Now().Before(deadline) {
			batch = g.TakeResults(batch[:0])
			for _, r := range batch {
				seen[r.Pos]++
			}
			time.Sleep(time.Millisecond)
		}
		if len(seen) != len(want) || g.InFlight() != 0 || g.Completed() != uint64(len(want)) {
			t.Fatalf("det=%v: %d positions back, %d in flight, %d completed", det, len(seen), g.InFlight(), g.Completed())
		}
		for p, n := range seen {
			if n != 1 {
				t.Fatalf("det=%v: %v came back %d times", det, p, n)
			}
		}
		g.Stop()
	}
}

// TestJobHeapAging: nearest first among jobs submitted together, but a
// job waits behind nearer ones submitted after it only until agingJobs of
// them per step of priority came.
func TestJobHeapAging(t *testing.T) {
	var h jobHeap
	h.push(job{pos: chunk.Pos{X: 1}, prio: 10, seq: 1})
	h.push(job{pos: chunk.Pos{X: 2}, prio: 3, seq: 2})
	h.push(job{pos: chunk.Pos{X: 3}, prio: 3, seq: 3})
	h.push(job{pos: chunk.Pos{X: 4}, prio: 0, seq: 1 + 10*agingJobs}) // came 10 steps' worth later
	h.push(job{pos: chunk.Pos{X: 5}, prio: 0, seq: 10 * agingJobs})
	var got []int32
	for len(h) > 0 {
		got = append(got, h.pop().pos.X)
	}
	if want := []int32{2, 3, 5, 1, 4}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}

// TestGenerationTickLeavesACore: while a tick runs, one worker of three
// takes no new job; once it ends, every worker does.
func TestGenerationTickLeavesACore(t *testing.T) {
	release := make(chan struct{})
	var started atomic.Int32
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		started.Add(1)
		<-release
		return stoneBelowZero(p)
	})
	g := NewGeneration(gen, GenerationConfig{Workers: 3, QueueCap: 16})
	defer g.Stop()
	defer close(release)
	g.SetTicking(true)
	for i := range 6 {
		g.Submit(chunk.Pos{X: int32(i)}, uint32(i))
	}
	deadline := time.Now().Add(5 * time.Second)
	for started.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // a third worker would have started by now
	if n := started.Load(); n != 2 {
		t.Fatalf("%d jobs started during a tick, want 2 of 3 workers", n)
	}
	g.SetTicking(false)
	for started.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := started.Load(); n != 3 {
		t.Fatalf("%d jobs started after the tick, want 3", n)
	}
}

// TestGenerationLeavesTheTickCPU: with LeaveCPU the workers run off the
// tick's CPU while a tick runs and on every CPU between ticks.
func TestGenerationLeavesTheTickCPU(t *testing.T) {
	all := affinity.Allowed()
	if len(all) < 2 {
		t.Skip("fewer than two CPUs")
	}
	var mu sync.Mutex
	var seen [][]int
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		mu.Lock()
		seen = append(seen, affinity.Allowed())
		mu.Unlock()
		return stoneBelowZero(p)
	})
	g := NewGeneration(gen, GenerationConfig{Workers: 2, QueueCap: 16})
	g.LeaveCPU(all[0])
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	deadline := time.Now().Add(5 * time.Second)
	for {
		g.threadsMu.Lock()
		n := len(g.threads)
		g.threadsMu.Unlock()
		if n == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	run := func(ticking bool, x int32) []int {
		g.SetTicking(ticking)
		if !g.Submit(chunk.Pos{X: x}, 0) {
			t.Fatalf("job %d refused", x)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := g.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		return seen[len(seen)-1]
	}
	if got := run(true, 1); !slices.Equal(got, all[1:]) {
		t.Errorf("during a tick a worker ran on %v, want %v", got, all[1:])
	}
	if got := run(false, 2); !slices.Equal(got, all) {
		t.Errorf("between ticks a worker ran on %v, want %v", got, all)
	}
	g.Stop()
	g.threadsMu.Lock()
	defer g.threadsMu.Unlock()
	if len(g.threads) != 0 {
		t.Errorf("%d worker threads listed after Stop", len(g.threads))
	}
}

// TestJobHeapGivesBackRoom: a queue that held a crowd's jobs keeps no more
// than its floor once they are taken.
func TestJobHeapGivesBackRoom(t *testing.T) {
	var h jobHeap
	for i := range 100_000 {
		h.push(job{pos: chunk.Pos{X: int32(i)}, prio: uint32(i % 97), seq: uint64(i)})
	}
	for len(h) > 0 {
		h.pop()
	}
	if cap(h) > jobHeapFloor {
		t.Fatalf("an empty queue keeps room for %d jobs, want ≤ %d", cap(h), jobHeapFloor)
	}
}
