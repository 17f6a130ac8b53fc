package server

import (
	"errors"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/worldgen"
)

// spawnOf is the spawn point a world of seed gets.
func spawnOf(t *testing.T, seed int64) components.Position {
	t.Helper()
	gen, err := worldgen.New(seed, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	x, y, z := gen.FindSpawn()
	return components.Position{X: float64(x) + 0.5, Y: float64(y), Z: float64(z) + 0.5}
}

// TestStoredWorldKeepsItsSeed creates a world with seed 42, then opens it
// again: without a seed asked for it is served with 42 (spawn, status and
// database agree); asking for 42 is fine; asking for 7 is refused, naming
// both seeds, and changes nothing.
func TestStoredWorldKeepsItsSeed(t *testing.T) {
	dir := t.TempDir()
	base := Defaults()
	base.DataDir = dir
	base.Admin, base.Listen = "", ""
	base.SpawnRadius = 1
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)

	if m, ok, err := storage.ReadMeta(dir); err != nil || ok {
		t.Fatalf("empty data directory: meta %+v ok %v err %v", m, ok, err)
	}
	create := base
	create.Seed, create.SeedExplicit = 42, true
	srv, err := New(create, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if base.Seed == 42 {
		t.Fatal("the default seed must differ from 42 for this test")
	}

	tests := []struct {
		name     string
		seed     int64
		explicit bool
		wantErr  []string
	}{
		{"no seed asked for", base.Seed, false, nil},
		{"the same seed asked for", 42, true, nil},
		{"another seed asked for", 7, true, []string{"seed 7 was asked for", "created with seed 42", "--seed 42"}},
		{"the default seed asked for", base.Seed, true, []string{"created with seed 42"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := base
			cfg.Seed, cfg.SeedExplicit = tc.seed, tc.explicit
			srv, err := New(cfg, log)
			if tc.wantErr != nil {
				if err == nil {
					srv.Close()
					t.Fatal("served a world of seed 42 with another seed")
				}
				if !errors.Is(err, storage.ErrWorldMismatch) {
					t.Errorf("error %v does not wrap ErrWorldMismatch", err)
				}
				for _, w := range tc.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				if m, ok, err := storage.ReadMeta(dir); err != nil || !ok || m.Seed != 42 {
					t.Fatalf("after the refusal: meta %+v ok %v err %v", m, ok, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			if srv.cfg.Seed != 42 || srv.gen.Seed() != 42 {
				t.Fatalf("serving seed %d (generator %d), want 42", srv.cfg.Seed, srv.gen.Seed())
			}
			if got, want := srv.Spawn(), spawnOf(t, 42); got != want {
				t.Fatalf("spawn %+v, want seed 42's %+v", got, want)
			}
			if srv.header().Seed != 42 {
				t.Fatalf("recording header seed %d", srv.header().Seed)
			}
			srv.App().Step() // publishes the first status snapshot
			if snap := srv.status.Latest(); snap == nil || snap.Seed != 42 {
				t.Fatalf("status snapshot %+v, want seed 42", snap)
			}
		})
	}
}
