package bots

import (
	"sync"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// terrain tells the movement patterns where the ground is, so that a
// walking bot stays on it and a flying one above it: bots steer by the
// world's generator (seed and version come in the Welcome) rather than by
// the sections they receive, so that how they move does not depend on what
// is being measured. Edits are not seen; a bot that runs into one gets a
// Correction like any client.
type terrain interface {
	// ground is the Y of the topmost terrain block of block column
	// (x, z), trees excluded.
	ground(x, z int) (int, bool)
	// top is the highest non-air Y (trees and water included) over the
	// whole section column (cx, cz).
	top(cx, cz int32) (int, bool)
}

// surfaceCacheLimit bounds the section columns kept; at about 530 bytes
// each it is some 8 MiB. Beyond it the cache starts over: a fresh start
// costs a few milliseconds of generation per bot, not correctness.
const surfaceCacheLimit = 16384

// surfaceCache is a terrain shared by every bot of a run: columns are
// computed once (about 0.1 ms each) however many bots cross them.
type surfaceCache struct {
	gen *worldgen.Generator
	mu  sync.RWMutex
	m   map[[2]int32]*columnSurface
}

// columnSurface is what the patterns need of one section column.
type columnSurface struct {
	ground [chunk.Size * chunk.Size]int16
	top    int16
}

func newSurfaceCache(gen *worldgen.Generator) *surfaceCache {
	return &surfaceCache{gen: gen, m: map[[2]int32]*columnSurface{}}
}

func (s *surfaceCache) column(cx, cz int32) *columnSurface {
	k := [2]int32{cx, cz}
	s.mu.RLock()
	c, ok := s.m[k]
	s.mu.RUnlock()
	if ok {
		return c
	}
	var cols [chunk.Size * chunk.Size]worldgen.Column
	s.gen.SurfaceColumns(cx, cz, &cols)
	c = &columnSurface{top: chunk.MinY}
	for i, col := range cols {
		c.ground[i] = int16(col.Height)
		c.top = max(c.top, int16(col.SurfaceY))
	}
	s.mu.Lock()
	if len(s.m) >= surfaceCacheLimit {
		clear(s.m)
	}
	s.m[k] = c
	s.mu.Unlock()
	return c
}

func (s *surfaceCache) ground(x, z int) (int, bool) {
	c := s.column(int32(chunk.FloorDiv(x)), int32(chunk.FloorDiv(z)))
	return int(c.ground[chunk.FloorMod(x)+chunk.Size*chunk.FloorMod(z)]), true
}

func (s *surfaceCache) top(cx, cz int32) (int, bool) {
	return int(s.column(cx, cz).top), true
}

// flatTerrain knows nothing: used when the server runs a generator this
// build does not have. Walkers keep their height, fliers cruise above any
// terrain the generator can make.
type flatTerrain struct{}

func (flatTerrain) ground(int, int) (int, bool)  { return 0, false }
func (flatTerrain) top(int32, int32) (int, bool) { return 0, false }
