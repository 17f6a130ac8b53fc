package bench

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
)

// TestRunSmall runs a short schedule benchmark and checks that every
// system was timed and the synthetic clients were served.
func TestRunSmall(t *testing.T) {
	var trace bytes.Buffer
	res, err := Run(Config{Players: 20, View: 3, Pattern: Fly, Ticks: 40, Warmup: 20, Seed: 1, Trace: &trace})
	if err != nil {
		t.Fatal(err)
	}
	// The trace has a header and a line per measured tick, each with a
	// field per column.
	lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
	header := strings.Split(lines[0], ",")
	if len(lines) != 41 || !slices.Equal(header[:5], []string{"tick", "gc_cycles", "sections", "tick_us", "helper_wait_us"}) || !slices.Contains(header, network.SystemDeliver) {
		t.Fatalf("trace: %d lines, header %v", len(lines), header)
	}
	for _, l := range lines[1:] {
		if n := strings.Count(l, ",") + 1; n != len(header) {
			t.Fatalf("trace line %q has %d fields, want %d", l, n, len(header))
		}
	}
	if res.Tick.Runs != 40 {
		t.Fatalf("timed %d ticks, want 40", res.Tick.Runs)
	}
	names := map[string]bool{}
	for _, s := range res.Systems {
		names[s.Name] = true
	}
	for _, want := range []string{network.SystemIngest, residency.SystemStreamChunks, residency.SystemReconcile, network.SystemDeliver, persist.SystemPersist} {
		if !names[want] {
			t.Errorf("system %s missing from the timings", want)
		}
	}
	if res.Sections == 0 || res.Resident == 0 {
		t.Fatalf("no sections delivered (%d) or resident (%d)", res.Sections, res.Resident)
	}
}

// TestRunAirSections: the same run with clients granted air-sections
// and without delivers sections, fewer bytes a section with (the fliers'
// sky goes as positions). The counts themselves vary between runs: the
// sections arrive from the generation workers as they are made.
func TestRunAirSections(t *testing.T) {
	run := func(noAir bool) Result {
		res, err := Run(Config{Players: 20, View: 3, Pattern: Fly, Ticks: 20, Warmup: 20, Seed: 1, NoAirSections: noAir})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	air, chunks := run(false), run(true)
	if air.Sections == 0 || chunks.Sections == 0 || air.Bytes*chunks.Sections >= chunks.Bytes*air.Sections {
		t.Fatalf("with air-sections %d sections in %d bytes, without %d in %d", air.Sections, air.Bytes, chunks.Sections, chunks.Bytes)
	}
}

// BenchmarkSchedule100 is the whole schedule with 100 flying players of
// view 8 spread over a 400×400-chunk area, generation excluded.
func BenchmarkSchedule100(b *testing.B) {
	res, err := Run(Config{Players: 100, View: 8, Pattern: Fly, Ticks: max(b.N, 20), Warmup: 40, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Tick.P50.Microseconds()), "p50-us/tick")
	b.ReportMetric(float64(res.Tick.P99.Microseconds()), "p99-us/tick")
}

// BenchmarkSchedule1000 is the headline case: 1,000 flying
// players of view 8 over a 400×400-chunk area, generation excluded.
func BenchmarkSchedule1000(b *testing.B) {
	res, err := Run(Config{Players: 1000, View: 8, Pattern: Fly, Ticks: max(b.N, 20), Warmup: 100, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Tick.P50.Microseconds()), "p50-us/tick")
	b.ReportMetric(float64(res.Tick.P99.Microseconds()), "p99-us/tick")
}

// TestRunEntities runs a short benchmark with critters scattered over the
// players' views: they are resident, simulated and replicated.
func TestRunEntities(t *testing.T) {
	res, err := Run(Config{Players: 10, View: 3, Pattern: Walk, Ticks: 40, Warmup: 40, Seed: 1, Entities: 200})
	if err != nil {
		t.Fatal(err)
	}
	if res.Entities < 150 {
		t.Fatalf("%d critters resident at the end, want most of the 200", res.Entities)
	}
	names := map[string]bool{}
	for _, s := range res.Systems {
		names[s.Name] = true
	}
	for _, want := range []string{entities.SystemSimulate, entities.SystemReplicate, entities.SystemResidency} {
		if !names[want] {
			t.Errorf("system %s missing from the timings", want)
		}
	}
	if res.EntitySpawns == 0 || res.EntityStates == 0 {
		t.Fatalf("critters not replicated: %d spawns, %d states", res.EntitySpawns, res.EntityStates)
	}
	// Within 4 blocks of a player, few critters stay awake: the rest
	// sleep, and the result says how many.
	near, err := Run(Config{Players: 10, View: 3, Pattern: Walk, Ticks: 40, Warmup: 40, Seed: 1, Entities: 200,
		PluginSettings: map[string]string{"plugins.critters.wake_radius": "4"}})
	if err != nil {
		t.Fatal(err)
	}
	if near.EntitiesAsleep < near.Entities/2 {
		t.Fatalf("wake radius 4: %d of %d critters asleep, want most", near.EntitiesAsleep, near.Entities)
	}
}

// TestRunCluster runs two shards of one cluster side by side, their
// players at the shared border: each sees the other's players and
// exchanges presence with it.
func TestRunCluster(t *testing.T) {
	url := natstest.Start(t)
	var wg sync.WaitGroup
	results := make([]Result, 2)
	errs := make([]error, 2)
	for i, shard := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = Run(Config{
				Players: 10, View: 2, Pattern: Walk, Ticks: 40, Warmup: 40, TPS: 20, Seed: 1,
				Cluster: url, Shard: shard, Bucket: "benchtest", Side: 1 - 2*i, NearBorder: 1,
				Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel),
			})
		}()
	}
	wg.Wait()
	for i, res := range results {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if res.RemotePlayers != 10 || res.BytesIn == 0 || res.BytesOut == 0 || res.CPU <= 0 {
			t.Errorf("shard %d: %d remote players, %d bytes in, %d out, CPU %v; want the other's 10 and presence both ways",
				i, res.RemotePlayers, res.BytesIn, res.BytesOut, res.CPU)
		}
	}
}

// TestRunPredictedStates: the synthetic clients take predicted-states by
// default, and walkers moving steadily then cost far fewer states than
// with --no-predicted-states (every move sent).
func TestRunPredictedStates(t *testing.T) {
	cfg := Config{Players: 30, View: 3, Area: 6, Pattern: Walk, Ticks: 60, Warmup: 40, Seed: 1}
	pred, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.NoPredictedStates = true
	old, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if old.EntityStates == 0 || pred.EntityStates*3 > old.EntityStates {
		t.Fatalf("%d states with predicted-states, %d without: want under a third", pred.EntityStates, old.EntityStates)
	}
	t.Logf("%d states with predicted-states, %d without", pred.EntityStates, old.EntityStates)
}
