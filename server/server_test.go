package server

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/storage"
)

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Config)
		want   string // substring of the error, "" for valid
	}{
		{"defaults are valid", func(*Config) {}, ""},
		{"zero tps", func(c *Config) { c.TPS = 0 }, "tps"},
		{"huge spawn radius", func(c *Config) { c.SpawnRadius = 1000 }, "spawn-radius"},
		{"empty data dir", func(c *Config) { c.DataDir = "" }, "data"},
		{"negative workers", func(c *Config) { c.Workers = -1 }, "workers"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Defaults()
			tc.mutate(&c)
			err := c.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v does not name %q", err, tc.want)
			}
		})
	}
}

// TestServeAdminAndBackup runs the real server (Pebble on disk, the
// generator, the admin listener on loopback), waits for it to be ready,
// reads its metrics, takes an online backup, and stops it the way a signal
// does, through its context.
func TestServeAdminAndBackup(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.TPS = 50
	cfg.SpawnRadius = 2
	cfg.Admin = "127.0.0.1:0"
	// Not the default :4433: a server the developer runs meanwhile has it.
	cfg.Listen = "127.0.0.1:0"
	srv, err := New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	get := func(path string) (int, string) {
		for a := srv.AdminAddr(); a == "" || strings.HasSuffix(a, ":0"); a = srv.AdminAddr() {
			time.Sleep(5 * time.Millisecond)
		}
		resp, err := http.Get("http://" + srv.AdminAddr() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		code, _ := get("/readyz")
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("server not ready after 20s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(1100 * time.Millisecond) // one snapshot period
	if code, body := get("/metrics"); code != http.StatusOK || !strings.Contains(body, "strata_tick_duration_seconds") || !strings.Contains(body, `system="reconcile"`) ||
		!strings.Contains(body, "strata_net_refused_unanswered_total") {
		t.Fatalf("metrics: %d\n%.500s", code, body)
	}
	if code, body := get("/api/status"); code != http.StatusOK || !strings.Contains(body, `"ready":true`) {
		t.Fatalf("status: %d %.300s", code, body)
	}
	out := filepath.Join(cfg.DataDir, "backups", "copy")
	resp, err := http.Post("http://"+srv.AdminAddr()+"/api/backup", "application/json", strings.NewReader(`{"name":"copy"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("backup: %s", resp.Status)
	}
	db, err := storage.Open(out, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if m, ok, err := db.Meta(); err != nil || !ok || m.Seed != cfg.Seed {
		t.Fatalf("backup metadata %+v %v %v", m, ok, err)
	}
}

func TestAdminOffLoopbackNeedsToken(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.Admin = "0.0.0.0:0"
	if _, err := New(cfg, zerolog.Nop()); err == nil || !strings.Contains(err.Error(), "token") {
		t.Fatalf("err %v, want a refusal naming the token", err)
	}
}
