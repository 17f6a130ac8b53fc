package lod

import "slices"

// Set is the union of many views' tilings, reference-counted per LOD
// section, so that a section many viewers see is made and kept once. A
// view is replaced by the difference between its old and new tiles
// (sorted lists, merged in one pass), and the set records what became
// wanted and what stopped being wanted since the last ClearChanges, as
// resources.Desired does for level 0. Only one goroutine may use a Set.
type Set struct {
	counts   map[Pos]int32
	views    map[uint64][]Pos
	wanted   []Pos
	unwanted []Pos
}

// NewSet returns an empty set.
func NewSet() *Set {
	return &Set{counts: map[Pos]int32{}, views: map[uint64][]Pos{}}
}

// Len returns the number of LOD sections some view wants.
func (s *Set) Len() int { return len(s.counts) }

// Views returns the number of tracked views.
func (s *Set) Views() int { return len(s.views) }

// Contains reports whether some view wants p.
func (s *Set) Contains(p Pos) bool { return s.counts[p] > 0 }

// Count returns how many views want p.
func (s *Set) Count(p Pos) int { return int(s.counts[p]) }

// Set tracks view key with tiles (sorted by Compare, without duplicates,
// as View.Tiles returns them; the set keeps the slice). A view already
// tracked is replaced by the difference.
func (s *Set) Set(key uint64, tiles []Pos) {
	old := s.views[key]
	s.views[key] = tiles
	i, j := 0, 0
	for i < len(old) || j < len(tiles) {
		switch {
		case j == len(tiles) || i < len(old) && Compare(old[i], tiles[j]) < 0:
			s.dec(old[i])
			i++
		case i == len(old) || Compare(old[i], tiles[j]) > 0:
			s.inc(tiles[j])
			j++
		default:
			i++
			j++
		}
	}
}

// Change is Set for a caller that already knows the difference: removed
// is the view's old tiles less tiles, added tiles less the old ones (as
// a diff of the two sorted lists gives them). It costs the change, not
// the view: a recentre moves one ring of a few hundred sections of a
// horizon of thousands. A view not tracked yet must have all its tiles
// in added.
func (s *Set) Change(key uint64, tiles, removed, added []Pos) {
	s.views[key] = tiles
	for _, p := range removed {
		s.dec(p)
	}
	for _, p := range added {
		s.inc(p)
	}
}

// Remove stops tracking view key.
func (s *Set) Remove(key uint64) {
	old, ok := s.views[key]
	if !ok {
		return
	}
	delete(s.views, key)
	for _, p := range old {
		s.dec(p)
	}
}

func (s *Set) inc(p Pos) {
	s.counts[p]++
	if s.counts[p] == 1 {
		s.wanted = append(s.wanted, p)
	}
}

func (s *Set) dec(p Pos) {
	if s.counts[p]--; s.counts[p] <= 0 {
		delete(s.counts, p)
		s.unwanted = append(s.unwanted, p)
	}
}

// Changes returns the sections that became wanted and those that stopped
// being wanted since the last ClearChanges, in the order the changes were
// made; a section may be in both (consumers check Contains). The slices
// are valid until the next change.
func (s *Set) Changes() (wanted, unwanted []Pos) { return s.wanted, s.unwanted }

// ClearChanges forgets the recorded changes.
func (s *Set) ClearChanges() {
	s.wanted, s.unwanted = s.wanted[:0], s.unwanted[:0]
}

// AppendPositions appends every wanted section to dst, sorted by Compare,
// and returns it: for tests and diagnostics.
func (s *Set) AppendPositions(dst []Pos) []Pos {
	start := len(dst)
	for p := range s.counts {
		dst = append(dst, p)
	}
	slices.SortFunc(dst[start:], Compare)
	return dst
}
