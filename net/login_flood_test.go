package transport_test

import (
	"context"
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
// Hello, and redial the moment one is closed (or refused). It stops, and
// closes every socket it opened, when stop returns.
type holdFlood struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	trs    []*quic.Transport
	udps   []*net.UDPConn

	dials, refused atomic.Int64 // handshakes completed; ended with SERVER_FULL
}

// startHoldFlood binds every address of ips (skipping the test where the
// loopback block has no aliases) and starts perAddr holders on each.
func startHoldFlood(t *testing.T, server *net.UDPAddr, ips []string, perAddr int) *holdFlood {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	f := &holdFlood{cancel: cancel}
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
// out. Each try must get in within a bound generous for a loaded machine
// (the requirement is a second at the 99th percentile; the figures are
// logged). The short form makes 5 tries; with STRATA_TEST_LONG it makes
// 50 and logs the percentiles for docs and reports.
func TestLoginFloodFromManyHosts(t *testing.T) {
	tries := 5
	if testkit.LongEnabled() {
		tries = 50
	}
	const (
		hosts  = 40
		perTry = 5 * time.Second // the bound of one player's login, retries included
		warmUp = 3 * time.Second // the flood's start-up, at most: see below
		gap    = 200 * time.Millisecond
	)
	h := newHarness(t)
	server := h.srv.Addr().(*net.UDPAddr)
	flood := startHoldFlood(t, server, nettest.LoopbackRange(2, hosts), floodPerAddr)
	defer flood.stop()

	// The player meets the flood in its steady state: every slot held, and
	// the flood's connections closed and redialled about once each.
	for deadline := time.Now().Add(warmUp); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if h.srv.AwaitingHello() >= floodMaxHandshakes && flood.refused.Load() >= hosts*floodPerAddr {
			break
		}
	}
	if n := h.srv.AwaitingHello(); n < floodMaxHandshakes/2 {
		t.Fatalf("the flood holds %d login slots after %v; the test needs them full (%d)", n, warmUp, floodMaxHandshakes)
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
			continue
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
