package client

import (
	"context"
	"net"

	"github.com/quic-go/quic-go"

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
}

// Open runs the handshake over an established session and returns the
// admitted connection, exactly as Dial does after dialling: a refusal is a
// *RejectError, ctx bounds the handshake. The Conn owns sess from then on
// and closes it on a failed handshake or Close. Options that configure
// dialling (server authentication, KeepAlive, QUIC) are ignored.
func Open(ctx context.Context, sess Session, opts Options) (*Conn, error) {
	opts.withDefaults()
	return open(ctx, sess, opts, sess.RemoteAddr().String())
}

// quicSession adapts the QUIC connection Dial makes.
type quicSession struct{ c *quic.Conn }

func (s quicSession) OpenStream(ctx context.Context) (transport.Stream, error) {
	st, err := s.c.OpenStreamSync(ctx)
	if err != nil {
		return nil, err
	}
	return quicStream{st}, nil
}

func (s quicSession) AcceptUniStream(ctx context.Context) (transport.ReceiveStream, error) {
	st, err := s.c.AcceptUniStream(ctx)
	if err != nil {
		return nil, err
	}
	return quicReceiveStream{st}, nil
}

func (s quicSession) SendDatagram(b []byte) error { return s.c.SendDatagram(b) }

func (s quicSession) ReceiveDatagram(ctx context.Context) ([]byte, error) {
	return s.c.ReceiveDatagram(ctx)
}

// SupportsDatagrams asks only the server's side, as Dial always has: with
// datagrams off locally (Options.QUIC) the reader just ends at once.
func (s quicSession) SupportsDatagrams() bool {
	return s.c.ConnectionState().SupportsDatagrams.Remote
}

func (s quicSession) CloseWithError(code protocol.ErrorCode, reason string) error {
	return s.c.CloseWithError(quic.ApplicationErrorCode(code.AppCode()), reason)
}

func (s quicSession) Context() context.Context { return s.c.Context() }
func (s quicSession) RemoteAddr() net.Addr     { return s.c.RemoteAddr() }

type quicStream struct{ *quic.Stream }

func (s quicStream) CancelRead(code protocol.ErrorCode) {
	s.Stream.CancelRead(quic.StreamErrorCode(code.AppCode()))
}

func (s quicStream) CancelWrite(code protocol.ErrorCode) {
	s.Stream.CancelWrite(quic.StreamErrorCode(code.AppCode()))
}

type quicReceiveStream struct{ *quic.ReceiveStream }

func (s quicReceiveStream) CancelRead(code protocol.ErrorCode) {
	s.ReceiveStream.CancelRead(quic.StreamErrorCode(code.AppCode()))
}
