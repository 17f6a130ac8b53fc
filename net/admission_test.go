package transport

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// otherAddr is a net.Addr of no known type, to check that addrKey falls
// back to parsing the string.
type otherAddr string

func (a otherAddr) Network() string { return "other" }
func (a otherAddr) String() string  { return string(a) }

func udp(s string) *net.UDPAddr { return net.UDPAddrFromAddrPort(netip.MustParseAddrPort(s)) }

func TestAddrKey(t *testing.T) {
	tests := []struct {
		name string
		addr net.Addr
		want string // "" means no key
	}{
		{"IPv4", udp("203.0.113.7:4433"), "203.0.113.7/32"},
		{"IPv4 other port", udp("203.0.113.7:1"), "203.0.113.7/32"},
		{"IPv4-mapped IPv6 counts as IPv4", udp("[::ffff:203.0.113.7]:4433"), "203.0.113.7/32"},
		{"IPv6 by /64", udp("[2001:db8:1:2::1]:4433"), "2001:db8:1:2::/64"},
		{"IPv6 same /64", udp("[2001:db8:1:2:ffff:ffff:ffff:9]:9"), "2001:db8:1:2::/64"},
		{"IPv6 next /64", udp("[2001:db8:1:3::1]:4433"), "2001:db8:1:3::/64"},
		{"IPv6 zone dropped", udp("[fe80::1%eth0]:4433"), "fe80::/64"},
		{"TCP address", &net.TCPAddr{IP: net.ParseIP("198.51.100.1"), Port: 443}, "198.51.100.1/32"},
		{"other type, parsed", otherAddr("198.51.100.2:7"), "198.51.100.2/32"},
		{"in-memory pipe", memAddr("pipe1-client"), ""},
		{"nil", nil, ""},
		{"nil UDP address", (*net.UDPAddr)(nil), ""},
		{"UDP address without IP", &net.UDPAddr{Port: 1}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := addrKey(tt.addr)
			got := ""
			if ok {
				got = p.String()
			}
			if got != tt.want {
				t.Errorf("addrKey(%v) = %q, want %q", tt.addr, got, tt.want)
			}
		})
	}
}

func testGate(total, perAddr, retry int) *handshakeGate {
	return newHandshakeGate(Limits{MaxHandshakes: total, MaxHandshakesPerAddr: perAddr, RetryThreshold: retry}, zerolog.Nop())
}

// TestHandshakeGateLimits: the per-address share and the total, refusal
// reasons, and that leaving gives the slot back exactly once.
func TestHandshakeGateLimits(t *testing.T) {
	g := testGate(5, 2, 100)
	a, b, c := udp("192.0.2.1:1000"), udp("192.0.2.2:1000"), udp("192.0.2.3:1000")
	mustEnter := func(addr net.Addr) func() {
		t.Helper()
		leave, refused := g.enter(addr)
		if leave == nil {
			t.Fatalf("enter(%v) refused: %s", addr, refused)
		}
		return leave
	}
	refusedAs := func(addr net.Addr, want refusal) {
		t.Helper()
		if leave, refused := g.enter(addr); leave != nil || refused != want {
			t.Fatalf("enter(%v) = %q (admitted %v), want refusal %q", addr, refused, leave != nil, want)
		}
	}

	leaveA := mustEnter(a)
	mustEnter(udp("192.0.2.1:2000")) // another port, same host
	refusedAs(udp("192.0.2.1:3000"), refusedPerAddr)
	mustEnter(b)
	leaveA()
	leaveA() // a second call must not free a second slot
	mustEnter(a)
	refusedAs(a, refusedPerAddr)

	// Unkeyed sessions count only towards the total: 3 keyed + 2 here.
	mustEnter(memAddr("pipe1-client"))
	mustEnter(memAddr("pipe2-client"))
	refusedAs(c, refusedTotal)
	refusedAs(memAddr("pipe3-client"), refusedTotal)
	if n := g.inFlight(); n != 5 {
		t.Errorf("inFlight = %d, want 5", n)
	}
}

// TestHandshakeGateRetry: Retry starts when more than RetryThreshold
// handshakes are in flight, QUIC handshakes included, and stops when they
// are down to half; a QUIC handshake's count is released once whichever
// way it ends.
func TestHandshakeGateRetry(t *testing.T) {
	g := testGate(64, 4, 4)
	probe := udp("192.0.2.9:1")
	retry := func(want bool) {
		t.Helper()
		if got := g.verifySourceAddress(probe); got != want {
			t.Fatalf("Retry %v with %d in flight (threshold 4), want %v", got, g.inFlight(), want)
		}
	}
	var ctxs []context.Context
	var cancels []context.CancelFunc
	for range 5 {
		retry(false)
		base, cancel := context.WithCancel(context.Background())
		defer cancel()
		ctx, err := g.connContext(base, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctxs, cancels = append(ctxs, ctx), append(cancels, cancel)
	}
	retry(true) // 5

	// Handshake completed, then the connection closed: released once.
	g.quicDone(ctxs[0])
	cancels[0]()
	retry(true) // 4: not yet down to half
	// Handshake failed (context ended first), then a late quicDone.
	cancels[1]()
	waitInQUIC(t, g, 3)
	g.quicDone(ctxs[1])
	g.quicDone(ctxs[0])
	if n := g.inQUIC.Load(); n != 3 {
		t.Fatalf("inQUIC = %d after releasing two of five, want 3", n)
	}
	retry(true) // 3
	g.quicDone(ctxs[2])
	retry(false) // 2: half

	// Sessions awaiting a Hello count too.
	var leaves []func()
	for i := range 3 {
		leave, refused := g.enter(udp(fmt.Sprintf("192.0.2.%d:1", i+1)))
		if leave == nil {
			t.Fatal(refused)
		}
		leaves = append(leaves, leave)
	}
	retry(true) // 5
	for _, leave := range leaves {
		leave()
	}
	retry(false) // 2

	g.quicDone(context.Background()) // not from connContext: ignored
	if n := g.inQUIC.Load(); n != 2 {
		t.Fatalf("inQUIC = %d, want 2", n)
	}
}

func waitInQUIC(t *testing.T, g *handshakeGate, want int64) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for g.inQUIC.Load() != want {
		if time.Now().After(deadline) {
			t.Fatalf("inQUIC = %d, want %d", g.inQUIC.Load(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestHandshakeLimitDefaults pins the defaults that docs/protocol.md and
// handshake_flood_test.go spell out.
func TestHandshakeLimitDefaults(t *testing.T) {
	l := Limits{}.withDefaults()
	if l.MaxHandshakes != 64 || l.MaxHandshakesPerAddr != 4 || l.RetryThreshold != 16 {
		t.Errorf("defaults: MaxHandshakes %d, MaxHandshakesPerAddr %d, RetryThreshold %d; want 64, 4, 16",
			l.MaxHandshakes, l.MaxHandshakesPerAddr, l.RetryThreshold)
	}
}
