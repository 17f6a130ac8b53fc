package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server/backups"
	"github.com/stratavox/strata/systems/status"
	webclient "github.com/stratavox/strata/web"
	"github.com/stratavox/strata/worldgen"
)

// newServerOn is New over terrain instead of the world generator, with
// spawn where new players appear: the whole server — QUIC and
// WebTransport listener, the admin listener with the browser client at
// /play, the access registry and logins — over a simple world a test
// lays out, for tests that need known ground under a player (the browser
// movement test). It follows New step by step, leaving out what such a
// test does not use: recordings (Config.Record) and login tokens
// (Config.AuthIssuerKey), which it refuses. The generator New would have
// made still names the world (its seed and version, in the Welcome and
// the status page); terrain must have the same version. Keep it in step
// with New: what New sets up that Run relies on must be set up here too.
func newServerOn(cfg Config, log zerolog.Logger, terrain Terrain, spawn components.Position) (*Server, error) {
	if cfg.Record != "" || cfg.AuthIssuerKey != "" {
		return nil, errors.New("newServerOn: recordings and login tokens are New's alone")
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid configuration: %w", err)
	}
	cfg, err := resolveWorld(cfg, log)
	if err != nil {
		return nil, err
	}
	gen, err := worldgen.New(cfg.Seed, cfg.GeneratorVersion)
	if err != nil {
		return nil, fmt.Errorf("world generator: %w", err)
	}
	if terrain.Version() != gen.Version() {
		return nil, fmt.Errorf("newServerOn: terrain version %d, the world's generator is version %d", terrain.Version(), gen.Version())
	}
	s := &Server{cfg: cfg, log: log, gen: gen, status: admin.NewStatus(), metrics: admin.NewMetrics(), source: &sourceSwitch{}, console: NewConsole(), counted: map[string]uint64{}}
	s.spawn = spawn
	var certHandler http.Handler
	if cfg.Listen != "" {
		s.certs, err = certs.Open(certs.Options{Dir: cfg.DataDir, CertFile: cfg.CertFile, KeyFile: cfg.KeyFile, Log: log})
		if err != nil {
			return nil, fmt.Errorf("certificate: %w", err)
		}
		certHandler = s.certs.Handler()
	}
	var adminCfg admin.Config
	if cfg.Admin != "" {
		var backup admin.BackupFunc
		if !cfg.InMemory {
			backup = s.backup
		}
		adminCfg = admin.Config{
			Addr: cfg.Admin, Token: cfg.AdminToken, Log: log, Backup: backup, Cert: certHandler, Public: s.playHandlers(),
			Console: s.console.Run,
		}
	}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(DefaultPlugins(cfg, terrain, s.spawn, multiSource{s.source, s.console})...)
	app.AddPlugins(status.New(status.Config{
		Status: s.status, Metrics: s.metrics, Generator: gen, TargetTPS: cfg.TPS, Ready: s.ready.Load, Extra: s.networkFigures,
	}))
	if err := app.Build(); err != nil {
		return nil, errors.Join(fmt.Errorf("build app: %w", err), app.Shutdown())
	}
	s.app = app
	s.access = ecs.Resource[access.Registry](app)
	s.auth = transport.Authenticators(s.access.TOFU(), s.access.Policy())
	if cfg.Admin != "" {
		adminCfg.Access = s.access
		if s.admin, err = admin.New(adminCfg, s.status, s.metrics); err != nil {
			return nil, errors.Join(fmt.Errorf("admin: %w", err), app.Shutdown())
		}
	}
	if !cfg.InMemory {
		s.backups = backups.New(backups.Options{
			DataDir: cfg.DataDir, DB: ecs.Resource[storage.DB](app), Log: log,
			Every: cfg.BackupEvery, Keep: cfg.BackupKeep,
		})
	}
	return s, nil
}

// startPlayServerOn is startPlayServer (browser_test.go) over terrain:
// the server of newServerOn on loopback, run until the test ends, once it
// serves the browser client's config.json.
func startPlayServerOn(ctx context.Context, t *testing.T, cfg Config, terrain Terrain, spawn components.Position) (srv *Server, adminAddr, quicAddr string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	cfg.Admin = "127.0.0.1:0"
	lvl := zerolog.WarnLevel
	if os.Getenv("STRATA_MOVE_DEBUG") != "" {
		lvl = zerolog.DebugLevel
	}
	srv, err := newServerOn(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(lvl), terrain, spawn)
	if err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(rctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	var last string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("the server did not serve its WebTransport config within 30s: %s", last)
		}
		if adminAddr = srv.AdminAddr(); adminAddr == "" || strings.HasSuffix(adminAddr, ":0") {
			continue // not listening yet
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+adminAddr+"/play/config.json", nil)
		resp, err := hc.Do(req)
		if err != nil {
			last = err.Error()
			continue
		}
		var pc webclient.Config
		err = json.NewDecoder(resp.Body).Decode(&pc)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || err != nil {
			last = fmt.Sprintf("%s %v", resp.Status, err)
			continue // 503 until the QUIC listener opens, after the start-up gate
		}
		u, err := url.Parse(pc.URL)
		if err != nil || u.Scheme != "https" || u.Hostname() != "127.0.0.1" {
			t.Fatalf("config.json url %q (%v), want https://127.0.0.1:PORT/...", pc.URL, err)
		}
		return srv, adminAddr, u.Host
	}
}
