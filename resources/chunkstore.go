package resources

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/stratavox/strata/resources/chunk"
)

// Saver takes edited sections that the store evicts. Storage (issue 7)
// plugs one in; SaveEvicted must not keep s's cells past the call unless
// it owns them from then on (the store forgets the section when it
// returns nil).
type Saver interface {
	SaveEvicted(pos chunk.Pos, s chunk.Section, revision uint64) error
}

// ErrNoSaver is returned by Evict for an edited section when the store has
// no Saver: the section stays resident rather than losing the edit.
var ErrNoSaver = errors.New("edited section and no saver")

// ChunkStore holds the resident sections in a sparse map keyed by position,
// with a revision and a dirty flag per section. Sections are held as
// chunk.Section: uniform until edited, dense ([4096]uint16) otherwise.
//
// Internally the map is grouped by column (X, Z), each column holding its
// 24 vertical slots, and the last column looked up is remembered. The
// reason is memory latency, not memory: a random lookup in a map of a
// million entries costs 250-500 ns on the 2-core benchmark machine, and
// everything that touches sections in bulk (reconcile, physics, delivery)
// goes column by column, so one map lookup serves a whole column.
//
// Reads never create sections: a lookup of a section that is not resident
// reports false and allocates nothing, so physics probing at the edge of
// the world cannot leave a phantom ring of sections nobody asked for.
// Only Insert adds sections and only Evict removes them.
//
// Only the tick goroutine may use a ChunkStore.
type ChunkStore struct {
	// Saver receives dirty sections on eviction. With no Saver, an edited
	// section is never evicted (Evict returns ErrNoSaver): the design
	// forbids losing an edit, and holding it costs at most one section per
	// edited position.
	Saver Saver

	index colIndex // column → slot in cols
	// cols holds the columns in pages of colPage: the store grows a page
	// at a time, never by copying (a single slice of a million-section
	// store would be hundreds of megabytes of pointers to reallocate,
	// zero and copy in one go — a pause of tens of milliseconds).
	cols [][]storeColumn
	// occ has each column's occupancy, apart from the columns (4 bytes a
	// column, which stay in cache where the entries do not).
	occ []occupancy
	// denseAt and airAt have a bit per slot holding a dense section, and
	// one holding uniform air, beside occ: counting a column's dense
	// sections reads no entry, and airAt is what its sky is made from.
	// blankAt has one per slot holding uniform air at revision 0: a
	// section that needs no frame (DeriveOrBlank).
	denseAt []uint32
	airAt   []uint32
	blankAt []uint32
	n       int
	dirty   map[chunk.Pos]struct{}
	batch   []*entry // DeriveAll's scratch
	dense   int
	bytes   int64
	// air is the entry of every section in a column's sky for reads
	// of the section alone (entryIn); never written.
	air entry
	// blank stands for a blank section in DeriveOrBlank's batch; never
	// written.
	blank entry
}

// colPage is the number of columns in a page of ChunkStore.cols (about
// 1.3 MiB).
const colPage = 1024

// col returns column slot i.
func (s *ChunkStore) col(i int32) *storeColumn { return &s.cols[i/colPage][i%colPage] }

// occupancy is a column's bit per resident slot (bit y-MinSectionY) and,
// above them, its sky: the slot from which every resident section is
// uniform air. One load of 4 bytes says whether a section is resident and
// whether it is sky, so that a look-up of one that is not resident, or is
// sky — most sections above the ground, where fliers are and walkers'
// heads — touches no entry, and one that is touches only its entry.
type occupancy uint32

// skyShift is where an occupancy's sky starts: above every slot.
const skyShift = 24

// The slots must fit below the sky.
const _ = uint(skyShift - chunk.SectionsPerColumn)

func (o occupancy) present() uint32 { return uint32(o) & (1<<skyShift - 1) }

// sky reports whether slot y (y-MinSectionY) is in the sky: uniform air.
func (o occupancy) sky(y int32) bool { return uint32(y) >= uint32(o)>>skyShift }

// storeColumn holds one column's resident sections, indexed by
// Y - MinSectionY.
type storeColumn struct {
	secs [chunk.SectionsPerColumn]entry
}

type entry struct {
	sec chunk.Section
	// meta is the revision, with dirtyBit set while the section has edits
	// not yet saved: 40 bytes an entry rather than 56, and the store's
	// pages hold 24 entries for every resident column.
	meta uint64
	// cached is derived bytes for this revision (the network's encoded
	// frame), dropped whenever the section changes or leaves; "" until
	// made. Bytes rather than an interface: one pointer for the collector,
	// no second cache miss to reach them. A string, 8 bytes smaller than a
	// slice, for bytes nobody writes once made (frame, bytesOf).
	cached string
}

// dirtyBit marks entry.meta of a dirty section; revisions stay far below.
const dirtyBit = 1 << 63

func (e *entry) rev() uint64   { return e.meta &^ dirtyBit }
func (e *entry) dirty() bool   { return e.meta&dirtyBit != 0 }
func (e *entry) clean()        { e.meta &^= dirtyBit }
func (e *entry) bytes() []byte { return bytesOf(e.cached) }

// frame keeps derived bytes as an entry's cached string, without a copy:
// the caller hands them over and never writes them again.
func frame(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// bytesOf is the inverse of frame: the kept bytes, read-only.
func bytesOf(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// NewChunkStore returns an empty store.
func NewChunkStore() *ChunkStore {
	return &ChunkStore{index: newColIndex(), dirty: map[chunk.Pos]struct{}{}}
}

// lookup returns the entry at p, or nil when p is not resident; with
// shareAir, see entryIn.
func (s *ChunkStore) lookup(p chunk.Pos, shareAir bool) *entry {
	if p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return nil
	}
	return s.entryIn(s.columnIndex(colKey{p.X, p.Z}), p, shareAir)
}

// entryIn returns the entry at p in column slot i (-1: none), or nil.
// With shareAir, a uniform air section's is the store's shared air entry,
// not its own: for reads of the section alone, which then touch none of
// the column's entries (its occupancy says it is air).
func (s *ChunkStore) entryIn(i int32, p chunk.Pos, shareAir bool) *entry {
	if i < 0 {
		return nil
	}
	y := p.Y - chunk.MinSectionY
	switch o := s.occ[i]; {
	case o.present()&(1<<y) == 0:
		return nil
	case shareAir && o.sky(y):
		return &s.air
	}
	return &s.col(i).secs[y]
}

// Reader reads a ChunkStore through a lookup cache of its own, so that
// several goroutines can read the store at once — the tick's parallel
// loops, one Reader each — while nothing changes it. A ChunkStore's own
// reads remember the last region looked up, so they are not safe for that.
// It implements the physics rules' World and SectionWorld.
type Reader struct {
	s     *ChunkStore
	cache regionCache
	// Scratch of DeriveAll and Sections.
	batch   []*entry
	regions []*region
	slots   []int32
}

// Reader returns a Reader of s. Use it only while nothing changes s.
func (s *ChunkStore) Reader() Reader { return Reader{s: s} }

// Reset makes r a fresh Reader of s that keeps its scratch: for a system
// that reads the store every tick, whose Reader must not remember the
// regions of a tick before (the store may have changed since), nor
// allocate its scratch again.
func (r *Reader) Reset(s *ChunkStore) {
	*r = Reader{s: s, batch: r.batch[:0], regions: r.regions[:0], slots: r.slots[:0]}
}

// Section is ChunkStore.Section.
func (r *Reader) Section(p chunk.Pos) (chunk.Section, bool) {
	if p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return chunk.Section{}, false
	}
	if e := r.s.entryIn(r.s.index.getVia(&r.cache, p.X, p.Z), p, true); e != nil {
		return e.sec, true
	}
	return chunk.Section{}, false
}

// Sections looks up the sections at ps as Section does, each into secs[i]
// and ok[i] (both of len(ps) at least), in one batch (entries).
func (r *Reader) Sections(ps []chunk.Pos, secs []chunk.Section, ok []bool) {
	for i, e := range r.entries(ps, true) {
		if e == nil {
			secs[i], ok[i] = chunk.Section{}, false
			continue
		}
		secs[i], ok[i] = e.sec, true
	}
	clear(r.batch)
}

// entries returns the entries at ps (nil: not resident) in r.batch. The
// look-ups go in passes whose loads do not wait for one another — the
// regions of the column index, the column slots in them, the entries'
// places — and the caller's reads of the entries are a fourth, so that a
// batch of scattered positions waits about once for memory, not once or
// twice per position: a loop of single look-ups chains each position's
// misses, and its map look-ups keep the next positions from starting.
func (r *Reader) entries(ps []chunk.Pos, shareAir bool) []*entry {
	r.slotsOf(ps)
	r.batch = r.batch[:0]
	for i, p := range ps {
		r.batch = append(r.batch, r.s.entryIn(r.slots[i], p, shareAir))
	}
	return r.batch
}

// slotsOf sets r.slots to the column slots of ps (-1: none, or outside
// the world's height), the first two passes of entries.
func (r *Reader) slotsOf(ps []chunk.Pos) {
	ix := &r.s.index
	r.regions = r.regions[:0]
	for _, p := range ps {
		k, _ := splitColumn(p.X, p.Z)
		if !r.cache.ok || r.cache.key != k {
			r.cache.key, r.cache.r, r.cache.ok = k, ix.regions[k], true
		}
		r.regions = append(r.regions, r.cache.r)
	}
	r.slots = r.slots[:0]
	for i, p := range ps {
		slot := int32(-1)
		if reg := r.regions[i]; reg != nil && p.Y >= chunk.MinSectionY && p.Y <= chunk.MaxSectionY {
			_, c := splitColumn(p.X, p.Z)
			slot = reg.slots[c] - 1
		}
		r.slots = append(r.slots, slot)
	}
	clear(r.regions)
}

// DeriveAll is ChunkStore.DeriveAll for a parallel loop, which must not
// write the store: bytes an entry lacks are made by mk and returned with
// Made set, but not kept; the loop's caller keeps them afterwards
// (ChunkStore.Keep), on one goroutine.
func (r *Reader) DeriveAll(ps []chunk.Pos, mk func(p chunk.Pos, revision uint64, sec *chunk.Section) []byte, out []Derivation) []Derivation {
	return r.derive(r.entries(ps, false), ps, mk, out)
}

// DeriveOrBlank is DeriveAll, except that a blank section — resident
// uniform air at revision 0 — is answered Resident and Blank, without
// bytes, from its column's masks: no entry is read for it. It is for a
// client that is told of such sections by position
// (protocol.FeatureAirSections), which above the ground is most of a
// view.
func (r *Reader) DeriveOrBlank(ps []chunk.Pos, mk func(p chunk.Pos, revision uint64, sec *chunk.Section) []byte, out []Derivation) []Derivation {
	r.slotsOf(ps)
	r.batch = r.batch[:0]
	for i, p := range ps {
		e := &r.s.blank
		if slot := r.slots[i]; slot < 0 || r.s.blankAt[slot]&(1<<(p.Y-chunk.MinSectionY)) == 0 {
			e = r.s.entryIn(slot, p, false)
		}
		r.batch = append(r.batch, e)
	}
	return r.derive(r.batch, ps, mk, out)
}

// Blank returns the blank sections of column (x, z) — resident uniform
// air at revision 0, DeriveOrBlank's Blank — as a mask (bit
// y-MinSectionY), read from the column's masks without an entry: 0 for a
// column not resident.
func (r *Reader) Blank(x, z int32) uint32 {
	if slot := r.s.index.getVia(&r.cache, x, z); slot >= 0 {
		return r.s.blankAt[slot]
	}
	return 0
}

// derive appends the answers for the entries es of ps (r.batch) and
// clears them.
func (r *Reader) derive(es []*entry, ps []chunk.Pos, mk func(p chunk.Pos, revision uint64, sec *chunk.Section) []byte, out []Derivation) []Derivation {
	for i, e := range es {
		switch {
		case e == nil:
			out = append(out, Derivation{})
		case e == &r.s.blank:
			out = append(out, Derivation{Resident: true, Blank: true})
		case e.cached == "":
			out = append(out, Derivation{Bytes: mk(ps[i], e.rev(), &e.sec), Revision: e.rev(), Resident: true, Made: true})
		default:
			out = append(out, Derivation{Bytes: e.bytes(), Revision: e.rev(), Resident: true})
		}
	}
	clear(es)
	return out
}

// Block is ChunkStore.Block.
func (r *Reader) Block(x, y, z int) (chunk.Block, bool) {
	sec, ok := r.Section(chunk.PosOfBlock(x, y, z))
	if !ok {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return sec.Get(lx, ly, lz), true
}

// columnIndex returns the slot of column k, or -1.
func (s *ChunkStore) columnIndex(k colKey) int32 { return s.index.get(k.X, k.Z) }

// Len returns the number of resident sections.
func (s *ChunkStore) Len() int { return s.n }

// Dense returns the number of resident sections held as a full cell array.
func (s *ChunkStore) Dense() int { return s.dense }

// Uniform returns the number of resident sections held as a single block.
func (s *ChunkStore) Uniform() int { return s.n - s.dense }

// Bytes returns the bytes of cell arrays held by resident sections (the
// per-section map entry, a few dozen bytes, is not counted).
func (s *ChunkStore) Bytes() int64 { return s.bytes }

// DirtyCount returns the number of edited sections not yet saved.
func (s *ChunkStore) DirtyCount() int { return len(s.dirty) }

// Has reports whether p is resident.
func (s *ChunkStore) Has(p chunk.Pos) bool { return s.lookup(p, true) != nil }

// Section returns the resident section at p. The returned value shares
// its cells with the store: treat it as read-only and do not keep it past
// the tick (write through SetBlock, which keeps revisions and counts).
func (s *ChunkStore) Section(p chunk.Pos) (chunk.Section, bool) {
	if e := s.lookup(p, true); e != nil {
		return e.sec, true
	}
	return chunk.Section{}, false
}

// Derivation is one answer of DeriveAll: what Derive returns.
type Derivation struct {
	Bytes    []byte
	Revision uint64
	Resident bool
	// Made: Bytes were made by this call and not kept (Reader.DeriveAll).
	Made bool
	// Blank: the section is uniform air at revision 0, answered without
	// bytes (Reader.DeriveOrBlank).
	Blank bool
}

// DeriveAll appends to out, for every position of ps in order, the bytes
// derived from the resident section there for its current revision, its
// revision, and whether it is resident. The bytes are made by mk on the
// first call for a revision (unless the generation worker made them, see
// InsertDerived) and kept on the entry until the section changes or
// leaves: delivery keeps each section's encoded frame here, so encoding
// happens once per revision without a second map as large as the store.
// mk must not use the store. The positions are all looked up before any entry is read,
// so that the cache misses of a batch overlap instead of queueing one
// behind the other: delivery reads a few thousand entries a tick scattered
// over a store of millions, and memory latency is the whole cost.
func (s *ChunkStore) DeriveAll(ps []chunk.Pos, mk func(p chunk.Pos, revision uint64, sec *chunk.Section) []byte, out []Derivation) []Derivation {
	s.batch = s.batch[:0]
	for _, p := range ps {
		s.batch = append(s.batch, s.lookup(p, false))
	}
	for i, e := range s.batch {
		if e == nil {
			out = append(out, Derivation{})
			continue
		}
		if e.cached == "" {
			e.cached = frame(mk(ps[i], e.rev(), &e.sec))
		}
		out = append(out, Derivation{Bytes: e.bytes(), Revision: e.rev(), Resident: true})
	}
	clear(s.batch)
	return out
}

// Keep keeps derived bytes made by Reader.DeriveAll on the entry at p,
// unless the section left or changed since, or has bytes already.
func (s *ChunkStore) Keep(p chunk.Pos, revision uint64, derived []byte) {
	if e := s.lookup(p, false); e != nil && e.rev() == revision && e.cached == "" {
		e.cached = frame(derived)
	}
}

// Revision returns the revision of the resident section at p. A section
// straight from the generator has revision 0; each edit adds one; a
// section loaded from storage keeps its stored revision.
func (s *ChunkStore) Revision(p chunk.Pos) (uint64, bool) {
	if e := s.lookup(p, false); e != nil {
		return e.rev(), true
	}
	return 0, false
}

// IsDirty reports whether the section at p has edits not yet saved.
func (s *ChunkStore) IsDirty(p chunk.Pos) bool {
	_, ok := s.dirty[p]
	return ok
}

// Insert makes sec resident at p with the given revision, clean. It fails
// if p is outside the world or already resident (reconcile never inserts
// twice; a second insert would silently drop an edit).
func (s *ChunkStore) Insert(p chunk.Pos, sec chunk.Section, revision uint64) error {
	return s.InsertDerived(p, sec, revision, nil)
}

// InsertDerived is Insert with the bytes already derived from the section
// at this revision (see DeriveAll), made off the tick by the generation
// workers; nil derives them on first use.
func (s *ChunkStore) InsertDerived(p chunk.Pos, sec chunk.Section, revision uint64, derived []byte) error {
	if !p.InWorld() {
		return fmt.Errorf("insert section %v: outside the world", p)
	}
	k := colKey{p.X, p.Z}
	i := s.columnIndex(k)
	if i < 0 {
		var fresh bool
		if i, fresh = s.index.claim(p.X, p.Z); fresh {
			if i%colPage == 0 {
				s.cols = append(s.cols, make([]storeColumn, colPage))
			}
			s.occ = append(s.occ, 0)
			s.denseAt = append(s.denseAt, 0)
			s.airAt = append(s.airAt, 0)
			s.blankAt = append(s.blankAt, 0)
		}
	}
	c := s.col(i)
	y := p.Y - chunk.MinSectionY
	if s.occ[i].present()&(1<<y) != 0 {
		return fmt.Errorf("insert section %v: already resident", p)
	}
	s.occ[i] |= 1 << y
	s.markKind(i, y, &sec, revision)
	c.secs[y] = entry{sec: sec, meta: revision, cached: frame(derived)}
	s.n++
	s.account(&sec, 1)
	return nil
}

// Evict removes the section at p. A dirty section is first handed to the
// Saver; if there is none, or it fails, the section stays resident and
// dirty and the error is returned (wrapping ErrNoSaver or the Saver's
// error). It reports whether a section was removed.
func (s *ChunkStore) Evict(p chunk.Pos) (bool, error) {
	e := s.lookup(p, false)
	if e == nil {
		return false, nil
	}
	if e.dirty() {
		if s.Saver == nil {
			return false, fmt.Errorf("evict section %v: %w", p, ErrNoSaver)
		}
		if err := s.Saver.SaveEvicted(p, e.sec, e.rev()); err != nil {
			return false, fmt.Errorf("evict section %v: save: %w", p, err)
		}
		delete(s.dirty, p)
	}
	s.account(&e.sec, -1)
	*e = entry{}
	s.n--
	k := colKey{p.X, p.Z}
	i := s.columnIndex(k)
	bit := uint32(1) << (p.Y - chunk.MinSectionY)
	s.occ[i] &^= occupancy(bit)
	s.denseAt[i] &^= bit
	s.airAt[i] &^= bit
	s.blankAt[i] &^= bit
	s.setSky(i)
	if s.occ[i].present() == 0 {
		s.index.release(p.X, p.Z, i)
	}
	return true, nil
}

// Block returns the block at world block coordinates (x, y, z) and whether
// its section is resident. A missing section reads as Air with false:
// callers (physics) must treat it as unknown, not as air.
func (s *ChunkStore) Block(x, y, z int) (chunk.Block, bool) {
	sec, ok := s.Section(chunk.PosOfBlock(x, y, z))
	if !ok {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return sec.Get(lx, ly, lz), true
}

// SetBlock writes b at world block coordinates (x, y, z) if its section is
// resident. A write that changes the block bumps the section's revision
// and marks it dirty. It reports whether the block changed and whether the
// section was resident; it never creates a section.
func (s *ChunkStore) SetBlock(x, y, z int, b chunk.Block) (changed, resident bool) {
	p := chunk.PosOfBlock(x, y, z)
	e := s.lookup(p, false)
	if e == nil {
		return false, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	if e.sec.Get(lx, ly, lz) == b {
		return false, true
	}
	s.account(&e.sec, -1)
	e.sec.Set(lx, ly, lz, b)
	s.account(&e.sec, 1)
	e.meta = (e.rev() + 1) | dirtyBit
	s.markKind(s.columnIndex(colKey{p.X, p.Z}), p.Y-chunk.MinSectionY, &e.sec, e.rev())
	e.cached = ""
	s.dirty[p] = struct{}{}
	return true, true
}

// Replace sets the resident section at p to sec at revision, clean: the
// copy another server of a cluster stored (the region's owner), which
// supersedes this one's, unsaved edits included. It returns the previous
// content, for telling clients what changed, and false (changing nothing)
// when p is not resident.
func (s *ChunkStore) Replace(p chunk.Pos, sec chunk.Section, revision uint64) (chunk.Section, bool) {
	e := s.lookup(p, false)
	if e == nil {
		return chunk.Section{}, false
	}
	old := e.sec
	s.account(&e.sec, -1)
	e.sec = sec
	s.account(&e.sec, 1)
	s.markKind(s.columnIndex(colKey{p.X, p.Z}), p.Y-chunk.MinSectionY, &e.sec, revision)
	wasDirty := e.dirty()
	e.meta, e.cached = revision, ""
	if wasDirty {
		delete(s.dirty, p)
	}
	return old, true
}

// MarkSaved clears the dirty flag of p if its revision is still revision:
// storage calls it once a write is durable, and an edit made after the
// write was taken keeps the section dirty.
func (s *ChunkStore) MarkSaved(p chunk.Pos, revision uint64) bool {
	e := s.lookup(p, false)
	if e == nil || !e.dirty() || e.rev() != revision {
		return false
	}
	e.clean()
	delete(s.dirty, p)
	return true
}

// AppendDirty appends the positions of dirty sections to dst in chunk.ComparePos
// order and returns it.
func (s *ChunkStore) AppendDirty(dst []chunk.Pos) []chunk.Pos {
	start := len(dst)
	for p := range s.dirty {
		dst = append(dst, p)
	}
	slices.SortFunc(dst[start:], chunk.ComparePos)
	return dst
}

// EachColumn calls fn for every column holding resident sections, in no
// particular order, with how many sections it holds and how many of them
// are dense, and its slot: a small integer naming the column while it
// stays resident (reused by another column after it leaves), for callers
// that keep per-column data in a slice instead of a map. It costs a pass
// over the column index and reads no section: the status page's map calls
// it once a second over millions of sections.
func (s *ChunkStore) EachColumn(fn func(x, z int32, slot int32, sections, dense int)) {
	s.index.each(func(x, z, i int32) {
		fn(x, z, i, bits.OnesCount32(s.occ[i].present()), bits.OnesCount32(s.denseAt[i]))
	})
}

// ColumnLen returns how many sections of column (x, z), in section
// coordinates, are resident.
func (s *ChunkStore) ColumnLen(x, z int32) int {
	i := s.columnIndex(colKey{x, z})
	if i < 0 {
		return 0
	}
	return bits.OnesCount32(s.occ[i].present())
}

// markKind records whether the section in slot y of column i, at
// revision rev, is dense, or uniform air, and whether it is blank.
func (s *ChunkStore) markKind(i, y int32, sec *chunk.Section, rev uint64) {
	bit := uint32(1) << y
	s.denseAt[i] &^= bit
	s.airAt[i] &^= bit
	s.blankAt[i] &^= bit
	switch {
	case !sec.IsUniform():
		s.denseAt[i] |= bit
	case sec.UniformBlock() == chunk.Air:
		s.airAt[i] |= bit
		if Blank(sec, rev) {
			s.blankAt[i] |= bit
		}
	}
	s.setSky(i)
}

// Blank reports whether a section at revision rev is blank: uniform air at
// revision 0, the sky as generated, which a client granted air-sections is
// told of by position and which needs no frame.
func Blank(sec *chunk.Section, rev uint64) bool {
	return rev == 0 && sec.IsUniform() && sec.UniformBlock() == chunk.Air
}

// setSky sets column i's sky above its highest resident section that is
// not uniform air.
func (s *ChunkStore) setSky(i int32) {
	ground := s.occ[i].present() &^ s.airAt[i]
	s.occ[i] = occupancy(s.occ[i].present()) | occupancy(32-bits.LeadingZeros32(ground))<<skyShift
}

// TopBlock returns the highest non-air block at world column (x, z) among
// the resident sections, its Y, and whether there is one. Uniform air is
// skipped by its mask and other uniform sections whole, so it reads the
// entries of a section or two.
func (s *ChunkStore) TopBlock(x, z int) (chunk.Block, int, bool) {
	i := s.columnIndex(colKey{int32(chunk.FloorDiv(x)), int32(chunk.FloorDiv(z))})
	if i < 0 {
		return 0, 0, false
	}
	c := s.col(i)
	lx, lz := chunk.FloorMod(x), chunk.FloorMod(z)
	for rest := s.occ[i].present() &^ s.airAt[i]; rest != 0; {
		y := 31 - bits.LeadingZeros32(rest)
		rest &^= 1 << y
		sec := &c.secs[y].sec
		if sec.IsUniform() {
			return sec.UniformBlock(), (y+chunk.MinSectionY)*chunk.Size + chunk.Size - 1, true
		}
		for ly := chunk.Size - 1; ly >= 0; ly-- {
			if b := sec.Get(lx, ly, lz); b != chunk.Air {
				return b, (y+chunk.MinSectionY)*chunk.Size + ly, true
			}
		}
	}
	return 0, 0, false
}

// AppendPositions appends every resident position to dst in chunk.ComparePos
// order and returns it. It walks the whole store: for tests, tools and
// diagnostics, not per-tick work.
func (s *ChunkStore) AppendPositions(dst []chunk.Pos) []chunk.Pos {
	dst, _ = s.appendSorted(dst, nil, false)
	return dst
}

// AppendRevisions appends every resident position to dst in
// chunk.ComparePos order, and each one's revision to revs, side by side;
// it returns both. The order is the columns' sorted,
// each column's slots from the bottom up (ComparePos orders by X, Z, then
// Y): a sort of the columns, a twentieth of the sections, which is what
// makes a replay's state hash of every resident section cheap enough for
// every tick.
func (s *ChunkStore) AppendRevisions(dst []chunk.Pos, revs []uint64) ([]chunk.Pos, []uint64) {
	return s.appendSorted(dst, revs, true)
}

func (s *ChunkStore) appendSorted(dst []chunk.Pos, revs []uint64, withRevs bool) ([]chunk.Pos, []uint64) {
	type column struct{ x, z, i int32 }
	cols := make([]column, 0, s.index.n)
	s.index.each(func(x, z, i int32) { cols = append(cols, column{x, z, i}) })
	slices.SortFunc(cols, func(a, b column) int { return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.z, b.z)) })
	for _, c := range cols {
		present := s.occ[c.i].present()
		for y := range int32(chunk.SectionsPerColumn) {
			if present&(1<<y) == 0 {
				continue
			}
			dst = append(dst, chunk.Pos{X: c.x, Y: y + chunk.MinSectionY, Z: c.z})
			if withRevs {
				revs = append(revs, s.col(c.i).secs[y].rev())
			}
		}
	}
	return dst, revs
}

// Hash returns HashRegion over every resident section: equal for equal
// resident worlds, however they were loaded.
func (s *ChunkStore) Hash() [32]byte {
	return HashRegion(s.AppendPositions(nil), func(p chunk.Pos) uint64 {
		return s.lookup(p, false).sec.Hash()
	})
}

// HashRegion returns a SHA-256 over each position and its section's
// content hash (sum), in chunk.ComparePos order; it sorts positions in place.
// The figure depends only on the contents, never on the order in which
// sections were produced, so pregen runs and resident stores compare.
func HashRegion(positions []chunk.Pos, sum func(chunk.Pos) uint64) [32]byte {
	slices.SortFunc(positions, chunk.ComparePos)
	h := sha256.New()
	var buf [20]byte
	for _, p := range positions {
		binary.LittleEndian.PutUint32(buf[0:], uint32(p.X))
		binary.LittleEndian.PutUint32(buf[4:], uint32(p.Y))
		binary.LittleEndian.PutUint32(buf[8:], uint32(p.Z))
		binary.LittleEndian.PutUint64(buf[12:], sum(p))
		h.Write(buf[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// account adds (sign 1) or removes (sign -1) sec from the counts.
func (s *ChunkStore) account(sec *chunk.Section, sign int) {
	if !sec.IsUniform() {
		s.dense += sign
	}
	s.bytes += int64(sign * sec.Bytes())
}
