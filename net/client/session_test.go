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

// The in-memory pipe's client end is what Open takes.
var _ client.Session = (*transport.PipeEnd)(nil)

// TestOpenHandshakeTimeout: a server that never answers the Hello leaves
// Open to ctx, after which the client closes the session itself with
// HANDSHAKE_TIMEOUT, as Dial does on QUIC.
func TestOpenHandshakeTimeout(t *testing.T) {
	testkit.CheckNoLeaks(t)
	srv, cli := transport.Pipe(transport.PipeConfig{})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := client.Open(ctx, cli, client.Options{Name: "patient", Log: zerolog.Nop()}); err == nil {
		t.Fatal("Open succeeded without a server")
	}
	select {
	case <-srv.Context().Done():
	default:
		t.Fatal("the session is still open after a failed Open")
	}
	var ce *transport.CloseError
	if cause := context.Cause(srv.Context()); !errors.As(cause, &ce) ||
		ce.Code != protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT || !ce.Remote {
		t.Errorf("server end sees %v, want the client's HANDSHAKE_TIMEOUT", cause)
	}
}
