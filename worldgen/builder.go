package worldgen

import "github.com/stratavox/strata/resources/chunk"

// builder accumulates a section: uniform base until the first differing
// write, then a dense array it hands to chunk.FromCells.
type builder struct {
	base  chunk.Block
	cells *[chunk.Volume]uint16
}

// dense materialises the array (filled with base) and returns it.
func (b *builder) dense() *[chunk.Volume]uint16 {
	if b.cells == nil {
		b.cells = new([chunk.Volume]uint16)
		if b.base != chunk.Air {
			// Fill by doubling copies: memmove is much faster than a
			// per-cell loop.
			c := b.cells[:]
			c[0] = uint16(b.base)
			for n := 1; n < len(c); n *= 2 {
				copy(c[n:], c[:n])
			}
		}
	}
	return b.cells
}

func (b *builder) get(i int) chunk.Block {
	if b.cells == nil {
		return b.base
	}
	return chunk.Block(b.cells[i])
}

func (b *builder) set(i int, v chunk.Block) {
	if b.cells == nil {
		if v == b.base {
			return
		}
		b.dense()
	}
	b.cells[i] = uint16(v)
}

func (b *builder) section() chunk.Section {
	if b.cells == nil {
		return chunk.Uniform(b.base)
	}
	return chunk.FromCells(b.cells)
}
