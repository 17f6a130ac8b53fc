package client

import (
	"context"
	"net"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// Session is what a Conn needs of its transport, the client's mirror of
// transport.Session. Dial provides a QUIC connection; Open takes any
// implementation, notably the client end of transport.Pipe, so tests run
// this client's real handshake and readers against a server in memory.
//
// Errors follow transport.Session's rules: closes and stream resets with a
// protocol code are (or wrap) *transport.CloseError or quic-go's own error
// types; io.EOF, os.ErrDeadlineExceeded and context errors are unchanged.
type Session interface {
	// OpenStream opens the control stream.
	OpenStream(ctx context.Context) (transport.Stream, error)
	// AcceptUniStream waits for the server's chunk stream.
	AcceptUniStream(ctx context.Context) (transport.ReceiveStream, error)
	// SendDatagram sends one unreliable datagram.
	SendDatagram(b []byte) error
	// ReceiveDatagram waits for the next datagram.
	ReceiveDatagram(ctx context.Context) ([]byte, error)
	// SupportsDatagrams reports whether the server accepts datagrams; the
	// datagram reader runs only then.
	SupportsDatagrams() bool
	// CloseWithError closes the session with a protocol error code.
	CloseWithError(code protocol.ErrorCode, reason string) error
	// Context ends when the session is closed by either side; its cause
	// becomes Conn.Err.
	Context() context.Context
	// RemoteAddr is the server's address (for logs).
	RemoteAddr() net.Addr
	// Binding is the connection value the login signature is bound to, as
	// transport.Session.Binding reports it at the server's end: the kind
	// must match the server's Challenge, and the bytes are signed.
	Binding() (protocol.Binding, []byte, error)
}

// Open runs the handshake over an established session and returns the
// admitted connection, exactly as Dial does after dialling: a refusal is a
// *RejectError, ctx bounds the handshake. The Conn owns sess from then on
// and closes it on a failed handshake or Close. Options that configure
// dialling (server authentication, KeepAlive, QUIC) are ignored.
func Open(ctx context.Context, sess Session, opts Options) (*Conn, error) {
	if err := opts.withDefaults(); err != nil {
		_ = sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_INTERNAL, "client setup failed")
		return nil, err
	}
	return open(ctx, sess, opts, sess.RemoteAddr().String())
}
