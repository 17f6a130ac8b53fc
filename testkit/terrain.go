package testkit

import (
	"sync"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/resources/chunk"
)

// Ground is the height of Flat's ground: stone below block Y 64 (sections
// Y < 4), air from it up.
const Ground = 64

// Spawn stands on Flat's ground, in the middle of block column (0, 0).
var Spawn = components.Position{X: 0.5, Y: Ground, Z: 0.5}

// Flat is the stand-in terrain of a test that needs ground to stand on
// and nothing else: stone below block Y Ground, air from it up, the same
// everywhere (every section uniform, so it costs nothing to generate).
// Use it as a generator (resources.GeneratorFunc(testkit.Flat)) or as
// the server's terrain (server.TerrainFunc(1, testkit.Flat)).
func Flat(p chunk.Pos) chunk.Section {
	if p.Y < Ground/chunk.Size {
		return chunk.Uniform(chunk.Stone)
	}
	return chunk.Uniform(chunk.Air)
}

// FlatAt is Flat with its ground at block Y ground: stone below it, air
// from it up (a section the ground crosses is stone in its lower layers).
func FlatAt(ground int) func(chunk.Pos) chunk.Section {
	return func(p chunk.Pos) chunk.Section {
		base := int(p.Y) * chunk.Size
		switch {
		case base+chunk.Size <= ground:
			return chunk.Uniform(chunk.Stone)
		case base >= ground:
			return chunk.Uniform(chunk.Air)
		}
		s := chunk.Uniform(chunk.Air)
		for i := 0; i < (ground-base)*chunk.Size*chunk.Size; i++ {
			s.SetAt(i, chunk.Stone)
		}
		return s
	}
}

// Surface is a deterministic stand-in generator: stone below section
// Y=2, a dense surface layer at Y=2 whose height depends on the column,
// air above.
func Surface(p chunk.Pos) chunk.Section {
	switch {
	case p.Y < 2:
		return chunk.Uniform(chunk.Stone)
	case p.Y > 2:
		return chunk.Uniform(chunk.Air)
	}
	s := chunk.Uniform(chunk.Air)
	h := 4 + int(uint32(p.X*7+p.Z*13)%8)
	for i := 0; i < h*chunk.Size*chunk.Size; i++ {
		s.SetAt(i, chunk.Dirt)
	}
	return s
}

// CountingGen counts calls per position (Calls); with a Gate, every
// call blocks until the gate is closed.
type CountingGen struct {
	mu    sync.Mutex
	Calls map[chunk.Pos]int
	Gate  chan struct{}
}

// NewCountingGen returns a generator of Surface that counts.
func NewCountingGen() *CountingGen { return &CountingGen{Calls: map[chunk.Pos]int{}} }

// Generate implements resources.Generator.
func (g *CountingGen) Generate(p chunk.Pos) chunk.Section {
	if g.Gate != nil {
		<-g.Gate
	}
	g.mu.Lock()
	g.Calls[p]++
	g.mu.Unlock()
	return Surface(p)
}
