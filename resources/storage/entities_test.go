package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// testColumn is a column with two entities, one with attributes, and two
// spawners.
func testColumn(x, z int32) EntityColumn {
	return EntityColumn{
		X: x, Z: z,
		Populated: []string{"critters", "strata:villages"},
		Entities: []EntityRecord{
			{Kind: "critters:sheep", X: float64(x)*16 + 3.5, Y: 70, Z: float64(z)*16 + 0.25, Yaw: 90, Pitch: -10,
				VX: 0.1, VY: -0.5, VZ: 0, Width: 0.9, Height: 1.3, OnGround: true,
				Attributes: []EntityAttribute{{Key: "health", Value: 8}, {Key: "age", Value: -3}, {Key: "big", Value: math.MinInt64}}},
			{Kind: "critters:bee", X: float64(x) * 16, Y: -64, Z: float64(z) * 16, Width: 0.4, Height: 0.4},
		},
	}
}

// encodeColumn returns the value a column is stored as.
func encodeColumn(t testing.TB, c EntityColumn) []byte {
	t.Helper()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return appendEntityRecord(nil, &c)
}

// seal appends a record body's CRC-32C, so that a test reaches the
// decoder's checks behind the checksum.
func seal(body []byte) []byte {
	return binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli))
}

func TestEntityKey(t *testing.T) {
	coords := []int32{0, 1, -1, 31, 32, -32, -33, 1000, math.MinInt32, math.MaxInt32}
	type kc struct {
		key  []byte
		x, z int32
	}
	var ks []kc
	for _, x := range coords {
		for _, z := range coords {
			k := EntityKey(x, z)
			gx, gz, err := ParseEntityKey(k)
			if err != nil || gx != x || gz != z {
				t.Fatalf("round trip (%d,%d): (%d,%d) %v", x, z, gx, gz, err)
			}
			lo, hi := EntityRegionBounds(x>>RegionShift, z>>RegionShift)
			if bytes.Compare(k, lo) < 0 || bytes.Compare(k, hi) >= 0 {
				t.Fatalf("(%d,%d): key %x outside its region's range [%x, %x)", x, z, k, lo, hi)
			}
			ks = append(ks, kc{k, x, z})
		}
	}
	slices.SortFunc(ks, func(a, b kc) int { return bytes.Compare(a.key, b.key) })
	for i := 1; i < len(ks); i++ {
		a, b := ks[i-1], ks[i]
		ta := []int32{a.x >> RegionShift, a.z >> RegionShift, a.x, a.z}
		tb := []int32{b.x >> RegionShift, b.z >> RegionShift, b.x, b.z}
		if slices.Compare(ta, tb) >= 0 {
			t.Fatalf("key order disagrees with (region, x, z): (%d,%d) before (%d,%d)", a.x, a.z, b.x, b.z)
		}
	}
	// A region's range holds its columns only.
	lo, hi := EntityRegionBounds(0, -1)
	for _, c := range [][2]int32{{31, -32}, {0, -1}} {
		if k := EntityKey(c[0], c[1]); bytes.Compare(k, lo) < 0 || bytes.Compare(k, hi) >= 0 {
			t.Errorf("(%d,%d) outside region (0,-1)", c[0], c[1])
		}
	}
	for _, c := range [][2]int32{{32, -1}, {0, 0}, {-1, -1}, {0, -33}} {
		if k := EntityKey(c[0], c[1]); bytes.Compare(k, lo) >= 0 && bytes.Compare(k, hi) < 0 {
			t.Errorf("(%d,%d) inside region (0,-1)", c[0], c[1])
		}
	}
	// The last region's range ends at the next prefix.
	if _, hi := EntityRegionBounds(math.MaxInt32>>RegionShift, math.MaxInt32>>RegionShift); bytes.Compare(hi, EntityKey(math.MaxInt32, math.MaxInt32)) <= 0 || hi[0] > prefixEntity+1 {
		t.Errorf("last region's upper bound %x", hi)
	}
	bad := map[string][]byte{
		"short":           EntityKey(1, 2)[:16],
		"section prefix":  append([]byte{prefixSection}, EntityKey(1, 2)[1:]...),
		"region mismatch": func() []byte { k := EntityKey(1, 2); k[4] ^= 1; return k }(),
	}
	for name, k := range bad {
		if _, _, err := ParseEntityKey(k); err == nil {
			t.Errorf("%s: %x parsed", name, k)
		}
	}
	if got, want := DescribeKey(EntityKey(-3, 40)), "entities of column (-3,40)"; got != want {
		t.Errorf("DescribeKey: %q, want %q", got, want)
	}
}

func TestEntityRecordRoundTrip(t *testing.T) {
	long := strings.Repeat("é", MaxEntityString/2)
	many := EntityColumn{X: 1, Z: 1}
	for i := 0; i < 1000; i++ {
		many.Entities = append(many.Entities, EntityRecord{Kind: "a:b", X: float64(i), Width: 1, Height: 1})
	}
	tests := []struct {
		name string
		col  EntityColumn
	}{
		{"two entities", testColumn(-5, 7)},
		{"spawners only", EntityColumn{X: 3, Z: -3, Populated: []string{"critters"}}},
		{"entities only", EntityColumn{X: math.MinInt32, Z: math.MaxInt32, Entities: testColumn(0, 0).Entities[1:]}},
		{"longest strings", EntityColumn{Populated: []string{long}, Entities: []EntityRecord{{Kind: long, Attributes: []EntityAttribute{{Key: long, Value: math.MaxInt64}}}}}},
		{"extreme numbers", EntityColumn{Entities: []EntityRecord{{Kind: "x:y", X: math.MaxFloat64, Y: -math.SmallestNonzeroFloat64, Z: -1e300,
			Yaw: math.MaxFloat32, Pitch: -math.MaxFloat32, VX: 1e-300, Width: 0, Height: math.MaxFloat64}}}},
		{"a thousand entities", many},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := encodeColumn(t, tc.col)
			got, err := decodeEntityRecord(tc.col.X, tc.col.Z, v)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.col) {
				t.Fatalf("decoded %+v\nwant %+v", got, tc.col)
			}
			if c := got.Clone(); !reflect.DeepEqual(c, got) || (len(c.Entities) > 0 && &c.Entities[0] == &got.Entities[0]) {
				t.Fatal("Clone is not a deep copy")
			}
		})
	}
}

func TestEntityValidate(t *testing.T) {
	long := strings.Repeat("a", MaxEntityString+1)
	with := func(f func(c *EntityColumn)) EntityColumn {
		c := testColumn(0, 0)
		f(&c)
		return c
	}
	tests := []struct {
		name string
		col  EntityColumn
		want string
	}{
		{"empty kind", with(func(c *EntityColumn) { c.Entities[0].Kind = "" }), "kind: is empty"},
		{"long kind", with(func(c *EntityColumn) { c.Entities[0].Kind = long }), "at most 256"},
		{"kind not UTF-8", with(func(c *EntityColumn) { c.Entities[1].Kind = "a:\xff" }), "not UTF-8"},
		{"NaN position", with(func(c *EntityColumn) { c.Entities[0].Y = math.NaN() }), "not finite"},
		{"infinite yaw", with(func(c *EntityColumn) { c.Entities[0].Yaw = float32(math.Inf(1)) }), "not finite"},
		{"negative height", with(func(c *EntityColumn) { c.Entities[0].Height = -1 }), "negative"},
		{"empty attribute key", with(func(c *EntityColumn) { c.Entities[0].Attributes[1].Key = "" }), "attribute 1"},
		{"too many attributes", with(func(c *EntityColumn) {
			c.Entities[0].Attributes = make([]EntityAttribute, MaxEntityAttributes+1)
		}), "attributes, at most"},
		{"spawner twice", with(func(c *EntityColumn) { c.Populated = append(c.Populated, "critters") }), "listed twice"},
		{"empty spawner", with(func(c *EntityColumn) { c.Populated[0] = "" }), "spawner 0"},
		{"too many spawners", with(func(c *EntityColumn) { c.Populated = make([]string, MaxColumnSpawners+1) }), "spawners, at most"},
		{"too many entities", with(func(c *EntityColumn) { c.Entities = make([]EntityRecord, MaxColumnEntities+1) }), "entities, at most"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.col.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "column (0,0)") {
				t.Fatalf("Validate: %v, want it to say %q", err, tc.want)
			}
		})
	}
}

func TestEntityRecordCorruption(t *testing.T) {
	good := encodeColumn(t, testColumn(2, 3))
	body := good[:len(good)-4]
	// A body of one spawner and no entities, built by hand: version,
	// count, then what each case puts after.
	hand := func(parts ...[]byte) []byte {
		return seal(slices.Concat(append([][]byte{{entityRecordVersion}}, parts...)...))
	}
	uv := func(u uint64) []byte { return binary.AppendUvarint(nil, u) }
	str := func(s string) []byte { return append(uv(uint64(len(s))), s...) }
	entity := func(kind string, flags byte, tail ...[]byte) []byte {
		b := str(kind)
		b = append(b, make([]byte, 3*8+2*4+5*8)...)
		b = append(b, flags)
		return slices.Concat(append([][]byte{b}, tail...)...)
	}
	nan := binary.LittleEndian.AppendUint64(nil, math.Float64bits(math.NaN()))
	tests := []struct {
		name string
		v    []byte
		want string
	}{
		{"empty", []byte{}, "too short"},
		{"too short", good[:5], "too short"},
		{"flipped byte", func() []byte { v := slices.Clone(good); v[len(v)/2] ^= 0x10; return v }(), "checksum"},
		{"flipped checksum", func() []byte { v := slices.Clone(good); v[len(v)-1] ^= 1; return v }(), "checksum"},
		{"cut short", seal(body[:len(body)-3]), ""},
		{"unknown version", seal(append([]byte{9}, body[1:]...)), "version 9"},
		{"trailing bytes", seal(append(slices.Clone(body), 0)), "after the last entity"},
		{"spawner count past the bytes", hand(uv(1000), str("a")), "spawners"},
		{"spawner count overflows", hand(uv(math.MaxUint64), uv(0)), "spawners"},
		{"bad varint", hand([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}), "bad count of spawners"},
		{"string length past the bytes", hand(uv(1), uv(1<<40), []byte("abc"), uv(0)), "spawner of 1099511627776 bytes"},
		{"string too long", hand(uv(1), str(strings.Repeat("a", MaxEntityString+1)), uv(0)), "at most 256"},
		{"empty string", hand(uv(1), uv(0), uv(0)), "spawner of 0 bytes"},
		{"spawner not UTF-8", hand(uv(1), str("\xc3"), uv(0)), "not UTF-8"},
		{"spawner twice", hand(uv(2), str("a"), str("a"), uv(0)), "listed twice"},
		{"entity count past the bytes", hand(uv(0), uv(2), entity("a:b", 0, uv(0))), "entities ("},
		{"entity count past the limit", hand(uv(0), uv(MaxColumnEntities+1)), "entities ("},
		{"unknown flags", hand(uv(0), uv(1), entity("a:b", 0x82, uv(0))), "unknown flags"},
		{"attribute count past the bytes", hand(uv(0), uv(1), entity("a:b", 1, uv(50), str("k"), []byte{2})), "attributes"},
		{"attribute value cut", hand(uv(0), uv(1), entity("a:b", 1, uv(1), str("k"), []byte{0x80})), "bad attribute value"},
		{"NaN", hand(uv(0), uv(1), func() []byte {
			e := entity("a:b", 0, uv(0))
			copy(e[len(str("a:b")):], nan)
			return e
		}()), "not finite"},
		{"no counts", seal([]byte{entityRecordVersion, 0}), "too short"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := decodeEntityRecord(2, 3, tc.v)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("decode: %v, want ErrCorrupt saying %q", err, tc.want)
			}
			if len(c.Entities) != 0 || len(c.Populated) != 0 || c.X != 2 || c.Z != 3 {
				t.Fatalf("a corrupt record decoded to %+v", c)
			}
		})
	}
	// A damaged count or length allocates no more than the record holds.
	huge := hand(uv(0), uv(MaxColumnEntities), entity("a:b", 0, uv(MaxEntityAttributes)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 10; i++ {
		if _, err := decodeEntityRecord(0, 0, huge); err == nil {
			t.Fatal("decoded")
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Fatalf("decoding a damaged count allocated %d bytes", n)
	}
}

// FuzzEntityColumn feeds the decoder arbitrary bytes: it never panics,
// and what it accepts is valid and encodes back to the same column.
func FuzzEntityColumn(f *testing.F) {
	f.Add(encodeColumn(f, testColumn(0, 0)))
	f.Add(encodeColumn(f, EntityColumn{Populated: []string{"p"}}))
	f.Add(encodeColumn(f, EntityColumn{Entities: []EntityRecord{{Kind: "a:b"}}}))
	f.Add(seal([]byte{entityRecordVersion, 0, 0}))
	f.Add(seal([]byte{entityRecordVersion, 0xff, 0xff, 0xff, 0x0f}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, v []byte) {
		for _, b := range [][]byte{v, seal(v)} { // reach past the checksum too
			c, err := decodeEntityRecord(1, -1, b)
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("error not wrapping ErrCorrupt: %v", err)
				}
				continue
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("decoded an invalid column: %v", err)
			}
			back, err := decodeEntityRecord(1, -1, appendEntityRecord(nil, &c))
			if err != nil || !reflect.DeepEqual(back, c) {
				t.Fatalf("re-encoded column decodes to %+v (%v), want %+v", back, err, c)
			}
		}
	})
}

// holdWrites makes the writer's commits fail for a while (10+20+…+160 ms
// of back-off), long enough to read the overlay while a write is
// submitted and not durable.
func holdWrites(w *Writer) { w.FailNext(5) }

func loadEntities(t *testing.T, what string, load func(x, z int32) (EntityColumn, bool, error), x, z int32, want *EntityColumn) {
	t.Helper()
	got, ok, err := load(x, z)
	switch {
	case err != nil:
		t.Fatalf("%s: (%d,%d): %v", what, x, z, err)
	case want == nil && ok:
		t.Fatalf("%s: (%d,%d): found %+v, want nothing", what, x, z, got)
	case want != nil && (!ok || !reflect.DeepEqual(got, *want)):
		t.Fatalf("%s: (%d,%d): %+v (found %v), want %+v", what, x, z, got, ok, *want)
	}
}

// TestWriterEntityOverlay: until a column's write is durable LoadEntities
// returns the latest submitted copy, a cleared one included, while the
// database still holds the older record; then the database has it.
func TestWriterEntityOverlay(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	old := testColumn(4, -4)
	if err := db.PutEntities([]EntityColumn{old, testColumn(9, 9)}); err != nil {
		t.Fatal(err)
	}
	w := NewWriter(db, 8, zerolog.Nop())
	w.Start()
	defer w.Stop()
	loadEntities(t, "stored", w.LoadEntities, 4, -4, &old)

	first := testColumn(4, -4)
	first.Entities = first.Entities[:1]
	latest := testColumn(4, -4)
	latest.Populated = []string{"critters"}
	holdWrites(w)
	if !w.Submit(Write{Token: 1, Entities: []EntityColumn{first.Clone(), {X: 9, Z: 9}}}) {
		t.Fatal("Submit refused")
	}
	if !w.Submit(Write{Token: 2, Entities: []EntityColumn{latest.Clone()}}) {
		t.Fatal("Submit refused")
	}
	loadEntities(t, "submitted", w.LoadEntities, 4, -4, &latest)
	loadEntities(t, "cleared, submitted", w.LoadEntities, 9, 9, nil)
	loadEntities(t, "database before durable", db.LoadEntities, 4, -4, &old)
	// The caller's copy is its own.
	got, _, _ := w.LoadEntities(4, -4)
	got.Entities[0].Attributes[0].Value = 1000
	loadEntities(t, "after the caller's change", w.LoadEntities, 4, -4, &latest)

	var res []Result
	for len(res) < 2 {
		res = w.Wait(res)
	}
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	w.mu.Lock()
	n := len(w.entities)
	w.mu.Unlock()
	if n != 0 {
		t.Fatalf("overlay holds %d columns after the writes are durable", n)
	}
	loadEntities(t, "durable", w.LoadEntities, 4, -4, &latest)
	loadEntities(t, "database", db.LoadEntities, 4, -4, &latest)
	loadEntities(t, "cleared, durable", db.LoadEntities, 9, 9, nil)
	loadEntities(t, "never stored", w.LoadEntities, 100, 100, nil)
	if st := w.Stats(); st.EntityColumns != 3 {
		t.Fatalf("stats %+v, want 3 entity columns", st)
	}
}

// TestWriterRefusesInvalidEntities: a column that cannot be stored is
// left out of its write, which commits everything else.
func TestWriterRefusesInvalidEntities(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	w := NewWriter(db, 8, zerolog.Nop())
	w.Start()
	defer w.Stop()
	bad := testColumn(1, 1)
	bad.Entities[0].X = math.Inf(-1)
	good := testColumn(2, 2)
	p := chunk.Pos{X: 5}
	if !w.Submit(Write{Token: 1, Sections: []SectionWrite{{Pos: p, Revision: 1, Section: testSection(1)}}, Entities: []EntityColumn{bad, good.Clone()}}) {
		t.Fatal("Submit refused")
	}
	if res := w.Wait(nil); len(res) != 1 || res[0].Err != nil {
		t.Fatalf("results %+v", res)
	}
	loadEntities(t, "invalid", w.LoadEntities, 1, 1, nil)
	loadEntities(t, "valid", w.LoadEntities, 2, 2, &good)
	if _, _, ok, err := db.LoadSection(p); !ok || err != nil {
		t.Fatalf("section of the write: ok %v err %v", ok, err)
	}
	if st := w.Stats(); st.EntitiesRefused != 1 || st.EntityColumns != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// TestEntitiesSurviveReopen writes entity records with sections and
// players in one write, closes, opens again and reads them back.
func TestEntitiesSurviveReopen(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	if empty, err := db.Empty(); err != nil || !empty {
		t.Fatalf("new database: empty %v %v", empty, err)
	}
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	w := NewWriter(db, 8, zerolog.Nop())
	w.Start()
	cols := []EntityColumn{testColumn(-1, -1), testColumn(31, 32), {X: 0, Z: 5, Populated: []string{"critters"}}}
	wr := Write{Token: 1, Sections: []SectionWrite{{Pos: chunk.Pos{X: -1, Y: 4, Z: -1}, Revision: 2, Section: testSection(2)}},
		Players: []PlayerRecord{{Name: "ann", Y: 80}}}
	for _, c := range cols {
		wr.Entities = append(wr.Entities, c.Clone())
	}
	wr.Entities = append(wr.Entities, EntityColumn{X: 7, Z: 7}) // cleared, never stored
	w.Submit(wr)
	// Clear one column that was stored.
	w.Submit(Write{Token: 2, Entities: []EntityColumn{{X: 31, Z: 32}}})
	w.Stop()
	for _, r := range w.Drain(nil) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db = openTest(t, dir)
	loadEntities(t, "after reopen", db.LoadEntities, -1, -1, &cols[0])
	loadEntities(t, "cleared", db.LoadEntities, 31, 32, nil)
	loadEntities(t, "spawners only", db.LoadEntities, 0, 5, &cols[2])
	loadEntities(t, "cleared, never stored", db.LoadEntities, 7, 7, nil)
	if _, _, ok, err := db.LoadSection(chunk.Pos{X: -1, Y: 4, Z: -1}); !ok || err != nil {
		t.Fatalf("section of the same write: ok %v err %v", ok, err)
	}
	if _, ok, err := db.LoadPlayer("ann"); !ok || err != nil {
		t.Fatalf("player of the same write: ok %v err %v", ok, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// Entity records alone make a world worth copying for a replay.
	only := openTest(t, t.TempDir())
	defer only.Close()
	if err := only.PutEntities([]EntityColumn{{X: 1, Populated: []string{"critters"}}}); err != nil {
		t.Fatal(err)
	}
	if empty, err := only.Empty(); err != nil || empty {
		t.Fatalf("with an entity record: empty %v %v", empty, err)
	}

	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean() || rep.EntityColumns != 2 {
		var b strings.Builder
		rep.WriteText(&b)
		t.Fatalf("check: %d entity columns\n%s", rep.EntityColumns, b.String())
	}
}

// TestCheckAndRepairEntities: a damaged entity record fails only its
// column's load, with an error naming the column; check reports it by key,
// and repair restores its older intact revision or, where none is left,
// drops it.
func TestCheckAndRepairEntities(t *testing.T) {
	dir := t.TempDir()
	world := writeWorld(t, dir, 30, false)
	db := openTest(t, dir)
	older := testColumn(-2, 6)
	if err := db.PutEntities([]EntityColumn{older, testColumn(0, 0), {X: 3, Z: 3, Populated: []string{"critters"}}}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// Reopening flushes the log into a table: the older revisions stay
	// there when the damaged ones are written over them.
	db = openTest(t, dir)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openTest(t, dir)
	if err := db.CorruptEntitiesForTest(-2, 6); err != nil {
		t.Fatal(err)
	}
	// Column (5,-5) has only ever had a damaged record: nothing to restore.
	v := encodeColumn(t, testColumn(5, -5))
	v[len(v)-1] ^= 0xff
	db.ents.add([]EntityColumn{{X: 5, Z: -5}}) // as every write of an entity key does
	if err := db.db.Set(EntityKey(5, -5), v, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]int32{{-2, 6}, {5, -5}} {
		_, ok, err := db.LoadEntities(c[0], c[1])
		name := DescribeKey(EntityKey(c[0], c[1]))
		if ok || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), name) {
			t.Fatalf("load %s: ok %v err %v", name, ok, err)
		}
	}
	intact := testColumn(0, 0)
	loadEntities(t, "neighbour", db.LoadEntities, 0, 0, &intact)
	if n := db.Corruptions(); n != 2 {
		t.Fatalf("%d corruptions counted, want 2", n)
	}
	if bad := world.verify(t, db); len(bad) != 0 {
		t.Fatalf("sections fail: %v", bad)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if rep.Clean() || len(rep.Bad) != 2 || rep.EntityColumns != 2 || len(rep.Damage) != 0 {
		t.Fatalf("check:\n%s", text.String())
	}
	for _, want := range []string{
		"bad: entities of column (-2,6): corrupt record: checksum", "[older revision intact]",
		"bad: entities of column (5,-5): corrupt record: checksum", "[lost]", "2 entity columns",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("check report lacks %q:\n%s", want, text.String())
		}
	}

	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil || !rr.Verified {
		t.Fatalf("repair: %+v %v", rr, err)
	}
	if lost := rr.Lost(); len(lost) != 1 || lost[0].What() != "entities of column (5,-5)" {
		t.Fatalf("repair lost %v", lost)
	}
	db = openTest(t, out)
	defer db.Close()
	loadEntities(t, "restored older revision", db.LoadEntities, -2, 6, &older)
	loadEntities(t, "dropped", db.LoadEntities, 5, -5, nil)
	loadEntities(t, "intact", db.LoadEntities, 0, 0, &intact)
	if bad := world.verify(t, db); len(bad) != 0 {
		t.Fatalf("sections fail in the copy: %v", bad)
	}
}

// TestEntityKeysIndex: the index of entity keys answers for every column
// written through Commit and PutEntities, before and after the database is
// opened again, and a column never written is not found.
func TestEntityKeysIndex(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	committed, put := testColumn(4, -9), testColumn(-40, 3)
	if err := db.Commit(&Batch{Entities: []EntityColumn{committed, {X: 7, Z: 7}}}); err != nil {
		t.Fatal(err)
	}
	if err := db.PutEntities([]EntityColumn{put}); err != nil {
		t.Fatal(err)
	}
	for _, stage := range []string{"written", "reopened"} {
		if stage == "reopened" {
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			db = openTest(t, dir)
		}
		loadEntities(t, stage, db.LoadEntities, committed.X, committed.Z, &committed)
		loadEntities(t, stage, db.LoadEntities, put.X, put.Z, &put)
		loadEntities(t, stage+", cleared", db.LoadEntities, 7, 7, nil)
		loadEntities(t, stage+", never written", db.LoadEntities, 1, 1, nil)
		if !db.ents.mayHave(7, 7) || db.ents.mayHave(1, 1) {
			t.Errorf("%s: index has the cleared column %v, the unwritten one %v", stage, db.ents.mayHave(7, 7), db.ents.mayHave(1, 1))
		}
	}
	db.Close()
}

// BenchmarkLoadEntitiesNeverStored loads the record of columns that never
// had one, among 4,096 that have, as entity_residency does for most
// columns a view brings in: answered by the index of entity keys, and
// (for the ratio) by Pebble with the index off.
func BenchmarkLoadEntitiesNeverStored(b *testing.B) {
	db := openTest(b, b.TempDir())
	defer db.Close()
	stored := make([]EntityColumn, 4096)
	for i := range stored {
		stored[i] = testColumn(int32(i%64)*2, int32(i/64)*2)
	}
	if err := db.PutEntities(stored); err != nil {
		b.Fatal(err)
	}
	for _, indexed := range []bool{true, false} {
		name := "indexed"
		if !indexed {
			name = "pebble"
		}
		b.Run(name, func(b *testing.B) {
			saved := db.ents.cols
			if !indexed {
				db.ents.cols = nil
			}
			defer func() { db.ents.cols = saved }()
			for i := range b.N {
				x, z := int32(i%64)*2+1, int32(i/64%64)*2+1
				if _, ok, err := db.LoadEntities(x, z); ok || err != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// TestLoadEntitiesAtKeepsEpochs: the columns LoadEntitiesAt hands on, all
// of cols or a copy of some, carry their epochs, which the writer reads
// to skip a record of another lease's.
func TestLoadEntitiesAtKeepsEpochs(t *testing.T) {
	for _, tc := range []struct {
		name string
		at   []int
	}{{"all", []int{0, 1, 2}}, {"some", []int{2, 0}}} {
		t.Run(tc.name, func(t *testing.T) {
			cols := []EntityColumn{{X: 1, Epoch: 7}, {X: 2, Epoch: 8}, {X: 3, Epoch: 9}}
			ok, errs := make([]bool, 3), make([]error, 3)
			var got [][2]int64
			LoadEntitiesAt(func(cs []EntityColumn, _ []bool, _ []error) {
				for _, c := range cs {
					got = append(got, [2]int64{int64(c.X), int64(c.Epoch)})
				}
			}, cols, ok, errs, tc.at)
			if len(got) != len(tc.at) {
				t.Fatalf("loaded %v, want %d columns", got, len(tc.at))
			}
			for j, i := range tc.at {
				if want := [2]int64{int64(i + 1), int64(i + 7)}; got[j] != want {
					t.Errorf("column %d handed on as %v, want %v", j, got[j], want)
				}
			}
		})
	}
}
