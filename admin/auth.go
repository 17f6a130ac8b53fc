package admin

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/rs/zerolog"
)

// ErrTokenRequired is returned (wrapped) by New for an address off
// loopback without a token.
var ErrTokenRequired = errors.New("admin: a token is required to listen off loopback")

// cookieName is the cookie a browser gets after opening /?token=...; it
// holds a value derived from the token, not the token itself.
const cookieName = "strata_admin"

// checkAddr reports whether addr (host:port) binds only to loopback. An
// empty host binds every interface; a host name other than "localhost"
// could resolve anywhere, so both count as off loopback.
func checkAddr(addr string) (loopback bool, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("admin: invalid address %q: %w", addr, err)
	}
	return isLoopbackHost(host), nil
}

// isLoopbackHost reports whether host (no port) is "localhost" or a
// loopback IP literal.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return ip != nil && ip.IsLoopback()
}

// checkToken rejects tokens that cannot travel in a header or a URL intact.
func checkToken(token string) error {
	for _, r := range token {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return errors.New("admin: token must not contain spaces or control characters")
		}
	}
	return nil
}

// guard authenticates requests. With a token, every request must carry it
// (Bearer header, the cookie, or ?token=); without one, the listener is on
// loopback and only requests naming a loopback Host pass, which defeats DNS
// rebinding: a web page whose name resolves to 127.0.0.1 cannot read us.
//
// Failed authentications are throttled per address (throttle): after a
// few, an address gets 429 with Retry-After, the right token included,
// until it may try again.
type guard struct {
	tokenSum [sha256.Size]byte // compared instead of the token: equal lengths, constant time
	cookie   string
	open     bool
	log      zerolog.Logger // sampled: a scanner must not flood the log
	thr      *throttle
}

func newGuard(token string, log zerolog.Logger) *guard {
	g := &guard{open: token == "", log: log.Sample(&zerolog.BurstSampler{Burst: 5, Period: time.Minute})}
	g.thr = newThrottle(log.Sample(&zerolog.BurstSampler{Burst: 10, Period: time.Minute}))
	if !g.open {
		g.tokenSum = sha256.Sum256([]byte(token))
		mac := hmac.New(sha256.New, []byte(token))
		mac.Write([]byte("strata admin cookie v1"))
		g.cookie = fmt.Sprintf("%x", mac.Sum(nil))
	}
	return g
}

func (g *guard) tokenOK(given string) bool {
	sum := sha256.Sum256([]byte(given))
	return subtle.ConstantTimeCompare(sum[:], g.tokenSum[:]) == 1
}

func (g *guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.open {
			if !isLoopbackHost(hostOnly(r.Host)) {
				g.log.Warn().Str("remote", r.RemoteAddr).Str("host", r.Host).Msg("admin request refused: Host is not loopback")
				http.Error(w, "forbidden: this admin listener answers only requests for localhost", http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		// The session cookie is a 256-bit value derived from the token:
		// it cannot be guessed, so a browser already logged in keeps
		// working from an address that is being throttled.
		c, cerr := r.Cookie(cookieName)
		if cerr == nil && subtle.ConstantTimeCompare([]byte(c.Value), []byte(g.cookie)) == 1 {
			next.ServeHTTP(w, r)
			return
		}
		addr := addrKey(r.RemoteAddr)
		auth := r.Header.Get("Authorization")
		q := r.URL.Query()
		// A request with a token is a try, taken from the address's
		// bucket before the token is looked at (so that tries made at
		// once cannot overdraw it), and given back if the token is right.
		// One with none (a browser's first visit), or with a stale cookie
		// (a tab left open across a change of token, polling), guesses
		// nothing worth counting.
		guess := auth != "" || q.Has("token")
		if wait, ok := g.thr.take(addr, g.thr.now(), guess); !ok {
			// Not even a right token is looked at: its answer would tell a
			// guesser that it found the token, at full speed.
			g.thr.refused.Add(1)
			secs := int((wait + time.Second - 1) / time.Second)
			w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
			http.Error(w, "too many failed authentications from this address: try again later", http.StatusTooManyRequests)
			return
		}
		scheme, cred, _ := strings.Cut(auth, " ")
		if strings.EqualFold(scheme, "Bearer") && g.tokenOK(strings.TrimSpace(cred)) {
			g.thr.succeed(addr)
			next.ServeHTTP(w, r)
			return
		}
		if q.Has("token") && g.tokenOK(q.Get("token")) {
			g.thr.succeed(addr)
			g.login(w, r, next)
			return
		}
		if guess {
			if failures, throttled := g.thr.failed(addr); throttled {
				g.thr.log.Warn().Str("remote", r.RemoteAddr).Str("address", addr).Int("failures", failures).
					Dur("retry_after_ms", g.thr.every).Msg("admin address throttled: too many failed authentications; answered 429 until it may try again")
			}
		}
		g.log.Warn().Str("remote", r.RemoteAddr).Str("path", r.URL.Path).Msg("admin request refused: missing or wrong token")
		w.Header().Set("WWW-Authenticate", `Bearer realm="strata admin"`)
		http.Error(w, "unauthorized: send the header Authorization: Bearer TOKEN, or open /?token=TOKEN in a browser", http.StatusUnauthorized)
	})
}

// The throttle of failed authentications: an address may fail
// throttleBurst times at once, then once per throttleEvery (a token
// bucket of failures); it is answered 429 while it has none left. At
// most throttleAddrs addresses are remembered.
const (
	throttleBurst = 5
	throttleEvery = 10 * time.Second
	throttleAddrs = 4096
)

// throttle counts failed authentications per address.
type throttle struct {
	mu    sync.Mutex
	now   func() time.Time
	burst float64
	every time.Duration
	max   int
	addrs map[string]*addrState
	swept time.Time      // the last sweep of full buckets (makeRoom)
	log   zerolog.Logger // sampled: one line per address throttled, ten a minute at most
	// refused counts the requests answered 429.
	refused atomic.Uint64
}

// addrState is one address's bucket: failures it may still make, as of
// at; logged is set once its throttling was logged (reset when it may
// fail again).
type addrState struct {
	left     float64
	at       time.Time
	failures int // since it was last full
	logged   bool
}

func newThrottle(log zerolog.Logger) *throttle {
	return &throttle{now: time.Now, burst: throttleBurst, every: throttleEvery, max: throttleAddrs, addrs: map[string]*addrState{}, log: log}
}

// refill brings st up to now.
func (t *throttle) refill(st *addrState, now time.Time) {
	if d := now.Sub(st.at); d > 0 {
		st.left = min(t.burst, st.left+float64(d)/float64(t.every))
		st.at = now
		if st.left >= t.burst {
			st.failures, st.logged = 0, false
		}
	}
}

// take reports whether addr may try to authenticate now, else how long
// until it may; with try set, a try it may make is taken from its
// bucket.
func (t *throttle) take(addr string, now time.Time, try bool) (time.Duration, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st := t.addrs[addr]
	if st == nil {
		if !try {
			return 0, true
		}
		t.makeRoom(now)
		st = &addrState{left: t.burst, at: now}
		t.addrs[addr] = st
	}
	t.refill(st, now)
	if st.left < 1 {
		return time.Duration((1 - st.left) * float64(t.every)), false
	}
	if try {
		st.left--
	}
	return 0, true
}

// failed counts a try of addr (taken) that failed: failures since its
// bucket was last full, and throttled, true when it used the address's
// last try and is to be logged (once until the bucket is full again).
func (t *throttle) failed(addr string) (failures int, throttled bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st := t.addrs[addr]
	if st == nil {
		return 0, false // forgotten meanwhile (makeRoom, or a right token)
	}
	st.failures++
	if st.left >= 1 || st.logged {
		return st.failures, false
	}
	st.logged = true
	return st.failures, true
}

// succeed forgets addr's failures (its try given back): it has the
// token.
func (t *throttle) succeed(addr string) {
	t.mu.Lock()
	delete(t.addrs, addr)
	t.mu.Unlock()
}

// makeRoom keeps the table under its bound before an address is added:
// at most once per throttleEvery it forgets the addresses whose buckets
// are full again (a full bucket is what a new address gets); if the
// table is still full, one address picked at random goes. Adding costs
// O(1) but for that sweep, however many addresses send wrong tokens.
func (t *throttle) makeRoom(now time.Time) {
	if len(t.addrs) < t.max {
		return
	}
	if now.Sub(t.swept) >= t.every {
		t.swept = now
		for a, st := range t.addrs {
			t.refill(st, now)
			if st.left >= t.burst {
				delete(t.addrs, a)
			}
		}
	}
	for a := range t.addrs {
		if len(t.addrs) < t.max {
			break
		}
		delete(t.addrs, a)
	}
}

// size is the number of addresses remembered.
func (t *throttle) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.addrs)
}

// addrKey is what the throttle counts a request's failures under: its
// IP address (the peer's: a forwarded-for header is not trusted), an
// IPv6 one by its /64, which one host usually holds whole.
func addrKey(remote string) string {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		if a, err := netip.ParseAddr(remote); err == nil {
			ap = netip.AddrPortFrom(a, 0)
		} else {
			return remote
		}
	}
	a := ap.Addr().Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// login sets the session cookie for a request authenticated by ?token=.
// The page itself is then reloaded without the token, so it does not stay
// in the address bar, the history or a bookmark; other paths are served
// directly, for tools that can only put the token in the URL.
func (g *guard) login(w http.ResponseWriter, r *http.Request, next http.Handler) {
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: g.cookie, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil,
	})
	if r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		u := *r.URL
		q := u.Query()
		q.Del("token")
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
		return
	}
	next.ServeHTTP(w, r)
}

// hostOnly strips the port from a Host header value.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
