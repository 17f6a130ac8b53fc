package critters

import (
	"cmp"
	"math"
	"slices"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/entities"
)

// A critter no player can see sleeps: no AI, no motion (the entities
// plugin's simulation skips an entity its AI marks Motion.Asleep). Every
// critter looks on the ticks that are multiples of wakeEvery, against
// where the players stand then: the decision depends on that tick alone,
// so a replay that starts anywhere makes the same ones. wakeMargin covers
// the entities plugin's hysteresis (a client keeps an entity up to 16
// blocks beyond its view) and the wakeEvery ticks a player moves before
// the next look: one walking or flying towards a sleeping critter finds
// it awake.
const (
	wakeEvery  = 10
	wakeMargin = 48.0
)

// watcher is a player that keeps the critters near it awake, and how
// near, in blocks.
type watcher struct {
	x, z, reach float64
	cell        [2]int32
}

// watchers holds, on a tick critters look, the players and how far each
// one keeps critters awake, in cells of the widest reach: a critter looks
// in the 3×3 cells around its own.
type watchers struct {
	radius int                                                        // Config.WakeRadius
	filter *generic.Filter2[entities.Replicated, components.Position] // not those with Motion: players, here or shown from elsewhere
	follow *generic.Map1[components.Follow]
	world  *ecs.World
	list   []watcher
	cells  map[[2]int32][2]int32 // cell → list[from:to]
	size   float64               // a cell's side, in blocks
}

func newWatchers(radius int) *watchers {
	return &watchers{
		radius: radius,
		filter: generic.NewFilter2[entities.Replicated, components.Position]().Without(generic.T[entities.Motion]()),
		cells:  map[[2]int32][2]int32{},
	}
}

// on reports whether critters may sleep at all.
func (w *watchers) on() bool { return w.radius >= 0 }

// find lists the players of the world now: those of this server, to the
// radius of their view (or Config.WakeRadius), and other servers' players
// shown here (a cluster's), to the widest of those.
func (w *watchers) find(world *ecs.World) {
	if w.world != world {
		w.world = world
		m := generic.NewMap1[components.Follow](world)
		w.follow = &m
	}
	w.list = w.list[:0]
	widest := 0.0
	q := w.filter.Query(world)
	for q.Next() {
		rep, pos := q.Get()
		if rep.Kind != entities.KindPlayer {
			continue
		}
		reach := -1.0 // not known: the widest
		if w.radius > 0 {
			reach = float64(w.radius)
		} else if f := w.follow.Get(q.Entity()); f != nil {
			reach = float64(f.Radius*16) + wakeMargin
		}
		widest = max(widest, reach)
		w.list = append(w.list, watcher{x: pos.X, z: pos.Z, reach: reach})
	}
	if widest <= 0 {
		widest = defaultView*16 + wakeMargin
	}
	w.size = widest
	for i := range w.list {
		v := &w.list[i]
		if v.reach < 0 {
			v.reach = widest
		}
		v.cell = w.cellOf(v.x, v.z)
	}
	// By cell, each cell's watchers in a row; cells in a map to where
	// their row is.
	slices.SortFunc(w.list, func(a, b watcher) int {
		return cmp.Or(cmp.Compare(a.cell[0], b.cell[0]), cmp.Compare(a.cell[1], b.cell[1]))
	})
	clear(w.cells)
	for i := 0; i < len(w.list); {
		j := i + 1
		for j < len(w.list) && w.list[j].cell == w.list[i].cell {
			j++
		}
		w.cells[w.list[i].cell] = [2]int32{int32(i), int32(j)}
		i = j
	}
}

// defaultView is the view radius, in sections, assumed for other
// servers' players when no player here has one.
const defaultView = 8

func (w *watchers) cellOf(x, z float64) [2]int32 {
	return [2]int32{int32(math.Floor(x / w.size)), int32(math.Floor(z / w.size))}
}

// seen reports whether some watcher keeps a critter at p awake, looking
// in its own cell first (where a herd's player mostly is). It only reads,
// so the AI's workers call it at once.
func (w *watchers) seen(p components.Position) bool {
	c := w.cellOf(p.X, p.Z)
	for _, d := range [9][2]int32{{0, 0}, {-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}} {
		span, ok := w.cells[[2]int32{c[0] + d[0], c[1] + d[1]}]
		if !ok {
			continue
		}
		for _, v := range w.list[span[0]:span[1]] {
			if dx, dz := v.x-p.X, v.z-p.Z; dx*dx+dz*dz <= v.reach*v.reach {
				return true
			}
		}
	}
	return false
}
