package entities

import (
	"math"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/systems/residency"
)

// Ground and air friction: the share of the gap between an entity's
// horizontal velocity and the one its AI wants that is left after a tick.
const (
	groundFriction = 0.4
	airFriction    = 0.9
)

// simulation is the simulate_entities system: gravity, friction and
// collisions with the voxels for every plugin entity, through the rules
// of systems/physics. An entity whose section is not resident, or whose
// move would reach unknown terrain, does not move at all (Motion.Frozen):
// it neither falls into terrain that is not there nor makes anything
// resident.
type simulation struct {
	cfg   Config
	store *resources.ChunkStore
	reg   *Registry
	edits *gameplay.Edits
	// edited is Edits.Total when the last run began: an entity at rest
	// is looked at again only once some block changed since.
	edited  uint64
	recheck bool
	changes *residency.Changes
	// evicted has a bit per hash of every section evicted since the last
	// run: the fast path of a walking entity is taken only where none
	// was.
	evicted [1024]uint64
	par     *ecs.Parallel
	workers []simWorker
	items   []simItem
	filter  *generic.Filter6[components.Position, components.Velocity, Body, Motion, home, Replicated]
}

// simWorker is one goroutine's view of the terrain for the parallel loop:
// a store Reader and a cache of the sections it looked up.
type simWorker struct {
	reader resources.Reader
	world  physics.Sections
}

// simItem is one entity to step this tick: its components, and whether
// it moved (for the serial pass after the loop).
type simItem struct {
	e     ecs.Entity
	pos   *components.Position
	vel   *components.Velocity
	body  *Body
	m     *Motion
	h     *home
	from  components.Position
	moved bool
}

// simGrain is how many entities a worker takes at a time.
const simGrain = 256

func newSimulation(cfg Config, store *resources.ChunkStore, reg *Registry, edits *gameplay.Edits, changes *residency.Changes, par *ecs.Parallel) *simulation {
	return &simulation{
		cfg: cfg, store: store, reg: reg, edits: edits, changes: changes, par: par,
		filter: generic.NewFilter6[components.Position, components.Velocity, Body, Motion, home, Replicated](),
	}
}

// run steps the entities in parallel (each step touches only its entity
// and reads the store, which nothing changes meanwhile), then re-homes
// the ones that moved, in query order.
func (s *simulation) run(ctx *ecs.Context) {
	s.reg.now = ctx.Tick
	dt := 1 / s.cfg.TPS
	frozen, asleep := 0, 0
	// Blocks change only through Edits; terrain that stops being resident
	// takes its entities with it (or freezes those that move).
	s.recheck = s.edits.Total != s.edited
	s.edited = s.edits.Total
	// reconcile runs after this stage: what it evicted last tick is all
	// that left since the last run.
	clear(s.evicted[:])
	for _, p := range s.changes.Evicted {
		h := sectionHash(p)
		s.evicted[h>>6%uint64(len(s.evicted))] |= 1 << (h & 63)
	}
	s.items = s.items[:0]
	q := s.filter.Query(ctx.World)
	for q.Next() {
		pos, vel, body, m, h, _ := q.Get()
		if m.Asleep {
			asleep++
			// Asleep, it stands: clients that still hold it (at the edge
			// of their view) draw it standing too.
			if vel.X != 0 || vel.Z != 0 {
				vel.X, vel.Z = 0, 0
			}
			continue
		}
		if !s.recheck && atRest(m, vel) {
			continue
		}
		s.items = append(s.items, simItem{e: q.Entity(), pos: pos, vel: vel, body: body, m: m, h: h, from: *pos})
	}
	for len(s.workers) < s.par.Workers() {
		s.workers = append(s.workers, simWorker{})
	}
	for i := range s.workers {
		w := &s.workers[i]
		w.reader.Reset(s.store) // regions may have come and gone since
		w.world.Reset(&w.reader)
	}
	s.par.For(len(s.items), simGrain, func(worker, lo, hi int) {
		w := &s.workers[worker]
		for i := lo; i < hi; i++ {
			it := &s.items[i]
			it.moved = s.step(&w.world, it.pos, it.vel, it.body, it.m, dt)
		}
	})
	for i := range s.items {
		it := &s.items[i]
		if to := columnOf(*it.pos); it.moved && !s.reg.moved(it.e, it.h, to) && !s.reg.handOver(it.e, to) {
			// Into a column another server simulates, with no one to
			// hand it to: a wall.
			*it.pos = it.from
			it.vel.X, it.vel.Z = 0, 0
			it.m.Blocked = true
		}
		if it.m.Frozen {
			frozen++
		}
	}
	clear(s.items) // drop the pointers into the world's storage
	s.reg.stats.Frozen, s.reg.stats.Asleep = frozen, asleep
}

// atRest reports whether an entity stands on the ground with nothing to
// do: unless a block changed, it stays as it is.
func atRest(m *Motion, vel *components.Velocity) bool {
	return m.OnGround && !m.Jump && !m.Frozen && m.WalkX == 0 && m.WalkZ == 0 && *vel == components.Velocity{}
}

// step advances one entity by dt and reports whether it moved.
func (s *simulation) step(world *physics.Sections, pos *components.Position, vel *components.Velocity, body *Body, m *Motion, dt float64) bool {
	m.Blocked = false
	box := body.Box(*pos)
	// Velocity: the AI's wish, friction, a jump, gravity.
	f := airFriction
	if m.OnGround {
		f = groundFriction
	}
	vx := m.WalkX + (vel.X-m.WalkX)*f
	vz := m.WalkZ + (vel.Z-m.WalkZ)*f
	if math.Abs(vx) < 1e-4 {
		vx = 0
	}
	if math.Abs(vz) < 1e-4 {
		vz = 0
	}
	vy := vel.Y
	jump := m.Jump && m.OnGround
	m.Jump = false
	if jump {
		vy = s.cfg.JumpSpeed
	}
	if !s.recheck && !m.Frozen && m.OnGround && !jump && vy <= 0 && (vel.X != 0 || vel.Z != 0) {
		// Walking on: a box that stays within the same blocks meets no
		// new wall and keeps the same ground, unless a block changed or
		// terrain around it left. (It moved last tick, so it was
		// checked then, or walked on like this from a tick that was.)
		d := physics.Vec{X: vx * dt, Z: vz * dt}
		if next := box.Offset(d); sameCells(box, next) && !s.nearEvicted(next) {
			*vel = components.Velocity{X: vx, Z: vz}
			if d == (physics.Vec{}) {
				return false
			}
			pos.X, pos.Z = pos.X+d.X, pos.Z+d.Z
			return true
		}
	}
	if _, ok := world.Section(pos.Section()); !ok {
		m.Frozen = true
		return false
	}
	var moved physics.Vec
	ground := false
	if m.OnGround && !jump && vy <= 0 {
		// Standing: the ground under it either still holds it (no
		// vertical move: most entities, most ticks) or is gone, and it
		// falls like any other.
		blocked, unknown := physics.Overlap(world, physics.AABB{
			Min: physics.Vec{X: box.Min.X, Y: box.Min.Y - 0.01, Z: box.Min.Z},
			Max: physics.Vec{X: box.Max.X, Y: box.Min.Y, Z: box.Max.Z},
		})
		if unknown {
			m.Frozen = true
			return false
		}
		ground, vy = blocked, 0
	}
	if !ground {
		vy = max(vy-s.cfg.Gravity*dt, -s.cfg.FallSpeed)
		dy := vy * dt
		t, unknown := reach(world, box, physics.Vec{Y: dy})
		if unknown {
			m.Frozen = true
			return false
		}
		moved.Y = dy * t
		if t < 1 {
			ground = vy < 0
			vy = 0
		}
		box = box.Offset(physics.Vec{Y: moved.Y})
	}
	if vx != 0 || vz != 0 {
		d := physics.Vec{X: vx * dt, Z: vz * dt}
		blocked, unknown := physics.Sweep(world, box, d)
		if unknown {
			m.Frozen = true
			return false
		}
		if !blocked {
			moved.X, moved.Z = d.X, d.Z
		} else {
			// Slide: each axis as far as it goes.
			for axis, v := range [2]*float64{&vx, &vz} {
				step := physics.Vec{X: *v * dt}
				if axis == 1 {
					step = physics.Vec{Z: *v * dt}
				}
				if *v == 0 {
					continue
				}
				t, unknown := reach(world, box, step)
				if unknown {
					m.Frozen = true
					return false
				}
				if t < 1 {
					*v, m.Blocked = 0, true
				}
				off := step.Scale(t)
				box = box.Offset(off)
				moved = moved.Add(off)
			}
		}
	}
	m.Frozen = false
	m.OnGround = ground
	*vel = components.Velocity{X: vx, Y: vy, Z: vz}
	if moved == (physics.Vec{}) {
		return false
	}
	*pos = components.Position{X: pos.X + moved.X, Y: pos.Y + moved.Y, Z: pos.Z + moved.Z}
	return true
}

// reach returns the largest share t in [0, 1] of the move d the box can
// make without entering a solid block (to 1/256 of the move), and whether
// the move touches unknown terrain.
func reach(world *physics.Sections, box physics.AABB, d physics.Vec) (float64, bool) {
	blocked, unknown := physics.Sweep(world, box, d)
	if unknown {
		return 0, true
	}
	if !blocked {
		return 1, false
	}
	lo, hi := 0.0, 1.0
	for range 8 {
		mid := (lo + hi) / 2
		if b, u := physics.Sweep(world, box, d.Scale(mid)); b || u {
			hi = mid
		} else {
			lo = mid
		}
	}
	return lo, false
}

// edgeTol is how close to a block boundary a box's face may be for
// sameCells to call its block unambiguous (the physics rules shrink boxes
// by far less).
const edgeTol = 1e-6

// sameCells reports whether boxes a and b overlap exactly the same blocks
// along X and Z, with no face of either within edgeTol of a block
// boundary.
func sameCells(a, b physics.AABB) bool {
	return sameCell(a.Min.X, b.Min.X) && sameCell(a.Max.X, b.Max.X) && sameCell(a.Min.Z, b.Min.Z) && sameCell(a.Max.Z, b.Max.Z)
}

// sameCell reports whether u±edgeTol and v±edgeTol all lie in one block:
// floor(u-edgeTol) names it, and the other three are within [c, c+1)
// (one Floor rather than four; the walking fast path asks it four times
// per entity per tick).
func sameCell(u, v float64) bool {
	c := math.Floor(u - edgeTol)
	return u+edgeTol < c+1 && v-edgeTol >= c && v+edgeTol < c+1
}

// nearEvicted reports whether any section box touches, or the one under
// it, may have been evicted since the last run.
func (s *simulation) nearEvicted(box physics.AABB) bool {
	lo := chunk.PosOfFloat(box.Min.X, box.Min.Y-1, box.Min.Z)
	hi := chunk.PosOfFloat(box.Max.X, box.Max.Y, box.Max.Z)
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				h := sectionHash(chunk.Pos{X: x, Y: y, Z: z})
				if s.evicted[h>>6%uint64(len(s.evicted))]&(1<<(h&63)) != 0 {
					return true
				}
			}
		}
	}
	return false
}

func sectionHash(p chunk.Pos) uint64 {
	h := uint64(uint32(p.X))*0x9e3779b97f4a7c15 ^ uint64(uint32(p.Z))*0xc2b2ae3d27d4eb4f ^ uint64(uint32(p.Y))*0x165667b19e3779f9
	return h ^ h>>29
}
