package server

import (
	"maps"
	"path/filepath"
	"testing"
	"time"

	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestRecordAndVerify records a live deterministic server while a real
// client joins, changes its view and leaves; the replay matches every
// recorded tick, and two replays agree.
func TestRecordAndVerify(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Record = filepath.Join(t.TempDir(), "session.strata")
	cfg.RecordHashes = true
	seedPlayers(t, cfg.DataDir, cfg.Seed, storage.PlayerRecord{Name: "carol", X: 100, Y: 90, Z: -20})
	srv, stopServer := startServer(t, cfg)
	c := dialPlayer(t, srv, "carol", 2)
	at := chunk.PosOfFloat(100, 90, -20)
	centre := waitAdmitted(t, c, at, 2)
	if err := c.Subscribe(3); err != nil {
		t.Fatal(err)
	}
	waitSections(t, c, cylinderAround(centre, 3))
	c.Close()
	time.Sleep(200 * time.Millisecond)
	stopServer()

	r1, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if r1.Mismatch != nil {
		t.Fatalf("replay diverged: %v (want %+v got %+v)", r1.Mismatch, r1.Mismatch.Want, r1.Mismatch.Got)
	}
	r2, err := ReplayFile(cfg.Record, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r1.Final != r2.Final || r1.Ticks != r2.Ticks || r1.Ticks < 10 {
		t.Fatalf("two replays disagree: %+v vs %+v", r1, r2)
	}
}

// TestRecordedCritterGround: a recording made before critters started
// herds on snow and sand replays with them on grass only; a recording
// that names the setting replays with its value, and a new server records
// it.
func TestRecordedCritterGround(t *testing.T) {
	grassOnly := func(h replay.Header) bool {
		t.Helper()
		ps, err := recordedPlugins(h, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if c, ok := p.(*critters.Plugin); ok {
				return c.Config.GrassOnly
			}
		}
		t.Fatal("no critters plugin")
		return false
	}
	if !grassOnly(replay.Header{Settings: map[string]string{SettingCritters: "on"}}) {
		t.Error("a recording from before plugins were recorded: critters not on grass only")
	}
	cfg := Defaults()
	rec := recordedSettings(cfg, AuthTOFU)
	if v, ok := rec[settingCritterGrassOnly]; !ok || v != "false" {
		t.Fatalf("a new recording has %s = %q (%v), want false", settingCritterGrassOnly, v, ok)
	}
	if grassOnly(replay.Header{Settings: rec}) {
		t.Error("a new recording replays with critters on grass only")
	}
	old := maps.Clone(rec)
	delete(old, settingCritterGrassOnly)
	if !grassOnly(replay.Header{Settings: old}) {
		t.Error("a recording without the setting: critters not on grass only")
	}
}
