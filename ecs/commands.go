package ecs

import (
	"fmt"
	"reflect"

	arche "github.com/mlange-42/arche/ecs"
)

// Commands queues structural changes (spawn, despawn, add and remove
// components) so that systems can ask for them while iterating a query.
// The schedule applies the queue between systems, when no query is open.
type Commands struct {
	ops []func(w *arche.World)
}

// Len returns the number of queued commands.
func (c *Commands) Len() int { return len(c.ops) }

// Spawn queues a new entity with the given components. Each component is a
// struct value or a pointer to one; fn, if not nil, is called with the new
// entity once it exists. The slice is kept until the command is applied:
// do not reuse one passed with comps... before then.
func (c *Commands) Spawn(fn func(Entity), comps ...any) {
	c.ops = append(c.ops, func(w *arche.World) {
		e := w.NewEntityWith(toComponents(w, comps)...)
		if fn != nil {
			fn(e)
		}
	})
}

// Despawn queues the removal of e; an entity that is already gone is
// skipped.
func (c *Commands) Despawn(e Entity) {
	c.ops = append(c.ops, func(w *arche.World) {
		if w.Alive(e) {
			w.RemoveEntity(e)
		}
	})
}

// Insert queues adding the components to e, overwriting those it already
// has. A dead entity is skipped.
func (c *Commands) Insert(e Entity, comps ...any) {
	c.ops = append(c.ops, func(w *arche.World) {
		if !w.Alive(e) {
			return
		}
		var add []arche.Component
		for _, comp := range toComponents(w, comps) {
			if w.Has(e, comp.ID) {
				w.Set(e, comp.ID, comp.Comp)
			} else {
				add = append(add, comp)
			}
		}
		if len(add) > 0 {
			w.Assign(e, add...)
		}
	})
}

// RemoveComponent queues removing component type T from e; an entity that
// is dead or lacks T is skipped.
func RemoveComponent[T any](c *Commands, e Entity) {
	c.ops = append(c.ops, func(w *arche.World) {
		id := arche.ComponentID[T](w)
		if w.Alive(e) && w.Has(e, id) {
			w.Remove(e, id)
		}
	})
}

// Do queues an arbitrary change to the world, run when no query is open.
func (c *Commands) Do(fn func(w *World)) {
	c.ops = append(c.ops, fn)
}

// apply runs and clears the queue. Commands queued while applying (by a
// Spawn callback) run in the same pass.
func (c *Commands) apply(w *arche.World) {
	if w.IsLocked() {
		// A system left a query open: applying now would panic inside arche
		// with a less helpful message.
		panic("ecs: world is locked after a system ran: a query was not iterated to its end or closed")
	}
	for i := 0; i < len(c.ops); i++ {
		c.ops[i](w)
		c.ops[i] = nil
	}
	c.ops = c.ops[:0]
}

func (a *App) applyCommands() { a.cmd.apply(&a.world) }

func toComponents(w *arche.World, comps []any) []arche.Component {
	out := make([]arche.Component, 0, len(comps))
	for _, comp := range comps {
		v := reflect.ValueOf(comp)
		if !v.IsValid() {
			panic("ecs: nil component")
		}
		if v.Kind() != reflect.Pointer {
			p := reflect.New(v.Type())
			p.Elem().Set(v)
			v = p
		}
		if v.Elem().Kind() != reflect.Struct {
			panic(fmt.Sprintf("ecs: component %v is not a struct", v.Type().Elem()))
		}
		out = append(out, arche.Component{ID: arche.TypeID(w, v.Type().Elem()), Comp: v.Interface()})
	}
	return out
}
