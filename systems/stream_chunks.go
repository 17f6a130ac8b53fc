package systems

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
)

// streamSystem maintains the desired set from every entity's View. Each
// view is tracked under its entity, so a view that did not change costs a
// map lookup, a view that moved costs the difference of its two cylinders,
// and a view whose entity was despawned (or lost its View) is released by
// the sweep at the end.
type streamSystem struct {
	filter  *generic.Filter1[components.View]
	desired *resources.Desired
}

func newStreamSystem(d *resources.Desired) *streamSystem {
	return &streamSystem{filter: generic.NewFilter1[components.View](), desired: d}
}

func (s *streamSystem) run(ctx *ecs.Context) {
	q := s.filter.Query(ctx.World)
	for q.Next() {
		v := q.Get()
		s.desired.Set(viewKey(q.Entity()), cylinderOf(*v))
	}
	s.desired.Sweep()
}

// viewKey identifies an entity's view in the desired set; the generation
// makes a recycled entity ID a different view.
func viewKey(e ecs.Entity) uint64 { return uint64(e.ID())<<32 | uint64(e.Generation()) }

// cylinderOf converts a View to the desired set's shape.
func cylinderOf(v components.View) resources.Cylinder {
	return resources.Cylinder{Center: v.Center, Radius: v.Radius, Pad: v.Pad}
}
