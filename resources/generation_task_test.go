package resources

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/resources/chunk"
)

// TestTasksRankBehindJobs: with one worker held on a job, a task
// submitted before more jobs still runs after every one of them.
func TestTasksRankBehindJobs(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var order []string
	gen := GeneratorFunc(func(p chunk.Pos) chunk.Section {
		if p.X == 0 {
			<-release
		}
		mu.Lock()
		order = append(order, "job")
		mu.Unlock()
		return chunk.Section{}
	})
	g := NewGeneration(gen, GenerationConfig{Workers: 1})
	defer g.Stop()
	g.Submit(chunk.Pos{}, 0)
	for !running(g) {
		time.Sleep(time.Millisecond)
	}
	done := make(chan struct{})
	if !g.SubmitTask(0, func() {
		mu.Lock()
		order = append(order, "task")
		mu.Unlock()
		close(done)
	}) {
		t.Fatal("SubmitTask refused")
	}
	for i := int32(1); i <= 3; i++ {
		g.Submit(chunk.Pos{X: i}, 1000)
	}
	close(release)
	<-done
	mu.Lock()
	defer mu.Unlock()
	want := []string{"job", "job", "job", "job", "task"}
	if len(order) != len(want) || order[4] != "task" {
		t.Errorf("ran %v, want %v", order, want)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for range 4 {
		if _, err := g.Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTasksLeaveAWorkerToJobs: with two workers and tasks that do not
// end, only one task runs, and a job submitted meanwhile is done by the
// other worker, not queued behind the tasks.
func TestTasksLeaveAWorkerToJobs(t *testing.T) {
	g := NewGeneration(GeneratorFunc(func(chunk.Pos) chunk.Section { return chunk.Section{} }), GenerationConfig{Workers: 2})
	defer g.Stop()
	release := make(chan struct{})
	defer close(release) // before Stop, which waits for the tasks
	var mu sync.Mutex
	started, most := 0, 0
	for range 3 {
		if !g.SubmitTask(0, func() {
			mu.Lock()
			started++
			most = max(most, started)
			mu.Unlock()
			<-release
			mu.Lock()
			started--
			mu.Unlock()
		}) {
			t.Fatal("SubmitTask refused")
		}
	}
	for !running(g) {
		time.Sleep(time.Millisecond)
	}
	g.Submit(chunk.Pos{X: 1}, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := g.Wait(ctx); err != nil {
		t.Fatalf("the job waited behind the tasks: %v", err)
	}
	mu.Lock()
	if most != 1 {
		t.Errorf("%d tasks ran at once on two workers, want 1", most)
	}
	mu.Unlock()
}

func running(g *Generation) bool { return g.Running() > 0 }

// TestTasksDeterministic: in deterministic mode tasks run at RunTasks, in
// submission order whatever their priority; a panic is recovered and
// counted; the bound refuses tasks beyond TaskCap.
func TestTasksDeterministic(t *testing.T) {
	g := NewGeneration(stoneBelowZero, GenerationConfig{Deterministic: true})
	defer g.Stop()
	var got []int
	for i, prio := range []uint32{5, 1, 3} {
		g.SubmitTask(prio, func() { got = append(got, i) })
	}
	g.SubmitTask(0, func() { panic("boom") })
	if len(got) != 0 || g.Tasks() != 4 {
		t.Fatalf("ran %v before RunTasks; %d in flight", got, g.Tasks())
	}
	g.RunTasks()
	if len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 2 {
		t.Errorf("ran %v, want [0 1 2]", got)
	}
	if g.Failed() != 1 || g.Tasks() != 0 {
		t.Errorf("failed %d, in flight %d; want 1, 0", g.Failed(), g.Tasks())
	}
	for range TaskCap {
		g.SubmitTask(0, func() {})
	}
	if g.SubmitTask(0, func() {}) {
		t.Error("task beyond TaskCap accepted")
	}
}
