package access

import (
	"crypto/ed25519"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stratavox/strata/net/protocol"
)

// FuzzParseToken: no input panics the token parser, and whatever it
// accepts is within the size limit and has a name, a well-formed key and
// an expiry. The seeds include tokens of the issuer and of another key.
func FuzzParseToken(f *testing.F) {
	exp := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Add([]byte(IssueToken(key(100), "Steve", pub(1), exp)))
	f.Add([]byte(IssueToken(key(101), "Steve", pub(1), exp)))
	f.Add([]byte(signRaw(`{"name":"Steve","key":"` + hex.EncodeToString(pub(1)) + `","exp":1,"x":[1,2,{}]}`)))
	f.Add([]byte(signRaw(`{"name":"","key":"","exp":-1}`)))
	f.Add([]byte(signRaw(`null`)))
	f.Add([]byte("."))
	f.Add([]byte("a.b.c"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, token []byte) {
		c, err := parseToken(pub(100), token)
		if err != nil {
			return
		}
		if len(token) > protocol.MaxTokenSize || c.Name == "" || c.Exp <= 0 {
			t.Fatalf("accepted %q: %+v", token, c)
		}
		if k, err := hex.DecodeString(c.Key); err != nil || len(k) != ed25519.PublicKeySize {
			t.Fatalf("accepted key %q", c.Key)
		}
	})
}
