package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/settings"
	"github.com/stratavox/strata/worldgen"
)

// ReplayOptions configures Replay.
type ReplayOptions struct {
	// Verify compares each tick's state with the hashes in the recording
	// and stops at the first that differs.
	Verify bool
	// Log receives the plugins' logs; default none.
	Log zerolog.Logger
	// OnTick, if set, sees every tick's hash.
	OnTick func(replay.Hash)
	// WorldDir is the checkpoint to start from when the recording's world
	// was not fresh; it is copied, never modified.
	WorldDir string
	// Plugins are the plugins of the binary beside the stock ones
	// (StockPlugins), fresh instances: a recording replays with the
	// plugins it names (SettingPlugins), at their recorded settings, and
	// one that names a plugin neither has is refused.
	Plugins []ecs.Plugin
	// NoLOD replays without the LOD plugin: level 0's hashes must be the
	// same, since LOD writes no hashed state (tests check it).
	NoLOD bool
}

// Mismatch is the first tick at which a replay differs from its recording.
type Mismatch struct {
	Tick      uint64
	Parts     []string
	Want, Got replay.Hash
}

// Error describes the mismatch.
func (m *Mismatch) Error() string {
	return fmt.Sprintf("tick %d diverges from the recording in %v", m.Tick, m.Parts)
}

// ReplayResult is what a replay measured.
type ReplayResult struct {
	Ticks    uint64
	Final    replay.Hash
	Elapsed  time.Duration
	Mismatch *Mismatch
}

// TicksPerSecond is the replay's speed.
func (r ReplayResult) TicksPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Ticks) / r.Elapsed.Seconds()
}

// ReplayFile replays the recording in path; see Replay. A recording of a
// world that was not fresh starts from the checkpoint beside it.
func ReplayFile(path string, opts ReplayOptions) (ReplayResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return ReplayResult{}, err
	}
	defer f.Close()
	rec, err := replay.Read(f)
	if err != nil {
		return ReplayResult{}, fmt.Errorf("%s: %w", path, err)
	}
	if rec.Header.World != "" && opts.WorldDir == "" {
		opts.WorldDir = filepath.Join(filepath.Dir(path), rec.Header.World)
	}
	return Replay(rec, opts)
}

// recordedPlugins returns the plugins a recording was made with, among
// the stock ones and those given, at its recorded settings. A recording
// made before plugins were recorded had the stock ones, critters as its
// SettingCritters says.
func recordedPlugins(h replay.Header, given []ecs.Plugin) ([]ecs.Plugin, error) {
	names, ok := h.Settings[SettingPlugins]
	if !ok {
		ps := StockPlugins()
		for _, p := range ps {
			if c, ok := p.(*critters.Plugin); ok {
				c.Off = h.Settings[SettingCritters] != "on"
			}
		}
		legacyCritters(h, ps)
		return ps, nil
	}
	have := map[string]ecs.Plugin{}
	for _, p := range append(StockPlugins(), given...) {
		have[p.Name()] = p // a given plugin replaces a stock one of its name
	}
	var ps []ecs.Plugin
	var missing []string
	if names != "" {
		for _, name := range strings.Split(names, ",") {
			if p, ok := have[name]; ok {
				ps = append(ps, p)
			} else {
				missing = append(missing, strconv.Quote(name))
			}
		}
	}
	switch {
	case len(missing) == 1:
		return nil, fmt.Errorf("recorded with plugin %s, which this binary does not have", missing[0])
	case len(missing) > 1:
		return nil, fmt.Errorf("recorded with plugins %s, which this binary does not have", strings.Join(missing, ", "))
	}
	values := map[string]string{}
	for k, v := range h.Settings {
		if strings.HasPrefix(k, SettingPlugins+".") {
			values[k] = v
		}
	}
	if err := settings.ApplyValues(ps, values); err != nil {
		return nil, fmt.Errorf("recorded plugin setting %w", err)
	}
	legacyCritters(h, ps)
	return ps, nil
}

// The recorded critters settings that older recordings lack: herds
// started on grass alone (critters.Config.GrassOnly), and critters never
// slept (critters.Config.WakeRadius).
const (
	settingCritterGrassOnly  = SettingPlugins + "." + critters.PluginName + ".grass_only"
	settingCritterWakeRadius = SettingPlugins + "." + critters.PluginName + ".wake_radius"
)

// legacyCritters gives the critters plugin the rules of a recording made
// before one of its settings existed, with which its hashes were
// recorded: herds on grass only, critters that never sleep.
func legacyCritters(h replay.Header, ps []ecs.Plugin) {
	for _, p := range ps {
		c, ok := p.(*critters.Plugin)
		if !ok {
			continue
		}
		if _, ok := h.Settings[settingCritterGrassOnly]; !ok {
			c.Config.GrassOnly = true
		}
		if _, ok := h.Settings[settingCritterWakeRadius]; !ok {
			c.Config.WakeRadius = -1
		}
	}
}

// recordedRules sets the rules of cfg that a recording's header keeps,
// as they were when it was made: those older than a rule's setting had
// the rule before it.
func recordedRules(h replay.Header, cfg *Config) {
	cfg.SpreadRecentres = h.Settings[SettingSpreadRecentres] == "on"
	cfg.PredictedRefreshPerEntity = h.Settings[SettingPredictedRefresh] != PredictedRefreshPerClient
}

// Replay runs a recording headless and as fast as it can: the server's own
// plugins in deterministic mode, with an in-memory database, the spawn
// anchor the start-up gate would hold, and every recorded event fed to
// ingest at its tick. Two replays of one recording give the same hash at
// every tick.
func Replay(rec *replay.Recording, opts ReplayOptions) (ReplayResult, error) {
	h := rec.Header
	cfg := Defaults()
	cfg.Seed, cfg.GeneratorVersion, cfg.TPS = h.Seed, h.GeneratorVersion, h.TPS
	cfg.MaxViewDistance, cfg.SpawnRadius = h.MaxViewDistance, h.SpawnRadius
	cfg.Deterministic, cfg.InMemory, cfg.Admin, cfg.Listen = true, true, "", ""
	if opts.NoLOD {
		cfg.MaxLODLevels = 0
	}
	plugins, err := recordedPlugins(h, opts.Plugins)
	if err != nil {
		return ReplayResult{}, err
	}
	cfg.Plugins = plugins
	recordedRules(h, &cfg)
	if h.World != "" {
		if opts.WorldDir == "" {
			return ReplayResult{}, fmt.Errorf("the recording starts from world checkpoint %q: replay it with ReplayFile or give WorldDir", h.World)
		}
		tmp, err := os.MkdirTemp("", "strata-replay-")
		if err != nil {
			return ReplayResult{}, err
		}
		defer os.RemoveAll(tmp)
		if err := os.CopyFS(tmp, os.DirFS(opts.WorldDir)); err != nil {
			return ReplayResult{}, fmt.Errorf("copy world checkpoint %s: %w", opts.WorldDir, err)
		}
		cfg.InMemory, cfg.DataDir = false, tmp
	}
	if err := cfg.Validate(); err != nil {
		return ReplayResult{}, fmt.Errorf("recording settings: %w", err)
	}
	gen, err := worldgen.New(cfg.Seed, cfg.GeneratorVersion)
	if err != nil {
		return ReplayResult{}, err
	}
	spawn := components.Position{X: h.SpawnX, Y: h.SpawnY, Z: h.SpawnZ}
	app := ecs.NewApp(ecs.WithLogger(opts.Log))
	src := replay.NewSource(rec, app.Tick)
	var res ReplayResult
	var want map[uint64]replay.Hash
	if opts.Verify {
		if !h.Hashes || len(rec.Hashes) == 0 {
			return res, fmt.Errorf("the recording holds no hashes (record with --record-hashes)")
		}
		want = make(map[uint64]replay.Hash, len(rec.Hashes))
		for _, x := range rec.Hashes {
			want[x.Tick] = x
		}
	}
	app.AddPlugins(DefaultPlugins(cfg, gen, spawn, src)...)
	app.AddPlugins(replay.HashPlugin{Conns: src.Conns, OnHash: func(got replay.Hash) {
		res.Final = got
		if opts.OnTick != nil {
			opts.OnTick(got)
		}
		if w, ok := want[got.Tick]; ok && res.Mismatch == nil && !w.Equal(got) {
			res.Mismatch = &Mismatch{Tick: got.Tick, Parts: w.Diff(got), Want: w, Got: got}
		}
	}})
	if err := app.Build(); err != nil {
		return res, fmt.Errorf("build replay app: %w", err)
	}
	if mode, ok := h.Settings[SettingAuth]; !ok || mode == AuthTOFU {
		// The recorded handshakes bound names before the tick saw their
		// clients; commands (/release, /ban of a name's key) read those
		// bindings, so the replay makes them at the same point.
		tofu := ecs.Resource[access.Registry](app).TOFU()
		src.OnLogin = func(name string, key []byte) {
			if err := tofu.Authenticate(context.Background(), wire.Login{Name: name, Key: key}); err != nil {
				opts.Log.Warn().Err(err).Str("name", name).Msg("replay: recorded login not bound")
			}
		}
	}
	defer app.Shutdown()
	app.Commands().Spawn(nil, components.View{Center: chunk.PosOfFloat(spawn.X, spawn.Y, spawn.Z), Radius: cfg.SpawnRadius})
	start := time.Now()
	for app.Tick() <= rec.LastTick && res.Mismatch == nil {
		app.Step()
	}
	res.Elapsed = time.Since(start)
	res.Ticks = app.Tick()
	if err := app.Shutdown(); err != nil {
		return res, fmt.Errorf("shutdown replay: %w", err)
	}
	return res, nil
}
