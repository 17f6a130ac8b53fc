package admin

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/backups"
)

// fakeBackups records the backups it is asked for; "taken" answers
// fs.ErrExist and "broken" a failure.
type fakeBackups struct {
	mu    sync.Mutex
	names []string
}

func (f *fakeBackups) take(name string) (backups.Backup, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch name {
	case "taken":
		return backups.Backup{}, fmt.Errorf("backup %q: %w", name, fs.ErrExist)
	case "broken":
		return backups.Backup{}, errors.New("disk on fire")
	}
	f.names = append(f.names, name)
	if name == "" {
		name = "manual-20260101T000000.000Z"
	}
	return backups.Backup{Name: name, Path: "/data/backups/" + name, Took: 3 * time.Millisecond}, nil
}

func (f *fakeBackups) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.names...)
}

// TestBackupRefusesCrossSite sends POST /api/backup as hostile pages and
// careless clients would: each is refused with its status before the
// backup runs. The requests tools send are served.
func TestBackupRefusesCrossSite(t *testing.T) {
	fake := &fakeBackups{}
	s := startServer(t, Config{Backup: fake.take}, NewStatus(), NewMetrics())
	self := "http://" + s.Addr()
	const ctJSON = "application/json"

	tests := []struct {
		name        string
		method      string
		contentType string
		headers     map[string]string
		body        string
		want        int
		wantInError string
		wantName    string // the name the backup ran with, when it ran
	}{
		// What a page on another site can send without a preflight.
		{"text/plain fetch from another site", "POST", "text/plain", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, `{"name":"x"}`, 403, "Sec-Fetch-Site", ""},
		{"text/plain fetch, old browser", "POST", "text/plain;charset=UTF-8", map[string]string{"Origin": "http://evil.example"}, `{"name":"x"}`, 403, "Origin", ""},
		{"text/plain without browser headers", "POST", "text/plain", nil, `{"name":"x"}`, 415, "application/json", ""},
		{"form post from another site", "POST", "application/x-www-form-urlencoded", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, `name=x`, 403, "forbidden", ""},
		{"form post", "POST", "application/x-www-form-urlencoded", nil, `name=x`, 415, AdminHeader, ""},
		{"multipart form", "POST", "multipart/form-data; boundary=b", nil, "--b--", 415, "unsupported", ""},
		{"no content type", "POST", "", nil, `{"name":"x"}`, 415, "unsupported", ""},
		// Preflighted kinds still refused if a browser marks them foreign.
		{"json from another site", "POST", ctJSON, map[string]string{"Origin": "http://evil.example"}, `{"name":"x"}`, 403, "evil.example", ""},
		{"json from a sandboxed page", "POST", ctJSON, map[string]string{"Origin": "null"}, `{"name":"x"}`, 403, "Origin", ""},
		{"json from another port of this host", "POST", ctJSON, map[string]string{"Origin": "http://127.0.0.1:1"}, `{"name":"x"}`, 403, "Origin", ""},
		{"json, sec-fetch-site cross-site", "POST", ctJSON, map[string]string{"Sec-Fetch-Site": "cross-site"}, `{"name":"x"}`, 403, "cross-site", ""},
		{"json, sec-fetch-site same-site", "POST", ctJSON, map[string]string{"Sec-Fetch-Site": "same-site"}, `{"name":"x"}`, 403, "same-site", ""},
		{"header from another site", "POST", "", map[string]string{AdminHeader: "1", "Origin": "https://evil.example"}, "", 403, "Origin", ""},
		// Paths instead of names.
		{"absolute path (old out field)", "POST", ctJSON, nil, `{"out":"/tmp/stolen"}`, 400, `"out" is not accepted`, ""},
		{"absolute path as name", "POST", ctJSON, nil, `{"name":"/tmp/stolen"}`, 400, "path separator", ""},
		{"parent traversal", "POST", ctJSON, nil, `{"name":"../../etc"}`, 400, "path separator", ""},
		{"dot dot", "POST", ctJSON, nil, `{"name":".."}`, 400, "dot", ""},
		{"backslash traversal", "POST", ctJSON, nil, `{"name":"..\\..\\x"}`, 400, "path separator", ""},
		{"hidden name", "POST", ctJSON, nil, `{"name":".x"}`, 400, "dot", ""},
		{"reserved prefix", "POST", ctJSON, nil, `{"name":"auto-1"}`, 400, "reserved", ""},
		{"nul byte", "POST", ctJSON, nil, `{"name":"a\u0000b"}`, 400, "invalid backup name", ""},
		{"too long", "POST", ctJSON, nil, `{"name":"` + strings.Repeat("a", backups.MaxNameLen+1) + `"}`, 400, "at most", ""},
		{"unknown field", "POST", ctJSON, nil, `{"name":"x","dir":"/"}`, 400, "unknown field", ""},
		{"not json", "POST", ctJSON, nil, `name=x`, 400, "bad request", ""},
		{"trailing data", "POST", ctJSON, nil, `{"name":"x"} {"name":"y"}`, 400, "after the JSON", ""},
		{"huge body", "POST", ctJSON, nil, `{"name":"` + strings.Repeat("a", 10000) + `"}`, 400, "bad request", ""},
		{"get", "GET", "", nil, "", 405, "", ""},
		{"existing name", "POST", ctJSON, nil, `{"name":"taken"}`, 409, "choose another name", ""},
		{"failing backup", "POST", ctJSON, nil, `{"name":"broken"}`, 500, "disk on fire", ""},
		// What strata backup, curl and this listener's own pages send.
		{"strata backup", "POST", ctJSON, map[string]string{AdminHeader: "1"}, `{"name":"nightly"}`, 200, "", "nightly"},
		{"json, no name", "POST", ctJSON, nil, `{}`, 200, "", ""},
		{"header, empty body", "POST", "", map[string]string{AdminHeader: "1"}, "", 200, "", ""},
		{"own page", "POST", ctJSON + "; charset=utf-8", map[string]string{"Origin": self, "Sec-Fetch-Site": "same-origin"}, `{"name":"from-page"}`, 200, "", "from-page"},
		{"typed by the user", "POST", ctJSON, map[string]string{"Sec-Fetch-Site": "none"}, `{"name":"typed"}`, 200, "", "typed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(fake.calls())
			req, err := http.NewRequest(tc.method, self+"/api/backup", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d %s, want %d", resp.StatusCode, body, tc.want)
			}
			calls := fake.calls()[before:]
			if tc.want != 200 {
				if len(calls) > 0 {
					t.Fatalf("refused request still ran a backup %q", calls)
				}
				var e struct{ Error string }
				if tc.want != 405 && json.Unmarshal(body, &e) != nil {
					t.Fatalf("error %s is not JSON", body)
				}
				if !strings.Contains(e.Error, tc.wantInError) {
					t.Fatalf("error %q does not say %q", e.Error, tc.wantInError)
				}
				return
			}
			if len(calls) != 1 || calls[0] != tc.wantName {
				t.Fatalf("backups run %q, want one named %q", calls, tc.wantName)
			}
			var got backupResponse
			if err := json.Unmarshal(body, &got); err != nil || got.Name == "" || !strings.HasPrefix(got.Path, "/data/backups/") || got.TookMS != 3 {
				t.Fatalf("answer %s (%v)", body, err)
			}
		})
	}
}

func TestSameOrigin(t *testing.T) {
	tests := []struct {
		origin, host string
		want         bool
	}{
		{"http://127.0.0.1:8080", "127.0.0.1:8080", true},
		{"http://LOCALHOST:8080", "localhost:8080", true},
		{"http://[::1]:8080", "[::1]:8080", true},
		{"http://admin.example", "admin.example:80", true},
		{"https://admin.example", "admin.example", true},
		{"https://admin.example", "admin.example:80", false},
		{"http://127.0.0.1:8081", "127.0.0.1:8080", false},
		{"http://localhost:8080", "127.0.0.1:8080", false},
		{"null", "127.0.0.1:8080", false},
		{"", "127.0.0.1:8080", false},
		{"file://", "127.0.0.1:8080", false},
		{"http://127.0.0.1:8080/path", "127.0.0.1:8080", false},
		{"http://user@127.0.0.1:8080", "127.0.0.1:8080", false},
		{"chrome-extension://abc", "abc", false},
	}
	for _, tc := range tests {
		if got := sameOrigin(tc.origin, tc.host); got != tc.want {
			t.Errorf("sameOrigin(%q, %q) = %v, want %v", tc.origin, tc.host, got, tc.want)
		}
	}
}
