package lod

import (
	"slices"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/systems/network"
)

// deliverSystem is lod_deliver: per LOD client, in id order, it unloads
// what left the client's horizon, re-sends rebuilt sections it holds, and
// queues the cached sections it lacks, nearest on screen first, within
// the client's LOD budget: BytesPerTick a tick (a quarter while level-0
// sections of its view are still pending, so level 0 keeps most of the
// bandwidth), nothing while its chunk stream's backlog is over
// MaxBacklog, and a wall-clock bound over all clients.
type deliverSystem struct {
	h        *Horizon
	delivery generic.Map1[components.Delivery]
	world    *ecs.World
	ids      []uint64
	unload   map[uint8][]chunk.Pos
	gone     map[pyramid.Pos]bool
	frames   []wire.Encoded
}

func addDeliver(app *ecs.App, h *Horizon) {
	s := &deliverSystem{h: h, unload: map[uint8][]chunk.Pos{}, gone: map[pyramid.Pos]bool{}}
	app.AddSystem(ecs.Deliver, SystemDeliver, s.run, ecs.After(network.SystemDeliver))
}

func (s *deliverSystem) run(ctx *ecs.Context) {
	h := s.h
	if len(h.viewers) == 0 {
		return
	}
	if s.world != ctx.World {
		s.world, s.delivery = ctx.World, generic.NewMap1[components.Delivery](ctx.World)
	}
	start := time.Now()
	s.ids = s.ids[:0]
	for id := range h.viewers {
		s.ids = append(s.ids, id)
	}
	slices.Sort(s.ids)
	for _, id := range s.ids {
		v := h.viewers[id]
		if v.changed {
			s.rediff(v)
		}
		s.resend(v)
		if time.Since(start) < h.cfg.Time {
			s.send(ctx, v)
		}
	}
}

// rediff applies the change of v's tiles: it unloads what v holds of the
// sections removed, drops them from its pending ones, and merges the
// added ones in, nearest on screen first. Only the rings' change is
// walked, not the whole horizon.
func (s *deliverSystem) rediff(v *viewer) {
	h := s.h
	v.changed = false
	for l := range s.unload {
		s.unload[l] = s.unload[l][:0]
	}
	if len(v.removed) > 0 {
		clear(s.gone)
		for _, p := range v.removed {
			s.gone[p] = true
			if _, ok := v.held[p]; ok {
				s.unload[p.Level] = append(s.unload[p.Level], p.Pos)
				delete(v.held, p)
			}
		}
		v.pending = slices.DeleteFunc(v.pending, func(p pyramid.Pos) bool { return s.gone[p] })
	}
	s.frames = s.frames[:0]
	for l := uint8(1); l <= pyramid.MaxLevel; l++ {
		ps := s.unload[l]
		if len(ps) == 0 {
			continue
		}
		slices.SortFunc(ps, chunk.ComparePos)
		var err error
		if s.frames, err = wire.AppendLODUnloads(s.frames, int(l), ps); err == nil {
			h.Stats.Unloaded.Add(uint64(len(ps)))
		}
	}
	for _, f := range s.frames {
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
func (s *deliverSystem) resend(v *viewer) {
	var again []pyramid.Pos
	for _, p := range s.h.updated {
		if rev, ok := v.held[p]; ok && rev < s.h.revs[p] {
			again = append(again, p)
		}
	}
	if len(again) > 0 {
		v.pending = append(again, v.pending...)
	}
}

// send queues v's pending sections that are cached, in order, within its
// budget.
func (s *deliverSystem) send(ctx *ecs.Context, v *viewer) {
	h := s.h
	if len(v.pending) == 0 || v.conn == nil {
		return
	}
	if v.conn.Queued().ChunkBytes > h.cfg.MaxBacklog {
		return
	}
	budget := h.cfg.BytesPerTick
	if ctx.World.Alive(v.entity) {
		if d := s.delivery.Get(v.entity); d != nil && d.Pending.Len() > 0 {
			budget /= 4 // level 0 first
		}
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
