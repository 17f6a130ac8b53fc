package transport

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// controlStream is the client's bidirectional stream with its read buffer,
// which may already hold bytes after the Hello.
type controlStream struct {
	st Stream
	br *bufio.Reader
}

// handshakeError is a failure before the client is registered: the
// connection is closed with code (after a Reject when a control stream
// exists and reject is set).
type handshakeError struct {
	code   protocol.ErrorCode
	reason string
	reject bool // answer with a Reject message (the client spoke the protocol)
	cause  error
}

func (e *handshakeError) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %v", e.reason, e.cause)
	}
	return e.reason
}

// serveSession runs one connection from the Hello to the Disconnected event.
func (s *Server) serveSession(sess Session) {
	log := s.log.With().Str("remote", sess.RemoteAddr().String()).Logger()
	// Refused at once, without waiting for a Hello: holding the connection
	// open for HelloTimeout is exactly what a flood wants.
	leave, refused := s.gate.enter(sess.RemoteAddr())
	if leave == nil {
		s.stats.rejected.Add(1)
		ev := log.Warn()
		if refused == refusedPerAddr {
			// One host over its share hurts no one else; under a flood this
			// is once per attempt, so it stays out of the default log.
			ev = log.Debug()
		}
		ev.Str("reason", string(refused)).Msg("too many handshakes in progress; refusing connection")
		_ = sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_SERVER_FULL, string(refused))
		return
	}
	ctl, hello, err := s.readHello(sess)
	leave()
	if err != nil {
		var he *handshakeError
		if !errors.As(err, &he) {
			he = &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "handshake failed", cause: err}
		}
		s.stats.rejected.Add(1)
		log.Info().Err(err).Stringer("code", he.code).Msg("handshake failed")
		if he.reject && ctl != nil {
			s.sendReject(sess, ctl, he.code, he.reason)
			return
		}
		_ = sess.CloseWithError(he.code, he.reason)
		return
	}
	log = log.With().Str("name", hello.GetName()).Logger()
	if code, reason := s.validateHello(hello); code != protocol.ErrorCode_ERROR_CODE_NONE {
		s.stats.rejected.Add(1)
		log.Info().Stringer("code", code).Str("reason", reason).Msg("rejected Hello")
		s.sendReject(sess, ctl, code, reason)
		return
	}
	c := s.newClient(sess, ctl, hello, log)
	if code, reason := s.register(c); code != protocol.ErrorCode_ERROR_CODE_NONE {
		c.cancel()
		s.stats.rejected.Add(1)
		log.Info().Stringer("code", code).Str("reason", reason).Msg("rejected Hello")
		s.sendReject(sess, ctl, code, reason)
		return
	}
	c.log.Info().Uint32("view", c.view).Strs("features", c.features).Msg("client connected; awaiting admission")
	s.inbox.push(Event{Kind: Connected, ID: c.id, Client: c, Hello: hello})
	c.run()
	s.unregister(c)
	code, cause, remote := c.closeInfo()
	s.stats.disconnected.Add(1)
	ev := c.log.Info()
	if !remote && code != protocol.ErrorCode_ERROR_CODE_NONE && code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		ev = c.log.Warn()
	}
	ev.Stringer("code", code).Bool("remote", remote).AnErr("cause", cause).Msg("client disconnected")
	s.inbox.push(Event{Kind: Disconnected, ID: c.id, Client: c, Code: code, Err: cause, Remote: remote})
}

// readHello accepts the control stream and reads its first frame, which
// must be a Hello, within HelloTimeout.
func (s *Server) readHello(sess Session) (*controlStream, *protocol.Hello, error) {
	deadline := time.Now().Add(s.cfg.Limits.HelloTimeout)
	ctx, cancel := context.WithDeadline(s.ctx, deadline)
	defer cancel()
	st, err := sess.AcceptStream(ctx)
	if err != nil {
		return nil, nil, s.handshakeFailure(err, "no control stream")
	}
	ctl := &controlStream{st: st, br: bufio.NewReaderSize(st, 4096)}
	_ = st.SetReadDeadline(deadline)
	// The server closing must interrupt the read too.
	stop := context.AfterFunc(s.ctx, func() { _ = st.SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	payload, err := frame.ReadFrame(ctl.br, frame.ControlCap)
	if err != nil {
		if fe := (*frame.Error)(nil); errors.As(err, &fe) {
			return ctl, nil, &handshakeError{code: fe.Code, reason: "bad Hello frame", cause: err}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, reason: "control stream ended before a Hello", cause: err}
		}
		return ctl, nil, s.handshakeFailure(err, "reading Hello")
	}
	msg, err := frame.DecodeClient(payload)
	if err != nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_MALFORMED, reason: "Hello does not decode", cause: err}
	}
	hello := msg.GetHello()
	if hello == nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, reason: "the first message must be a Hello", reject: true}
	}
	_ = st.SetReadDeadline(time.Time{})
	return ctl, hello, nil
}

func (s *Server) handshakeFailure(err error, what string) *handshakeError {
	switch {
	case s.ctx.Err() != nil:
		return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SHUTDOWN, reason: "server shutting down", cause: err}
	case isDeadline(err) || errors.Is(err, context.DeadlineExceeded):
		return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, reason: "no Hello in time", cause: err}
	}
	if code, _, ok := closeInfo(err); ok {
		return &handshakeError{code: code, reason: what, cause: err}
	}
	return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: what, cause: err}
}

// validateHello checks what the transport can decide alone.
func (s *Server) validateHello(h *protocol.Hello) (protocol.ErrorCode, string) {
	if v := h.GetProtocolVersion(); v < protocol.MinVersion || v > protocol.MaxVersion {
		return protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION,
			fmt.Sprintf("protocol version %d is not supported; this server speaks %d..%d", v, protocol.MinVersion, protocol.MaxVersion)
	}
	if err := protocol.ValidName(h.GetName()); err != nil {
		return protocol.ErrorCode_ERROR_CODE_BAD_NAME, err.Error()
	}
	return protocol.ErrorCode_ERROR_CODE_NONE, ""
}

// sendReject writes the Reject, ends the stream and gives the client
// RejectLinger to read it and hang up before closing the connection with
// the same code. The close carries the reason too, so a client that lost
// the Reject in the close still learns why.
func (s *Server) sendReject(sess Session, ctl *controlStream, code protocol.ErrorCode, reason string) {
	msg := &protocol.ServerMessage{Kind: &protocol.ServerMessage_Reject{Reject: &protocol.Reject{
		Code: code, Reason: reason, MinVersion: protocol.MinVersion, MaxVersion: protocol.MaxVersion,
	}}}
	if b, err := frame.Marshal(msg, frame.ControlCap); err == nil {
		_ = ctl.st.SetWriteDeadline(time.Now().Add(s.cfg.Limits.RejectLinger))
		if _, err := ctl.st.Write(b); err == nil {
			_ = ctl.st.Close()
			t := time.NewTimer(s.cfg.Limits.RejectLinger)
			select {
			case <-sess.Context().Done():
			case <-s.ctx.Done():
			case <-t.C:
			}
			t.Stop()
		}
	}
	_ = sess.CloseWithError(code, reason)
}
