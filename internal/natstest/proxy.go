package natstest

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards loopback TCP connections to one address, and can cut
// them: a process whose NATS URL is the proxy's loses NATS while the rest
// of the cluster keeps it, as a network partition would cut one machine
// off. The NATS client in that process sees its connection close and its
// reconnects refused, and gets back in once the proxy is restored.
//
// The proxy cannot stand in front of a NATS cluster of several nodes: the
// servers tell clients the other nodes' addresses (connect_urls), which
// the client would then dial directly. Use it with a single node.
type Proxy struct {
	l      net.Listener
	target string

	mu    sync.Mutex
	cut   bool
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// StartProxy listens on a loopback port and forwards every connection to
// target (host:port). The test's cleanup closes it and every connection.
func StartProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("natstest: proxy: %v", err)
	}
	p := &Proxy{l: l, target: target, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(p.close)
	return p
}

// Addr returns the address to dial instead of the target.
func (p *Proxy) Addr() string { return p.l.Addr().String() }

// Cut closes every connection through the proxy and closes each new one
// at once until Restore: the client's reconnects fail as they would
// against an unreachable host, only faster.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	for c := range p.conns {
		c.Close()
	}
}

// Restore lets new connections through again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = false
}

// accept forwards each connection until the listener is closed.
func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.cut {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.mu.Unlock()
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		if p.cut { // cut while dialling
			p.mu.Unlock()
			c.Close()
			up.Close()
			continue
		}
		p.conns[c], p.conns[up] = struct{}{}, struct{}{}
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(c, up)
		go p.pipe(up, c)
	}
}

// pipe copies from one side to the other; when either side ends, both
// are closed, so the peer of a cut connection sees it end too.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	io.Copy(dst, src)
	dst.Close()
	src.Close()
	p.mu.Lock()
	delete(p.conns, dst)
	delete(p.conns, src)
	p.mu.Unlock()
}

// close stops the proxy and waits for its goroutines.
func (p *Proxy) close() {
	p.l.Close()
	p.Cut()
	p.wg.Wait()
}
