package protocol

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateVector = flag.Bool("update-vector", false, "rewrite testdata/identity/login_vector.json from the vector in this test")

// loginVector is the shared login test vector: a fixed key, binding,
// nonce and name with the transcript and signature they give. The
// browser's tests (web/test/identity.test.js) check their transcript and
// WebCrypto's verification against the same bytes, read from
// testdata/identity/login_vector.json. The signature was checked against
// OpenSSL's Ed25519 too (openssl pkeyutl -sign -rawin); Ed25519 is
// deterministic, so any correct implementation gives exactly these bytes.
type loginVector struct {
	SeedHex         string `json:"seed_hex"`          // the 32-byte Ed25519 seed (RFC 8032 private key)
	PublicKeyHex    string `json:"public_key_hex"`    // its public key
	Binding         int    `json:"binding"`           // Binding enum value
	BindingValueHex string `json:"binding_value_hex"` // the connection's binding value
	NonceHex        string `json:"nonce_hex"`         // Challenge.nonce
	Name            string `json:"name"`              // Hello.name
	TranscriptHex   string `json:"transcript_hex"`    // LoginTranscript of the above
	SignatureHex    string `json:"signature_hex"`     // Proof.signature
}

// theVector: seed 00 01 … 1f, binding value 40 41 … 5f, nonce a0 a1 … bf,
// BINDING_SERVER_CERT (what a browser signs), name "steve".
var theVector = loginVector{
	SeedHex:         "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	PublicKeyHex:    "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8",
	Binding:         int(Binding_BINDING_SERVER_CERT),
	BindingValueHex: "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f",
	NonceHex:        "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf",
	Name:            "steve",
	TranscriptHex: "7374726174612d6c6f67696e2d763200" + // "strata-login-v2\x00"
		"02" + // BINDING_SERVER_CERT
		"20" + "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f" +
		"20" + "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf" +
		"05" + "7374657665" + // "steve"
		"03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8",
	SignatureHex: "bcb6a5b94de02984c04611245cc1dcc37b5bc70802747f54fb9c9e02226081fb" +
		"7f332ffe9b8d7348f95fc6d57881a24f6d4d6b2827031b24fb03c1ade904060a",
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLoginVector: the transcript and signature of the fixed inputs are
// the vector's bytes, the signature verifies, and the committed JSON
// copy for other implementations holds exactly this vector.
func TestLoginVector(t *testing.T) {
	v := theVector
	key := ed25519.NewKeyFromSeed(unhex(t, v.SeedHex))
	pub := key.Public().(ed25519.PublicKey)
	if got := hex.EncodeToString(pub); got != v.PublicKeyHex {
		t.Fatalf("public key %s, want %s", got, v.PublicKeyHex)
	}
	b := Binding(v.Binding)
	value, nonce := unhex(t, v.BindingValueHex), unhex(t, v.NonceHex)
	if got := hex.EncodeToString(LoginTranscript(b, value, nonce, v.Name, pub)); got != v.TranscriptHex {
		t.Errorf("transcript\n got %s\nwant %s", got, v.TranscriptHex)
	}
	sig := SignLogin(key, b, value, nonce, v.Name)
	if got := hex.EncodeToString(sig); got != v.SignatureHex {
		t.Errorf("signature\n got %s\nwant %s", got, v.SignatureHex)
	}
	if err := VerifyLogin(pub, b, value, nonce, v.Name, unhex(t, v.SignatureHex)); err != nil {
		t.Errorf("the vector's signature does not verify: %v", err)
	}

	path := filepath.Join("..", "..", "testdata", "identity", "login_vector.json")
	want, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *updateVector {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./net/protocol -run TestLoginVector -update-vector)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not the vector of this test (run with -update-vector):\n%s", path, got)
	}
}

// TestVerifyLogin: a signature verifies only for exactly the login it
// signed: any other binding, value, nonce, name or key fails, as do keys
// and signatures of the wrong size.
func TestVerifyLogin(t *testing.T) {
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, 32))
	pub := key.Public().(ed25519.PublicKey)
	value, nonce := bytes.Repeat([]byte{3}, 32), bytes.Repeat([]byte{4}, 32)
	sig := SignLogin(key, Binding_BINDING_TLS_EXPORTER, value, nonce, "alice")
	flip := func(b []byte, i int) []byte { c := bytes.Clone(b); c[i] ^= 1; return c }
	tests := []struct {
		name    string
		pub     []byte
		binding Binding
		value   []byte
		nonce   []byte
		login   string
		sig     []byte
		ok      bool
	}{
		{"the signed login", pub, Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", sig, true},
		{"another binding kind", pub, Binding_BINDING_SERVER_CERT, value, nonce, "alice", sig, false},
		{"another connection", pub, Binding_BINDING_TLS_EXPORTER, flip(value, 31), nonce, "alice", sig, false},
		{"another nonce", pub, Binding_BINDING_TLS_EXPORTER, value, flip(nonce, 0), "alice", sig, false},
		{"another name", pub, Binding_BINDING_TLS_EXPORTER, value, nonce, "Alice", sig, false},
		{"another key", other.Public().(ed25519.PublicKey), Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", sig, false},
		{"a damaged signature", pub, Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", flip(sig, 10), false},
		{"a short signature", pub, Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", sig[:63], false},
		{"a short key", pub[:31], Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", sig, false},
		{"no signature", pub, Binding_BINDING_TLS_EXPORTER, value, nonce, "alice", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := VerifyLogin(tt.pub, tt.binding, tt.value, tt.nonce, tt.login, tt.sig)
			if (err == nil) != tt.ok {
				t.Errorf("VerifyLogin = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// TestLoginTranscriptUnambiguous: moving bytes between the
// length-prefixed parts changes the transcript, so no two logins share
// one (without the prefixes, value "ab"+nonce "c" and value "a"+nonce
// "bc" would sign the same bytes).
func TestLoginTranscriptUnambiguous(t *testing.T) {
	pub := bytes.Repeat([]byte{9}, 32)
	a := LoginTranscript(Binding_BINDING_TLS_EXPORTER, []byte("ab"), []byte("c"), "n", pub)
	b := LoginTranscript(Binding_BINDING_TLS_EXPORTER, []byte("a"), []byte("bc"), "n", pub)
	c := LoginTranscript(Binding_BINDING_TLS_EXPORTER, []byte("a"), []byte("b"), "cn", pub)
	if bytes.Equal(a, b) || bytes.Equal(b, c) || bytes.Equal(a, c) {
		t.Fatal("transcripts of different logins are equal")
	}
	if !bytes.HasPrefix(a, []byte(LoginContext)) || !bytes.HasSuffix(a, pub) {
		t.Errorf("transcript %x lacks the context prefix or the key suffix", a)
	}
}

// FuzzLoginTranscript: the transcript of any inputs parses back into
// them (context, binding, three length-prefixed parts, key), so it is
// injective over valid logins, and building it never panics.
func FuzzLoginTranscript(f *testing.F) {
	f.Add(uint8(1), bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), "steve", bytes.Repeat([]byte{3}, 32))
	f.Add(uint8(2), []byte{}, []byte{}, "", []byte{})
	f.Fuzz(func(t *testing.T, binding uint8, value, nonce []byte, name string, pub []byte) {
		if len(value) > 255 || len(nonce) > 255 || len(name) > 255 {
			t.Skip("longer than any valid login")
		}
		tr := LoginTranscript(Binding(binding), value, nonce, name, pub)
		rest, ok := bytes.CutPrefix(tr, []byte(LoginContext))
		if !ok || len(rest) < 1 || rest[0] != binding {
			t.Fatalf("bad head in %x", tr)
		}
		rest = rest[1:]
		var parts [3][]byte
		for i := range parts {
			if len(rest) < 1 || len(rest) < 1+int(rest[0]) {
				t.Fatalf("part %d truncated in %x", i, tr)
			}
			parts[i], rest = rest[1:1+int(rest[0])], rest[1+int(rest[0]):]
		}
		if !bytes.Equal(parts[0], value) || !bytes.Equal(parts[1], nonce) || string(parts[2]) != name || !bytes.Equal(rest, pub) {
			t.Fatalf("transcript %x does not parse back into its inputs", tr)
		}
	})
}
