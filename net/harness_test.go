package transport_test

import (
	"context"
	"crypto/tls"
	"errors"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/testkit"
)

// harness is a server on loopback plus a fake tick: a goroutine that drains
// the inbox every few milliseconds, as the ingest system will, records the
// events and applies the test's policy.
type harness struct {
	t    *testing.T
	srv  *transport.Server
	addr string
	pin  string

	// onEvent runs on the tick goroutine for every event, after the
	// default admission (see admit).
	onEvent func(h *harness, ev transport.Event)
	// admit decides Connected events; nil accepts everyone.
	admit func(c *transport.Client)
	// everyTick runs once per tick after the events.
	everyTick func(h *harness)

	*nettest.EventLog // what the fake tick drained

	stop chan struct{}
	done chan struct{}
}

type harnessOpt func(*harness, *transport.Config)

func newHarness(t *testing.T, opts ...harnessOpt) *harness {
	t.Helper()
	testkit.CheckNoLeaks(t)
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	cfg := transport.Config{
		Listen: "127.0.0.1:0",
		TLS:    m.TLSConfig(),
		Log:    nettest.Logger(t),
		World:  transport.WorldInfo{Seed: 42, GeneratorVersion: 3},
	}
	h := &harness{
		t:        t,
		EventLog: nettest.NewEventLog(t),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
		pin:      m.Fingerprint().Hex(),
	}
	for _, o := range opts {
		o(h, &cfg)
	}
	h.srv, err = transport.Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.addr = h.srv.Addr().String()
	go h.tick()
	t.Cleanup(h.close)
	return h
}

func (h *harness) close() {
	select {
	case <-h.stop:
		return
	default:
	}
	close(h.stop)
	<-h.done
	if err := h.srv.Close(); err != nil {
		h.t.Errorf("server Close: %v", err)
	}
}

func (h *harness) tick() {
	defer close(h.done)
	var buf []transport.Event
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		buf = h.srv.Inbox().Drain(buf[:0])
		for _, ev := range buf {
			h.Record(ev)
			if ev.Kind == wire.Connected {
				if h.admit != nil {
					h.admit(ev.Client)
				} else {
					ev.Client.Accept(wire.Admission{EntityID: 1000 + uint64(ev.ID), X: 0.5, Y: 80, Z: 0.5, Tick: 7, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
				}
			}
			if h.onEvent != nil {
				h.onEvent(h, ev)
			}
		}
		if h.everyTick != nil {
			h.everyTick(h)
		}
	}
}

func disconnectOf(name string) func(transport.Event) bool {
	return func(ev transport.Event) bool {
		return ev.Kind == wire.Disconnected && ev.Client.Name() == name
	}
}

// dial connects a well-behaved client.
func (h *harness) dial(name string, mod ...func(*client.Options)) (*client.Conn, error) {
	h.t.Helper()
	o := client.Options{Name: name, PinSHA256: h.pin, ViewDistance: 4, Log: nettest.Logger(h.t)}
	for _, m := range mod {
		m(&o)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, h.addr, o)
	if err == nil {
		h.t.Cleanup(func() { c.Close() })
	}
	return c, err
}

func (h *harness) mustDial(name string, mod ...func(*client.Options)) *client.Conn {
	h.t.Helper()
	c, err := h.dial(name, mod...)
	if err != nil {
		h.t.Fatalf("dial %s: %v", name, err)
	}
	return c
}

// rawDial opens a bare QUIC connection with our ALPN, for hostile clients
// that do not follow the protocol.
func (h *harness) rawDial(qconf *quic.Config) *quic.Conn {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := quic.DialAddr(ctx, h.addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{protocol.ALPN}}, qconf)
	if err != nil {
		h.t.Fatalf("raw dial: %v", err)
	}
	h.t.Cleanup(func() { _ = conn.CloseWithError(0, "") })
	return conn
}

// rawHello opens the control stream and logs in as name by hand (Hello,
// Challenge, Proof with a fresh key), leaving the Welcome unread.
func rawHello(t *testing.T, conn *quic.Conn, name string) *quic.Stream {
	t.Helper()
	st, err := conn.OpenStreamSync(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nettest.Login(st, nettest.NewKey(t), &protocol.Hello{Name: name}, nettest.ExporterBinding(t, conn)); err != nil {
		t.Fatalf("login as %s: %v", name, err)
	}
	return st
}

// closeCode waits for conn to be closed by the server and returns the code.
func closeCode(t *testing.T, conn *quic.Conn, timeout time.Duration) protocol.ErrorCode {
	t.Helper()
	select {
	case <-conn.Context().Done():
	case <-time.After(timeout):
		t.Fatalf("connection not closed within %v", timeout)
	}
	var app *quic.ApplicationError
	if err := context.Cause(conn.Context()); !errors.As(err, &app) || !app.Remote {
		t.Fatalf("closed by %v, want a server application close", err)
	}
	return protocol.ErrorCodeOf(uint64(app.ErrorCode))
}

// stillServes proves a well-behaved client is unaffected: a ping round
// trip on its control stream.
func stillServes(t *testing.T, c *client.Conn) {
	t.Helper()
	before := c.RTT()
	if err := c.Ping(); err != nil {
		t.Fatalf("bystander cannot send: %v", err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for c.RTT() == before || c.RTT() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("bystander got no Pong")
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case <-c.Done():
		t.Fatalf("bystander disconnected: %v", c.Err())
	default:
	}
}
