package frame

import (
	"errors"
	"fmt"

	"github.com/stratavox/strata/net/protocol"
)

// Sentinels for errors.Is; every *Error wraps one of them.
var (
	// ErrTooLarge: a frame's length exceeds the stream's cap.
	ErrTooLarge = errors.New("frame too large")
	// ErrMalformed: a frame's prefix or payload does not decode.
	ErrMalformed = errors.New("malformed frame")
)

// Error is a framing or decoding failure that ends the connection. Code is
// the protocol error code to close it with (protocol.ErrorCode.AppCode gives
// the QUIC application error code).
type Error struct {
	Code   protocol.ErrorCode
	Detail string
	kind   error // ErrTooLarge or ErrMalformed
	cause  error // underlying decoder error, if any
}

// Error implements error.
func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%v: %s: %v", e.kind, e.Detail, e.cause)
	}
	return fmt.Sprintf("%v: %s", e.kind, e.Detail)
}

// Unwrap exposes the sentinel and the decoder's own error.
func (e *Error) Unwrap() []error {
	if e.cause != nil {
		return []error{e.kind, e.cause}
	}
	return []error{e.kind}
}

func tooLarge(n uint64, limit int) *Error {
	return &Error{
		Code:   protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE,
		Detail: fmt.Sprintf("length %d exceeds the cap of %d bytes", n, limit),
		kind:   ErrTooLarge,
	}
}

func malformed(detail string, cause error) *Error {
	return &Error{Code: protocol.ErrorCode_ERROR_CODE_MALFORMED, Detail: detail, kind: ErrMalformed, cause: cause}
}
