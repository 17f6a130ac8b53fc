package entities

import (
	"math"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/systems/physics"
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
	cfg    Config
	store  *resources.ChunkStore
	reg    *Registry
	world  physics.Sections
	filter *generic.Filter6[components.Position, components.Velocity, Body, Motion, home, Replicated]
}

func newSimulation(cfg Config, store *resources.ChunkStore, reg *Registry) *simulation {
	return &simulation{
		cfg: cfg, store: store, reg: reg,
		filter: generic.NewFilter6[components.Position, components.Velocity, Body, Motion, home, Replicated](),
	}
}

func (s *simulation) run(ctx *ecs.Context) {
	s.world.Reset(s.store)
	dt := 1 / s.cfg.TPS
	frozen := 0
	q := s.filter.Query(ctx.World)
	for q.Next() {
		pos, vel, body, m, h, _ := q.Get()
		if s.step(pos, vel, body, m, dt) {
			s.reg.moved(q.Entity(), h, columnOf(*pos))
		}
		if m.Frozen {
			frozen++
		}
	}
	s.reg.stats.Frozen = frozen
}

// step advances one entity by dt and reports whether it moved.
func (s *simulation) step(pos *components.Position, vel *components.Velocity, body *Body, m *Motion, dt float64) bool {
	m.Blocked = false
	if !s.store.Has(pos.Section()) {
		m.Frozen = true
		return false
	}
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
	var moved physics.Vec
	ground := false
	if m.OnGround && !jump && vy <= 0 {
		// Standing: the ground under it either still holds it (no
		// vertical move: most entities, most ticks) or is gone, and it
		// falls like any other.
		blocked, unknown := physics.Overlap(&s.world, physics.AABB{
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
		t, unknown := s.reach(box, physics.Vec{Y: dy})
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
		blocked, unknown := physics.Sweep(&s.world, box, d)
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
				t, unknown := s.reach(box, step)
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
func (s *simulation) reach(box physics.AABB, d physics.Vec) (float64, bool) {
	blocked, unknown := physics.Sweep(&s.world, box, d)
	if unknown {
		return 0, true
	}
	if !blocked {
		return 1, false
	}
	lo, hi := 0.0, 1.0
	for range 8 {
		mid := (lo + hi) / 2
		if b, u := physics.Sweep(&s.world, box, d.Scale(mid)); b || u {
			hi = mid
		} else {
			lo = mid
		}
	}
	return lo, false
}
