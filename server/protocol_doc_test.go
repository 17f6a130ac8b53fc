package server_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"math"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server"
)

// TestNamesAndBindingsAsDocumented pins docs/protocol.md §3.4 and §9.8 on
// a whole server as `strata serve` builds it (trust on first use):
//   - another key on a connected name is refused with NAME_BOUND, not
//     NAME_TAKEN, in any case;
//   - binding is case-insensitive, so the key of "Steve" may log in as
//     "steve": the same player (its "Steve" connection is REPLACED), but
//     what is saved is saved per spelling;
//   - a login the policy refuses (a whitelist) binds nothing, while one
//     refused after the authenticator (SERVER_FULL) has bound its name.
func TestNamesAndBindingsAsDocumented(t *testing.T) {
	cfg := server.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.MaxClients = 1
	cfg.Listen, cfg.Admin = "127.0.0.1:0", ""
	srv, err := server.New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for srv.NetAddr() == "" {
		if time.Now().After(deadline) {
			t.Fatal("the server did not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}

	key := func() ed25519.PrivateKey {
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	dialWith := func(name string, k ed25519.PrivateKey, h client.Handlers) (*client.Conn, error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		c, err := client.Dial(ctx, srv.NetAddr(), client.Options{Name: name, Key: k, ViewDistance: 1, PinSHA256: srv.CertSHA256(), Handlers: h})
		if err == nil {
			t.Cleanup(func() { c.Close() })
		}
		return c, err
	}
	dial := func(name string, k ed25519.PrivateKey) (*client.Conn, error) {
		t.Helper()
		return dialWith(name, k, client.Handlers{})
	}
	refused := func(err error, want protocol.ErrorCode) {
		t.Helper()
		var rej *client.RejectError
		if !errors.As(err, &rej) || rej.Code != want {
			t.Fatalf("login: %v, want a %v Reject", err, want)
		}
	}
	steveKey, otherKey := key(), key()

	var teleported atomic.Bool
	steve, err := dialWith("Steve", steveKey, client.Handlers{OnCorrection: func(c *protocol.Correction) {
		if c.GetTeleport() && math.Abs(c.GetPosition().GetX()-40.5) < 1e-9 {
			teleported.Store(true)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	// Another key, while Steve is connected: NAME_BOUND in any case.
	for _, name := range []string{"Steve", "steve", "STEVE"} {
		_, err := dial(name, otherKey)
		refused(err, protocol.ErrorCode_ERROR_CODE_NAME_BOUND)
	}

	// Steve walks away (the server saves his place when he leaves), then
	// his key logs in as "steve": the same player, so the "Steve"
	// connection is replaced, but "steve" has no saved place of its own.
	if err := steve.Chat("/tp 40.5 90 40.5"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "Steve's teleport", teleported.Load)
	lower, err := dial("steve", steveKey)
	if err != nil {
		t.Fatalf("Steve's key as steve: %v", err)
	}
	select {
	case <-steve.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("Steve's connection still open")
	}
	var ce *client.CloseError
	if !errors.As(steve.Err(), &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_REPLACED {
		t.Fatalf("Steve's connection ended with %v, want REPLACED", steve.Err())
	}
	if sp := lower.Welcome().GetSpawn(); math.Abs(sp.GetX()-40.5) < 1 && math.Abs(sp.GetZ()-40.5) < 1 {
		t.Fatalf("steve spawned at Steve's saved place %v: records are per spelling", sp)
	}

	// A login the policy refuses binds nothing.
	if err := srv.Access().SetWhitelist(true); err != nil {
		t.Fatal(err)
	}
	_, err = dial("dave", key())
	refused(err, protocol.ErrorCode_ERROR_CODE_FORBIDDEN)
	if _, ok := srv.Access().Binding("dave"); ok {
		t.Fatal("a login refused by the whitelist bound its name")
	}
	if err := srv.Access().SetWhitelist(false); err != nil {
		t.Fatal(err)
	}
	// The server is full (MaxClients 1, steve is in): carol is refused
	// after the authenticator bound her name.
	carolKey := key()
	_, err = dial("carol", carolKey)
	refused(err, protocol.ErrorCode_ERROR_CODE_SERVER_FULL)
	if k, ok := srv.Access().Binding("Carol"); !ok || !k.Equal(carolKey.Public()) {
		t.Fatalf("after SERVER_FULL carol is bound to %x (%v), want her key", k, ok)
	}
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
