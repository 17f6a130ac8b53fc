package admin

import (
	"context"
	"errors"
	"fmt"
	stdlog "log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/access"
)

// DefaultAddr is the admin listener's default address: loopback only, so
// no token is needed.
const DefaultAddr = "127.0.0.1:8080"

// Config configures the admin listener.
type Config struct {
	// Addr is host:port to listen on; empty means DefaultAddr. Port 0
	// picks a free port (see Server.Addr). Only "localhost" and loopback
	// IP literals count as loopback; an empty host binds every interface.
	Addr string
	// Token, if set, is required on every request as
	// "Authorization: Bearer TOKEN", or as ?token=TOKEN (which also sets an
	// HttpOnly session cookie, for browsers). Required off loopback.
	Token string
	// Log receives the listener's lifecycle, refused requests (sampled)
	// and HTTP server errors.
	Log zerolog.Logger
	// Cert, if set, serves /api/cert (for example certs.Manager.Handler(),
	// which follows renewals); otherwise /api/cert serves the published
	// snapshot's CertSHA256.
	Cert http.Handler
	// Public maps ServeMux patterns to handlers served to anyone, outside
	// the token check (the browser client at /play).
	Public map[string]http.Handler
	// Backup, if set, serves POST /api/backup {"name": NAME}: a
	// consistent copy of the world database into the data directory's
	// backups folder while the server runs (see BackupFunc). The request
	// must come from the listener's own origin or from a non-browser
	// client (see docs/admin.md).
	Backup BackupFunc
	// Console, if set, runs the player endpoints' commands (POST
	// /api/kick, /api/ban, /api/unban, /api/op, /api/deop,
	// /api/whitelist, /api/say, /api/names/release): each request
	// becomes one console line such as "/kick bob griefing", and the
	// command's reply is the answer. Without it those endpoints answer
	// 404 and the status page shows no kick or ban buttons. Like
	// /api/backup, they refuse cross-site requests.
	Console ConsoleFunc
	// Access, if set, is read (never changed: changes go through Console
	// and the tick) for GET /api/ops, /api/bans, /api/whitelist and the
	// operator flags of GET /api/players.
	Access *access.Registry
}

// Server is the admin HTTP listener.
type Server struct {
	cfg     Config
	log     zerolog.Logger
	handler http.Handler
	srv     *http.Server

	mu   sync.Mutex
	ln   net.Listener
	done chan struct{} // closed when Serve returns
}

// New checks cfg and builds the server; it does not listen yet (Start
// does). It refuses, with an error wrapping ErrTokenRequired, an address
// off loopback without a token. status and metrics must not be nil.
func New(cfg Config, status *Status, metrics *Metrics) (*Server, error) {
	if status == nil || metrics == nil {
		return nil, errors.New("admin: status and metrics are required")
	}
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	loopback, err := checkAddr(cfg.Addr)
	if err != nil {
		return nil, err
	}
	if err := checkToken(cfg.Token); err != nil {
		return nil, err
	}
	if !loopback && cfg.Token == "" {
		return nil, fmt.Errorf("%w: %q is not a loopback address, so anyone who can reach it could read the server's state and profile it; set an admin token, or listen on 127.0.0.1", ErrTokenRequired, cfg.Addr)
	}
	log := cfg.Log.With().Str("component", "admin").Logger()
	s := &Server{cfg: cfg, log: log}
	s.handler = securityHeaders(newGuard(cfg.Token, log).wrap(routes(status, metrics, cfg, log)))
	if len(cfg.Public) > 0 {
		// Public pages (the browser client for players) need neither the
		// admin token nor the admin pages' headers; they hold no secrets.
		mux := http.NewServeMux()
		for pattern, h := range cfg.Public {
			mux.Handle(pattern, h)
		}
		mux.Handle("/", s.handler)
		s.handler = mux
	}
	s.srv = &http.Server{
		Handler: s.handler,
		// No WriteTimeout: /debug/pprof/profile and /trace stream for as
		// many seconds as asked. Slow-header clients are still cut off.
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          stdlog.New(log, "", 0),
	}
	return s, nil
}

// Handler returns the server's whole handler (authentication included),
// for serving it another way, such as from httptest.
func (s *Server) Handler() http.Handler { return s.handler }

// Start listens on the configured address and serves in the background.
// Addr then returns the bound address.
func (s *Server) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln != nil {
		return errors.New("admin: already started")
	}
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("admin: listen on %s: %w", s.cfg.Addr, err)
	}
	// "localhost" could resolve to a routable address on a misconfigured
	// host; open access is only for what is really loopback.
	if tcp, ok := ln.Addr().(*net.TCPAddr); s.cfg.Token == "" && (!ok || !tcp.IP.IsLoopback()) {
		_ = ln.Close()
		return fmt.Errorf("%w: %s resolved to %s", ErrTokenRequired, s.cfg.Addr, ln.Addr())
	}
	s.ln = ln
	s.done = make(chan struct{})
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error().Err(err).Msg("admin listener stopped")
		}
	}()
	s.log.Info().Str("addr", ln.Addr().String()).Bool("token", s.cfg.Token != "").Msg("admin listening")
	return nil
}

// Addr returns the bound address once started (with the real port when
// the configured one was 0), else the configured address.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln != nil {
		return s.ln.Addr().String()
	}
	return s.cfg.Addr
}

// Shutdown stops accepting connections and waits for active requests
// until ctx ends, then closes the rest. It is a no-op if never started.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	started := s.ln != nil
	done := s.done
	s.mu.Unlock()
	if !started {
		return nil
	}
	err := s.srv.Shutdown(ctx)
	if err != nil {
		// Streaming profiles can outlive ctx; do not leave them running.
		_ = s.srv.Close()
		err = fmt.Errorf("admin: shutdown: %w", err)
	}
	<-done
	s.log.Info().Msg("admin listener stopped")
	return err
}

// securityHeaders sets headers every response gets: the page loads only
// its own scripts and styles, cannot be framed, and sends no Referer (a
// ?token= URL must not leak).
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'")
		next.ServeHTTP(w, r)
	})
}
