package lod

import (
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/residency"
)

// viewer is one client's horizon: its rings (levels 1..Levels) and what
// it was sent of them.
type viewer struct {
	id     uint64
	entity ecs.Entity
	conn   components.Conn
	levels int // granted levels
	// asked is the client's last Subscribe.lod_levels (0: the default).
	asked int
	view  pyramid.View
	eye   chunk.Pos
	seen  uint64 // tick it was last seen alive
	// tiles is the view's LOD tiles (levels ≥ 1), sorted by
	// pyramid.Compare; changed is set when they change, until
	// lod_deliver has diffed them against held.
	tiles   []pyramid.Pos
	changed bool
	// removed and added are what the tiles lost and gained since
	// lod_deliver last looked (added nearest on screen first).
	removed, added []pyramid.Pos
	// gen counts tiling requests; a result of an older one is dropped.
	// stale is set while the view moved since its last request went out.
	gen     uint64
	stale   bool
	held    map[pyramid.Pos]uint64
	pending []pyramid.Pos
}

// viewsSystem is lod_views: it grants each LOD client its levels, follows
// its position with per-level hysteresis, and when a ring moves has its
// tiles recomputed (off the tick, by the tiles goroutine; inline in
// deterministic mode), replacing them in the union once they come back.
// A recentre costs the tick a merge of two sorted lists; the tiling
// itself (about a millisecond at view 8 and 7 levels) runs beside it.
type viewsSystem struct {
	h          *Horizon
	subscribed *ecs.Events[network.Subscribed]
	filter     *generic.Filter4[components.Player, components.Position, components.Follow, components.Connection]
	ids        []uint64
}

func addViews(app *ecs.App, h *Horizon) {
	s := &viewsSystem{
		h: h, subscribed: ecs.AddEvents[network.Subscribed](app),
		filter: generic.NewFilter4[components.Player, components.Position, components.Follow, components.Connection](),
	}
	app.AddSystem(ecs.Stream, SystemViews, s.run, ecs.After(residency.SystemFollowViews))
}

func (s *viewsSystem) run(ctx *ecs.Context) {
	h := s.h
	for _, ev := range s.subscribed.Items() {
		if v, ok := h.viewers[ev.From.ID]; ok {
			v.asked = int(ev.Msg.GetLodLevels())
		} else if ev.From.Conn != nil && ev.From.Conn.HasFeature(protocol.FeatureLOD) {
			// Not seen yet (joined this tick): remembered below.
			v := h.newViewer(ev.From.ID, ev.From.Entity, ev.From.Conn)
			v.asked = int(ev.Msg.GetLodLevels())
		}
	}
	q := s.filter.Query(ctx.World)
	for q.Next() {
		p, pos, follow, conn := q.Get()
		if conn.Conn == nil || !conn.Conn.HasFeature(protocol.FeatureLOD) {
			continue
		}
		v, ok := h.viewers[p.ID]
		if !ok {
			v = h.newViewer(p.ID, q.Entity(), conn.Conn)
		}
		v.seen, v.entity, v.conn = ctx.Tick+1, q.Entity(), conn.Conn
		v.eye = pos.Section()
		levels := h.cfg.DefaultLevels
		if v.asked > 0 {
			levels = min(v.asked, h.cfg.MaxLevels)
		}
		radius, pad := follow.Radius, max(follow.Slack, 1)-1
		switch {
		case v.changedShape(radius, pad, levels) || v.gen == 0:
			v.view = pyramid.NewView(v.eye, radius, pad, levels)
			v.view.Inward = true
			v.levels = levels
			v.stale = true
		case v.view.Follow(v.eye, h.cfg.Slack) != 0:
			v.stale = true
		}
		if v.stale {
			h.tiles.request(v)
		}
	}
	// Viewers gone (left, or lost the feature's entity): forget them.
	s.ids = s.ids[:0]
	for id, v := range h.viewers {
		if v.seen != ctx.Tick+1 {
			s.ids = append(s.ids, id)
		}
	}
	slices.Sort(s.ids)
	for _, id := range s.ids {
		h.set.Remove(id)
		delete(h.viewers, id)
	}
	h.tiles.apply(h)
	h.Stats.Views.Store(int64(len(h.viewers)))
}

// newViewer tracks client id.
func (h *Horizon) newViewer(id uint64, e ecs.Entity, conn components.Conn) *viewer {
	v := &viewer{id: id, entity: e, conn: conn, held: map[pyramid.Pos]uint64{}}
	h.viewers[id] = v
	return v
}

// changedShape reports whether the view's radius, pad or levels differ
// from what its tiles were computed for.
func (v *viewer) changedShape(radius, pad, levels int) bool {
	return v.view.Radius != radius || v.view.Pad != pad || v.view.Levels != levels
}
