package commands_test

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// closing is a FakeConn that also records how it was closed (a kick).
type closing struct {
	*testkit.FakeConn
	mu     sync.Mutex
	closes []closed
}

type closed struct {
	code   protocol.ErrorCode
	reason string
}

func newConn() *closing { return &closing{FakeConn: &testkit.FakeConn{}} }

func (c *closing) Close(code protocol.ErrorCode, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closes = append(c.closes, closed{code, reason})
}

func (c *closing) closed() []closed {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.closes)
}

// systemLines returns and forgets the system chat lines c received.
func (c *closing) systemLines() []string {
	_, sys := chatOf(c.Take())
	return sys
}

// member is a player of the harness.
type member struct {
	id   uint64
	name string
	key  ed25519.PublicKey
	conn *closing
}

// harness is the real server (server.DefaultPlugins, deterministic) with
// alice (an operator), bob and carol connected, their names bound to
// their keys as their logins would have, and the console.
type harness struct {
	t       *testing.T
	app     *ecs.App
	src     *network.QueueSource
	reg     *access.Registry
	players map[string]*member
	console *closing
}

// keyOf is a fixed key per name.
func keyOf(name string) ed25519.PublicKey {
	seed := make([]byte, ed25519.SeedSize)
	copy(seed, name)
	return ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey)
}

// newHarness builds the world in dir (on disk when dir is not empty).
func newHarness(t *testing.T, dir string) *harness {
	t.Helper()
	cfg := server.Defaults()
	cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
	if dir != "" {
		cfg.DataDir, cfg.InMemory = dir, false
	}
	cfg.Admin, cfg.Listen = "", ""
	src := &network.QueueSource{}
	app := testkit.NewApp(t)
	app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), spawn, src)...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, app: app, src: src, reg: ecs.Resource[access.Registry](app), players: map[string]*member{}, console: newConn()}
	for i, name := range []string{"alice", "bob", "carol"} {
		m := &member{id: uint64(i + 1), name: name, key: keyOf(name), conn: newConn()}
		if err := h.reg.Authenticate(context.Background(), wire.Login{Name: name, Key: m.key}); err != nil {
			t.Fatal(err)
		}
		h.players[name] = m
		src.Push(network.InEvent{Kind: wire.Connected, ID: m.id, Conn: m.conn, Name: name, ViewDistance: 2})
	}
	h.step(3)
	clients := ecs.Resource[network.Clients](app)
	for _, m := range h.players {
		if _, ok := clients.Entity(m.id); !ok {
			t.Fatalf("%s not admitted", m.name)
		}
		m.conn.Take()
	}
	if _, err := h.reg.SetOperator("alice", true); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) step(n int) {
	for range n {
		h.app.Step()
	}
}

// line queues a chat line from a player, or from the console when from
// is "console".
func (h *harness) line(from, text string) {
	msg := &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}}
	if from == "console" {
		h.src.Push(network.InEvent{Kind: wire.Message, ID: network.ConsoleID, Conn: h.console, Msg: msg})
		return
	}
	m := h.players[from]
	h.src.Push(network.InEvent{Kind: wire.Message, ID: m.id, Conn: m.conn, Msg: msg})
}

// conn returns the connection of the named player or the console.
func (h *harness) conn(name string) *closing {
	if name == "console" {
		return h.console
	}
	return h.players[name].conn
}

func (h *harness) entity(name string) ecs.Entity {
	e, ok := ecs.Resource[network.Clients](h.app).Entity(h.players[name].id)
	if !ok {
		h.t.Fatalf("%s is not connected", name)
	}
	return e
}

func (h *harness) position(name string) components.Position {
	m := generic.NewMap1[components.Position](h.app.World())
	return *m.Get(h.entity(name))
}

// state is what the commands may change in the registry.
type state struct {
	ops, listed []string
	bans        []access.Ban
	whitelist   bool
	bound       map[string]bool
}

func (h *harness) state() state {
	s := state{ops: h.reg.Operators(), listed: h.reg.Listed(), bans: h.reg.Bans(), whitelist: h.reg.WhitelistOn(), bound: map[string]bool{}}
	for name := range h.players {
		_, s.bound[name] = h.reg.Binding(name)
	}
	return s
}

func (s state) equal(o state) bool {
	return slices.Equal(s.ops, o.ops) && slices.Equal(s.listed, o.listed) && slices.Equal(s.bans, o.bans) &&
		s.whitelist == o.whitelist && len(s.bound) == len(o.bound) && func() bool {
		for k, v := range s.bound {
			if o.bound[k] != v {
				return false
			}
		}
		return true
	}()
}

// TestOrdinaryPlayerRefused: an ordinary player running an operator
// command is told it has no permission, and nothing happens: the
// registry, everyone's position and connection are as they were, and
// nobody else hears of it.
func TestOrdinaryPlayerRefused(t *testing.T) {
	for _, tc := range []struct{ line, reply string }{
		{"/kick alice", "you do not have permission to run /kick"},
		{"/kick alice because", "you do not have permission to run /kick"},
		{"/ban alice 1h spite", "you do not have permission to run /ban"},
		{"/ban " + hex.EncodeToString(keyOf("alice")), "you do not have permission to run /ban"},
		{"/unban carol", "you do not have permission to run /unban"},
		{"/op bob", "you do not have permission to run /op"},
		{"/deop alice", "you do not have permission to run /deop"},
		{"/whitelist", "you do not have permission to run /whitelist"},
		{"/whitelist on", "you do not have permission to run /whitelist"},
		{"/whitelist add bob", "you do not have permission to run /whitelist"},
		{"/say hello", "you do not have permission to run /say"},
		{"/release alice", "you do not have permission to run /release"},
		{"/tp alice", "you do not have permission to run /tp PLAYER"},
		{"/tp alice 8.5 64 8.5", "you do not have permission to run /tp PLAYER"},
		{"/KICK alice", "you do not have permission to run /kick"},
		{"/fill 0 60 0 1 61 1 stone", "you do not have permission to run /fill"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			h := newHarness(t, "")
			if err := h.reg.Ban(access.Ban{Name: "carol", Reason: "test"}); err != nil {
				t.Fatal(err)
			}
			before := h.state()
			at := map[string]components.Position{}
			for name := range h.players {
				at[name] = h.position(name)
			}
			h.line("bob", tc.line)
			h.step(1)
			if got := h.conn("bob").systemLines(); !slices.Equal(got, []string{tc.reply}) {
				t.Fatalf("bob was told %q, want %q", got, tc.reply)
			}
			if after := h.state(); !after.equal(before) {
				t.Fatalf("the registry changed: %+v -> %+v", before, after)
			}
			for name, m := range h.players {
				if c := m.conn.closed(); len(c) != 0 {
					t.Errorf("%s was closed: %v", name, c)
				}
				if p := h.position(name); p != at[name] {
					t.Errorf("%s moved from %+v to %+v", name, at[name], p)
				}
				if name != "bob" {
					if lines, sys := chatOf(m.conn.Take()); len(lines) != 0 || len(sys) != 0 {
						t.Errorf("%s heard %q and %q of bob's command", name, lines, sys)
					}
				}
			}
		})
	}
}

// TestOperatorCommands runs each operator command from alice (an
// operator) or the console and checks the reply and what it did.
func TestOperatorCommands(t *testing.T) {
	carolKey := hex.EncodeToString(keyOf("carol"))
	kicked := func(name string, want ...closed) func(*testing.T, *harness) {
		return func(t *testing.T, h *harness) {
			for n, m := range h.players {
				got := m.conn.closed()
				if n != name {
					if len(got) != 0 {
						t.Errorf("%s was closed: %v", n, got)
					}
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s was closed %v, want %v", n, got, want)
				}
			}
		}
	}
	nobodyKicked := kicked("")
	// banned checks the one ban in force and that it was made just now.
	banned := func(want access.Ban, d time.Duration) func(*testing.T, *harness, time.Time, time.Time) {
		return func(t *testing.T, h *harness, before, after time.Time) {
			bans := h.reg.Bans()
			if len(bans) != 1 {
				t.Fatalf("bans %+v, want one", bans)
			}
			b := bans[0]
			if b.Name != want.Name || b.Key != want.Key || b.Reason != want.Reason || b.By != want.By {
				t.Errorf("ban %+v, want %+v", b, want)
			}
			if d == 0 && !b.Until.IsZero() {
				t.Errorf("ban until %v, want forever", b.Until)
			}
			if d > 0 && (b.Until.Before(before.Add(d).Truncate(time.Second)) || b.Until.After(after.Add(d))) {
				t.Errorf("ban until %v, want %v after it was made (%v..%v)", b.Until, d, before, after)
			}
		}
	}
	tests := []struct {
		name  string
		setup func(*harness)
		from  string
		line  string
		// told is every system line the sender gets (the reply last).
		told  []string
		check func(*testing.T, *harness)
		// bans checks the bans, given when the command ran.
		bans func(*testing.T, *harness, time.Time, time.Time)
	}{
		{name: "kick", from: "alice", line: "/kick bob", told: []string{"kicked bob"},
			check: kicked("bob", closed{protocol.ErrorCode_ERROR_CODE_KICKED, "kicked by an operator"})},
		{name: "kick with a reason", from: "alice", line: "/kick BOB spamming the chat", told: []string{"kicked bob: spamming the chat"},
			check: kicked("bob", closed{protocol.ErrorCode_ERROR_CODE_KICKED, "spamming the chat"})},
		{name: "kick from the console", from: "console", line: "/kick carol", told: []string{"kicked carol"},
			check: kicked("carol", closed{protocol.ErrorCode_ERROR_CODE_KICKED, "kicked by an operator"})},
		{name: "kick nobody", from: "alice", line: "/kick dave", told: []string{"/kick: dave is not online"}, check: nobodyKicked},
		{name: "kick without a name", from: "alice", line: "/kick", told: []string{"usage: /kick PLAYER [REASON]"}, check: nobodyKicked},
		{name: "ban for a while", from: "alice", line: "/ban bob 12h griefing", told: []string{"banned bob for 12h: griefing"},
			check: kicked("bob", closed{protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned for 12h: griefing"}),
			bans:  banned(access.Ban{Name: "bob", Key: hex.EncodeToString(keyOf("bob")), Reason: "griefing", By: "alice"}, 12*time.Hour)},
		{name: "ban for good", from: "console", line: "/ban bob", told: []string{"banned bob"},
			check: kicked("bob", closed{protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned"}),
			bans:  banned(access.Ban{Name: "bob", Key: hex.EncodeToString(keyOf("bob")), By: "console"}, 0)},
		{name: "ban with a reason only", from: "alice", line: "/ban bob you know why", told: []string{"banned bob: you know why"},
			check: kicked("bob", closed{protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned: you know why"}),
			bans:  banned(access.Ban{Name: "bob", Key: hex.EncodeToString(keyOf("bob")), Reason: "you know why", By: "alice"}, 0)},
		{name: "ban a key", from: "alice", line: "/ban " + carolKey + " 1d12h", told: []string{"banned " + carolKey + " for 1d12h (disconnected carol)"},
			check: kicked("carol", closed{protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned for 1d12h"}),
			bans:  banned(access.Ban{Key: carolKey, By: "alice"}, 36*time.Hour)},
		{name: "ban someone offline", from: "alice", line: "/ban dave 30m", told: []string{"banned dave for 30m"}, check: nobodyKicked,
			bans: banned(access.Ban{Name: "dave", By: "alice"}, 30*time.Minute)},
		{name: "ban a bad name", from: "alice", line: "/ban no.body", told: []string{`/ban: "no.body" is neither a player name nor a key (64 hex digits)`},
			check: nobodyKicked, bans: func(t *testing.T, h *harness, _, _ time.Time) {
				if b := h.reg.Bans(); len(b) != 0 {
					t.Errorf("bans %+v", b)
				}
			}},
		{name: "unban", from: "alice", line: "/unban dave", told: []string{"unbanned dave"},
			setup: func(h *harness) {
				if err := h.reg.Ban(access.Ban{Name: "dave"}); err != nil {
					h.t.Fatal(err)
				}
			},
			bans: func(t *testing.T, h *harness, _, _ time.Time) {
				if b := h.reg.Bans(); len(b) != 0 {
					t.Errorf("bans %+v after the unban", b)
				}
			}},
		{name: "unban someone not banned", from: "alice", line: "/unban dave", told: []string{"/unban: dave is not banned"}},
		{name: "op", from: "alice", line: "/op bob", told: []string{"bob is now an operator"},
			check: func(t *testing.T, h *harness) {
				if !h.reg.IsOperator("bob") {
					t.Error("bob is not an operator")
				}
				if got := h.conn("bob").systemLines(); !slices.Equal(got, []string{"you are now an operator"}) {
					t.Errorf("bob was told %q", got)
				}
			}},
		{name: "op an operator", from: "alice", line: "/op Alice", told: []string{"Alice is already an operator"}},
		{name: "deop", from: "console", line: "/deop alice", told: []string{"alice is no longer an operator"},
			check: func(t *testing.T, h *harness) {
				if h.reg.IsOperator("alice") || len(h.reg.Operators()) != 0 {
					t.Errorf("operators %q", h.reg.Operators())
				}
				if got := h.conn("alice").systemLines(); !slices.Equal(got, []string{"you are no longer an operator"}) {
					t.Errorf("alice was told %q", got)
				}
			}},
		{name: "deop a player", from: "alice", line: "/deop bob", told: []string{"bob is not an operator"}},
		{name: "whitelist on", from: "alice", line: "/whitelist on", told: []string{"the whitelist is now on"},
			check: func(t *testing.T, h *harness) {
				if !h.reg.WhitelistOn() {
					t.Error("the whitelist is off")
				}
				kicked("")(t, h) // it applies to logins, not to who is here
			}},
		{name: "whitelist off", from: "alice", line: "/whitelist off", told: []string{"the whitelist is already off"}},
		{name: "whitelist add", from: "alice", line: "/whitelist add dave", told: []string{"added dave to the whitelist"},
			check: func(t *testing.T, h *harness) {
				if got := h.reg.Listed(); !slices.Equal(got, []string{"dave"}) {
					t.Errorf("listed %q", got)
				}
			}},
		{name: "whitelist remove", from: "alice", line: "/whitelist remove dave", told: []string{"dave is not on the whitelist"}},
		{name: "whitelist list", from: "console", line: "/whitelist", told: []string{"the whitelist is off; listed (2): bob, carol"},
			setup: func(h *harness) {
				for _, n := range []string{"carol", "bob"} {
					if _, err := h.reg.Whitelist(n, true); err != nil {
						h.t.Fatal(err)
					}
				}
			}},
		{name: "whitelist nonsense", from: "alice", line: "/whitelist maybe", told: []string{"usage: /whitelist [add|remove PLAYER | on | off]"}},
		{name: "tp to a player", from: "alice", line: "/tp bob", told: []string{"teleported to bob"},
			setup: func(h *harness) {
				e := h.entity("bob")
				h.app.Commands().Do(func(w *ecs.World) {
					gameplay.Teleport(w, h.app.Tick(), e, components.Position{X: 20.5, Y: 64, Z: -3.5})
				})
				h.step(1)
			},
			check: func(t *testing.T, h *harness) {
				if p := h.position("alice"); p != (components.Position{X: 20.5, Y: 64, Z: -3.5}) {
					t.Errorf("alice is at %+v", p)
				}
			}},
		{name: "tp a player", from: "alice", line: "/tp bob 8.5 64 8.5", told: []string{"teleported bob to 8.5 64.0 8.5"},
			check: func(t *testing.T, h *harness) {
				if p := h.position("bob"); p != (components.Position{X: 8.5, Y: 64, Z: 8.5}) {
					t.Errorf("bob is at %+v", p)
				}
				if p := h.position("alice"); p != spawn {
					t.Errorf("alice is at %+v", p)
				}
			}},
		{name: "tp a player from the console", from: "console", line: "/tp carol 1.5 70 1.5", told: []string{"teleported carol to 1.5 70.0 1.5"},
			check: func(t *testing.T, h *harness) {
				if p := h.position("carol"); p != (components.Position{X: 1.5, Y: 70, Z: 1.5}) {
					t.Errorf("carol is at %+v", p)
				}
			}},
		{name: "tp the console", from: "console", line: "/tp 1 64 1", told: []string{"/tp: the console has no position (try /tp PLAYER X Y Z)"}},
		{name: "tp nobody", from: "alice", line: "/tp dave", told: []string{"/tp: dave is not online"}},
		{name: "say", from: "alice", line: "/say hello   all", told: []string{"[alice] hello all"},
			check: func(t *testing.T, h *harness) {
				for _, n := range []string{"bob", "carol"} {
					if got := h.conn(n).systemLines(); !slices.Equal(got, []string{"[alice] hello all"}) {
						t.Errorf("%s heard %q", n, got)
					}
				}
			}},
		{name: "console line", from: "console", line: "the server restarts soon", told: []string{"[server] the server restarts soon"},
			check: func(t *testing.T, h *harness) {
				for n := range h.players {
					if got := h.conn(n).systemLines(); !slices.Equal(got, []string{"[server] the server restarts soon"}) {
						t.Errorf("%s heard %q", n, got)
					}
				}
			}},
		{name: "release", from: "alice", line: "/release bob", told: []string{"released bob: the next login with that name binds its key"},
			check: func(t *testing.T, h *harness) {
				if _, ok := h.reg.Binding("bob"); ok {
					t.Error("bob is still bound")
				}
				if _, ok := h.reg.Binding("carol"); !ok {
					t.Error("carol was released too")
				}
			}},
		{name: "release a name never used", from: "alice", line: "/release dave", told: []string{"/release: dave is not bound to a key"}},
		{name: "help for an operator", from: "alice", line: "/help", told: []string{"commands: /ban PLAYER|KEYHEX [DURATION] [REASON], /deop PLAYER, /fill X1 Y1 Z1 X2 Y2 Z2 BLOCK, /help, " +
			"/kick PLAYER [REASON], /op PLAYER, /release PLAYER, /say TEXT, /tp X Y Z | /tp PLAYER [X Y Z], /unban PLAYER|KEYHEX, /where, " +
			"/whitelist [add|remove PLAYER | on | off]"}},
		{name: "help for a player", from: "bob", line: "/help", told: []string{"commands: /help, /tp X Y Z | /tp PLAYER [X Y Z], /where"}},
		{name: "fill without a block", from: "alice", line: "/fill 0 60 0 1 61 1", told: []string{"usage: /fill X1 Y1 Z1 X2 Y2 Z2 BLOCK"}},
		{name: "fill not a number", from: "alice", line: "/fill 0 6.5 0 1 61 1 stone", told: []string{`/fill: "6.5" is not a whole number`}},
		{name: "fill unknown block", from: "alice", line: "/fill 0 60 0 1 61 1 cheese", told: []string{`/fill: no block "cheese"`}},
		{name: "fill too big", from: "alice", line: "/fill 0 0 0 32 31 31 stone", told: []string{"/fill: 33792 blocks, more than 32768"}},
		{name: "fill above the world", from: "alice", line: "/fill 0 300 0 1 320 1 stone", told: []string{"/fill: outside the world (y -64..319)"}},
		{name: "where from the console", from: "console", line: "/where", told: []string{"/where: the console has no position"}},
		{name: "unknown from the console", from: "console", line: "/dance", told: []string{"unknown command /dance (try /help)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, "")
			if tc.setup != nil {
				tc.setup(h)
			}
			for _, m := range h.players {
				m.conn.Take()
			}
			before := time.Now()
			h.line(tc.from, tc.line)
			h.step(1)
			after := time.Now()
			if got := h.conn(tc.from).systemLines(); !slices.Equal(got, tc.told) {
				t.Fatalf("%s was told %q, want %q", tc.from, got, tc.told)
			}
			if tc.check != nil {
				tc.check(t, h)
			}
			if tc.bans != nil {
				tc.bans(t, h, before, after)
			}
		})
	}
}

// TestBanIsDurable bans through the command on a world on disk and finds
// the ban in the registry reopened from the same database.
func TestBanIsDurable(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, dir)
	h.line("alice", "/ban bob 7d griefing")
	h.step(1)
	if err := h.app.Shutdown(); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reg, err := access.Open(db, access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bans := reg.Bans()
	if len(bans) != 1 || bans[0].Name != "bob" || bans[0].Reason != "griefing" || bans[0].Key != hex.EncodeToString(keyOf("bob")) ||
		bans[0].Until.Sub(bans[0].At) != 7*24*time.Hour {
		t.Fatalf("reopened registry has bans %+v", bans)
	}
	if !reg.IsOperator("alice") {
		t.Error("alice is no longer an operator")
	}
	if _, ok := reg.Banned("someone-else", keyOf("bob")); !ok {
		t.Error("bob's key is not banned")
	}
	if !strings.Contains(bans[0].By, "alice") {
		t.Errorf("ban by %q", bans[0].By)
	}
}

// TestConsoleIDIsNotAClient: a client claiming the console's id is
// refused, and only chat lines come from the console.
func TestConsoleIDIsNotAClient(t *testing.T) {
	h := newHarness(t, "")
	impostor := &testkit.FakeConn{}
	h.src.Push(network.InEvent{Kind: wire.Connected, ID: network.ConsoleID, Conn: impostor, Name: "console", ViewDistance: 2})
	h.src.Push(network.InEvent{Kind: wire.Message, ID: network.ConsoleID, Conn: h.console, Msg: &protocol.ClientMessage{
		Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 3}}}})
	h.step(3)
	if impostor.Admitted || impostor.Rejected != protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION {
		t.Fatalf("client with the console's id: admitted %v, rejected %v", impostor.Admitted, impostor.Rejected)
	}
	if n := ecs.Resource[network.Clients](h.app).Len(); n != 3 {
		t.Fatalf("%d clients", n)
	}
	if got := h.console.Take(); len(got) != 0 {
		t.Fatalf("the console was sent %v for a message that is not a line", got)
	}
}

// TestFill: an operator's /fill of a box across a section border sets
// every block once its sections are resident, a tick's worth at a time,
// and answers when done; a second fill with the same block changes
// nothing.
func TestFill(t *testing.T) {
	h := newHarness(t, "")
	for i, want := range []string{"filled 1200 blocks with stone (1200 changed)", "filled 1200 blocks with stone (0 changed)"} {
		h.conn("alice").Take()
		h.line("alice", "/fill 10 100 -3 29 105 6 stone")
		var told []string
		for range 200 {
			h.step(1)
			if told = h.conn("alice").systemLines(); len(told) > 0 {
				break
			}
		}
		if !slices.Equal(told, []string{want}) {
			t.Fatalf("fill %d: told %q, want %q", i, told, want)
		}
	}
	store := ecs.Resource[resources.ChunkStore](h.app)
	for _, b := range [][3]int{{10, 100, -3}, {29, 105, 6}, {16, 102, 0}} {
		if got, ok := store.Block(b[0], b[1], b[2]); !ok || got != chunk.Stone {
			t.Errorf("block %v is %v (resident %v), want stone", b, got, ok)
		}
	}
}
