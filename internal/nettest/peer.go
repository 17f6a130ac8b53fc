package nettest

import (
	"context"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/net/protocol"
)

// Peer is one host of a handshake-flood test: a UDP socket bound to a
// loopback address, its QUIC transport (which counts the Retry packets it
// receives) and the raw connections it opened, all closed at cleanup.
// Raw connections complete the QUIC handshake and send nothing more.
type Peer struct {
	// IP is the bound address.
	IP string

	tr      *quic.Transport
	retries atomic.Int64

	mu       sync.Mutex
	conns    []*quic.Conn
	dialErrs []error // dials that failed (a refusal may overtake the handshake)
}

// NewPeer binds ip on an ephemeral port. It skips the test when the
// address cannot be bound: 127.0.0.1 always can, other 127/8 addresses
// only where loopback covers the whole block (Linux does, macOS does not).
func NewPeer(t testing.TB, ip string) *Peer {
	t.Helper()
	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(ip)})
	if err != nil {
		t.Skipf("cannot bind loopback address %s (no 127/8 aliases here): %v", ip, err)
	}
	p := &Peer{IP: ip}
	p.tr = &quic.Transport{Conn: retryCounter{PacketConn: udp, udp: udp, n: &p.retries}}
	t.Cleanup(func() {
		p.mu.Lock()
		for _, c := range p.conns {
			_ = c.CloseWithError(0, "")
		}
		p.mu.Unlock()
		_ = p.tr.Close()
		_ = udp.Close()
	})
	return p
}

// LoopbackRange is n loopback addresses from 127.0.0.first on.
func LoopbackRange(first, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("127.0.0.%d", first+i)
	}
	return out
}

// Retries is the number of Retry packets the peer received.
func (p *Peer) Retries() int64 { return p.retries.Load() }

// dialWait bounds a Dial: only a bound, generous for a machine loaded
// with a flood of handshakes and more (5 s was not, in a run beside a CPU
// hog on both cores).
const dialWait = 20 * time.Second

// Dial completes a QUIC handshake with alpn (at most dialWait) and keeps
// the connection until cleanup.
func (p *Peer) Dial(ctx context.Context, server *net.UDPAddr, alpn string) (*quic.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, dialWait)
	defer cancel()
	conn, err := p.tr.Dial(ctx, server, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{alpn}},
		&quic.Config{HandshakeIdleTimeout: dialWait, MaxIdleTimeout: time.Minute})
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.conns = append(p.conns, conn)
	p.mu.Unlock()
	return conn, nil
}

// Handshake dials and hangs up at once.
func (p *Peer) Handshake(ctx context.Context, server *net.UDPAddr) error {
	conn, err := p.Dial(ctx, server, protocol.ALPN)
	if err != nil {
		return err
	}
	return conn.CloseWithError(0, "")
}

// Flood opens n idle connections with our ALPN, 8 at a time, and returns
// when every attempt has ended one way or the other.
func (p *Peer) Flood(ctx context.Context, server *net.UDPAddr, n int) {
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			if _, err := p.Dial(ctx, server, protocol.ALPN); err != nil {
				p.mu.Lock()
				p.dialErrs = append(p.dialErrs, err)
				p.mu.Unlock()
			}
		})
	}
	wg.Wait()
}

// Settle waits, at most until deadline, until no more than want of the
// peer's connections are open, then sorts them: still open, closed by the
// server with SERVER_FULL (or refused so during the dial), ended
// otherwise (logged).
func (p *Peer) Settle(t testing.TB, want int, deadline time.Time) (open, refused, other int) {
	t.Helper()
	for {
		var others []error
		open, refused = 0, 0
		p.mu.Lock()
		ends := slices.Clone(p.dialErrs)
		for _, c := range p.conns {
			if c.Context().Err() == nil {
				open++
			} else {
				ends = append(ends, context.Cause(c.Context()))
			}
		}
		p.mu.Unlock()
		for _, err := range ends {
			if code, ok := AppCode(err); ok && code == protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
				refused++
			} else {
				others = append(others, err)
			}
		}
		if open <= want || time.Now().After(deadline) {
			for _, err := range others {
				t.Logf("%s: a connection ended otherwise: %v", p.IP, err)
			}
			return open, refused, len(others)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// AppCode is the code of a close by the server with an application error.
func AppCode(err error) (protocol.ErrorCode, bool) {
	var app *quic.ApplicationError
	if !errors.As(err, &app) || !app.Remote {
		return 0, false
	}
	return protocol.ErrorCodeOf(uint64(app.ErrorCode)), true
}

// retryCounter counts the QUIC Retry packets a socket receives. As a
// plain net.PacketConn, quic-go reads it through ReadFrom (not the batched
// reads of a *net.UDPConn); the buffer-size controls are passed through
// because quic-go adjusts them (and warns without them).
type retryCounter struct {
	net.PacketConn
	udp *net.UDPConn
	n   *atomic.Int64
}

func (c retryCounter) SetReadBuffer(n int) error             { return c.udp.SetReadBuffer(n) }
func (c retryCounter) SetWriteBuffer(n int) error            { return c.udp.SetWriteBuffer(n) }
func (c retryCounter) SyscallConn() (syscall.RawConn, error) { return c.udp.SyscallConn() }

func (c retryCounter) ReadFrom(b []byte) (int, net.Addr, error) {
	n, addr, err := c.PacketConn.ReadFrom(b)
	if n > 0 && isRetry(b[:n]) {
		c.n.Add(1)
	}
	return n, addr, err
}

// isRetry recognises a Retry by its long header (RFC 9000 §17.2.5; the
// packet type is 3 in QUIC v1 and 0 in v2, RFC 9369 §3.2).
func isRetry(b []byte) bool {
	if len(b) < 5 || b[0]&0xc0 != 0xc0 {
		return false
	}
	typ := b[0] >> 4 & 0x3
	switch binary.BigEndian.Uint32(b[1:5]) {
	case 0x00000001:
		return typ == 3
	case 0x6b3343cf:
		return typ == 0
	}
	return false
}
