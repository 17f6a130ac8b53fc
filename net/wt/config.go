package wt

import (
	"net/http"
	"time"

	"github.com/quic-go/quic-go/http3"
	"github.com/rs/zerolog"
)

// ALPN is the TLS application protocol that carries WebTransport: HTTP/3's.
// Register Server.ServeConn under it in transport.Config.ALPNHandlers.
const ALPN = http3.NextProtoH3

// DefaultPath is the WebTransport endpoint's default URL path.
const DefaultPath = "/wt"

// Config configures a Server. Every field has a default.
type Config struct {
	// Path is the URL path of the WebTransport endpoint; default "/wt".
	// Every other path answers 404.
	Path string

	// The Origin check. A browser sends the page's origin with the
	// WebTransport request; a session is refused with 403 unless the origin
	// is allowed by AllowedOrigins or SameHostPorts (or CheckOrigin, when
	// set, which replaces both). With all three empty every page is refused,
	// so the endpoint is closed to browsers until configured. A request
	// without an Origin header is not from a web page (a browser always
	// sends one) and is allowed: the check protects users' browsers from
	// other sites, and a non-browser client can send any header it likes.

	// AllowedOrigins are origins ("http://127.0.0.1:8080",
	// "https://play.example.com") whose pages may open sessions. Scheme and
	// host are compared case-insensitively and a default port may be left
	// out. "*" allows every origin (development only).
	AllowedOrigins []string
	// SameHostPorts allows a page served from one of these ports on the
	// very host the browser addressed the WebTransport request to: the
	// server's own HTTP listener, reached by whatever name or address the
	// player used (localhost, 127.0.0.1, a LAN address; localhost,
	// 127.0.0.0/8 and ::1 count as one host). Pair it with a config.json
	// whose URL is built by Server.URL from the page request.
	SameHostPorts []int
	// CheckOrigin, if set, decides instead of the two fields above. It sees
	// only requests that carry an Origin header.
	CheckOrigin func(r *http.Request) bool

	// IdleTimeout closes an HTTP/3 connection that has had no request in
	// flight for this long: one that never asks for a session, or whose
	// session has ended. Default 5s.
	IdleTimeout time.Duration
	// Log receives one line per session and per refused request.
	Log zerolog.Logger
}

func (c Config) withDefaults() Config {
	if c.Path == "" {
		c.Path = DefaultPath
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = 5 * time.Second
	}
	return c
}
