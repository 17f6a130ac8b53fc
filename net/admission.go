package transport

import (
	"context"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"
)

// handshakeGate accounts for connections that are not yet clients and
// decides which new ones may start. It sees two stages:
//
//   - QUIC handshakes in progress, from the first Initial quic-go keeps
//     state for (Transport.ConnContext) until the handshake completes
//     (dispatch) or fails. The source address of these is unproven — an
//     Initial is a single spoofable datagram — so they count only towards
//     the Retry decision, never against an address.
//   - Sessions in their login, until the Proof is verified and the
//     Authenticator has decided ("awaiting their Hello" below, for short):
//     a native connection after its QUIC handshake, or a WebTransport
//     session handed to ServeSession. Their address is proven (the peer answered the server's handshake packets),
//     so they are limited in total (MaxHandshakes) and per address
//     (MaxHandshakesPerAddr). Counting unproven addresses instead would let
//     anyone lock a victim out by spoofing a few Initials from its address.
//
// QUIC handshakes and awaiting sessions together are the "handshakes in
// flight"; above RetryThreshold (until back to half of it) a new connection
// must first prove its address with a Retry round trip, so a spoofed flood
// costs the server one stateless packet per datagram instead of a
// connection's state.
type handshakeGate struct {
	maxTotal, maxPerAddr, retryAbove int
	log                              zerolog.Logger

	inQUIC   atomic.Int64 // QUIC handshakes in progress
	retrying atomic.Bool  // Retry is on (see verifySourceAddress)

	mu      sync.Mutex
	waiting int                  // sessions awaiting their Hello
	perAddr map[netip.Prefix]int // the same, by addrKey; no zero entries
}

func newHandshakeGate(l Limits, log zerolog.Logger) *handshakeGate {
	return &handshakeGate{
		maxTotal:   l.MaxHandshakes,
		maxPerAddr: l.MaxHandshakesPerAddr,
		retryAbove: l.RetryThreshold,
		log:        log,
		perAddr:    make(map[netip.Prefix]int),
	}
}

// quicSlotKey is the connection-context key of a QUIC handshake's slot.
type quicSlotKey struct{}

// quicSlot stops the context hook that releases a QUIC handshake's count
// when its connection ends; true means the hook had not run, so the count
// is the caller's to release.
type quicSlot func() bool

// connContext is Transport.ConnContext: it counts a QUIC handshake from
// the moment quic-go creates the connection. The count is released when
// the connection's context ends (the handshake failed or the connection
// closed) or by quicDone, whichever comes first.
func (g *handshakeGate) connContext(ctx context.Context, _ *quic.ClientInfo) (context.Context, error) {
	g.inQUIC.Add(1)
	stop := context.AfterFunc(ctx, func() { g.inQUIC.Add(-1) })
	return context.WithValue(ctx, quicSlotKey{}, quicSlot(stop)), nil
}

// quicDone ends the QUIC stage of an accepted connection (ctx is its
// Context); the connection then either awaits its Hello (see enter) or
// belongs to an ALPN handler.
func (g *handshakeGate) quicDone(ctx context.Context) {
	if stop, ok := ctx.Value(quicSlotKey{}).(quicSlot); ok && stop() {
		g.inQUIC.Add(-1)
	}
}

// inFlight is QUIC handshakes in progress plus sessions awaiting a Hello.
func (g *handshakeGate) inFlight() int {
	g.mu.Lock()
	n := g.waiting
	g.mu.Unlock()
	return n + int(g.inQUIC.Load())
}

// verifySourceAddress is Transport.VerifySourceAddress, asked for each new
// connection attempt without an address-validation token: true sends a
// Retry. The address itself plays no part (it is unproven), only the load:
// Retry starts when more than retryAbove handshakes are in flight and stops
// when they are down to half that, so a load hovering at the threshold
// does not flip it (and the log) on every connection.
func (g *handshakeGate) verifySourceAddress(net.Addr) bool {
	n := g.inFlight()
	on := g.retrying.Load()
	switch {
	case !on && n > g.retryAbove:
		if g.retrying.CompareAndSwap(false, true) {
			g.log.Warn().Int("in_flight", n).Int("threshold", g.retryAbove).
				Msg("many handshakes in flight; new connections must validate their address (QUIC Retry)")
		}
		return true
	case on && n <= g.retryAbove/2:
		if g.retrying.CompareAndSwap(true, false) {
			g.log.Info().Int("in_flight", n).Int("threshold", g.retryAbove).
				Msg("handshake load back to normal; address validation no longer required")
		}
		return false
	}
	return on
}

// refusal says why enter turned a session away; it is the close reason.
type refusal string

const (
	refusedTotal   refusal = "too many connection attempts"
	refusedPerAddr refusal = "too many connection attempts from your address"
)

// awaiting returns the sessions awaiting their Hello.
func (g *handshakeGate) awaiting() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}

// enter admits a session to the wait for its Hello, or says why not.
// leave must be called once the wait is over (the login done or failed).
func (g *handshakeGate) enter(addr net.Addr) (leave func(), refused refusal) {
	key, keyed := addrKey(addr)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.waiting >= g.maxTotal {
		return nil, refusedTotal
	}
	if keyed && g.perAddr[key] >= g.maxPerAddr {
		return nil, refusedPerAddr
	}
	g.waiting++
	if keyed {
		g.perAddr[key]++
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.waiting--
			if keyed {
				if g.perAddr[key]--; g.perAddr[key] <= 0 {
					delete(g.perAddr, key)
				}
			}
		})
	}, ""
}

// addrKey is the source a per-address limit counts by: an IPv4 address
// (IPv4-mapped IPv6 included) as such, an IPv6 address by its /64 — the
// usual allocation of one subscriber, so rotating through the addresses of
// one's own /64 does not multiply the allowance. Addresses without an IP
// (in-memory pipes) have no key and only count towards the total.
func addrKey(a net.Addr) (netip.Prefix, bool) {
	var ip netip.Addr
	switch a := a.(type) {
	case nil:
		return netip.Prefix{}, false
	case *net.UDPAddr:
		if a == nil {
			return netip.Prefix{}, false
		}
		ip, _ = netip.AddrFromSlice(a.IP)
	case *net.TCPAddr:
		if a == nil {
			return netip.Prefix{}, false
		}
		ip, _ = netip.AddrFromSlice(a.IP)
	default:
		ap, err := netip.ParseAddrPort(a.String())
		if err != nil {
			return netip.Prefix{}, false
		}
		ip = ap.Addr()
	}
	if !ip.IsValid() {
		return netip.Prefix{}, false
	}
	ip = ip.Unmap().WithZone("")
	bits := 32
	if ip.Is6() {
		bits = 64
	}
	p, err := ip.Prefix(bits)
	return p, err == nil
}
