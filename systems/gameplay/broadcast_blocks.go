package gameplay

import (
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// viewCell is the cell size, in sections, of the grid of view centres the
// broadcast_blocks system finds a section's holders with.
const viewCell = 4

// blockUpdateSystem sends every edit not yet broadcast, as a BlockUpdate,
// to each client that holds the edited section (Delivery.Held) at an older
// revision, and records the new revision as held. It runs after deliver,
// so a section sent whole this tick (already at the new revision) gets no
// redundant update.
type blockUpdateSystem struct {
	edits   *Edits
	stats   *BroadcastStats
	filter  *generic.Filter3[components.Connection, components.Delivery, components.View]
	clients []blockClient
	views   []components.View
	grid    *cellGrid
	order   []int32
	enc     []wire.Encoded
}

func newBlockUpdates(edits *Edits, stats *BroadcastStats) *blockUpdateSystem {
	return &blockUpdateSystem{edits: edits, stats: stats, filter: generic.NewFilter3[components.Connection, components.Delivery, components.View](), grid: newCellGrid()}
}

func (s *blockUpdateSystem) run(ctx *ecs.Context) {
	list := s.edits.List()
	if len(list) == 0 {
		return
	}
	defer s.edits.reset()
	// Each update is encoded once and shared by every client that gets it.
	s.enc = s.enc[:0]
	for _, e := range list {
		enc, err := wire.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{
			Pos: protocol.BP(int32(e.X), int32(e.Y), int32(e.Z)), Block: uint32(e.Block), Revision: e.Revision,
		}}})
		if err != nil {
			panic(err) // a BlockUpdate is a few dozen bytes: cannot exceed the cap
		}
		s.enc = append(s.enc, enc)
	}
	s.grid.reset()
	s.clients, s.views = s.clients[:0], s.views[:0]
	reach := int32(0)
	q := s.filter.Query(ctx.World)
	for q.Next() {
		c, d, v := q.Get()
		if c.Conn == nil || d.Held.Len() == 0 {
			continue
		}
		s.grid.add(cellKey{floorDivI(v.Center.X, viewCell), floorDivI(v.Center.Z, viewCell)}, int32(len(s.clients)))
		s.clients = append(s.clients, blockClient{c.Conn, d})
		s.views = append(s.views, *v)
		reach = max(reach, int32(v.Radius+v.Pad+1))
	}
	// Edits grouped by section, in section order, each group in the order
	// the edits were made (revision order).
	s.order = s.order[:0]
	for i := range list {
		s.order = append(s.order, int32(i))
	}
	slices.SortStableFunc(s.order, func(a, b int32) int { return chunk.ComparePos(list[a].Section(), list[b].Section()) })
	for i := 0; i < len(s.order); {
		sec := list[s.order[i]].Section()
		j := i + 1
		for j < len(s.order) && list[s.order[j]].Section() == sec {
			j++
		}
		group := s.order[i:j]
		i = j
		for cx := floorDivI(sec.X-reach, viewCell); cx <= floorDivI(sec.X+reach, viewCell); cx++ {
			for cz := floorDivI(sec.Z-reach, viewCell); cz <= floorDivI(sec.Z+reach, viewCell); cz++ {
				for _, ci := range s.grid.get(cellKey{cx, cz}) {
					// The view test is arithmetic; the Sent lookup is a
					// cache miss in one of thousands of maps. (A section
					// outside the view whose Drop is still to be sent
					// goes stale until then, and is forgotten anyway.)
					if !s.views[ci].Contains(sec) {
						continue
					}
					st := s.clients[ci]
					held, ok := st.d.Held.Get(sec)
					if !ok {
						continue
					}
					newest := held
					for _, k := range group {
						if rev := list[k].Revision; rev > held {
							st.conn.SendEncoded(s.enc[k])
							s.stats.BlockUpdates++
							newest = max(newest, rev)
						}
					}
					st.d.Held.Set(sec, newest)
				}
			}
		}
	}
}

// blockClient is a client that holds sections: its connection and the
// delivery state whose held revisions the updates advance.
type blockClient struct {
	conn components.Conn
	d    *components.Delivery
}

// floorDivI divides a by b (> 0) rounding towards negative infinity.
func floorDivI(a, b int32) int32 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// rosterQueueRoom is the control queue length up to which the roster
// system fills a newcomer's queue; the transport's default cap is 1,024,
