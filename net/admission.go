package transport

import (
	"context"
	"net"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

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
//     When every slot is held, a newcomer evicts the oldest session that
//     has not sent its Hello instead of being refused (see enter): the
//     total bounds the state a flood holds, not who gets in.
//
// QUIC handshakes and awaiting sessions together are the "handshakes in
// flight"; above RetryThreshold (until back to half of it) a new connection
// must first prove its address with a Retry round trip, so a spoofed flood
// costs the server one stateless packet per datagram instead of a
// connection's state.
type handshakeGate struct {
	maxTotal, maxPerAddr, retryAbove int
	proofGrace                       time.Duration
	log                              zerolog.Logger

	inQUIC   atomic.Int64 // QUIC handshakes in progress
	retrying atomic.Bool  // Retry is on (see verifySourceAddress)

	mu      sync.Mutex
	waiting int                  // sessions awaiting their Hello
	perAddr map[netip.Prefix]int // the same, by addrKey; no zero entries
	slots   []*loginSlot         // the same, in order of entry (oldest first)
	evicted uint64               // sessions evicted to make room (see enter)
}

func newHandshakeGate(l Limits, log zerolog.Logger) *handshakeGate {
	return &handshakeGate{
		maxTotal:   l.MaxHandshakes,
		maxPerAddr: l.MaxHandshakesPerAddr,
		retryAbove: l.RetryThreshold,
		proofGrace: l.ProofGrace,
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

// loginStage is how far a session in its login has come; it decides
// whether a newcomer may take its slot when every slot is held.
type loginStage uint8

const (
	// stageConnected: the QUIC handshake (or WebTransport CONNECT) is
	// done and no complete Hello has been read. A client sends its Hello
	// in the same flight as the end of its handshake, so a session still
	// here when the slots run out is the one least likely to be a player:
	// it is evicted first, oldest first.
	stageConnected loginStage = iota
	// stageHello: the Hello was read and the Challenge sent; the client
	// owes a Proof, one round trip away. Evictable only once it has
	// owed it for ProofGrace.
	stageHello
	// stageProven: the Proof verified and the Authenticator is deciding;
	// never evicted (the client did everything asked of it).
	stageProven
)

// loginSlot is one session's place in the gate, from enter until leave.
type loginSlot struct {
	g       *handshakeGate
	key     netip.Prefix
	keyed   bool
	entered time.Time
	stage   loginStage
	since   time.Time // when stage began
	evict   func()    // ends the session's login; called at most once, without g.mu
	gone    bool      // left or evicted: the counts no longer include it
}

// awaiting returns the sessions awaiting their Hello.
func (g *handshakeGate) awaiting() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}

// enter admits a session to its login, or says why not. evict is how the
// gate ends the login should a newcomer need the slot (see victim); it
// must make the login fail soon, and may be called from any goroutine.
// The slot's leave must be called once the login is over (done or
// failed); advance as it progresses.
//
// A host over its share (MaxHandshakesPerAddr) is refused. With every
// slot held (MaxHandshakes), a newcomer takes the slot of the oldest
// session that has not sent its Hello (or has owed its Proof for
// ProofGrace) and that session is evicted; only when no session is
// evictable is the newcomer refused. So a flood of idle logins, however
// many hosts it comes from, only evicts itself, at the pace of its own
// QUIC handshakes, while a player that sends its Hello at once is past
// the point of eviction before the flood has turned the slots over.
func (g *handshakeGate) enter(addr net.Addr, evict func()) (*loginSlot, refusal) {
	key, keyed := addrKey(addr)
	now := time.Now()
	g.mu.Lock()
	if keyed && g.perAddr[key] >= g.maxPerAddr {
		g.mu.Unlock()
		return nil, refusedPerAddr
	}
	var victim *loginSlot
	if g.waiting >= g.maxTotal {
		if victim = g.victim(now); victim == nil {
			g.mu.Unlock()
			return nil, refusedTotal
		}
		g.release(victim)
		g.evicted++
	}
	slot := &loginSlot{g: g, key: key, keyed: keyed, entered: now, since: now, evict: evict}
	g.slots = append(g.slots, slot)
	g.waiting++
	if keyed {
		g.perAddr[key]++
	}
	g.mu.Unlock()
	if victim != nil {
		victim.evict()
	}
	return slot, ""
}

// victim picks the session a newcomer evicts when every slot is held: the
// oldest without a Hello, else the oldest that has owed its Proof for
// ProofGrace, else none. g.mu is held.
func (g *handshakeGate) victim(now time.Time) *loginSlot {
	var late *loginSlot
	for _, s := range g.slots { // in order of entry: the first match is the oldest
		switch s.stage {
		case stageConnected:
			return s
		case stageHello:
			if late == nil && now.Sub(s.since) >= g.proofGrace {
				late = s
			}
		}
	}
	return late
}

// release takes s out of the counts; g.mu is held. It reports whether s
// was still counted.
func (g *handshakeGate) release(s *loginSlot) bool {
	if s.gone {
		return false
	}
	s.gone = true
	g.slots = slices.DeleteFunc(g.slots, func(o *loginSlot) bool { return o == s })
	g.waiting--
	if s.keyed {
		if g.perAddr[s.key]--; g.perAddr[s.key] <= 0 {
			delete(g.perAddr, s.key)
		}
	}
	return true
}

// advance records that the session reached stage. False means it was
// evicted meanwhile: the login must end (its evict was, or is being,
// called). Once it returns true for stageProven the session can no
// longer be evicted.
func (s *loginSlot) advance(stage loginStage) bool {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if s.gone {
		return false
	}
	s.stage, s.since = stage, time.Now()
	return true
}

// leave gives the slot back; calling it again, or after an eviction, is a
// no-op.
func (s *loginSlot) leave() {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	g.release(s)
}

// evictions is the number of sessions evicted so far.
func (g *handshakeGate) evictions() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.evicted
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
