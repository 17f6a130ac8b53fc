package transport_test

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// memHarness is a transport.Server without sockets plus a fake tick, as
// harness is for QUIC: every session is an in-memory Pipe served by
// Server.ServeSession.
type memHarness struct {
	t   *testing.T
	srv *transport.Server
	*nettest.EventLog

	// onConnected runs on the tick for each Connected event, after Accept.
	onConnected func(c *transport.Client)
	// onEvent runs on the tick for every event, after onConnected.
	onEvent func(ev transport.Event)

	sessions sync.WaitGroup // ServeSession calls
	stop     chan struct{}
	done     chan struct{}
	once     sync.Once
}

func newMemHarness(t *testing.T, mod func(*transport.Config)) *memHarness {
	t.Helper()
	testkit.CheckNoLeaks(t)
	cfg := transport.Config{Log: nettest.Logger(t), World: transport.WorldInfo{Seed: 42, GeneratorVersion: 3}}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := transport.NewSessionServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := &memHarness{t: t, srv: srv, EventLog: nettest.NewEventLog(t), stop: make(chan struct{}), done: make(chan struct{})}
	go h.tick()
	t.Cleanup(h.close)
	return h
}

func (h *memHarness) tick() {
	defer close(h.done)
	var buf []transport.Event
	tk := time.NewTicker(5 * time.Millisecond)
	defer tk.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-tk.C:
		}
		buf = h.srv.Inbox().Drain(buf[:0])
		for _, ev := range buf {
			h.Record(ev)
			if ev.Kind == wire.Connected {
				ev.Client.Accept(wire.Admission{EntityID: 1000 + uint64(ev.ID), X: 0.5, Y: 80, Z: 0.5, Tick: 7, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
				if h.onConnected != nil {
					h.onConnected(ev.Client)
				}
			}
			if h.onEvent != nil {
				h.onEvent(ev)
			}
		}
	}
}

// close shuts the server (closing every session with SHUTDOWN) and waits
// for the tick and every ServeSession.
func (h *memHarness) close() {
	h.once.Do(func() {
		if err := h.srv.Close(); err != nil {
			h.t.Errorf("server Close: %v", err)
		}
		h.sessions.Wait()
		close(h.stop)
		<-h.done
	})
}

// pipe makes a session and has the server serve its server end.
func (h *memHarness) pipe(cfg transport.PipeConfig) *transport.PipeEnd {
	srvEnd, cliEnd := transport.Pipe(cfg)
	h.sessions.Add(1)
	go func() {
		defer h.sessions.Done()
		h.srv.ServeSession(srvEnd)
	}()
	return cliEnd
}

// open runs the Go client over a fresh pipe.
func (h *memHarness) open(name string, opts client.Options) (*client.Conn, error) {
	h.t.Helper()
	opts.Name = name
	opts.Log = nettest.Logger(h.t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := client.Open(ctx, h.pipe(transport.PipeConfig{}), opts)
	if err == nil {
		h.t.Cleanup(func() { c.Close() })
	}
	return c, err
}

func connectedAs(name string) func(transport.Event) bool {
	return func(ev transport.Event) bool { return ev.Kind == wire.Connected && ev.Client.Name() == name }
}

func disconnectedAs(name string) func(transport.Event) bool {
	return func(ev transport.Event) bool { return ev.Kind == wire.Disconnected && ev.Client.Name() == name }
}

// recv waits for a value on ch.
func recv[T any](t *testing.T, what string, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(3 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

// TestPipeEndToEnd runs the real server and the real client over pipes:
// handshake and admission, feature negotiation, a chunk, a batched drop,
// control messages and datagrams both ways, a Reject, a hostile client
// closed alone with FRAME_TOO_LARGE, a clean goodbye and the shutdown.
func TestPipeEndToEnd(t *testing.T) {
	h := newMemHarness(t, nil)
	pos := chunk.Pos{X: 1, Y: 2, Z: -3}
	stone := chunk.Uniform(chunk.Stone)
	h.onConnected = func(c *transport.Client) {
		if c.Name() != "alice" {
			return
		}
		c.SendChunk(protocol.NewChunk(pos, 3, chunk.Encode(&stone)))
		c.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{Text: "welcome", System: true}}})
		c.SendDatagram(&protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{EntityId: 99, Position: protocol.V3(1, 2, 3)}}})
	}

	chunks := make(chan chunk.Pos, 4)
	drops := make(chan chunk.Pos, 4)
	chats := make(chan string, 4)
	states := make(chan uint64, 4)
	alice, err := h.open("alice", client.Options{
		ViewDistance: 4,
		Features:     []string{protocol.FeatureBatchedDrops, "no-such-feature"},
		Handlers: client.Handlers{
			OnChunk: func(p chunk.Pos, _ uint64, _ []byte) { chunks <- p },
			OnDrop:  func(p chunk.Pos) { drops <- p },
			OnControl: func(m *protocol.ServerMessage) {
				if cb := m.GetChatBroadcast(); cb != nil {
					chats <- cb.GetText()
				}
			},
			OnPlayerState: func(ps *protocol.PlayerState) { states <- ps.GetEntityId() },
		},
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}

	// Negotiation, as each side sees it.
	ev := h.Wait("alice connected", 3*time.Second, connectedAs("alice"))
	srvAlice := ev.Client
	if got := srvAlice.Features(); !slices.Equal(got, []string{protocol.FeatureBatchedDrops, protocol.FeatureEntities}) {
		t.Errorf("server granted %v", got)
	}
	if !alice.HasFeature(protocol.FeatureBatchedDrops) || alice.HasFeature("no-such-feature") {
		t.Errorf("client sees features %v", alice.Welcome().GetFeatures())
	}
	if w := alice.Welcome(); w.GetSeed() != 42 || w.GetViewDistance() != 4 || alice.EntityID() != 1000+uint64(ev.ID) {
		t.Errorf("Welcome seed %d view %d entity %d", w.GetSeed(), w.GetViewDistance(), alice.EntityID())
	}
	if a := srvAlice.RemoteAddr(); a.Network() != "memory" {
		t.Errorf("server sees alice at %v (%s)", a, a.Network())
	}

	// Server to client, on each stream and as a datagram.
	if p := recv(t, "chunk", chunks); p != pos {
		t.Errorf("chunk at %v, want %v", p, pos)
	}
	if s, ok := alice.Section(pos); !ok || s.Decoded == nil || s.Revision != 3 {
		t.Errorf("section %v: held %v, decoded %v", pos, ok, s.Decoded != nil)
	}
	if text := recv(t, "chat broadcast", chats); text != "welcome" {
		t.Errorf("chat %q", text)
	}
	if id := recv(t, "player state datagram", states); id != 99 {
		t.Errorf("player state of entity %d", id)
	}
	// The negotiated batched form, as the deliver system sends it.
	for _, e := range wire.EncodeDrops([]chunk.Pos{pos}) {
		if !srvAlice.SendEncoded(e) {
			t.Fatal("SendEncoded(Drops) refused")
		}
	}
	if p := recv(t, "batched drop", drops); p != pos {
		t.Errorf("dropped %v", p)
	}

	// Client to server: a control message through validation to the inbox,
	// and a Ping answered by the transport itself.
	if err := alice.Chat("hello"); err != nil {
		t.Fatal(err)
	}
	h.Wait("alice's chat", 3*time.Second, func(ev transport.Event) bool {
		return ev.Kind == wire.Message && ev.ID == srvAlice.ID() && ev.Msg.GetChat().GetText() == "hello"
	})
	stillServes(t, alice)

	// The name is taken: a Reject, whose code the client reports.
	_, err = h.open("ALICE", client.Options{})
	var rej *client.RejectError
	if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_NAME_TAKEN {
		t.Errorf("second alice: %v, want a NAME_TAKEN Reject", err)
	}

	// A hostile client, raw on its pipe: admitted, then an oversized frame.
	// Only its session closes, with FRAME_TOO_LARGE.
	mallory := h.pipe(transport.PipeConfig{})
	st, err := mallory.OpenStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pipeLogin(t, mallory, st, "mallory")
	h.Wait("mallory connected", 3*time.Second, connectedAs("mallory"))
	if _, err := st.Write(binary.AppendUvarint(nil, frame.ControlCap+1)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-mallory.Context().Done():
	case <-time.After(3 * time.Second):
		t.Fatal("mallory's session still open")
	}
	var ce *transport.CloseError
	if cause := context.Cause(mallory.Context()); !errors.As(cause, &ce) ||
		ce.Code != protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE || !ce.Remote {
		t.Errorf("mallory closed by %v, want the server's FRAME_TOO_LARGE", cause)
	}
	if ev := h.Wait("mallory disconnected", 3*time.Second, disconnectedAs("mallory")); ev.Code != protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE || ev.Remote {
		t.Errorf("mallory's Disconnected: code %v remote %v", ev.Code, ev.Remote)
	}
	stillServes(t, alice)

	// A client that leaves: a clean, remote Disconnected.
	bob, err := h.open("bob", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_ = bob.Close()
	if ev := h.Wait("bob disconnected", 3*time.Second, disconnectedAs("bob")); ev.Code != protocol.ErrorCode_ERROR_CODE_NONE || !ev.Remote {
		t.Errorf("bob's Disconnected: code %v remote %v err %v", ev.Code, ev.Remote, ev.Err)
	}
	if err := bob.Err(); err != nil {
		t.Errorf("bob.Err after his own Close = %v", err)
	}

	// Shutdown reaches the client as the server's SHUTDOWN.
	h.close()
	select {
	case <-alice.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("alice still connected after shutdown")
	}
	var cce *client.CloseError
	if err := alice.Err(); !errors.As(err, &cce) || cce.Code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN || !cce.Remote {
		t.Errorf("alice ended with %v, want the server's SHUTDOWN", err)
	}
}

// TestPipeSlowConsumer: the pipe's bounded stream buffer is flow control
// to the server's writers. A client that never reads its chunk stream is
// closed with SLOW_CONSUMER after WriteStallTimeout, as over QUIC.
func TestPipeSlowConsumer(t *testing.T) {
	h := newMemHarness(t, func(cfg *transport.Config) {
		cfg.Limits.WriteStallTimeout = 200 * time.Millisecond
	})
	data := make([]byte, 8<<10)
	h.onConnected = func(c *transport.Client) {
		for range 16 {
			c.SendChunk(protocol.NewChunk(chunk.Pos{}, 1, data))
		}
	}
	stalled := h.pipe(transport.PipeConfig{StreamBuffer: 4 << 10})
	st, err := stalled.OpenStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pipeLogin(t, stalled, st, "sloth")
	// The chunk stream is accepted but never read.
	if _, err := stalled.AcceptUniStream(t.Context()); err != nil {
		t.Fatal(err)
	}
	ev := h.Wait("sloth disconnected", 3*time.Second, disconnectedAs("sloth"))
	if ev.Code != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER || ev.Remote {
		t.Errorf("Disconnected code %v remote %v err %v", ev.Code, ev.Remote, ev.Err)
	}
	var ce *transport.CloseError
	if cause := context.Cause(stalled.Context()); !errors.As(cause, &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER {
		t.Errorf("session closed by %v", cause)
	}
}

// pipeLogin logs in as name by hand on st, the control stream of the
// client end of a pipe, with a fresh key; the Welcome is left unread.
func pipeLogin(t *testing.T, end *transport.PipeEnd, st transport.Stream, name string) {
	t.Helper()
	_, value, err := end.Binding()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nettest.Login(st, nettest.NewKey(t), &protocol.Hello{Name: name}, value); err != nil {
		t.Fatalf("login as %s: %v", name, err)
	}
}
