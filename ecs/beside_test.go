package ecs

import (
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// Types the tests declare access to.
type (
	besideA struct{}
	besideB struct{}
)

// TestScheduleJoin: a system's background work is finished before the
// first later system of its stage whose declared access conflicts with
// its own, or that declared none, or at the stage's end.
func TestScheduleJoin(t *testing.T) {
	specs := []sysSpec{
		{Stream, "writes_a", []SystemOption{Writes[besideA]()}},
		{Stream, "reads_b", []SystemOption{Reads[besideB]()}},
		{Stream, "writes_b", []SystemOption{Writes[besideB]()}},
		{Stream, "reads_a", []SystemOption{Reads[besideA]()}},
		{Stream, "undeclared", nil},
		{Stream, "reads_both", []SystemOption{Reads[besideA](), Reads[besideB]()}},
		{Stream, "last", []SystemOption{Reads[besideB]()}},
		{Deliver, "next_stage", []SystemOption{Reads[besideB]()}},
	}
	a, _, err := buildWith(t, specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	order := a.Schedule().Order()
	joinsBefore := map[string]string{
		"writes_a":   "reads_a",    // reads what it writes
		"reads_b":    "writes_b",   // writes what it reads
		"writes_b":   "undeclared", // reads_a touches only A
		"reads_a":    "undeclared", // taken to touch everything
		"undeclared": "reads_both", // it conflicts with anything
		"reads_both": "next_stage", // only readers after it: the stage's end
		"last":       "next_stage",
		"next_stage": "",
	}
	if got := a.Schedule().Beside("writes_b"); !slices.Equal(got, []string{"reads_a"}) {
		t.Errorf("writes_b's work runs beside %v, want [reads_a]", got)
	}
	for _, sys := range order {
		got := ""
		if sys.join < len(order) {
			got = order[sys.join].Name
		}
		if got != joinsBefore[sys.Name] {
			t.Errorf("%s's work is finished before %q, want %q", sys.Name, got, joinsBefore[sys.Name])
		}
	}
}

// TestBesideRunsBeside: the work runs on a helper while the next,
// non-conflicting system runs on the tick goroutine.
func TestBesideRunsBeside(t *testing.T) {
	a := NewApp(WithWorkers(2))
	var started, overlapped atomic.Bool
	var worker atomic.Int32
	a.AddSystem(Stream, "owner", func(ctx *Context) {
		ctx.Beside(1, 1, func(w, _, _ int) {
			worker.Store(int32(w))
			started.Store(true)
			// Waits for the next system to see it started: both run at
			// once.
			for deadline := time.Now().Add(5 * time.Second); !overlapped.Load() && time.Now().Before(deadline); {
				runtime.Gosched()
			}
		})
	}, Writes[besideA]())
	a.AddSystem(Stream, "beside", func(*Context) {
		for deadline := time.Now().Add(5 * time.Second); !started.Load() && time.Now().Before(deadline); {
			runtime.Gosched()
		}
		overlapped.Store(started.Load())
	}, Reads[besideB]())
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	defer a.Shutdown()
	a.Step()
	if !overlapped.Load() {
		t.Skip("no helper took the work within 5 s")
	}
	if worker.Load() == 0 {
		t.Fatal("the work ran on the tick goroutine while the next system did")
	}
}

// TestBesideTimedInItsSystem: the time the tick waits for the work is
// counted in the system that started it, not in the one it ran beside.
func TestBesideTimedInItsSystem(t *testing.T) {
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			a := NewApp(WithWorkers(workers))
			// Halves: the gaps between the systems are not counted, and
			// a loaded machine may stretch them.
			const work = 50 * time.Millisecond
			a.AddSystem(Stream, "owner", func(ctx *Context) {
				ctx.Beside(1, 1, func(int, int, int) { time.Sleep(work) })
			}, Writes[besideA]())
			a.AddSystem(Stream, "beside", func(*Context) {}, Reads[besideB]())
			if err := a.Build(); err != nil {
				t.Fatal(err)
			}
			defer a.Shutdown()
			a.Step()
			st := a.Timings().Systems()
			if st[0].Last < work/2 {
				t.Errorf("owner timed %v for its %v of work", st[0].Last, work)
			}
			if st[1].Last >= work/2 {
				t.Errorf("the system beside it timed %v: the work counted there", st[1].Last)
			}
		})
	}
}

// TestBesideFinished: whatever the number of workers, the work is done
// before the systems and commands that may see what it writes, and every
// index runs once.
func TestBesideFinished(t *testing.T) {
	for _, tc := range []struct {
		name string
		// mid is added after the owner (in Stream) with its options;
		// check runs where the work must be done.
		midOpts []SystemOption
		command bool  // mid queues a command that checks instead
		check   Stage // the stage of the checking system
		opts    []SystemOption
	}{
		{name: "a reader of what it writes", check: Stream, opts: []SystemOption{Reads[besideA]()}},
		{name: "an undeclared system", check: Stream},
		{name: "the next stage", check: Deliver, opts: []SystemOption{Reads[besideB]()}},
		{name: "commands", command: true, midOpts: []SystemOption{Reads[besideB]()}},
	} {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", tc.name, workers), func(t *testing.T) {
				a := NewApp(WithWorkers(workers))
				const n = 100
				hits := make([]int32, n)
				var done atomic.Int32
				checked := 0
				check := func() {
					checked++
					if got := done.Load(); got != n {
						t.Errorf("%d of %d indexes done when checked", got, n)
					}
				}
				a.AddSystem(Stream, "owner", func(ctx *Context) {
					ctx.Beside(n, 3, func(_, lo, hi int) {
						time.Sleep(time.Millisecond)
						for i := lo; i < hi; i++ {
							atomic.AddInt32(&hits[i], 1)
							done.Add(1)
						}
					})
				}, Writes[besideA]())
				a.AddSystem(Stream, "mid", func(ctx *Context) {
					if tc.command {
						ctx.Commands.Do(func(*World) { check() })
					}
				}, append(tc.midOpts, Reads[besideB](), After("owner"))...)
				if !tc.command {
					a.AddSystem(tc.check, "check", func(*Context) { check() }, append(tc.opts, After("mid"))...)
				}
				if err := a.Build(); err != nil {
					t.Fatal(err)
				}
				defer a.Shutdown()
				for range 3 {
					done.Store(0)
					a.Step()
				}
				if checked != 3 {
					t.Fatalf("checked %d times in 3 ticks", checked)
				}
				if slices.ContainsFunc(hits, func(h int32) bool { return h != 3 }) {
					t.Fatalf("indexes run %v times in 3 ticks", hits)
				}
			})
		}
	}
}
