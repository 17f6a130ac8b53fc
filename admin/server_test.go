package admin

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// startServer starts a server on a free loopback port and stops it when
// the test ends.
func startServer(t *testing.T, cfg Config, status *Status, metrics *Metrics) *Server {
	t.Helper()
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	cfg.Log = zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	s, err := New(cfg, status, metrics)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return s
}

func get(t *testing.T, url, token string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: read body: %v", url, err)
	}
	return res.StatusCode, res.Header, string(body)
}

func TestServerLifecycle(t *testing.T) {
	s, err := New(Config{Addr: "127.0.0.1:0", Log: zerolog.Nop()}, NewStatus(), NewMetrics())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Shutdown(context.Background()); err != nil {
		t.Fatalf("shutdown before start: %v", err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	host, port, err := net.SplitHostPort(s.Addr())
	if err != nil || host != "127.0.0.1" || port == "0" {
		t.Fatalf("Addr() = %q, want 127.0.0.1 with a real port", s.Addr())
	}
	if err := s.Start(); err == nil {
		t.Error("second Start: want error")
	}
	if code, _, _ := get(t, "http://"+s.Addr()+"/healthz", ""); code != 200 {
		t.Fatalf("healthz %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := net.DialTimeout("tcp", s.Addr(), time.Second); err == nil {
		t.Error("still accepting connections after Shutdown")
	}
}

func TestStartPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	s, err := New(Config{Addr: ln.Addr().String(), Log: zerolog.Nop()}, NewStatus(), NewMetrics())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err == nil || !strings.Contains(err.Error(), ln.Addr().String()) {
		t.Fatalf("Start on a busy port: %v, want an error naming the address", err)
	}
}

func TestReadiness(t *testing.T) {
	status := NewStatus()
	s := startServer(t, Config{}, status, NewMetrics())
	base := "http://" + s.Addr()
	start := time.Unix(1_700_000_000, 0)
	notReady := fakeSnapshot(start, 0)
	notReady.Ready = false

	steps := []struct {
		name       string
		publish    *Snapshot
		wantHealth int
		wantReady  int
		wantStatus int
	}{
		{"before any publish", nil, 200, 503, 503},
		{"gate not done", notReady, 200, 503, 200},
		{"gate done", fakeSnapshot(start, 1), 200, 200, 200},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			status.Publish(st.publish)
			for path, want := range map[string]int{"/healthz": st.wantHealth, "/readyz": st.wantReady, "/api/status": st.wantStatus} {
				if code, _, body := get(t, base+path, ""); code != want {
					t.Errorf("GET %s: %d %q, want %d", path, code, body, want)
				}
			}
		})
	}
}

func TestEndpoints(t *testing.T) {
	status := NewStatus()
	metrics := NewMetrics()
	const token = "endpoint-test-token"
	s := startServer(t, Config{Token: token}, status, metrics)
	base := "http://" + s.Addr()
	snap := fakeSnapshot(time.Unix(1_700_000_000, 0), 5)
	status.Publish(snap)
	metrics.ObserveTick(3 * time.Millisecond)

	tests := []struct {
		path        string
		wantType    string
		wantInBody  []string
		wantMissing []string
	}{
		{"/healthz", "text/plain", []string{"ok"}, nil},
		{"/readyz", "text/plain", []string{"ready"}, nil},
		{"/metrics", "text/plain", []string{"strata_tick_duration_seconds_bucket", "strata_ticks_total 1", "go_goroutines", "process_"}, nil},
		{"/api/status", "application/json", []string{`"seed":"-4172930183365210211"`, `"columns":[[`, `"uptime_s":3605`}, nil},
		{"/api/history", "application/json", []string{`"samples":[{`, `"interval_s":1`}, nil},
		{"/api/cert", "application/json", []string{`"sha256_hex":"` + snap.CertSHA256 + `"`}, nil},
		{"/debug/pprof/", "text/html", []string{"goroutine", "heap"}, nil},
		{"/debug/pprof/goroutine?debug=1", "text/plain", []string{"goroutine profile"}, nil},
		{"/debug/pprof/cmdline", "text/plain", nil, nil},
		{"/", "text/html", []string{`<canvas id="map"`, "/static/app.js"}, []string{"http://", "https://"}},
		{"/static/app.js", "javascript", []string{"/api/status"}, []string{"http://", "https://"}},
		{"/static/style.css", "text/css", nil, []string{"http://", "https://"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			code, h, body := get(t, base+tt.path, token)
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			if ct := h.Get("Content-Type"); !strings.Contains(ct, tt.wantType) {
				t.Errorf("Content-Type %q, want %q", ct, tt.wantType)
			}
			for _, w := range tt.wantInBody {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q", w)
				}
			}
			// The page must work offline: no external resources.
			for _, w := range tt.wantMissing {
				if strings.Contains(body, w) {
					t.Errorf("body contains %q", w)
				}
			}
		})
	}
	if code, _, _ := get(t, base+"/nope", token); code != 404 {
		t.Errorf("GET /nope: %d, want 404", code)
	}
}

func TestStatusJSONRoundTrip(t *testing.T) {
	status := NewStatus()
	s := startServer(t, Config{}, status, NewMetrics())
	want := fakeSnapshot(time.Unix(1_700_000_000, 0).UTC(), 7)
	status.Publish(want)
	_, _, body := get(t, "http://"+s.Addr()+"/api/status", "")
	var got Snapshot
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if got.Seed != want.Seed || got.Tick != want.Tick || len(got.Players) != len(want.Players) || len(got.Columns) != len(want.Columns) {
		t.Fatalf("round trip lost data: got seed %d tick %d players %d columns %d", got.Seed, got.Tick, len(got.Players), len(got.Columns))
	}
	for i := range want.Columns {
		if got.Columns[i] != want.Columns[i] {
			t.Fatalf("column %d: %+v, want %+v", i, got.Columns[i], want.Columns[i])
		}
	}
	for i := range want.Systems {
		g, w := got.Systems[i], want.Systems[i]
		// Microseconds as float64 lose nothing at these scales.
		if g.Name != w.Name || g.Stage != w.Stage || (g.P99-w.P99).Abs() > time.Nanosecond || (g.Max-w.Max).Abs() > time.Nanosecond {
			t.Errorf("system %d: %+v, want %+v", i, g, w)
		}
	}
	if got.Players[0] != want.Players[0] {
		t.Errorf("player: %+v, want %+v", got.Players[0], want.Players[0])
	}
}

func TestCertHandlerOverride(t *testing.T) {
	cert := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"sha256_hex":"from-manager"}`)
	})
	status := NewStatus()
	s := startServer(t, Config{Cert: cert}, status, NewMetrics())
	_, _, body := get(t, "http://"+s.Addr()+"/api/cert", "")
	if !strings.Contains(body, "from-manager") {
		t.Errorf("/api/cert = %q, want the configured handler's answer", body)
	}

	s2 := startServer(t, Config{}, NewStatus(), NewMetrics())
	if code, _, _ := get(t, "http://"+s2.Addr()+"/api/cert", ""); code != http.StatusServiceUnavailable {
		t.Errorf("/api/cert with no hash known: %d, want 503", code)
	}
}

// TestTokenOverTheWire checks refusal and acceptance through a real
// listener bound off loopback's name (0.0.0.0 reaches 127.0.0.1 too).
func TestTokenOverTheWire(t *testing.T) {
	const token = "wire-token-0123456789"
	s := startServer(t, Config{Addr: "0.0.0.0:0", Token: token}, NewStatus(), NewMetrics())
	_, port, _ := net.SplitHostPort(s.Addr())
	url := "http://127.0.0.1:" + port + "/metrics"
	tests := []struct {
		name  string
		token string
		want  int
	}{
		{"no token", "", 401},
		{"wrong token", "wire-token-0123456780", 401},
		{"right token", token, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, _, _ := get(t, url, tt.token); code != tt.want {
				t.Errorf("GET /metrics: %d, want %d", code, tt.want)
			}
		})
	}
}
