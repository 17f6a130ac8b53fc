package admin

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
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
type guard struct {
	tokenSum [sha256.Size]byte // compared instead of the token: equal lengths, constant time
	cookie   string
	open     bool
	log      zerolog.Logger // sampled: a scanner must not flood the log
}

func newGuard(token string, log zerolog.Logger) *guard {
	g := &guard{open: token == "", log: log.Sample(&zerolog.BurstSampler{Burst: 5, Period: time.Minute})}
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
		if scheme, cred, ok := strings.Cut(r.Header.Get("Authorization"), " "); ok && strings.EqualFold(scheme, "Bearer") && g.tokenOK(strings.TrimSpace(cred)) {
			next.ServeHTTP(w, r)
			return
		}
		if c, err := r.Cookie(cookieName); err == nil && subtle.ConstantTimeCompare([]byte(c.Value), []byte(g.cookie)) == 1 {
			next.ServeHTTP(w, r)
			return
		}
		if q := r.URL.Query(); q.Has("token") && g.tokenOK(q.Get("token")) {
			g.login(w, r, next)
			return
		}
		g.log.Warn().Str("remote", r.RemoteAddr).Str("path", r.URL.Path).Msg("admin request refused: missing or wrong token")
		w.Header().Set("WWW-Authenticate", `Bearer realm="strata admin"`)
		http.Error(w, "unauthorized: send the header Authorization: Bearer TOKEN, or open /?token=TOKEN in a browser", http.StatusUnauthorized)
	})
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
