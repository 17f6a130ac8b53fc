package entities

import (
	"math"
	"math/rand/v2"
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

// TestRehomedAcrossColumns walks an entity over a column border: it is
// kept in the column it entered, and every tick the stored records hold
// it once: never twice, never in neither. Across a region border both
// columns are saved as it crosses; within a region the two are linked
// and saved together when the first is due.
func TestRehomedAcrossColumns(t *testing.T) {
	for _, tc := range []struct {
		name   string
		x      float64 // start; the border is at the next multiple of 16
		atOnce bool
	}{
		{"within a region", 14.5, false},
		{"across regions", 510.5, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const saveEvery = 60
			w := newRepWorld(t, Config{SaveEvery: saveEvery})
			border := math.Ceil(tc.x/16) * 16
			from, to := int32(border/16)-1, int32(border/16)
			w.anchor(border, 8, 2)
			id := w.spawnAt(components.Position{X: tc.x, Y: 64, Z: 8.5})
			w.step(saveEvery + 1)
			if a := w.storedCount(from, 0); a != 1 {
				t.Fatalf("spawned and due: stored %d times", a)
			}
			crossed := -1
			for tick := range 2 * saveEvery {
				_, _, m := w.body(id)
				m.WalkX = 2
				w.step(1)
				a, b := w.storedCount(from, 0), w.storedCount(to, 0)
				if a+b != 1 {
					t.Fatalf("tick %d: stored in column %d %d times, in %d %d times", tick, from, a, to, b)
				}
				if p, _, _ := w.body(id); crossed < 0 && p.X > border+1 {
					crossed = tick
					if tc.atOnce != (b == 1) {
						t.Fatalf("just across: stored in the column entered %d times; want saved at once %v", b, tc.atOnce)
					}
				}
			}
			if crossed < 0 {
				t.Fatal("never crossed the border")
			}
			e, _ := w.thing(id)
			if c := w.reg.col(colKey{to, 0}); c == nil || c.index(e) < 0 {
				t.Fatalf("not kept in column (%d, 0)", to)
			}
			if c := w.reg.col(colKey{from, 0}); c != nil && c.index(e) >= 0 {
				t.Fatalf("still kept in column (%d, 0)", from)
			}
			if a, b := w.storedCount(from, 0), w.storedCount(to, 0); a != 0 || b != 1 {
				t.Fatalf("after SaveEvery: stored %d times in the column left, %d in the one entered", a, b)
			}
		})
	}
}

// storedCount returns how many entities column (x, z)'s stored record
// holds.
func (w *repWorld) storedCount(x, z int32) int {
	w.t.Helper()
	rec, _, err := w.durable().LoadEntities(x, z)
	if err != nil {
		w.t.Fatal(err)
	}
	return len(rec.Entities)
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

// TestSameCellMatchesFloors compares sameCell with its definition, four
// Floors, on block boundaries, values within edgeTol of them, and random
// values.
func TestSameCellMatchesFloors(t *testing.T) {
	floors := func(u, v float64) bool {
		c := math.Floor(u - edgeTol)
		return c == math.Floor(u+edgeTol) && c == math.Floor(v-edgeTol) && c == math.Floor(v+edgeTol)
	}
	var vals []float64
	for _, b := range []float64{-1e6, -17, -1, 0, 1, 15, 16, 1e6} {
		for _, d := range []float64{0, edgeTol, -edgeTol, 2 * edgeTol, -2 * edgeTol, edgeTol / 2, -edgeTol / 2, 0.5, 0.999999, -0.999999} {
			vals = append(vals, b+d)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		vals = append(vals, (r.Float64()-0.5)*64)
	}
	for _, u := range vals {
		for _, v := range vals {
			if got, want := sameCell(u, v), floors(u, v); got != want {
				t.Fatalf("sameCell(%v, %v) = %v, want %v", u, v, got, want)
			}
		}
	}
}
