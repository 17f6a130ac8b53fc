package entities

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refGrid is the plain grid cellIndex replaced in broadcast_states:
// items by cell in the order added, cells in the order first used.
type refGrid struct {
	index map[cellKey]int
	keys  []cellKey
	items [][]int32
}

func (g *refGrid) add(k cellKey, item int32) {
	if g.index == nil {
		g.index = map[cellKey]int{}
	}
	i, ok := g.index[k]
	if !ok {
		i = len(g.keys)
		g.index[k] = i
		g.keys = append(g.keys, k)
		g.items = append(g.items, nil)
	}
	g.items[i] = append(g.items[i], item)
}

func (g *refGrid) get(k cellKey) []int32 {
	if i, ok := g.index[k]; ok {
		return g.items[i]
	}
	return nil
}

// gridNeighbours is what broadcast_states did with two plain grids
// before cellIndex: the receivers' cells in the order of first use, and
// for each the items of the cells within span of it, column by column.
func gridNeighbours(keys []cellKey, recv []bool, span func(cellKey) int32) (cells [][]int32, cands [][]int32) {
	var all, rg refGrid
	for i, k := range keys {
		all.add(k, int32(i))
		if recv[i] {
			rg.add(k, int32(i))
		}
	}
	for ci, k := range rg.keys {
		cells = append(cells, slices.Clone(rg.items[ci]))
		var cand []int32
		sp := span(k)
		for cx := k.X - sp; cx <= k.X+sp; cx++ {
			for cz := k.Z - sp; cz <= k.Z+sp; cz++ {
				cand = append(cand, all.get(cellKey{cx, cz})...)
			}
		}
		cands = append(cands, cand)
	}
	return cells, cands
}

// indexNeighbours is the same through a cellIndex.
func indexNeighbours(x *cellIndex, recv []bool, span func(cellKey) int32) (cells [][]int32, cands [][]int32) {
	for _, r := range x.runs(recv) {
		var items []int32
		for _, it := range x.items(r) {
			if recv[it] {
				items = append(items, it)
			}
		}
		cells = append(cells, items)
		var cand []int32
		sp := int64(span(r.key))
		x0, x1 := x.columns(int64(r.key.X)-sp, int64(r.key.X)+sp)
		for cx := x0; cx <= x1; cx++ {
			cand = append(cand, x.column(cx, int64(r.key.Z)-sp, int64(r.key.Z)+sp)...)
		}
		cands = append(cands, cand)
	}
	return cells, cands
}

func TestCellIndexMatchesGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var x cellIndex
	built := map[bool]int{}
	for round := range 400 {
		far := rng.IntN(3) == 0
		n := rng.IntN(300)
		if round < 3 {
			n = round // empty, one, two
		}
		spread := []int32{1, 4, 32, 100, 1 << 20}[rng.IntN(5)]
		keys := make([]cellKey, n)
		recv := make([]bool, n)
		for i := range keys {
			keys[i] = cellKey{rng.Int32N(spread) - spread/2, rng.Int32N(spread) - spread/2}
			if rng.IntN(20) == 0 && i > 0 {
				keys[i] = keys[rng.IntN(i)] // crowded cells
			}
			if far && rng.IntN(50) == 0 {
				keys[i].X = rng.Int32N(1<<31-1) - 1<<30 // far away
			}
			recv[i] = rng.IntN(3) != 0
		}
		spans := map[cellKey]int32{}
		span := func(k cellKey) int32 {
			if s, ok := spans[k]; ok {
				return s
			}
			s := rng.Int32N(4)
			spans[k] = s
			return s
		}
		wantCells, wantCands := gridNeighbours(keys, recv, span)
		x.build(keys)
		built[x.dense]++
		for _, sparse := range []bool{false, true} {
			if sparse {
				x.sparse()
			}
			gotCells, gotCands := indexNeighbours(&x, recv, span)
			if !slices.EqualFunc(gotCells, wantCells, slices.Equal) {
				t.Fatalf("round %d (n %d, dense %v): receivers' cells\n got %v\nwant %v", round, n, x.dense, gotCells, wantCells)
			}
			if !slices.EqualFunc(gotCands, wantCands, slices.Equal) {
				t.Fatalf("round %d (n %d, dense %v): candidates\n got %v\nwant %v", round, n, x.dense, gotCands, wantCands)
			}
		}
	}
	if built[true] < 50 || built[false] < 50 {
		t.Fatalf("built %d dense and %d sparse indexes: both should be tested", built[true], built[false])
	}
}

// TestCellIndexEdges checks columns at the ends of int32.
func TestCellIndexEdges(t *testing.T) {
	const lo, hi = -1 << 31, 1<<31 - 1
	keys := []cellKey{{lo, lo}, {hi, hi}, {lo, hi}, {hi, lo}, {0, 0}}
	var x cellIndex
	x.build(keys)
	if x.dense {
		t.Fatal("a span of 2^32 cells is indexed densely")
	}
	for _, c := range []struct {
		x, z0, z1 int64
		want      []int32
	}{
		{lo, lo - 5, lo + 5, []int32{0}},
		{lo, lo - 5, hi + 5, []int32{0, 2}},
		{hi, hi - 1, hi + 1, []int32{1}},
		{hi + 1, lo, hi, nil},
		{lo - 1, lo, hi, nil},
		{0, -1, 1, []int32{4}},
		{0, 1, -1, nil},
	} {
		if got := x.column(c.x, c.z0, c.z1); !slices.Equal(got, c.want) {
			t.Errorf("column(%d, %d..%d) = %v, want %v", c.x, c.z0, c.z1, got, c.want)
		}
	}
}
