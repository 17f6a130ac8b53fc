package lod

import (
	"slices"
	"time"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
)

// deliver is the planner's step for delivery: per LOD client, in id
// order, it unloads what left the client's horizon, re-sends rebuilt
// sections it holds, and queues the cached sections it lacks, nearest
// on screen first, within the client's LOD budget: BytesPerTick for each
// tick the step stands for (a quarter while level-0 sections of its view
// are still pending, so level 0 keeps most of the bandwidth), nothing
// while its chunk stream's backlog is over MaxBacklog, and a wall-clock
// bound over all clients.
func (h *Horizon) deliver(in *input) {
	if len(h.viewers) == 0 {
		return
	}
	start := time.Now()
	h.ids = h.ids[:0]
	for id := range h.viewers {
		h.ids = append(h.ids, id)
	}
	slices.Sort(h.ids)
	ticks := min(max(in.ticks, 1), maxTicksBudget)
	for _, id := range h.ids {
		v := h.viewers[id]
		if v.changed {
			h.rediff(v)
		}
		h.resend(v)
		if time.Since(start) < h.cfg.Time {
			h.send(v, ticks)
		}
	}
	if !h.cfg.Deterministic && time.Since(h.lastOldest) >= time.Second {
		h.lastOldest = time.Now()
		h.Stats.StaleOldestNanos.Store(int64(h.oldestWaiting(h.lastOldest)))
	}
}

// maxTicksBudget bounds the ticks' worth of budget one step spends when
// the planner fell behind: enough to catch up, not a burst that fills
// the client's stream.
const maxTicksBudget = 4

// oldestWaiting returns the age of the oldest section a moving ring
// added that is still not queued to its client.
func (h *Horizon) oldestWaiting(now time.Time) time.Duration {
	var oldest time.Duration
	for _, v := range h.viewers {
		for _, t := range v.since {
			oldest = max(oldest, now.Sub(t))
		}
	}
	return oldest
}

// rediff applies the change of v's tiles: it unloads what v holds of the
// sections removed, drops them from its pending ones, and merges the
// added ones in, nearest on screen first. Only the rings' change is
// walked, not the whole horizon.
func (h *Horizon) rediff(v *viewer) {
	v.changed = false
	for l := range h.unload {
		h.unload[l] = h.unload[l][:0]
	}
	if len(v.removed) > 0 {
		clear(h.gone)
		for _, p := range v.removed {
			h.gone[p] = true
			delete(v.since, p)
			if _, ok := v.held[p]; ok {
				h.unload[p.Level] = append(h.unload[p.Level], p.Pos)
				delete(v.held, p)
			}
		}
		v.pending = slices.DeleteFunc(v.pending, func(p pyramid.Pos) bool { return h.gone[p] })
	}
	h.frames = h.frames[:0]
	for l := uint8(1); l <= pyramid.MaxLevel; l++ {
		ps := h.unload[l]
		if len(ps) == 0 {
			continue
		}
		slices.SortFunc(ps, chunk.ComparePos)
		var err error
		if h.frames, err = wire.AppendLODUnloads(h.frames, int(l), ps); err == nil {
			h.Stats.Unloaded.Add(uint64(len(ps)))
		}
	}
	for _, f := range h.frames {
		v.conn.SendEncoded(f)
	}
	// Merge: both lists nearest first (pending from an older eye, close
	// enough), by priority from the eye now.
	if len(v.added) > 0 {
		merged := make([]pyramid.Pos, 0, len(v.pending)+len(v.added))
		a, b := v.pending, v.added
		for len(a) > 0 && len(b) > 0 {
			if pyramid.Priority(v.eye, a[0]) <= pyramid.Priority(v.eye, b[0]) {
				merged, a = append(merged, a[0]), a[1:]
			} else {
				merged, b = append(merged, b[0]), b[1:]
			}
		}
		v.pending = append(append(merged, a...), b...)
	}
	v.removed, v.added = v.removed[:0], v.added[:0]
}

// resend makes the sections rebuilt this tick that v holds at an older
// revision pending again, ahead of the rest.
func (h *Horizon) resend(v *viewer) {
	var again []pyramid.Pos
	for _, p := range h.updated {
		if rev, ok := v.held[p]; ok && rev < h.revs[p] {
			again = append(again, p)
		}
	}
	if len(again) > 0 {
		v.pending = append(again, v.pending...)
	}
}

// send queues v's pending sections that are cached, in order, within its
// budget.
func (h *Horizon) send(v *viewer, ticks int) {
	if len(v.pending) == 0 || v.conn == nil {
		return
	}
	// Level 0 first: while its stream is backed up the link is busy with
	// it; and a LOD stream backed up gets no more until it drains. Not in
	// deterministic mode: a recording's frames must not depend on how fast
	// its client read them (a replay's connections never back up).
	if q := v.conn.Queued(); !h.cfg.Deterministic && (q.ChunkBytes > h.cfg.MaxBacklog || q.LODBytes > h.cfg.MaxBacklog) {
		return
	}
	budget := h.cfg.BytesPerTick * ticks
	if v.level0Pending {
		budget /= 4 // level 0 first
	}
	kept := v.pending[:0]
	i, misses := 0, 0
	for ; i < len(v.pending) && misses < maxMisses; i++ {
		p := v.pending[i]
		if budget <= 0 {
			break
		}
		e, ok := h.cache[p]
		if !ok {
			kept = append(kept, p) // not built yet: keep its place
			misses++
			continue
		}
		if rev, held := v.held[p]; held && rev >= e.rev {
			continue // a duplicate (re-sent already)
		}
		if !v.conn.SendEncoded(e.frame) {
			break
		}
		v.held[p] = e.rev
		if t, ok := v.since[p]; ok {
			h.Stats.observeStale(time.Since(t))
			delete(v.since, p)
		}
		budget -= e.frame.Len()
		h.Stats.Sent.Add(1)
		h.Stats.SentBytes.Add(uint64(e.frame.Len()))
	}
	if len(kept) < i { // something was sent: close the gap
		kept = append(kept, v.pending[i:]...)
		clear(v.pending[len(kept):])
		v.pending = kept
	}
}

// maxMisses bounds the pending sections a client's send looks at that are
// not built yet: builds go nearest first too, so the ones it could send
// are near the front, and a fresh horizon's thousands are not scanned
// every tick.
const maxMisses = 256
