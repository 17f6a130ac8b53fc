package transport_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// The defaults under test, written out so that this file also builds
// against a server without them (to watch the test fail there);
// TestHandshakeLimitDefaults pins them to Limits.withDefaults.
const (
	floodPerAddr        = 4  // Limits.MaxHandshakesPerAddr
	floodRetryThreshold = 16 // Limits.RetryThreshold
	floodMaxHandshakes  = 64 // Limits.MaxHandshakes
)

// TestIdleHandshakeFlood is issue 16: hosts that complete QUIC handshakes
// and never send a Hello must not lock players out. Each flooding address
// keeps only its share of the handshake slots (the rest are closed with
// SERVER_FULL at once); a flood from many addresses turns on QUIC Retry;
// and a player connecting with client.Dial is admitted throughout.
//
// The player dials from 127.0.0.1 (the source the kernel picks for
// loopback), so the floods that must leave room for it come from other
// loopback addresses; the flood from 127.0.0.1 itself only checks that
// the address is refused beyond its share.
func TestIdleHandshakeFlood(t *testing.T) {
	tests := []struct {
		name    string
		addrs   []string // flooding source addresses
		perAddr int      // connections each address attempts
		retry   bool     // the connections the flood holds exceed RetryThreshold
		player  bool     // a player from 127.0.0.1 must still get in
	}{
		// More idle connections than MaxHandshakes, from one host: before
		// the per-address limit this filled every slot.
		{"one address", []string{"127.0.0.2"}, floodMaxHandshakes + 8, false, true},
		// 8 hosts at their share each: 32 in flight, over RetryThreshold.
		{"several addresses", nettest.LoopbackRange(2, 8), floodPerAddr + 2, true, true},
		{"the player's own address", []string{"127.0.0.1"}, floodPerAddr + 4, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(h *harness, cfg *transport.Config) {
				// Longer than the test: a flood connection never frees
				// its slot by timing out, so before the fix the lockout
				// is certain rather than a race against the clock.
				cfg.Limits.HelloTimeout = 30 * time.Second
			})
			server := h.srv.Addr().(*net.UDPAddr)
			probe := nettest.NewPeer(t, "127.0.0.1")
			if probe.Handshake(t.Context(), server) != nil || probe.Retries() != 0 {
				t.Fatalf("an idle server asked for address validation (%d Retry packets)", probe.Retries())
			}

			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second) // a bound, for a loaded machine
			defer cancel()
			flooders := make([]*nettest.Peer, len(tt.addrs))
			var wg sync.WaitGroup
			floodStart := time.Now()
			for i, ip := range tt.addrs {
				flooders[i] = nettest.NewPeer(t, ip)
				wg.Go(func() { flooders[i].Flood(ctx, server, tt.perAddr) })
			}
			wg.Wait()
			if ctx.Err() != nil {
				t.Fatal("the flood did not finish in time")
			}
			t.Logf("%d connection attempts from %d addresses took %v", len(tt.addrs)*tt.perAddr, len(tt.addrs), time.Since(floodStart).Round(time.Millisecond))

			var floodRetries int64
			settled := time.Now().Add(20 * time.Second) // a bound: Settle returns once they have
			for _, f := range flooders {
				open, refused, other := f.Settle(t, floodPerAddr, settled)
				if open != floodPerAddr || other != 0 {
					t.Errorf("%s holds %d idle connections (%d refused with SERVER_FULL, %d ended otherwise); want exactly %d held",
						f.IP, open, refused, other, floodPerAddr)
				}
				floodRetries += f.Retries()
			}
			if tt.retry && floodRetries == 0 {
				t.Errorf("%d connections in flight (threshold %d) and no flood connection had to answer a Retry",
					len(tt.addrs)*floodPerAddr, floodRetryThreshold)
			}

			// A flooding address is refused at once beyond its share, not
			// after HelloTimeout.
			f := flooders[0]
			conn, err := f.Dial(ctx, server, protocol.ALPN)
			if err == nil {
				start := time.Now()
				if code := closeCode(t, conn, 2*time.Second); code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
					t.Errorf("another connection from %s closed with %v, want SERVER_FULL", f.IP, code)
				}
				t.Logf("another connection from %s refused %v after its QUIC handshake", f.IP, time.Since(start).Round(time.Microsecond))
			} else if code, ok := nettest.AppCode(err); !ok || code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
				t.Errorf("another connection from %s: %v, want a SERVER_FULL close", f.IP, err)
			}

			// Address validation follows the load, not the address.
			before := probe.Retries()
			if err := probe.Handshake(t.Context(), server); err != nil {
				t.Fatalf("probe from 127.0.0.1: %v", err)
			}
			if got := probe.Retries() > before; got != tt.retry {
				t.Errorf("a new connection was asked for a Retry: %v, want %v", got, tt.retry)
			}

			if !tt.player {
				return
			}
			start := time.Now()
			c, err := h.dial("player")
			if err != nil {
				t.Fatalf("player locked out by the flood: %v", err)
			}
			// Admitted at all is the check (the dial's own timeout bounds
			// the wait); how long it took is the machine's as much as the
			// code's, so it is logged (DESIGN.md "Measuring").
			t.Logf("player admitted in %v during the flood", time.Since(start).Round(time.Microsecond))
			stillServes(t, c)
		})
	}
}
