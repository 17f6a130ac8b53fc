package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	webclient "github.com/stratavox/strata/web"
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
