package client

import (
	"errors"
	"fmt"

	"github.com/quic-go/quic-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// ErrClosed is returned by sends after Close.
var ErrClosed = errors.New("client: connection closed")

// RejectError is Dial's error when the server refuses the Hello.
type RejectError struct {
	Code                   protocol.ErrorCode
	Reason                 string
	MinVersion, MaxVersion uint32 // the server's supported protocol versions
}

// Error implements error.
func (e *RejectError) Error() string {
	return fmt.Sprintf("server rejected the connection: %v: %s", e.Code, e.Reason)
}

// CloseError says why an established connection ended.
type CloseError struct {
	Code   protocol.ErrorCode
	Reason string
	Remote bool // the server closed it
}

// Error implements error.
func (e *CloseError) Error() string {
	who := "client"
	if e.Remote {
		who = "server"
	}
	return fmt.Sprintf("connection closed by %s: %v: %s", who, e.Code, e.Reason)
}

// asCloseError maps a session error to a CloseError when it is a close (or,
// from a Session given to Open, a stream reset) with an application code.
func asCloseError(err error) (*CloseError, bool) {
	// First: how a non-QUIC Session reports one; it may wrap an error whose
	// code belongs to another code space.
	var tce *transport.CloseError
	if errors.As(err, &tce) {
		return &CloseError{Code: tce.Code, Reason: tce.Reason, Remote: tce.Remote}, true
	}
	var app *quic.ApplicationError
	if errors.As(err, &app) {
		return &CloseError{Code: protocol.ErrorCodeOf(uint64(app.ErrorCode)), Reason: app.ErrorMessage, Remote: app.Remote}, true
	}
	var idle *quic.IdleTimeoutError
	if errors.As(err, &idle) {
		return &CloseError{Code: protocol.ErrorCode_ERROR_CODE_IDLE_TIMEOUT, Reason: "idle timeout", Remote: false}, true
	}
	return nil, false
}
