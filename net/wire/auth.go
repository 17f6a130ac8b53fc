package wire

import (
	"context"
	"crypto/ed25519"
	"net"

	"github.com/stratavox/strata/net/protocol"
)

// Login is what a handshake proved: the client holds Key's private half,
// and signed a transcript bound to this very connection (docs/protocol.md
// §3.1), so Key is the player's identity for the rest of the session.
type Login struct {
	// Name is the Hello's name, as the client spelled it.
	Name string
	// Key is the player's Ed25519 public key (Hello.public_key).
	Key ed25519.PublicKey
	// Token is Hello.token, the optional credential for a deployment's
	// Authenticator; nil when the client sent none.
	Token []byte
	// Remote is the client's address.
	Remote net.Addr
}

// Refusal is an Authenticator's reasoned refusal: the handshake rejects
// the client with Code and Reason (a human-readable sentence the client
// shows its player). Any other error from an Authenticator is a server
// failure, rejected as INTERNAL without its text reaching the client.
type Refusal struct {
	// Code is sent in the Reject, typically NAME_BOUND, AUTH_FAILED or
	// FORBIDDEN.
	Code protocol.ErrorCode
	// Reason is sent in the Reject.
	Reason string
}

// Error implements error.
func (r *Refusal) Error() string {
	return "login refused (" + r.Code.String() + "): " + r.Reason
}

// Authenticator decides whether a proven login may play. It runs on the
// connection's goroutine during the handshake, after the signature was
// verified and before the name is registered; it may block briefly (a disk
// write, a lookup), bounded by ctx, which ends with the handshake's
// deadline or the server's close. It must be safe for concurrent use: every
// handshake in progress calls it.
type Authenticator interface {
	Authenticate(ctx context.Context, l Login) error
}

// AuthenticatorFunc adapts a function to Authenticator.
type AuthenticatorFunc func(ctx context.Context, l Login) error

// Authenticate implements Authenticator.
func (f AuthenticatorFunc) Authenticate(ctx context.Context, l Login) error { return f(ctx, l) }

// Authenticators runs each Authenticator in order; the first error wins
// and the rest do not run (so a later one never sees a login an earlier
// one refused). Nil entries are skipped.
func Authenticators(as ...Authenticator) Authenticator {
	return AuthenticatorFunc(func(ctx context.Context, l Login) error {
		for _, a := range as {
			if a == nil {
				continue
			}
			if err := a.Authenticate(ctx, l); err != nil {
				return err
			}
		}
		return nil
	})
}
