package access

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"github.com/stratavox/strata/net/wire"
	"os"
	"time"

	"github.com/stratavox/strata/net/protocol"
)

// TokenAuthenticator is an Authenticator for a deployment with its own
// accounts: its website signs a token for a player's name and key with
// the website's issuer key, the player's client sends it in Hello.token,
// and the server checks it against the issuer's public key. A login
// without a token, with a malformed, forged or expired one, or with one
// issued for another name or key, is refused with AUTH_FAILED.
//
// A token is base64url(payload) "." base64url(signature), without
// padding: payload is the JSON object {"name": NAME, "key": HEX, "exp":
// UNIX_SECONDS} (other fields are ignored), signature the issuer's
// Ed25519 signature of the payload's bytes. IssueToken makes one. The
// token stands instead of TOFU (the website has bound the name to the
// key); the registry's Policy still applies.
type TokenAuthenticator struct {
	// Issuer is the website's public key (LoadIssuerKey).
	Issuer ed25519.PublicKey
	// Now is the clock tokens expire by; nil means time.Now.
	Now func() time.Time
}

// tokenClaims is a token's payload.
type tokenClaims struct {
	Name string `json:"name"`
	Key  string `json:"key"`
	Exp  int64  `json:"exp"`
}

// errNoToken is a login that carries no token.
var errNoToken = errors.New("no login token")

// Authenticate implements Authenticator.
func (a TokenAuthenticator) Authenticate(_ context.Context, l wire.Login) error {
	if len(a.Issuer) != ed25519.PublicKeySize {
		// The server's mistake, not the player's: INTERNAL, logged.
		return fmt.Errorf("token authenticator: issuer key is %d bytes, not %d", len(a.Issuer), ed25519.PublicKeySize)
	}
	refuse := func(reason string) error {
		return &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_AUTH_FAILED, Reason: reason}
	}
	c, err := parseToken(a.Issuer, l.Token)
	switch {
	case errors.Is(err, errNoToken):
		return refuse("this server needs a login token from its website")
	case err != nil:
		return refuse("the login token is not valid: " + err.Error())
	}
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	if exp := time.Unix(c.Exp, 0); !now().Before(exp) {
		return refuse("the login token expired at " + exp.UTC().Format("2006-01-02 15:04:05 MST") + ": get a new one from the website")
	}
	if fold(c.Name) != fold(l.Name) {
		return refuse(fmt.Sprintf("the login token is for the name %q, not %q", c.Name, l.Name))
	}
	if c.Key != hex.EncodeToString(l.Key) {
		return refuse("the login token is for another key")
	}
	return nil
}

// parseToken checks a token's form and signature and returns its claims.
// The signature is checked before the payload is decoded, so that only
// the issuer's bytes reach the JSON decoder.
func parseToken(issuer ed25519.PublicKey, token []byte) (tokenClaims, error) {
	if len(token) == 0 {
		return tokenClaims{}, errNoToken
	}
	if len(token) > protocol.MaxTokenSize {
		return tokenClaims{}, fmt.Errorf("%d bytes, the limit is %d", len(token), protocol.MaxTokenSize)
	}
	p64, s64, ok := bytes.Cut(token, []byte("."))
	if !ok || bytes.IndexByte(s64, '.') >= 0 {
		return tokenClaims{}, errors.New("not two base64url parts joined by a dot")
	}
	enc := base64.RawURLEncoding.Strict()
	payload := make([]byte, enc.DecodedLen(len(p64)))
	n, err := enc.Decode(payload, p64)
	if err != nil {
		return tokenClaims{}, fmt.Errorf("payload is not base64url: %w", err)
	}
	payload = payload[:n]
	sig := make([]byte, enc.DecodedLen(len(s64)))
	n, err = enc.Decode(sig, s64)
	if err != nil {
		return tokenClaims{}, fmt.Errorf("signature is not base64url: %w", err)
	}
	if n != ed25519.SignatureSize {
		return tokenClaims{}, fmt.Errorf("signature is %d bytes, not %d", n, ed25519.SignatureSize)
	}
	if !ed25519.Verify(issuer, payload, sig[:n]) {
		return tokenClaims{}, errors.New("the signature is not the issuer's")
	}
	var c tokenClaims
	if err := json.Unmarshal(payload, &c); err != nil {
		return tokenClaims{}, fmt.Errorf("payload does not decode: %w", err)
	}
	if c.Name == "" || c.Exp <= 0 {
		return tokenClaims{}, errors.New("payload lacks a name or an expiry")
	}
	k, err := parseKeyHex(c.Key)
	if err != nil {
		return tokenClaims{}, fmt.Errorf("payload: %w", err)
	}
	c.Key = k
	return c, nil
}

// IssueToken makes a token for name and key, valid until exp (whole
// seconds), signed by the issuer's private key: what the website does
// for a logged-in player, and what tests do.
func IssueToken(priv ed25519.PrivateKey, name string, key ed25519.PublicKey, exp time.Time) string {
	payload := encode(tokenClaims{Name: name, Key: hex.EncodeToString(key), Exp: exp.Unix()})
	sig := ed25519.Sign(priv, payload)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(sig)
}

// LoadIssuerKey reads the issuer's Ed25519 public key from a PEM file
// ("PUBLIC KEY", PKIX), as `openssl pkey -pubout` writes it.
func LoadIssuerKey(path string) (ed25519.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read issuer key: %w", err)
	}
	for rest := data; ; {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, fmt.Errorf("issuer key %s: no PEM \"PUBLIC KEY\" block", path)
		}
		if block.Type != "PUBLIC KEY" {
			continue
		}
		pub, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("issuer key %s: %w", path, err)
		}
		k, ok := pub.(ed25519.PublicKey)
		if !ok {
			return nil, fmt.Errorf("issuer key %s: a %T, not an Ed25519 public key", path, pub)
		}
		return k, nil
	}
}
