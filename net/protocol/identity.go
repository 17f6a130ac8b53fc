package protocol

import (
	"crypto/ed25519"
	"fmt"
)

// Login handshake constants (docs/protocol.md §3.1–§3.3).
const (
	// LoginContext starts every login transcript, so a login signature can
	// never be mistaken for a signature the same key made for anything else.
	LoginContext = "strata-login-v2\x00"
	// ExporterLabel is the TLS exporter label of BINDING_TLS_EXPORTER.
	ExporterLabel = "EXPORTER-strata-login"
	// BindingValueSize is the length of a binding value: the exporter
	// output length of BINDING_TLS_EXPORTER, and SHA-256's of
	// BINDING_SERVER_CERT.
	BindingValueSize = 32
	// NonceSize is the length of Challenge.nonce.
	NonceSize = 32
	// MaxTokenSize bounds Hello.token.
	MaxTokenSize = 4096
)

// LoginTranscript is the byte string a client signs in its Proof:
//
//	"strata-login-v2\x00" || u8(binding) || u8(len(value)) || value ||
//	u8(len(nonce)) || nonce || u8(len(name)) || name || pub
//
// value is the connection's binding value (the TLS exporter or the server
// certificate's hash), nonce the Challenge's, name the Hello's and pub the
// 32-byte public key. Every variable part is length-prefixed, so two
// different logins never share a transcript. value, nonce and name must be
// at most 255 bytes (they are 32, 32 and at most MaxNameLength); longer
// ones are cut at 255, which no valid login has.
func LoginTranscript(binding Binding, value []byte, nonce []byte, name string, pub []byte) []byte {
	value, nonce, name = value[:min(len(value), 255)], nonce[:min(len(nonce), 255)], name[:min(len(name), 255)]
	b := make([]byte, 0, len(LoginContext)+4+len(value)+len(nonce)+len(name)+len(pub))
	b = append(b, LoginContext...)
	b = append(b, byte(binding))
	b = append(b, byte(len(value)))
	b = append(b, value...)
	b = append(b, byte(len(nonce)))
	b = append(b, nonce...)
	b = append(b, byte(len(name)))
	b = append(b, name...)
	return append(b, pub...)
}

// SignLogin signs the login transcript with priv, as a client answers a
// Challenge.
func SignLogin(priv ed25519.PrivateKey, binding Binding, value, nonce []byte, name string) []byte {
	pub := priv.Public().(ed25519.PublicKey)
	return ed25519.Sign(priv, LoginTranscript(binding, value, nonce, name, pub))
}

// VerifyLogin checks a Proof's signature of the login transcript by pub.
// It reports why a login does not verify, or nil.
func VerifyLogin(pub []byte, binding Binding, value, nonce []byte, name string, sig []byte) error {
	if len(pub) != ed25519.PublicKeySize {
		return fmt.Errorf("public key is %d bytes, want %d", len(pub), ed25519.PublicKeySize)
	}
	if len(sig) != ed25519.SignatureSize {
		return fmt.Errorf("signature is %d bytes, want %d", len(sig), ed25519.SignatureSize)
	}
	if !ed25519.Verify(ed25519.PublicKey(pub), LoginTranscript(binding, value, nonce, name, pub), sig) {
		return fmt.Errorf("signature does not verify for this key and connection")
	}
	return nil
}
