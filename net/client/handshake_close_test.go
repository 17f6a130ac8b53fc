package client_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// closingSession closes the pipe from the server's side at a chosen point
// of the client's handshake, as a server refusing a connection at once
// (too many handshakes from the address) does: its close may arrive before
// the client opened the control stream, or before it wrote the Hello.
type closingSession struct {
	*transport.PipeEnd
	server *transport.PipeEnd
	after  bool // close once the stream is open, not before
}

func (s closingSession) OpenStream(ctx context.Context) (transport.Stream, error) {
	if !s.after {
		s.refuse()
		return s.PipeEnd.OpenStream(ctx)
	}
	st, err := s.PipeEnd.OpenStream(ctx)
	s.refuse()
	return st, err
}

func (s closingSession) refuse() {
	_ = s.server.CloseWithError(protocol.ErrorCode_ERROR_CODE_SERVER_FULL, "too many connection attempts from your address")
}

// TestCloseDuringHandshakeIsRejection: however early the server's close
// overtakes the handshake, Open (and so Dial) reports it as a
// *RejectError with the close's code and reason (docs/protocol.md §3), so
// a caller such as the bot runner can tell SERVER_FULL and retry.
func TestCloseDuringHandshakeIsRejection(t *testing.T) {
	for _, tt := range []struct {
		name  string
		after bool
	}{
		{"before the control stream", false},
		{"before the Hello", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			testkit.CheckNoLeaks(t)
			srv, cli := transport.Pipe(transport.PipeConfig{})
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_, err := client.Open(ctx, closingSession{PipeEnd: cli, server: srv, after: tt.after}, client.Options{Name: "late", Log: zerolog.Nop()})
			var rej *client.RejectError
			if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_SERVER_FULL || rej.Reason == "" {
				t.Fatalf("Open: %v, want a SERVER_FULL *RejectError with the reason", err)
			}
		})
	}
}
