package admin

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// fakeConsole stands in for the server's console: it records the lines it
// is given and replies "ran LINE"; the line "/say fail" fails as a
// stopping server's console does.
type fakeConsole struct {
	mu    sync.Mutex
	lines []string
	ran   chan string // every line, for tests that wait for one
}

func newFakeConsole() *fakeConsole { return &fakeConsole{ran: make(chan string, 256)} }

func (f *fakeConsole) run(_ context.Context, line string) (string, error) {
	f.mu.Lock()
	f.lines = append(f.lines, line)
	f.mu.Unlock()
	f.ran <- line
	if line == "/say fail" {
		return "", errors.New("server is stopping")
	}
	return "ran " + line, nil
}

func (f *fakeConsole) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.lines...)
}

// openRegistry opens a real access registry on a Pebble database in a
// temporary folder.
func openRegistry(t *testing.T) *access.Registry {
	t.Helper()
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	db, err := storage.Open(t.TempDir(), log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("close db: %v", err)
		}
	})
	reg, err := access.Open(db, access.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// post sends a JSON POST the way a tool does and returns the status and
// the body.
func post(t *testing.T, url, token, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

const testKey = "3B6A27BCCEB6A42D62A3A8D02A6F0D73653215771DE243A63AC048A18B59DA29"

// TestConsoleEndpoints sends each endpoint good and bad requests: a good
// one becomes exactly one console line and answers its reply; a bad one
// answers 400 with a JSON error and runs nothing.
func TestConsoleEndpoints(t *testing.T) {
	console := newFakeConsole()
	s := startServer(t, Config{Console: console.run}, NewStatus(), NewMetrics())
	base := "http://" + s.Addr()

	tests := []struct {
		name, path, body string
		want             int
		line             string // the console line, for 200
		inError          string // a part of the error, otherwise
	}{
		{"kick", "/api/kick", `{"name":"bob"}`, 200, "/kick bob", ""},
		{"kick with reason", "/api/kick", `{"name":"bob","reason":"  spamming the chat "}`, 200, "/kick bob spamming the chat", ""},
		{"kick, no name", "/api/kick", `{"reason":"x"}`, 400, "", `"name" is missing`},
		{"kick, empty body", "/api/kick", ``, 400, "", `"name" is missing`},
		{"kick, name with a space", "/api/kick", `{"name":"bob /op eve"}`, 400, "", "forbidden character"},
		{"kick, name too long", "/api/kick", `{"name":"` + strings.Repeat("a", 17) + `"}`, 400, "", "limit is 16"},
		{"kick, newline in reason", "/api/kick", `{"name":"bob","reason":"a\n/op eve"}`, 400, "", "control character"},
		{"kick, reason too long", "/api/kick", `{"name":"bob","reason":"` + strings.Repeat("r", maxReason+1) + `"}`, 400, "", "limit is 200"},
		{"kick, unknown field", "/api/kick", `{"name":"bob","why":"x"}`, 400, "", "unknown field"},
		{"kick, not json", "/api/kick", `name=bob`, 400, "", "bad request"},
		{"kick, name not a string", "/api/kick", `{"name":7}`, 400, "", "bad request"},

		{"ban", "/api/ban", `{"name":"bob"}`, 200, "/ban bob", ""},
		{"ban for a while", "/api/ban", `{"name":"bob","duration":"12h","reason":"griefing spawn"}`, 200, "/ban bob 12h griefing spawn", ""},
		{"ban a key", "/api/ban", `{"key":"` + testKey + `","duration":"7d"}`, 200, "/ban " + strings.ToLower(testKey) + " 7d", ""},
		{"ban, both", "/api/ban", `{"name":"bob","key":"` + testKey + `"}`, 400, "", "not both"},
		{"ban, neither", "/api/ban", `{"reason":"x"}`, 400, "", `"name" or "key" is missing`},
		{"ban, short key", "/api/ban", `{"key":"abcd"}`, 400, "", "64 hex digits"},
		{"ban, key not hex", "/api/ban", `{"key":"` + strings.Repeat("g", 64) + `"}`, 400, "", "64 hex digits"},
		{"ban, bad duration", "/api/ban", `{"name":"bob","duration":"a week"}`, 400, "", "not a duration"},
		{"ban, negative duration", "/api/ban", `{"name":"bob","duration":"-1h"}`, 400, "", "not a duration"},
		{"ban, zero duration", "/api/ban", `{"name":"bob","duration":"0m"}`, 400, "", "above zero"},
		{"ban, duration past 100 years", "/api/ban", `{"name":"bob","duration":"5300w"}`, 400, "", "at most 100 years"},
		{"ban, duration without unit", "/api/ban", `{"name":"bob","duration":"12"}`, 400, "", "not a duration"},
		{"ban for weeks", "/api/ban", `{"name":"bob","duration":"2W"}`, 200, "/ban bob 2W", ""},
		{"ban for a day and a half", "/api/ban", `{"name":"bob","duration":"1d12h"}`, 200, "/ban bob 1d12h", ""},
		{"ban, reason starts with weeks", "/api/ban", `{"name":"bob","reason":"2w break"}`, 400, "", "read as the ban's length"},
		{"ban, reason starts with 0m", "/api/ban", `{"name":"bob","reason":"0m notice"}`, 200, "/ban bob 0m notice", ""},
		{"ban, reason reads as a duration", "/api/ban", `{"name":"bob","reason":"7d of griefing"}`, 400, "", "read as the ban's length"},
		{"ban, reason after a duration", "/api/ban", `{"name":"bob","duration":"1d","reason":"7d of griefing"}`, 200, "/ban bob 1d 7d of griefing", ""},

		{"unban", "/api/unban", `{"name":"bob"}`, 200, "/unban bob", ""},
		{"unban a key", "/api/unban", `{"key":"` + testKey + `"}`, 200, "/unban " + strings.ToLower(testKey), ""},
		{"unban, neither", "/api/unban", `{}`, 400, "", "missing"},

		{"op", "/api/op", `{"name":"Alice"}`, 200, "/op Alice", ""},
		{"op, no name", "/api/op", `{}`, 400, "", `"name" is missing`},
		{"deop", "/api/deop", `{"name":"alice"}`, 200, "/deop alice", ""},
		{"deop, bad name", "/api/deop", `{"name":"al ice"}`, 400, "", "forbidden character"},

		{"whitelist add", "/api/whitelist", `{"action":"add","name":"carol"}`, 200, "/whitelist add carol", ""},
		{"whitelist remove", "/api/whitelist", `{"action":"remove","name":"carol"}`, 200, "/whitelist remove carol", ""},
		{"whitelist on", "/api/whitelist", `{"action":"on"}`, 200, "/whitelist on", ""},
		{"whitelist off", "/api/whitelist", `{"action":"off"}`, 200, "/whitelist off", ""},
		{"whitelist add, no name", "/api/whitelist", `{"action":"add"}`, 400, "", `"name" is missing`},
		{"whitelist on with a name", "/api/whitelist", `{"action":"on","name":"carol"}`, 400, "", "only for the actions add and remove"},
		{"whitelist, no action", "/api/whitelist", `{"name":"carol"}`, 400, "", `"action" is missing`},
		{"whitelist, bad action", "/api/whitelist", `{"action":"toggle"}`, 400, "", `not add, remove, on or off`},

		{"say", "/api/say", `{"text":"restart in 5 minutes"}`, 200, "/say restart in 5 minutes", ""},
		{"say, blank", "/api/say", `{"text":"   "}`, 400, "", "blank"},
		{"say, missing", "/api/say", `{}`, 400, "", "blank"},
		{"say, too long", "/api/say", `{"text":"` + strings.Repeat("x", maxConsoleLine) + `"}`, 400, "", "limit is 256"},
		{"say, control character", "/api/say", `{"text":"a\u0007b"}`, 400, "", "control character"},
		// encoding/json turns invalid UTF-8 into U+FFFD.
		{"say, not UTF-8", "/api/say", "{\"text\":\"a\xffb\"}", 200, "/say a\ufffdb", ""},

		{"release", "/api/names/release", `{"name":"bob"}`, 200, "/release bob", ""},
		{"release, no name", "/api/names/release", `{}`, 400, "", `"name" is missing`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(console.calls())
			code, body := post(t, base+tc.path, "", tc.body, nil)
			if code != tc.want {
				t.Fatalf("status %d %s, want %d", code, body, tc.want)
			}
			calls := console.calls()[before:]
			if tc.want != 200 {
				if len(calls) != 0 {
					t.Fatalf("a refused request ran %q", calls)
				}
				var e struct{ Error string }
				if err := json.Unmarshal([]byte(body), &e); err != nil {
					t.Fatalf("error %s is not JSON: %v", body, err)
				}
				if !strings.Contains(e.Error, tc.inError) {
					t.Fatalf("error %q does not say %q", e.Error, tc.inError)
				}
				return
			}
			if len(calls) != 1 || calls[0] != tc.line {
				t.Fatalf("console ran %q, want [%q]", calls, tc.line)
			}
			var r struct{ Reply string }
			if err := json.Unmarshal([]byte(body), &r); err != nil || r.Reply != "ran "+tc.line {
				t.Fatalf("answer %s (%v), want the reply %q", body, err, "ran "+tc.line)
			}
		})
	}
}

// consolePaths are the console endpoints with a valid body each.
var consolePaths = []struct{ path, body string }{
	{"/api/kick", `{"name":"bob"}`},
	{"/api/ban", `{"name":"bob"}`},
	{"/api/unban", `{"name":"bob"}`},
	{"/api/op", `{"name":"bob"}`},
	{"/api/deop", `{"name":"bob"}`},
	{"/api/whitelist", `{"action":"on"}`},
	{"/api/say", `{"text":"hi"}`},
	{"/api/names/release", `{"name":"bob"}`},
}

// TestConsoleEndpointsNeedToken: with a token, no console endpoint runs
// anything for a request without it, and each runs with it.
func TestConsoleEndpointsNeedToken(t *testing.T) {
	const token = "kick-token-1"
	console := newFakeConsole()
	s := startServer(t, Config{Token: token, Console: console.run}, NewStatus(), NewMetrics())
	base := "http://" + s.Addr()
	for _, c := range consolePaths {
		t.Run(c.path, func(t *testing.T) {
			for _, tok := range []string{"", "wrong-token"} {
				if code, body := post(t, base+c.path, tok, c.body, nil); code != http.StatusUnauthorized {
					t.Fatalf("token %q: status %d %s, want 401", tok, code, body)
				}
			}
			if calls := console.calls(); len(calls) != 0 {
				t.Fatalf("unauthenticated requests ran %q", calls)
			}
			if code, body := post(t, base+c.path, token, c.body, nil); code != 200 {
				t.Fatalf("with the token: status %d %s", code, body)
			}
			console.mu.Lock()
			console.lines = nil
			console.mu.Unlock()
		})
	}
}

// TestConsoleEndpointsRefuseCrossSite: what a page of another site could
// send is refused by every console endpoint before anything runs.
func TestConsoleEndpointsRefuseCrossSite(t *testing.T) {
	console := newFakeConsole()
	s := startServer(t, Config{Console: console.run}, NewStatus(), NewMetrics())
	base := "http://" + s.Addr()
	hostile := []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"another origin", map[string]string{"Origin": "http://evil.example"}, 403},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site fetch", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"sandboxed page", map[string]string{"Origin": "null"}, 403},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, 415},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
	}
	for _, c := range consolePaths {
		for _, h := range hostile {
			t.Run(c.path+"/"+h.name, func(t *testing.T) {
				if code, body := post(t, base+c.path, "", c.body, h.headers); code != h.want {
					t.Fatalf("status %d %s, want %d", code, body, h.want)
				}
			})
		}
	}
	if calls := console.calls(); len(calls) != 0 {
		t.Fatalf("cross-site requests ran %q", calls)
	}
	// The listener's own page passes.
	code, body := post(t, base+"/api/kick", "", `{"name":"bob"}`, map[string]string{"Origin": base, "Sec-Fetch-Site": "same-origin"})
	if code != 200 {
		t.Fatalf("own page: status %d %s", code, body)
	}
}

// TestConsoleFailure: a console that cannot run the line answers 503
// with its error; no console at all answers 404 and says so.
func TestConsoleFailure(t *testing.T) {
	console := newFakeConsole()
	s := startServer(t, Config{Console: console.run}, NewStatus(), NewMetrics())
	code, body := post(t, "http://"+s.Addr()+"/api/say", "", `{"text":"fail"}`, nil)
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "server is stopping") {
		t.Fatalf("failing console: status %d %s, want 503 with its error", code, body)
	}

	none := startServer(t, Config{}, NewStatus(), NewMetrics())
	for _, c := range consolePaths {
		code, body := post(t, "http://"+none.Addr()+c.path, "", c.body, nil)
		if code != http.StatusNotFound || !strings.Contains(body, "no console") {
			t.Errorf("%s without a console: status %d %s, want 404 saying so", c.path, code, body)
		}
	}
	for _, tc := range []struct {
		s    *Server
		want sessionJSON
	}{{s, sessionJSON{Console: true}}, {none, sessionJSON{}}} {
		code, _, body := get(t, "http://"+tc.s.Addr()+"/api/session", "")
		var got sessionJSON
		if code != 200 || json.Unmarshal([]byte(body), &got) != nil || got != tc.want {
			t.Errorf("/api/session: %d %s, want %+v", code, body, tc.want)
		}
	}
}

// TestConsoleTimeout: a console that never answers is given up on when
// the request's context ends, with 503.
func TestConsoleTimeout(t *testing.T) {
	stuck := func(ctx context.Context, _ string) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	}
	s, err := New(Config{Console: stuck, Log: zerolog.Nop()}, NewStatus(), NewMetrics())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client has gone: the console must not be waited on
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "/api/kick", strings.NewReader(`{"name":"bob"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "context canceled") {
		t.Fatalf("status %d %s, want 503 naming the cancellation", rec.Code, rec.Body)
	}
}

// TestListsReflectRegistry changes a real registry and reads the lists
// back through the listener.
func TestListsReflectRegistry(t *testing.T) {
	const token = "lists-token"
	reg := openRegistry(t)
	status := NewStatus()
	status.Publish(fakeSnapshot(time.Unix(1_700_000_000, 0), 0))
	s := startServer(t, Config{Token: token, Access: reg}, status, NewMetrics())
	base := "http://" + s.Addr()
	getJSON := func(t *testing.T, path string, v any) {
		t.Helper()
		if code, _, _ := get(t, base+path, ""); code != http.StatusUnauthorized {
			t.Fatalf("%s without the token: %d, want 401", path, code)
		}
		code, _, body := get(t, base+path, token)
		if code != 200 {
			t.Fatalf("%s: %d %s", path, code, body)
		}
		if err := json.Unmarshal([]byte(body), v); err != nil {
			t.Fatalf("%s: %s: %v", path, body, err)
		}
	}

	// Empty lists are [] (a script can iterate them), not null.
	for _, path := range []string{"/api/ops", "/api/bans"} {
		if _, _, body := get(t, base+path, token); strings.TrimSpace(body) != "[]" {
			t.Errorf("%s on an empty registry: %s, want []", path, body)
		}
	}
	var wl whitelistJSON
	getJSON(t, "/api/whitelist", &wl)
	if wl.On || wl.Names == nil || len(wl.Names) != 0 {
		t.Errorf("empty whitelist: %+v", wl)
	}

	if _, err := reg.SetOperator("alice", true); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.SetOperator("zed", true); err != nil {
		t.Fatal(err)
	}
	until := time.Now().Add(12 * time.Hour).UTC().Truncate(time.Second)
	if err := reg.Ban(access.Ban{Name: "mallory", Reason: "griefing", Until: until, By: "console"}); err != nil {
		t.Fatal(err)
	}
	if err := reg.SetWhitelist(true); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"carol", "bob"} {
		if _, err := reg.Whitelist(n, true); err != nil {
			t.Fatal(err)
		}
	}

	var ops []string
	getJSON(t, "/api/ops", &ops)
	if !reflect.DeepEqual(ops, []string{"alice", "zed"}) {
		t.Errorf("/api/ops = %q, want [alice zed]", ops)
	}
	var bans []banJSON
	getJSON(t, "/api/bans", &bans)
	if len(bans) != 1 || bans[0].Name != "mallory" || bans[0].Reason != "griefing" || bans[0].By != "console" || bans[0].Until != until.Format(time.RFC3339) {
		t.Errorf("/api/bans = %+v, want mallory's ban until %s", bans, until.Format(time.RFC3339))
	}
	getJSON(t, "/api/whitelist", &wl)
	if !wl.On || !reflect.DeepEqual(wl.Names, []string{"bob", "carol"}) {
		t.Errorf("/api/whitelist = %+v, want on with [bob carol]", wl)
	}
	var players []playerJSON
	getJSON(t, "/api/players", &players)
	want := []playerJSON{
		{Name: "alice", X: fixturePlayers[0].X, Y: fixturePlayers[0].Y, Z: fixturePlayers[0].Z, Operator: true},
		{Name: "bob", X: fixturePlayers[1].X, Y: fixturePlayers[1].Y, Z: fixturePlayers[1].Z},
	}
	if !reflect.DeepEqual(players, want) {
		t.Errorf("/api/players = %+v, want %+v", players, want)
	}
	var sess sessionJSON
	getJSON(t, "/api/session", &sess)
	if sess != (sessionJSON{Access: true}) {
		t.Errorf("/api/session = %+v", sess)
	}
}

// TestListsWithoutRegistry: the lists say there is no registry; the
// players still list, none an operator; before a snapshot they wait.
func TestListsWithoutRegistry(t *testing.T) {
	status := NewStatus()
	s := startServer(t, Config{}, status, NewMetrics())
	base := "http://" + s.Addr()
	if code, _, body := get(t, base+"/api/players", ""); code != http.StatusServiceUnavailable {
		t.Errorf("/api/players before a snapshot: %d %s, want 503", code, body)
	}
	for _, path := range []string{"/api/ops", "/api/bans", "/api/whitelist"} {
		if code, _, body := get(t, base+path, ""); code != http.StatusNotFound || !strings.Contains(body, "no access registry") {
			t.Errorf("%s: %d %s, want 404 saying why", path, code, body)
		}
	}
	status.Publish(fakeSnapshot(time.Unix(1_700_000_000, 0), 0))
	code, _, body := get(t, base+"/api/players", "")
	var players []playerJSON
	if code != 200 || json.Unmarshal([]byte(body), &players) != nil || len(players) != 2 || players[0].Operator || players[1].Operator {
		t.Errorf("/api/players: %d %s", code, body)
	}
}
