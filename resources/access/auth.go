package access

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"github.com/stratavox/strata/net/wire"
	"time"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/storage"
)

// TOFU returns the trust-on-first-use Authenticator: the first login with
// a name binds the name to its key, durably, and a later login with the
// name and another key is refused with NAME_BOUND. It never binds a name
// for a login the policy refuses (a banned key, a name off the
// whitelist), so that refused logins cannot claim names; such a login is
// refused with the policy's reason. The binding lapses, and the name goes
// to the next key that asks, when its player never entered the world or
// stayed away too long (NameLimits, Entered); a new binding is refused
// with RATE_LIMITED when its address made too many lately, and with
// SERVER_FULL when the registry is full. A login the server refuses after
// this (server full, too many joining) keeps its binding only for
// NameLimits.UnplayedTTL: the transport asks the Authenticator before it
// admits, and only the world knows who entered.
func (r *Registry) TOFU() wire.Authenticator { return wire.AuthenticatorFunc(r.tofu) }

// Policy returns the Authenticator of bans and the whitelist: a login
// whose name or key is banned is refused with FORBIDDEN and the ban's
// reason; while the whitelist is on, a name not on it is refused with
// FORBIDDEN, operators excepted. It binds nothing, so it also serves
// after a deployment's own Authenticator (TokenAuthenticator).
func (r *Registry) Policy() wire.Authenticator { return wire.AuthenticatorFunc(r.policy) }

// Authenticate is TOFU, then Policy: the server's default.
func (r *Registry) Authenticate(ctx context.Context, l wire.Login) error {
	return wire.Authenticators(r.TOFU(), r.Policy()).Authenticate(ctx, l)
}

func (r *Registry) tofu(ctx context.Context, l wire.Login) error {
	if len(l.Key) != ed25519.PublicKeySize {
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_AUTH_FAILED, Reason: "the login carries no Ed25519 public key"}
	}
	id := fold(l.Name)
	r.mu.RLock()
	b, ok := r.names[id]
	// A lapsed binding is anyone's: its own key logs in as before, any
	// other takes the name over.
	free := !ok || r.lapsed(id, b, r.now()) && !bytes.Equal(b.key, l.Key)
	r.mu.RUnlock()
	if free {
		if err := r.policy(ctx, l); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("bind name %q: %w", l.Name, err)
		}
		var err error
		if b, err = r.bind(l); errors.Is(err, storage.ErrAccessExists) {
			// Another server sharing the backend bound it first; its
			// record is on its way through the watch (Apply).
			var found bool
			if b, found = r.awaitBinding(ctx, l.Name); !found {
				return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_NAME_BOUND,
					Reason: fmt.Sprintf("the name %q was bound on another server a moment ago; try again", l.Name)}
			}
		} else if err != nil {
			return err
		}
	}
	switch {
	case b.damaged:
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_NAME_BOUND,
			Reason: fmt.Sprintf("the key the name %q is bound to cannot be read (a damaged record); an operator can release the name", l.Name)}
	case !bytes.Equal(b.key, l.Key):
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_NAME_BOUND,
			Reason: fmt.Sprintf("the name %q belongs to another player's key: log in with the key that first used it, pick another name, or ask an operator to release it", l.Name)}
	}
	return nil
}

func (r *Registry) policy(_ context.Context, l wire.Login) error {
	if b, ok := r.Banned(l.Name, l.Key); ok {
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_FORBIDDEN, Reason: banReason(b)}
	}
	id := fold(l.Name)
	r.mu.RLock()
	_, listed := r.listed[id]
	_, op := r.ops[id]
	on := r.wlOn
	r.mu.RUnlock()
	if on && !listed && !op {
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_FORBIDDEN, Reason: "not on the whitelist"}
	}
	return nil
}

// awaitBinding waits, up to a second, for a binding of name another
// server made to arrive through the watch.
func (r *Registry) awaitBinding(ctx context.Context, name string) (binding, bool) {
	for range 20 {
		r.mu.RLock()
		b, ok := r.names[fold(name)]
		r.mu.RUnlock()
		if ok {
			return b, true
		}
		select {
		case <-ctx.Done():
			return binding{}, false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return binding{}, false
}

// BanMessage is what a player b covers is told when refused or
// disconnected.
func BanMessage(b Ban) string { return banReason(b) }

// banReason is what a banned player is told: "banned: REASON (until
// 2026-01-02 15:04 UTC)". The handshake is not part of a replay, so the
// date may be in it.
func banReason(b Ban) string {
	s := "banned"
	if b.Reason != "" {
		s += ": " + b.Reason
	}
	if !b.Until.IsZero() {
		s += " (until " + b.Until.UTC().Format("2006-01-02 15:04 MST") + ")"
	}
	return s
}
