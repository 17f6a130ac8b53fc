package entities

import (
	"cmp"
	"math"
	"slices"
)

// cellKey addresses one horizontal cell of a cellIndex.
type cellKey struct{ X, Z int32 }

// cellOf returns the cell of coordinate v for cells of the given size.
func cellOf(v, size float64) int32 { return int32(math.Floor(v / size)) }

// cellIndex is a read-only index of items (0..n-1, indexes into the
// caller's slice) by cell, rebuilt from scratch each tick: the items
// sorted by (X, Z, item), so that the items of a run of cells along Z in
// one X column are one contiguous slice. Where the occupied cells span a
// small rectangle it finds a run with a table of offsets (a counting
// sort); otherwise by binary search. Either way it allocates nothing
// once its slices have grown, and the order is that of a grid whose
// cells are read in (X, Z) order, items in the order added.
type cellIndex struct {
	keys  []cellKey // by item
	order []int32   // items by (key, item)
	// minX, maxX bound the items' columns (minX > maxX when empty).
	minX, maxX int64
	// dense: the occupied cells' bounding rectangle, x0..x0+w-1 ×
	// z0..z0+h-1, and start[(x-x0)*h + z-z0] the offset in order of
	// cell (x, z)'s items (start has w*h+1 entries).
	dense     bool
	x0, z0    int64
	w, h      int64
	start     []int32
	sorted    []int64 // sparse: packCell(keys[order[i]])
	byFirst   []int32 // runs' scratch
	all, kept []cellRun
}

// A cellIndex keeps a table of offsets for a rectangle of at most
// denseCellsPerItem cells per item (or denseCellsMin, for small
// populations): a few int32s per item, cleared and summed each tick.
const (
	denseCellsPerItem = 32
	denseCellsMin     = 4096
)

// build indexes the items 0..len(keys)-1 in cells keys[i]. The index
// keeps keys until the next build.
func (x *cellIndex) build(keys []cellKey) {
	x.keys = keys
	n := len(keys)
	x.order = slices.Grow(x.order[:0], n)[:n]
	if n == 0 {
		x.dense, x.w, x.h, x.minX, x.maxX = true, 0, 0, 1, 0
		x.start = append(x.start[:0], 0)
		return
	}
	minX, maxX, minZ, maxZ := keys[0].X, keys[0].X, keys[0].Z, keys[0].Z
	for _, k := range keys[1:] {
		minX, maxX = min(minX, k.X), max(maxX, k.X)
		minZ, maxZ = min(minZ, k.Z), max(maxZ, k.Z)
	}
	x.minX, x.maxX = int64(minX), int64(maxX)
	w, h := int64(maxX)-int64(minX)+1, int64(maxZ)-int64(minZ)+1
	if limit := max(denseCellsMin, denseCellsPerItem*int64(n)); w > limit || h > limit || w*h > limit {
		x.sparse()
		return
	}
	// Counting sort: items in ascending order within each cell.
	x.dense, x.x0, x.z0, x.w, x.h = true, int64(minX), int64(minZ), w, h
	cells := int(w * h)
	x.start = slices.Grow(x.start[:0], cells+1)[:cells+1]
	clear(x.start)
	for _, k := range keys {
		x.start[x.cell(k)+1]++
	}
	for i := 1; i <= cells; i++ {
		x.start[i] += x.start[i-1]
	}
	for i, k := range keys {
		c := x.cell(k)
		x.order[x.start[c]] = int32(i)
		x.start[c]++
	}
	// Each start[c] now holds the end of cell c: shift back by one.
	copy(x.start[1:], x.start[:cells])
	x.start[0] = 0
}

func (x *cellIndex) cell(k cellKey) int64 { return (int64(k.X)-x.x0)*x.h + int64(k.Z) - x.z0 }

func (x *cellIndex) sparse() {
	x.dense = false
	x.sorted = x.sorted[:0]
	for i, k := range x.keys {
		x.order[i] = int32(i)
		x.sorted = append(x.sorted, packCell(k))
	}
	packed := x.sorted
	slices.SortFunc(x.order, func(a, b int32) int {
		if c := cmp.Compare(packed[a], packed[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for i, it := range x.order {
		x.sorted[i] = packCell(x.keys[it])
	}
}

// packCell maps a cell to an int64 in (X, Z) order.
func packCell(k cellKey) int64 { return int64(k.X)<<32 | int64(uint32(k.Z)^1<<31) }

// columns returns the range of columns x0..x1 clipped to those that may
// hold items (empty when x0 > x1).
func (x *cellIndex) columns(x0, x1 int64) (int64, int64) { return max(x0, x.minX), min(x1, x.maxX) }

// column returns the items of the cells (cx, z0..z1), ordered by cell then
// item. Read-only.
func (x *cellIndex) column(cx, z0, z1 int64) []int32 {
	i, j := x.span(cx, z0, z1)
	return x.order[i:j]
}

// span is column as the bounds of its items in order: for callers that
// keep something of their own beside order, item for item.
func (x *cellIndex) span(cx, z0, z1 int64) (int, int) {
	if x.dense {
		if cx < x.x0 || cx >= x.x0+x.w {
			return 0, 0
		}
		z0, z1 = max(z0, x.z0), min(z1, x.z0+x.h-1)
		if z0 > z1 {
			return 0, 0
		}
		base := (cx - x.x0) * x.h
		return int(x.start[base+z0-x.z0]), int(x.start[base+z1-x.z0+1])
	}
	z0, z1 = max(z0, math.MinInt32), min(z1, math.MaxInt32)
	if cx < math.MinInt32 || cx > math.MaxInt32 || z0 > z1 {
		return 0, 0
	}
	i, _ := slices.BinarySearch(x.sorted, packCell(cellKey{int32(cx), int32(z0)}))
	j := len(x.sorted)
	if hi := packCell(cellKey{int32(cx), int32(z1)}); hi < math.MaxInt64 {
		j, _ = slices.BinarySearch(x.sorted[i:], hi+1)
		j += i
	}
	return i, j
}

// cellRun is the items of one cell: order[lo:hi] of a cellIndex.
type cellRun struct {
	key    cellKey
	lo, hi int32
}

// runs returns the cells holding at least one item i with keep[i], in the
// order of the cells' first such items: the order in which a grid that
// had the kept items added in ascending order would first use its cells. Each run
// holds all the items of its cell (kept or not) in ascending order.
// Read-only, valid until the next call.
func (x *cellIndex) runs(keep []bool) []cellRun {
	n := len(x.keys)
	x.byFirst = slices.Grow(x.byFirst[:0], n)[:n]
	for i := range x.byFirst {
		x.byFirst[i] = -1
	}
	// Runs of one cell, in the index's order; each is registered under
	// its first kept item, then collected in item order.
	x.all = x.all[:0]
	for lo := 0; lo < n; {
		k := x.keys[x.order[lo]]
		hi := lo + 1
		for hi < n && x.keys[x.order[hi]] == k {
			hi++
		}
		for _, it := range x.order[lo:hi] {
			if keep[it] {
				x.byFirst[it] = int32(len(x.all))
				x.all = append(x.all, cellRun{key: k, lo: int32(lo), hi: int32(hi)})
				break
			}
		}
		lo = hi
	}
	x.kept = x.kept[:0]
	for _, r := range x.byFirst {
		if r >= 0 {
			x.kept = append(x.kept, x.all[r])
		}
	}
	return x.kept
}

// items returns the items of run r. Read-only.
func (x *cellIndex) items(r cellRun) []int32 { return x.order[r.lo:r.hi] }
