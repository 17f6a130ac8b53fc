package gameplay

import (
	"slices"
	"testing"
)

// TestCellGrid checks that items come back by cell in the order added,
// cells in the order first used, and that a reset grid reuses its cells.
func TestCellGrid(t *testing.T) {
	g := newCellGrid()
	for round := range 2 {
		g.reset()
		g.add(cellKey{1, 2}, 0)
		g.add(cellKey{-1, 0}, 1)
		g.add(cellKey{1, 2}, 2)
		if got := g.get(cellKey{1, 2}); !slices.Equal(got, []int32{0, 2}) {
			t.Fatalf("round %d: cell (1,2) holds %v, want [0 2]", round, got)
		}
		if got := g.get(cellKey{5, 5}); got != nil {
			t.Fatalf("round %d: empty cell holds %v", round, got)
		}
		var keys []cellKey
		for _, c := range g.used() {
			keys = append(keys, c.key)
		}
		if want := []cellKey{{1, 2}, {-1, 0}}; !slices.Equal(keys, want) {
			t.Fatalf("round %d: used cells %v, want %v", round, keys, want)
		}
	}
	for _, c := range []struct {
		v, size float64
		want    int32
	}{{0, 64, 0}, {63.9, 64, 0}, {64, 64, 1}, {-0.1, 64, -1}, {-64, 64, -1}, {-64.1, 64, -2}} {
		if got := cellOf(c.v, c.size); got != c.want {
			t.Errorf("cellOf(%v, %v) = %d, want %d", c.v, c.size, got, c.want)
		}
	}
}
