package server

import (
	"fmt"
	"path/filepath"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/storage"
)

// resolveWorld gives cfg the seed and generator version of the world
// already stored in cfg.DataDir, if there is one, unless they were asked
// for explicitly: a stored world opens with its own seed. An explicit seed
// that differs from the stored one is refused, naming both (a different
// seed would regenerate every unedited section under the edits). An
// explicit generator version, or --migrate-generator, is left to the
// database's Claim, which refuses or migrates.
func resolveWorld(cfg Config, log zerolog.Logger) (Config, error) {
	if cfg.InMemory {
		return cfg, nil
	}
	m, ok, err := storage.ReadMeta(cfg.DataDir)
	if err != nil {
		return cfg, fmt.Errorf("open world: %w", err)
	}
	if !ok {
		return cfg, nil // a new world: the configured seed and version
	}
	if cfg.SeedExplicit && cfg.Seed != m.Seed {
		return cfg, fmt.Errorf("%w: seed %d was asked for, but the world in %s was created with seed %d: start without --seed (or with --seed %d), or use another --data directory",
			storage.ErrWorldMismatch, cfg.Seed, filepath.Join(cfg.DataDir, "world"), m.Seed, m.Seed)
	}
	ev := log.Info().Str("data", cfg.DataDir).Int64("seed", m.Seed)
	if !cfg.SeedExplicit && cfg.Seed != m.Seed {
		ev = ev.Int64("default_seed", cfg.Seed)
	}
	cfg.Seed = m.Seed
	if !cfg.GeneratorVersionExplicit && !cfg.MigrateGenerator {
		cfg.GeneratorVersion = m.GeneratorVersion
	}
	ev.Int("generator_version", cfg.GeneratorVersion).Msg("serving the stored world with its own seed")
	return cfg, nil
}
