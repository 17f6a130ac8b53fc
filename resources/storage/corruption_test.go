package storage

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// These tests damage real files: a world is written through storage.Open
// and the Writer, closed, and then bytes are flipped on disk. Every Open,
// read and Close runs in the test process, so a panic fails the test.

// testWorld is what writeWorld stored.
type testWorld struct {
	sections map[chunk.Pos]chunk.Section
	players  []PlayerRecord
}

// worldPos spreads n sections over several regions, columns and heights.
func worldPos(i int) chunk.Pos {
	return chunk.Pos{X: int32(i%40) - 20, Y: int32(i%7) - 2, Z: int32(i/40)*3 - 15}
}

// writeWorld writes n sections and three players into dir with seed 7,
// generator version 1, through the Writer. With flush set it opens the
// database once more, which makes Pebble flush its log into a table.
func writeWorld(t *testing.T, dir string, n int, flush bool) *testWorld {
	t.Helper()
	w := &testWorld{sections: map[chunk.Pos]chunk.Section{}}
	db := openTest(t, dir)
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	wr := NewWriter(db, 64, zerolog.Nop())
	wr.Start()
	for i := 0; i < n; i += 10 {
		var write Write
		for j := i; j < min(i+10, n); j++ {
			p := worldPos(j)
			s := testSection(uint64(j) + 100)
			w.sections[p] = s
			write.Sections = append(write.Sections, SectionWrite{Pos: p, Revision: uint64(j) + 1, Section: s.Clone()})
		}
		// One write at a time: each is a batch of its own, one record
		// of the log.
		if !wr.Submit(write) {
			t.Fatal("queue full")
		}
		wr.Wait(nil)
	}
	w.players = []PlayerRecord{{Name: "alice", X: 1, Y: 70, Z: -3}, {Name: "bob", X: -40, Y: 64, Z: 9, Yaw: 90}, {Name: "carol", Z: 1000}}
	wr.Submit(Write{Players: w.players})
	wr.Stop()
	for _, r := range wr.Drain(nil) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if flush {
		if err := openTest(t, dir).Close(); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// verify reads every section and player of w from db. It returns the
// positions whose reads failed with ErrCorrupt (each error must name its
// position); any other error, a missing record or wrong content fails
// the test.
func (w *testWorld) verify(t *testing.T, db *DB) map[chunk.Pos]bool {
	t.Helper()
	bad := map[chunk.Pos]bool{}
	for p, want := range w.sections {
		got, _, ok, err := db.LoadSection(p)
		switch {
		case errors.Is(err, ErrCorrupt):
			if !strings.Contains(err.Error(), p.String()) {
				t.Errorf("error for %v does not name it: %v", p, err)
			}
			bad[p] = true
		case err != nil:
			t.Fatalf("section %v: %v", p, err)
		case !ok:
			t.Fatalf("section %v is silently missing", p)
		case !got.Equal(&want):
			t.Fatalf("section %v has other content", p)
		}
	}
	for _, want := range w.players {
		got, ok, err := db.LoadPlayer(want.Name)
		if err != nil || !ok || got != want {
			t.Fatalf("player %q: %+v ok=%v err=%v", want.Name, got, ok, err)
		}
	}
	return bad
}

// tables returns the world's table files, largest first.
func tables(t *testing.T, dir string) []string {
	t.Helper()
	files, err := listFiles(filepath.Join(dir, "world"))
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(files.tables, func(a, b fileRef) int { return int(b.size - a.size) })
	var out []string
	for _, f := range files.tables {
		out = append(out, f.path)
	}
	if len(out) == 0 {
		t.Fatal("no table on disk")
	}
	return out
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func flipByte(t *testing.T, path string, off int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := []byte{0}
	if _, err := f.ReadAt(b, off); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0x5a
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies a data directory (files one level below it).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		_, err = io.Copy(out, in)
		return errors.Join(err, out.Close())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// inDamage reports whether key lies within one of the damaged ranges.
func inDamage(key []byte, ds []Damage) bool {
	for _, d := range ds {
		if (d.After == nil || string(key) > string(d.After)) && (d.Before == nil || string(key) < string(d.Before)) {
			return true
		}
	}
	return false
}

// TestFlippedTableByte flips one byte in the middle of a table: the
// database opens, only the sections of the damaged block fail (with
// ErrCorrupt, naming them), the rest of the world reads and writes, Close
// and the next Open work, check reports exactly that damage, and repair
// salvages everything else into a copy that opens clean.
func TestFlippedTableByte(t *testing.T) {
	dir := t.TempDir()
	w := writeWorld(t, dir, 400, true)
	sst := tables(t, dir)[0]
	flipByte(t, sst, fileSize(t, sst)/2)

	db, err := Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatalf("a damaged block must not stop the database opening: %v", err)
	}
	bad := w.verify(t, db)
	if len(bad) == 0 || len(bad) > 12 {
		t.Fatalf("%d sections fail; want the few of one block", len(bad))
	}
	if db.Corruptions() == 0 {
		t.Error("Corruptions() is 0 after reads met damage")
	}
	if m, ok, err := db.Meta(); err != nil || !ok || m.Seed != 7 {
		t.Fatalf("meta: %+v %v %v", m, ok, err)
	}
	// Writes go on, to damaged positions and elsewhere.
	wr := NewWriter(db, 4, zerolog.Nop())
	wr.Start()
	var some chunk.Pos
	for p := range bad {
		some = p
		break
	}
	fresh, rewrite := testSection(9001), testSection(9002)
	wr.Submit(Write{Sections: []SectionWrite{{Pos: chunk.Pos{X: 500}, Revision: 1, Section: fresh.Clone()}, {Pos: some, Revision: 1000, Section: rewrite.Clone()}}})
	wr.Stop()
	if res := wr.Drain(nil); len(res) != 1 || res[0].Err != nil {
		t.Fatalf("write after damage: %+v", res)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("Close after damage: %v", err)
	}

	// The next start opens too, and the rewritten section is whole again.
	db = openTest(t, dir)
	if got, _, ok, err := db.LoadSection(some); err != nil || !ok || !got.Equal(&rewrite) {
		t.Fatalf("rewritten %v: ok=%v err=%v", some, ok, err)
	}
	delete(bad, some)
	w.sections[some] = rewrite
	if again := w.verify(t, db); len(again) != len(bad) {
		t.Fatalf("after reopening %d sections fail, want %d", len(again), len(bad))
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	w.sections[chunk.Pos{X: 500}] = fresh

	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Clean() || len(rep.Damage) != 1 || rep.Damage[0].File != filepath.Base(sst) {
		t.Fatalf("check: clean=%v damage %+v", rep.Clean(), rep.Damage)
	}
	for _, b := range rep.Bad {
		if p, ok := b.Pos(); !ok || !bad[p] {
			t.Errorf("check calls %s bad, but it reads fine", b.What())
		}
	}
	for p := range bad {
		listed := slices.ContainsFunc(rep.Bad, func(b BadKey) bool { q, _ := b.Pos(); return q == p })
		if !listed && !inDamage(SectionKey(p), rep.Damage) {
			t.Errorf("check misses %v, neither listed nor in a damaged range", p)
		}
	}

	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// +2: the metadata's record and its copy.
	if !rr.Verified || rr.Written != len(w.sections)-len(bad)+len(w.players)+2 {
		t.Fatalf("repair: verified %v, wrote %d, want %d", rr.Verified, rr.Written, len(w.sections)-len(bad)+len(w.players)+2)
	}
	for _, b := range rr.Lost() {
		if p, ok := b.Pos(); !ok || !bad[p] {
			t.Errorf("repair lists %s as lost", b.What())
		}
	}
	db = openTest(t, out)
	defer db.Close()
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	for p := range bad {
		if _, _, ok, err := db.LoadSection(p); ok || err != nil {
			t.Fatalf("lost %v in the copy: ok=%v err=%v", p, ok, err)
		}
		delete(w.sections, p)
	}
	if still := w.verify(t, db); len(still) != 0 {
		t.Fatalf("%d sections fail in the repaired copy", len(still))
	}
}

// TestCheckAndRepairCleanWorld: a sound world checks clean and repairs
// to an identical copy.
func TestCheckAndRepairCleanWorld(t *testing.T) {
	dir := t.TempDir()
	w := writeWorld(t, dir, 120, true)
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean() || rep.Sections != 120 || rep.Players != 3 || rep.Meta == nil || rep.Meta.Seed != 7 {
		var b strings.Builder
		rep.WriteText(&b)
		t.Fatalf("clean world:\n%s", b.String())
	}
	out := filepath.Join(t.TempDir(), "copy")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil || !rr.Verified || rr.Written != 125 { // 120 sections, 3 players, the metadata and its copy
		t.Fatalf("repair: %+v %v", rr, err)
	}
	db := openTest(t, out)
	defer db.Close()
	if bad := w.verify(t, db); len(bad) != 0 {
		t.Fatal(bad)
	}
}

// TestRepairRefusesOutput: repair never writes into the source or into a
// directory that holds anything.
func TestRepairRefusesOutput(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 5, false)
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "keep"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{dir, full, ""} {
		if _, err := Repair(dir, out, RepairOptions{}); err == nil {
			t.Errorf("repair into %q succeeded", out)
		}
	}
	if _, err := os.Stat(filepath.Join(full, "keep")); err != nil {
		t.Fatal(err)
	}
}

// TestFlippedManifestByte flips every byte of the MANIFEST in turn. Each
// time the database either refuses to open with an error wrapping
// ErrCorrupt that says what to run, or opens with every record intact:
// never silently without tables (Pebble opens a MANIFEST that lost its
// last records as if they were never written, and then deletes the
// tables they added). Check reports a refused one, and repair rebuilds
// it whole from the tables.
func TestFlippedManifestByte(t *testing.T) {
	base := t.TempDir()
	w := writeWorld(t, base, 60, true)
	files, err := listFiles(filepath.Join(base, "world"))
	if err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join("world", slices.Max(files.manifests))
	size := fileSize(t, filepath.Join(base, manifest))
	outcomes := map[string]int{}
	var refusedDir string
	for off := int64(0); off < size; off++ {
		dir := filepath.Join(t.TempDir(), "d")
		copyDir(t, base, dir)
		flipByte(t, filepath.Join(dir, manifest), off)
		db, err := Open(dir, zerolog.Nop())
		if err != nil {
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "strata repair") {
				t.Fatalf("offset %d: unclear error: %v", off, err)
			}
			kind := "refused"
			if strings.Contains(err.Error(), "lost records") {
				kind = "refused: MANIFEST lost records"
			}
			outcomes[kind]++
			refusedDir = dir
			continue
		}
		if bad := w.verify(t, db); len(bad) != 0 {
			t.Fatalf("offset %d: opened, and %d sections fail", off, len(bad))
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		outcomes["intact"]++
	}
	t.Logf("%d offsets: %v", size, outcomes)
	if outcomes["refused: MANIFEST lost records"] == 0 || refusedDir == "" {
		t.Fatalf("no flip made the MANIFEST lose a record, the case this test is for: %v", outcomes)
	}
	rep, err := Check(refusedDir)
	if err != nil || rep.Clean() {
		t.Fatalf("check of a refused database: clean=%v err=%v", rep != nil && rep.Clean(), err)
	}
	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(refusedDir, out, RepairOptions{})
	if err != nil || !rr.Verified || len(rr.Lost()) != 0 {
		t.Fatalf("repair: %+v %v", rr, err)
	}
	db := openTest(t, out)
	defer db.Close()
	if bad := w.verify(t, db); len(bad) != 0 {
		t.Fatal(bad)
	}
}

// TestCorruptRecord: a record whose own checksum fails (CorruptForTest)
// fails only its key; check names it, and repair restores its older,
// intact revision.
func TestCorruptRecord(t *testing.T) {
	dir := t.TempDir()
	w := writeWorld(t, dir, 50, true)
	p := worldPos(17)
	db := openTest(t, dir)
	if err := db.CorruptForTest(p); err != nil {
		t.Fatal(err)
	}
	bad := w.verify(t, db)
	if len(bad) != 1 || !bad[p] || db.Corruptions() != 1 {
		t.Fatalf("bad %v, corruptions %d", bad, db.Corruptions())
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Bad) != 1 || !rep.Bad[0].Older || len(rep.Damage) != 0 {
		t.Fatalf("check: %+v", rep)
	}
	if q, ok := rep.Bad[0].Pos(); !ok || q != p || !strings.Contains(rep.Bad[0].Problem, "checksum") {
		t.Fatalf("bad key %s: %s", rep.Bad[0].What(), rep.Bad[0].Problem)
	}
	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil || !rr.Verified || len(rr.Lost()) != 0 {
		t.Fatalf("repair: %+v %v", rr, err)
	}
	db = openTest(t, out)
	defer db.Close()
	if bad := w.verify(t, db); len(bad) != 0 {
		t.Fatalf("the older revision of %v was not restored", p)
	}
}

// TestFlippedLogByte damages the write-ahead log in its middle. Pebble
// would replay it up to the damage and drop every record after it, so
// Open refuses; check reports it, and repair salvages the records on both
// sides of the damage. A log cut short at its end, as a crash leaves it,
// opens as before.
func TestFlippedLogByte(t *testing.T) {
	base := t.TempDir()
	w := writeWorld(t, base, 300, false)
	files, err := listFiles(filepath.Join(base, "world"))
	if err != nil {
		t.Fatal(err)
	}
	// Pebble itself refuses a damaged older log (it must have been closed
	// cleanly); the newest one it reads up to the first bad chunk.
	if len(files.logs) < 2 {
		t.Fatalf("%d logs; the test wants an older one and the newest", len(files.logs))
	}
	older, log := files.logs[0], files.logs[len(files.logs)-1]
	if log.size < 2*walBlockSize {
		t.Fatalf("newest log of %d bytes is too short for the test", log.size)
	}
	rel, _ := filepath.Rel(base, log.path)

	t.Run("damaged in the middle", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "d")
		copyDir(t, base, dir)
		flipByte(t, filepath.Join(dir, rel), walBlockSize/2)
		if _, err := Open(dir, zerolog.Nop()); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "write-ahead log") {
			t.Fatalf("Open: %v", err)
		}
		rep, err := Check(dir)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Clean() || len(rep.Damage) != 1 || rep.Damage[0].File != log.name {
			t.Fatalf("check: %+v", rep.Damage)
		}
		out := filepath.Join(t.TempDir(), "new")
		rr, err := Repair(dir, out, RepairOptions{})
		if err != nil || !rr.Verified {
			t.Fatalf("repair: %+v %v", rr, err)
		}
		db := openTest(t, out)
		defer db.Close()
		if m, ok, err := db.Meta(); err != nil || !ok || m.Seed != 7 {
			t.Fatalf("meta: %v %v", ok, err)
		}
		lost := 0
		for p, want := range w.sections {
			got, _, ok, err := db.LoadSection(p)
			if err != nil || ok && !got.Equal(&want) {
				t.Fatalf("section %v in the copy: %v", p, err)
			}
			if !ok {
				lost++
			}
		}
		// The damaged block's records are lost, and only they: the
		// players, written last, survive.
		if lost == 0 || lost > len(w.sections)/2 {
			t.Fatalf("%d of %d sections lost", lost, len(w.sections))
		}
		if _, ok, err := db.LoadPlayer("bob"); !ok || err != nil {
			t.Fatalf("player written after the damage: %v %v", ok, err)
		}
	})

	t.Run("older log cut short", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "d")
		copyDir(t, base, dir)
		orel, _ := filepath.Rel(base, older.path)
		if err := os.Truncate(filepath.Join(dir, orel), older.size-20); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(dir, zerolog.Nop()); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "strata repair") {
			t.Fatalf("Open: %v", err)
		}
		rep, err := Check(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Damage) != 1 || rep.Damage[0].File != older.name {
			t.Fatalf("check: %+v", rep.Damage)
		}
	})

	t.Run("cut short at its end", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "d")
		copyDir(t, base, dir)
		if err := os.Truncate(filepath.Join(dir, rel), log.size-20); err != nil {
			t.Fatal(err)
		}
		db, err := Open(dir, zerolog.Nop())
		if err != nil {
			t.Fatalf("a torn last write must open: %v", err)
		}
		if _, ok, err := db.LoadPlayer("bob"); ok || err != nil {
			t.Fatalf("the torn last write (the players) is there: %v %v", ok, err)
		}
		db.Close()
	})
}

// TestFatalStopsDatabase: Pebble's Fatalf, which Pebble calls from any
// goroutine when it cannot go on, stops the database instead of the
// process: reads, writes and checkpoints fail with an error wrapping
// ErrCorrupt, and Close returns it.
func TestFatalStopsDatabase(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	p := chunk.Pos{X: 3}
	s := testSection(1)
	wr := NewWriter(db, 4, zerolog.Nop())
	wr.Start()
	wr.Submit(Write{Sections: []SectionWrite{{Pos: p, Revision: 1, Section: s}}})
	wr.Wait(nil)

	done := make(chan struct{})
	go func() { // as Pebble would, from a background goroutine
		defer close(done)
		pebbleLogger{db.h.log, db.h}.Fatalf("MANIFEST sync failed: %v", errors.New("input/output error"))
	}()
	<-done
	var ce *CorruptionError
	if _, _, _, err := db.LoadSection(p); !errors.As(err, &ce) || !ce.Fatal || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("read after Fatalf: %v", err)
	}
	if err := db.Failed(); err == nil || !strings.Contains(err.Error(), "MANIFEST sync failed") {
		t.Fatalf("Failed: %v", err)
	}
	wr.Submit(Write{Sections: []SectionWrite{{Pos: p, Revision: 2, Section: s}}})
	wr.Stop()
	if res := wr.Drain(nil); len(res) != 1 || !errors.Is(res[0].Err, ErrCorrupt) {
		t.Fatalf("write after Fatalf: %+v", res)
	}
	if err := db.Checkpoint(t.TempDir() + "/cp"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("checkpoint after Fatalf: %v", err)
	}
	if err := db.Close(); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Close after Fatalf: %v", err)
	}
}

// TestDamagedTableDoesNotSpinCompactions: a compaction over a damaged
// table fails, and Pebble retries it at once, forever (about a hundred
// times a second here, each reading the table again). The gate pauses
// them.
func TestDamagedTableDoesNotSpinCompactions(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 400, true)
	sst := tables(t, dir)[0]
	flipByte(t, sst, fileSize(t, sst)/2)
	db := openTest(t, dir)
	defer db.Close()
	wr := NewWriter(db, 4, zerolog.Nop())
	wr.Start()
	for i := 0; i < 5; i++ { // enough L0 tables for an L0 compaction
		var write Write
		for j := 0; j < 100; j++ {
			write.Sections = append(write.Sections, SectionWrite{Pos: worldPos(j), Revision: uint64(1000 + i), Section: testSection(uint64(j))})
		}
		wr.Submit(write)
		wr.Wait(nil)
		if err := db.db.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	wr.Stop()
	time.Sleep(1500 * time.Millisecond)
	if n := db.db.Metrics().Compact.Count; n > 4 {
		t.Fatalf("%d compactions in 1.5s over a damaged table", n)
	}
	if db.Corruptions() == 0 {
		t.Fatal("no corruption counted")
	}
}

// fakeCompactor is the DB side of a compaction scheduler.
type fakeCompactor struct{ waiting, scheduled int }

func (f *fakeCompactor) GetAllowedWithoutPermission() int { return 1 }
func (f *fakeCompactor) GetWaitingCompaction() (bool, pebble.WaitingCompaction) {
	return f.waiting > 0, pebble.WaitingCompaction{}
}
func (f *fakeCompactor) Schedule(pebble.CompactionGrantHandle) bool {
	f.waiting--
	f.scheduled++
	return true
}

// TestCompactionGate: within its concurrency limit the gate grants like
// Pebble's default; after damage it grants nothing for a pause that
// doubles with each failure, and a success resets it.
func TestCompactionGate(t *testing.T) {
	now := time.Unix(1000, 0)
	g := newCompactionGate(zerolog.Nop())
	g.now = func() time.Time { return now }
	db := &fakeCompactor{}
	g.db = db // registered without the granting goroutine: the test drives it
	ok, h := g.TrySchedule()
	if !ok {
		t.Fatal("first grant refused")
	}
	if ok, _ := g.TrySchedule(); ok {
		t.Fatal("granted past the limit")
	}
	g.damaged()
	h.Done()
	db.waiting = 1
	g.mu.Lock()
	g.grantAndUnlock()
	if ok, _ := g.TrySchedule(); ok || db.scheduled != 0 {
		t.Fatal("granted while paused")
	}
	now = now.Add(minCompactionPause + time.Millisecond)
	g.mu.Lock()
	g.grantAndUnlock()
	if db.scheduled != 1 {
		t.Fatal("waiting compaction not granted after the pause")
	}
	g.Done()
	g.damaged()
	g.mu.Lock()
	pause := g.pause
	g.mu.Unlock()
	if pause != 2*minCompactionPause {
		t.Fatalf("second pause %v, want %v", pause, 2*minCompactionPause)
	}
	g.succeeded()
	g.damaged()
	if g.pause != minCompactionPause {
		t.Fatalf("pause after a success %v", g.pause)
	}
	g.Unregister()
}

// TestLooseParsingNeverPanics: what check reads of damaged blocks — the
// row parser and the tolerant Snappy decoder — survives any bytes.
func TestLooseParsingNeverPanics(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 40, true)
	raw, err := os.ReadFile(tables(t, dir)[0])
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		b := slices.Clone(raw[:min(len(raw), 4096)])
		for k := 0; k < 1+rng.IntN(8); k++ {
			b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
		}
		b = b[:rng.IntN(len(b))+1]
		_ = parseRowBlock(snappyPrefix(b), true, func(*entry) bool { return true })
		_ = parseRowBlock(b, rng.IntN(2) == 0, func(*entry) bool { return true })
		_ = parseRowEntries(b, true, func(*entry) bool { return true })
	}
}

// TestDescribeKey names keys as the reports do.
func TestDescribeKey(t *testing.T) {
	for _, tc := range []struct {
		key  []byte
		want string
	}{
		{metaKey, "world metadata"},
		{SectionKey(chunk.Pos{X: -3, Y: 2, Z: 9}), "section (-3,2,9)"},
		{PlayerKey("zoë"), `player "zoë"`},
		{[]byte{0x09, 0x01}, "key 0901"},
	} {
		if got := DescribeKey(tc.key); got != tc.want {
			t.Errorf("%x: %q, want %q", tc.key, got, tc.want)
		}
	}
}

// TestRefusedDatabases: databases Pebble cannot open, or would open
// wrongly, are refused with an error wrapping ErrCorrupt that says what to
// run; check reports the damage, and repair salvages what the files hold.
func TestRefusedDatabases(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, world string)
		file   string // prefix of the damaged file check names
		whole  bool   // every record survives in the files
	}{
		{"MANIFEST deleted", func(t *testing.T, world string) {
			// Pebble would take the directory for a new database and
			// delete every table in it.
			ents, _ := os.ReadDir(world)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), "MANIFEST-") || strings.HasPrefix(e.Name(), "marker.manifest") {
					os.Remove(filepath.Join(world, e.Name()))
				}
			}
		}, "MANIFEST", true},
		{"table deleted", func(t *testing.T, world string) {
			for _, p := range tables(t, filepath.Dir(world)) {
				os.Remove(p)
			}
		}, "0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			w := writeWorld(t, dir, 40, true)
			tc.damage(t, filepath.Join(dir, "world"))
			if _, err := Open(dir, zerolog.Nop()); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "strata repair") {
				t.Fatalf("Open: %v", err)
			}
			rep, err := Check(dir)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Clean() || len(rep.Damage) == 0 || !strings.HasPrefix(rep.Damage[0].File, tc.file) {
				t.Fatalf("check: %+v", rep.Damage)
			}
			out := filepath.Join(t.TempDir(), "new")
			rr, err := Repair(dir, out, RepairOptions{Meta: &Meta{Seed: 7, GeneratorVersion: 1}})
			if err != nil || !rr.Verified || rr.OutMeta == nil || rr.OutMeta.Seed != 7 {
				t.Fatalf("repair: %+v %v", rr, err)
			}
			db := openTest(t, out)
			defer db.Close()
			if tc.whole {
				if bad := w.verify(t, db); len(bad) != 0 {
					t.Fatal(bad)
				}
			}
		})
	}
}

// TestScanTableIter: the iterator path (for table formats the block
// parser does not read) sees what the block parser sees.
func TestScanTableIter(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 60, true)
	files, err := listFiles(filepath.Join(dir, "world"))
	if err != nil {
		t.Fatal(err)
	}
	ref := files.tables[len(files.tables)-1]
	type kv struct {
		key string
		seq uint64
	}
	var byBlocks []kv
	if _, err := scanTable(ref, func(e *entry) { byBlocks = append(byBlocks, kv{string(e.key), e.seq}) }); err != nil {
		t.Fatal(err)
	}
	f, err := vfs.Default.Open(ref.path)
	if err != nil {
		t.Fatal(err)
	}
	readable, err := sstable.NewSimpleReadable(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sstable.NewReader(context.Background(), readable, readerOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var byIter []kv
	ts := scanTableIter(ref, r, func(e *entry) { byIter = append(byIter, kv{string(e.key), e.seq}) })
	if len(ts.damage) != 0 || len(byIter) == 0 || !slices.Equal(byBlocks, byIter) {
		t.Fatalf("blocks read %d entries, the iterator %d (damage %v)", len(byBlocks), len(byIter), ts.damage)
	}
}
