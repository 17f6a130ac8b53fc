package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
)

// buildStrata builds the binary once per test.
func buildStrata(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "strata")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/strata").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// runStrata runs the binary to its end (at most a minute) and returns its
// exit code and everything it printed.
func runStrata(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("strata %v did not end in a minute:\n%s", args, out.String())
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String()
}

// writeServeWorld writes a world the way serve would find it: metadata
// for the server's default seed and generator version, n edited sections
// and two players, flushed into a table.
func writeServeWorld(t *testing.T, dir string, n int) []chunk.Pos {
	t.Helper()
	cfg := server.Defaults()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(cfg.Seed, cfg.GeneratorVersion, false); err != nil {
		t.Fatal(err)
	}
	w := storage.NewWriter(db, 4, zerolog.Nop())
	w.Start()
	var ps []chunk.Pos
	for i := 0; i < n; i++ {
		p := chunk.Pos{X: int32(i%20) + 40, Y: int32(i/20) % 8, Z: int32(i/160) + 40}
		s := chunk.Uniform(chunk.Stone)
		for j := 0; j < 200; j++ {
			s.SetAt((i*7919+j*104729)%chunk.Volume, chunk.Block(1+(i+j)%4))
		}
		ps = append(ps, p)
		w.Submit(storage.Write{Token: uint64(i), Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: s}}})
		w.Wait(nil)
	}
	w.Stop()
	if err := errors.Join(db.PutPlayers([]storage.PlayerRecord{{Name: "ann", Y: 80}, {Name: "ben", X: 3, Y: 81}}), db.Close()); err != nil {
		t.Fatal(err)
	}
	// Pebble flushes the log into a table when the database opens.
	db, err = storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return ps
}

// worldFiles returns the world's files whose names end in suffix, largest
// first.
func worldFiles(t *testing.T, dir, suffix string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, "world"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), suffix) || strings.HasPrefix(e.Name(), suffix) {
			out = append(out, filepath.Join(dir, "world", e.Name()))
		}
	}
	size := func(p string) int64 { fi, _ := os.Stat(p); return fi.Size() }
	slices.SortFunc(out, func(a, b string) int { return int(size(b) - size(a)) })
	if len(out) == 0 {
		t.Fatalf("no %s file in %s", suffix, dir)
	}
	return out
}

// firstDataBlock returns the offset and length of a table's first data
// block: the one holding its smallest keys, the world metadata among them.
func firstDataBlock(t *testing.T, path string) (int64, int64) {
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
	defer r.Close()
	l, err := r.Layout()
	if err != nil {
		t.Fatal(err)
	}
	return int64(l.Data[0].Offset), int64(l.Data[0].Length)
}

func flip(t *testing.T, path string, off int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[off] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// noStack fails the test if out holds a panic or a goroutine dump.
func noStack(t *testing.T, out string) {
	t.Helper()
	for _, bad := range []string{"panic:", "goroutine ", "runtime/"} {
		if strings.Contains(out, bad) {
			t.Fatalf("output holds %q:\n%s", bad, out)
		}
	}
}

// TestServeRefusesDamagedWorld runs the real `strata serve` on worlds
// damaged so that they cannot be opened — a flipped byte in the table
// block holding the world metadata, and one in the MANIFEST's last record
// (Pebble would open without the table it adds, and delete the table) —
// and checks it exits non-zero with one paragraph that says what is
// damaged and to run strata check and strata repair: no panic, no stack.
func TestServeRefusesDamagedWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	base := t.TempDir()
	writeServeWorld(t, base, 3)
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		want   string
	}{
		{"table block with the metadata", func(t *testing.T, dir string) {
			sst := worldFiles(t, dir, ".sst")[0]
			off, n := firstDataBlock(t, sst)
			flip(t, sst, off+n/2)
		}, "checksum mismatch"},
		{"MANIFEST record", func(t *testing.T, dir string) {
			m := worldFiles(t, dir, "MANIFEST-")[0]
			fi, _ := os.Stat(m)
			flip(t, m, fi.Size()-4)
		}, "MANIFEST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			if err := os.CopyFS(dir, os.DirFS(base)); err != nil {
				t.Fatal(err)
			}
			tc.damage(t, dir)
			code, out := runStrata(t, bin, "serve", "--data", dir, "--listen", "", "--admin", "", "--log-format", "json")
			if code == 0 {
				t.Fatalf("serve exited 0 on a damaged world:\n%s", out)
			}
			noStack(t, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			last := lines[len(lines)-1]
			if !strings.HasPrefix(last, "strata: ") || !strings.Contains(last, tc.want) ||
				!strings.Contains(last, "strata check --data "+dir) || !strings.Contains(last, "strata repair --data "+dir) {
				t.Fatalf("last line is not the one clear error:\n%s", out)
			}
			t.Logf("%s", last)
		})
	}
}

// TestCheckRepairServe: on a world with a flipped byte in the middle of a
// table, `strata check` exits non-zero naming the damaged sections,
// `strata repair` writes a copy and lists what was lost, the copy passes
// `strata check`, and `strata serve` opens it and listens.
func TestCheckRepairServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	dir := t.TempDir()
	writeServeWorld(t, dir, 300)
	sst := worldFiles(t, dir, ".sst")[0]
	fi, _ := os.Stat(sst)
	flip(t, sst, fi.Size()/2)

	code, out := runStrata(t, bin, "check", "--data", dir)
	if code == 0 || !strings.Contains(out, "damaged: "+filepath.Base(sst)) || !strings.Contains(out, "bad: section (") {
		t.Fatalf("check of a damaged world: exit %d\n%s", code, out)
	}
	noStack(t, out)

	out2 := filepath.Join(t.TempDir(), "repaired")
	code, out = runStrata(t, bin, "repair", "--data", dir, "--out", out2, "--log-format", "json")
	if code != 0 || !strings.Contains(out, "[lost]") || !strings.Contains(out, "checks clean") {
		t.Fatalf("repair: exit %d\n%s", code, out)
	}
	if code, again := runStrata(t, bin, "repair", "--data", dir, "--out", out2); code == 0 {
		t.Fatalf("repair over a non-empty --out succeeded:\n%s", again)
	}

	code, out = runStrata(t, bin, "check", "--data", out2)
	if code != 0 || !strings.Contains(out, "clean") {
		t.Fatalf("check of the repaired world: exit %d\n%s", code, out)
	}
	srv := startServe(t, bin, out2)
	srv.kill()
}
