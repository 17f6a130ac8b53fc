package wt

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"
	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
)

// SessionServer runs sessions; *transport.Server is one.
type SessionServer interface {
	ServeSession(transport.Session)
}

// Server turns HTTP/3 connections into WebTransport sessions for a
// transport. Its ServeConn is a transport.ConnHandler.
type Server struct {
	cfg     Config
	log     zerolog.Logger
	refused zerolog.Logger // sampled: refusals are the peer's to repeat
	origins *originPolicy
	wt      *webtransport.Server

	attachOnce sync.Once
	attached   chan struct{} // closed by Attach
	sessions   SessionServer // set before attached is closed

	mu    sync.Mutex
	conns map[*quic.Conn]*h3Conn
}

// Timings of the WebTransport side of a shutdown and of Attach.
const (
	// shutdownGrace bounds the wait for a connection's sessions to close
	// (the transport closes them with SHUTDOWN) before the connection goes.
	shutdownGrace = 2 * time.Second
	// closeLinger is how long a closed session, and at shutdown a
	// connection, waits for the peer to answer WT_CLOSE_SESSION before the
	// streams are reset or the connection is closed: either would overtake
	// the capsule, and the page would see a bare connection loss instead
	// of the close code. Browsers answer within a round trip.
	closeLinger = 200 * time.Millisecond
	// attachWait bounds how long a session waits for Attach.
	attachWait = 5 * time.Second
	// maxHeaderBytes caps a request's header block: a WebTransport CONNECT
	// is a few hundred bytes, and http3's default is 1 MiB.
	maxHeaderBytes = 16 << 10
)

// New builds a Server. It fails on a malformed AllowedOrigins entry or
// SameHostPorts value.
func New(cfg Config) (*Server, error) {
	cfg = cfg.withDefaults()
	origins, err := newOriginPolicy(cfg)
	if err != nil {
		return nil, err
	}
	log := cfg.Log.With().Str("component", "webtransport").Logger()
	s := &Server{
		cfg:      cfg,
		log:      log,
		refused:  log.Sample(&zerolog.BurstSampler{Burst: 10, Period: time.Second}),
		origins:  origins,
		attached: make(chan struct{}),
		conns:    make(map[*quic.Conn]*h3Conn),
	}
	s.wt = &webtransport.Server{
		H3: &http3.Server{
			Handler:        http.HandlerFunc(s.serveHTTP),
			IdleTimeout:    cfg.IdleTimeout,
			MaxHeaderBytes: maxHeaderBytes,
			ConnContext: func(ctx context.Context, c *quic.Conn) context.Context {
				return context.WithValue(ctx, connKey{}, s.conn(c))
			},
		},
		// Checked again in serveHTTP, where a refusal gets its 403.
		CheckOrigin: func(r *http.Request) bool { ok, _ := s.origins.allow(r); return ok },
	}
	return s, nil
}

// Attach sets the transport that serves the sessions. Call it once, right
// after transport.Listen returns; a session that arrives before waits for
// it (up to 5 s).
func (s *Server) Attach(t SessionServer) {
	s.attachOnce.Do(func() {
		s.sessions = t
		close(s.attached)
	})
}

// URL is the WebTransport URL for a page that was requested with r (the
// page's config.json request): the host the browser used for the page,
// the given UDP port and Config.Path. Pinned certificates are not checked
// against names, so any name that reaches the server works, and with
// SameHostPorts the page's origin is then accepted.
//
// "localhost" becomes 127.0.0.1: Chromium resolves localhost to ::1 for
// QUIC and does not fall back to IPv4, so a page opened as
// http://localhost:8080 could not reach a listener bound to 127.0.0.1.
func (s *Server) URL(r *http.Request, port int) string {
	host := hostOnly(r.Host)
	if strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	return "https://" + net.JoinHostPort(host, strconv.Itoa(port)) + s.cfg.Path
}

// serveHTTP answers every HTTP/3 request: Config.Path upgrades to a
// session, anything else is refused.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != s.cfg.Path {
		http.NotFound(w, r)
		return
	}
	origin := r.Header.Get("Origin")
	log := s.log.With().Str("remote", r.RemoteAddr).Str("origin", origin).Logger()
	if r.Method != http.MethodConnect {
		w.Header().Set("Allow", http.MethodConnect)
		http.Error(w, "this is a WebTransport endpoint (extended CONNECT)", http.StatusMethodNotAllowed)
		return
	}
	if ok, why := s.origins.allow(r); !ok {
		s.refused.Warn().Str("remote", r.RemoteAddr).Str("origin", origin).Str("reason", why).Msg("WebTransport session refused: origin")
		http.Error(w, "origin not allowed", http.StatusForbidden)
		return
	}
	hc, _ := r.Context().Value(connKey{}).(*h3Conn)
	if hc == nil { // cannot happen: ConnContext sets it for every connection ServeConn serves
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	sessions := s.waitAttached(r.Context())
	if sessions == nil {
		log.Error().Msg("WebTransport session refused: wt.Server.Attach was not called")
		http.Error(w, "server not ready", http.StatusServiceUnavailable)
		return
	}
	hc.begin()
	defer hc.end()
	ws, err := s.wt.Upgrade(w, r)
	if err != nil {
		s.refused.Info().Str("remote", r.RemoteAddr).Err(err).Msg("WebTransport upgrade failed")
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	log.Info().Msg("WebTransport session")
	// HTTPStream is the CONNECT stream, which Upgrade has answered.
	sess := newSession(ws, hc.conn, w.(http3.HTTPStreamer).HTTPStream())
	sessions.ServeSession(sess)
	// ServeSession closes the session; this only covers a SessionServer
	// that does not (a no-op otherwise).
	_ = sess.CloseWithError(0, "")
}

func (s *Server) waitAttached(ctx context.Context) SessionServer {
	select {
	case <-s.attached:
		return s.sessions
	default:
	}
	t := time.NewTimer(attachWait)
	defer t.Stop()
	select {
	case <-s.attached:
		return s.sessions
	case <-t.C:
	case <-ctx.Done():
	}
	return nil
}
