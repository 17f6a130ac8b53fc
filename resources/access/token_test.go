package access

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"github.com/stratavox/strata/net/wire"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/net/protocol"
)

// signRaw signs payload with the issuer key 100 and joins them as a
// token, for payloads IssueToken would not make.
func signRaw(payload string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(payload)) + "." + enc.EncodeToString(signPayload([]byte(payload)))
}

func signPayload(p []byte) []byte { return ed25519.Sign(key(100), p) }

func TestTokenAuthenticator(t *testing.T) {
	c := newClock()
	exp := c.now().Add(time.Hour)
	a := TokenAuthenticator{Issuer: pub(100), Now: c.now}
	good := IssueToken(key(100), "Steve", pub(1), exp)
	p64, s64, _ := strings.Cut(good, ".")
	keyHex := hex.EncodeToString(pub(1))
	for _, tc := range []struct {
		name   string
		login  wire.Login
		token  string
		want   protocol.ErrorCode
		reason string
	}{
		{"good", login("Steve", 1), good, ok, ""},
		{"name in other case", login("steve", 1), good, ok, ""},
		{"expired", login("Steve", 1), IssueToken(key(100), "Steve", pub(1), c.now()), authFail, "expired at 2026-01-02 15:04:00 UTC"},
		{"wrong name", login("Alex", 1), good, authFail, `for the name "Steve", not "Alex"`},
		{"wrong key", login("Steve", 2), good, authFail, "for another key"},
		{"other issuer", login("Steve", 1), IssueToken(key(101), "Steve", pub(1), exp), authFail, "not the issuer's"},
		{"payload altered", login("Steve", 1), base64.RawURLEncoding.EncodeToString([]byte(`{"name":"Steve","key":"`+keyHex+`","exp":9999999999}`)) + "." + s64, authFail, "not the issuer's"},
		{"no token", login("Steve", 1), "", authFail, "needs a login token"},
		{"no dot", login("Steve", 1), p64 + s64, authFail, "two base64url parts"},
		{"two dots", login("Steve", 1), good + ".", authFail, "two base64url parts"},
		{"padded", login("Steve", 1), p64 + "=." + s64, authFail, "payload is not base64url"},
		{"standard base64", login("Steve", 1), p64 + "." + strings.NewReplacer("-", "+", "_", "/").Replace(s64) + "+", authFail, "signature is not base64url"},
		{"short signature", login("Steve", 1), p64 + "." + s64[:20], authFail, "signature is 15 bytes"},
		{"too long", login("Steve", 1), strings.Repeat("a", protocol.MaxTokenSize+1), authFail, "the limit is 4096"},
		{"not JSON", login("Steve", 1), signRaw(`{"name":`), authFail, "payload does not decode"},
		{"no expiry", login("Steve", 1), signRaw(`{"name":"Steve","key":"` + keyHex + `"}`), authFail, "lacks a name or an expiry"},
		{"bad key", login("Steve", 1), signRaw(`{"name":"Steve","key":"00","exp":9999999999}`), authFail, "not a hex Ed25519 public key"},
		{"extra fields", login("Steve", 1), signRaw(`{"name":"Steve","key":"` + strings.ToUpper(keyHex) + `","exp":9999999999,"iat":1}`), ok, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.login
			l.Token = []byte(tc.token)
			err := a.Authenticate(context.Background(), l)
			if got := code(err); got != tc.want || tc.reason != "" && (err == nil || !strings.Contains(err.Error(), tc.reason)) {
				t.Fatalf("%v (code %v), want code %v %q", err, got, tc.want, tc.reason)
			}
		})
	}
	// A server without a valid issuer key fails the login as its own
	// error, not the player's.
	l := login("Steve", 1)
	l.Token = []byte(good)
	if err := (TokenAuthenticator{}).Authenticate(context.Background(), l); err == nil || code(err) != -1 {
		t.Fatalf("no issuer key: %v", err)
	}
}

// TestTokenWithPolicy: the token stands instead of TOFU; the registry's
// policy still refuses a banned player.
func TestTokenWithPolicy(t *testing.T) {
	c := newClock()
	r := openReg(t, nil, c)
	auth := wire.Authenticators(TokenAuthenticator{Issuer: pub(100), Now: c.now}, r.Policy())
	l := login("steve", 1)
	l.Token = []byte(IssueToken(key(100), "steve", pub(1), c.now().Add(time.Hour)))
	if err := auth.Authenticate(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	if _, bound := r.Binding("steve"); bound {
		t.Fatal("the policy bound a name")
	}
	must(t, r.Ban(Ban{Name: "steve", Reason: "spam"}))
	if err := auth.Authenticate(context.Background(), l); code(err) != forbidden {
		t.Fatalf("banned: %v", err)
	}
}

func TestLoadIssuerKey(t *testing.T) {
	dir := t.TempDir()
	der, err := x509.MarshalPKIXPublicKey(pub(100))
	must(t, err)
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	ecDER, err := x509.MarshalPKIXPublicKey(&ec.PublicKey)
	must(t, err)
	files := map[string][]byte{
		"good.pem":  append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("skipped")}), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})...),
		"ec.pem":    pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: ecDER}),
		"junk.pem":  pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: []byte("junk")}),
		"plain.txt": []byte("not PEM"),
	}
	for name, data := range files {
		must(t, os.WriteFile(filepath.Join(dir, name), data, 0o600))
	}
	for _, tc := range []struct{ file, err string }{
		{"good.pem", ""},
		{"ec.pem", "not an Ed25519 public key"},
		{"junk.pem", "junk.pem"},
		{"plain.txt", `no PEM "PUBLIC KEY" block`},
		{"missing.pem", "read issuer key"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			k, err := LoadIssuerKey(filepath.Join(dir, tc.file))
			if tc.err == "" {
				if err != nil || !k.Equal(pub(100)) {
					t.Fatalf("%x %v", k, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("%v, want %q", err, tc.err)
			}
		})
	}
}
