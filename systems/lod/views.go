package lod

import (
	"slices"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/systems/network"
)

// viewer is one client's horizon, the planner's: its rings (levels
// 1..Levels) and what it was sent of them.
type viewer struct {
	id     uint64
	conn   components.Conn
	levels int // granted levels
	view   pyramid.View
	eye    chunk.Pos
	seen   uint64 // the planner's step it was last in a hand-over
	// level0Pending: level-0 sections of its view are still to send.
	level0Pending bool
	// tiles is the view's LOD tiles (levels ≥ 1), sorted by
	// pyramid.Compare; changed is set when they change, until delivery
	// has diffed them against held.
	tiles   []pyramid.Pos
	tiled   bool
	changed bool
	// removed and added are what the tiles lost and gained since
	// delivery last looked (added nearest on screen first).
	removed, added []pyramid.Pos
	held           map[pyramid.Pos]uint64
	pending        []pyramid.Pos
	// since is when a moving ring added each section not yet queued to
	// the client (not the first horizon's: that is the join's time to a
	// whole horizon, measured by the client).
	since map[pyramid.Pos]time.Time
}

// handoffSystem is lod_handoff: a query and a loop. It copies each LOD
// client's section, view radius and hysteresis, granted levels and
// whether level 0 still has sections to send it, and hands them with the
// tick's edits to the planner.
type handoffSystem struct {
	h          *Horizon
	subscribed *ecs.Events[network.Subscribed]
	filter     *generic.Filter4[components.Player, components.Position, components.Follow, components.Connection]
	delivery   generic.Map1[components.Delivery]
	world      *ecs.World
	// asked is each client's last Subscribe.lod_levels (0: the default)
	// and the tick it was last seen, to forget those gone.
	asked map[uint64]askedLevels
	views []viewIn
	edits *editsSystem
}

type askedLevels struct {
	levels int
	seen   uint64
}

// askedTTL is how many ticks a client's asked levels outlive its last
// sighting: its Subscribe may come a tick before its entity can be
// queried.
const askedTTL = 200

func addHandoff(app *ecs.App, h *Horizon, edits *editsSystem) {
	s := &handoffSystem{
		h: h, subscribed: ecs.AddEvents[network.Subscribed](app), edits: edits,
		filter: generic.NewFilter4[components.Player, components.Position, components.Follow, components.Connection](),
		asked:  map[uint64]askedLevels{},
	}
	app.AddSystem(ecs.Deliver, SystemHandoff, s.run, ecs.After(network.SystemDeliver), ecs.After(SystemEdits))
}

func (s *handoffSystem) run(ctx *ecs.Context) {
	h := s.h
	if s.world != ctx.World {
		s.world, s.delivery = ctx.World, generic.NewMap1[components.Delivery](ctx.World)
	}
	for _, ev := range s.subscribed.Items() {
		if ev.From.Conn != nil && ev.From.Conn.HasFeature(protocol.FeatureLOD) {
			s.asked[ev.From.ID] = askedLevels{levels: int(ev.Msg.GetLodLevels()), seen: ctx.Tick}
		}
	}
	s.views = s.views[:0]
	q := s.filter.Query(ctx.World)
	for q.Next() {
		p, pos, follow, conn := q.Get()
		if conn.Conn == nil || !conn.Conn.HasFeature(protocol.FeatureLOD) {
			continue
		}
		levels := h.cfg.DefaultLevels
		if a, ok := s.asked[p.ID]; ok {
			if a.levels > 0 {
				levels = min(a.levels, h.cfg.MaxLevels)
			}
			s.asked[p.ID] = askedLevels{levels: a.levels, seen: ctx.Tick}
		}
		v := viewIn{
			id: p.ID, conn: conn.Conn, eye: pos.Section(), levels: levels,
			radius: follow.Radius, pad: max(follow.Slack, 1) - 1,
		}
		if d := s.delivery.Get(q.Entity()); d != nil {
			v.level0Pending = d.Pending.Len() > 0
		}
		s.views = append(s.views, v)
	}
	for id, a := range s.asked {
		if ctx.Tick-a.seen > askedTTL {
			delete(s.asked, id)
		}
	}
	// The query's order is the world's; the planner's is by id.
	slices.SortFunc(s.views, func(a, b viewIn) int { return compareID(a.id, b.id) })
	h.hand(time.Now(), s.views, s.edits.take())
}

func compareID(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// follow is the planner's step for the views: it grants each client its
// levels, follows its position with per-level hysteresis, recomputes its
// tiles when a ring moves and applies the change to the union, and
// forgets the clients no longer handed over.
func (h *Horizon) follow(in *input) {
	for i := range in.views {
		vi := &in.views[i]
		v, ok := h.viewers[vi.id]
		if !ok {
			v = &viewer{id: vi.id, held: map[pyramid.Pos]uint64{}, since: map[pyramid.Pos]time.Time{}}
			h.viewers[vi.id] = v
		}
		v.seen, v.conn, v.eye, v.level0Pending = h.step, vi.conn, vi.eye, vi.level0Pending
		moved := false
		switch {
		case !v.tiled || v.view.Radius != vi.radius || v.view.Pad != vi.pad || v.view.Levels != vi.levels:
			v.view = pyramid.NewView(v.eye, vi.radius, vi.pad, vi.levels)
			v.view.Inward = true
			v.levels = vi.levels
			moved = true
		case v.view.Follow(v.eye, h.cfg.Slack) != 0:
			moved = true
		}
		if moved {
			h.retile(v, in.at)
		}
	}
	// Viewers gone (left, or lost the feature's entity): forget them, in
	// id order so that the union's change lists come in one order.
	h.ids = h.ids[:0]
	for id, v := range h.viewers {
		if v.seen != h.step {
			h.ids = append(h.ids, id)
		}
	}
	slices.Sort(h.ids)
	for _, id := range h.ids {
		h.set.Remove(id)
		delete(h.viewers, id)
	}
	h.Stats.Views.Store(int64(len(h.viewers)))
	h.Stats.Wanted.Store(int64(h.set.Len()))
}

// retile replaces v's tiles with its view's as it is now: the difference
// goes to the union and to v's lists for delivery, and what a ring added
// is timed from at (Stats' staleness) — unless the view jumped (a join,
// a teleport: more than half its tiles new), which is a new horizon to
// fill, not rings to keep up.
func (h *Horizon) retile(v *viewer, at time.Time) {
	j := tilesJob{view: v.view, eye: v.eye, old: v.tiles}
	j.compute()
	v.tiles, v.tiled, v.changed = j.tiles, true, true
	v.removed, v.added = append(v.removed, j.removed...), append(v.added, j.added...)
	h.set.Change(v.id, v.tiles, j.removed, j.added)
	if 2*len(j.added) <= len(j.tiles) {
		for _, p := range j.added {
			if _, ok := v.since[p]; !ok {
				v.since[p] = at
			}
		}
	}
}
