package server

import (
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
)

// TestLODLiveServer: a live server (not deterministic: LOD builds run as
// background tasks on the pool's workers, the rest on the LOD planner's
// goroutine) sends a client granted "lod" its horizon, and a second
// client's Subscribe for fewer levels gets it fewer. Run under -race it
// checks the goroutines' hand-overs.
func TestLODLiveServer(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv, stop := startServer(t, cfg)
	defer stop()
	a := dialPlayerOpts(t, srv, client.Options{Name: "far", ViewDistance: 2, LOD: true, LODLevels: 4})
	b := dialPlayerOpts(t, srv, client.Options{Name: "near", ViewDistance: 2, LOD: true, LODLevels: 2})
	deadline := time.Now().Add(30 * time.Second)
	for (a.LODCount(4) == 0 || b.LODCount(2) == 0) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if a.LODCount(4) == 0 || b.LODCount(2) == 0 {
		t.Fatalf("levels 4 and 2 not received: %d, %d", a.LODCount(4), b.LODCount(2))
	}
	time.Sleep(200 * time.Millisecond)
	if n := b.LODCount(3); n != 0 {
		t.Errorf("a client asking for 2 levels holds %d level-3 sections", n)
	}
	a.Close()
	b.Close()
}
