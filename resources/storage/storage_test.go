package storage

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

func openTest(t testing.TB, dir string) *DB {
	t.Helper()
	db, err := Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestSectionKeyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	coord := func() int32 {
		switch rng.IntN(4) {
		case 0:
			return int32(rng.IntN(200) - 100)
		case 1:
			return math.MinInt32 + int32(rng.IntN(100))
		case 2:
			return math.MaxInt32 - int32(rng.IntN(100))
		}
		return rng.Int32() - math.MaxInt32/2
	}
	type kp struct {
		key []byte
		p   chunk.Pos
	}
	var ks []kp
	for i := 0; i < 2000; i++ {
		p := chunk.Pos{X: coord(), Y: int32(rng.IntN(24) - 4), Z: coord()}
		k := SectionKey(p)
		back, err := ParseSectionKey(k)
		if err != nil || back != p {
			t.Fatalf("round trip %v: %v %v", p, back, err)
		}
		ks = append(ks, kp{k, p})
	}
	slices.SortFunc(ks, func(a, b kp) int { return bytes.Compare(a.key, b.key) })
	less := func(a, b chunk.Pos) bool {
		ta := [5]int32{a.X >> RegionShift, a.Z >> RegionShift, a.X, a.Z, a.Y}
		tb := [5]int32{b.X >> RegionShift, b.Z >> RegionShift, b.X, b.Z, b.Y}
		return slices.Compare(ta[:], tb[:]) < 0
	}
	for i := 1; i < len(ks); i++ {
		if less(ks[i].p, ks[i-1].p) {
			t.Fatalf("key order disagrees with (region, x, z, y) order: %v before %v", ks[i-1].p, ks[i].p)
		}
	}
	// Every section of a region, and none outside it, lies in its bounds.
	lo, hi := RegionBounds(-1, 0)
	for _, p := range []chunk.Pos{{X: -32, Y: -4, Z: 0}, {X: -1, Y: 19, Z: 31}, {X: -17, Y: 3, Z: 5}} {
		if k := SectionKey(p); bytes.Compare(k, lo) < 0 || bytes.Compare(k, hi) >= 0 {
			t.Errorf("%v outside its region's range", p)
		}
	}
	for _, p := range []chunk.Pos{{}, {X: -33}, {X: -1, Z: 32}, {X: -1, Z: -1}} {
		if k := SectionKey(p); bytes.Compare(k, lo) >= 0 && bytes.Compare(k, hi) < 0 {
			t.Errorf("%v inside region (-1,0)'s range", p)
		}
	}
}

func testSection(seed uint64) chunk.Section {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := chunk.Uniform(chunk.Stone)
	for i := 0; i < 300; i++ {
		s.SetAt(rng.IntN(chunk.Volume), chunk.Block(rng.IntN(int(chunk.NumBlocks))))
	}
	return s
}

func TestRecordCorruption(t *testing.T) {
	s := testSection(1)
	rec := appendSectionRecord(nil, &s, 42)
	got, rev, err := decodeSectionRecord(rec)
	if err != nil || rev != 42 || !got.Equal(&s) {
		t.Fatalf("round trip: rev %d err %v", rev, err)
	}
	for i := range rec {
		bad := slices.Clone(rec)
		bad[i] ^= 0x10
		if _, _, err := decodeSectionRecord(bad); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("flipping byte %d: err %v, want ErrCorrupt", i, err)
		}
	}
	for _, n := range []int{0, 1, 5, len(rec) - 1} {
		if _, _, err := decodeSectionRecord(rec[:n]); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("truncated to %d: err %v", n, err)
		}
	}
}

func TestClaim(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	defer db.Close()
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		seed    int64
		version int
		migrate bool
		want    string
	}{
		{"same world", 7, 1, false, ""},
		{"other seed", 8, 1, false, "seed 7"},
		{"other seed even with migrate", 8, 1, true, "seed 7"},
		{"other generator", 7, 2, false, "--migrate-generator"},
		{"migrate generator", 7, 2, true, ""},
		{"after migration", 7, 2, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.Claim(tc.seed, tc.version, tc.migrate)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestWriterDurableAcrossReopen(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	w := NewWriter(db, 8, zerolog.Nop())
	w.Start()
	want := map[chunk.Pos]chunk.Section{}
	var results []Result
	for tick := uint64(0); tick < 20; tick++ {
		var wr Write
		wr.Token = tick
		for i := 0; i < 3; i++ {
			p := chunk.Pos{X: int32(tick) - 10, Y: int32(i) - 4, Z: -int32(tick) * 1000}
			s := testSection(tick*10 + uint64(i))
			want[p] = s
			wr.Sections = append(wr.Sections, SectionWrite{Pos: p, Revision: tick + 1, Section: s.Clone()})
		}
		wr.Players = []PlayerRecord{{Name: "alice", X: float64(tick), Yaw: 8}}
		for !w.Submit(wr) {
			results = w.Wait(results)
		}
	}
	w.Stop()
	results = w.Drain(results)
	if len(results) != 20 {
		t.Fatalf("%d results, want 20", len(results))
	}
	for _, r := range results {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if st := w.Stats(); st.Batches > 20 || st.Sections != 60 {
		t.Fatalf("stats %+v", st)
	}
	db.Close()

	db = openTest(t, dir)
	defer db.Close()
	for p, s := range want {
		got, _, ok, err := db.LoadSection(p)
		if err != nil || !ok || !got.Equal(&s) {
			t.Fatalf("section %v after reopen: ok=%v err=%v", p, ok, err)
		}
	}
	if _, _, ok, err := db.LoadSection(chunk.Pos{X: 999}); ok || err != nil {
		t.Fatalf("never-edited section: ok=%v err=%v", ok, err)
	}
	pr, ok, err := db.LoadPlayer("alice")
	if err != nil || !ok || pr.X != 19 || pr.Yaw != 8 {
		t.Fatalf("player: %+v %v %v", pr, ok, err)
	}
	n := 0
	if err := db.EditedSections(func(chunk.Pos) error { n++; return nil }); err != nil || n != 60 {
		t.Fatalf("EditedSections saw %d (%v), want 60", n, err)
	}
}

func TestCorruptSectionNamesKey(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	defer db.Close()
	p := chunk.Pos{X: -3, Y: 2, Z: 9}
	s := testSection(3)
	rec := appendSectionRecord(nil, &s, 1)
	rec[len(rec)/2] ^= 0xff
	if err := db.db.Set(SectionKey(p), rec, nil); err != nil {
		t.Fatal(err)
	}
	_, _, ok, err := db.LoadSection(p)
	if ok || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "(-3,2,9)") {
		t.Fatalf("ok=%v err=%v", ok, err)
	}
	// Other sections are unaffected.
	if _, _, ok, err := db.LoadSection(chunk.Pos{}); ok || err != nil {
		t.Fatalf("neighbour: ok=%v err=%v", ok, err)
	}
}

// TestWriterRetriesFailures checks that a failing commit is retried until it
// is durable, and that the submitted section stays loadable meanwhile.
func TestWriterRetriesFailures(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	w := NewWriter(db, 4, zerolog.Nop())
	w.FailNext(3)
	w.Start()
	defer w.Stop()
	p := chunk.Pos{X: -7, Y: 1, Z: 2}
	s := testSection(9)
	if !w.Submit(Write{Token: 1, Sections: []SectionWrite{{Pos: p, Revision: 5, Section: s.Clone()}}}) {
		t.Fatal("Submit refused")
	}
	// Whether or not the write has landed yet, Load sees it.
	got, rev, ok, err := w.Load(p)
	if err != nil || !ok || rev != 5 || !got.Equal(&s) {
		t.Fatalf("Load before durable: rev %d ok %v err %v", rev, ok, err)
	}
	res := w.Wait(nil)
	if len(res) != 1 || res[0].Err != nil || res[0].Token != 1 {
		t.Fatalf("results %+v, want one success", res)
	}
	if st := w.Stats(); st.Failures != 3 || st.Batches != 1 {
		t.Fatalf("stats %+v, want 3 failures then 1 batch", st)
	}
	if _, rev, ok, err := db.LoadSection(p); !ok || err != nil || rev != 5 {
		t.Fatalf("stored: rev %d ok %v err %v", rev, ok, err)
	}
	w.mu.Lock()
	n := len(w.overlay)
	w.mu.Unlock()
	if n != 0 {
		t.Fatalf("overlay holds %d sections after the write is durable", n)
	}
}

// TestWriterStopGivesUp checks that Stop ends even when the disk never
// recovers, reporting the failure.
func TestWriterStopGivesUp(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	w := NewWriter(db, 4, zerolog.Nop())
	w.FailNext(1 << 30)
	w.Start()
	w.Submit(Write{Token: 1, Sections: []SectionWrite{{Pos: chunk.Pos{}, Revision: 1, Section: testSection(1)}}})
	w.Stop()
	res := w.Drain(nil)
	if len(res) != 1 || res[0].Err == nil {
		t.Fatalf("results %+v, want one failure", res)
	}
}

func TestCheckpoint(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	w := NewWriter(db, 4, zerolog.Nop())
	w.Start()
	s := testSection(4)
	w.Submit(Write{Sections: []SectionWrite{{Pos: chunk.Pos{X: 1}, Revision: 3, Section: s}}})
	w.Wait(nil)
	w.Stop()
	backup := t.TempDir() + "/copy"
	if err := db.Checkpoint(backup); err != nil {
		t.Fatal(err)
	}
	cp := openTest(t, backup)
	defer cp.Close()
	got, rev, ok, err := cp.LoadSection(chunk.Pos{X: 1})
	if err != nil || !ok || rev != 3 || !got.Equal(&s) {
		t.Fatalf("checkpoint copy: rev %d ok %v err %v", rev, ok, err)
	}
}
