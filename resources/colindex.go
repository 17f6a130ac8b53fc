package resources

import "github.com/stratavox/strata/resources/chunk"

// regionShift sets the size of a colIndex region: 32×32 columns.
const (
	regionShift = 5
	regionSize  = 1 << regionShift
	regionMask  = regionSize - 1
)

// colIndex maps columns (X, Z) to slots in their owner's slab through a
// two-level grid: a small map of 32×32-column regions, each an array of
// slots. It hands the slots out too (claim, release), so that the slab
// reuses the places of columns that left. Work on sections arrives column
// by column along view edges, so consecutive lookups nearly always fall
// in the region looked up last, and then cost an array load instead of a
// hash-map probe. That matters on the benchmark machine, where a probe
// into a map of a million entries costs hundreds of nanoseconds, and Go
// maps churned by inserts and deletes fill with tombstones that lengthen
// every miss. The region map itself is small and changes only when a
// region empties or fills.
type colIndex struct {
	regions map[regionKey]*region
	// spare are regions that emptied, kept for the next ones to fill:
	// views move on across region borders all the time, and a region is
	// 4 KiB to allocate and clear.
	spare []*region
	// free are the slots of columns that left, for the next to come
	// (claim); made is how many slots were ever handed out.
	free    []int32
	made    int32
	n       int
	lastKey regionKey
	last    *region // region of lastKey, nil if it has none
	lastOK  bool
}

type regionKey struct{ X, Z int32 }

// region holds slot+1 per column (0: no column) and how many are set.
type region struct {
	slots [regionSize * regionSize]int32
	n     int32
}

// maxSpareRegions bounds a colIndex's spare regions (32 KiB).
const maxSpareRegions = 8

func newColIndex() colIndex { return colIndex{regions: map[regionKey]*region{}} }

func splitColumn(x, z int32) (regionKey, int) {
	return regionKey{x >> regionShift, z >> regionShift}, int(x&regionMask) + regionSize*int(z&regionMask)
}

// region returns the region of k, or nil, through the one-entry cache.
func (ix *colIndex) region(k regionKey) *region {
	if ix.lastOK && ix.lastKey == k {
		return ix.last
	}
	r := ix.regions[k] // nil when absent: remembered too
	ix.lastKey, ix.last, ix.lastOK = k, r, true
	return r
}

// regionCache is a reader's own one-entry region cache (Reader): lookups
// through it change nothing in the index.
type regionCache struct {
	key regionKey
	r   *region
	ok  bool
}

// getVia is get through c instead of the index's own cache: several
// goroutines may call it at once, each with its cache, while nothing
// changes the index.
func (ix *colIndex) getVia(c *regionCache, x, z int32) int32 {
	k, i := splitColumn(x, z)
	if !c.ok || c.key != k {
		c.key, c.r, c.ok = k, ix.regions[k], true
	}
	if c.r == nil {
		return -1
	}
	return c.r.slots[i] - 1
}

// get returns the slot of column (x, z), or -1.
func (ix *colIndex) get(x, z int32) int32 {
	k, i := splitColumn(x, z)
	r := ix.region(k)
	if r == nil {
		return -1
	}
	return r.slots[i] - 1
}

// set records slot for column (x, z), which must not be set.
func (ix *colIndex) set(x, z int32, slot int32) {
	k, i := splitColumn(x, z)
	r := ix.region(k)
	if r == nil {
		if n := len(ix.spare); n > 0 {
			r = ix.spare[n-1] // empty: every slot was reset by del
			ix.spare = ix.spare[:n-1]
		} else {
			r = new(region)
		}
		ix.regions[k] = r
		ix.lastKey, ix.last, ix.lastOK = k, r, true
	}
	r.slots[i] = slot + 1
	r.n++
	ix.n++
}

// del forgets column (x, z), which must be set, and frees its region when
// it empties.
func (ix *colIndex) del(x, z int32) {
	k, i := splitColumn(x, z)
	r := ix.region(k)
	r.slots[i] = 0
	r.n--
	ix.n--
	if r.n == 0 {
		delete(ix.regions, k)
		ix.last = nil // lastKey is k: now known to be absent
		if len(ix.spare) < maxSpareRegions {
			ix.spare = append(ix.spare, r)
		}
	}
}

// claim gives column (x, z), which must not be set, a slot: the last one
// freed (release), else a new one, reported fresh: the caller's slab of
// per-column data grows by one, to index slot.
func (ix *colIndex) claim(x, z int32) (slot int32, fresh bool) {
	if n := len(ix.free); n > 0 {
		slot = ix.free[n-1]
		ix.free = ix.free[:n-1]
	} else {
		slot, fresh = ix.made, true
		ix.made++
	}
	ix.set(x, z, slot)
	return slot, fresh
}

// release forgets column (x, z), which must be set, and keeps its slot
// for the next claim.
func (ix *colIndex) release(x, z, slot int32) {
	ix.del(x, z)
	ix.free = append(ix.free, slot)
}

// len returns the number of columns set.
func (ix *colIndex) len() int { return ix.n }

// each calls fn for every column set, in no particular order.
func (ix *colIndex) each(fn func(x, z, slot int32)) {
	for k, r := range ix.regions {
		for i, s := range r.slots {
			if s != 0 {
				fn(k.X<<regionShift+int32(i&regionMask), k.Z<<regionShift+int32(i>>regionShift), s-1)
			}
		}
	}
}

// posSet is a set of section positions kept as a 24-bit mask per column,
// through a colIndex: cheap to probe column by column, and free of the
// tombstones a churned Go map accumulates.
type posSet struct {
	index colIndex
	masks []uint32
	n     int
}

func newPosSet() posSet { return posSet{index: newColIndex()} }

// bit returns p's column slot (-1 if none) and p's bit in its mask; ok is
// false for a Y outside the world.
func (s *posSet) bit(p chunk.Pos) (slot int32, bit uint32, ok bool) {
	if p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return -1, 0, false
	}
	return s.index.get(p.X, p.Z), 1 << (p.Y - chunk.MinSectionY), true
}

// has reports whether p is in the set.
func (s *posSet) has(p chunk.Pos) bool {
	i, b, ok := s.bit(p)
	return ok && i >= 0 && s.masks[i]&b != 0
}

// add adds p and reports whether it was absent.
func (s *posSet) add(p chunk.Pos) bool {
	i, b, ok := s.bit(p)
	if !ok {
		return false
	}
	if i < 0 {
		var fresh bool
		if i, fresh = s.index.claim(p.X, p.Z); fresh {
			s.masks = append(s.masks, 0)
		}
	}
	if s.masks[i]&b != 0 {
		return false
	}
	s.masks[i] |= b
	s.n++
	return true
}

// remove removes p and reports whether it was present.
func (s *posSet) remove(p chunk.Pos) bool {
	i, b, ok := s.bit(p)
	if !ok || i < 0 || s.masks[i]&b == 0 {
		return false
	}
	s.masks[i] &^= b
	s.n--
	if s.masks[i] == 0 {
		s.index.release(p.X, p.Z, i)
	}
	return true
}

// len returns the number of positions in the set.
func (s *posSet) len() int { return s.n }
