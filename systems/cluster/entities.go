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

// nearbyEntities finds the entities this shard simulates within range
// sections of the other shards' players.
type nearbyEntities struct {
	reg   *entities.Registry
	rng   int32
	cells map[[2]int32]struct{}
	found []ecs.Entity
	state generic.Map4[entities.Replicated, components.Position, components.Look, entities.Body]
	attrs generic.Map[entities.Attributes]
	init  bool
}

// collect returns the states of the entities near any of the remote
// players' positions, appended to dst[:0].
func (n *nearbyEntities) collect(w *ecs.World, remote []components.Position, dst []entityState) []entityState {
	dst = dst[:0]
	if n.reg == nil || len(remote) == 0 {
		return dst
	}
	if !n.init {
		n.state = generic.NewMap4[entities.Replicated, components.Position, components.Look, entities.Body](w)
		n.attrs = generic.NewMap[entities.Attributes](w)
		n.init = true
	}
	clear(n.cells)
	r := (n.rng + interestCell - 1) / interestCell
	for _, pos := range remote {
		s := pos.Section()
		cx, cz := floorDiv(s.X, interestCell), floorDiv(s.Z, interestCell)
		for x := cx - r; x <= cx+r; x++ {
			for z := cz - r; z <= cz+r; z++ {
				n.cells[[2]int32{x, z}] = struct{}{}
			}
		}
	}
	n.found = n.found[:0]
	for c := range n.cells {
		for x := c[0] * interestCell; x < (c[0]+1)*interestCell; x++ {
			for z := c[1] * interestCell; z < (c[1]+1)*interestCell; z++ {
				n.found = n.reg.AppendColumn(n.found, x, z)
			}
		}
	}
	for _, e := range n.found {
		if !w.Alive(e) {
			continue
		}
		rep, pos, look, body := n.state.Get(e)
		if rep == nil || pos == nil || look == nil || body == nil {
			continue
		}
		st := entityState{ID: rep.ID, Kind: rep.Kind, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch, Width: body.Width, Height: body.Height}
		if n.attrs.Has(e) {
			st.Attrs = n.attrs.Get(e).List
		}
		dst = append(dst, st)
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
