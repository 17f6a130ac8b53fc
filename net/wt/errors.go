package wt

import (
	"context"
	"errors"
	"io"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// translate turns an error from a WebTransport session or stream into what
// the transport classifies (see transport.Session): protocol error codes
// become *transport.CloseError; io.EOF, deadlines and context errors stay
// as they are, and so do quic-go's connection-level timeouts, which the
// transport already knows.
func translate(err error) error {
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var sessErr *webtransport.SessionError
	if errors.As(err, &sessErr) {
		return &transport.CloseError{Code: protocol.ErrorCodeOf(uint64(sessErr.ErrorCode)), Remote: sessErr.Remote, Reason: sessErr.Message, Err: err}
	}
	var strErr *webtransport.StreamError
	if errors.As(err, &strErr) {
		return &transport.CloseError{Code: protocol.ErrorCodeOf(uint64(strErr.ErrorCode)), Remote: strErr.Remote, Err: err}
	}
	var app *quic.ApplicationError
	if errors.As(err, &app) {
		return connClosed(app)
	}
	var h3 *http3.Error
	if errors.As(err, &h3) {
		return connectStreamEnded(h3)
	}
	return err
}

// connClosed maps the close of the HTTP/3 connection under a session. Its
// application error code is an HTTP/3 code, not a protocol ErrorCode, so
// it must not reach the transport's classifier as it is.
func connClosed(app *quic.ApplicationError) error {
	code := protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION
	if http3.ErrCode(app.ErrorCode) == http3.ErrCodeNoError {
		code = protocol.ErrorCode_ERROR_CODE_NONE
	}
	return &transport.CloseError{Code: code, Remote: app.Remote, Reason: app.ErrorMessage, Err: app}
}

// connectStreamEnded maps a session that ended without a close capsule.
// webtransport-go reports a CONNECT stream that ended without a capsule as
// an H3_DATAGRAM_ERROR carrying the read's error: "EOF" when the peer
// simply finished it, which WebTransport defines as a close with code 0,
// and "H3_NO_ERROR" when the peer closed the whole HTTP/3 connection
// cleanly before the stream's end was read — a clean close too. Anything
// else is a broken session (a malformed capsule, a flow control
// violation, a reset).
func connectStreamEnded(h3 *http3.Error) error {
	if h3.ErrorCode == http3.ErrCodeDatagramError &&
		(h3.ErrorMessage == io.EOF.Error() || h3.ErrorMessage == http3.ErrCodeNoError.String()) {
		return &transport.CloseError{Code: protocol.ErrorCode_ERROR_CODE_NONE, Remote: true, Err: h3}
	}
	return &transport.CloseError{Code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, Remote: h3.Remote, Reason: h3.ErrorMessage, Err: h3}
}
