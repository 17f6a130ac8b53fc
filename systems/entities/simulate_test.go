package entities

import (
	"math"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/physics"
)

// body gives thing id's position, velocity and motion (valid until the
// next step).
func (w *repWorld) body(id uint64) (*components.Position, *components.Velocity, *Motion) {
	w.t.Helper()
	e, ok := w.thing(id)
	if !ok {
		w.t.Fatalf("no thing %#x", id)
	}
	m := generic.NewMap3[components.Position, components.Velocity, Motion](w.app.World())
	return m.Get(e)
}

func (w *repWorld) spawnAt(p components.Position) uint64 {
	w.t.Helper()
	id, err := w.reg.Spawn(w.app.Commands(), Spec{Kind: "test:thing", Position: p, Body: Body{Width: 0.9, Height: 0.9}})
	if err != nil {
		w.t.Fatal(err)
	}
	w.step(1)
	return id
}

// inSolid reports whether the box of a 0.9 body at p overlaps a solid
// block.
func (w *repWorld) inSolid(p components.Position) bool {
	blocked, _ := physics.Overlap(ecs.Resource[resources.ChunkStore](w.app), Body{Width: 0.9, Height: 0.9}.Box(p))
	return blocked
}

func TestFallsOntoTheGround(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(8, 8, 2)
	id := w.spawnAt(components.Position{X: 8.5, Y: 75, Z: 8.5})
	w.step(60)
	p, v, m := w.body(id)
	if math.Abs(p.Y-64) > 0.01 || !m.OnGround || v.Y != 0 {
		t.Fatalf("after falling: at %+v, velocity %+v, motion %+v; want standing on y=64", *p, *v, *m)
	}
}

func TestWalksStopsAtWallsAndFriction(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(8, 8, 2)
	edits := ecs.Resource[gameplay.Edits](w.app)
	for y := 64; y < 66; y++ {
		for z := 0; z < 16; z++ {
			edits.Set(12, y, z, chunk.Stone, 0)
		}
	}
	id := w.spawnAt(components.Position{X: 6.5, Y: 64, Z: 8.5})
	w.step(5)
	_, _, m := w.body(id)
	m.WalkX = 2
	blocked := false
	for range 100 {
		w.step(1)
		p, _, m := w.body(id)
		if w.inSolid(*p) {
			t.Fatalf("walked into the wall: %+v", *p)
		}
		blocked = blocked || m.Blocked
		if m.WalkX != 2 {
			t.Fatal("the simulation changed what the AI wants")
		}
	}
	p, _, _ := w.body(id)
	if !blocked || p.X < 11.4 || p.X > 11.55 {
		t.Fatalf("stopped at x=%.3f (blocked seen %v), want against the wall at 12 - 0.45", p.X, blocked)
	}
	// Friction: with nothing wanted it comes to rest at once.
	_, _, m = w.body(id)
	m.WalkX = 0
	w.step(20)
	_, v, m := w.body(id)
	if *v != (components.Velocity{}) || !m.OnGround {
		t.Fatalf("after stopping: velocity %+v, motion %+v", *v, *m)
	}
}

func TestJumpsOneBlock(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(8, 8, 2)
	edits := ecs.Resource[gameplay.Edits](w.app)
	for z := 0; z < 16; z++ {
		edits.Set(10, 64, z, chunk.Stone, 0)
		edits.Set(11, 64, z, chunk.Stone, 0)
	}
	id := w.spawnAt(components.Position{X: 8.5, Y: 64, Z: 8.5})
	w.step(5)
	for range 40 {
		_, _, m := w.body(id)
		m.WalkX = 2
		if m.Blocked {
			m.Jump = true
		}
		w.step(1)
	}
	p, _, m := w.body(id)
	if math.Abs(p.Y-65) > 0.01 || !m.OnGround || p.X < 10 {
		t.Fatalf("at %+v (motion %+v), want up on the step", *p, *m)
	}
}

// TestFrozenAtUnknownTerrain walks an entity toward the end of the
// resident land: it stops (frozen) rather than walk or fall into
// sections that are not there, and makes nothing resident.
func TestFrozenAtUnknownTerrain(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(8, 8, 1)
	store := ecs.Resource[resources.ChunkStore](w.app)
	id := w.spawnAt(components.Position{X: 8.5, Y: 64, Z: 8.5})
	w.step(5)
	resident := store.Len()
	frozen := false
	for range 400 {
		_, _, m := w.body(id)
		m.WalkX = 4
		w.step(1)
		_, _, m = w.body(id)
		frozen = frozen || m.Frozen
	}
	p, _, _ := w.body(id)
	if !frozen || !store.Has(p.Section()) || !store.Has(components.Position{X: p.X + 0.45, Y: p.Y, Z: p.Z}.Section()) {
		t.Fatalf("at %+v, frozen seen %v: it left the resident land", *p, frozen)
	}
	if store.Len() != resident {
		t.Fatalf("%d sections resident, %d before: the entity made terrain resident", store.Len(), resident)
	}
}

// TestRehomedAcrossColumns: an entity that walks into the next column is
// kept, counted and saved there, at once.
func TestRehomedAcrossColumns(t *testing.T) {
	w := newRepWorld(t, Config{})
	w.anchor(16, 8, 2)
	id := w.spawnAt(components.Position{X: 14.5, Y: 64, Z: 8.5})
	w.step(3)
	for range 40 {
		_, _, m := w.body(id)
		m.WalkX = 2
		w.step(1)
	}
	p, _, _ := w.body(id)
	if p.X < 17 {
		t.Fatalf("at x=%.2f, want past the column border at 16", p.X)
	}
	e, _ := w.thing(id)
	if c := w.reg.col(colKey{1, 0}); c == nil || c.index(e) < 0 {
		t.Fatal("not kept in column (1, 0)")
	}
	if c := w.reg.col(colKey{0, 0}); c != nil && c.index(e) >= 0 {
		t.Fatal("still kept in column (0, 0)")
	}
	// Saved as it crossed, in both columns at once (no SaveEvery wait):
	// a crash finds it in one record or the other, never in neither.
	rec, ok, err := w.durable().LoadEntities(1, 0)
	if err != nil || !ok || len(rec.Entities) != 1 {
		t.Fatalf("column (1,0) saved %+v, %v, %v", rec, ok, err)
	}
	if rec, ok, _ := w.durable().LoadEntities(0, 0); ok && len(rec.Entities) != 0 {
		t.Fatalf("column (0,0) still saves it: %+v", rec)
	}
}

// TestParallelSimulationDeterministic steps a crowd of walkers (enough
// for the parallel loop to split them) with one worker and with four:
// every position is the same, bit for bit. Under -race it also checks
// that the loop body touches nothing shared.
func TestParallelSimulationDeterministic(t *testing.T) {
	run := func(workers int) map[uint64]components.Position {
		w := newRepWorldOn(t, Config{}, "", []ecs.Option{ecs.WithWorkers(workers)})
		w.anchor(40, 40, 3)
		edits := ecs.Resource[gameplay.Edits](w.app)
		for x := 20; x < 60; x += 7 {
			for z := 0; z < 80; z++ {
				edits.Set(x, 64, z, chunk.Stone, 0) // walls and steps to bump into
			}
		}
		for i := range 1500 {
			x, z := 20.5+float64(i%40), 20.5+float64(i/40%40)
			if _, err := w.reg.Spawn(w.app.Commands(), Spec{Kind: "test:thing", Position: components.Position{X: x, Y: 66, Z: z}, Body: Body{Width: 0.9, Height: 0.9}}); err != nil {
				t.Fatal(err)
			}
		}
		w.step(1)
		motions := generic.NewFilter2[Replicated, Motion]()
		for tick := range 80 {
			q := motions.Query(w.app.World())
			for q.Next() {
				r, m := q.Get()
				a := float64(r.ID*37+uint64(tick/20)) * 0.7
				m.WalkX, m.WalkZ = 2*math.Cos(a), 2*math.Sin(a)
				m.Jump = m.Blocked
			}
			w.step(1)
		}
		return w.positions()
	}
	one, four := run(1), run(4)
	if len(one) != 1500 || len(one) != len(four) {
		t.Fatalf("%d and %d entities", len(one), len(four))
	}
	for id, p := range one {
		if four[id] != p {
			t.Fatalf("entity %#x: %+v with one worker, %+v with four", id, p, four[id])
		}
	}
}
