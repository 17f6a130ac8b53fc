package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/worldgen"
)

// metaSeed is not the server's default seed: a repaired world served
// without its own would show other terrain.
const metaSeed = 424242

// writeSeededWorld writes a world of seed metaSeed as serve would leave
// it: metadata, n edited sections far from spawn, two players, flushed
// into one table.
func writeSeededWorld(t *testing.T, dir string, n int) {
	t.Helper()
	cfg := server.Defaults()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(metaSeed, cfg.GeneratorVersion, false); err != nil {
		t.Fatal(err)
	}
	w := storage.NewWriter(db, 4, zerolog.Nop())
	w.Start()
	for i := 0; i < n; i++ {
		p := chunk.Pos{X: int32(i%20) + 400, Y: int32(i/20) % 8, Z: int32(i/160) + 400}
		s := chunk.Uniform(chunk.Stone)
		for j := 0; j < 200; j++ {
			s.SetAt((i*7919+j*104729)%chunk.Volume, chunk.Block(1+(i+j)%4))
		}
		w.Submit(storage.Write{Token: uint64(i), Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: s}}})
		w.Wait(nil)
	}
	w.Stop()
	if err := errors.Join(db.PutPlayers([]storage.PlayerRecord{{Name: "ann", Y: 80}, {Name: "ben", X: 3, Y: 81}}), db.Close()); err != nil {
		t.Fatal(err)
	}
	db, err = storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRepairRecoversWorldMetadata damages the table block that holds the
// world metadata's record, runs `strata repair` without --seed, and
// checks it recovers the seed and generator version — from the record's
// copy key in a world of many blocks, from DATA/world-meta.json in a
// world of one (both keys lost) — says where from, and that `strata serve`
// on the copy, given no seed, serves the world's own seed and terrain.
func TestRepairRecoversWorldMetadata(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	version := server.Defaults().GeneratorVersion
	gen, err := worldgen.New(metaSeed, version)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		sections int
		from     string
	}{
		{"copy key", 300, "its copy in the database"},
		{"file", 3, storage.MetaFile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSeededWorld(t, dir, tc.sections)
			sst := worldFiles(t, dir, ".sst")[0]
			off, n := firstDataBlock(t, sst)
			flip(t, sst, off+n/2)

			out := filepath.Join(t.TempDir(), "repaired")
			code, text := runStrata(t, bin, "repair", "--data", dir, "--out", out)
			t.Logf("strata repair:\n%s", text)
			noStack(t, text)
			if code != 0 || !strings.Contains(text, "recovered from") || !strings.Contains(text, tc.from) || !strings.Contains(text, "seed 424242") {
				t.Fatalf("repair: exit %d, does not say it recovered seed %d from %q", code, metaSeed, tc.from)
			}
			code, text = runStrata(t, bin, "check", "--data", out)
			if code != 0 || !strings.Contains(text, "seed 424242") || !strings.Contains(text, "clean") {
				t.Fatalf("check of the repaired world: exit %d\n%s", code, text)
			}
			if _, err := os.Stat(filepath.Join(out, storage.MetaFile)); err != nil {
				t.Fatalf("the repaired world has no %s: %v", storage.MetaFile, err)
			}

			srv := startServe(t, bin, out)
			c := dialView(t, srv, "surveyor", 2)
			w := c.Welcome()
			if w.GetSeed() != metaSeed || int(w.GetGeneratorVersion()) != version {
				t.Fatalf("the repaired world is served with seed %d, generator version %d; want %d, %d", w.GetSeed(), w.GetGeneratorVersion(), metaSeed, version)
			}
			sp := w.GetSpawn()
			at := chunk.PosOfFloat(sp.X, sp.Y-1, sp.Z)
			deadline := time.Now().Add(30 * time.Second)
			for {
				sec, ok := c.Section(at)
				if ok && sec.Decoded != nil {
					want := gen.Generate(at)
					if !sec.Decoded.Equal(&want) {
						t.Fatalf("section %v under spawn is not the terrain of seed %d", at, metaSeed)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("section %v never arrived", at)
				}
				time.Sleep(20 * time.Millisecond)
			}
			srv.kill()
		})
	}
}
