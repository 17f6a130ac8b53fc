package ecs

import (
	"testing"

	"github.com/mlange-42/arche/generic"
)

type pos struct{ X, Y float64 }
type vel struct{ X, Y float64 }
type tag struct{ N int }

// TestCommandsDuringIteration spawns, despawns and adds and removes
// components from inside open queries, which arche forbids directly.
func TestCommandsDuringIteration(t *testing.T) {
	a := NewApp()
	var spawned []Entity
	a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
		RegisterComponent[pos](a)
		RegisterComponent[vel](a)
		RegisterComponent[tag](a)
		for i := 0; i < 10; i++ {
			a.Commands().Spawn(nil, pos{X: float64(i)}, &vel{X: 1})
		}
		both := generic.NewFilter2[pos, vel]()
		tagged := generic.NewFilter1[tag]()
		a.AddSystem(Simulate, "mutate", func(c *Context) {
			q := both.Query(c.World)
			for q.Next() {
				p, v := q.Get()
				p.X += v.X
				e := q.Entity()
				switch {
				case p.X == 1: // entity 0
					c.Commands.Despawn(e)
				case p.X == 2:
					c.Commands.Insert(e, tag{N: 2})
					RemoveComponent[vel](c.Commands, e)
				case p.X == 3:
					c.Commands.Spawn(func(e Entity) { spawned = append(spawned, e) }, pos{X: 100}, tag{N: 100})
					c.Commands.Insert(e, vel{X: 5}) // overwrite an existing component
				}
			}
		})
		a.AddSystem(Simulate, "observe", func(c *Context) {
			if c.Tick > 0 {
				return
			}
			n := 0
			q := tagged.Query(c.World)
			for q.Next() {
				n++
			}
			if n != 2 {
				t.Errorf("observe saw %d tagged entities, want 2 (commands not applied between systems)", n)
			}
		}, After("mutate"))
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	a.Step()
	w := a.World()
	if len(spawned) != 1 || !w.Alive(spawned[0]) {
		t.Fatalf("spawn callback got %v", spawned)
	}
	count := func(f interface {
		Query(*World) generic.Query1[pos]
	}) int {
		return 0
	}
	_ = count
	n := 0
	q := generic.NewFilter1[pos]().Query(w)
	for q.Next() {
		n++
	}
	if n != 10 { // 10 spawned at build - 1 despawned + 1 spawned in the system
		t.Fatalf("%d entities with pos, want 10", n)
	}
	vq := generic.NewFilter2[pos, vel]().Query(w)
	for vq.Next() {
		p, v := vq.Get()
		if p.X == 3 && v.X != 5 {
			t.Errorf("Insert did not overwrite vel: %+v", v)
		}
		if p.X == 2 {
			t.Errorf("vel not removed from entity at x=2")
		}
	}
	// A second tick must not trip on the dead entity or the removed component.
	a.Step()
}

// TestLeakedQueryIsReported checks that a system leaving a query open gets
// a clear message rather than arche's locked-world panic at the next
// structural change.
func TestLeakedQueryIsReported(t *testing.T) {
	a := NewApp()
	a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
		RegisterComponent[pos](a)
		a.Commands().Spawn(nil, pos{})
		f := generic.NewFilter1[pos]()
		a.AddSystem(Simulate, "leaky", func(c *Context) {
			q := f.Query(c.World)
			q.Next() // and never finish or Close
		})
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		r := recover()
		if s, _ := r.(string); s == "" || s[:4] != "ecs:" {
			t.Fatalf("recovered %v, want the engine's message", r)
		}
	}()
	a.Step()
}
