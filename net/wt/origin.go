package wt

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// originPolicy is the Origin check of Config.
type originPolicy struct {
	custom    func(*http.Request) bool
	any       bool
	exact     map[string]bool // canonical origins
	sameHostP map[string]bool // ports, as strings
}

func newOriginPolicy(c Config) (*originPolicy, error) {
	p := &originPolicy{custom: c.CheckOrigin, exact: map[string]bool{}, sameHostP: map[string]bool{}}
	for _, o := range c.AllowedOrigins {
		if o == "*" {
			p.any = true
			continue
		}
		canon, _, _, err := canonicalOrigin(o)
		if err != nil {
			return nil, fmt.Errorf("wt: AllowedOrigins: %w", err)
		}
		p.exact[canon] = true
	}
	for _, port := range c.SameHostPorts {
		if port <= 0 || port > 65535 {
			return nil, fmt.Errorf("wt: SameHostPorts: %d is not a port", port)
		}
		p.sameHostP[strconv.Itoa(port)] = true
	}
	return p, nil
}

// allow reports whether r may open a session, and why not.
func (p *originPolicy) allow(r *http.Request) (bool, string) {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true, ""
	}
	if p.custom != nil {
		if p.custom(r) {
			return true, ""
		}
		return false, "refused by CheckOrigin"
	}
	if p.any {
		return true, ""
	}
	canon, host, port, err := canonicalOrigin(origin)
	if err != nil {
		return false, err.Error()
	}
	if p.exact[canon] {
		return true, ""
	}
	if p.sameHostP[port] && sameHost(host, hostOnly(r.Host)) {
		return true, ""
	}
	return false, "origin not allowed"
}

// canonicalOrigin parses a serialized origin (scheme://host[:port], as
// browsers send it) into "scheme://host:port" with the scheme and host
// lower-cased and the default port made explicit, plus its host (without
// brackets) and port.
func canonicalOrigin(o string) (canon, host, port string, err error) {
	u, err := url.Parse(o)
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", "", "", fmt.Errorf("%q is not an origin (scheme://host[:port])", o)
	}
	scheme := strings.ToLower(u.Scheme)
	switch scheme {
	case "http":
		port = "80"
	case "https":
		port = "443"
	default:
		return "", "", "", fmt.Errorf("origin %q: scheme must be http or https", o)
	}
	host = strings.ToLower(u.Hostname())
	if p := u.Port(); p != "" {
		port = p
	}
	return scheme + "://" + net.JoinHostPort(host, port), host, port, nil
}

// hostOnly strips the port (and IPv6 brackets) from a Host header value.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// sameHost reports whether two host names or addresses name the same
// machine as far as an origin check can tell: equal, or both loopback
// (localhost, 127.0.0.0/8, ::1), since Server.URL turns a page's
// "localhost" into 127.0.0.1.
func sameHost(a, b string) bool {
	return strings.EqualFold(a, b) || (isLoopback(a) && isLoopback(b))
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
