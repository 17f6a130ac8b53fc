package server

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/plugins/protect"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/settings"
)

// tally is a server's own plugin with a setting: its system counts ticks
// by Step.
type tally struct {
	Step  int `setting:"step" help:"added every tick"`
	built int // the Step its last Build saw
	total int
	ran   atomic.Int64 // ticks run, for a test goroutine to watch
}

func (*tally) Name() string    { return "tally" }
func (p *tally) Settings() any { return p }
func (p *tally) Build(app *ecs.App) error {
	p.built = p.Step
	app.AddSystem(ecs.Simulate, "tally", func(*ecs.Context) { p.total += p.Step; p.ran.Add(1) })
	return nil
}

// TestRecordingKeepsPlugins: a recording names the server's plugins and
// their settings; a replay without one of them is refused naming it, and
// one with it runs it at the recorded settings and verifies.
func TestRecordingKeepsPlugins(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Record = filepath.Join(t.TempDir(), "session.strata")
	cfg.RecordHashes = true
	live := &tally{Step: 1}
	cfg.Plugins = append(cfg.Plugins, live)
	if err := cfg.SetPluginSettings(map[string]string{"plugins.tally.step": "7", "plugins.protect.radius": "5", "plugins.critters.enabled": "false"}); err != nil {
		t.Fatal(err)
	}
	_, stop := startServer(t, cfg)
	// The tick goroutine owns the App: watch the plugin's own counter.
	for live.ran.Load() < 5 {
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if live.built != 7 || live.total == 0 {
		t.Fatalf("the live plugin built with step %d, counted %d", live.built, live.total)
	}

	rec := readRecording(t, cfg.Record)
	h := rec.Header.Settings
	if h[SettingPlugins] != "fallingsand,daynight,critters,protect,tally" || h["plugins.tally.step"] != "7" || h["plugins.protect.radius"] != "5" || h[SettingCritters] != "off" {
		t.Fatalf("header settings %v", h)
	}

	_, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true})
	if err == nil || !strings.Contains(err.Error(), `recorded with plugin "tally", which this binary does not have`) {
		t.Fatalf("replay without the plugin: %v", err)
	}

	again := &tally{}
	res, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true, Plugins: []ecs.Plugin{again}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mismatch != nil {
		t.Fatalf("replay diverged: %v", res.Mismatch)
	}
	if again.built != 7 || again.total == 0 {
		t.Fatalf("the replayed plugin built with step %d, counted %d", again.built, again.total)
	}

	ps, err := recordedPlugins(rec.Header, []ecs.Plugin{&tally{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		switch p := p.(type) {
		case *protect.Plugin:
			if p.Config.Radius != 5 || !settings.Enabled(p) {
				t.Fatalf("replayed protect radius %d", p.Config.Radius)
			}
		case *critters.Plugin:
			if settings.Enabled(p) {
				t.Fatal("replayed critters on")
			}
		}
	}
}

// TestRecordedPluginsOfOldRecordings: a header from before plugins were
// recorded replays with the stock plugins, critters as it says.
func TestRecordedPluginsOfOldRecordings(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]string
		critters bool
	}{
		{nil, false},
		{map[string]string{SettingCritters: "off"}, false},
		{map[string]string{SettingCritters: "on"}, true},
	} {
		ps, err := recordedPlugins(replay.Header{Settings: tc.settings}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range ps {
			names = append(names, p.Name())
			if c, ok := p.(*critters.Plugin); ok && settings.Enabled(c) != tc.critters {
				t.Fatalf("%v: critters enabled %v", tc.settings, settings.Enabled(c))
			}
		}
		if strings.Join(names, ",") != "fallingsand,daynight,critters,protect" {
			t.Fatalf("plugins %v", names)
		}
	}
	_, err := recordedPlugins(replay.Header{Settings: map[string]string{SettingPlugins: "critters,homes,shop"}}, nil)
	if err == nil || err.Error() != `recorded with plugins "homes", "shop", which this binary does not have` {
		t.Fatalf("err %v", err)
	}
	_, err = recordedPlugins(replay.Header{Settings: map[string]string{SettingPlugins: "protect", "plugins.protect.raduis": "3"}}, nil)
	if err == nil || !strings.Contains(err.Error(), "plugins.protect.raduis") {
		t.Fatalf("err %v", err)
	}
}

// TestDefaultPluginsKeepOrderAndSwitches: the stock plugins keep their
// places among the built-in ones, those turned off are left out, and a
// server's own follow.
func TestDefaultPluginsKeepOrderAndSwitches(t *testing.T) {
	cfg := Defaults()
	cfg.InMemory, cfg.Deterministic = true, true
	cfg.Plugins = append(cfg.Plugins, &tally{})
	names := func() string {
		var out []string
		for _, p := range DefaultPlugins(cfg, TerrainFunc(1, nil), components.Position{X: 0.5, Y: 64, Z: 0.5}, nil) {
			out = append(out, p.Name())
		}
		return strings.Join(out, ",")
	}
	if got := names(); !strings.HasSuffix(got, ",commands,fallingsand,daynight,entities,critters,tally") {
		t.Fatalf("plugins %s", got)
	}
	if err := cfg.SetPluginSettings(map[string]string{"plugins.protect.radius": "4", "plugins.daynight.enabled": "false", "plugins.critters.enabled": "false"}); err != nil {
		t.Fatal(err)
	}
	if got := names(); !strings.HasSuffix(got, ",commands,fallingsand,entities,protect,tally") {
		t.Fatalf("plugins %s", got)
	}
}
