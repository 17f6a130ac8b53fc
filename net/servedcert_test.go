package transport_test

import (
	"context"
	"crypto/tls"
	"encoding/hex"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	transport "github.com/stratavox/strata/net"
)

// TestServedCertificateHash: for a connection on the listener, the hash
// of the leaf certificate the server presented (what a WebTransport login
// binds to) is the published pin, on a full TLS handshake and on a
// resumed one, which presents no certificate.
func TestServedCertificateHash(t *testing.T) {
	const alpn = "x-strata-test"
	hashes := make(chan string, 2)
	h := newHarness(t, func(_ *harness, cfg *transport.Config) {
		cfg.ALPNHandlers = map[string]transport.ConnHandler{alpn: func(_ context.Context, conn *quic.Conn) {
			sum, err := transport.ServedCertificateHash(conn)
			if err != nil {
				t.Error(err)
			}
			hashes <- hex.EncodeToString(sum)
			<-conn.Context().Done() // the client's to close, once it holds its session ticket
		}}
	})
	cache := &signalledCache{ClientSessionCache: tls.NewLRUClientSessionCache(4), put: make(chan struct{}, 8)}
	tlsConf := &tls.Config{InsecureSkipVerify: true, NextProtos: []string{alpn}, ClientSessionCache: cache}
	for _, resumed := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, err := quic.DialAddr(ctx, h.addr, tlsConf, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got := conn.ConnectionState().TLS.DidResume; got != resumed {
			t.Fatalf("DidResume = %v, want %v", got, resumed)
		}
		if got := recv(t, "the served certificate's hash", hashes); got != h.pin {
			t.Errorf("resumed %v: hash %s, the pin is %s", resumed, got, h.pin)
		}
		if !resumed {
			// The ticket arrives after the handshake: keep the connection
			// until the client holds it, so the next one resumes.
			recv(t, "a session ticket", cache.put)
		}
		_ = conn.CloseWithError(0, "")
	}
}

// signalledCache is a TLS session cache that tells when a ticket is stored.
type signalledCache struct {
	tls.ClientSessionCache
	put chan struct{}
}

func (c *signalledCache) Put(key string, cs *tls.ClientSessionState) {
	c.ClientSessionCache.Put(key, cs)
	if cs != nil {
		select {
		case c.put <- struct{}{}:
		default:
		}
	}
}
