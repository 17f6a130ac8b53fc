package testkit

import (
	"sync"

	"github.com/stratavox/strata/resources/chunk"
)

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
