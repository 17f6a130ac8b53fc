package server

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/daynight"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems"
	"github.com/stratavox/strata/worldgen"
)

// Server is a configured, built App ready to run.
type Server struct {
	cfg   Config
	log   zerolog.Logger
	app   *ecs.App
	gen   *worldgen.Generator
	spawn components.Position
	// Progress, if set, receives the start-up gate's progress instead of
	// the default rate-limited log line (serve draws a bar on a terminal).
	Progress func(resident, inFlight int)
}

// New validates cfg and builds the App with every plugin. Building opens
// the world database; Run or Close releases it.
func New(cfg Config, log zerolog.Logger) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid configuration: %w", err)
	}
	gen, err := worldgen.New(cfg.Seed, cfg.GeneratorVersion)
	if err != nil {
		return nil, err
	}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(Plugins(cfg, gen)...)
	if err := app.Build(); err != nil {
		// Plugins built before the failure may hold files and goroutines.
		if serr := app.Shutdown(); serr != nil {
			log.Error().Err(serr).Msg("shutdown after failed build")
		}
		return nil, fmt.Errorf("build app: %w", err)
	}
	x, y, z := gen.FindSpawn()
	return &Server{cfg: cfg, log: log, app: app, gen: gen, spawn: components.Position{X: float64(x) + 0.5, Y: float64(y), Z: float64(z) + 0.5}}, nil
}

// Plugins returns the server's plugins in the order they are added.
func Plugins(cfg Config, gen *worldgen.Generator) []ecs.Plugin {
	return []ecs.Plugin{
		systems.NewResidency(systems.ResidencyConfig{Generator: gen, Workers: cfg.Workers}),
		systems.NewPersist(systems.PersistConfig{
			DataDir:          cfg.DataDir,
			Seed:             cfg.Seed,
			GeneratorVersion: gen.Version(),
			MigrateGenerator: cfg.MigrateGenerator,
		}),
		daynight.Plugin{},
	}
}

// App returns the server's App.
func (s *Server) App() *ecs.App { return s.app }

// Spawn returns the world's spawn position.
func (s *Server) Spawn() components.Position { return s.spawn }

// Close shuts every plugin down without running; Run does it itself.
func (s *Server) Close() error { return s.app.Shutdown() }

// Run loads the spawn region through the schedule (the start-up gate),
// then runs the tick loop until ctx is done, then shuts every plugin down.
func (s *Server) Run(ctx context.Context) error {
	if err := s.loadSpawn(ctx); err != nil {
		if serr := s.app.Shutdown(); serr != nil {
			s.log.Error().Err(serr).Msg("shutdown")
		}
		if ctx.Err() != nil {
			s.log.Info().Msg("stopped during start-up")
			return nil
		}
		return err
	}
	s.log.Info().Int("tps", s.cfg.TPS).Int64("seed", s.cfg.Seed).Int("systems", len(s.app.Schedule().Order())).Msg("ticking")
	overruns := s.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second})
	p := s.app.Run(ctx, ecs.LoopConfig{
		TPS:        s.cfg.TPS,
		MaxCatchUp: s.cfg.MaxCatchUp,
		OnOverrun: func(tick uint64, took time.Duration) {
			overruns.Warn().Uint64("tick", tick).Dur("took", took).Msg("tick overran its period")
		},
	})
	s.log.Info().Uint64("ticks", s.app.Tick()).Uint64("overruns", p.Overruns.Load()).Uint64("dropped", p.Dropped.Load()).Msg("tick loop stopped")
	if err := s.app.Shutdown(); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	s.log.Info().Msg("shut down cleanly")
	return nil
}

// loadSpawn runs the start-up gate: the same schedule steps until the
// spawn region is resident and nothing is in flight.
func (s *Server) loadSpawn(ctx context.Context) error {
	start := time.Now()
	progress := s.Progress
	if progress == nil {
		lines := s.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: time.Second})
		progress = func(resident, inFlight int) {
			lines.Info().Int("resident", resident).Int("in_flight", inFlight).
				Str("done", fmt.Sprintf("%.0f%%", 100*float64(resident)/float64(max(1, resident+inFlight)))).Msg("loading spawn region")
		}
	}
	view := components.View{Center: chunk.PosOfFloat(s.spawn.X, s.spawn.Y, s.spawn.Z), Radius: s.cfg.SpawnRadius}
	if _, err := systems.LoadSpawn(ctx, s.app, view, progress); err != nil {
		return err
	}
	s.log.Info().Stringer("center", view.Center).Int("radius", view.Radius).Dur("took", time.Since(start)).Msg("spawn region loaded")
	return nil
}
