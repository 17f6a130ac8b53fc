package gameplay

import "math"

// cellKey addresses one cell of a cellGrid.
type cellKey struct{ X, Z int32 }

// cellGrid buckets small integers (indexes into the caller's slice of
// players or clients) by a horizontal cell, so that "who is near here"
// costs the few cells around a point instead of a scan of everyone. It is
// rebuilt every tick; cells and their backing arrays are reused, so a
// steady population allocates nothing. Items keep the order they were
// added in, and cells the order they were first used, so iterating is
// deterministic when adding is.
type cellGrid struct {
	index map[cellKey]int32
	cells []gridCell
	n     int
}

type gridCell struct {
	key   cellKey
	items []int32
}

func newCellGrid() *cellGrid { return &cellGrid{index: map[cellKey]int32{}} }

// cellOf returns the cell of coordinate v for cells of the given size.
func cellOf(v, size float64) int32 { return int32(math.Floor(v / size)) }

// reset empties the grid, keeping its storage.
func (g *cellGrid) reset() {
	clear(g.index)
	for i := range g.cells[:g.n] {
		g.cells[i].items = g.cells[i].items[:0]
	}
	g.n = 0
}

// add puts item into cell k.
func (g *cellGrid) add(k cellKey, item int32) {
	i, ok := g.index[k]
	if !ok {
		if g.n == len(g.cells) {
			g.cells = append(g.cells, gridCell{})
		}
		i = int32(g.n)
		g.n++
		g.cells[i].key = k
		g.index[k] = i
	}
	g.cells[i].items = append(g.cells[i].items, item)
}

// get returns the items of cell k (nil when empty). Read-only.
func (g *cellGrid) get(k cellKey) []int32 {
	if i, ok := g.index[k]; ok {
		return g.cells[i].items
	}
	return nil
}

// used returns the non-empty cells in the order they were first used.
// Read-only.
func (g *cellGrid) used() []gridCell { return g.cells[:g.n] }
