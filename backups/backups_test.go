package backups

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// fakeDB checkpoints by creating DIR/world with a marker file; fail makes
// the next checkpoints fail half-way, as a full disk would.
type fakeDB struct {
	fail  atomic.Bool
	count atomic.Int64
}

func (f *fakeDB) Checkpoint(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "world"), 0o755); err != nil {
		return err
	}
	if f.fail.Load() {
		return errors.New("no space left on device")
	}
	f.count.Add(1)
	return os.WriteFile(filepath.Join(dir, "world", "MARKER"), nil, 0o644)
}

// fixedClock returns the same instant at every call.
func fixedClock() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC) }

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestCheckName(t *testing.T) {
	tests := []struct {
		name string
		want string // "" accepts
	}{
		{"nightly", ""},
		{"2026-01-02_before.upgrade", ""},
		{"manual-x", ""},
		{"", "empty"},
		{".", "dot"},
		{"..", "dot"},
		{".hidden", "dot"},
		{"../x", "path separator"},
		{"a/b", "path separator"},
		{`a\b`, "path separator"},
		{"/abs", "path separator"},
		{"auto-20260101", "reserved"},
		{"a b", "holds"},
		{"a\x00b", "holds"},
		{"é", "holds"},
		{strings.Repeat("x", MaxNameLen), ""},
		{strings.Repeat("x", MaxNameLen+1), "at most"},
	}
	for _, tc := range tests {
		err := CheckName(tc.name)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckName(%q) = %v, want ok", tc.name, err)
		case tc.want != "" && (err == nil || !errors.Is(err, ErrInvalidName) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckName(%q) = %v, want ErrInvalidName saying %q", tc.name, err, tc.want)
		}
	}
}

func TestTake(t *testing.T) {
	data := t.TempDir()
	db := &fakeDB{}
	k := New(Options{DataDir: data, DB: db, Log: zerolog.Nop(), Now: fixedClock})
	defer k.Stop()

	b, err := k.Take("nightly")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.Abs(filepath.Join(data, Folder, "nightly"))
	if b.Name != "nightly" || b.Path != want {
		t.Fatalf("took %+v, want nightly at %s", b, want)
	}
	if _, err := os.Stat(filepath.Join(want, "world", "MARKER")); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Take("nightly"); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second nightly: %v, want fs.ErrExist", err)
	}
	if _, err := k.Take("../escape"); !errors.Is(err, ErrInvalidName) {
		t.Fatalf("traversal: %v, want ErrInvalidName", err)
	}
	// Two unnamed backups in one millisecond get distinct names.
	b1, err1 := k.Take("")
	b2, err2 := k.Take("")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if b1.Name != "manual-20260102T030405.006Z" || b2.Name != b1.Name+"-1" {
		t.Fatalf("generated names %q, %q", b1.Name, b2.Name)
	}

	// A failed checkpoint leaves nothing behind, not even a partial folder.
	db.fail.Store(true)
	if _, err := k.Take("broken"); err == nil || !strings.Contains(err.Error(), "no space") {
		t.Fatalf("failing checkpoint: %v", err)
	}
	db.fail.Store(false)
	got := entries(t, k.Dir())
	if want := []string{b1.Name, b2.Name, "nightly"}; !slices.Equal(got, want) {
		t.Fatalf("backups folder holds %q, want %q", got, want)
	}

	k.Stop()
	k.Stop()
	if _, err := k.Take("late"); !errors.Is(err, ErrStopped) {
		t.Fatalf("Take after Stop: %v, want ErrStopped", err)
	}
}

// TestSweepLeftovers: a checkpoint cut short by a crash leaves a partial
// folder, removed by the next backup; complete backups stay.
func TestSweepLeftovers(t *testing.T) {
	data := t.TempDir()
	left := filepath.Join(Dir(data), partialPrefix+"auto-x", "world")
	if err := os.MkdirAll(left, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(Dir(data), "kept", "world"), 0o755); err != nil {
		t.Fatal(err)
	}
	k := New(Options{DataDir: data, DB: &fakeDB{}, Log: zerolog.Nop()})
	defer k.Stop()
	if _, err := k.Take("next"); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, k.Dir()); !slices.Equal(got, []string{"kept", "next"}) {
		t.Fatalf("after sweep: %q", got)
	}
}

// TestSchedulePrunes runs the schedule fast: scheduled backups appear,
// only the newest Keep of them stay, and backups someone named are never
// pruned.
func TestSchedulePrunes(t *testing.T) {
	data := t.TempDir()
	db := &fakeDB{}
	k := New(Options{DataDir: data, DB: db, Log: zerolog.Nop(), Every: 5 * time.Millisecond, Keep: 3})
	if _, err := k.Take("mine"); err != nil {
		t.Fatal(err)
	}
	k.Start()
	k.Start() // a second Start is a no-op
	deadline := time.Now().Add(10 * time.Second)
	for k.Taken() < 8 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d scheduled backups in 10s", k.Taken())
		}
		time.Sleep(5 * time.Millisecond)
	}
	k.Stop()
	taken := db.count.Load()
	time.Sleep(20 * time.Millisecond)
	if db.count.Load() != taken {
		t.Fatal("backups continue after Stop")
	}
	names, err := k.Scheduled()
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 3 {
		t.Fatalf("%d scheduled backups kept (%q), want 3", len(names), names)
	}
	if !slices.IsSorted(names) {
		t.Fatalf("not oldest first: %q", names)
	}
	all := entries(t, k.Dir())
	if !slices.Contains(all, "mine") || len(all) != 4 {
		t.Fatalf("backups folder holds %q, want mine and 3 scheduled", all)
	}
	k.Start() // after Stop: nothing starts
	time.Sleep(20 * time.Millisecond)
	if db.count.Load() != taken {
		t.Fatal("Start after Stop restarted the schedule")
	}
}

// TestKeepZeroKeepsAll: Keep 0 prunes nothing.
func TestKeepZeroKeepsAll(t *testing.T) {
	data := t.TempDir()
	k := New(Options{DataDir: data, DB: &fakeDB{}, Log: zerolog.Nop(), Every: 2 * time.Millisecond})
	k.Start()
	deadline := time.Now().Add(10 * time.Second)
	for k.Taken() < 5 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	k.Stop()
	names, _ := k.Scheduled()
	if uint64(len(names)) != k.Taken() || len(names) < 5 {
		t.Fatalf("%d kept of %d taken", len(names), k.Taken())
	}
}
