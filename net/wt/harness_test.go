package wt_test

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"errors"

	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// pageOrigin is the origin the test servers allow, as if the page came
// from the admin listener.
const pageOrigin = "http://127.0.0.1:8080"

// harness is a transport with the WebTransport handler on loopback, plus a
// fake tick like net/'s: it drains the inbox every few milliseconds,
// records the events, admits every Hello and sends the client a section
// on the chunk stream (again for every Subscribe), and sends every
// admitted client a PlayerState datagram each tick.
type harness struct {
	t    *testing.T
	srv  *transport.Server
	wt   *wt.Server
	addr string
	pin  [32]byte

	*nettest.EventLog // what the fake tick drained

	stop, done chan struct{}
	closeOnce  sync.Once
}

func newHarness(t *testing.T, mod ...func(*wt.Config, *transport.Config)) *harness {
	t.Helper()
	testkit.CheckNoLeaks(t)
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	wcfg := wt.Config{AllowedOrigins: []string{pageOrigin}, Log: nettest.Logger(t)}
	tcfg := transport.Config{
		Listen: "127.0.0.1:0",
		TLS:    m.TLSConfig(),
		Log:    nettest.Logger(t),
		World:  transport.WorldInfo{Seed: 42, GeneratorVersion: 3},
	}
	for _, f := range mod {
		f(&wcfg, &tcfg)
	}
	w, err := wt.New(wcfg)
	if err != nil {
		t.Fatal(err)
	}
	tcfg.ALPNHandlers = map[string]transport.ConnHandler{wt.ALPN: w.ServeConn}
	srv, err := transport.Listen(tcfg)
	if err != nil {
		t.Fatal(err)
	}
	w.Attach(srv)
	h := &harness{
		t: t, srv: srv, wt: w, addr: srv.Addr().String(), pin: m.Fingerprint().SHA256,
		EventLog: nettest.NewEventLog(t),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
	}
	go h.tick()
	t.Cleanup(h.close)
	return h
}

// close stops the tick and the server (and so every session).
func (h *harness) close() {
	h.closeOnce.Do(func() {
		close(h.stop)
		<-h.done
		if err := h.srv.Close(); err != nil {
			h.t.Errorf("server Close: %v", err)
		}
	})
}

func (h *harness) tick() {
	defer close(h.done)
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	var buf []transport.Event
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		buf = h.srv.Inbox().Drain(buf[:0])
		for _, ev := range buf {
			h.Record(ev)
			switch {
			case ev.Kind == wire.Connected:
				ev.Client.Accept(wire.Admission{EntityID: 1000 + uint64(ev.ID), X: 0.5, Y: 80, Z: 0.5, Tick: 7, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
				ev.Client.SendChunk(testSection())
			case ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil:
				ev.Client.SendChunk(testSection())
			}
		}
		for _, c := range h.Clients() {
			c.SendDatagram(&protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{
				EntityId: 1000 + uint64(c.ID()), Position: protocol.V3(0.5, 80, 0.5), Tick: 9,
			}}})
		}
	}
}

// testSection is the section the fake tick streams: stone with one dirt
// block, at (1,4,-2) revision 77.
func testSection() *protocol.ChunkMessage {
	s := chunk.Uniform(chunk.Stone)
	s.Set(1, 2, 3, chunk.Dirt)
	return protocol.NewChunk(chunk.Pos{X: 1, Y: 4, Z: -2}, 77, chunk.Encode(&s))
}

func eventOf(kind wire.EventKind, name string) func(transport.Event) bool {
	return func(ev transport.Event) bool { return ev.Kind == kind && ev.Client.Name() == name }
}

// tlsPinned trusts exactly the harness's certificate, the way a browser
// does with serverCertificateHashes: by the SHA-256 of its DER, no names.
func (h *harness) tlsPinned() *tls.Config {
	return &tls.Config{
		NextProtos:         []string{http3.NextProtoH3},
		InsecureSkipVerify: true, // replaced by the pin below
		VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 || sha256.Sum256(raw[0]) != h.pin {
				return errors.New("certificate does not match the pin")
			}
			return nil
		},
	}
}

// dial opens a WebTransport session like a page from origin would ("" sends
// no Origin header, as a non-browser client).
func (h *harness) dial(origin string) (*http.Response, *webtransport.Session, error) {
	h.t.Helper()
	d := &webtransport.Transport{TLSClientConfig: h.tlsPinned()}
	hdr := http.Header{}
	if origin != "" {
		hdr.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rsp, sess, err := d.Dial(ctx, "https://"+h.addr+wt.DefaultPath, hdr)
	h.t.Cleanup(func() {
		if sess != nil {
			_ = sess.CloseWithError(0, "")
		}
		_ = d.Close()
	})
	return rsp, sess, err
}

func (h *harness) mustDial(origin string) *webtransport.Session {
	h.t.Helper()
	rsp, sess, err := h.dial(origin)
	if err != nil {
		status := 0
		if rsp != nil {
			status = rsp.StatusCode
		}
		h.t.Fatalf("dial (origin %q): status %d: %v", origin, status, err)
	}
	return sess
}

// wtClient is a hand-written client on a WebTransport session: the
// control stream with its reader.
type wtClient struct {
	t       *testing.T
	sess    *webtransport.Session
	ctl     *webtransport.Stream
	br      *bufio.Reader
	pending *protocol.ServerMessage // the handshake answer hello read instead of a Challenge
	// challenge is the server's Challenge, when it sent one.
	challenge *protocol.Challenge
}

// hello opens the control stream and logs in as name with a fresh key, as
// a page does: Hello, then a Proof signing the Challenge with the
// certificate hash binding. If the server answers the Hello with anything
// but a Challenge (a Reject), that is the next message read returns.
func hello(t *testing.T, sess *webtransport.Session, name string) *wtClient {
	t.Helper()
	return helloBound(t, sess, name, nettest.CertBinding(t, sess.SessionState().ConnectionState.TLS))
}

// helloBound is hello signing value as the binding value.
func helloBound(t *testing.T, sess *webtransport.Session, name string, value []byte) *wtClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ctl, err := sess.OpenStreamSync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := &wtClient{t: t, sess: sess, ctl: ctl, br: bufio.NewReader(ctl)}
	key := nettest.NewKey(t)
	c.send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
		ProtocolVersion: protocol.Version, Name: name, ViewDistance: 4,
		Features:  []string{protocol.FeaturePlayerStates},
		PublicKey: key.Public().(ed25519.PublicKey),
	}}})
	m := c.mustRead()
	c.challenge = m.GetChallenge()
	if c.challenge == nil {
		c.pending = m
		return c
	}
	c.send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: nettest.SignProof(key, c.challenge, value, name)}})
	return c
}

func (c *wtClient) send(m *protocol.ClientMessage) {
	c.t.Helper()
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.ctl.Write(b); err != nil {
		c.t.Fatalf("write control: %v", err)
	}
}

// read returns the next control message, or the error that ended the stream.
func (c *wtClient) read() (*protocol.ServerMessage, error) {
	if m := c.pending; m != nil {
		c.pending = nil
		return m, nil
	}
	_ = c.ctl.SetReadDeadline(time.Now().Add(5 * time.Second))
	p, err := frame.ReadFrame(c.br, frame.ControlCap)
	if err != nil {
		return nil, err
	}
	return frame.DecodeServer(p)
}

func (c *wtClient) mustRead() *protocol.ServerMessage {
	c.t.Helper()
	m, err := c.read()
	if err != nil {
		c.t.Fatalf("read control: %v", err)
	}
	return m
}

// ping proves the session is alive: a Ping answered by a Pong.
func (c *wtClient) ping(nonce uint64) {
	c.t.Helper()
	c.send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{Nonce: nonce, Time: 1}}})
	for {
		m := c.mustRead()
		if p := m.GetPong(); p != nil {
			if p.GetNonce() != nonce {
				c.t.Fatalf("Pong nonce %d, want %d", p.GetNonce(), nonce)
			}
			return
		}
	}
}

// closeCode waits for the server to close sess and returns its code.
func closeCode(t *testing.T, sess *webtransport.Session, timeout time.Duration) (protocol.ErrorCode, string) {
	t.Helper()
	select {
	case <-sess.Context().Done():
	case <-time.After(timeout):
		t.Fatalf("session not closed within %v", timeout)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := sess.AcceptUniStream(ctx) // a closed session answers with its close error
	var se *webtransport.SessionError
	if !errors.As(err, &se) || !se.Remote {
		t.Fatalf("session ended with %v, want a close by the server", err)
	}
	return protocol.ErrorCodeOf(uint64(se.ErrorCode)), se.Message
}
