package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/storage"
)

// startHeadless runs a real server on disk with only the admin listener
// (no QUIC) until the test ends, and waits for its start-up gate.
func startHeadless(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.Listen = ""
	cfg.Admin = "127.0.0.1:0"
	srv, err := New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for !srv.ready.Load() || strings.HasSuffix(srv.AdminAddr(), ":0") {
		if time.Now().After(deadline) {
			t.Fatal("server not ready after 30s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return srv
}

// TestAdminBackupRefusesCrossSiteAndPaths sends the requests a hostile web
// page (or a careless client) could send to the real server's admin
// listener: each is refused with a clear status and writes nothing,
// neither under the data directory nor at the path it names. The
// legitimate request then writes under DATA/backups.
func TestAdminBackupRefusesCrossSiteAndPaths(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv := startHeadless(t, cfg)
	base := "http://" + srv.AdminAddr()
	elsewhere := t.TempDir()
	abs := filepath.Join(elsewhere, "stolen")
	traversal := filepath.Join(cfg.DataDir, "backups", "..", "..", "escaped")

	tests := []struct {
		name        string
		contentType string
		headers     map[string]string
		body        string
		want        int
	}{
		{"text/plain from another site", "text/plain", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, `{"out":"` + abs + `"}`, http.StatusForbidden},
		{"text/plain without browser headers", "text/plain", nil, `{"out":"` + abs + `"}`, http.StatusUnsupportedMediaType},
		{"form post from another site", "application/x-www-form-urlencoded", map[string]string{"Origin": "http://evil.example"}, `out=` + abs, http.StatusForbidden},
		{"form post", "application/x-www-form-urlencoded", nil, `{"name":"x"}`, http.StatusUnsupportedMediaType},
		{"absolute path", "application/json", nil, `{"out":"` + abs + `"}`, http.StatusBadRequest},
		{"absolute path as name", "application/json", nil, `{"name":"` + abs + `"}`, http.StatusBadRequest},
		{"path traversal name", "application/json", nil, `{"name":"../../escaped"}`, http.StatusBadRequest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, base+"/api/backup", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", tc.contentType)
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			msg, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status %d %q, want %d", resp.StatusCode, msg, tc.want)
			}
			for _, p := range []string{abs, traversal, filepath.Join(cfg.DataDir, "backups")} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("a refused request wrote %s", p)
				}
			}
		})
	}

	// The legitimate request, as strata backup sends it.
	req, _ := http.NewRequest(http.MethodPost, base+"/api/backup", strings.NewReader(`{"name":"nightly"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Strata-Admin", "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct{ Name, Path string }
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("legitimate backup: %s, %v", resp.Status, err)
	}
	want := filepath.Join(cfg.DataDir, "backups", "nightly")
	if got.Name != "nightly" || !sameFile(t, got.Path, want) {
		t.Fatalf("backup answered %+v, want name nightly at %s", got, want)
	}
	db, err := storage.Open(want, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if m, ok, err := db.Meta(); err != nil || !ok || m.Seed != cfg.Seed {
		t.Fatalf("backup metadata %+v %v %v", m, ok, err)
	}
}

// sameFile reports whether two paths name one existing file.
func sameFile(t *testing.T, a, b string) bool {
	t.Helper()
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
