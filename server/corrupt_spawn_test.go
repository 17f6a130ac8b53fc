package server

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// lockedBuffer is a log sink shared by the tick and the storage goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSpawnGateOpensPastACorruptSection: the spawn section's stored
// record is corrupt. The gate still opens, the server logs a warning
// naming the section, and /metrics counts it.
func TestSpawnGateOpensPastACorruptSection(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 2
	cfg.Deterministic = true
	cfg.Admin, cfg.Listen = "", ""
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	s, err := New(cfg, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.loadSpawn(ctx); err != nil {
		t.Fatal(err)
	}
	bad := chunk.PosOfFloat(s.spawn.X, s.spawn.Y, s.spawn.Z)
	bx, by, bz := bad.MinBlock()
	if changed, ok := ecs.Resource[resources.ChunkStore](s.app).SetBlock(bx, by, bz, chunk.Gravel); !changed || !ok {
		t.Fatal("edit at spawn not applied")
	}
	if err := s.shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(cfg.DataDir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CorruptForTest(bad); err != nil {
		t.Fatal(err)
	}
	db.Close()

	logs := &lockedBuffer{}
	s, err = New(cfg, zerolog.New(logs))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := s.shutdown(); err != nil {
			t.Error(err)
		}
	}()
	if err := s.loadSpawn(ctx); err != nil {
		t.Fatalf("gate with a corrupt spawn section: %v", err)
	}
	if !s.ready.Load() {
		t.Fatal("not ready after the gate")
	}
	var warning string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, `"level":"warn"`) && strings.Contains(l, "spawn region loaded without") {
			warning = l
		}
	}
	if !strings.Contains(warning, bad.String()) {
		t.Fatalf("no warning naming %v:\n%s", bad, logs)
	}
	mfs, err := s.metrics.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, mf := range mfs {
		if mf.GetName() == "strata_storage_corrupt_sections" {
			found = true
			if v := mf.GetMetric()[0].GetGauge().GetValue(); v != 1 {
				t.Fatalf("strata_storage_corrupt_sections = %v, want 1", v)
			}
		}
	}
	if !found {
		t.Fatal("strata_storage_corrupt_sections not exposed")
	}
}
