package residency

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
)

// followSystem keeps every View with a Follow near its entity's Position,
// with hysteresis (the rule is documented on components.Follow):
//
//   - the centre moves to the entity's section only when that section is
//     Slack or more away from it (Chebyshev, vertical included);
//   - the View's Pad is Slack-1, its Radius the wanted Radius;
//   - the first centre (and the one after a change of Radius) is the
//     entity's section moved back by the Follow's Phase, less than Slack
//     sections along x and z, so within Pad: covered as below.
//
// Coverage: while the entity's section P is within Chebyshev distance
// Pad of the centre C, every section q of the wanted cylinder around P
// satisfies max(|qx-Cx|-Pad,0) ≤ |qx-Px| (and likewise for y and z), so q
// is in the padded View around C. Pacing back and forth across one border
// moves P by one, which stays within Pad = 1 of C: no recentring, no
// churn.
type followSystem struct {
	filter *generic.Filter3[components.Position, components.View, components.Follow]
}

func newFollowSystem() *followSystem {
	return &followSystem{filter: generic.NewFilter3[components.Position, components.View, components.Follow]()}
}

func (s *followSystem) run(ctx *ecs.Context) {
	q := s.filter.Query(ctx.World)
	for q.Next() {
		pos, view, f := q.Get()
		follow(pos.Section(), view, *f)
	}
}

// follow applies the hysteresis rule to one view.
func follow(at chunk.Pos, v *components.View, f components.Follow) {
	slack := max(f.Slack, 1)
	if v.Radius != f.Radius || v.Pad != slack-1 {
		v.Radius, v.Pad, v.Center = f.Radius, slack-1, at
		s := uint32(slack)
		v.Center.X -= int32(f.Phase % s)
		v.Center.Z -= int32(f.Phase / s % s)
		return
	}
	if at.Chebyshev(v.Center) >= int64(slack) {
		v.Center = at
	}
}
