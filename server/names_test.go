package server

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/nettest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/storage"
)

// TestNamesRefusedLoginLapses: a login the server refuses after the
// handshake (SERVER_FULL: its one slot is taken) binds its name only for
// NameUnplayedTTL; then the next key takes the name, plays, and keeps
// it.
func TestNamesRefusedLoginLapses(t *testing.T) {
	const ttl = time.Second
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.MaxClients = 1
	cfg.NameUnplayedTTL = ttl
	srv, _ := startServer(t, cfg)
	alice := dialPlayerOpts(t, srv, client.Options{Name: "alice", Key: newKey(t), ViewDistance: 2})
	refusedKey, ownerKey := newKey(t), newKey(t)
	full, bound := protocol.ErrorCode_ERROR_CODE_SERVER_FULL, protocol.ErrorCode_ERROR_CODE_NAME_BOUND

	_, err := tryDial(t, srv, client.Options{Name: "bob", Key: refusedKey, ViewDistance: 2})
	wantReject(t, err, full, "server full")
	_, err = tryDial(t, srv, client.Options{Name: "bob", Key: ownerKey, ViewDistance: 2})
	wantReject(t, err, bound, "belongs to another player's key")

	time.Sleep(ttl + 100*time.Millisecond)
	alice.Close()
	var bob *client.Conn
	waitfor.Until(t, 10*time.Second, "the refused login's name taken by the next key once alice left", func() bool {
		c, err := tryDial(t, srv, client.Options{Name: "bob", Key: ownerKey, ViewDistance: 2})
		var rej *client.RejectError
		if errors.As(err, &rej) && rej.Code == full {
			return false // alice's slot not free yet
		}
		if err != nil {
			t.Fatalf("the next key for bob after the refused one's binding lapsed: %v", err)
		}
		bob = c
		return true
	})
	waitfor.Until(t, 10*time.Second, "bob played", func() bool { return srv.access.NameStats().NeverPlayed == 0 })
	bob.Close()
	time.Sleep(ttl + 100*time.Millisecond)
	_, err = tryDial(t, srv, client.Options{Name: "bob", Key: refusedKey, ViewDistance: 2})
	wantReject(t, err, bound, "belongs to another player's key")
}

// TestNamesSquatBoundedOverQUIC is the squatting run on a real
// server over loopback, at the default limits: fresh keys log in with
// fresh names from one address, then from 40 (127.0.0.2 to .41, side by
// side). Each address gets its burst of names and then RATE_LIMITED; the
// bindings kept stay within the bursts, also after a restart. Restarted
// with short lapse times, the server deletes the lapsed bindings and a
// real owner takes a squatted name. It logs the figures
// (STRATA_TEST_SQUAT_LOGINS sets the logins of each run: default 200
// from one address and 600 from the 40).
func TestNamesSquatBoundedOverQUIC(t *testing.T) {
	oneLogins, manyLogins := 200, 600
	if s := os.Getenv("STRATA_TEST_SQUAT_LOGINS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 40 {
			t.Fatalf("STRATA_TEST_SQUAT_LOGINS=%q: want a number of at least 40", s)
		}
		oneLogins, manyLogins = n, n
	}
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv, stop := startServer(t, cfg)
	addr, err := net.ResolveUDPAddr("udp", srv.NetAddr())
	if err != nil {
		t.Fatal(err)
	}
	burst := cfg.NameBindBurst
	// run logs in n times, spread over the peers, each peer's logins one
	// after another and the peers side by side.
	run := func(what string, peers []*nettest.Peer, n, first int) {
		var mu sync.Mutex
		admitted, limited := 0, 0
		start := time.Now()
		var wg sync.WaitGroup
		for pi, p := range peers {
			wg.Go(func() {
				for i := pi; i < n; i += len(peers) {
					code, err := squatLogin(p, addr, fmt.Sprintf("sq%d", first+i))
					mu.Lock()
					switch {
					case err != nil:
						t.Errorf("login %d from %s: %v", first+i, p.IP, err)
					case code == protocol.ErrorCode_ERROR_CODE_NONE:
						admitted++
					case code == protocol.ErrorCode_ERROR_CODE_RATE_LIMITED:
						limited++
					default:
						t.Errorf("login %d from %s: %v", first+i, p.IP, code)
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		st := srv.access.NameStats()
		t.Logf("%s: %d fresh-key logins in %v: %d admitted, %d refused RATE_LIMITED; %d bindings kept in all",
			what, n, time.Since(start).Round(time.Millisecond), admitted, limited, st.Bindings)
		if admitted > burst*len(peers) || limited != n-admitted {
			t.Fatalf("%s: %d admitted, %d refused: want %d per address admitted, the rest refused", what, admitted, limited, burst)
		}
	}
	run("one address", []*nettest.Peer{nettest.NewPeer(t, "127.0.0.1")}, oneLogins, 0)
	var many []*nettest.Peer
	for _, ip := range nettest.LoopbackRange(2, 40) {
		many = append(many, nettest.NewPeer(t, ip))
	}
	run("40 addresses", many, manyLogins, oneLogins)
	bound := burst * (1 + len(many))
	if kept := srv.access.NameStats().Bindings; kept > bound {
		t.Fatalf("%d bindings kept, want at most %d", kept, bound)
	}
	stop()
	records, bytes := accessRecords(t, cfg.DataDir)
	t.Logf("after both runs, stopped: %d access records, %d bytes of records (keys and values)", records, bytes)
	if records > bound {
		t.Fatalf("%d access records stored, want at most %d", records, bound)
	}

	// Restarted: the bindings are still there, still bounded; a real
	// owner's login is refused.
	srv, stop = startServer(t, cfg)
	addr, _ = net.ResolveUDPAddr("udp", srv.NetAddr())
	owner := nettest.NewPeer(t, "127.0.0.60")
	if kept := srv.access.NameStats().Bindings; kept != records {
		t.Fatalf("restarted with %d bindings, want the %d stored", kept, records)
	}
	if code, err := squatLogin(owner, addr, "sq0"); err != nil || code != protocol.ErrorCode_ERROR_CODE_NAME_BOUND {
		t.Fatalf("another key for the squatted sq0: %v %v, want NAME_BOUND", code, err)
	}
	stop()

	// Restarted with lapse times shorter than the squatters' stay: the
	// start deletes their bindings, and the owner takes sq0.
	cfg.NameUnplayedTTL, cfg.NameIdleTTL = time.Millisecond, time.Millisecond
	srv, stop = startServer(t, cfg)
	addr, _ = net.ResolveUDPAddr("udp", srv.NetAddr())
	if code, err := squatLogin(owner, addr, "sq0"); err != nil || code != protocol.ErrorCode_ERROR_CODE_NONE {
		t.Fatalf("the real owner of sq0 once the squat lapsed: %v %v", code, err)
	}
	stop()
	records, bytes = accessRecords(t, cfg.DataDir)
	t.Logf("restarted with 1ms lapse times, the owner bound sq0: %d access records, %d bytes of records", records, bytes)
	if records != 1 {
		t.Fatalf("%d access records stored, want the owner's binding alone", records)
	}
}

// squatLogin logs in over p as name with a fresh key and hangs up: it
// returns the Reject's code, or NONE once the server admitted it.
func squatLogin(p *nettest.Peer, server *net.UDPAddr, name string) (protocol.ErrorCode, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := p.Dial(ctx, server, protocol.ALPN)
	if err != nil {
		return 0, fmt.Errorf("dial from %s: %w", p.IP, err)
	}
	defer conn.CloseWithError(0, "")
	st, err := conn.OpenStreamSync(ctx)
	if err != nil {
		return 0, fmt.Errorf("open the control stream: %w", err)
	}
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		return 0, err
	}
	state := conn.ConnectionState().TLS
	value, err := state.ExportKeyingMaterial(protocol.ExporterLabel, nil, protocol.BindingValueSize)
	if err != nil {
		return 0, err
	}
	if _, err := nettest.Login(st, key, &protocol.Hello{Name: name, ViewDistance: 1}, value); err != nil {
		var rej *nettest.RejectedError
		if errors.As(err, &rej) {
			return rej.Reject.GetCode(), nil
		}
		return 0, fmt.Errorf("login %s: %w", name, err)
	}
	m, err := nettest.ReadMessage(st)
	switch {
	case err != nil:
		return 0, fmt.Errorf("login %s: %w", name, err)
	case m.GetReject() != nil:
		return m.GetReject().GetCode(), nil
	case m.GetWelcome() == nil:
		return 0, fmt.Errorf("login %s: %T, want a Welcome or a Reject", name, m.GetKind())
	}
	return protocol.ErrorCode_ERROR_CODE_NONE, nil
}

// accessRecords counts the access records of the world in dir and their
// bytes (keys and values), its server stopped.
func accessRecords(t *testing.T, dir string) (records, bytes int) {
	t.Helper()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.ScanAccess(func(k, v []byte) error {
		records++
		bytes += len(k) + len(v)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return records, bytes
}

// TestNamesConnectedPlayerKeeps: a player who stays in the world longer
// than the idle time keeps the name: the registry hears, while the
// session lasts, that the player is still there.
func TestNamesConnectedPlayerKeeps(t *testing.T) {
	const idle = 2 * time.Second
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.NameIdleTTL = idle
	srv, _ := startServer(t, cfg)
	carol := dialPlayerOpts(t, srv, client.Options{Name: "carol", Key: newKey(t), ViewDistance: 2})
	time.Sleep(idle + idle/2)
	_, err := tryDial(t, srv, client.Options{Name: "carol", Key: newKey(t), ViewDistance: 2})
	wantReject(t, err, protocol.ErrorCode_ERROR_CODE_NAME_BOUND, "belongs to another player's key")
	carol.Close()
	time.Sleep(idle + idle/2)
	if _, err := tryDial(t, srv, client.Options{Name: "carol", Key: newKey(t), ViewDistance: 2}); err != nil {
		t.Fatalf("another key for carol once she was away longer than the idle time: %v", err)
	}
}
