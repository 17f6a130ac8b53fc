package server

import (
	"maps"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
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

// TestLODKeepsHashes records a deterministic server while a client
// granted "lod" receives its horizon. The replay matches every recorded
// hash on one core and on two (LOD frames are in the outbound part,
// deterministically); replayed without the LOD plugin, the sections'
// and entities' parts of every tick are the same, only the outbound
// part differs: LOD changes nothing of level 0's state.
func TestLODKeepsHashes(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Record = filepath.Join(t.TempDir(), "lod.strata")
	cfg.RecordHashes = true
	srv, stopServer := startServer(t, cfg)
	c := dialPlayerOpts(t, srv, client.Options{Name: "dana", ViewDistance: 2, LOD: true, LODLevels: 4})
	deadline := time.Now().Add(20 * time.Second)
	for c.LODCount(4) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if c.LODCount(4) == 0 {
		t.Fatal("no level-4 LOD section arrived")
	}
	c.Close()
	time.Sleep(200 * time.Millisecond)
	stopServer()
	var with []replay.Hash
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		with = with[:0]
		r, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true, OnTick: func(h replay.Hash) { with = append(with, h) }})
		if err != nil {
			t.Fatal(err)
		}
		if r.Mismatch != nil {
			t.Fatalf("GOMAXPROCS %d: replay diverged: %v", procs, r.Mismatch)
		}
	}
	var without []replay.Hash
	if _, err := ReplayFile(cfg.Record, ReplayOptions{NoLOD: true, OnTick: func(h replay.Hash) { without = append(without, h) }}); err != nil {
		t.Fatal(err)
	}
	if len(with) != len(without) || len(with) < 10 {
		t.Fatalf("%d ticks with LOD, %d without", len(with), len(without))
	}
	outbound := false
	for i := range with {
		a, b := with[i], without[i]
		if a.Sections != b.Sections || a.Entities != b.Entities {
			t.Fatalf("tick %d: level 0's state differs without LOD: %+v vs %+v", a.Tick, a, b)
		}
		outbound = outbound || a.Outbound != b.Outbound
	}
	if !outbound {
		t.Error("the outbound hash never differs: were LOD frames sent?")
	}
}

// TestRecordedCritterGround: a recording made before critters started
// herds on snow and sand replays with them on grass only; a recording
// that names the setting replays with its value, and a new server records
// it.
// TestRecordedPredictedRefresh: a new recording says each client had
// refresh ticks of its own, and replays so; one without the setting (made
// before) replays with every entity repeated on its own ticks, as does one
// made by a server told to.
func TestRecordedPredictedRefresh(t *testing.T) {
	perEntity := func(settings map[string]string) bool {
		cfg := Defaults()
		recordedRules(replay.Header{Settings: settings}, &cfg)
		return cfg.PredictedRefreshPerEntity
	}
	cfg := Defaults()
	rec := recordedSettings(cfg, AuthTOFU)
	if rec[SettingPredictedRefresh] != PredictedRefreshPerClient || perEntity(rec) {
		t.Errorf("a new recording has %s = %q and replays per entity: %v", SettingPredictedRefresh, rec[SettingPredictedRefresh], perEntity(rec))
	}
	old := maps.Clone(rec)
	delete(old, SettingPredictedRefresh)
	if !perEntity(old) {
		t.Error("a recording without the setting replays per client")
	}
	cfg.PredictedRefreshPerEntity = true
	if rec := recordedSettings(cfg, AuthTOFU); rec[SettingPredictedRefresh] != PredictedRefreshPerEntity || !perEntity(rec) {
		t.Errorf("a server told the older rule records %s = %q", SettingPredictedRefresh, rec[SettingPredictedRefresh])
	}
}

// TestRecordedCritterRules: a recording made before a critters setting
// existed replays with the rule it had then; a new one with the default.
func TestRecordedCritterRules(t *testing.T) {
	config := func(h replay.Header) critters.Config {
		t.Helper()
		ps, err := recordedPlugins(h, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if c, ok := p.(*critters.Plugin); ok {
				return c.Config
			}
		}
		t.Fatal("no critters plugin")
		return critters.Config{}
	}
	rec := recordedSettings(Defaults(), AuthTOFU)
	for _, tc := range []struct {
		setting, recorded string
		legacy            func(critters.Config) bool // the rule of recordings without the setting
	}{
		{settingCritterGrassOnly, "false", func(c critters.Config) bool { return c.GrassOnly }},
		{settingCritterWakeRadius, "0", func(c critters.Config) bool { return c.WakeRadius < 0 }},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			if !tc.legacy(config(replay.Header{Settings: map[string]string{SettingCritters: "on"}})) {
				t.Error("a recording from before plugins were recorded: not the old rule")
			}
			if v, ok := rec[tc.setting]; !ok || v != tc.recorded {
				t.Fatalf("a new recording has %s = %q (%v), want %q", tc.setting, v, ok, tc.recorded)
			}
			if tc.legacy(config(replay.Header{Settings: rec})) {
				t.Error("a new recording replays with the old rule")
			}
			old := maps.Clone(rec)
			delete(old, tc.setting)
			if !tc.legacy(config(replay.Header{Settings: old})) {
				t.Error("a recording without the setting: not the old rule")
			}
		})
	}
}
