package lod

import (
	"cmp"
	"slices"
	"sync"

	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
)

// tiler computes views' tilings off the tick: one goroutine fed by a
// bounded queue, results picked up by lod_views at its next run. In
// deterministic mode it computes inline, so that a replay sends the same
// frames at the same ticks.
type tiler struct {
	det  bool
	in   chan tilesJob
	mu   sync.Mutex
	out  []tilesJob
	wg   sync.WaitGroup
	once sync.Once
}

// tilesJob is one request and, done, its result.
type tilesJob struct {
	id, gen uint64
	view    pyramid.View
	eye     chunk.Pos
	// old is the viewer's tiles when asked (immutable), tiles the new
	// ones (levels ≥ 1, by pyramid.Compare); removed is old less tiles,
	// added tiles less old, nearest on screen first from eye.
	old, tiles, removed, added []pyramid.Pos
}

// tilesQueue bounds the requests waiting for the goroutine; a view whose
// request does not fit asks again next tick.
const tilesQueue = 256

func newTiler(det bool) *tiler {
	t := &tiler{det: det}
	if !det {
		t.in = make(chan tilesJob, tilesQueue)
		t.wg.Add(1)
		go t.run()
	}
	return t
}

func (t *tiler) run() {
	defer t.wg.Done()
	for j := range t.in {
		j.compute()
		t.mu.Lock()
		t.out = append(t.out, j)
		t.mu.Unlock()
	}
}

// stop ends the goroutine.
func (t *tiler) stop() {
	t.once.Do(func() {
		if t.in != nil {
			close(t.in)
		}
	})
	t.wg.Wait()
}

// compute fills in j's tiles and their difference from the old ones, so
// that the tick only applies a ring's change.
func (j *tilesJob) compute() {
	all := j.view.Tiles(nil)
	i, _ := slices.BinarySearchFunc(all, 1, func(p pyramid.Pos, l int) int { return int(p.Level) - l })
	j.tiles = all[i:]
	a, b := j.old, j.tiles
	var added []ranked
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && pyramid.Compare(a[0], b[0]) < 0:
			j.removed = append(j.removed, a[0])
			a = a[1:]
		case len(a) == 0 || pyramid.Compare(a[0], b[0]) > 0:
			added = append(added, ranked{pyramid.Priority(j.eye, b[0]), b[0]})
			b = b[1:]
		default:
			a, b = a[1:], b[1:]
		}
	}
	slices.SortFunc(added, compareRanked)
	j.added = make([]pyramid.Pos, len(added))
	for i, r := range added {
		j.added[i] = r.p
	}
}

// ranked is a LOD section with its priority, to sort by it without
// computing it in every comparison.
type ranked struct {
	prio uint32
	p    pyramid.Pos
}

func compareRanked(a, b ranked) int {
	return cmp.Or(cmp.Compare(a.prio, b.prio), pyramid.Compare(a.p, b.p))
}

// request asks for v's tiling as its view is now.
func (t *tiler) request(v *viewer) {
	j := tilesJob{id: v.id, gen: v.gen + 1, view: v.view, eye: v.eye, old: v.tiles}
	if t.det {
		j.compute()
		t.out = append(t.out, j)
	} else {
		select {
		case t.in <- j:
		default:
			return // full: v stays stale and asks again next tick
		}
	}
	v.gen++
	v.stale = false
}

// apply takes the tilings that came back: each replaces its viewer's
// tiles in the union, unless the viewer left or asked again since.
func (t *tiler) apply(h *Horizon) {
	t.mu.Lock()
	out := t.out
	t.out = nil
	t.mu.Unlock()
	for _, j := range out {
		v, ok := h.viewers[j.id]
		if !ok || j.gen != v.gen {
			continue
		}
		v.tiles, v.changed = j.tiles, true
		v.removed, v.added = append(v.removed, j.removed...), append(v.added, j.added...)
		h.set.Change(v.id, v.tiles, j.removed, j.added)
	}
}
