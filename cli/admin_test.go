package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// recordingConsole stands in for the server's console: it keeps the lines
// and replies "done: LINE".
type recordingConsole struct {
	mu    sync.Mutex
	lines []string
}

func (c *recordingConsole) run(_ context.Context, line string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines = append(c.lines, line)
	return "done: " + line, nil
}

func (c *recordingConsole) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.lines
	c.lines = nil
	return l
}

// startAdmin runs a real admin listener on a free loopback port with a
// token, the console and a registry on Pebble, and one published snapshot.
func startAdmin(t *testing.T, token string, console admin.ConsoleFunc, reg *access.Registry) string {
	t.Helper()
	status := admin.NewStatus()
	status.Publish(&admin.Snapshot{Players: []admin.Player{
		{Name: "bob", X: -170.75, Y: 64, Z: 105.5},
		{Name: "alice", X: 150.5, Y: 71, Z: -60.25},
	}})
	s, err := admin.New(admin.Config{Addr: "127.0.0.1:0", Token: token, Console: console, Access: reg, Log: zerolog.Nop()}, status, admin.NewMetrics())
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
	return s.Addr()
}

func openTestRegistry(t *testing.T) *access.Registry {
	t.Helper()
	db, err := storage.Open(t.TempDir(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	reg, err := access.Open(db, access.Options{Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// runAdminCmd runs the strata command in-process with args and returns
// its output.
func runAdminCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := newRootCmd(nil)
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

const adminTestKey = "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29"

// TestAdminCommands runs every strata admin subcommand against a real
// admin listener: changes reach the console as their command line and
// print its reply; lists print what the registry holds.
func TestAdminCommands(t *testing.T) {
	const token = "cli-token-5"
	console := &recordingConsole{}
	reg := openTestRegistry(t)
	if _, err := reg.SetOperator("alice", true); err != nil {
		t.Fatal(err)
	}
	if err := reg.Ban(access.Ban{Name: "mallory", Reason: "griefing", By: "console"}); err != nil {
		t.Fatal(err)
	}
	if err := reg.SetWhitelist(true); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Whitelist("carol", true); err != nil {
		t.Fatal(err)
	}
	addr := startAdmin(t, token, console.run, reg)

	tests := []struct {
		name string
		args []string
		line string   // the console line, "" for a read
		out  []string // parts of the output, in order
	}{
		{"players", []string{"players"}, "", []string{"NAME", "OPERATOR", "alice", "150.5", "71.0", "-60.2", "yes", "bob", "-170.8"}},
		{"kick", []string{"kick", "bob"}, "/kick bob", []string{"done: /kick bob"}},
		{"kick with reason", []string{"kick", "bob", "spamming", "the", "chat"}, "/kick bob spamming the chat", []string{"done: /kick bob spamming the chat"}},
		{"ban", []string{"ban", "bob"}, "/ban bob", []string{"done: /ban bob"}},
		{"ban for a while", []string{"ban", "bob", "--for", "12h", "griefing"}, "/ban bob 12h griefing", []string{"done: /ban bob 12h griefing"}},
		{"ban a key", []string{"ban", strings.ToUpper(adminTestKey), "--for=7d"}, "/ban " + adminTestKey + " 7d", []string{"done:"}},
		{"unban", []string{"unban", "bob"}, "/unban bob", []string{"done: /unban bob"}},
		{"unban a key", []string{"unban", adminTestKey}, "/unban " + adminTestKey, []string{"done:"}},
		{"op", []string{"op", "carol"}, "/op carol", []string{"done: /op carol"}},
		{"deop", []string{"deop", "alice"}, "/deop alice", []string{"done: /deop alice"}},
		{"whitelist add", []string{"whitelist", "add", "dave"}, "/whitelist add dave", []string{"done: /whitelist add dave"}},
		{"whitelist remove", []string{"whitelist", "remove", "dave"}, "/whitelist remove dave", []string{"done:"}},
		{"whitelist on", []string{"whitelist", "on"}, "/whitelist on", []string{"done: /whitelist on"}},
		{"whitelist off", []string{"whitelist", "off"}, "/whitelist off", []string{"done: /whitelist off"}},
		{"whitelist", []string{"whitelist"}, "", []string{"whitelist is on; 1 listed", "carol"}},
		{"say", []string{"say", "restart", "in", "5", "minutes"}, "/say restart in 5 minutes", []string{"done: /say restart in 5 minutes"}},
		{"names release", []string{"names", "release", "bob"}, "/release bob", []string{"done: /release bob"}},
		{"bans", []string{"bans"}, "", []string{"NAME", "mallory", "no expiry", "console", "griefing"}},
		{"ops", []string{"ops"}, "", []string{"alice"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runAdminCmd(t, append([]string{"admin", "--admin", addr, "--token", token}, tc.args...)...)
			if err != nil {
				t.Fatalf("strata admin %q: %v\n%s", tc.args, err, out)
			}
			rest := out
			for _, want := range tc.out {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Fatalf("output %q lacks %q (in order %q)", out, want, tc.out)
				}
				rest = rest[i+len(want):]
			}
			lines := console.take()
			if tc.line == "" && len(lines) != 0 || tc.line != "" && (len(lines) != 1 || lines[0] != tc.line) {
				t.Fatalf("console ran %q, want %q", lines, tc.line)
			}
		})
	}
}

// TestAdminCommandErrors: refusals carry the listener's reason, and
// nothing runs.
func TestAdminCommandErrors(t *testing.T) {
	const token = "cli-token-6"
	console := &recordingConsole{}
	addr := startAdmin(t, token, console.run, openTestRegistry(t))
	t.Setenv("STRATA_ADMIN_TOKEN", "")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no token", []string{"admin", "--admin", addr, "kick", "bob"}, "give --token"},
		{"wrong token", []string{"admin", "--admin", addr, "--token", "nope", "ban", "bob"}, "refused the admin token"},
		{"bad name", []string{"admin", "--admin", addr, "--token", token, "kick", "bob!"}, "400 Bad Request"},
		{"bad duration", []string{"admin", "--admin", addr, "--token", token, "ban", "bob", "--for", "soon"}, "not a duration"},
		{"whitelist add without a name", []string{"admin", "--admin", addr, "--token", token, "whitelist", "add"}, "needs a player name"},
		{"whitelist bad action", []string{"admin", "--admin", addr, "--token", token, "whitelist", "toggle"}, "not add, remove, on or off"},
		{"kick without a name", []string{"admin", "--admin", addr, "--token", token, "kick"}, "requires at least 1 arg"},
		{"nobody listening", []string{"admin", "--admin", "127.0.0.1:1", "players"}, "is the server running"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runAdminCmd(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("strata %q: error %v, want one saying %q\n%s", tc.args, err, tc.want, out)
			}
			if lines := console.take(); len(lines) != 0 {
				t.Fatalf("a refused command ran %q", lines)
			}
		})
	}

	// The token comes from the environment when --token is not given.
	t.Setenv("STRATA_ADMIN_TOKEN", token)
	if out, err := runAdminCmd(t, "admin", "--admin", addr, "say", "hello"); err != nil || !strings.Contains(out, "done: /say hello") {
		t.Fatalf("token from STRATA_ADMIN_TOKEN: %v %q", err, out)
	}
}
