package wt_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wt"
)

// TestSessionDuringHandshakeFlood: WebTransport shares the UDP port, and
// so the handshake limits (issue 16). While native connections that never
// send a Hello hold enough slots to turn on QUIC Retry, a browser session
// still completes (its QUIC handshake answers the Retry) and is welcomed;
// and a session is counted against its host's share like a native
// connection, so a host at its share is refused with SERVER_FULL.
func TestSessionDuringHandshakeFlood(t *testing.T) {
	const perAddr, retryThreshold = 4, 16 // the transport's defaults
	h := newHarness(t, func(_ *wt.Config, c *transport.Config) {
		c.Limits.HelloTimeout = 30 * time.Second // the flood holds its slots throughout
	})
	server := h.srv.Addr().(*net.UDPAddr)

	// 8 hosts at their share: 32 connections waiting, over the threshold.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for _, ip := range nettest.LoopbackRange(2, 8) {
		p := nettest.NewPeer(t, ip)
		wg.Go(func() { p.Flood(ctx, server, perAddr) })
	}
	wg.Wait()
	probe := nettest.NewPeer(t, "127.0.0.1")
	if err := probe.Handshake(ctx, server); err != nil {
		t.Fatal(err)
	}
	if probe.Retries() == 0 {
		t.Fatalf("32 handshakes in flight (threshold %d) and no Retry asked", retryThreshold)
	}

	start := time.Now()
	c := hello(t, h.mustDial(pageOrigin), "browser")
	if w := c.mustRead().GetWelcome(); w == nil {
		t.Fatal("no Welcome during the flood")
	}
	t.Logf("browser session welcomed in %v during the flood", time.Since(start).Round(time.Millisecond))
	c.ping(1)

	// Fill 127.0.0.1's share (the session above is admitted, so it no
	// longer counts): a further session is refused at once, before any
	// Hello.
	for range perAddr {
		if _, err := probe.Dial(ctx, server, protocol.ALPN); err != nil {
			t.Fatal(err)
		}
	}
	// The server counts a connection once it has handled its handshake,
	// a moment after the dialler returns: wait for all 36 to be counted.
	for deadline := time.Now().Add(5 * time.Second); h.srv.AwaitingHello() < 8*perAddr+perAddr; {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections await their Hello, want %d", h.srv.AwaitingHello(), 8*perAddr+perAddr)
		}
		time.Sleep(time.Millisecond)
	}
	if code, _ := closeCode(t, h.mustDial(pageOrigin), 3*time.Second); code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
		t.Errorf("a session from a host at its share closed with %v, want SERVER_FULL", code)
	}
}
