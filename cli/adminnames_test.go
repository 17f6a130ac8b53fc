package cli

import (
	"context"
	"crypto/ed25519"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// bindNames opens a registry on db whose clock stands at now, binds
// each name to a key of its own, marks the played ones as having
// entered the world, and closes it.
func bindNames(t *testing.T, db *storage.DB, now time.Time, names []string, played ...string) {
	t.Helper()
	reg, err := access.Open(db, access.Options{Log: zerolog.Nop(), Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		key := ed25519.NewKeyFromSeed(append(make([]byte, 31), byte(i+1))).Public().(ed25519.PublicKey)
		if err := reg.Authenticate(context.Background(), wire.Login{Name: n, Key: key}); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range played {
		reg.Entered(n)
	}
	reg.Close()
}

// wantOutput checks that out holds the parts in order.
func wantOutput(t *testing.T, out string, parts ...string) {
	t.Helper()
	rest := out
	for _, want := range parts {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Fatalf("output %q lacks %q (in order %q)", out, want, parts)
		}
		rest = rest[i+len(want):]
	}
}

// TestAdminNames lists and prunes name bindings, through a running
// server's listener and straight from a stopped server's data directory.
func TestAdminNames(t *testing.T) {
	now := time.Now().UTC()
	names := []string{"squat1", "squat2", "player", "boss"}

	// A running server: its registry's limits, and the listener.
	db, err := storage.Open(t.TempDir(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	bindNames(t, db, now.Add(-2*time.Hour), names, "player")
	var mu sync.Mutex
	clock := now.Add(-2 * time.Hour) // nothing lapsed yet when it opens
	reg, err := access.Open(db, access.Options{Log: zerolog.Nop(), Names: access.NameLimits{UnplayedTTL: time.Hour, IdleTTL: 90 * 24 * time.Hour, Max: 500},
		Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.SetOperator("boss", true); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	clock = now
	mu.Unlock()
	const token = "names-cli"
	addr := startAdmin(t, token, (&recordingConsole{}).run, reg)

	// A stopped server's data directory.
	dir := t.TempDir()
	sdb, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	bindNames(t, sdb, now.Add(-48*time.Hour), names[:2])
	bindNames(t, sdb, now.Add(-time.Hour), []string{"newbie"})
	if err := sdb.Close(); err != nil {
		t.Fatal(err)
	}

	online := []string{"admin", "--admin", addr, "--token", token, "names"}
	for _, tc := range []struct {
		name string
		args []string
		out  []string
	}{
		{"list", append(online, "list"), []string{"4 bindings (at most 500), 3 never played, 2 lapsed; unplayed ones lapse after 1h0m0s, idle ones after 90d",
			"NAME", "LAPSES", "boss", "never", "never (operator)", "player", "squat1", "never", "(lapsed)", "squat2"}},
		{"list lapsed", append(online, "list", "--lapsed"), []string{"2 lapsed", "squat1", "squat2"}},
		{"list limited", append(online, "list", "--limit", "1"), []string{"boss", "(the first 1 shown: --limit)"}},
		{"dry run", append(online, "prune", "--dry-run", "--idle", "1h"), []string{"would prune 3 name bindings", "player", "squat1", "squat2"}},
		{"prune", append(online, "prune"), []string{"pruned 2 name bindings", "squat1", "squat2"}},
		{"after", append(online, "list"), []string{"2 bindings", "0 lapsed", "boss", "player"}},
		{"offline list", []string{"admin", "names", "list", "--data", dir}, []string{"1 bindings (no bound), 1 never played, 0 lapsed", "newbie"}},
		{"offline prune", []string{"admin", "names", "prune", "--data", dir, "--never-played"}, []string{"pruned 1 name bindings", "newbie"}},
		{"offline after", []string{"admin", "names", "list", "--data", dir}, []string{"0 bindings"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runAdminCmd(t, tc.args...)
			if err != nil {
				t.Fatalf("strata %q: %v\n%s", tc.args, err, out)
			}
			wantOutput(t, out, tc.out...)
		})
	}

	// The data directory of a running server is refused, as is one
	// without a world.
	hold, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()
	for _, tc := range []struct{ dir, want string }{
		{dir, "is its server still running?"},
		{t.TempDir(), "no world database there"},
	} {
		out, err := runAdminCmd(t, "admin", "names", "list", "--data", tc.dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("list --data %s: %v (%s), want %q", tc.dir, err, out, tc.want)
		}
	}
}
