package transport_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// echoTick answers the way the ECS systems will: sections for a Subscribe,
// an ack and a block update for a Break, a broadcast for Chat, and a
// PlayerState datagram for every Input.
func echoTick(h *harness, ev transport.Event) {
	if ev.Kind != wire.Message {
		return
	}
	c := ev.Client
	switch k := ev.Msg.Kind.(type) {
	case *protocol.ClientMessage_Subscribe:
		r := int32(k.Subscribe.GetViewDistance())
		for x := -r; x <= r; x++ {
			s := chunk.Uniform(chunk.Stone)
			s.Set(int(x&15), 0, 0, chunk.Dirt)
			c.SendChunk(protocol.NewChunk(chunk.Pos{X: x, Y: 4, Z: 0}, uint64(x+100), chunk.Encode(&s)))
		}
		c.SendChunk(protocol.NewDrop(chunk.Pos{X: 0, Y: 4, Z: 0}))
	case *protocol.ClientMessage_BreakBlock:
		p := k.BreakBlock.GetPos()
		c.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{Pos: p, Block: uint32(chunk.Air), Revision: 500}}})
		c.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{RequestId: k.BreakBlock.GetRequestId(), Accepted: true, Revision: 500}}})
	case *protocol.ClientMessage_Chat:
		msg, err := wire.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{
			FromEntity: 1000 + uint64(c.ID()), From: c.Name(), Text: k.Chat.GetText(),
		}}})
		if err != nil {
			h.t.Error(err)
			return
		}
		for _, o := range h.Clients() {
			o.SendEncoded(msg)
		}
	case *protocol.ClientMessage_Input:
		c.SendDatagram(&protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{
			EntityId: 1000 + uint64(c.ID()), Position: k.Input.GetPosition(), Tick: k.Input.GetInputTick(),
		}}})
	}
}

func TestHandshakeAndBridge(t *testing.T) {
	h := newHarness(t, func(h *harness, cfg *transport.Config) { h.onEvent = echoTick })

	var mu sync.Mutex
	var chats []string
	var acks []*protocol.ActionAck
	var states atomic.Int32
	c := h.mustDial("alice", func(o *client.Options) {
		o.ViewDistance = 10000 // hostile radius: clamped, not an error
		o.Features = []string{protocol.FeatureDatagramInput, "no-such-feature"}
		o.Handlers.OnControl = func(m *protocol.ServerMessage) {
			if cb := m.GetChatBroadcast(); cb != nil {
				mu.Lock()
				chats = append(chats, cb.GetFrom()+": "+cb.GetText())
				mu.Unlock()
			}
		}
		o.Handlers.OnActionAck = func(a *protocol.ActionAck) {
			mu.Lock()
			acks = append(acks, a)
			mu.Unlock()
		}
		o.Handlers.OnPlayerState = func(*protocol.PlayerState) { states.Add(1) }
	})

	w := c.Welcome()
	if w.GetEntityId() < 1000 || w.GetViewDistance() != 16 || w.GetSeed() != 42 || w.GetGeneratorVersion() != 3 ||
		w.GetProtocolVersion() != protocol.Version || w.GetTick() != 7 || w.GetSpawn().GetY() != 80 ||
		w.GetSectionFormat() != chunk.CodecVersion {
		t.Errorf("Welcome = %v", w)
	}
	if b := w.GetBounds(); b.GetMinSectionY() != chunk.MinSectionY || b.GetMaxSectionY() != chunk.MaxSectionY || b.GetBorderSections() != chunk.BorderSections {
		t.Errorf("bounds = %v", b)
	}
	if l := w.GetLimits(); l.GetMaxViewDistance() != 16 || l.GetControlFrameCap() != 64<<10 || l.GetChunkFrameCap() != 1<<20 || l.GetTickRate() != 20 {
		t.Errorf("limits = %v", l)
	}
	// The client asks for deflate-chunks and entities by default, after
	// its own list.
	if f := w.GetFeatures(); !slices.Equal(f, []string{protocol.FeatureDatagramInput, protocol.FeatureDeflateChunks, protocol.FeatureEntities}) {
		t.Errorf("features = %v", f)
	}
	ev := h.Wait("Connected", time.Second, func(ev transport.Event) bool { return ev.Kind == wire.Connected })
	// The transport passes the request on as the client made it: the
	// tick grants it (here the harness, as the network plugin does).
	if ev.Hello.GetName() != "alice" || ev.Client.ViewDistance() != 10000 {
		t.Errorf("Connected event: %v view %d", ev.Hello, ev.Client.ViewDistance())
	}

	// Subscribe -> the tick streams sections; the client's map applies them.
	if err := c.Subscribe(3); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "sections", func() bool { return c.Stats().Chunks == 7 && c.Stats().Drops == 1 })
	if n := len(c.Positions()); n != 6 {
		t.Fatalf("%d sections held, want 6 (7 sent, 1 dropped)", n)
	}
	s, ok := c.Section(chunk.Pos{X: 2, Y: 4, Z: 0})
	if !ok || s.Revision != 102 || s.Decoded == nil || s.Decoded.Get(2, 0, 0) != chunk.Dirt || s.Decoded.Get(3, 0, 0) != chunk.Stone {
		t.Fatalf("section (2,4,0) = %+v", s)
	}
	if _, ok := c.Section(chunk.Pos{X: 0, Y: 4, Z: 0}); ok {
		t.Fatal("dropped section still held")
	}

	// Break -> BlockUpdate applied to the local map, then ActionAck.
	id, err := c.Break(2*16+2, 4*16, 0)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "ActionAck", func() bool { mu.Lock(); defer mu.Unlock(); return len(acks) == 1 })
	if acks[0].GetRequestId() != id || !acks[0].GetAccepted() {
		t.Errorf("ack = %v", acks[0])
	}
	if s, _ := c.Section(chunk.Pos{X: 2, Y: 4, Z: 0}); s.Revision != 500 || s.Decoded.Get(2, 0, 0) != chunk.Air {
		t.Errorf("BlockUpdate not applied: revision %d block %v", s.Revision, s.Decoded.Get(2, 0, 0))
	}

	// Chat is broadcast to everyone, including a second client.
	var bobChats atomic.Int32
	h.mustDial("bob", func(o *client.Options) {
		o.Handlers.OnControl = func(m *protocol.ServerMessage) {
			if m.GetChatBroadcast().GetText() == "hello" {
				bobChats.Add(1)
			}
		}
	})
	if err := c.Chat("hello"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "chat broadcast", func() bool { mu.Lock(); defer mu.Unlock(); return len(chats) == 1 && bobChats.Load() == 1 })
	if chats[0] != "alice: hello" {
		t.Errorf("chat = %q", chats[0])
	}

	// Input on the stream and as a datagram; PlayerState datagrams back.
	in := &protocol.Input{InputTick: 1, Position: protocol.V3(1, 80, 1), OnGround: true}
	if err := c.SendInput(in); err != nil {
		t.Fatal(err)
	}
	in2 := &protocol.Input{InputTick: 2, Position: protocol.V3(1.5, 80, 1)}
	waitFor(t, "datagram Input", func() bool {
		_ = c.SendInputDatagram(in2) // lossy: resend until one arrives
		return h.Count(func(ev transport.Event) bool { return ev.Kind == wire.Message && ev.Datagram }) > 0
	})
	waitFor(t, "PlayerState datagrams", func() bool { return states.Load() > 0 })

	// Ping is answered by the transport, not forwarded to the tick.
	stillServes(t, c)
	if n := h.Count(func(ev transport.Event) bool { return ev.Kind == wire.Message && ev.Msg.GetPing() != nil }); n != 0 {
		t.Errorf("%d pings reached the tick", n)
	}

	// A clean close is a Disconnected with code NONE, by the remote.
	c.Close()
	ev = h.Wait("alice Disconnected", 3*time.Second, disconnectOf("alice"))
	if ev.Code != protocol.ErrorCode_ERROR_CODE_NONE || !ev.Remote || ev.Err != nil {
		t.Errorf("Disconnected = code %v remote %v err %v", ev.Code, ev.Remote, ev.Err)
	}
	if ev.Client.Send(&protocol.ServerMessage{}) {
		t.Error("Send to a gone client succeeded")
	}
	// Events of one client are ordered: Connected, Messages, Disconnected.
	checkOrder(t, h, ev.ID)
}

func checkOrder(t *testing.T, h *harness, id transport.ClientID) {
	t.Helper()
	var kinds []wire.EventKind
	for _, ev := range h.Events() {
		if ev.ID == id {
			kinds = append(kinds, ev.Kind)
		}
	}
	if len(kinds) < 2 || kinds[0] != wire.Connected || kinds[len(kinds)-1] != wire.Disconnected {
		t.Fatalf("event order %v", kinds)
	}
	for _, k := range kinds[1 : len(kinds)-1] {
		if k != wire.Message {
			t.Fatalf("event order %v", kinds)
		}
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestRejects(t *testing.T) {
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.MaxClients = 2
		cfg.Limits.AdmitTimeout = 300 * time.Millisecond
		h.admit = func(c *transport.Client) {
			switch c.Name() {
			case "banned":
				c.Reject(protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "you are banned")
			case "ignored":
				// The tick never answers: the transport times the client out.
			default:
				c.Accept(wire.Admission{EntityID: 1, ViewDistance: protocol.ClampView(c.ViewDistance(), protocol.DefaultMaxViewDistance)})
			}
		}
	})
	h.mustDial("first")
	tests := []struct {
		name    string
		player  string
		version uint32
		code    protocol.ErrorCode
		reason  string
	}{
		{"bad version", "carol", 99, protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION, "version 99"},
		{"version 1", "dave", 1, protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION, "version 2 signs logins with the player's key: update the client"},
		{"empty name", "", 0, protocol.ErrorCode_ERROR_CODE_BAD_NAME, "empty"},
		{"long name", strings.Repeat("n", 17), 0, protocol.ErrorCode_ERROR_CODE_BAD_NAME, "limit"},
		{"bad characters", "bob smith", 0, protocol.ErrorCode_ERROR_CODE_BAD_NAME, "forbidden character"},
		{"name taken", "FIRST", 0, protocol.ErrorCode_ERROR_CODE_NAME_TAKEN, "already connected"},
		{"refused by the tick", "banned", 0, protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned"},
		{"admission timeout", "ignored", 0, protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, "in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := h.dial(tt.player, func(o *client.Options) { o.ProtocolVersion = tt.version })
			var rej *client.RejectError
			if !errors.As(err, &rej) {
				t.Fatalf("err = %v, want a RejectError", err)
			}
			if rej.Code != tt.code || !strings.Contains(rej.Reason, tt.reason) {
				t.Errorf("reject = %v %q, want %v containing %q", rej.Code, rej.Reason, tt.code, tt.reason)
			}
			if tt.code == protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION && (rej.MinVersion != protocol.MinVersion || rej.MaxVersion != protocol.MaxVersion) {
				t.Errorf("version range %d..%d", rej.MinVersion, rej.MaxVersion)
			}
			if tt.player == "banned" {
				// Its place among the 2 clients is given back with its
				// Disconnected; the next case needs it.
				h.Wait("banned Disconnected", 2*time.Second, disconnectOf("banned"))
			}
		})
	}
	// A refused or timed-out client that was announced still gets its
	// Disconnected, so the tick can clean up.
	h.Wait("banned Disconnected", 2*time.Second, disconnectOf("banned"))
	h.Wait("ignored Disconnected", 2*time.Second, disconnectOf("ignored"))

	t.Run("server full", func(t *testing.T) {
		h.mustDial("second")
		_, err := h.dial("third")
		var rej *client.RejectError
		if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
			t.Fatalf("err = %v, want SERVER_FULL", err)
		}
	})
}

func TestKickAndShutdown(t *testing.T) {
	h := newHarness(t)
	a := h.mustDial("kickme")
	b := h.mustDial("stays")
	ev := h.Wait("kickme connected", time.Second, func(ev transport.Event) bool {
		return ev.Kind == wire.Connected && ev.Client.Name() == "kickme"
	})
	ev.Client.Close(protocol.ErrorCode_ERROR_CODE_KICKED, "behave")
	<-a.Done()
	var ce *client.CloseError
	if !errors.As(a.Err(), &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_KICKED || ce.Reason != "behave" || !ce.Remote {
		t.Fatalf("kicked client saw %v", a.Err())
	}
	d := h.Wait("kick Disconnected", 2*time.Second, disconnectOf("kickme"))
	if d.Code != protocol.ErrorCode_ERROR_CODE_KICKED || d.Remote {
		t.Errorf("Disconnected = %v remote %v", d.Code, d.Remote)
	}
	stillServes(t, b)

	h.close()
	select {
	case <-b.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("client not closed by server shutdown")
	}
	if !errors.As(b.Err(), &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		t.Fatalf("client saw %v, want SHUTDOWN", b.Err())
	}
	if ds := h.srv.Inbox().Drain(nil); len(ds) != 1 || ds[0].Kind != wire.Disconnected || ds[0].Code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		t.Fatalf("after Close the inbox holds %v", ds)
	}
	if st := h.srv.Stats(); st.Clients != 0 || st.Admitted != 2 || st.Disconnected != 2 {
		t.Errorf("stats = %+v", st)
	}
}

func TestALPNDemux(t *testing.T) {
	served := make(chan string, 1)
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.ALPNHandlers = map[string]transport.ConnHandler{
			"strata-test-alt": func(ctx context.Context, conn *quic.Conn) {
				served <- conn.ConnectionState().TLS.NegotiatedProtocol
				<-conn.Context().Done()
			},
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tlsConf := insecureTLS("strata-test-alt")
	conn, err := quic.DialAddr(ctx, h.addr, tlsConf, nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case alpn := <-served:
		if alpn != "strata-test-alt" {
			t.Errorf("handler saw ALPN %q", alpn)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("alternate ALPN handler not called")
	}
	conn.CloseWithError(0, "")
	stillServes(t, h.mustDial("native"))
}
