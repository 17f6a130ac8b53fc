package chunk

// Section is 16×16×16 cells, index x + 16*z + 256*y. It is uniform (one
// block, no array) until a different block is written, and collapses back to
// uniform when Compact finds every cell equal. The zero Section is all air.
type Section struct {
	uniform Block
	cells   *[Volume]uint16 // nil while uniform
}

// Index returns the cell index of local coordinates (x, y, z), each 0..15.
func Index(x, y, z int) int { return x + Size*z + Size*Size*y }

// Uniform returns a section filled with b.
func Uniform(b Block) Section { return Section{uniform: b} }

// IsUniform reports whether the section is held as a single block.
func (s *Section) IsUniform() bool { return s.cells == nil }

// UniformBlock returns the block of a uniform section (meaningless when dense).
func (s *Section) UniformBlock() Block { return s.uniform }

// Get returns the block at local coordinates.
func (s *Section) Get(x, y, z int) Block {
	if s.cells == nil {
		return s.uniform
	}
	return Block(s.cells[Index(x, y, z)])
}

// At returns the block at cell index i.
func (s *Section) At(i int) Block {
	if s.cells == nil {
		return s.uniform
	}
	return Block(s.cells[i])
}

// Set writes b at local coordinates, expanding a uniform section on the
// first write of a different block, and collapsing it back when the write
// makes every cell equal again.
func (s *Section) Set(x, y, z int, b Block) {
	s.SetAt(Index(x, y, z), b)
	if s.cells != nil && s.cells[0] == uint16(b) {
		s.Compact()
	}
}

// SetAt writes b at cell index i without trying to collapse; generators
// writing many cells call Compact once at the end.
func (s *Section) SetAt(i int, b Block) {
	if s.cells == nil {
		if b == s.uniform {
			return
		}
		s.cells = new([Volume]uint16)
		u := uint16(s.uniform)
		if u != 0 {
			for j := range s.cells {
				s.cells[j] = u
			}
		}
	}
	s.cells[i] = uint16(b)
}

// FromCells returns a section that takes ownership of cells (the caller
// must not use the array afterwards); it comes back uniform when every cell
// is equal. Generators and decoders build the dense array directly this way
// instead of paying SetAt's per-cell check.
func FromCells(cells *[Volume]uint16) Section {
	s := Section{cells: cells}
	s.Compact()
	return s
}

// Fill makes the section uniform b.
func (s *Section) Fill(b Block) { *s = Section{uniform: b} }

// Compact collapses a dense section whose cells are all equal to uniform.
func (s *Section) Compact() {
	if s.cells == nil {
		return
	}
	first := s.cells[0]
	for _, c := range s.cells {
		if c != first {
			return
		}
	}
	*s = Section{uniform: Block(first)}
}

// Clone returns a deep copy.
func (s *Section) Clone() Section {
	if s.cells == nil {
		return *s
	}
	c := *s.cells
	return Section{cells: &c}
}

// Cells returns the dense array, or nil when uniform. Callers must not
// keep it past the next Set.
func (s *Section) Cells() *[Volume]uint16 { return s.cells }

// Bytes returns the memory the section holds beyond its header.
func (s *Section) Bytes() int {
	if s.cells == nil {
		return 0
	}
	return Volume * 2
}

// FNV-1a 64-bit parameters. The content hash is FNV-1a over the cells in
// index order, each as two little-endian bytes, so any client can compute
// it (see testdata/sections/README.md).
const (
	fnvOffset64 = 14695981039684346656
	fnvPrime64  = 1099511628211
)

// uniformHashes holds the hash of a uniform section of each registered
// block, so Hash on a uniform section (most of the world) is a lookup
// rather than 8 KiB of hashing. Computed once at start-up, read-only after.
var uniformHashes = func() (t [NumBlocks]uint64) {
	for b := range t {
		t[b] = hashRepeated(uint16(b))
	}
	return t
}()

// hashRepeated is the dense hash of a section whose every cell is v.
func hashRepeated(v uint16) uint64 {
	lo, hi := uint64(v&0xff), uint64(v>>8)
	h := uint64(fnvOffset64)
	for i := 0; i < Volume; i++ {
		h = (h ^ lo) * fnvPrime64
		h = (h ^ hi) * fnvPrime64
	}
	return h
}

// Hash returns a content hash that is equal for equal contents, whether the
// section is held uniform or dense: FNV-1a 64 over the cells in index
// order, two little-endian bytes per cell.
func (s *Section) Hash() uint64 {
	if s.cells == nil {
		if s.uniform < NumBlocks {
			return uniformHashes[s.uniform]
		}
		return hashRepeated(uint16(s.uniform))
	}
	h := uint64(fnvOffset64)
	for _, c := range s.cells {
		h = (h ^ uint64(c&0xff)) * fnvPrime64
		h = (h ^ uint64(c>>8)) * fnvPrime64
	}
	return h
}

// Equal reports whether two sections hold the same blocks.
func (s *Section) Equal(o *Section) bool {
	if s.cells == nil && o.cells == nil {
		return s.uniform == o.uniform
	}
	for i := 0; i < Volume; i++ {
		if s.At(i) != o.At(i) {
			return false
		}
	}
	return true
}
