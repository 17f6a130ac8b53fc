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
func (p *Plugin) KeepsEntities(x, z int32) bool { return p.c.Leased(columnRegion(x, z)) }

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

// interestCell is the grain, in section columns, of the area around other
// shards' players whose entities are published: coarse, since each
// receiving client's view decides what it is sent.
const interestCell = 4

// interestEvery is how often, in ticks, the area is computed again: the
// players walk a few blocks meanwhile, well inside a cell.
const interestEvery = 10

// nearbyEntities finds the entities this shard simulates within range
// sections of the other shards' players.
type nearbyEntities struct {
	reg    *entities.Registry
	rng    int32
	cells  map[[2]int32]struct{}
	around []components.Position
	// simulated: the plugin entities here (mirrors, players and other
	// shards' players are not this shard's to publish).
	simulated *generic.Filter5[entities.Replicated, components.Position, components.Look, entities.Body, entities.Attributes]
}

func newNearbyEntities(reg *entities.Registry, rng int) nearbyEntities {
	return nearbyEntities{
		reg: reg, rng: int32(rng), cells: map[[2]int32]struct{}{},
		simulated: generic.NewFilter5[entities.Replicated, components.Position, components.Look, entities.Body, entities.Attributes]().
			Without(generic.T[components.Player](), generic.T[mirror](), generic.T[remotePlayer]()),
	}
}

// collect returns the states of the entities near the other shards'
// players, appended to dst[:0]. The area is the cells within range of
// their positions, computed every interestEvery ticks; the entities are
// looked at one by one, each against it (a shard simulates some hundreds
// or thousands, the area may hold tens of thousands of columns).
func (n *nearbyEntities) collect(ctx *ecs.Context, remote *remotePlayers, dst []entityState) []entityState {
	dst = dst[:0]
	if ctx.Tick%interestEvery == 0 || len(n.around) != remote.len() {
		n.around = remote.appendPositions(ctx.World, n.around[:0])
		clear(n.cells)
		r := (n.rng + interestCell - 1) / interestCell
		for _, pos := range n.around {
			s := pos.Section()
			cx, cz := floorDiv(s.X, interestCell), floorDiv(s.Z, interestCell)
			for x := cx - r; x <= cx+r; x++ {
				for z := cz - r; z <= cz+r; z++ {
					n.cells[[2]int32{x, z}] = struct{}{}
				}
			}
		}
	}
	if len(n.cells) == 0 || n.reg.Len() == 0 {
		return dst
	}
	q := n.simulated.Query(ctx.World)
	for q.Next() {
		rep, pos, look, body, attrs := q.Get()
		s := pos.Section()
		if _, ok := n.cells[[2]int32{floorDiv(s.X, interestCell), floorDiv(s.Z, interestCell)}]; !ok {
			continue
		}
		dst = append(dst, entityState{ID: rep.ID, Kind: rep.Kind, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch,
			Width: body.Width, Height: body.Height, Attrs: attrs.List})
	}
	return dst
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
