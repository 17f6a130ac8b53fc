package lod

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/worldgen"
)

// column is the missing sections of one LOD column, to build in one task.
type column struct {
	prio uint32
	ps   []pyramid.Pos
}

// jobs is the planner's step for builds: it caches the builds that
// finished, notes what the union gained and lost, dispatches the missing
// sections nearest on screen first as one pool task per LOD column (the
// column is sampled once and cut into its sections), and evicts what
// nobody wants once the cache is over its bound.
func (h *Horizon) jobs() {
	h.gen.RunTasks() // deterministic mode: the last step's tasks, inline
	h.takeBuilt()
	wanted, unwanted := h.set.Changes()
	for _, p := range wanted {
		if !h.set.Contains(p) {
			continue
		}
		if e, ok := h.cache[p]; ok && e.rev == h.revs[p] {
			continue
		}
		if r, ok := h.inflight[p]; !ok || r != h.revs[p] {
			h.missing = append(h.missing, p)
		}
	}
	for _, p := range unwanted {
		if _, ok := h.cache[p]; ok && !h.set.Contains(p) {
			h.evictable = append(h.evictable, p)
		}
	}
	h.set.ClearChanges()
	h.evict()
	h.dispatch()
}

// takeBuilt moves finished builds into the cache: those still wanted and
// at the revision last asked for (an edit since makes a newer build).
func (h *Horizon) takeBuilt() {
	h.doneMu.Lock()
	done := h.done
	h.done = h.scratch[:0]
	h.doneMu.Unlock()
	h.updated = h.updated[:0]
	for i := range done {
		b := &done[i]
		if b.col {
			h.columns--
		}
		if rev, ok := h.inflight[b.pos]; ok && rev == b.rev {
			delete(h.inflight, b.pos)
		}
		if b.err != nil && b.rev == h.revs[b.pos] && h.set.Contains(b.pos) {
			// Still wanted: try again (a panic in the generator is a bug
			// that should not leave a hole in a horizon for good).
			h.log.Warn().Err(b.err).Stringer("lod", b.pos).Msg("LOD build failed; retrying")
			h.missing = append(h.missing, b.pos)
			continue
		}
		if b.err != nil || b.rev != h.revs[b.pos] || !h.set.Contains(b.pos) {
			continue // failed, stale, or no longer wanted
		}
		h.Stats.Built.Add(1)
		if old, ok := h.cache[b.pos]; ok {
			h.cacheBytes -= int64(old.frame.Len())
		}
		h.cache[b.pos] = &entry{frame: b.frame, rev: b.rev}
		h.cacheBytes += int64(b.frame.Len())
		if b.rev > 0 {
			h.Stats.Rebuilt.Add(1)
			h.updated = append(h.updated, b.pos)
		}
	}
	clear(done)
	h.scratch = done[:0]
	h.Stats.Cached.Store(int64(len(h.cache)))
	h.Stats.CachedBytes.Store(h.cacheBytes)
}

// evict forgets cached sections nobody wants, oldest unwanted first, while
// the cache is over its bound. Wanted sections are never evicted: a
// client may still need them.
func (h *Horizon) evict() {
	i := 0
	for ; i < len(h.evictable) && h.cacheBytes > h.cfg.CacheBytes; i++ {
		p := h.evictable[i]
		if e, ok := h.cache[p]; ok && !h.set.Contains(p) {
			h.cacheBytes -= int64(e.frame.Len())
			delete(h.cache, p)
		}
	}
	if i > 0 {
		h.evictable = h.evictable[:copy(h.evictable, h.evictable[i:])]
	}
	if len(h.evictable) > 4*len(h.cache)+1024 {
		// Most are wanted again or gone: keep only the live ones.
		h.evictable = slices.DeleteFunc(h.evictable, func(p pyramid.Pos) bool {
			_, ok := h.cache[p]
			return !ok || h.set.Contains(p)
		})
	}
	h.Stats.Cached.Store(int64(len(h.cache)))
	h.Stats.CachedBytes.Store(h.cacheBytes)
}

// priority is p's rank: its size on screen for the nearest viewer.
func (h *Horizon) priority(p pyramid.Pos) uint32 {
	best := uint32(math.MaxUint32)
	for _, v := range h.viewers {
		best = min(best, pyramid.Priority(v.eye, p))
	}
	return best
}

// dispatch submits missing sections as column tasks, while the columns
// in flight are under their bound. It looks at a window of the missing
// list in arrival order (each view's additions come nearest on screen
// first, and edits' ancestors as they come), groups it by column, and
// submits the columns most urgent first; what it does not take stays
// missing, in order. A tick's work is the window's, not the horizon's.
func (h *Horizon) dispatch() {
	room := maxColumnsInFlight - h.columns
	if len(h.missing) == 0 || room < min(minDispatch, len(h.missing)) {
		return
	}
	clear(h.index)
	h.cols = h.cols[:0]
	kept := h.missing[:0]
	window := min(len(h.missing), 2*room+64)
	for _, p := range h.missing[:window] {
		if r, fl := h.inflight[p]; fl && r == h.revs[p] || !h.set.Contains(p) {
			continue
		}
		if e, ok := h.cache[p]; ok && e.rev == h.revs[p] {
			continue
		}
		k := colKey{p.Level, p.X, p.Z}
		if ci, ok := h.index[k]; ok {
			if !slices.Contains(h.cols[ci].ps, p) {
				h.cols[ci].ps = append(h.cols[ci].ps, p)
			}
			continue
		}
		if len(h.cols) == room {
			kept = append(kept, p)
			continue
		}
		h.index[k] = len(h.cols)
		h.cols = append(h.cols, column{prio: h.priority(p), ps: []pyramid.Pos{p}})
	}
	slices.SortStableFunc(h.cols, func(a, b column) int { return cmp.Compare(a.prio, b.prio) })
	var back []pyramid.Pos
	for k, c := range h.cols {
		if !h.submit(c) {
			for _, cc := range h.cols[k:] {
				back = append(back, cc.ps...)
			}
			break
		}
	}
	kept = append(kept, h.missing[window:]...) // in place: kept ends before the window did
	if len(back) > 0 {
		// The pool was full: the columns not taken go first next time.
		kept = append(back, kept...)
	}
	h.missing = kept
}

// minDispatch is the room, in columns, dispatch waits for (unless fewer
// are missing): it then looks at its window once for many columns, not
// every tick for one or two.
const minDispatch = 64

// colKey names a LOD column.
type colKey struct {
	level uint8
	x, z  int32
}

// submit queues one column task building c's sections at their current
// revisions.
func (h *Horizon) submit(c column) bool {
	ps := slices.Clone(c.ps)
	revs := make([]uint64, len(ps))
	for i, p := range ps {
		revs[i] = h.revs[p]
	}
	ed, gen := h.edits, h.cfg.Gen
	ok := h.gen.SubmitTask(c.prio, func() {
		// A column's samples are some 27 KB: reused, not collected.
		col, _ := h.colPool.Get().(*worldgen.LODColumn)
		if col == nil {
			col = &worldgen.LODColumn{}
		}
		out := buildColumn(gen, ed, ps, revs, col)
		h.colPool.Put(col)
		h.doneMu.Lock()
		h.done = append(h.done, out...)
		h.doneMu.Unlock()
	})
	if !ok {
		return false
	}
	for i, p := range ps {
		h.inflight[p] = revs[i]
	}
	h.columns++
	return true
}

// buildColumn builds and encodes LOD sections ps, all of one column: a
// section no edit reaches is cut from the column's samples, taken once;
// one that holds edited blocks is built over them (pyramid.BuildAll). It
// runs on a pool worker and reads only its arguments; col is scratch
// for the column's samples.
func buildColumn(gen *worldgen.Generator, ed *editSnapshot, ps []pyramid.Pos, revs []uint64, col *worldgen.LODColumn) []built {
	out := make([]built, len(ps))
	sampled := false
	for i, p := range ps {
		out[i] = built{pos: p, rev: revs[i]}
		var s chunk.Section
		if ed.lod[p] {
			s = ed.build(gen, p)
		} else {
			if !sampled {
				gen.SampleLOD(col, p.X, p.Z, int(p.Level))
				sampled = true
			}
			s = col.Section(p.Y)
		}
		f, err := wire.EncodeLODSection(p.Pos, int(p.Level), revs[i], chunk.Encode(&s))
		if err != nil {
			out[i].err = fmt.Errorf("build LOD section %v: %w", p, err)
			continue
		}
		out[i].frame = f
	}
	if len(out) > 0 {
		out[len(out)-1].col = true
	}
	return out
}

// build makes LOD section p over the edits below it.
func (ed *editSnapshot) build(gen *worldgen.Generator, p pyramid.Pos) chunk.Section {
	natural := func(q pyramid.Pos) chunk.Section { return gen.GenerateLOD(q.Pos, int(q.Level)) }
	level0 := func(q chunk.Pos) chunk.Section {
		if s := ed.level0[q]; s != nil {
			return *s
		}
		if ed.source != nil {
			if s, _, ok, err := ed.source.Load(q); err == nil && ok {
				return s
			}
		}
		return gen.Generate(q)
	}
	edited := func(q pyramid.Pos) bool {
		if q.Level == 0 {
			_, ok := ed.level0[q.Pos]
			return ok
		}
		return ed.lod[q]
	}
	return pyramid.BuildAll(p, natural, level0, edited)
}
