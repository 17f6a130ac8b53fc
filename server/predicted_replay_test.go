package server

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// TestPredictedStatesReplay records a deterministic server (critters on,
// seed 7: grassland at spawn) while two players walk among the critters
// and each other, one granted "predicted-states" and one not, and
// replays it with its hashes verified on one core and on two: what each
// client was sent, the predicted track's states and spawns included, is
// decided by the simulation alone. The recording holds each client's
// granted features, and the extrapolating client was sent fewer states.
func TestPredictedStatesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("a live session of a few seconds")
	}
	// Today's rule, and the rule of recordings made before each client
	// had refresh ticks of its own.
	for _, perEntity := range []bool{false, true} {
		t.Run(fmt.Sprintf("per entity %v", perEntity), func(t *testing.T) { predictedStatesReplay(t, perEntity) })
	}
}

func predictedStatesReplay(t *testing.T, perEntity bool) {
	cfg := Defaults()
	cfg.PredictedRefreshPerEntity = perEntity
	cfg.DataDir = t.TempDir()
	cfg.Seed = 7
	cfg.SpawnRadius = 2
	cfg.MaxViewDistance = 4
	cfg.Record, cfg.RecordHashes = filepath.Join(t.TempDir(), "predicted.strata"), true
	srv, stop := startServer(t, cfg)
	feats := []string{protocol.FeatureCompactStates, protocol.FeatureStateBatches}
	dial := func(name string, fs []string) *player {
		c := dialPlayerOpts(t, srv, client.Options{Name: name, ViewDistance: 3, Features: fs})
		s := c.Welcome().GetSpawn()
		return &player{c: c, pos: [3]float64{s.X, s.Y + 6, s.Z}}
	}
	pred := dial("pred", append(slices.Clone(feats), protocol.FeaturePredictedStates))
	old := dial("old", feats)
	if !pred.c.HasFeature(protocol.FeaturePredictedStates) || old.c.HasFeature(protocol.FeaturePredictedStates) {
		t.Fatal("predicted-states not granted as asked")
	}
	time.Sleep(300 * time.Millisecond)
	// Both walk (flying) with their velocity stated, then turn, then stop.
	walk := func(n int, vx, vz float64) {
		for range n {
			for _, p := range []*player{pred, old} {
				p.pos[0] += vx / 20
				p.pos[2] += vz / 20
				p.tick++
				in := &protocol.Input{InputTick: p.tick, Position: protocol.V3(p.pos[0], p.pos[1], p.pos[2]),
					Velocity: protocol.V3f(float32(vx), 0, float32(vz)), Flying: true}
				if err := p.c.SendInput(in); err != nil {
					t.Fatal(err)
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	walk(40, 4, 0)
	walk(40, 0, -4)
	walk(20, 0, 0)
	predStats, oldStats := pred.c.Stats(), old.c.Stats()
	pred.c.Close()
	old.c.Close()
	time.Sleep(200 * time.Millisecond)
	stop()
	t.Logf("states received: %d extrapolating, %d not", predStats.EntityStates, oldStats.EntityStates)
	if oldStats.EntityStates == 0 || predStats.EntityStates >= oldStats.EntityStates {
		t.Errorf("states received: %d extrapolating, %d not; want fewer", predStats.EntityStates, oldStats.EntityStates)
	}

	rec := readRecording(t, cfg.Record)
	if rule, want := rec.Header.Settings[SettingPredictedRefresh], map[bool]string{false: PredictedRefreshPerClient, true: PredictedRefreshPerEntity}[perEntity]; rule != want {
		t.Fatalf("recorded %s = %q, want %q", SettingPredictedRefresh, rule, want)
	}
	granted := map[string][]string{}
	for _, e := range rec.Events {
		if e.Kind == wire.Connected {
			granted[e.Name] = e.Features
		}
	}
	if !slices.Contains(granted["pred"], protocol.FeaturePredictedStates) || slices.Contains(granted["old"], protocol.FeaturePredictedStates) {
		t.Fatalf("features recorded: %v", granted)
	}

	verifyOnCores(t, cfg.Record, []int{1, 2}, 100)
}
