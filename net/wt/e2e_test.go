package wt_test

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// TestSessionEndToEnd: a WebTransport session goes through the same code
// path as a native connection — Hello, Welcome after the tick admits it,
// a section on the server-opened chunk stream, a PlayerState datagram, a
// Pong — and a native client on the same UDP port is served beside it.
func TestSessionEndToEnd(t *testing.T) {
	h := newHarness(t)
	sess := h.mustDial(pageOrigin)
	c := hello(t, sess, "webby")

	w := c.mustRead().GetWelcome()
	if w == nil || w.GetEntityId() < 1000 || w.GetSeed() != 42 || w.GetGeneratorVersion() != 3 || w.GetTick() != 7 ||
		w.GetViewDistance() != 4 || w.GetLimits().GetControlFrameCap() != frame.ControlCap {
		t.Fatalf("first control message is %v, want the Welcome", w)
	}
	if f := w.GetFeatures(); len(f) != 1 || f[0] != protocol.FeaturePlayerStates {
		t.Errorf("features = %v", f)
	}
	ev := h.Wait("Connected", 2*time.Second, eventOf(wire.Connected, "webby"))
	if ev.Client.ViewDistance() != 4 {
		t.Errorf("view distance %d", ev.Client.ViewDistance())
	}

	// The chunk stream: the server opens it after the Welcome; it becomes
	// visible with its first frame (the tick sends a section on admission,
	// and again for a Subscribe).
	c.send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 3}}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	chunks, err := sess.AcceptUniStream(ctx)
	if err != nil {
		t.Fatalf("no chunk stream: %v", err)
	}
	_ = chunks.SetReadDeadline(time.Now().Add(5 * time.Second))
	for i := range 2 {
		p, err := frame.ReadFrame(chunks, frame.ChunkCap)
		if err != nil {
			t.Fatalf("chunk frame %d: %v", i, err)
		}
		cm, err := frame.DecodeChunk(p)
		if err != nil {
			t.Fatal(err)
		}
		ch := cm.GetChunk()
		if ch == nil || ch.GetPos().Chunk() != (chunk.Pos{X: 1, Y: 4, Z: -2}) || ch.GetRevision() != 77 {
			t.Fatalf("chunk stream carried %v", cm)
		}
		sec, err := chunk.Decode(ch.GetData())
		if err != nil || sec.Get(1, 2, 3) != chunk.Dirt || sec.Get(0, 0, 0) != chunk.Stone {
			t.Fatalf("section does not decode: %v", err)
		}
	}

	// Datagrams: one Datagram message each, no prefix.
	b, err := sess.ReceiveDatagram(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d, err := frame.DecodeDatagram(b)
	if err != nil || d.GetPlayerState().GetEntityId() != w.GetEntityId() || d.GetPlayerState().GetTick() != 9 {
		t.Fatalf("datagram %v (%v)", d, err)
	}

	c.ping(5)

	// A native client on the same port, meanwhile.
	nc, err := client.Dial(ctx, h.addr, client.Options{Name: "native", PinSHA256: hexPin(h), Log: nettest.Logger(t)})
	if err != nil {
		t.Fatalf("native client on the WebTransport port: %v", err)
	}
	defer nc.Close()
	if nc.Welcome().GetEntityId() == w.GetEntityId() {
		t.Error("two clients, one entity id")
	}

	// A clean close by the page: code 0.
	if err := sess.CloseWithError(0, "bye"); err != nil {
		t.Fatal(err)
	}
	ev = h.Wait("Disconnected", 2*time.Second, eventOf(wire.Disconnected, "webby"))
	if ev.Code != protocol.ErrorCode_ERROR_CODE_NONE || !ev.Remote {
		t.Errorf("Disconnected code %v remote %v err %v, want NONE by the client", ev.Code, ev.Remote, ev.Err)
	}
}

func hexPin(h *harness) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 0, 64)
	for _, x := range h.pin {
		b = append(b, digits[x>>4], digits[x&15])
	}
	return string(b)
}

// TestOrigins: refused origins get 403 and never reach the transport; an
// allowed one and a request without Origin (not a browser) get a session.
func TestOrigins(t *testing.T) {
	h := newHarness(t, func(c *wt.Config, _ *transport.Config) {
		c.AllowedOrigins = []string{"HTTP://LocalHost:8080", "https://play.example.com"}
		c.SameHostPorts = []int{8081}
	})
	for _, tt := range []struct {
		origin string
		ok     bool
	}{
		{"http://localhost:8080", true},
		{"https://play.example.com:443", true},
		{"http://127.0.0.1:8081", true}, // same host as the request (127.0.0.1), allowed port
		{"", true},
		{"http://evil.example", false},
		{"http://localhost:8081", true},  // loopback names are one host
		{"http://192.0.2.7:8081", false}, // allowed port, but not the host the request went to
		{"http://127.0.0.1:9999", false},
		{"https://localhost:8080", false},
		{"null", false},
	} {
		t.Run(tt.origin, func(t *testing.T) {
			rsp, sess, err := h.dial(tt.origin)
			if tt.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				_ = sess.CloseWithError(0, "")
				return
			}
			if err == nil {
				t.Fatal("session opened")
			}
			if rsp == nil || rsp.StatusCode != http.StatusForbidden {
				t.Fatalf("response %v, err %v; want 403", rsp, err)
			}
		})
	}
	if n := h.Count(func(transport.Event) bool { return true }); n != 0 {
		t.Errorf("%d transport events for sessions that never sent a Hello", n)
	}
}

// TestClosedByDefault: without any origin configured, every page is refused.
func TestClosedByDefault(t *testing.T) {
	h := newHarness(t, func(c *wt.Config, _ *transport.Config) { c.AllowedOrigins = nil })
	rsp, _, err := h.dial(pageOrigin)
	if err == nil || rsp == nil || rsp.StatusCode != http.StatusForbidden {
		t.Fatalf("got %v, %v; want 403", rsp, err)
	}
}

// TestHostileSessions: a bad control stream closes only that session,
// with the code a native connection would get; a session admitted
// alongside notices nothing.
func TestHostileSessions(t *testing.T) {
	h := newHarness(t, func(_ *wt.Config, c *transport.Config) { c.Limits.HelloTimeout = 500 * time.Millisecond })
	good := hello(t, h.mustDial(pageOrigin), "good")
	if good.mustRead().GetWelcome() == nil {
		t.Fatal("no Welcome")
	}
	garbage := []byte{0x05, 0xff, 0xff, 0xff, 0xff, 0xff}
	for i, tt := range []struct {
		name      string
		hello     bool
		send      []byte
		code      protocol.ErrorCode
		announced bool
	}{
		{"garbage instead of Hello", false, garbage, protocol.ErrorCode_ERROR_CODE_MALFORMED, false},
		{"oversized Hello", false, binary.AppendUvarint(nil, frame.ControlCap+1), protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE, false},
		{"silence", false, nil, protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, false},
		{"garbage after admission", true, garbage, protocol.ErrorCode_ERROR_CODE_MALFORMED, true},
		{"second Hello", true, mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 1, Name: "x"}}}), protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sess := h.mustDial(pageOrigin)
			name := "hostile" + string(rune('a'+i))
			var ctl *webtransport.Stream
			if tt.hello {
				c := hello(t, sess, name)
				if c.mustRead().GetWelcome() == nil {
					t.Fatal("no Welcome")
				}
				ctl = c.ctl
			} else {
				var err error
				if ctl, err = sess.OpenStreamSync(t.Context()); err != nil {
					t.Fatal(err)
				}
				if tt.send == nil {
					// A WebTransport stream reaches the server with its
					// header, sent on the first write: an empty write
					// opens it without a byte of Hello.
					_, _ = ctl.Write([]byte{})
				}
			}
			if tt.send != nil {
				if _, err := ctl.Write(tt.send); err != nil {
					t.Fatal(err)
				}
			}
			if code, _ := closeCode(t, sess, 3*time.Second); code != tt.code {
				t.Errorf("closed with %v, want %v", code, tt.code)
			}
			if tt.announced {
				ev := h.Wait("Disconnected", 2*time.Second, eventOf(wire.Disconnected, name))
				if ev.Code != tt.code || ev.Remote {
					t.Errorf("Disconnected code %v remote %v", ev.Code, ev.Remote)
				}
			}
			good.ping(uint64(100 + i))
		})
	}
}

func mustFrame(t *testing.T, m *protocol.ClientMessage) []byte {
	t.Helper()
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRejectOverWebTransport: a refused Hello gets the Reject frame and a
// session close with the same code.
func TestRejectOverWebTransport(t *testing.T) {
	h := newHarness(t)
	c := hello(t, h.mustDial(pageOrigin), "bad name!")
	r := c.mustRead().GetReject()
	if r == nil || r.GetCode() != protocol.ErrorCode_ERROR_CODE_BAD_NAME {
		t.Fatalf("got %v, want a BAD_NAME Reject", r)
	}
	if _, err := c.read(); !errors.Is(err, io.EOF) {
		t.Errorf("after the Reject the control stream gave %v, want EOF", err)
	}
	if code, reason := closeCode(t, c.sess, 3*time.Second); code != protocol.ErrorCode_ERROR_CODE_BAD_NAME || reason == "" {
		t.Errorf("closed with %v %q", code, reason)
	}
}

// TestShutdownClosesSessions: closing the transport closes a session with
// SHUTDOWN — the close code reaches the client before the connection goes.
func TestShutdownClosesSessions(t *testing.T) {
	h := newHarness(t)
	c := hello(t, h.mustDial(pageOrigin), "stayer")
	if c.mustRead().GetWelcome() == nil {
		t.Fatal("no Welcome")
	}
	h.Wait("Connected", 2*time.Second, eventOf(wire.Connected, "stayer"))
	done := make(chan struct{})
	go func() { h.close(); close(done) }()
	if code, _ := closeCode(t, c.sess, 5*time.Second); code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		t.Errorf("closed with %v, want SHUTDOWN", code)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("transport Close did not return")
	}
	ds := h.srv.Inbox().Drain(nil)
	if len(ds) != 1 || ds[0].Kind != wire.Disconnected || ds[0].Code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		t.Errorf("after Close the inbox holds %v", ds)
	}
}

// TestPlainHTTP3: the endpoint is not a web server: a GET to it is 405,
// other paths are 404.
func TestPlainHTTP3(t *testing.T) {
	h := newHarness(t)
	tr := &http3.Transport{TLSClientConfig: h.tlsPinned()}
	defer tr.Close()
	hc := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	for path, want := range map[string]int{wt.DefaultPath: http.StatusMethodNotAllowed, "/": http.StatusNotFound, "/play/": http.StatusNotFound} {
		rsp, err := hc.Get("https://" + h.addr + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		_, _ = io.Copy(io.Discard, rsp.Body)
		rsp.Body.Close()
		if rsp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, rsp.StatusCode, want)
		}
	}
}

// TestIdleConnectionClosed: an HTTP/3 connection that never asks for a
// session is closed after IdleTimeout.
func TestIdleConnectionClosed(t *testing.T) {
	h := newHarness(t, func(c *wt.Config, _ *transport.Config) { c.IdleTimeout = 300 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := quic.DialAddr(ctx, h.addr, h.tlsPinned(), &quic.Config{EnableDatagrams: true, EnableStreamResetPartialDelivery: true})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseWithError(0, "")
	select {
	case <-conn.Context().Done():
	case <-time.After(3 * time.Second):
		t.Fatal("idle HTTP/3 connection still open")
	}
	var app *quic.ApplicationError
	if err := context.Cause(conn.Context()); !errors.As(err, &app) || !app.Remote || http3.ErrCode(app.ErrorCode) != http3.ErrCodeNoError {
		t.Errorf("closed with %v, want H3_NO_ERROR from the server", err)
	}
}

// TestAttachLate: a session that arrives before Attach waits for it.
func TestAttachLate(t *testing.T) {
	testkit.CheckNoLeaks(t)
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	w, err := wt.New(wt.Config{AllowedOrigins: []string{pageOrigin}, Log: nettest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := transport.Listen(transport.Config{Listen: "127.0.0.1:0", TLS: m.TLSConfig(), Log: nettest.Logger(t),
		ALPNHandlers: map[string]transport.ConnHandler{wt.ALPN: w.ServeConn}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	h := &harness{t: t, addr: srv.Addr().String(), pin: m.Fingerprint().SHA256}
	// The order is checked, not a time: attached is set before Attach,
	// so a session established before it finds it false.
	var attached atomic.Bool
	go func() {
		time.Sleep(300 * time.Millisecond)
		attached.Store(true)
		w.Attach(srv)
	}()
	sess := h.mustDial(pageOrigin)
	if !attached.Load() {
		t.Error("session established before Attach")
	}
	_ = sess.CloseWithError(0, "")
}
