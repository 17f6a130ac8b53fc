package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	webclient "github.com/stratavox/strata/web"
)

// systemLines collects the system chat lines a client is sent.
type systemLines struct {
	mu    sync.Mutex
	lines []string
}

func (s *systemLines) handlers() client.Handlers {
	return client.Handlers{OnControl: func(m *protocol.ServerMessage) {
		if cb := m.GetChatBroadcast(); cb != nil && cb.GetSystem() {
			s.mu.Lock()
			s.lines = append(s.lines, cb.GetText())
			s.mu.Unlock()
		}
	}}
}

// waitFor waits until a line containing want arrived.
func (s *systemLines) waitFor(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		for _, l := range s.lines {
			if strings.Contains(l, want) {
				s.mu.Unlock()
				return
			}
		}
		s.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t.Fatalf("no system line containing %q; got %q", want, s.lines)
}

func newKey(t *testing.T) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// tryDial connects and returns the handshake's error instead of failing.
func tryDial(t *testing.T, srv *Server, o client.Options) (*client.Conn, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	o.PinSHA256 = srv.CertSHA256()
	c, err := client.Dial(ctx, srv.NetAddr(), o)
	if err == nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, err
}

// wantReject asserts err is a Reject with code whose reason holds reason.
func wantReject(t *testing.T, err error, code protocol.ErrorCode, reason string) {
	t.Helper()
	var rej *client.RejectError
	if !errors.As(err, &rej) || rej.Code != code || !strings.Contains(rej.Reason, reason) {
		t.Fatalf("dial: %v, want a %v Reject mentioning %q", err, code, reason)
	}
}

// waitClosed waits for c to end and returns the close code the server gave.
func waitClosed(t *testing.T, c *client.Conn) protocol.ErrorCode {
	t.Helper()
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("connection still open after 10s")
	}
	var ce *client.CloseError
	if err := c.Err(); !errors.As(err, &ce) || !ce.Remote {
		t.Fatalf("connection ended with %v, not a close by the server", err)
	}
	return ce.Code
}

// TestIdentityOverQUIC runs the identity cases end to end on a
// real server: Pebble on disk, QUIC on loopback, the default plugins.
func TestIdentityOverQUIC(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv, stop := startServer(t, cfg)
	aliceKey, bobKey, strangerKey := newKey(t), newKey(t), newKey(t)

	// First login binds alice; she moves away and leaves.
	var aliceChat systemLines
	alice := dialPlayerOpts(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2, Handlers: aliceChat.handlers()})
	if err := alice.Chat("/tp 120.5 90 -40.5"); err != nil {
		t.Fatal(err)
	}
	aliceChat.waitFor(t, "teleported to 120.5 90.0 -40.5")
	alice.Close()

	// Another key for her name is refused with its own code, and binds nothing.
	_, err := tryDial(t, srv, client.Options{Name: "ALICE", Key: strangerKey, ViewDistance: 2})
	wantReject(t, err, protocol.ErrorCode_ERROR_CODE_NAME_BOUND, "")
	if k, ok := srv.Access().Binding("alice"); !ok || !k.Equal(aliceKey.Public()) {
		t.Fatalf("alice is bound to %x (%v), want her own key", k, ok)
	}

	// Her own key resumes where she left.
	alice, err = tryDial(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2, Handlers: aliceChat.handlers()})
	if err != nil {
		t.Fatalf("alice with her key: %v", err)
	}
	if sp := alice.Welcome().GetSpawn(); math.Abs(sp.GetX()-120.5) > 1e-9 || math.Abs(sp.GetZ()+40.5) > 1e-9 {
		t.Fatalf("alice resumed at %v, want where she left (120.5, -40.5)", sp)
	}

	// The same key logging in again takes over the session: the old one is
	// closed with REPLACED and the new one is admitted.
	alice2, err := tryDial(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2, Handlers: aliceChat.handlers()})
	if err != nil {
		t.Fatalf("alice taking over her own session: %v", err)
	}
	if code := waitClosed(t, alice); code != protocol.ErrorCode_ERROR_CODE_REPLACED {
		t.Fatalf("alice's old session closed with %v, want REPLACED", code)
	}
	alice = alice2

	// An ordinary player's /kick is refused and changes nothing.
	var bobChat systemLines
	bob := dialPlayerOpts(t, srv, client.Options{Name: "bob", Key: bobKey, ViewDistance: 2, Handlers: bobChat.handlers()})
	if err := bob.Chat("/kick alice"); err != nil {
		t.Fatal(err)
	}
	bobChat.waitFor(t, "you do not have permission to run /kick")
	select {
	case <-alice.Done():
		t.Fatalf("an ordinary player's /kick closed alice: %v", alice.Err())
	case <-time.After(200 * time.Millisecond):
	}

	// An operator's works. Operators are made from the console, as the
	// admin listener does.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if reply, err := srv.Console().Run(ctx, "/op bob"); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(reply, "bob") {
		t.Fatalf("/op bob answered %q", reply)
	}
	if err := bob.Chat("/kick alice enough"); err != nil {
		t.Fatal(err)
	}
	if code := waitClosed(t, alice); code != protocol.ErrorCode_ERROR_CODE_KICKED {
		t.Fatalf("alice closed with %v, want KICKED", code)
	}

	// A banned player is refused at the handshake with the reason.
	if err := bob.Chat("/ban alice griefing"); err != nil {
		t.Fatal(err)
	}
	bobChat.waitFor(t, "banned alice")
	_, err = tryDial(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2})
	wantReject(t, err, protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "griefing")

	// Everything above survives a restart: the binding, the operator, the ban.
	bob.Close()
	stop()
	srv, _ = startServer(t, cfg)
	_, err = tryDial(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2})
	wantReject(t, err, protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "griefing")
	if !srv.Access().IsOperator("bob") {
		t.Fatal("bob is no operator after a restart")
	}

	// Unbanned, she gets in again, still where she left.
	if _, err := srv.Console().Run(ctx, "/unban alice"); err != nil {
		t.Fatal(err)
	}
	alice, err = tryDial(t, srv, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 2})
	if err != nil {
		t.Fatalf("alice after /unban: %v", err)
	}
	if sp := alice.Welcome().GetSpawn(); math.Abs(sp.GetX()-120.5) > 1e-9 {
		t.Fatalf("alice resumed at %v after the restart", sp)
	}
	_, err = tryDial(t, srv, client.Options{Name: "alice", Key: strangerKey, ViewDistance: 2})
	wantReject(t, err, protocol.ErrorCode_ERROR_CODE_NAME_BOUND, "")
}

// TestConfigNamesLoginCertificate: with a certificate the operator gave
// (not pinned by the page), config.json still names its hash, for the
// page's login to sign.
func TestConfigNamesLoginCertificate(t *testing.T) {
	certDir := t.TempDir()
	if _, err := certs.Open(certs.Options{Dir: certDir}); err != nil {
		t.Fatal(err)
	}
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.CertFile = filepath.Join(certDir, certs.CertFile)
	cfg.KeyFile = filepath.Join(certDir, certs.KeyFile)
	srv, _ := startServer(t, cfg)
	resp, err := http.Get("http://" + srv.AdminAddr() + "/play/config.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var pc webclient.Config
	if err := json.NewDecoder(resp.Body).Decode(&pc); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("config.json: %s %v", resp.Status, err)
	}
	if pc.CertHash != "" || pc.LoginCertHash != srv.CertSHA256() {
		t.Fatalf("config.json certHash %q loginCertHash %q, want none pinned and the login hash %q", pc.CertHash, pc.LoginCertHash, srv.CertSHA256())
	}
}
