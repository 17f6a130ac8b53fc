package ecs

import (
	"slices"
	"testing"
)

type ping struct {
	N         int
	Cancelled bool
}

// TestEventsLiveOneTick: a reader ordered after the emitter sees this
// tick's events, including a change an earlier reader made, and the queue
// is empty by the next tick.
func TestEventsLiveOneTick(t *testing.T) {
	app := NewApp()
	var seen [][]int
	q := AddEvents[ping](app)
	if AddEvents[ping](app) != q {
		t.Fatal("a second AddEvents made another queue")
	}
	app.AddSystem(Simulate, "emit", func(ctx *Context) {
		q.Emit(ping{N: int(ctx.Tick)})
		q.Emit(ping{N: int(ctx.Tick) + 100})
	})
	app.AddSystem(Simulate, "veto", func(*Context) {
		for i := range q.Items() {
			if q.Items()[i].N >= 100 {
				q.Items()[i].Cancelled = true
			}
		}
	}, After("emit"))
	app.AddSystem(Deliver, "read", func(*Context) {
		var ns []int
		for _, p := range q.Items() {
			if !p.Cancelled {
				ns = append(ns, p.N)
			}
		}
		seen = append(seen, ns)
	})
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	app.Step()
	app.Step()
	if want := [][]int{{0}, {1}}; !slices.EqualFunc(seen, want, slices.Equal) {
		t.Fatalf("read %v, want %v", seen, want)
	}
	if q.Len() != 0 || q.Total != 4 {
		t.Fatalf("after the tick: %d queued, %d total", q.Len(), q.Total)
	}
}
