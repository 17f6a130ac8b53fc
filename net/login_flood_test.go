package transport_test

import (
	"context"
	"crypto/ed25519"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/internal/nettest"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// holdFlood is issue 52's login flood: hosts on loopback addresses that
// each keep perAddr connections in their login without ever sending a
// Hello (or, with hello, sending a Hello and never the Proof), and redial
// the moment one is closed (or refused). It stops, and closes every
// socket it opened, when stop returns.
type holdFlood struct {
	hello  bool
	cancel context.CancelFunc
	wg     sync.WaitGroup
	trs    []*quic.Transport
	udps   []*net.UDPConn

	dials, refused atomic.Int64 // handshakes completed; ended with SERVER_FULL
}

// startHoldFlood binds every address of ips (skipping the test where the
// loopback block has no aliases) and starts perAddr holders on each.
func startHoldFlood(t *testing.T, server *net.UDPAddr, ips []string, perAddr int, hello bool) *holdFlood {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	f := &holdFlood{hello: hello, cancel: cancel}
	for _, ip := range ips {
		udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(ip)})
		if err != nil {
			f.stop()
			t.Skipf("cannot bind loopback address %s (no 127/8 aliases here): %v", ip, err)
		}
		tr := &quic.Transport{Conn: udp}
		f.udps, f.trs = append(f.udps, udp), append(f.trs, tr)
		for range perAddr {
			f.wg.Go(func() { f.hold(ctx, tr, server) })
		}
	}
	return f
}

// hold keeps one idle connection open from tr, redialling at once.
func (f *holdFlood) hold(ctx context.Context, tr *quic.Transport, server *net.UDPAddr) {
	tlsConf := &tls.Config{InsecureSkipVerify: true, NextProtos: []string{protocol.ALPN}}
	qconf := &quic.Config{HandshakeIdleTimeout: 10 * time.Second, MaxIdleTimeout: time.Minute}
	for ctx.Err() == nil {
		conn, err := tr.Dial(ctx, server, tlsConf, qconf)
		if err != nil {
			if code, ok := nettest.AppCode(err); ok && code == protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
				f.refused.Add(1)
			}
			continue
		}
		f.dials.Add(1)
		if f.hello {
			f.sendHello(ctx, conn)
		}
		select {
		case <-conn.Context().Done():
			if code, ok := nettest.AppCode(context.Cause(conn.Context())); ok && code == protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
				f.refused.Add(1)
			}
		case <-ctx.Done():
			_ = conn.CloseWithError(0, "")
		}
	}
}

// sendHello opens the control stream and sends a valid Hello, of a fresh
// key and name; failures (the connection closed meanwhile) are the
// server's doing and end the wait in hold.
func (f *holdFlood) sendHello(ctx context.Context, conn *quic.Conn) {
	st, err := conn.OpenStreamSync(ctx)
	if err != nil {
		return
	}
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		return
	}
	name := fmt.Sprintf("f%x", key.Public().(ed25519.PublicKey)[:6])
	_ = nettest.SendHello(st, key, &protocol.Hello{Name: name})
}

// stop ends the flood and waits for its goroutines and sockets.
func (f *holdFlood) stop() {
	f.cancel()
	f.wg.Wait()
	for i := range f.trs {
		_ = f.trs[i].Close()
		_ = f.udps[i].Close()
	}
}

// getIn logs a player in the way a client should under SERVER_FULL:
// retry after a short pause that grows. It returns the connection, the
// attempts it took and the time from the first.
func getIn(ctx context.Context, addr string, opts client.Options) (*client.Conn, int, time.Duration, error) {
	start := time.Now()
	pause := 20 * time.Millisecond
	for tries := 1; ; tries++ {
		c, err := client.Dial(ctx, addr, opts)
		if err == nil {
			return c, tries, time.Since(start), nil
		}
		var rej *client.RejectError
		if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL {
			return nil, tries, time.Since(start), fmt.Errorf("try %d: %w", tries, err)
		}
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, tries, time.Since(start), fmt.Errorf("still refused after %d tries: %w", tries, err)
		}
		pause = min(2*pause, 250*time.Millisecond)
	}
}

// TestLoginFloodFromManyHosts is issue 52 item 1: forty hosts, each
// holding its share of login slots with connections that never send a
// Hello and redialling as fast as they are closed, must not keep a player
// out; nor must hosts that send a Hello and never the Proof. What is
// asserted is the SERVER_FULL refusals a try meets before it gets in
// (the idle flood may refuse a player only by bad luck; before eviction
// a try met a dozen), and a time bound generous for a loaded machine,
// so that a lockout ends the test: the requirement is a second at the
// 99th percentile, a figure of the machine as much as of the code, so
// it is logged, not asserted. The short form makes 5 tries per flood;
// with STRATA_TEST_LONG it makes 50 and logs the percentiles for docs
// and reports.
func TestLoginFloodFromManyHosts(t *testing.T) {
	tries := 5
	if testkit.LongEnabled() {
		tries = 50
	}
	tests := []struct {
		name    string
		hello   bool // the flood sends its Hello, then nothing
		refused int  // SERVER_FULL refusals allowed per try
	}{
		{"no Hello", false, 2},
		// Such sessions give way only once they owe their Proof for
		// ProofGrace, so a player may meet a few refusals.
		{"Hello, no Proof", true, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { loginUnderFlood(t, tt.hello, tries, tt.refused) })
	}
}

// loginUnderFlood runs one flood of TestLoginFloodFromManyHosts and tries
// times a player's login under it, each allowed maxRefused refusals.
func loginUnderFlood(t *testing.T, hello bool, tries, maxRefused int) {
	const (
		hosts  = 40
		perTry = 20 * time.Second // the bound of one player's login, retries included
		fill   = 20 * time.Second // a bound: the flood fills the slots in well under a second unloaded
		warmUp = 3 * time.Second  // then, at most, until its connections have turned over
		gap    = 200 * time.Millisecond
	)
	h := newHarness(t)
	server := h.srv.Addr().(*net.UDPAddr)
	flood := startHoldFlood(t, server, nettest.LoopbackRange(2, hosts), floodPerAddr, hello)
	defer flood.stop()

	// The player meets the flood in its steady state: every slot held, and
	// the flood's connections closed and redialled about once each.
	for deadline := time.Now().Add(fill); h.srv.AwaitingHello() < floodMaxHandshakes; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the flood holds %d login slots after %v; the test needs them full (%d)", h.srv.AwaitingHello(), fill, floodMaxHandshakes)
		}
	}
	for deadline := time.Now().Add(warmUp); time.Now().Before(deadline) && flood.refused.Load() < hosts*floodPerAddr; {
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("flood running: %d login slots held, %d handshakes, %d closed or refused with SERVER_FULL", h.srv.AwaitingHello(), flood.dials.Load(), flood.refused.Load())

	var took []time.Duration
	var attempts []int
	for i := range tries {
		ctx, cancel := context.WithTimeout(t.Context(), perTry)
		opts := client.Options{Name: fmt.Sprintf("player%02d", i), PinSHA256: h.pin, ViewDistance: 4, Log: nettest.Logger(t)}
		c, n, d, err := getIn(ctx, h.addr, opts)
		cancel()
		attempts = append(attempts, n)
		if err != nil {
			t.Errorf("try %d: locked out by the flood for %v: %v", i, d.Round(time.Millisecond), err)
			break // one lockout is the verdict; more would only take long
		}
		if n-1 > maxRefused {
			t.Errorf("try %d: refused %d times (SERVER_FULL) before getting in after %v; want at most %d", i, n-1, d.Round(time.Millisecond), maxRefused)
		}
		took = append(took, d)
		stillServes(t, c)
		_ = c.Close()
		time.Sleep(gap) // tries spread over the flood's turnover, not one burst
	}
	slices.Sort(took)
	refusedTries := 0
	for _, n := range attempts {
		refusedTries += n - 1
	}
	t.Logf("%d/%d tries got in under the flood; time to get in p50 %v p99 %v max %v; %d refusals (SERVER_FULL) over all tries; the flood completed %d handshakes, %d closed or refused with SERVER_FULL; %d awaiting their Hello at the end",
		len(took), tries, pct(took, 50), pct(took, 99), pct(took, 100), refusedTries, flood.dials.Load(), flood.refused.Load(), h.srv.AwaitingHello())
}

// pct is the p-th percentile of sorted ds (nearest rank), 0 for none.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := (p*len(ds) + 99) / 100
	return ds[max(i, 1)-1].Round(time.Millisecond)
}
