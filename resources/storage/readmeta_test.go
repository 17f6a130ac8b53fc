package storage

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadMeta reads a data directory's world metadata without claiming
// it: nothing there, an empty folder and an unclaimed database are new
// worlds; a claimed one gives its seed; a database a server holds open is
// an error, not a guess.
func TestReadMeta(t *testing.T) {
	if _, ok, err := ReadMeta(filepath.Join(t.TempDir(), "missing")); err != nil || ok {
		t.Fatalf("missing directory: ok %v err %v", ok, err)
	}
	empty := t.TempDir()
	if err := os.Mkdir(filepath.Join(empty, "world"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := ReadMeta(empty); err != nil || ok {
		t.Fatalf("empty world folder: ok %v err %v", ok, err)
	}

	dir := t.TempDir()
	db := openTest(t, dir)
	if _, ok, err := ReadMeta(dir); err == nil {
		t.Fatalf("database held open: ok %v, want an error", ok)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := ReadMeta(dir); err != nil || ok {
		t.Fatalf("unclaimed database: ok %v err %v", ok, err)
	}
	db = openTest(t, dir)
	if _, err := db.Claim(42, 1, false); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	m, ok, err := ReadMeta(dir)
	if err != nil || !ok || m.Seed != 42 || m.GeneratorVersion != 1 || m.FormatVersion != FormatVersion {
		t.Fatalf("claimed database: meta %+v ok %v err %v", m, ok, err)
	}
	// Read-only: the database opens and claims as before.
	db = openTest(t, dir)
	defer db.Close()
	if _, err := db.Claim(42, 1, false); err != nil {
		t.Fatal(err)
	}
}
