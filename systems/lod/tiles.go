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
	tiles   []pyramid.Pos // levels ≥ 1, by pyramid.Compare
	order   []pyramid.Pos // the same, nearest on screen first
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

// compute fills in j's tiles and their order.
func (j *tilesJob) compute() {
	all := j.view.Tiles(nil)
	i, _ := slices.BinarySearchFunc(all, 1, func(p pyramid.Pos, l int) int { return int(p.Level) - l })
	j.tiles = all[i:]
	j.order = slices.Clone(j.tiles)
	eye := j.eye
	slices.SortStableFunc(j.order, func(a, b pyramid.Pos) int {
		return cmp.Compare(pyramid.Priority(eye, a), pyramid.Priority(eye, b))
	})
}

// request asks for v's tiling as its view is now.
func (t *tiler) request(v *viewer) {
	j := tilesJob{id: v.id, gen: v.gen + 1, view: v.view, eye: v.eye}
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
		v.tiles, v.order, v.changed = j.tiles, j.order, true
		h.set.Set(v.id, v.tiles)
	}
}
