package admin

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// TestNamesEndpoints lists and prunes name bindings through the
// listener: the counts and the filters, a dry run, a prune of the
// never-played ones; bad requests are refused with a reason and delete
// nothing, cross-site ones too.
func TestNamesEndpoints(t *testing.T) {
	const token = "names-token"
	var mu sync.Mutex
	now := time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	db, err := storage.Open(t.TempDir(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	reg, err := access.Open(db, access.Options{Log: zerolog.Nop(), Now: clock,
		Names: access.NameLimits{UnplayedTTL: 24 * time.Hour, IdleTTL: 90 * 24 * time.Hour, Max: 100}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	for i, name := range []string{"lurker", "player", "boss", "squat1", "squat2"} {
		key := ed25519.NewKeyFromSeed(append(make([]byte, 31), byte(i+1))).Public().(ed25519.PublicKey)
		if err := reg.Authenticate(context.Background(), wire.Login{Name: name, Key: key}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			mu.Lock()
			now = now.Add(23 * time.Hour)
			mu.Unlock()
		}
	}
	mu.Lock()
	now = now.Add(2 * time.Hour) // lurker lapses; the rest do not
	mu.Unlock()
	reg.Entered("player")
	if _, err := reg.SetOperator("boss", true); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, Config{Token: token, Access: reg}, NewStatus(), NewMetrics())
	base := "http://" + s.Addr()

	list := func(query string) (int, namesJSON, string) {
		t.Helper()
		code, _, body := get(t, base+"/api/names"+query, token)
		var out namesJSON
		if code == 200 {
			if err := json.Unmarshal([]byte(body), &out); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
		}
		return code, out, body
	}
	names := func(ns []nameJSON) string {
		var s []string
		for _, n := range ns {
			s = append(s, n.Name)
		}
		return strings.Join(s, " ")
	}
	if code, _, _ := get(t, base+"/api/names", ""); code != http.StatusUnauthorized {
		t.Fatalf("/api/names without the token: %d, want 401", code)
	}
	for _, tc := range []struct {
		query string
		code  int
		names string
		trunc bool
	}{
		{"", 200, "boss lurker player squat1 squat2", false},
		{"?filter=lapsed", 200, "lurker", false},
		{"?filter=never-played", 200, "boss lurker squat1 squat2", false},
		{"?filter=all&limit=2", 200, "boss lurker", true},
		{"?filter=played", 400, "", false},
		{"?limit=-1", 400, "", false},
	} {
		code, out, body := list(tc.query)
		if code != tc.code || code == 200 && (names(out.Names) != tc.names || out.Truncated != tc.trunc ||
			out.Bindings != 5 || out.NeverPlayed != 4 || out.Lapsed != 1 || out.Limits.Max != 100 || out.Limits.UnplayedTTLSeconds != 86400) {
			t.Errorf("/api/names%s: %d %s, want %d with %q (truncated %v)", tc.query, code, body, tc.code, tc.names, tc.trunc)
		}
	}
	_, out, _ := list("?filter=lapsed")
	if l := out.Names[0]; l.Key == "" || l.At == "" || l.Seen != "" || l.Lapses != "2026-01-03T15:04:00Z" || !l.Lapsed {
		t.Errorf("lurker listed as %+v", l)
	}

	prune := func(body string, headers map[string]string) (int, pruneJSON, string) {
		t.Helper()
		code, raw := post(t, base+"/api/names/prune", token, body, headers)
		var out pruneJSON
		if code == 200 {
			if err := json.Unmarshal([]byte(raw), &out); err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
		}
		return code, out, raw
	}
	for _, tc := range []struct {
		name    string
		body    string
		headers map[string]string
		code    int
		pruned  string
		left    int
	}{
		{"cross-site", `{}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "", 5},
		{"bad idle", `{"idle":"soon"}`, nil, 400, "", 5},
		{"unknown field", `{"everything":true}`, nil, 400, "", 5},
		{"dry run", `{"never_played":true,"dry_run":true}`, nil, 200, "lurker squat1 squat2", 5},
		{"lapsed", ``, nil, 200, "lurker", 4},
		{"never played", `{"never_played":true}`, nil, 200, "squat1 squat2", 2},
	} {
		code, out, raw := prune(tc.body, tc.headers)
		if code != tc.code || code == 200 && (names(out.Names) != tc.pruned || out.Pruned != len(out.Names)) || len(reg.Bindings()) != tc.left {
			t.Errorf("%s: %d %s leaving %d, want %d pruning %q leaving %d", tc.name, code, raw, len(reg.Bindings()), tc.code, tc.pruned, tc.left)
		}
	}
}
