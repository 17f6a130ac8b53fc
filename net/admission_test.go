package transport

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"slices"
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
	return newHandshakeGate(Limits{MaxHandshakes: total, MaxHandshakesPerAddr: perAddr, RetryThreshold: retry, ProofGrace: time.Hour}, zerolog.Nop())
}

// TestHandshakeGateLimits: the per-address share and the total, refusal
// reasons, and that leaving gives the slot back exactly once. Every
// session here has proven its key, so none can be evicted.
func TestHandshakeGateLimits(t *testing.T) {
	g := testGate(5, 2, 100)
	a, b, c := udp("192.0.2.1:1000"), udp("192.0.2.2:1000"), udp("192.0.2.3:1000")
	mustEnter := func(addr net.Addr) *loginSlot {
		t.Helper()
		slot, refused := g.enter(addr, func() { t.Errorf("a proven session (%v) was evicted", addr) })
		if slot == nil {
			t.Fatalf("enter(%v) refused: %s", addr, refused)
		}
		if !slot.advance(stageProven) {
			t.Fatalf("enter(%v): evicted at once", addr)
		}
		return slot
	}
	refusedAs := func(addr net.Addr, want refusal) {
		t.Helper()
		if slot, refused := g.enter(addr, func() {}); slot != nil || refused != want {
			t.Fatalf("enter(%v) = %q (admitted %v), want refusal %q", addr, refused, slot != nil, want)
		}
	}

	slotA := mustEnter(a)
	mustEnter(udp("192.0.2.1:2000")) // another port, same host
	refusedAs(udp("192.0.2.1:3000"), refusedPerAddr)
	mustEnter(b)
	slotA.leave()
	slotA.leave() // a second call must not free a second slot
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

// TestHandshakeGateEviction: with every slot held, a newcomer takes the
// slot of the oldest session without a Hello, else of the oldest that has
// owed its Proof for ProofGrace, else is refused; an evicted session's
// advance reports it, and its leave frees nothing twice.
func TestHandshakeGateEviction(t *testing.T) {
	g := newHandshakeGate(Limits{MaxHandshakes: 3, MaxHandshakesPerAddr: 3, RetryThreshold: 100, ProofGrace: 50 * time.Millisecond}, zerolog.Nop())
	evicted := map[string]int{}
	enter := func(name string, addr net.Addr) *loginSlot {
		t.Helper()
		slot, refused := g.enter(addr, func() { evicted[name]++ })
		if slot == nil {
			t.Fatalf("%s refused: %s", name, refused)
		}
		return slot
	}
	wantEvicted := func(want ...string) {
		t.Helper()
		got := make([]string, 0, len(evicted))
		for name, n := range evicted {
			if n != 1 {
				t.Errorf("%s evicted %d times", name, n)
			}
			got = append(got, name)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("evicted %v, want %v", got, want)
		}
	}
	a, b := udp("192.0.2.1:1"), udp("192.0.2.2:1")

	idle1 := enter("idle1", a)
	hello := enter("hello", b)
	if !hello.advance(stageHello) {
		t.Fatal("hello evicted early")
	}
	enter("idle2", a)
	wantEvicted()
	// Full: the oldest without a Hello goes, although "hello" is older
	// than idle2.
	enter("new1", a)
	wantEvicted("idle1")
	if idle1.advance(stageHello) {
		t.Error("an evicted session advanced")
	}
	idle1.leave() // its login ends: must not free a slot it no longer holds
	enter("new2", b)
	wantEvicted("idle1", "idle2")
	enter("new3", b)
	wantEvicted("idle1", "idle2", "new1")

	// new2 and new3 from b, and hello from b: b is at its share of 3.
	if slot, refused := g.enter(b, func() {}); slot != nil || refused != refusedPerAddr {
		t.Fatalf("b over its share: admitted %v, refusal %q", slot != nil, refused)
	}
	// Only sessions with a Hello left, none late yet: refused.
	for _, s := range g.slots {
		s.advance(stageHello)
	}
	if slot, refused := g.enter(a, func() {}); slot != nil || refused != refusedTotal {
		t.Fatalf("every session has sent its Hello: admitted %v, refusal %q, want %q", slot != nil, refused, refusedTotal)
	}
	// After ProofGrace the oldest owing its Proof gives way; a proven
	// one never does.
	hello.advance(stageProven)
	time.Sleep(60 * time.Millisecond)
	enter("new4", a)
	wantEvicted("idle1", "idle2", "new1", "new2")
	if n, e := g.awaiting(), g.evictions(); n != 3 || e != 4 {
		t.Errorf("awaiting %d, evictions %d; want 3, 4", n, e)
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
	var slots []*loginSlot
	for i := range 3 {
		slot, refused := g.enter(udp(fmt.Sprintf("192.0.2.%d:1", i+1)), func() {})
		if slot == nil {
			t.Fatal(refused)
		}
		slots = append(slots, slot)
	}
	retry(true) // 5
	for _, slot := range slots {
		slot.leave()
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

// TestHandshakeLimitDefaults pins the defaults that docs/protocol.md §8
// and the flood tests spell out.
func TestHandshakeLimitDefaults(t *testing.T) {
	l := Limits{}.withDefaults()
	if l.MaxHandshakes != 64 || l.MaxHandshakesPerAddr != 4 || l.RetryThreshold != 16 {
		t.Errorf("defaults: MaxHandshakes %d, MaxHandshakesPerAddr %d, RetryThreshold %d; want 64, 4, 16",
			l.MaxHandshakes, l.MaxHandshakesPerAddr, l.RetryThreshold)
	}
	if l.ProofGrace != time.Second || l.EvictLinger != time.Second {
		t.Errorf("defaults: ProofGrace %v, EvictLinger %v; want 1s, 1s", l.ProofGrace, l.EvictLinger)
	}
	if l.RefusalReplyRate != 1 || l.RefusalReplyBurst != 5 || l.FloodGrace != 5*time.Second {
		t.Errorf("defaults: RefusalReplyRate %v, RefusalReplyBurst %d, FloodGrace %v; want 1, 5, 5s",
			l.RefusalReplyRate, l.RefusalReplyBurst, l.FloodGrace)
	}
}
