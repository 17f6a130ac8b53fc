package cluster

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// The entities of a region are simulated by its owner: it alone loads,
// moves and saves them (entities.Authority). With its players, it
// publishes those near other shards' players, which the other shards show
// as mirrors: entities with what replicate_entities sends, and nothing
// that would simulate or save them.

// LoadsEntities reports whether this shard arbitrates column (x, z)'s
// region: it holds the lease and has refreshed the region since it took
// it, so the entity records it would load are current.
func (p *Plugin) LoadsEntities(x, z int32) bool { return p.arbitrates(columnRegion(x, z)) }

// KeepsEntities reports whether column (x, z)'s region is still this
// shard's lease, fresh or not: only a lost lease drops its entities.
func (p *Plugin) KeepsEntities(x, z int32) bool { return p.c.Leases.Leased(columnRegion(x, z)) }

func columnRegion(x, z int32) rcluster.Region {
	return rcluster.Region{X: x >> storage.RegionShift, Z: z >> storage.RegionShift}
}

// entityState is one entity a shard simulates, as its presence carries it.
type entityState struct {
	ID     uint64               `json:"id"`
	Kind   string               `json:"kind"`
	X      float64              `json:"x"`
	Y      float64              `json:"y"`
	Z      float64              `json:"z"`
	Yaw    float32              `json:"yaw"`
	Pitch  float32              `json:"pitch"`
	Width  float64              `json:"w"`
	Height float64              `json:"h"`
	Attrs  []entities.Attribute `json:"attrs,omitempty"`
}

// interestCell is the grain, in section columns, of a shard's interest
// (the cells its players stand in) and of the area around it that the
// other shards publish to it: coarse, since each receiving client's view
// decides what it is sent.
const interestCell = 4

// nearbyEntities finds the entities this shard simulates near the other
// shards' players.
type nearbyEntities struct {
	reg *entities.Registry
	// simulated: the plugin entities here (mirrors, players and other
	// shards' players are not this shard's to publish).
	simulated *generic.Filter5[entities.Replicated, components.Position, components.Look, entities.Body, entities.Attributes]
}

func newNearbyEntities(reg *entities.Registry) nearbyEntities {
	return nearbyEntities{
		reg: reg,
		simulated: generic.NewFilter5[entities.Replicated, components.Position, components.Look, entities.Body, entities.Attributes]().
			Without(generic.T[components.Player](), generic.T[mirror](), generic.T[remotePlayer]()),
	}
}

// collect appends to dst[:0] the states of the entities within some
// other shard's interest (remotePlayers.wantedBy), and to masks[:0] the
// receivers that want each. The entities are looked at one by one (a
// shard simulates some hundreds or thousands, the area may hold tens of
// thousands of columns).
func (n *nearbyEntities) collect(ctx *ecs.Context, remote *remotePlayers, dst []entityState, masks []uint64) ([]entityState, []uint64) {
	dst, masks = dst[:0], masks[:0]
	if n.reg.Len() == 0 {
		return dst, masks
	}
	q := n.simulated.Query(ctx.World)
	for q.Next() {
		rep, pos, look, body, attrs := q.Get()
		s := pos.Section()
		mask := remote.wantedBy(s.X, s.Z)
		if mask == 0 {
			continue
		}
		dst = append(dst, entityState{ID: rep.ID, Kind: rep.Kind, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch,
			Width: body.Width, Height: body.Height, Attrs: attrs.List})
		masks = append(masks, mask)
	}
	return dst, masks
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
