package residency

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
)

// desiredSystem (stream_chunks) maintains the desired set from every entity's View. Each
// view is tracked under its entity, so a view that did not change costs a
// map lookup, a view that moved costs the difference of its two cylinders,
// and a view whose entity was despawned (or lost its View) is released by
// the sweep at the end.
type desiredSystem struct {
	filter  *generic.Filter1[components.View]
	desired *resources.Desired
}

func newDesiredSystem(d *resources.Desired) *desiredSystem {
	return &desiredSystem{filter: generic.NewFilter1[components.View](), desired: d}
}

func (s *desiredSystem) run(ctx *ecs.Context) {
	q := s.filter.Query(ctx.World)
	for q.Next() {
		v := q.Get()
		s.desired.Set(viewKey(q.Entity()), *v)
	}
	s.desired.Sweep()
}

// viewKey identifies an entity's view in the desired set; the generation
// makes a recycled entity ID a different view.
func viewKey(e ecs.Entity) uint64 { return uint64(e.ID())<<32 | uint64(e.Generation()) }
