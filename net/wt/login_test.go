package wt_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/quic-go/webtransport-go"

	"github.com/stratavox/strata/internal/nettest"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// TestLoginBinding: a WebTransport session is challenged with
// BINDING_SERVER_CERT, whose value is the hash the page pinned; a login
// signed for it is admitted, one bound to anything else is refused with
// AUTH_FAILED: the TLS exporter (which a browser cannot read, and which a
// relay terminating TLS would have on its own side), or the hash of
// another certificate (a relay's).
func TestLoginBinding(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		name  string
		value func(sess *webtransport.Session) []byte
		code  protocol.ErrorCode // NONE: admitted
	}{
		{"the pinned certificate's hash", func(*webtransport.Session) []byte { return bytes.Clone(h.pin[:]) }, protocol.ErrorCode_ERROR_CODE_NONE},
		{"the TLS exporter", func(sess *webtransport.Session) []byte {
			state := sess.SessionState().ConnectionState.TLS
			v, err := state.ExportKeyingMaterial(protocol.ExporterLabel, nil, protocol.BindingValueSize)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
		{"another certificate's hash", func(*webtransport.Session) []byte { return bytes.Repeat([]byte{0x42}, 32) }, protocol.ErrorCode_ERROR_CODE_AUTH_FAILED},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess := h.mustDial(pageOrigin)
			if got := nettest.CertBinding(t, sess.SessionState().ConnectionState.TLS); !bytes.Equal(got, h.pin[:]) {
				t.Fatalf("the session's certificate hashes to %x, the pin is %x", got, h.pin)
			}
			name := "webby" + string(rune('a'+i))
			c := helloBound(t, sess, name, tt.value(sess))
			if ch := c.challenge; ch == nil || ch.GetBinding() != protocol.Binding_BINDING_SERVER_CERT || len(ch.GetNonce()) != protocol.NonceSize {
				t.Fatalf("Challenge %v, want BINDING_SERVER_CERT with a 32-byte nonce", ch)
			}
			m := c.mustRead()
			if tt.code == protocol.ErrorCode_ERROR_CODE_NONE {
				if m.GetWelcome() == nil {
					t.Fatalf("got %v, want the Welcome", m)
				}
				h.Wait("Connected", 2*time.Second, eventOf(wire.Connected, name))
				return
			}
			if r := m.GetReject(); r.GetCode() != tt.code {
				t.Errorf("got %v, want a %v Reject", m, tt.code)
			}
			if n := h.Count(eventOf(wire.Connected, name)); n != 0 {
				t.Error("the tick saw a refused login")
			}
		})
	}
}
