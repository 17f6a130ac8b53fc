package admin

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

func TestNewAddressAndTokenChecks(t *testing.T) {
	tests := []struct {
		name      string
		addr      string
		token     string
		wantErr   bool
		wantToken bool // error wraps ErrTokenRequired
	}{
		{"default address", "", "", false, false},
		{"loopback IPv4", "127.0.0.1:0", "", false, false},
		{"loopback other 127/8", "127.0.0.2:8080", "", false, false},
		{"localhost", "localhost:0", "", false, false},
		{"loopback IPv6", "[::1]:0", "", false, false},
		{"all interfaces, empty host", ":8080", "", true, true},
		{"all interfaces IPv4", "0.0.0.0:8080", "", true, true},
		{"all interfaces IPv6", "[::]:8080", "", true, true},
		{"private address", "192.168.1.5:8080", "", true, true},
		{"host name", "admin.example.com:8080", "", true, true},
		{"all interfaces with token", "0.0.0.0:8080", "s3cret-token", false, false},
		{"loopback with token", "127.0.0.1:0", "s3cret-token", false, false},
		{"missing port", "127.0.0.1", "", true, false},
		{"token with space", "0.0.0.0:8080", "two words", true, false},
		{"token with newline", "127.0.0.1:0", "abc\n", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Config{Addr: tt.addr, Token: tt.token, Log: zerolog.Nop()}, NewStatus(), NewMetrics())
			if (err != nil) != tt.wantErr {
				t.Fatalf("New(%q, token=%q) error = %v, want error %v", tt.addr, tt.token, err, tt.wantErr)
			}
			if got := errors.Is(err, ErrTokenRequired); got != tt.wantToken {
				t.Fatalf("errors.Is(%v, ErrTokenRequired) = %v, want %v", err, got, tt.wantToken)
			}
			if tt.wantToken && !strings.Contains(err.Error(), "token") {
				t.Errorf("error %q does not say a token is needed", err)
			}
		})
	}
}

func TestNewRequiresStatusAndMetrics(t *testing.T) {
	if _, err := New(Config{}, nil, NewMetrics()); err == nil {
		t.Error("New with nil status: want error")
	}
	if _, err := New(Config{}, NewStatus(), nil); err == nil {
		t.Error("New with nil metrics: want error")
	}
}

// TestAuthentication drives the whole handler (guard included) with
// requests that should be refused or accepted.
func TestAuthentication(t *testing.T) {
	const token = "correct-horse-battery-staple"
	status := NewStatus()
	status.Publish(fakeSnapshot(time.Unix(1_700_000_000, 0), 0))
	handler := func(t *testing.T, tok string) http.Handler {
		addr := "127.0.0.1:0"
		if tok != "" {
			addr = "0.0.0.0:0"
		}
		s, err := New(Config{Addr: addr, Token: tok, Log: zerolog.Nop()}, status, NewMetrics())
		if err != nil {
			t.Fatal(err)
		}
		return s.Handler()
	}
	cookieValue := newGuard(token, zerolog.Nop()).cookie

	tests := []struct {
		name       string
		token      string // server's token; empty: open loopback
		host       string
		target     string
		header     string // Authorization
		cookie     string
		wantCode   int
		wantCookie bool
		wantLoc    string
	}{
		{"open: loopback IP", "", "127.0.0.1:8080", "/healthz", "", "", 200, false, ""},
		{"open: localhost", "", "localhost:8080", "/api/status", "", "", 200, false, ""},
		{"open: IPv6 loopback", "", "[::1]:8080", "/healthz", "", "", 200, false, ""},
		{"open: rebinding host refused", "", "attacker.example:8080", "/api/status", "", "", 403, false, ""},
		{"open: LAN host refused", "", "192.168.1.5:8080", "/healthz", "", "", 403, false, ""},

		{"token: nothing", token, "10.0.0.1:8080", "/healthz", "", "", 401, false, ""},
		{"token: bearer", token, "10.0.0.1:8080", "/healthz", "Bearer " + token, "", 200, false, ""},
		{"token: bearer scheme any case", token, "10.0.0.1:8080", "/metrics", "bearer " + token, "", 200, false, ""},
		{"token: wrong bearer", token, "10.0.0.1:8080", "/healthz", "Bearer nope", "", 401, false, ""},
		{"token: wrong bearer, same length", token, "10.0.0.1:8080", "/healthz", "Bearer " + strings.Repeat("x", len(token)), "", 401, false, ""},
		{"token: prefix of token", token, "10.0.0.1:8080", "/healthz", "Bearer " + token[:10], "", 401, false, ""},
		{"token: basic scheme", token, "10.0.0.1:8080", "/healthz", "Basic " + token, "", 401, false, ""},
		{"token: cookie", token, "10.0.0.1:8080", "/api/status", "", cookieValue, 200, false, ""},
		{"token: raw token as cookie", token, "10.0.0.1:8080", "/api/status", "", token, 401, false, ""},
		{"token: query on page redirects", token, "10.0.0.1:8080", "/?token=" + token, "", "", 303, true, "/"},
		{"token: query keeps other params", token, "10.0.0.1:8080", "/?a=1&token=" + token, "", "", 303, true, "/?a=1"},
		{"token: query on API served", token, "10.0.0.1:8080", "/api/status?token=" + token, "", "", 200, true, ""},
		{"token: wrong query", token, "10.0.0.1:8080", "/?token=nope", "", "", 401, false, ""},
		{"token: pprof needs token", token, "10.0.0.1:8080", "/debug/pprof/", "", "", 401, false, ""},
		{"token: any host with token", token, "attacker.example", "/healthz", "Bearer " + token, "", 200, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tt.target, nil)
			req.Host = tt.host
			if tt.header != "" {
				req.Header.Set("Authorization", tt.header)
			}
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: cookieName, Value: tt.cookie})
			}
			rec := httptest.NewRecorder()
			handler(t, tt.token).ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tt.wantCode {
				t.Fatalf("GET %s: status %d, want %d (body %q)", tt.target, res.StatusCode, tt.wantCode, rec.Body.String())
			}
			if res.StatusCode == 401 && res.Header.Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
			var got *http.Cookie
			for _, c := range res.Cookies() {
				if c.Name == cookieName {
					got = c
				}
			}
			if (got != nil) != tt.wantCookie {
				t.Fatalf("session cookie set = %v, want %v", got != nil, tt.wantCookie)
			}
			if got != nil {
				if !got.HttpOnly || got.SameSite != http.SameSiteStrictMode || got.Value != cookieValue || got.Path != "/" {
					t.Errorf("cookie %+v: want HttpOnly, SameSite=Strict, Path=/, derived value", got)
				}
				if strings.Contains(got.Value, token) {
					t.Error("cookie carries the raw token")
				}
			}
			if loc := res.Header.Get("Location"); loc != tt.wantLoc {
				t.Errorf("Location %q, want %q", loc, tt.wantLoc)
			}
			if res.Header.Get("Referrer-Policy") != "no-referrer" {
				t.Error("missing Referrer-Policy: a ?token= URL could leak")
			}
		})
	}
}
