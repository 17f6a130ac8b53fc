package bots

import (
	"time"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
)

// horizon is what a bot granted "lod" expects of the pyramid: the tiling
// of its view at the levels granted, following the bot with the server's
// per-level hysteresis (slack 2, the players' View slack), counted per
// level. The horizon is complete once the bot holds that many LOD
// sections at every level.
type horizon struct {
	view pyramid.View
	want [pyramid.MaxLevel + 1]int
	done bool
}

// lodSlack is the hysteresis the server's LOD views follow players with.
const lodSlack = 2

func newHorizon(w *protocol.Welcome, asked int, at chunk.Pos) *horizon {
	levels := int(w.GetLimits().GetDefaultLodLevels())
	if asked > 0 {
		levels = asked
	}
	if m := int(w.GetLimits().GetMaxLodLevels()); m > 0 {
		levels = min(levels, m)
	}
	h := &horizon{view: pyramid.NewView(at, int(w.GetViewDistance()), lodSlack-1, levels)}
	h.view.Inward = true
	h.count()
	return h
}

// count recounts the tiles per level.
func (h *horizon) count() {
	h.want = [pyramid.MaxLevel + 1]int{}
	for _, p := range h.view.Tiles(nil) {
		if p.Level > 0 {
			h.want[p.Level]++
		}
	}
}

// checkHorizon follows the bot's section and, the first time it holds
// its whole horizon, records the time since the dial and the bytes.
func (s *sessionState) checkHorizon(now time.Time) {
	h := s.lod
	if h == nil || h.done {
		return
	}
	if h.view.Follow(s.m.pos.section(), lodSlack) != 0 {
		h.count()
	}
	for l := 1; l <= pyramid.MaxLevel; l++ {
		if s.conn.LODCount(l) < h.want[l] {
			return
		}
	}
	h.done = true
	cs := s.conn.Stats()
	// The LOD stream's own bytes (a server with the LOD stream); before
	// it, LOD shared the chunk stream, and took its share of the bytes.
	wire := cs.LODWireBytes
	if wire == 0 && cs.ChunkStreamBytes > 0 {
		wire = uint64(float64(cs.ChunkWireBytes) * float64(cs.LODBytes) / float64(cs.ChunkStreamBytes))
	}
	r := &s.b.res
	r.lodComplete = append(r.lodComplete, now.Sub(s.dialed))
	r.lodWire = append(r.lodWire, wire)
	r.lodFrames = append(r.lodFrames, cs.LODBytes)
	s.b.log.Info().Float64("lod_complete_s", now.Sub(s.dialed).Seconds()).Uint64("lod_wire_bytes", wire).
		Uint64("lod_frame_bytes", cs.LODBytes).Uint64("lod_sections", cs.LODSections).Msg("horizon complete")
}
