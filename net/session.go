package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/net/protocol"
)

// Session is one client's transport: a native QUIC connection or a
// WebTransport session (net/wt). Both carry the same streams, framing and
// messages, so everything above this interface is shared; a second
// transport only needs an adapter and a call to Server.ServeSession.
//
// Errors from a session or its streams, and the cause of its Context, tell
// the server why it ended: an adapter reports closes and stream resets that
// carry a protocol error code as (or wrapping) *CloseError, and passes
// io.EOF, deadline errors (os.ErrDeadlineExceeded) and context errors
// through unchanged. quic-go's own error types are understood as well.
type Session interface {
	// AcceptStream returns the next client-opened bidirectional stream
	// (the control stream).
	AcceptStream(ctx context.Context) (Stream, error)
	// OpenUniStream opens a server-to-client stream (the chunk stream),
	// waiting if the peer's stream limit is reached.
	OpenUniStream(ctx context.Context) (SendStream, error)
	// SendDatagram sends one unreliable datagram; it may block briefly
	// while the transport's own small queue is full.
	SendDatagram(b []byte) error
	// ReceiveDatagram waits for the next datagram.
	ReceiveDatagram(ctx context.Context) ([]byte, error)
	// SupportsDatagrams reports whether both sides enabled datagrams.
	SupportsDatagrams() bool
	// CloseWithError closes the session with an application error code and
	// reason; it unblocks every pending stream operation.
	CloseWithError(code protocol.ErrorCode, reason string) error
	// Context ends when the session is closed by either side.
	Context() context.Context
	// RemoteAddr is the peer's address.
	RemoteAddr() net.Addr
	// Binding is the connection value a login signature is bound to
	// (docs/protocol.md §3.3): which kind the Challenge announces, and its
	// bytes, the same at both ends of this connection and at no other. An
	// error means the session cannot bind a login; the handshake then
	// fails with INTERNAL rather than accept a signature bound to nothing.
	Binding() (protocol.Binding, []byte, error)
}

// SendStream is the writing half of a stream.
type SendStream interface {
	io.Writer
	// Close ends the stream cleanly (FIN) after queued data.
	Close() error
	SetWriteDeadline(t time.Time) error
	// CancelWrite abandons the stream with an error code (RESET_STREAM).
	CancelWrite(code protocol.ErrorCode)
}

// Stream is a bidirectional stream.
type Stream interface {
	SendStream
	io.Reader
	SetReadDeadline(t time.Time) error
	// CancelRead asks the peer to stop sending (STOP_SENDING).
	CancelRead(code protocol.ErrorCode)
}

// ReceiveStream is the reading half of a stream: the chunk stream as the
// client sees it. The server never reads one, so Session does not use it;
// it exists so a client-side session (client.Session, Pipe's client end)
// can be written in this package's terms.
type ReceiveStream interface {
	io.Reader
	SetReadDeadline(t time.Time) error
	// CancelRead asks the peer to stop sending (STOP_SENDING).
	CancelRead(code protocol.ErrorCode)
}

// Stream priorities (RFC 9218 urgency, lower is more urgent): control
// messages — corrections, acks, block updates — must not queue behind bulk
// section data.
const (
	controlUrgency = 2
	chunkUrgency   = 5
)

// QUICSession adapts a native quic-go connection to Session, and, for
// the client library, to the client's side of one (OpenStream,
// AcceptUniStream). Every QUIC connection either side makes goes through
// it, so the stream priorities and error codes are written once.
type QUICSession struct{ c *quic.Conn }

// NewQUICSession wraps c.
func NewQUICSession(c *quic.Conn) QUICSession { return QUICSession{c} }

// OpenStream opens the client's control stream.
func (s QUICSession) OpenStream(ctx context.Context) (Stream, error) {
	st, err := s.c.OpenStreamSync(ctx)
	if err != nil {
		return nil, err
	}
	return quicStream{st}, nil
}

// AcceptUniStream waits for the server's chunk stream.
func (s QUICSession) AcceptUniStream(ctx context.Context) (ReceiveStream, error) {
	st, err := s.c.AcceptUniStream(ctx)
	if err != nil {
		return nil, err
	}
	return quicReceiveStream{st}, nil
}

type quicReceiveStream struct{ *quic.ReceiveStream }

func (s quicReceiveStream) CancelRead(code protocol.ErrorCode) {
	s.ReceiveStream.CancelRead(quic.StreamErrorCode(code.AppCode()))
}

// AcceptStream implements Session.
func (s QUICSession) AcceptStream(ctx context.Context) (Stream, error) {
	st, err := s.c.AcceptStream(ctx)
	if err != nil {
		return nil, err
	}
	st.SetPriority(controlUrgency, false)
	return quicStream{st}, nil
}

// OpenUniStream implements Session.
func (s QUICSession) OpenUniStream(ctx context.Context) (SendStream, error) {
	st, err := s.c.OpenUniStreamSync(ctx)
	if err != nil {
		return nil, err
	}
	st.SetPriority(chunkUrgency, false)
	return quicSendStream{st}, nil
}

// SendDatagram implements Session.
func (s QUICSession) SendDatagram(b []byte) error { return s.c.SendDatagram(b) }

// ReceiveDatagram implements Session.
func (s QUICSession) ReceiveDatagram(ctx context.Context) ([]byte, error) {
	return s.c.ReceiveDatagram(ctx)
}

// SupportsDatagrams implements Session: both sides enabled them.
func (s QUICSession) SupportsDatagrams() bool {
	d := s.c.ConnectionState().SupportsDatagrams
	return d.Local && d.Remote
}

// CloseWithError implements Session.
func (s QUICSession) CloseWithError(code protocol.ErrorCode, reason string) error {
	return s.c.CloseWithError(quic.ApplicationErrorCode(code.AppCode()), reason)
}

// Context implements Session.
func (s QUICSession) Context() context.Context { return s.c.Context() }

// RemoteAddr implements Session.
func (s QUICSession) RemoteAddr() net.Addr { return s.c.RemoteAddr() }

// Binding implements Session: the TLS exporter of the connection, which
// both ends compute from the TLS 1.3 secrets, so a login signed on one
// connection is worthless on another, and a relay that terminates TLS
// itself has a different one on each side.
func (s QUICSession) Binding() (protocol.Binding, []byte, error) {
	tlsState := s.c.ConnectionState().TLS
	v, err := tlsState.ExportKeyingMaterial(protocol.ExporterLabel, nil, protocol.BindingValueSize)
	if err != nil {
		return protocol.Binding_BINDING_UNSPECIFIED, nil, fmt.Errorf("transport: TLS exporter: %w", err)
	}
	return protocol.Binding_BINDING_TLS_EXPORTER, v, nil
}

type quicStream struct{ *quic.Stream }

func (s quicStream) CancelWrite(code protocol.ErrorCode) {
	s.Stream.CancelWrite(quic.StreamErrorCode(code.AppCode()))
}

func (s quicStream) CancelRead(code protocol.ErrorCode) {
	s.Stream.CancelRead(quic.StreamErrorCode(code.AppCode()))
}

type quicSendStream struct{ *quic.SendStream }

func (s quicSendStream) CancelWrite(code protocol.ErrorCode) {
	s.SendStream.CancelWrite(quic.StreamErrorCode(code.AppCode()))
}

// CloseError is how a non-native Session reports that it, or one of its
// streams, was closed with a protocol error code: the equivalent of a QUIC
// application close or stream reset on a native connection.
type CloseError struct {
	// Code is the protocol error code the session or stream ended with.
	Code protocol.ErrorCode
	// Remote is true when the peer chose the code.
	Remote bool
	// Reason is the peer's or our own reason phrase, if any.
	Reason string
	// Err is the adapter's original error, for logs; may be nil.
	Err error
}

func (e *CloseError) Error() string {
	who := "locally"
	if e.Remote {
		who = "by the peer"
	}
	msg := fmt.Sprintf("session closed %s with %v", who, e.Code)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// Unwrap returns the adapter's original error.
func (e *CloseError) Unwrap() error { return e.Err }

// closeInfo classifies an error from a session or stream operation: the
// application error code of a connection close (and whether the peer sent
// it), or ok=false for anything else.
func closeInfo(err error) (code protocol.ErrorCode, remote, ok bool) {
	// First: a CloseError may wrap a transport-level error whose code
	// belongs to another code space (HTTP/3's, for WebTransport).
	var ce *CloseError
	if errors.As(err, &ce) {
		return ce.Code, ce.Remote, true
	}
	var app *quic.ApplicationError
	if errors.As(err, &app) {
		return protocol.ErrorCodeOf(uint64(app.ErrorCode)), app.Remote, true
	}
	var idle *quic.IdleTimeoutError
	if errors.As(err, &idle) {
		return protocol.ErrorCode_ERROR_CODE_IDLE_TIMEOUT, true, true
	}
	var hs *quic.HandshakeTimeoutError
	if errors.As(err, &hs) {
		return protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, true, true
	}
	var se *quic.StreamError
	if errors.As(err, &se) {
		return protocol.ErrorCodeOf(uint64(se.ErrorCode)), se.Remote, true
	}
	var te *quic.TransportError
	if errors.As(err, &te) {
		return protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, te.Remote, true
	}
	var sr *quic.StatelessResetError
	if errors.As(err, &sr) {
		return protocol.ErrorCode_ERROR_CODE_NONE, true, true
	}
	return 0, false, false
}

// isDeadline reports a stream deadline expiry.
func isDeadline(err error) bool { return errors.Is(err, os.ErrDeadlineExceeded) }
