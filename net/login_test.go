package transport_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// rig is one transport under a login test: the QUIC harness on loopback
// or the in-memory one, with a hand-driven client for either.
type rig struct {
	*nettest.EventLog
	// dial runs the Go client; name and the harness's settings are set.
	dial func(name string, o client.Options) (*client.Conn, error)
	// raw opens a session and its control stream for a hand-driven
	// client: the stream, the session's binding value as the client
	// computes it, and a close of the session.
	raw func() (st io.ReadWriter, value []byte, hangUp func())
}

// eachTransport runs test over native QUIC and over a Pipe, each with a
// server configured by mod.
func eachTransport(t *testing.T, mod func(*transport.Config), test func(t *testing.T, r rig)) {
	t.Run("quic", func(t *testing.T) {
		h := newHarness(t, func(_ *harness, cfg *transport.Config) {
			if mod != nil {
				mod(cfg)
			}
		})
		test(t, rig{
			EventLog: h.EventLog,
			dial: func(name string, o client.Options) (*client.Conn, error) {
				return h.dial(name, func(d *client.Options) {
					d.Key, d.Token, d.ProtocolVersion = o.Key, o.Token, o.ProtocolVersion
				})
			},
			raw: func() (io.ReadWriter, []byte, func()) {
				conn := h.rawDial(nil)
				st, err := conn.OpenStreamSync(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				return st, nettest.ExporterBinding(t, conn), func() { _ = conn.CloseWithError(0, "") }
			},
		})
	})
	t.Run("pipe", func(t *testing.T) {
		h := newMemHarness(t, mod)
		test(t, rig{
			EventLog: h.EventLog,
			dial:     h.open,
			raw: func() (io.ReadWriter, []byte, func()) {
				end := h.pipe(transport.PipeConfig{})
				st, err := end.OpenStream(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				_, value, err := end.Binding()
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = end.CloseWithError(0, "") })
				return st, value, func() { _ = end.CloseWithError(0, "") }
			},
		})
	})
}

// readReject reads the server's next frame on st and returns it as a
// Reject, failing the test if it is anything else.
func readReject(t *testing.T, st io.Reader) *protocol.Reject {
	t.Helper()
	m, err := nettest.ReadMessage(st)
	if err != nil {
		t.Fatalf("reading the server's answer: %v", err)
	}
	r := m.GetReject()
	if r == nil {
		t.Fatalf("server answered %T, want a Reject", m.Kind)
	}
	return r
}

// TestLogin: a client with a key logs in; the tick learns the proven key
// (Client.Key, Hello.public_key), and the Authenticator saw the name, the
// key, the token and the address.
func TestLogin(t *testing.T) {
	var mu sync.Mutex
	var seen []wire.Login
	auth := wire.AuthenticatorFunc(func(_ context.Context, l wire.Login) error {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, l)
		return nil
	})
	eachTransport(t, func(cfg *transport.Config) { cfg.Authenticator = auth }, func(t *testing.T, r rig) {
		mu.Lock()
		seen = nil
		mu.Unlock()
		key := nettest.NewKey(t)
		pub := key.Public().(ed25519.PublicKey)
		c, err := r.dial("alice", client.Options{Key: key, Token: []byte("ticket")})
		if err != nil {
			t.Fatal(err)
		}
		if !c.Key().Equal(pub) {
			t.Errorf("Conn.Key = %x, want %x", c.Key(), pub)
		}
		ev := r.Wait("alice Connected", 3*time.Second, connectedAs("alice"))
		if !ev.Client.Key().Equal(pub) || !bytes.Equal(ev.Hello.GetPublicKey(), pub) {
			t.Errorf("the tick sees key %x (Hello %x), want %x", ev.Client.Key(), ev.Hello.GetPublicKey(), pub)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(seen) != 1 {
			t.Fatalf("Authenticator ran %d times, want once", len(seen))
		}
		l := seen[0]
		if l.Name != "alice" || !l.Key.Equal(pub) || string(l.Token) != "ticket" || l.Remote == nil {
			t.Errorf("Authenticator saw %+v", l)
		}
	})
}

// TestLoginThrowawayKey: a client without a key gets a fresh one per
// connection, and it still proves it.
func TestLoginThrowawayKey(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, r rig) {
		a, err := r.dial("anon", client.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_ = a.Close()
		r.Wait("anon left", 3*time.Second, disconnectedAs("anon"))
		b, err := r.dial("anon", client.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Key()) != ed25519.PublicKeySize || a.Key().Equal(b.Key()) {
			t.Errorf("throwaway keys %x and %x, want two different keys", a.Key(), b.Key())
		}
	})
}

// TestLoginBadProof: every Proof that does not sign exactly this login on
// this connection is refused with AUTH_FAILED (the wrong message instead
// of a Proof with PROTOCOL_VIOLATION), and the tick never hears of the
// client.
func TestLoginBadProof(t *testing.T) {
	other := nettest.NewKey(t)
	tests := []struct {
		name  string
		proof func(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage
		code  protocol.ErrorCode
	}{
		{"signed by another key", func(_ ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage {
			return proofMsg(nettest.SignProof(other, ch, value, "mallory"))
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"bound to another connection", func(key ed25519.PrivateKey, ch *protocol.Challenge, _ []byte) *protocol.ClientMessage {
			return proofMsg(nettest.SignProof(key, ch, bytes.Repeat([]byte{0xee}, 32), "mallory"))
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"for another binding kind", func(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage {
			c := &protocol.Challenge{Nonce: ch.GetNonce(), Binding: protocol.Binding_BINDING_SERVER_CERT}
			return proofMsg(nettest.SignProof(key, c, value, "mallory"))
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"for another nonce", func(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage {
			c := &protocol.Challenge{Nonce: bytes.Repeat([]byte{1}, 32), Binding: ch.GetBinding()}
			return proofMsg(nettest.SignProof(key, c, value, "mallory"))
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"for another name", func(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage {
			return proofMsg(nettest.SignProof(key, ch, value, "alice"))
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"truncated", func(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte) *protocol.ClientMessage {
			p := nettest.SignProof(key, ch, value, "mallory")
			p.Signature = p.Signature[:63]
			return proofMsg(p)
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"empty", func(ed25519.PrivateKey, *protocol.Challenge, []byte) *protocol.ClientMessage {
			return proofMsg(&protocol.Proof{})
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"a Chat instead", func(ed25519.PrivateKey, *protocol.Challenge, []byte) *protocol.ClientMessage {
			return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "let me in"}}}
		}, protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION},
		{"a second Hello instead", func(key ed25519.PrivateKey, _ *protocol.Challenge, _ []byte) *protocol.ClientMessage {
			return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
				ProtocolVersion: protocol.Version, Name: "mallory", PublicKey: key.Public().(ed25519.PublicKey)}}}
		}, protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION},
	}
	eachTransport(t, nil, func(t *testing.T, r rig) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				st, value, hangUp := r.raw()
				defer hangUp()
				key := nettest.NewKey(t)
				if err := nettest.SendHello(st, key, &protocol.Hello{Name: "mallory"}); err != nil {
					t.Fatal(err)
				}
				ch, err := nettest.ReadChallenge(st)
				if err != nil {
					t.Fatal(err)
				}
				if err := nettest.WriteMessage(st, tt.proof(key, ch, value)); err != nil {
					t.Fatal(err)
				}
				if rej := readReject(t, st); rej.GetCode() != tt.code {
					t.Errorf("Reject %v %q, want %v", rej.GetCode(), rej.GetReason(), tt.code)
				}
				if n := r.Count(connectedAs("mallory")); n != 0 {
					t.Errorf("the tick saw mallory connect %d times", n)
				}
			})
		}
	})
}

func proofMsg(p *protocol.Proof) *protocol.ClientMessage {
	return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: p}}
}

// TestLoginReplay: a Proof captured from one connection (by a relay, or
// from a log) is useless on another, even with the very key, name and
// Hello it signed: the new connection has another nonce and another
// binding value. Replayed while the player is online, it does not
// disturb the player either (no takeover without a valid signature).
func TestLoginReplay(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, r rig) {
		key := nettest.NewKey(t)
		st1, value1, hangUp1 := r.raw()
		ch1, err := replayHello(st1, key)
		if err != nil {
			t.Fatal(err)
		}
		captured := nettest.SignProof(key, ch1, value1, "victim")
		if err := nettest.SendProof(st1, captured); err != nil {
			t.Fatal(err)
		}
		if m, err := nettest.ReadMessage(st1); err != nil || m.GetWelcome() == nil {
			t.Fatalf("the genuine login got %v, %v; want a Welcome", m, err)
		}
		first := r.Wait("victim Connected", 3*time.Second, connectedAs("victim"))

		replay := func(t *testing.T) {
			st2, _, hangUp2 := r.raw()
			defer hangUp2()
			ch2, err := replayHello(st2, key)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(ch2.GetNonce(), ch1.GetNonce()) {
				t.Fatal("two connections were given the same nonce")
			}
			if err := nettest.SendProof(st2, captured); err != nil {
				t.Fatal(err)
			}
			if rej := readReject(t, st2); rej.GetCode() != protocol.ErrorCode_ERROR_CODE_AUTH_FAILED {
				t.Errorf("replayed Proof: Reject %v %q, want AUTH_FAILED", rej.GetCode(), rej.GetReason())
			}
		}
		t.Run("while the player is online", func(t *testing.T) {
			replay(t)
			if n := r.Count(connectedAs("victim")); n != 1 {
				t.Errorf("victim connected %d times, want once", n)
			}
			if n := r.Count(disconnectedAs("victim")); n != 0 {
				t.Errorf("the replay disconnected the player")
			}
		})
		hangUp1()
		r.Wait("victim left", 3*time.Second, func(ev transport.Event) bool {
			return ev.Kind == wire.Disconnected && ev.ID == first.ID
		})
		t.Run("after the player left", func(t *testing.T) {
			replay(t)
			if n := r.Count(connectedAs("victim")); n != 1 {
				t.Errorf("victim connected %d times, want once", n)
			}
		})
	})
}

func replayHello(st io.ReadWriter, key ed25519.PrivateKey) (*protocol.Challenge, error) {
	if err := nettest.SendHello(st, key, &protocol.Hello{Name: "victim"}); err != nil {
		return nil, err
	}
	return nettest.ReadChallenge(st)
}

// TestLoginHelloChecks: what the server refuses in the Hello itself,
// before any Challenge: an old version (with the reason telling the
// player what to do), a missing or malformed key, an oversized token.
func TestLoginHelloChecks(t *testing.T) {
	tests := []struct {
		name   string
		hello  *protocol.Hello
		code   protocol.ErrorCode // NONE: a Challenge
		reason string
	}{
		{"version 1 (no key)", &protocol.Hello{ProtocolVersion: 1, Name: "oldie", PublicKey: []byte{}},
			protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION, "protocol version 1 is not supported; this server speaks 2..2 (version 2 signs logins with the player's key: update the client)"},
		{"no key", &protocol.Hello{Name: "keyless", PublicKey: []byte{}},
			protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, "public_key is 0 bytes"},
		{"short key", &protocol.Hello{Name: "shorty", PublicKey: make([]byte, 31)},
			protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, "public_key is 31 bytes"},
		{"bad name before the key", &protocol.Hello{Name: "no name", PublicKey: []byte{}},
			protocol.ErrorCode_ERROR_CODE_BAD_NAME, "forbidden character"},
		{"token over the limit", &protocol.Hello{Name: "tokened", Token: make([]byte, protocol.MaxTokenSize+1)},
			protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, "token is 4097 bytes"},
		{"token at the limit", &protocol.Hello{Name: "tokened", Token: make([]byte, protocol.MaxTokenSize)},
			protocol.ErrorCode_ERROR_CODE_NONE, ""},
	}
	eachTransport(t, nil, func(t *testing.T, r rig) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				st, _, hangUp := r.raw()
				defer hangUp()
				if err := nettest.SendHello(st, nettest.NewKey(t), tt.hello); err != nil {
					t.Fatal(err)
				}
				ch, err := nettest.ReadChallenge(st)
				if tt.code == protocol.ErrorCode_ERROR_CODE_NONE {
					if err != nil || len(ch.GetNonce()) != protocol.NonceSize || ch.GetBinding() != protocol.Binding_BINDING_TLS_EXPORTER {
						t.Fatalf("Challenge %v, %v; want a 32-byte nonce and the exporter binding", ch, err)
					}
					return
				}
				var rej *nettest.RejectedError
				if !errors.As(err, &rej) {
					t.Fatalf("answer %v, %v; want a Reject", ch, err)
				}
				if rej.Reject.GetCode() != tt.code || !strings.Contains(rej.Reject.GetReason(), tt.reason) {
					t.Errorf("Reject %v %q, want %v containing %q", rej.Reject.GetCode(), rej.Reject.GetReason(), tt.code, tt.reason)
				}
				if lo, hi := rej.Reject.GetMinVersion(), rej.Reject.GetMaxVersion(); lo != 2 || hi != 2 {
					t.Errorf("Reject says versions %d..%d, want 2..2", lo, hi)
				}
			})
		}
	})
}

// TestAuthenticatorRefusal: an Authenticator's *Refusal reaches the
// client as a Reject with its code and reason (a *client.RejectError);
// any other error is an INTERNAL "authentication failed" that does not
// leak the server's error text; the first of Authenticators to refuse
// wins and later ones do not run.
func TestAuthenticatorRefusal(t *testing.T) {
	var mu sync.Mutex
	var ran []string
	note := func(what string) {
		mu.Lock()
		ran = append(ran, what)
		mu.Unlock()
	}
	first := wire.AuthenticatorFunc(func(_ context.Context, l wire.Login) error {
		note("first:" + l.Name)
		switch l.Name {
		case "banned":
			return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_FORBIDDEN, Reason: "banned: griefing"}
		case "bound":
			return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_NAME_BOUND, Reason: "the name bound belongs to another key"}
		case "broken":
			return errors.New("disk on fire")
		}
		return nil
	})
	second := wire.AuthenticatorFunc(func(_ context.Context, l wire.Login) error {
		note("second:" + l.Name)
		if l.Name == "untokened" && len(l.Token) == 0 {
			return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_AUTH_FAILED, Reason: "this server needs a token from its website"}
		}
		return nil
	})
	tests := []struct {
		name   string
		code   protocol.ErrorCode
		reason string
		ran    []string
	}{
		{"banned", protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned: griefing", []string{"first:banned"}},
		{"bound", protocol.ErrorCode_ERROR_CODE_NAME_BOUND, "the name bound belongs to another key", []string{"first:bound"}},
		{"broken", protocol.ErrorCode_ERROR_CODE_INTERNAL, "authentication failed", []string{"first:broken"}},
		{"untokened", protocol.ErrorCode_ERROR_CODE_AUTH_FAILED, "this server needs a token from its website", []string{"first:untokened", "second:untokened"}},
		{"welcome", protocol.ErrorCode_ERROR_CODE_NONE, "", []string{"first:welcome", "second:welcome"}},
	}
	eachTransport(t, func(cfg *transport.Config) {
		cfg.Authenticator = wire.Authenticators(first, nil, second)
	}, func(t *testing.T, r rig) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				mu.Lock()
				ran = nil
				mu.Unlock()
				_, err := r.dial(tt.name, client.Options{})
				mu.Lock()
				got := slices.Clone(ran)
				mu.Unlock()
				if !slices.Equal(got, tt.ran) {
					t.Errorf("authenticators ran %v, want %v", got, tt.ran)
				}
				if tt.code == protocol.ErrorCode_ERROR_CODE_NONE {
					if err != nil {
						t.Fatal(err)
					}
					return
				}
				var rej *client.RejectError
				if !errors.As(err, &rej) || rej.Code != tt.code || rej.Reason != tt.reason {
					t.Fatalf("dial: %v, want a %v Reject %q", err, tt.code, tt.reason)
				}
				if n := r.Count(connectedAs(tt.name)); n != 0 {
					t.Errorf("the tick saw a refused login")
				}
			})
		}
	})
}

// TestTakeover: the same player (same key) logging in again replaces its
// old connection: the old one is closed with REPLACED, and the tick sees
// its Disconnected before the new Connected, so it never holds two
// clients of one player. Under another key the name is taken.
func TestTakeover(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, r rig) {
		key := nettest.NewKey(t)
		old, err := r.dial("alice", client.Options{Key: key})
		if err != nil {
			t.Fatal(err)
		}
		oldEv := r.Wait("old alice Connected", 3*time.Second, connectedAs("alice"))
		cur, err := r.dial("ALICE", client.Options{Key: key})
		if err != nil {
			t.Fatalf("the same key again: %v", err)
		}
		select {
		case <-old.Done():
		case <-time.After(3 * time.Second):
			t.Fatal("the old connection is still open")
		}
		var ce *client.CloseError
		if err := old.Err(); !errors.As(err, &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_REPLACED || !ce.Remote {
			t.Errorf("old connection ended with %v, want the server's REPLACED", err)
		}
		newEv := r.Wait("new alice Connected", 3*time.Second, connectedAs("ALICE"))
		events := r.Events()
		gone := slices.IndexFunc(events, func(ev transport.Event) bool {
			return ev.Kind == wire.Disconnected && ev.ID == oldEv.ID
		})
		came := slices.IndexFunc(events, func(ev transport.Event) bool {
			return ev.Kind == wire.Connected && ev.ID == newEv.ID
		})
		if gone < 0 || gone > came {
			t.Errorf("old Disconnected at %d, new Connected at %d: the old must leave first", gone, came)
		} else if ev := events[gone]; ev.Code != protocol.ErrorCode_ERROR_CODE_REPLACED || ev.Remote {
			t.Errorf("old Disconnected: code %v remote %v", ev.Code, ev.Remote)
		}

		_, err = r.dial("alice", client.Options{Key: nettest.NewKey(t)})
		var rej *client.RejectError
		if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_NAME_TAKEN {
			t.Errorf("another key: %v, want NAME_TAKEN", err)
		}
		stillServes(t, cur)
	})
}

// TestTakeoverPending: a login replacing one the tick has not admitted
// yet ends that one too (its handshake fails with REPLACED), and the
// new one is admitted.
func TestTakeoverPending(t *testing.T) {
	var held sync.Once
	h := newHarness(t, func(h *harness, _ *transport.Config) {
		h.admit = func(c *transport.Client) {
			first := false
			held.Do(func() { first = true })
			if !first { // the first login stays pending
				c.Accept(wire.Admission{EntityID: 1000 + uint64(c.ID()), ViewDistance: protocol.ClampView(c.ViewDistance(), protocol.DefaultMaxViewDistance)})
			}
		}
	})
	key := nettest.NewKey(t)
	pending := make(chan error, 1)
	go func() {
		_, err := h.dial("slow", func(o *client.Options) { o.Key = key })
		pending <- err
	}()
	h.Wait("pending Connected", 3*time.Second, connectedAs("slow"))
	if _, err := h.dial("slow", func(o *client.Options) { o.Key = key }); err != nil {
		t.Fatalf("replacing a pending login: %v", err)
	}
	var rej *client.RejectError
	if err := recv(t, "the pending login's end", pending); !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_REPLACED {
		t.Errorf("pending login ended with %v, want REPLACED", err)
	}
}

// TestAuthenticators: the combinator runs its members in order, skips
// nil ones and stops at the first error.
func TestAuthenticators(t *testing.T) {
	var ran []int
	member := func(i int, err error) wire.Authenticator {
		return wire.AuthenticatorFunc(func(context.Context, wire.Login) error {
			ran = append(ran, i)
			return err
		})
	}
	stop := &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_FORBIDDEN, Reason: "no"}
	tests := []struct {
		name    string
		members []wire.Authenticator
		want    error
		ran     []int
	}{
		{"none", nil, nil, nil},
		{"all pass", []wire.Authenticator{member(1, nil), nil, member(2, nil)}, nil, []int{1, 2}},
		{"the first error wins", []wire.Authenticator{member(1, nil), member(2, stop), member(3, errors.New("later"))}, stop, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran = nil
			err := wire.Authenticators(tt.members...).Authenticate(context.Background(), wire.Login{Name: "x"})
			if err != tt.want || !slices.Equal(ran, tt.ran) {
				t.Errorf("err %v after %v, want %v after %v", err, ran, tt.want, tt.ran)
			}
		})
	}
	if got := stop.Error(); !strings.Contains(got, "FORBIDDEN") || !strings.Contains(got, "no") {
		t.Errorf("Refusal.Error() = %q", got)
	}
}
