package server

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/worldgen"
)

// newServerOn is the whole server (New's) over terrain instead of the
// world generator, with spawn where new players appear: for tests that
// need known ground under a player (the browser movement test). The
// generator still names the world (its seed and version, in the Welcome
// and the status page), so terrain must have the same version.
func newServerOn(cfg Config, log zerolog.Logger, terrain Terrain, spawn components.Position) (*Server, error) {
	if gen, err := worldgen.New(cfg.Seed, cfg.GeneratorVersion); err != nil {
		return nil, fmt.Errorf("world generator: %w", err)
	} else if terrain.Version() != gen.Version() {
		return nil, fmt.Errorf("newServerOn: terrain version %d, the world's generator is version %d", terrain.Version(), gen.Version())
	}
	return newServer(cfg, log, terrain, &spawn)
}

// startPlayServerOn is startPlayServer (browser_test.go) over terrain:
// the server of newServerOn on loopback, run until the test ends, once it
// serves the browser client's config.json.
func startPlayServerOn(ctx context.Context, t *testing.T, cfg Config, terrain Terrain, spawn components.Position) (srv *Server, adminAddr, quicAddr string) {
	t.Helper()
	lvl := zerolog.WarnLevel
	if os.Getenv("STRATA_MOVE_DEBUG") != "" {
		lvl = zerolog.DebugLevel
	}
	return servePlay(ctx, t, cfg, lvl, func(cfg Config, log zerolog.Logger) (*Server, error) { return newServerOn(cfg, log, terrain, spawn) })
}
