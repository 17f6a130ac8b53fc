package client

import (
	"errors"
	"sync"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// LODSection is one section of the level-of-detail pyramid as held by
// the client (feature "lod", docs/protocol.md §5.6): 16³ cells of
// (2^Level)³ blocks each.
type LODSection struct {
	Level    int
	Pos      chunk.Pos // in level units
	Revision uint64
	// Decoded is the section's cells; nil when its data did not decode
	// (unknown terrain, as for a Chunk) or with RawSections.
	Decoded *chunk.Section
}

// lodState is the LOD sections held, per level (1..wire.MaxLODLevel).
type lodState struct {
	mu     sync.RWMutex
	levels [wire.MaxLODLevel + 1]map[chunk.Pos]*LODSection
}

// applyLOD stores a LODSection, replacing an older revision of it.
func (c *Conn) applyLOD(m *protocol.LODSection, payload int) error {
	pos, level, rev, s, err := wire.DecodeLODSection(m)
	var sec *chunk.Section
	switch {
	case err == nil:
		if !c.opts.RawSections {
			sec = &s
		}
	case errors.Is(err, wire.ErrBadLOD) && m.GetLevel() >= 1 && m.GetLevel() <= wire.MaxLODLevel && m.GetPos() != nil:
		// Only the data is broken: unknown terrain, the connection goes
		// on (as for a Chunk).
		if h := c.opts.Handlers.OnError; h != nil {
			h(err)
		}
	default:
		return err
	}
	c.stats.lodSections.Add(1)
	c.stats.lodBytes.Add(uint64(payload))
	l := &c.lod
	l.mu.Lock()
	if l.levels[level] == nil {
		l.levels[level] = map[chunk.Pos]*LODSection{}
	}
	if old, ok := l.levels[level][pos]; !ok || old.Revision <= rev {
		l.levels[level][pos] = &LODSection{Level: level, Pos: pos, Revision: rev, Decoded: sec}
	}
	l.mu.Unlock()
	if h := c.opts.Handlers.OnLOD; h != nil {
		h(level, pos, rev)
	}
	return nil
}

// applyLODUnload forgets the LOD sections a LODUnload lists.
func (c *Conn) applyLODUnload(m *protocol.LODUnload) error {
	level, ps, err := wire.DecodeLODUnload(nil, m)
	if err != nil {
		return err
	}
	l := &c.lod
	l.mu.Lock()
	for _, p := range ps {
		delete(l.levels[level], p)
	}
	l.mu.Unlock()
	c.stats.lodUnloaded.Add(uint64(len(ps)))
	if h := c.opts.Handlers.OnLODUnload; h != nil {
		for _, p := range ps {
			h(level, p)
		}
	}
	return nil
}

// LODCount returns how many LOD sections of level the client holds.
func (c *Conn) LODCount(level int) int {
	if level < 1 || level > wire.MaxLODLevel {
		return 0
	}
	c.lod.mu.RLock()
	defer c.lod.mu.RUnlock()
	return len(c.lod.levels[level])
}

// LODSection returns the held LOD section of level at pos (level units).
func (c *Conn) LODSection(level int, pos chunk.Pos) (LODSection, bool) {
	if level < 1 || level > wire.MaxLODLevel {
		return LODSection{}, false
	}
	c.lod.mu.RLock()
	defer c.lod.mu.RUnlock()
	s, ok := c.lod.levels[level][pos]
	if !ok {
		return LODSection{}, false
	}
	return *s, true
}

// SubscribeLOD asks for a view distance and levels of detail beyond it
// (Subscribe with lod_levels; feature "lod"): 0 levels takes the
// server's default.
func (c *Conn) SubscribeLOD(viewDistance, levels uint32) error {
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{
		ViewDistance: viewDistance, LodLevels: levels,
	}}})
}

// LODPositions returns the positions (level units) of the LOD sections of
// level the client holds, in no order.
func (c *Conn) LODPositions(level int) []chunk.Pos {
	if level < 1 || level > wire.MaxLODLevel {
		return nil
	}
	c.lod.mu.RLock()
	defer c.lod.mu.RUnlock()
	out := make([]chunk.Pos, 0, len(c.lod.levels[level]))
	for p := range c.lod.levels[level] {
		out = append(out, p)
	}
	return out
}
