package resources

import (
	"slices"

	"github.com/stratavox/strata/internal/buf"
	"github.com/stratavox/strata/resources/chunk"
)

// Want is a section a view asked for, with its dispatch priority (see
// Priority) relative to that view's centre.
type Want struct {
	Pos      chunk.Pos
	Priority uint32
}

// Desired is the desired set: the union of every tracked view's Cylinder,
// reference-counted per section so that it is maintained incrementally. A
// view that moves is applied as the difference between its old and new
// cylinders (a one-chunk step touches two thin slabs, not the whole
// volume), and nothing is rebuilt per tick.
//
// The counts live per column (X, Z): every cylinder is a vertical prism, so
// a view's contribution to a column is one Y range, and a step only looks
// up the columns that enter or leave the footprint.
//
// Desired records what changed since the last ClearChanges: sections that
// became wanted (with a priority) and sections that stopped being wanted.
// Reconcile consumes them to evict and dispatch without scanning the whole
// set. Only the tick goroutine may use a Desired.
type Desired struct {
	index  colIndex // column → slot in cols
	cols   []column
	n      int // sections with a count above zero
	shapes map[shapeKey]*footprint

	views map[uint64]*tracked
	// byID holds the views again by their key's high word, an entity's
	// id in residency's keys: Set, every view every tick, finds one
	// there without a map look-up (the map stays the truth).
	byID     []*tracked
	epoch    uint64
	seen     int // views Set during the current epoch
	stale    []uint64
	wanted   []Want
	unwanted []chunk.Pos
	// edge is slide's scratch; touched keeps its reads from being
	// optimised away.
	edge    []edgeColumn
	touched int32
}

type colKey struct{ X, Z int32 }

type shapeKey struct{ r, pad int }

// column holds the reference counts of one column's sections, indexed by
// Y - MinSectionY, and how many views cover the column at all. best is
// the most urgent priority recorded for each section since it last became
// wanted: a view added later is recorded only where it is more urgent,
// so that a tick thousands of overlapping views join records each section
// a few times rather than once per view (15 million wants, and as many
// backlog entries, for 5,000 views over 1.9 million sections).
type column struct {
	counts [chunk.SectionsPerColumn]int32
	best   [chunk.SectionsPerColumn]uint32
	refs   int32
}

type tracked struct {
	key   uint64
	cyl   Cylinder
	epoch uint64
}

// maxByID bounds byID: keys whose high word is larger are in the map
// alone.
const maxByID = 1 << 22

// lookup returns the view tracked under key.
func (d *Desired) lookup(key uint64) (*tracked, bool) {
	if i := key >> 32; i < uint64(len(d.byID)) {
		if t := d.byID[i]; t != nil && t.key == key {
			return t, true
		}
	}
	t, ok := d.views[key]
	return t, ok
}

// NewDesired returns an empty desired set.
func NewDesired() *Desired {
	return &Desired{
		index:  newColIndex(),
		shapes: map[shapeKey]*footprint{},
		views:  map[uint64]*tracked{},
	}
}

// columnIndex returns the slot of column k, or -1.
func (d *Desired) columnIndex(k colKey) int32 { return d.index.get(k.X, k.Z) }

// Len returns the number of desired sections.
func (d *Desired) Len() int { return d.n }

// Views returns the number of tracked views.
func (d *Desired) Views() int { return len(d.views) }

// Contains reports whether some view wants p.
func (d *Desired) Contains(p chunk.Pos) bool {
	if p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return false
	}
	i := d.columnIndex(colKey{p.X, p.Z})
	return i >= 0 && d.cols[i].counts[p.Y-chunk.MinSectionY] > 0
}

// Count returns how many views want p.
func (d *Desired) Count(p chunk.Pos) int {
	if p.Y < chunk.MinSectionY || p.Y > chunk.MaxSectionY {
		return 0
	}
	i := d.columnIndex(colKey{p.X, p.Z})
	if i < 0 {
		return 0
	}
	return int(d.cols[i].counts[p.Y-chunk.MinSectionY])
}

// View returns the cylinder tracked under key.
func (d *Desired) View(key uint64) (Cylinder, bool) {
	t, ok := d.lookup(key)
	if !ok {
		return Cylinder{}, false
	}
	return t.cyl, true
}

// Set tracks view key with cylinder c: it adds the cylinder for a new key
// and applies the difference for a key whose cylinder changed. It also
// marks key as seen for Sweep. Radius and Pad are clamped to
// 0..MaxViewRadius.
func (d *Desired) Set(key uint64, c Cylinder) {
	c = c.clamped()
	t, ok := d.lookup(key)
	if !ok {
		d.add(c, true)
		t = &tracked{key: key, cyl: c, epoch: d.epoch}
		d.views[key] = t
		if i := key >> 32; i < maxByID {
			if i >= uint64(len(d.byID)) {
				d.byID = append(d.byID, make([]*tracked, int(i)+1-len(d.byID))...)
			}
			d.byID[i] = t
		}
		d.seen++
		return
	}
	if t.epoch != d.epoch {
		t.epoch = d.epoch
		d.seen++
	}
	if t.cyl == c {
		return
	}
	d.move(t.cyl, c)
	t.cyl = c
}

// Remove stops tracking view key and releases its cylinder.
func (d *Desired) Remove(key uint64) {
	t, ok := d.lookup(key)
	if !ok {
		return
	}
	if t.epoch == d.epoch {
		d.seen--
	}
	d.remove(t.cyl)
	delete(d.views, key)
	if i := key >> 32; i < uint64(len(d.byID)) && d.byID[i] == t {
		d.byID[i] = nil
	}
}

// Sweep removes every view that was not Set since the previous Sweep (the
// entity lost its View or was despawned), in key order so that the change
// log is deterministic, and starts a new epoch. It returns how many views
// it removed. It costs nothing when every tracked view was seen.
func (d *Desired) Sweep() int {
	removed := 0
	if d.seen < len(d.views) {
		d.stale = d.stale[:0]
		for k, t := range d.views {
			if t.epoch != d.epoch {
				d.stale = append(d.stale, k)
			}
		}
		slices.Sort(d.stale)
		for _, k := range d.stale {
			d.Remove(k)
		}
		removed = len(d.stale)
	}
	d.epoch++
	d.seen = 0
	return removed
}

// Changes returns the sections that became wanted and those that stopped
// being wanted since the last ClearChanges, in the order the changes were
// made. A section may appear in both (it left and came back, or the other
// way round): consumers check Contains for the current state. Wanted also
// lists sections re-requested by a newly added cylinder even if another
// view already wanted them, where the new view makes them more urgent
// than any recorded since they became wanted, so that their priority can
// improve. The
// slices are valid until the next change.
func (d *Desired) Changes() (wanted []Want, unwanted []chunk.Pos) {
	return d.wanted, d.unwanted
}

// ClearChanges forgets the recorded changes. The lists keep their room
// unless this tick's used little of it (buf.Reset): the tick thousands
// of players join wants millions of sections once.
func (d *Desired) ClearChanges() {
	d.wanted = buf.Reset(d.wanted, changesFloor)
	d.unwanted = buf.Reset(d.unwanted, changesFloor)
}

// changesFloor is the room, in entries, the change lists always keep.
const changesFloor = 16 << 10

// AppendPositions appends every desired section to dst, sorted by
// (X, Z, Y), and returns it. It walks the whole set: for tests, tools and
// diagnostics, not for per-tick work.
func (d *Desired) AppendPositions(dst []chunk.Pos) []chunk.Pos {
	start := len(dst)
	d.index.each(func(x, z, i int32) {
		for y, c := range d.cols[i].counts {
			if c > 0 {
				dst = append(dst, chunk.Pos{X: x, Y: int32(y) + chunk.MinSectionY, Z: z})
			}
		}
	})
	slices.SortFunc(dst[start:], chunk.ComparePos)
	return dst
}

func (d *Desired) shape(c Cylinder) *footprint {
	k := shapeKey{c.Radius, c.Pad}
	fp, ok := d.shapes[k]
	if !ok {
		fp = newFootprint(c.Radius, c.Pad)
		d.shapes[k] = fp
	}
	return fp
}

// add adds c's sections. With boost, sections that were already wanted
// are recorded as wanted again (a new view may be nearer to them than the
// view that first asked).
func (d *Desired) add(c Cylinder, boost bool) {
	lo, hi := c.yRange()
	if lo > hi {
		return
	}
	d.shape(c).eachColumn(c.Center, func(x, z int64) {
		col := d.column(int32(x), int32(z))
		col.refs++
		d.inc(col, c.Center, int32(x), int32(z), lo, hi, boost)
	})
}

// remove releases c's sections.
func (d *Desired) remove(c Cylinder) {
	lo, hi := c.yRange()
	if lo > hi {
		return
	}
	d.shape(c).eachColumn(c.Center, func(x, z int64) { d.release(int32(x), int32(z), lo, hi) })
}

// move replaces cylinder from by to. When both have the same shape and
// overlap, only the difference is touched; otherwise the new cylinder is
// added before the old one is removed, so that shared sections never drop
// to zero (no spurious unwanted/wanted pair, no column churn).
func (d *Desired) move(from, to Cylinder) {
	flo, fhi := from.yRange()
	tlo, thi := to.yRange()
	reach := int64(from.Radius + from.Pad)
	far := abs64(int64(from.Center.X)-int64(to.Center.X)) > 2*reach ||
		abs64(int64(from.Center.Z)-int64(to.Center.Z)) > 2*reach
	if from.Radius != to.Radius || from.Pad != to.Pad || flo > fhi || tlo > thi || far {
		d.add(to, true)
		d.remove(from)
		return
	}
	fp := d.shape(to)
	if flo == tlo && fhi == thi {
		d.slide(fp, from, to, tlo, thi)
		return
	}
	// Columns in the new footprint: add the new-only ones, adjust the Y
	// range of shared ones.
	fp.eachColumn(to.Center, func(x, z int64) {
		if !fp.covers(x-int64(from.Center.X), z-int64(from.Center.Z)) {
			col := d.column(int32(x), int32(z))
			col.refs++
			d.inc(col, to.Center, int32(x), int32(z), tlo, thi, false)
			return
		}
		if flo == tlo && fhi == thi {
			return
		}
		col := &d.cols[d.columnIndex(colKey{int32(x), int32(z)})]
		for y := tlo; y <= thi; y++ {
			if y < flo || y > fhi {
				d.inc(col, to.Center, int32(x), int32(z), y, y, false)
			}
		}
		for y := flo; y <= fhi; y++ {
			if y < tlo || y > thi {
				d.dec(col, int32(x), int32(z), y, y)
			}
		}
	})
	// Columns only in the old footprint.
	fp.eachColumn(from.Center, func(x, z int64) {
		if !fp.covers(x-int64(to.Center.X), z-int64(to.Center.Z)) {
			d.release(int32(x), int32(z), flo, fhi)
		}
	})
}

// slide is move for a cylinder that keeps its shape and Y range lo..hi
// and overlaps its old place: the columns that enter are added and those
// that leave released, as move does, column for column in the same
// order. Each side goes in passes — find the columns, read each one's
// counts once (their misses overlap: the columns lie anywhere in d.cols),
// then count — rather than one chain of misses per column.
func (d *Desired) slide(fp *footprint, from, to Cylinder, lo, hi int32) {
	d.edge = d.edge[:0]
	fp.eachEntering(from.Center, to.Center, func(x, z int64) {
		d.edge = append(d.edge, edgeColumn{int32(x), int32(z), d.slot(int32(x), int32(z))})
	})
	d.touch(lo)
	for _, e := range d.edge {
		col := &d.cols[e.slot]
		col.refs++
		d.inc(col, to.Center, e.x, e.z, lo, hi, false)
	}
	d.edge = d.edge[:0]
	fp.eachEntering(to.Center, from.Center, func(x, z int64) {
		d.edge = append(d.edge, edgeColumn{int32(x), int32(z), d.columnIndex(colKey{int32(x), int32(z)})})
	})
	d.touch(lo)
	for _, e := range d.edge {
		d.releaseAt(e.slot, e.x, e.z, lo, hi)
	}
}

// edgeColumn is a column entering or leaving a sliding cylinder, and its
// slot (-1: none).
type edgeColumn struct {
	x, z, slot int32
}

// touch reads the count at lo of every column of d.edge, so that the
// columns are in the cache when they are counted: the reads do not wait
// for one another.
func (d *Desired) touch(lo int32) {
	var sum int32
	for _, e := range d.edge {
		if e.slot >= 0 {
			sum += d.cols[e.slot].counts[lo-chunk.MinSectionY]
		}
	}
	d.touched = sum
}

// column returns the column at (x, z), creating it.
func (d *Desired) column(x, z int32) *column { return &d.cols[d.slot(x, z)] }

// slot returns the slot of the column at (x, z), creating it.
func (d *Desired) slot(x, z int32) int32 {
	k := colKey{x, z}
	if i := d.columnIndex(k); i >= 0 {
		return i
	}
	i, fresh := d.index.claim(x, z)
	if fresh {
		d.cols = append(d.cols, column{})
	}
	return i
}

// inc counts one more view wanting sections lo..hi of column (x, z).
func (d *Desired) inc(col *column, center chunk.Pos, x, z, lo, hi int32, boost bool) {
	for y := lo; y <= hi; y++ {
		c := &col.counts[y-chunk.MinSectionY]
		*c++
		if *c > 1 && !boost {
			continue
		}
		p := chunk.Pos{X: x, Y: y, Z: z}
		prio, best := Priority(center, p), &col.best[y-chunk.MinSectionY]
		if *c == 1 {
			d.n++
		} else if prio >= *best {
			continue
		}
		*best = prio
		d.wanted = append(d.wanted, Want{Pos: p, Priority: prio})
	}
}

// dec counts one view fewer wanting sections lo..hi of col.
func (d *Desired) dec(col *column, x, z, lo, hi int32) {
	for y := lo; y <= hi; y++ {
		c := &col.counts[y-chunk.MinSectionY]
		*c--
		if *c == 0 {
			d.n--
			d.unwanted = append(d.unwanted, chunk.Pos{X: x, Y: y, Z: z})
		}
	}
}

// release removes one view's Y range lo..hi from column (x, z) and frees
// the column once no view covers it.
func (d *Desired) release(x, z, lo, hi int32) {
	d.releaseAt(d.columnIndex(colKey{x, z}), x, z, lo, hi)
}

// releaseAt is release of the column in slot i (-1: none).
func (d *Desired) releaseAt(i, x, z, lo, hi int32) {
	if i < 0 {
		return
	}
	col := &d.cols[i]
	d.dec(col, x, z, lo, hi)
	col.refs--
	if col.refs == 0 {
		*col = column{}
		d.index.release(x, z, i)
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
