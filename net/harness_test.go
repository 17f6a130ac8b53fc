package transport_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
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

	mu      sync.Mutex
	events  []transport.Event
	clients map[transport.ClientID]*transport.Client
	changed chan struct{}

	stop chan struct{}
	done chan struct{}
}

type harnessOpt func(*harness, *transport.Config)

func newHarness(t *testing.T, opts ...harnessOpt) *harness {
	t.Helper()
	checkNoLeaks(t)
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	cfg := transport.Config{
		Listen: "127.0.0.1:0",
		TLS:    m.TLSConfig(),
		Log:    testLogger(t),
		World:  transport.WorldInfo{Seed: 42, GeneratorVersion: 3},
	}
	h := &harness{
		t:       t,
		clients: make(map[transport.ClientID]*transport.Client),
		changed: make(chan struct{}, 1),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
		pin:     m.Fingerprint().Hex(),
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
			h.mu.Lock()
			h.events = append(h.events, ev)
			switch ev.Kind {
			case transport.Connected:
				h.clients[ev.ID] = ev.Client
			case transport.Disconnected:
				delete(h.clients, ev.ID)
			}
			h.mu.Unlock()
			if ev.Kind == transport.Connected {
				if h.admit != nil {
					h.admit(ev.Client)
				} else {
					ev.Client.Accept(transport.Admission{EntityID: 1000 + uint64(ev.ID), X: 0.5, Y: 80, Z: 0.5, Tick: 7})
				}
			}
			if h.onEvent != nil {
				h.onEvent(h, ev)
			}
		}
		if h.everyTick != nil {
			h.everyTick(h)
		}
		if len(buf) > 0 {
			select {
			case h.changed <- struct{}{}:
			default:
			}
		}
	}
}

// connected returns the live clients (tick goroutine or test goroutine).
func (h *harness) connected() []*transport.Client {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*transport.Client, 0, len(h.clients))
	for _, c := range h.clients {
		out = append(out, c)
	}
	return out
}

// waitEvent waits for a recorded event matching pred.
func (h *harness) waitEvent(what string, timeout time.Duration, pred func(transport.Event) bool) transport.Event {
	h.t.Helper()
	deadline := time.After(timeout)
	for {
		h.mu.Lock()
		for _, ev := range h.events {
			if pred(ev) {
				h.mu.Unlock()
				return ev
			}
		}
		h.mu.Unlock()
		select {
		case <-h.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// countEvents counts recorded events matching pred.
func (h *harness) countEvents(pred func(transport.Event) bool) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, ev := range h.events {
		if pred(ev) {
			n++
		}
	}
	return n
}

func disconnectOf(name string) func(transport.Event) bool {
	return func(ev transport.Event) bool {
		return ev.Kind == transport.Disconnected && ev.Client.Name() == name
	}
}

// dial connects a well-behaved client.
func (h *harness) dial(name string, mod ...func(*client.Options)) (*client.Conn, error) {
	h.t.Helper()
	o := client.Options{Name: name, PinSHA256: h.pin, ViewDistance: 4, Log: testLogger(h.t)}
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

// rawHello opens the control stream and writes a Hello for name.
func rawHello(t *testing.T, conn *quic.Conn, name string) *quic.Stream {
	t.Helper()
	st, err := conn.OpenStreamSync(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := frame.Marshal(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
		ProtocolVersion: protocol.Version, Name: name,
	}}}, frame.ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write(b); err != nil {
		t.Fatal(err)
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

// checkNoLeaks fails the test if goroutines started during it are still
// running after its cleanups (registered first, so it runs last).
func checkNoLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				n := runtime.Stack(buf, true)
				t.Errorf("goroutine leak: %d running, %d before the test\n%s", runtime.NumGoroutine(), before, buf[:n])
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// testLogger logs to the test at warn level and above (set -v with
// STRATA_TEST_LOG=debug for more).
func testLogger(t *testing.T) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: testWriter{t}, NoColor: true}).Level(zerolog.WarnLevel).With().Timestamp().Logger()
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(bytes.TrimSpace(p)), "\n"))
	return len(p), nil
}
