package nettest

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"fmt"
	"io"
	"testing"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// The login of docs/protocol.md §3.1 by hand, for tests whose client does
// not follow the protocol (hostile clients, replays, version checks)
// where the Go client would not let them misbehave.

// NewKey returns a fresh Ed25519 key; it fails t if there is no
// randomness.
func NewKey(t testing.TB) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// RejectedError is a Reject received during a hand-driven login.
type RejectedError struct{ Reject *protocol.Reject }

func (e *RejectedError) Error() string {
	return fmt.Sprintf("rejected: %v: %s", e.Reject.GetCode(), e.Reject.GetReason())
}

// WriteMessage frames m and writes it to w.
func WriteMessage(w io.Writer, m *protocol.ClientMessage) error {
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// ReadMessage reads one server frame from r. r is read without buffering
// beyond the frame, so the caller may go on reading r itself.
func ReadMessage(r io.Reader) (*protocol.ServerMessage, error) {
	payload, err := frame.ReadFrame(r, frame.ControlCap)
	if err != nil {
		return nil, err
	}
	return frame.DecodeServer(payload)
}

// SendHello writes a Hello. A zero ProtocolVersion becomes
// protocol.Version, and a nil PublicKey key's public half (key may then be
// nil only if PublicKey is set).
func SendHello(w io.Writer, key ed25519.PrivateKey, h *protocol.Hello) error {
	if h.ProtocolVersion == 0 {
		h.ProtocolVersion = protocol.Version
	}
	if h.PublicKey == nil && key != nil {
		h.PublicKey = key.Public().(ed25519.PublicKey)
	}
	return WriteMessage(w, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: h}})
}

// ReadChallenge reads the server's answer to a Hello: the Challenge, or a
// *RejectedError.
func ReadChallenge(r io.Reader) (*protocol.Challenge, error) {
	m, err := ReadMessage(r)
	if err != nil {
		return nil, fmt.Errorf("read Challenge: %w", err)
	}
	if rej := m.GetReject(); rej != nil {
		return nil, &RejectedError{Reject: rej}
	}
	ch := m.GetChallenge()
	if ch == nil {
		return nil, fmt.Errorf("expected Challenge, got %T", m.Kind)
	}
	return ch, nil
}

// SignProof answers ch for name with key, bound to value (the connection's
// binding value).
func SignProof(key ed25519.PrivateKey, ch *protocol.Challenge, value []byte, name string) *protocol.Proof {
	return &protocol.Proof{Signature: protocol.SignLogin(key, ch.GetBinding(), value, ch.GetNonce(), name)}
}

// SendProof writes p.
func SendProof(w io.Writer, p *protocol.Proof) error {
	return WriteMessage(w, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: p}})
}

// Login runs the client's half of the login on rw: Hello, Challenge,
// Proof. It returns the Proof it sent (a replay test sends it again
// elsewhere); the server's next frame, a Welcome or a Reject, is the
// caller's to read.
func Login(rw io.ReadWriter, key ed25519.PrivateKey, h *protocol.Hello, value []byte) (*protocol.Proof, error) {
	if err := SendHello(rw, key, h); err != nil {
		return nil, fmt.Errorf("send Hello: %w", err)
	}
	ch, err := ReadChallenge(rw)
	if err != nil {
		return nil, err
	}
	p := SignProof(key, ch, value, h.GetName())
	if err := SendProof(rw, p); err != nil {
		return nil, fmt.Errorf("send Proof: %w", err)
	}
	return p, nil
}

// ExporterBinding is a native connection's binding value
// (BINDING_TLS_EXPORTER), as the client computes it.
func ExporterBinding(t testing.TB, conn *quic.Conn) []byte {
	t.Helper()
	state := conn.ConnectionState().TLS
	v, err := state.ExportKeyingMaterial(protocol.ExporterLabel, nil, protocol.BindingValueSize)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// CertBinding is a WebTransport session's binding value
// (BINDING_SERVER_CERT): the hash of the leaf certificate the client saw.
func CertBinding(t testing.TB, state tls.ConnectionState) []byte {
	t.Helper()
	if len(state.PeerCertificates) == 0 {
		t.Fatal("no server certificate in the TLS state")
	}
	sum := sha256.Sum256(state.PeerCertificates[0].Raw)
	return sum[:]
}
