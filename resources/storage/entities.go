package storage

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"unicode/utf8"
)

// EntityRecord is one saved entity: what the entities plugin keeps of it
// while its column is not resident. Its wire id is not kept: an entity
// gets a fresh one each time it is loaded.
type EntityRecord struct {
	Kind          string
	X, Y, Z       float64
	Yaw, Pitch    float32
	VX, VY, VZ    float64
	Width, Height float64
	OnGround      bool
	Attributes    []EntityAttribute
}

// EntityAttribute is one plugin-defined value of a saved entity.
type EntityAttribute struct {
	Key   string
	Value int64
}

// EntityColumn is the saved state of one column's entities (X, Z in
// section coordinates): the entities standing in it, and the names of the
// spawners that have populated it (so that a plugin that spawns entities
// when a column is first seen does not spawn them again). A write of a
// column replaces its stored record; one with neither entities nor
// spawners deletes it.
type EntityColumn struct {
	X, Z      int32
	Populated []string
	Entities  []EntityRecord
	// Epoch is the Fencer's epoch when the record was handed over (0: no
	// Fencer); it is not stored.
	Epoch uint64
	// Outbox and Adopted are not stored with the record but written with
	// it, all or nothing, by a cluster's store (docs/cluster.md,
	// "Entities"): Outbox holds the entities that left this column for a
	// column another server simulates, each written to that column's
	// hand-over record; Adopted names the hand-over records this record
	// now holds the entities of, deleted with it.
	Outbox  []Handoff
	Adopted []string
}

// Handoff is an entity leaving one server's column for another's: its
// record, and the column (X, Z) it enters, under an ID unique to this
// hand-over.
type Handoff struct {
	ID     string
	X, Z   int32
	Entity EntityRecord
}

// Carry keeps, in c, the hand-overs and adoptions of prev, an earlier
// record of the same column that c replaces before either is written:
// the record replaced goes, what must be written with it does not.
func (c *EntityColumn) Carry(prev *EntityColumn) {
	if len(prev.Outbox) > 0 {
		c.Outbox = append(slices.Clip(prev.Outbox), c.Outbox...)
	}
	if len(prev.Adopted) > 0 {
		c.Adopted = append(slices.Clip(prev.Adopted), c.Adopted...)
	}
}

// Empty reports whether the column has nothing to keep.
func (c *EntityColumn) Empty() bool { return len(c.Entities) == 0 && len(c.Populated) == 0 }

// entityRecordVersion is the version byte of a stored entity record.
const entityRecordVersion = 1

// Bounds of an entity record. A column's record is written and read
// whole, so its size is bounded; the decoder also refuses any count or
// length the bytes left could not hold, so a damaged length never makes
// it allocate more than the record's own size.
const (
	// MaxEntityString bounds a kind, a spawner's name and an attribute's
	// key, in bytes.
	MaxEntityString = 256
	// MaxColumnSpawners bounds a column's Populated list.
	MaxColumnSpawners = 256
	// MaxColumnEntities bounds the entities saved in one column.
	MaxColumnEntities = 1 << 16
	// MaxEntityAttributes bounds one entity's attributes.
	MaxEntityAttributes = 256
)

// Smallest encodings, which bound counts by the bytes left: a string of
// one byte with its length; an attribute of such a key and a one-byte
// value; an entity of a one-byte kind, its eight float64s and two
// float32s, its flags and an empty attribute list.
const (
	minEntityString    = 1 + 1
	minEntityAttribute = minEntityString + 1
	minEntityRecord    = minEntityString + 3*8 + 2*4 + 3*8 + 2*8 + 1 + 1
)

// entityOnGround is the flags bit of EntityRecord.OnGround; the other
// bits are reserved and must be zero.
const entityOnGround = 1 << 0

// Clone returns a deep copy of the column, so that a stored or queued
// copy and the caller's never share slices.
func (c EntityColumn) Clone() EntityColumn {
	out := EntityColumn{X: c.X, Z: c.Z}
	if c.Populated != nil {
		out.Populated = append([]string(nil), c.Populated...)
	}
	if c.Entities != nil {
		out.Entities = make([]EntityRecord, len(c.Entities))
		for i, e := range c.Entities {
			if e.Attributes != nil {
				e.Attributes = append([]EntityAttribute(nil), e.Attributes...)
			}
			out.Entities[i] = e
		}
	}
	return out
}

// Validate reports whether the column can be stored: within the bounds
// above, strings non-empty UTF-8, spawners named once, every number
// finite and sizes not negative. It refuses exactly what the decoder
// would take for damage, so that a record written is a record that reads
// back.
func (c *EntityColumn) Validate() error {
	what := func(format string, args ...any) error {
		return fmt.Errorf("entities of column (%d,%d): %s", c.X, c.Z, fmt.Sprintf(format, args...))
	}
	if len(c.Populated) > MaxColumnSpawners {
		return what("%d spawners, at most %d", len(c.Populated), MaxColumnSpawners)
	}
	for i, name := range c.Populated {
		if p := stringProblem(name); p != "" {
			return what("spawner %d: %s", i, p)
		}
		if slices.Contains(c.Populated[:i], name) {
			return what("spawner %q listed twice", name)
		}
	}
	if len(c.Entities) > MaxColumnEntities {
		return what("%d entities, at most %d", len(c.Entities), MaxColumnEntities)
	}
	for i := range c.Entities {
		if p := c.Entities[i].problem(); p != "" {
			return what("entity %d: %s", i, p)
		}
	}
	for i := range c.Outbox {
		if p := c.Outbox[i].Entity.problem(); p != "" {
			return what("entity handed to column (%d,%d): %s", c.Outbox[i].X, c.Outbox[i].Z, p)
		}
	}
	return nil
}

// problem says why the record cannot be stored, or "".
func (e *EntityRecord) problem() string {
	if p := stringProblem(e.Kind); p != "" {
		return "kind: " + p
	}
	for _, f := range []float64{e.X, e.Y, e.Z, float64(e.Yaw), float64(e.Pitch), e.VX, e.VY, e.VZ, e.Width, e.Height} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%s: a number is not finite", e.Kind)
		}
	}
	if e.Width < 0 || e.Height < 0 {
		return fmt.Sprintf("%s: body %vx%v is negative", e.Kind, e.Width, e.Height)
	}
	if len(e.Attributes) > MaxEntityAttributes {
		return fmt.Sprintf("%s: %d attributes, at most %d", e.Kind, len(e.Attributes), MaxEntityAttributes)
	}
	for i, a := range e.Attributes {
		if p := stringProblem(a.Key); p != "" {
			return fmt.Sprintf("%s: attribute %d: key %s", e.Kind, i, p)
		}
	}
	return ""
}

// stringProblem says why s cannot be a stored name, or "".
func stringProblem(s string) string {
	switch {
	case s == "":
		return "is empty"
	case len(s) > MaxEntityString:
		return fmt.Sprintf("is %d bytes, at most %d", len(s), MaxEntityString)
	case !utf8.ValidString(s):
		return "is not UTF-8"
	}
	return ""
}

// appendEntityRecord encodes a valid, non-empty column's record (see
// docs/storage.md): version byte, the spawners, the entities, and a
// CRC-32C of all before it.
func appendEntityRecord(dst []byte, c *EntityColumn) []byte {
	start := len(dst)
	dst = append(dst, entityRecordVersion)
	dst = binary.AppendUvarint(dst, uint64(len(c.Populated)))
	for _, name := range c.Populated {
		dst = appendEntityString(dst, name)
	}
	dst = binary.AppendUvarint(dst, uint64(len(c.Entities)))
	for i := range c.Entities {
		e := &c.Entities[i]
		dst = appendEntityString(dst, e.Kind)
		for _, f := range []float64{e.X, e.Y, e.Z} {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
		}
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(e.Yaw))
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(e.Pitch))
		for _, f := range []float64{e.VX, e.VY, e.VZ, e.Width, e.Height} {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
		}
		var flags byte
		if e.OnGround {
			flags |= entityOnGround
		}
		dst = append(dst, flags)
		dst = binary.AppendUvarint(dst, uint64(len(e.Attributes)))
		for _, a := range e.Attributes {
			dst = appendEntityString(dst, a.Key)
			dst = binary.AppendVarint(dst, a.Value)
		}
	}
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

func appendEntityString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

// decodeEntityRecord validates and decodes the record of column (x, z).
// Every failure wraps ErrCorrupt; the caller names the key.
func decodeEntityRecord(x, z int32, v []byte) (EntityColumn, error) {
	c := EntityColumn{X: x, Z: z}
	if len(v) < 1+1+1+4 {
		return c, fmt.Errorf("%w: entity record of %d bytes is too short", ErrCorrupt, len(v))
	}
	body, sum := v[:len(v)-4], binary.LittleEndian.Uint32(v[len(v)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return c, fmt.Errorf("%w: checksum %08x, stored %08x", ErrCorrupt, got, sum)
	}
	if body[0] != entityRecordVersion {
		return c, fmt.Errorf("%w: unknown entity record version %d", ErrCorrupt, body[0])
	}
	r := entityReader{b: body, off: 1}
	if n := r.count("spawners", MaxColumnSpawners, minEntityString); n > 0 {
		c.Populated = make([]string, 0, n)
		for i := 0; i < n && r.err == nil; i++ {
			name := r.str("spawner")
			if r.err == nil && slices.Contains(c.Populated, name) {
				r.fail("spawner %q listed twice", name)
			}
			c.Populated = append(c.Populated, name)
		}
	}
	if n := r.count("entities", MaxColumnEntities, minEntityRecord); n > 0 {
		c.Entities = make([]EntityRecord, n)
		for i := 0; i < n && r.err == nil; i++ {
			r.entity(&c.Entities[i])
		}
	}
	if r.err == nil && r.off != len(body) {
		r.fail("%d bytes after the last entity", len(body)-r.off)
	}
	if r.err != nil {
		return EntityColumn{X: x, Z: z}, r.err
	}
	if err := c.Validate(); err != nil {
		// Checksummed bytes no writer would produce.
		return EntityColumn{X: x, Z: z}, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return c, nil
}

// entityReader reads an entity record's body, keeping the first error.
type entityReader struct {
	b   []byte
	off int
	err error
}

func (r *entityReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: entity record at byte %d: %s", ErrCorrupt, r.off, fmt.Sprintf(format, args...))
	}
}

func (r *entityReader) left() int { return len(r.b) - r.off }

func (r *entityReader) uvarint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	u, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.fail("bad %s", what)
		return 0
	}
	r.off += n
	return u
}

// count reads a count of things (plural names them) of at least min bytes
// each, at most limit and no more than the bytes left can hold.
func (r *entityReader) count(plural string, limit, min int) int {
	u := r.uvarint("count of " + plural)
	if r.err != nil {
		return 0
	}
	if u > uint64(limit) || u > uint64(r.left()/min) {
		r.fail("%d %s (at most %d, and %d bytes left)", u, plural, limit, r.left())
		return 0
	}
	return int(u)
}

func (r *entityReader) str(what string) string {
	u := r.uvarint(what + " length")
	if r.err != nil {
		return ""
	}
	if u == 0 || u > MaxEntityString || u > uint64(r.left()) {
		r.fail("%s of %d bytes (at most %d, and %d bytes left)", what, u, MaxEntityString, r.left())
		return ""
	}
	s := string(r.b[r.off : r.off+int(u)])
	r.off += int(u)
	if !utf8.ValidString(s) {
		r.fail("%s is not UTF-8", what)
	}
	return s
}

func (r *entityReader) fixed(n int) []byte {
	if r.err != nil {
		return make([]byte, n)
	}
	if r.left() < n {
		r.fail("cut short")
		return make([]byte, n)
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b
}

func (r *entityReader) f64() float64 {
	return math.Float64frombits(binary.LittleEndian.Uint64(r.fixed(8)))
}

func (r *entityReader) f32() float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(r.fixed(4)))
}

func (r *entityReader) entity(e *EntityRecord) {
	e.Kind = r.str("kind")
	e.X, e.Y, e.Z = r.f64(), r.f64(), r.f64()
	e.Yaw, e.Pitch = r.f32(), r.f32()
	e.VX, e.VY, e.VZ = r.f64(), r.f64(), r.f64()
	e.Width, e.Height = r.f64(), r.f64()
	flags := r.fixed(1)[0]
	if flags&^entityOnGround != 0 {
		r.fail("unknown flags %#x", flags)
	}
	e.OnGround = flags&entityOnGround != 0
	if n := r.count("attributes", MaxEntityAttributes, minEntityAttribute); n > 0 {
		e.Attributes = make([]EntityAttribute, n)
		for i := 0; i < n && r.err == nil; i++ {
			e.Attributes[i].Key = r.str("attribute key")
			if r.err != nil {
				return
			}
			v, k := binary.Varint(r.b[r.off:])
			if k <= 0 {
				r.fail("bad attribute value")
				return
			}
			r.off += k
			e.Attributes[i].Value = v
		}
	}
}

// LoadEntities returns the stored record of column (x, z); ok is false
// when nothing is stored for it (or its last write cleared it). A corrupt
// record is an error wrapping ErrCorrupt that names the column and key.
func (d *DB) LoadEntities(x, z int32) (EntityColumn, bool, error) {
	if !d.ents.mayHave(x, z) {
		return EntityColumn{X: x, Z: z}, false, nil
	}
	key := EntityKey(x, z)
	v, ok, err := d.get(key)
	if err != nil {
		return EntityColumn{X: x, Z: z}, false, fmt.Errorf("load %s (key %x): %w", DescribeKey(key), key, err)
	}
	if !ok || len(v) == 0 {
		return EntityColumn{X: x, Z: z}, false, nil
	}
	c, err := decodeEntityRecord(x, z, v)
	if err != nil {
		return EntityColumn{X: x, Z: z}, false, fmt.Errorf("load %s (key %x): %w", DescribeKey(key), key, d.h.record(err))
	}
	return c, true, nil
}

// entityValue is what a column's key holds: its record, or an empty value
// for a column with nothing to keep. Strata never deletes a key (the
// check at open counts on it, docs/storage.md), so a cleared column is
// stored empty, as a cleared access record is.
func entityValue(dst []byte, c *EntityColumn) []byte {
	if c.Empty() {
		return dst[:0]
	}
	return appendEntityRecord(dst[:0], c)
}

// PutEntities writes entity records in one synced batch, bypassing the
// storage goroutine: for tools and fixtures that place entities before a
// server runs, never for the tick. An invalid column writes nothing.
func (d *DB) PutEntities(cols []EntityColumn) error {
	b := d.db.NewBatch()
	for i := range cols {
		err := cols[i].Validate()
		if err == nil {
			err = b.Set(EntityKey(cols[i].X, cols[i].Z), entityValue(nil, &cols[i]), nil)
		}
		if err != nil {
			b.Close()
			return fmt.Errorf("put entities: %w", err)
		}
	}
	d.ents.add(cols)
	if err := d.commit(b); err != nil {
		return fmt.Errorf("put %d entity columns: %w", len(cols), err)
	}
	return nil
}

// CorruptEntitiesForTest flips a byte in the stored entity record of
// column (x, z), for tests of the corruption paths of packages that use
// entity records.
func (d *DB) CorruptEntitiesForTest(x, z int32) error {
	key := EntityKey(x, z)
	if err := d.corruptKey(key); err != nil {
		return fmt.Errorf("corrupt %s: %w", DescribeKey(key), err)
	}
	return nil
}
