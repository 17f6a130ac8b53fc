package wt

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/quicvarint"
	"github.com/quic-go/webtransport-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// maxReasonLen is the longest close reason WebTransport carries
// (draft-ietf-webtrans-http3: 1024 bytes).
const maxReasonLen = 1024

// connCloseWait bounds how long the end of a session waits for its QUIC
// connection's close to be observable. quic-go fails the streams of a
// closing connection just before it cancels the connection's context, so
// a session that died with its connection is briefly indistinguishable
// from one whose CONNECT stream broke.
const connCloseWait = 50 * time.Millisecond

// session adapts a webtransport-go session to transport.Session.
type session struct {
	ws   *webtransport.Session
	conn *quic.Conn
	// connect is the session's CONNECT stream, on which CloseWithError
	// writes the close capsule itself (see there).
	connect connectStream
	// ctx ends shortly after ws ends, with the reason as its cause (the
	// webtransport-go context carries none).
	ctx context.Context

	closeOnce sync.Once
	closedBy  atomic.Pointer[transport.CloseError] // our own close, once CloseWithError ran
}

var _ transport.Session = (*session)(nil)

// connectStream is what the session needs of the CONNECT stream.
type connectStream interface {
	io.WriteCloser
	SetWriteDeadline(time.Time) error
}

func newSession(ws *webtransport.Session, conn *quic.Conn, connect connectStream) *session {
	ctx, cancel := context.WithCancelCause(context.Background())
	s := &session{ws: ws, conn: conn, connect: connect, ctx: ctx}
	// Runs once, when the session ends, which it always does: at the
	// latest when its connection closes.
	context.AfterFunc(ws.Context(), func() { cancel(s.endCause()) })
	return s
}

// endCause works out why the ended session ended.
func (s *session) endCause() error {
	if ce := s.closedBy.Load(); ce != nil {
		return ce
	}
	// A closed session answers every accept with its close error.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, closeErr := s.ws.AcceptUniStream(done)
	var sessErr *webtransport.SessionError
	if errors.As(closeErr, &sessErr) {
		return translate(closeErr)
	}
	t := time.NewTimer(connCloseWait)
	defer t.Stop()
	select {
	case <-s.conn.Context().Done():
		return translate(context.Cause(s.conn.Context()))
	case <-t.C:
	}
	if closeErr == nil || errors.Is(closeErr, context.Canceled) {
		// Not closed after all (cannot happen with webtransport-go
		// v0.13.0, which closes the streams before the context).
		closeErr = errors.New("webtransport session ended")
	}
	return translate(closeErr)
}

func (s *session) AcceptStream(ctx context.Context) (transport.Stream, error) {
	st, err := s.ws.AcceptStream(ctx)
	if err != nil {
		return nil, translate(err)
	}
	return stream{st}, nil
}

// OpenUniStream opens the chunk stream. The browser sees it with the first
// frame written, as on a native connection (the stream header goes out
// with the first write).
func (s *session) OpenUniStream(ctx context.Context) (transport.SendStream, error) {
	st, err := s.ws.OpenUniStreamSync(ctx)
	if err != nil {
		return nil, translate(err)
	}
	return sendStream{st}, nil
}

func (s *session) SendDatagram(b []byte) error { return translate(s.ws.SendDatagram(b)) }

// ReceiveDatagram waits for the next datagram. Datagrams travel on the
// session's CONNECT stream in HTTP/3, whose end webtransport-go reports
// here as io.EOF; that is the session ending, not the client finishing its
// control stream (io.EOF to the transport), so the session's own close
// reason is returned instead.
func (s *session) ReceiveDatagram(ctx context.Context) ([]byte, error) {
	b, err := s.ws.ReceiveDatagram(ctx)
	if err == nil || ctx.Err() != nil {
		return b, err
	}
	select {
	case <-s.ctx.Done():
		return nil, context.Cause(s.ctx)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Binding reports BINDING_SERVER_CERT: the SHA-256 of the leaf certificate
// the server presented on the session's connection. A browser cannot read
// the TLS exporter, but it knows that hash (it pinned it, or verified the
// certificate), so a login signed for this server's certificate and the
// Challenge's fresh nonce is useless on another connection and to a relay
// holding another certificate.
func (s *session) Binding() (protocol.Binding, []byte, error) {
	h, err := transport.ServedCertificateHash(s.conn)
	if err != nil {
		return protocol.Binding_BINDING_UNSPECIFIED, nil, fmt.Errorf("wt: login binding: %w", err)
	}
	return protocol.Binding_BINDING_SERVER_CERT, h, nil
}

func (s *session) SupportsDatagrams() bool {
	// The upgrade refuses a client whose SETTINGS lack H3_DATAGRAM, so
	// this is the QUIC layer's answer.
	d := s.ws.SessionState().ConnectionState.SupportsDatagrams
	return d.Local && d.Remote
}

// CloseWithError sends WT_CLOSE_SESSION with the protocol error code as the
// application error code, as a native close would carry it, and returns
// once the session is closed.
//
// The capsule and the FIN after it are written here, ahead of
// webtransport-go's own close, because of what Chromium (156) makes of
// that one: webtransport-go queues the capsule together with a
// STOP_SENDING for the CONNECT stream, the STOP_SENDING travels first
// (QUIC control frames precede stream data in a packet), and Chromium
// fails the session on it before reading the capsule; the page sees
// "Connection lost" instead of, say, KICKED. Chromium also reports the
// close only once the CONNECT stream has ended cleanly (FIN), and a reset
// of it before that is again a failure. So: capsule and FIN alone, then up
// to closeLinger for the peer to answer (Chromium and webtransport-go
// close their side at once), and only then webtransport-go's teardown,
// whose resets reach a peer that has already closed.
func (s *session) CloseWithError(code protocol.ErrorCode, reason string) error {
	s.closeOnce.Do(func() {
		reason = truncateUTF8(reason, maxReasonLen)
		if s.ws.Context().Err() == nil {
			s.closedBy.Store(&transport.CloseError{Code: code, Reason: reason})
			_ = s.connect.SetWriteDeadline(time.Now().Add(closeLinger))
			_, err := s.connect.Write(closeCapsule(code, reason))
			if err == nil {
				err = s.connect.Close()
			}
			if err == nil {
				t := time.NewTimer(closeLinger)
				select {
				case <-s.ws.Context().Done():
				case <-t.C:
				}
				t.Stop()
			}
		}
		_ = s.ws.CloseWithError(webtransport.SessionErrorCode(code.AppCode()), reason)
	})
	return nil
}

// closeSessionCapsule is the capsule type of WT_CLOSE_SESSION
// (draft-ietf-webtrans-http3).
const closeSessionCapsule = 0x2843

// closeCapsule encodes WT_CLOSE_SESSION: a 32-bit error code and a UTF-8
// reason.
func closeCapsule(code protocol.ErrorCode, reason string) []byte {
	b := quicvarint.Append(nil, closeSessionCapsule)
	b = quicvarint.Append(b, uint64(4+len(reason)))
	b = binary.BigEndian.AppendUint32(b, uint32(code.AppCode()))
	return append(b, reason...)
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func (s *session) Context() context.Context { return s.ctx }
func (s *session) RemoteAddr() net.Addr     { return s.ws.RemoteAddr() }

// stream adapts the control stream. Stream error codes are protocol
// ErrorCodes in both directions, as on a native stream.
type stream struct{ st *webtransport.Stream }

func (s stream) Read(b []byte) (int, error) {
	n, err := s.st.Read(b)
	return n, translate(err)
}

func (s stream) Write(b []byte) (int, error) {
	n, err := s.st.Write(b)
	return n, translate(err)
}

func (s stream) Close() error                       { return translate(s.st.Close()) }
func (s stream) SetReadDeadline(t time.Time) error  { return s.st.SetReadDeadline(t) }
func (s stream) SetWriteDeadline(t time.Time) error { return s.st.SetWriteDeadline(t) }
func (s stream) CancelRead(code protocol.ErrorCode) {
	s.st.CancelRead(webtransport.StreamErrorCode(code.AppCode()))
}
func (s stream) CancelWrite(code protocol.ErrorCode) {
	s.st.CancelWrite(webtransport.StreamErrorCode(code.AppCode()))
}

// sendStream adapts the chunk stream.
type sendStream struct{ st *webtransport.SendStream }

func (s sendStream) Write(b []byte) (int, error) {
	n, err := s.st.Write(b)
	return n, translate(err)
}

func (s sendStream) Close() error                       { return translate(s.st.Close()) }
func (s sendStream) SetWriteDeadline(t time.Time) error { return s.st.SetWriteDeadline(t) }
func (s sendStream) CancelWrite(code protocol.ErrorCode) {
	s.st.CancelWrite(webtransport.StreamErrorCode(code.AppCode()))
}
