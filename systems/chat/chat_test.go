package chat_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/testkit"
)

// world is the real server (server.DefaultPlugins, deterministic, in
// memory) over testkit.Flat, fed by synthetic clients.
type world struct {
	t       testing.TB
	app     *ecs.App
	src     *network.QueueSource
	clients *network.Clients
	stats   *chat.Stats
	nextID  uint64
}

type player struct {
	id   uint64
	name string
	conn *testkit.FakeConn
	tick uint64 // last input tick sent
}

func newWorld(t testing.TB, extra ...ecs.Plugin) *world {
	t.Helper()
	cfg := server.Defaults()
	cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
	cfg.Admin, cfg.Listen = "", ""
	src := &network.QueueSource{}
	app := testkit.NewApp(t)
	app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), testkit.Spawn, src)...)
	app.AddPlugins(extra...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return &world{t: t, app: app, src: src, nextID: 1,
		clients: ecs.Resource[network.Clients](app), stats: ecs.Resource[chat.Stats](app)}
}

func (w *world) step(n int) {
	for range n {
		w.app.Step()
	}
}

// join connects a client (view distance 2) and steps until it is in.
func (w *world) join(name string) *player {
	w.t.Helper()
	p := &player{id: w.nextID, name: name, conn: &testkit.FakeConn{}}
	w.nextID++
	w.src.Push(network.InEvent{Kind: wire.Connected, ID: p.id, Conn: p.conn, Name: name, ViewDistance: 2})
	w.step(3)
	if _, ok := w.clients.Entity(p.id); !ok {
		w.t.Fatalf("%s was not admitted", name)
	}
	return p
}

func (w *world) leave(p *player) {
	w.src.Push(network.InEvent{Kind: wire.Disconnected, ID: p.id, Conn: p.conn})
}

func (w *world) msg(p *player, m *protocol.ClientMessage) {
	w.src.Push(network.InEvent{Kind: wire.Message, ID: p.id, Conn: p.conn, Msg: m})
}

// say queues a chat line from p for the next tick.
func (w *world) say(p *player, text string) {
	w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}})
}

// chatOf splits received messages into players' chat lines (checking
// each names its sender among from), system lines and error codes.
func chatOf(t *testing.T, ms []*protocol.ServerMessage, from ...*player) (lines, system []string, errs []protocol.ErrorCode) {
	t.Helper()
	for _, m := range ms {
		if c := m.GetChatBroadcast(); c != nil {
			if c.GetSystem() {
				if c.GetFromEntity() != 0 || c.GetFrom() != "" {
					t.Fatalf("system line %v names a sender", c)
				}
				system = append(system, c.GetText())
				continue
			}
			if !slices.ContainsFunc(from, func(p *player) bool { return p.id == c.GetFromEntity() && p.name == c.GetFrom() }) {
				t.Fatalf("chat from %d %q, want one of %d senders", c.GetFromEntity(), c.GetFrom(), len(from))
			}
			lines = append(lines, c.GetText())
		}
		if e := m.GetError(); e != nil {
			errs = append(errs, e.GetCode())
		}
	}
	return lines, system, errs
}

// TestChat checks the chat limits (the server's, the transport's
// defaults): an over-long line and the lines beyond the burst are refused
// with an error to their sender; the others go to everyone.
func TestChat(t *testing.T) {
	lim := wire.ChatLimits{}.WithDefaults()
	w := newWorld(t)
	a := w.join("alice")
	b := w.join("bob")
	a.conn.Take()
	b.conn.Take()
	want := []string{"hello"}
	w.say(a, "hello")
	w.say(a, strings.Repeat("x", lim.MaxLength+1))
	for i := 1; i < lim.Burst; i++ {
		w.say(a, fmt.Sprint("again ", i))
		want = append(want, fmt.Sprint("again ", i))
	}
	w.say(a, "one too many")
	w.step(1)
	wantErrs := []protocol.ErrorCode{protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, protocol.ErrorCode_ERROR_CODE_RATE_LIMITED}
	if got, sys, errs := chatOf(t, a.conn.Take(), a); !slices.Equal(got, want) || !slices.Equal(errs, wantErrs) || len(sys) != 0 {
		t.Fatalf("alice saw %q, system lines %q and errors %v; want %q and %v", got, sys, errs, want, wantErrs)
	}
	if got, sys, errs := chatOf(t, b.conn.Take(), a); !slices.Equal(got, want) || len(errs) != 0 || len(sys) != 0 {
		t.Fatalf("bob saw %q, system lines %q and errors %v", got, sys, errs)
	}
	if w.stats.Broadcast != uint64(lim.Burst) || w.stats.Refused != 2 || w.stats.Vetoed != 0 {
		t.Fatalf("chat stats %+v", w.stats)
	}
}

// shush is another plugin's rule on chat: it cancels, before the
// broadcast, every line in capitals, with reason.
type shush struct{ reason string }

func (shush) Name() string           { return "shush" }
func (shush) Dependencies() []string { return []string{chat.PluginName} }

func (s shush) Build(app *ecs.App) error {
	q := ecs.AddEvents[chat.Intent](app)
	app.AddSystem(ecs.Simulate, "shush", func(*ecs.Context) {
		for i := range q.Items() {
			if l := &q.Items()[i]; l.Text == strings.ToUpper(l.Text) {
				l.Cancel(s.reason)
			}
		}
	}, ecs.Before(chat.SystemBroadcast))
	return nil
}

func TestVetoedChat(t *testing.T) {
	tests := []struct {
		name, reason string
		system       []string // what the sender is told
	}{
		{name: "with a reason", reason: "no shouting", system: []string{"not sent: no shouting"}},
		{name: "silently", reason: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, shush{reason: tc.reason})
			a := w.join("alice")
			b := w.join("bob")
			a.conn.Take()
			b.conn.Take()
			w.say(a, "HELLO")
			w.say(a, "hello")
			w.step(1)
			if got, sys, errs := chatOf(t, a.conn.Take(), a); !slices.Equal(got, []string{"hello"}) || !slices.Equal(sys, tc.system) || len(errs) != 0 {
				t.Fatalf("alice saw %q, system lines %q, errors %v; want hello and %q", got, sys, errs, tc.system)
			}
			if got, sys, errs := chatOf(t, b.conn.Take(), a); !slices.Equal(got, []string{"hello"}) || len(sys) != 0 || len(errs) != 0 {
				t.Fatalf("bob saw %q, system lines %q, errors %v; want hello only", got, sys, errs)
			}
			if w.stats.Broadcast != 1 || w.stats.Vetoed != 1 || w.stats.Refused != 0 {
				t.Fatalf("chat stats %+v", w.stats)
			}
		})
	}
}

// TestChatDeterministic runs gameplay's determinism script (joins,
// moves, actions, a departure) with chat lines and commands, on the
// default plugins, twice, and requires every client to receive the same
// messages in the same order. In deterministic mode acknowledgements are
// released synchronously, so accepted actions' are compared too.
func TestChatDeterministic(t *testing.T) {
	run := func() map[uint64][]string {
		w := newWorld(t)
		ps := []*player{w.join("p0"), w.join("p1"), w.join("p2"), w.join("p3")}
		for tick := range 40 {
			for i, p := range ps {
				x := 0.5 + float64(i) + float64(tick)*0.1
				if tick == 7 && i == 1 {
					x += 5 // too fast
				}
				p.tick++
				w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{
					InputTick: p.tick, Position: protocol.V3(x, 64, 0.5+float64(i)), OnGround: true,
				}}})
				if tick%9 == i {
					w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{
						Pos: protocol.BP(int32(i), 63, 3), RequestId: uint32(tick)}}})
					w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_PlaceBlock{PlaceBlock: &protocol.PlaceBlock{
						Pos: protocol.BP(int32(i), 64, 4), Block: uint32(chunk.Dirt), RequestId: uint32(100 + tick)}}})
				}
				if tick%13 == i {
					w.say(p, fmt.Sprint("line ", tick))
				}
				if tick%11 == i {
					w.say(p, "/where")
				}
			}
			if tick == 20 {
				w.leave(ps[3])
			}
			w.step(1)
		}
		out := map[uint64][]string{}
		for _, p := range ps {
			for _, m := range p.conn.Take() {
				b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				out[p.id] = append(out[p.id], string(b))
			}
			for _, s := range p.conn.TakeStates() {
				out[p.id] = append(out[p.id], s.String())
			}
		}
		arb := ecs.Resource[gameplay.Arbitration](w.app)
		if arb.Moves[physics.TooFast] == 0 || arb.Actions[protocol.ActionResult_ACTION_RESULT_OK] == 0 || w.stats.Broadcast == 0 || w.stats.Vetoed == 0 {
			t.Fatalf("the script exercised too little: %+v, chat %+v", arb, w.stats)
		}
		return out
	}
	first, second := run(), run()
	if len(first) != len(second) {
		t.Fatalf("%d clients received messages the first time, %d the second", len(first), len(second))
	}
	for id, msgs := range first {
		if !slices.Equal(msgs, second[id]) {
			t.Fatalf("client %d: %d messages the first time, %d the second, or in another order", id, len(msgs), len(second[id]))
		}
	}
}

// benchConn is a client whose connection costs nothing: the broadcast's
// own work is what is measured. It grants no feature (no player states).
type benchConn struct{ sent int }

func (c *benchConn) Accept(wire.Admission) bool             { return true }
func (c *benchConn) Reject(protocol.ErrorCode, string) bool { return true }
func (c *benchConn) Send(*protocol.ServerMessage) bool      { c.sent++; return true }
func (c *benchConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (c *benchConn) SendEncoded(wire.Encoded) bool          { c.sent++; return true }
func (c *benchConn) SendDatagram(*protocol.Datagram) bool   { return true }
func (c *benchConn) Queued() wire.Queued                    { return wire.Queued{} }
func (c *benchConn) Close(protocol.ErrorCode, string)       {}
func (c *benchConn) HasFeature(string) bool                 { return false }

// BenchmarkBroadcast measures broadcast_chat with two lines a tick to
// every client (frames encoded once, shared), in the default plugins'
// schedule: one op is one tick, chat-ns/op is broadcast_chat's own time
// (engine timings) and msgs/op the lines queued.
func BenchmarkBroadcast(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			w := newWorld(b)
			for i := range n {
				w.src.Push(network.InEvent{Kind: wire.Connected, ID: uint64(i + 1), Conn: &benchConn{}, Name: fmt.Sprint("p", i), ViewDistance: 2})
			}
			w.step(n/128 + 10) // admitted, rosters sent
			if w.clients.Len() != n {
				b.Fatalf("%d of %d players admitted", w.clients.Len(), n)
			}
			line := func(id uint64, text string) network.InEvent {
				return network.InEvent{Kind: wire.Message, ID: id, Msg: &protocol.ClientMessage{
					Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}}}
			}
			var spent time.Duration
			before := w.stats.Broadcast
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				from := w.app.Tick() % uint64(n/2) * 2 // every sender well within its rate
				w.src.Push(line(from+1, "hello there"))
				w.src.Push(line(from+2, "general kenobi"))
				w.app.Step()
				w.app.Timings().EachLast(func(name string, _ ecs.Stage, _ uint64, last time.Duration) {
					if name == chat.SystemBroadcast {
						spent += last
					}
				})
			}
			b.StopTimer()
			if got := w.stats.Broadcast - before; got != uint64(2*b.N) {
				b.Fatalf("%d lines broadcast in %d ticks, want 2 a tick", got, b.N)
			}
			b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "chat-ns/op")
			b.ReportMetric(float64(2*n), "msgs/op")
		})
	}
}
