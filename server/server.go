package server

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/daynight"
)

// Server is a configured, built App ready to run.
type Server struct {
	cfg Config
	log zerolog.Logger
	app *ecs.App
}

// New validates cfg and builds the App with every plugin.
func New(cfg Config, log zerolog.Logger) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid configuration: %w", err)
	}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(Plugins(cfg)...)
	if err := app.Build(); err != nil {
		return nil, fmt.Errorf("build app: %w", err)
	}
	return &Server{cfg: cfg, log: log, app: app}, nil
}

// Plugins returns the server's plugins in the order they are added.
func Plugins(cfg Config) []ecs.Plugin {
	return []ecs.Plugin{
		daynight.Plugin{},
	}
}

// App returns the server's App.
func (s *Server) App() *ecs.App { return s.app }

// Run runs the tick loop until ctx is done, then shuts every plugin down.
func (s *Server) Run(ctx context.Context) error {
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
