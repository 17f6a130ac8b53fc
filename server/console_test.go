package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// consoleServer is a headless server (no QUIC, no admin listener) whose
// clients are synthetic, fed through the transport's place in the
// server's sources; the test steps its App itself.
func consoleServer(t *testing.T, cfg Config) (*Server, *network.QueueSource) {
	t.Helper()
	cfg.Listen, cfg.Admin = "", ""
	cfg.Deterministic = true
	srv, err := New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.shutdown(); err != nil {
			t.Error(err)
		}
	})
	q := &network.QueueSource{}
	srv.source.set(q)
	return srv, q
}

// runConsole runs line on srv's console while the test steps the App,
// as the tick loop would, and returns the reply.
func runConsole(t *testing.T, srv *Server, line string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	type result struct {
		reply string
		err   error
	}
	done := make(chan result, 1)
	go func() {
		r, err := srv.Console().Run(ctx, line)
		done <- result{r, err}
	}()
	for {
		select {
		case r := <-done:
			if r.err != nil {
				t.Fatalf("console %q: %v", line, r.err)
			}
			return r.reply
		default:
			srv.App().Step()
		}
	}
}

// TestConsoleRun runs console lines through the tick: each Run returns
// its own line's reply, also when many run at once; a Run whose context
// ends first leaves the next line's reply to the next line; a stopped
// server's console refuses.
func TestConsoleRun(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir, cfg.InMemory, cfg.SpawnRadius = t.TempDir(), true, 1
	srv, _ := consoleServer(t, cfg)
	for _, tc := range []struct{ line, reply string }{
		{"/op alice", "alice is now an operator"},
		{"/op alice", "alice is already an operator"},
		{"  /deop nobody ", "nobody is not an operator"},
		{"hello, world", "[server] hello, world"},
		{"/whitelist add bob", "added bob to the whitelist"},
		{"/whitelist", "the whitelist is off; listed (1): bob"},
		{"/nonsense", "unknown command /nonsense (try /help)"},
	} {
		if got := runConsole(t, srv, tc.line); got != tc.reply {
			t.Errorf("console %q: reply %q, want %q", tc.line, got, tc.reply)
		}
	}
	if ops := srv.Access().Operators(); !slices.Equal(ops, []string{"alice"}) {
		t.Errorf("operators %q", ops)
	}

	// Many at once, answered first in, first out.
	const n = 20
	replies := make([]string, n)
	var wg sync.WaitGroup
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := srv.Console().Run(ctx, fmt.Sprintf("/op p%d", i))
			if err != nil {
				r = err.Error()
			}
			replies[i] = r
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	for waiting := true; waiting; {
		select {
		case <-finished:
			waiting = false
		default:
			srv.App().Step()
		}
	}
	for i, r := range replies {
		if want := fmt.Sprintf("p%d is now an operator", i); r != want {
			t.Errorf("line %d: reply %q, want %q", i, r, want)
		}
	}

	// A line whose caller gave up still runs; its reply is not handed
	// to the next line.
	gone, stop := context.WithCancel(context.Background())
	stop()
	if _, err := srv.Console().Run(gone, "/op carol"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run with a cancelled context: %v", err)
	}
	if got := runConsole(t, srv, "/deop carol"); got != "carol is no longer an operator" {
		t.Errorf("the line after an abandoned one got %q", got)
	}
	if _, err := srv.Console().Run(ctx, strings.Repeat("x", MaxConsoleLine+1)); err == nil {
		t.Error("an over-long line was accepted")
	}

	if err := srv.shutdown(); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Console().Run(ctx, "/op dave"); !errors.Is(err, ErrConsoleClosed) {
		t.Errorf("Run after shutdown: %v", err)
	}
}

// kickConn is a client connection that records how it was closed.
type kickConn struct {
	*testkit.FakeConn
	mu     sync.Mutex
	closes []protocol.ErrorCode
}

func (c *kickConn) Close(code protocol.ErrorCode, _ string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closes = append(c.closes, code)
}

func (c *kickConn) closed() []protocol.ErrorCode {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.closes)
}

// TestRecordConsoleAndKick records a session in which the console makes
// alice an operator, bob's /kick is refused and alice's kicks bob; the
// recording holds the console's line like a client's message, and its
// replay reproduces every tick's hash (what the console and each player
// were told included).
func TestRecordConsoleAndKick(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir, cfg.SpawnRadius, cfg.MaxViewDistance = t.TempDir(), 1, 2
	cfg.Record, cfg.RecordHashes = filepath.Join(t.TempDir(), "moderation.strata"), true
	srv, q := consoleServer(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.loadSpawn(ctx); err != nil {
		t.Fatal(err)
	}
	// No features: a replayed client has those its Connected event
	// recorded, and these events record none.
	alice, bob := &kickConn{FakeConn: &testkit.FakeConn{Features: []string{}}}, &kickConn{FakeConn: &testkit.FakeConn{Features: []string{}}}
	q.Push(network.InEvent{Kind: wire.Connected, ID: 1, Conn: alice, Name: "alice", ViewDistance: 2})
	q.Push(network.InEvent{Kind: wire.Connected, ID: 2, Conn: bob, Name: "bob", ViewDistance: 2})
	clients := ecs.Resource[network.Clients](srv.App())
	for i := 0; clients.Len() < 2; i++ {
		if i > 100 {
			t.Fatal("players not admitted")
		}
		srv.App().Step()
	}
	if got := runConsole(t, srv, "/op alice"); got != "alice is now an operator" {
		t.Fatalf("console /op: %q", got)
	}
	say := func(id uint64, c *kickConn, text string) {
		q.Push(network.InEvent{Kind: wire.Message, ID: id, Conn: c, Msg: &protocol.ClientMessage{
			Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}}})
	}
	say(2, bob, "/kick alice")
	srv.App().Step()
	if c := alice.closed(); len(c) != 0 {
		t.Fatalf("bob's /kick closed alice: %v", c)
	}
	say(1, alice, "/kick bob")
	srv.App().Step()
	if c := bob.closed(); !slices.Equal(c, []protocol.ErrorCode{protocol.ErrorCode_ERROR_CODE_KICKED}) {
		t.Fatalf("bob was closed with %v, want KICKED", c)
	}
	// The transport reports the closed connection gone.
	q.Push(network.InEvent{Kind: wire.Disconnected, ID: 2, Conn: bob, Code: protocol.ErrorCode_ERROR_CODE_KICKED})
	for range 5 {
		srv.App().Step()
	}
	if clients.Len() != 1 {
		t.Fatalf("%d players connected, want alice alone", clients.Len())
	}
	if err := srv.shutdown(); err != nil {
		t.Fatal(err)
	}

	rec := readRecording(t, cfg.Record)
	var consoleLines []string
	for _, e := range rec.Events {
		if e.Client == network.ConsoleID {
			consoleLines = append(consoleLines, e.Msg.GetChat().GetText())
		}
	}
	if !slices.Equal(consoleLines, []string{"/op alice"}) {
		t.Fatalf("recorded console lines %q", consoleLines)
	}
	first, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if first.Mismatch != nil {
		t.Fatalf("%v: recorded %+v, replayed %+v", first.Mismatch, first.Mismatch.Want, first.Mismatch.Got)
	}
	second, err := ReplayFile(cfg.Record, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if first.Final != second.Final || first.Ticks != second.Ticks {
		t.Fatalf("two replays end differently: %+v vs %+v", first, second)
	}
}

// TestAuthIssuerKeyRequired: a server asked to check tokens against an
// issuer key it cannot read refuses to start.
func TestAuthIssuerKeyRequired(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "issuer.pem")
	if err := os.WriteFile(bad, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(t.TempDir(), "missing.pem"), bad} {
		cfg := Defaults()
		cfg.DataDir, cfg.InMemory, cfg.Listen, cfg.Admin = t.TempDir(), true, "", ""
		cfg.AuthIssuerKey = path
		srv, err := New(cfg, zerolog.Nop())
		if err == nil {
			srv.Close()
			t.Fatalf("New with issuer key %s succeeded", path)
		}
		if !strings.Contains(err.Error(), "auth-issuer-key") {
			t.Errorf("error %q does not name the setting", err)
		}
	}
}

// TestRecordKeepsLoginBindings: a name bound by its login during a
// recording (trust on first use, in the handshake, which is not recorded)
// is bound in the replay too, so a command that reads the binding
// (/release here) answers the same.
func TestRecordKeepsLoginBindings(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir, cfg.SpawnRadius, cfg.MaxViewDistance = t.TempDir(), 1, 2
	cfg.Record, cfg.RecordHashes = filepath.Join(t.TempDir(), "bindings.strata"), true
	srv, q := consoleServer(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.loadSpawn(ctx); err != nil {
		t.Fatal(err)
	}
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	// What the transport's handshake does before the tick hears of alice.
	if err := srv.Access().TOFU().Authenticate(ctx, wire.Login{Name: "alice", Key: pub}); err != nil {
		t.Fatal(err)
	}
	alice := &kickConn{FakeConn: &testkit.FakeConn{Features: []string{}}}
	q.Push(network.InEvent{Kind: wire.Connected, ID: 1, Conn: alice, Name: "alice", ViewDistance: 2, Key: pub})
	clients := ecs.Resource[network.Clients](srv.App())
	for i := 0; clients.Len() < 1; i++ {
		if i > 100 {
			t.Fatal("alice not admitted")
		}
		srv.App().Step()
	}
	if got := runConsole(t, srv, "/release alice"); !strings.HasPrefix(got, "released alice") {
		t.Fatalf("console /release: %q", got)
	}
	srv.App().Step()
	if err := srv.shutdown(); err != nil {
		t.Fatal(err)
	}
	res, err := ReplayFile(cfg.Record, ReplayOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mismatch != nil {
		t.Fatalf("%v: recorded %+v, replayed %+v", res.Mismatch, res.Mismatch.Want, res.Mismatch.Got)
	}
}
