package testkit

import (
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
)

// NewApp returns an App for a test: it logs warnings and worse to t, and
// it is shut down when the test ends, a failed shutdown failing the test.
// opts are the App's other options. Call t.TempDir for the App's data
// before NewApp, so that the App shuts down before its folder is removed.
//
// The real server's App in a test is
//
//	cfg := server.Defaults()
//	cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
//	cfg.Admin, cfg.Listen = "", ""
//	app := testkit.NewApp(t)
//	app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), testkit.Spawn, src)...)
//	err := app.Build()
func NewApp(t testing.TB, opts ...ecs.Option) *ecs.App {
	t.Helper()
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	app := ecs.NewApp(append([]ecs.Option{ecs.WithLogger(log)}, opts...)...)
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	return app
}
