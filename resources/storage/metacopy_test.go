package storage

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// flipFirstBlock flips a byte in the middle of the first data block of
// dir's only table: the block holding its smallest keys, the world
// metadata's record among them.
func flipFirstBlock(t *testing.T, dir string) { flipBlock(t, dir, false) }

// flipBlock flips a byte in the middle of the first data block of dir's
// only table, or of its last (the metadata's copy key among its keys).
func flipBlock(t *testing.T, dir string, last bool) {
	t.Helper()
	ts := tables(t, dir)
	if len(ts) != 1 {
		t.Fatalf("%d tables; the test expects one", len(ts))
	}
	flipTableBlock(t, ts[0], last)
}

// flipTableBlock flips a byte in the middle of the first or last data
// block of table path.
func flipTableBlock(t *testing.T, path string, last bool) {
	t.Helper()
	f, err := vfs.Default.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	readable, err := sstable.NewSimpleReadable(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sstable.NewReader(context.Background(), readable, sstable.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.Layout()
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	if last {
		i = len(l.Data) - 1
	}
	off, n := int64(l.Data[i].Offset), int64(l.Data[i].Length)
	r.Close()
	t.Logf("%s: %d data blocks; flipping a byte of block %d (%d bytes at %d)", filepath.Base(path), len(l.Data), i, n, off)
	flipByte(t, path, off+n/2)
}

// TestRepairRecoversLostMetadata damages the table block holding the
// world metadata's record and checks that strata check and repair find
// the seed and generator version elsewhere, and say where: the record's
// copy key (a world of many blocks), the file beside the database (a
// world of one block, both keys lost), a backup in DATA/backups (the file
// gone too). With none of them left, repair says the metadata is lost
// and where it looked.
func TestRepairRecoversLostMetadata(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sections int
		prepare  func(t *testing.T, dir string)
		from     string // in Report.MetaFrom; "" when lost
	}{
		{"copy key", 400, nil, "its copy in the database (key fe6d657461)"},
		{"file beside the database", 3, nil, MetaFile},
		{"backup", 3, func(t *testing.T, dir string) {
			// A backup copied whole (not hard links to the same damaged
			// table), then the file beside the database lost.
			snap := t.TempDir()
			db := openTest(t, dir)
			if err := db.Checkpoint(snap); err != nil {
				t.Fatal(err)
			}
			db.Close()
			copyDir(t, snap, filepath.Join(dir, "backups", "auto-20260101T000000.000Z"))
			if err := os.Remove(filepath.Join(dir, MetaFile)); err != nil {
				t.Fatal(err)
			}
		}, filepath.Join("backups", "auto-20260101T000000.000Z")},
		{"nowhere", 3, func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, MetaFile)); err != nil {
				t.Fatal(err)
			}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeWorld(t, dir, tc.sections, true)
			if m, err := ReadMetaFile(dir); err != nil || m.Seed != 7 || m.GeneratorVersion != 1 {
				t.Fatalf("%s beside a new world: %+v, %v", MetaFile, m, err)
			}
			if tc.prepare != nil {
				tc.prepare(t, dir)
			}
			flipFirstBlock(t, dir)

			rep, err := Check(dir)
			if err != nil {
				t.Fatal(err)
			}
			var text strings.Builder
			rep.WriteText(&text)
			t.Logf("check:\n%s", text.String())
			if rep.Clean() {
				t.Fatal("a world whose metadata record is damaged checks clean")
			}
			if tc.from == "" {
				if rep.Meta != nil || len(rep.MetaTried) == 0 {
					t.Fatalf("metadata %+v found, tried %q", rep.Meta, rep.MetaTried)
				}
			} else if rep.Meta == nil || rep.Meta.Seed != 7 || rep.Meta.GeneratorVersion != 1 || !strings.Contains(rep.MetaFrom, tc.from) {
				t.Fatalf("check found metadata %+v from %q, want seed 7, generator version 1 from %q", rep.Meta, rep.MetaFrom, tc.from)
			}

			out := filepath.Join(t.TempDir(), "new")
			rr, err := Repair(dir, out, RepairOptions{})
			if err != nil {
				t.Fatal(err)
			}
			text.Reset()
			rr.WriteText(&text)
			t.Logf("repair:\n%s", text.String())
			if tc.from == "" {
				if rr.OutMeta != nil || !strings.Contains(text.String(), "world metadata is lost") {
					t.Fatalf("repair with the metadata nowhere: out meta %+v", rr.OutMeta)
				}
				return
			}
			if !rr.Verified || rr.OutMeta == nil || rr.OutMeta.Seed != 7 || rr.OutMeta.GeneratorVersion != 1 {
				t.Fatalf("repair: verified %v, metadata of the copy %+v", rr.Verified, rr.OutMeta)
			}
			if !strings.Contains(text.String(), "recovered from") || !strings.Contains(text.String(), tc.from) {
				t.Fatalf("repair does not say where it recovered the metadata from")
			}
			// The copy keeps it in all three places again, and a server
			// of the world's seed and version opens it.
			if m, err := ReadMetaFile(out); err != nil || m.Seed != 7 {
				t.Fatalf("%s in the copy: %+v, %v", MetaFile, m, err)
			}
			db := openTest(t, out)
			defer db.Close()
			if v, ok, err := db.get(metaCopyKey); err != nil || !ok || len(v) == 0 {
				t.Fatalf("copy key in the copy: ok %v err %v", ok, err)
			}
			if _, err := db.Claim(7, 1, false); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestRepairRewritesLostMetadataCopy: the block at the far end of the
// key space, with the metadata's copy key, is damaged; the record is
// intact, check reads it and repair writes the copy again from it.
func TestRepairRewritesLostMetadataCopy(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 400, true)
	flipBlock(t, dir, true)
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	rep.WriteText(&text)
	t.Logf("check:\n%s", text.String())
	// The copy key is listed when the damaged block's legible parts or
	// its index name it; a key wholly inside it may not be named at all.
	if rep.Meta == nil || rep.Meta.Seed != 7 || rep.MetaFrom != "" ||
		strings.Contains(text.String(), "bad: world metadata (copy)") && !strings.Contains(text.String(), "[recoverable from the record]") {
		t.Fatal("check does not read the metadata from its record, or calls its copy lost")
	}
	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil || !rr.Verified || rr.OutMeta == nil || rr.OutMeta.Seed != 7 {
		t.Fatalf("repair: %+v %v", rr, err)
	}
	db := openTest(t, out)
	defer db.Close()
	if _, ok, err := db.get(metaCopyKey); !ok || err != nil {
		t.Fatalf("no copy key in the repaired world: %v", err)
	}
}

// TestCheckNotesMetadataFileDisagreeing: a --migrate-generator whose
// write sits in the log's last record, which is then damaged (Pebble
// takes it for a write a crash cut short and drops it): the database says
// generator version 1, the file beside it 2, and check says so.
func TestCheckNotesMetadataFileDisagreeing(t *testing.T) {
	dir := t.TempDir()
	writeWorld(t, dir, 40, true)
	db := openTest(t, dir)
	if _, err := db.Claim(7, 2, true); err != nil {
		t.Fatal(err)
	}
	db.Close()
	logs, err := filepath.Glob(filepath.Join(dir, "world", "*.log"))
	if err != nil || len(logs) != 1 {
		t.Fatalf("logs %v, %v", logs, err)
	}
	flipByte(t, logs[0], fileSize(t, logs[0])/2)
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	rep.WriteText(&text)
	t.Logf("check:\n%s", text.String())
	if rep.Meta == nil || rep.Meta.GeneratorVersion != 1 || !strings.Contains(text.String(), "holds seed 7, generator version 2, not the database's") {
		t.Fatal("check does not note the file disagreeing with the database")
	}
}

// TestClaimKeepsMetadataCopies: a world made before the copies existed
// (the record alone) gets its copy key and file when a server claims it,
// and a migration rewrites all three.
func TestClaimKeepsMetadataCopies(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	// As an older server left it: no copy key, no file.
	b := db.db.NewBatch()
	b.Delete(metaCopyKey, nil)
	if err := db.commit(b); err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.Remove(filepath.Join(dir, MetaFile))

	db = openTest(t, dir)
	if _, err := db.Claim(7, 1, false); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.get(metaCopyKey); !ok || err != nil {
		t.Fatalf("no copy key after a claim: %v", err)
	}
	if m, err := ReadMetaFile(dir); err != nil || m.Seed != 7 || m.GeneratorVersion != 1 {
		t.Fatalf("%s after a claim: %+v %v", MetaFile, m, err)
	}
	if _, err := db.Claim(7, 2, true); err != nil {
		t.Fatal(err)
	}
	var c Meta
	v, _, _ := db.get(metaCopyKey)
	if err := json.Unmarshal(v, &c); err != nil || c.GeneratorVersion != 2 {
		t.Fatalf("copy key after a migration: %+v %v", c, err)
	}
	if m, err := ReadMetaFile(dir); err != nil || m.GeneratorVersion != 2 {
		t.Fatalf("%s after a migration: %+v %v", MetaFile, m, err)
	}
	db.Close()
}
