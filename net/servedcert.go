package transport

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"errors"
	"sync"

	"github.com/quic-go/quic-go"
)

// servedCertKey is the connection-context key of a connection's servedCert.
type servedCertKey struct{}

// servedCert remembers the leaf certificate the server presented (or, on a
// resumed TLS session, which presents none, would present) on one
// connection: the value a WebTransport login is bound to
// (BINDING_SERVER_CERT), since a browser cannot read the TLS exporter.
type servedCert struct {
	mu   sync.Mutex
	leaf []byte // DER
}

func (c *servedCert) set(cert *tls.Certificate) {
	if cert == nil || len(cert.Certificate) == 0 {
		return
	}
	c.mu.Lock()
	c.leaf = cert.Certificate[0]
	c.mu.Unlock()
}

func (c *servedCert) get() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.leaf
}

// withServedCert gives a new connection's context the holder the TLS
// callbacks of recordServedCert fill.
func withServedCert(ctx context.Context) context.Context {
	return context.WithValue(ctx, servedCertKey{}, &servedCert{})
}

// recordServedCert makes t note, per connection, the leaf certificate it
// serves. GetConfigForClient runs for every ClientHello, resumed or not,
// and records the certificate the configuration would choose;
// GetCertificate, which runs only on a full handshake, records the one
// actually sent. Both find the holder through the ClientHelloInfo's
// context, which quic-go derives from the connection's (ConnContext).
func recordServedCert(t *tls.Config) {
	base := t.Clone()
	inner := t.GetConfigForClient
	t.GetConfigForClient = func(hi *tls.ClientHelloInfo) (*tls.Config, error) {
		var ret *tls.Config
		cfg := base
		if inner != nil {
			c, err := inner(hi)
			if err != nil {
				return nil, err
			}
			if c != nil {
				ret, cfg = c, c
			}
		}
		if h, ok := hi.Context().Value(servedCertKey{}).(*servedCert); ok {
			if cert, err := chooseCertificate(cfg, hi); err == nil {
				h.set(cert)
			}
		}
		return ret, nil
	}
	if get := t.GetCertificate; get != nil {
		t.GetCertificate = func(hi *tls.ClientHelloInfo) (*tls.Certificate, error) {
			cert, err := get(hi)
			if err == nil {
				if h, ok := hi.Context().Value(servedCertKey{}).(*servedCert); ok {
					h.set(cert)
				}
			}
			return cert, err
		}
	}
}

// chooseCertificate is crypto/tls's choice of a server certificate, as
// far as a configuration exposes it: GetCertificate, else the first of
// Certificates the client supports, else the first.
func chooseCertificate(c *tls.Config, hi *tls.ClientHelloInfo) (*tls.Certificate, error) {
	if c.GetCertificate != nil {
		cert, err := c.GetCertificate(hi)
		if cert != nil || err != nil {
			return cert, err
		}
	}
	if len(c.Certificates) == 0 {
		return nil, errors.New("no certificate configured")
	}
	for i := range c.Certificates {
		if hi.SupportsCertificate(&c.Certificates[i]) == nil {
			return &c.Certificates[i], nil
		}
	}
	return &c.Certificates[0], nil
}

// ServedCertificateHash returns the SHA-256 of the DER leaf certificate
// the server presented on conn: the BINDING_SERVER_CERT value of a
// WebTransport session on it (net/wt). It works for connections accepted
// by a Server's listener (Listen), which records the certificate during
// the TLS handshake, and fails for any other.
func ServedCertificateHash(conn *quic.Conn) ([]byte, error) {
	h, ok := conn.Context().Value(servedCertKey{}).(*servedCert)
	if !ok {
		return nil, errors.New("transport: the connection was not accepted by a transport.Server listener: its certificate is unknown")
	}
	leaf := h.get()
	if leaf == nil {
		return nil, errors.New("transport: no server certificate was recorded for the connection")
	}
	sum := sha256.Sum256(leaf)
	return sum[:], nil
}
