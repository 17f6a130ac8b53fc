package transport

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
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
	// open for HelloTimeout is exactly what a flood wants. Under a flood
	// this is once per attempt, so the log is sampled.
	login, evict := context.WithCancelCause(s.ctx)
	slot, refused := s.gate.enter(sess.RemoteAddr(), func() { evict(errEvicted) })
	if slot == nil {
		evict(nil)
		s.stats.rejected.Add(1)
		ev := s.floodLog.Warn()
		if refused == refusedPerAddr {
			// One host over its share hurts no one else.
			ev = s.log.Debug()
		}
		ev.Str("remote", sess.RemoteAddr().String()).Str("reason", string(refused)).Msg("too many handshakes in progress; refusing connection")
		_ = sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_SERVER_FULL, string(refused))
		return
	}
	deadline := time.Now().Add(s.cfg.Limits.HelloTimeout)
	ctl, hello, err := s.handshake(login, sess, slot, deadline, &log)
	slot.leave()
	evict(nil) // the login is over either way; an eviction can no longer matter
	if err != nil {
		s.refuseHandshake(sess, ctl, err, log)
		return
	}
	c := s.newClient(sess, ctl, hello, log)
	if err := s.register(c); err != nil {
		c.cancel()
		s.refuseHandshake(sess, ctl, err, c.log)
		return
	}
	c.log.Info().Uint32("view", c.view).Strs("features", c.features).Msg("client connected; awaiting admission")
	s.inbox.push(Event{Kind: wire.Connected, ID: c.id, Client: c, Hello: hello})
	c.run()
	s.unregister(c)
	code, cause, remote := c.closeInfo()
	s.stats.disconnected.Add(1)
	ev := c.log.Info()
	if !remote && code != protocol.ErrorCode_ERROR_CODE_NONE && code != protocol.ErrorCode_ERROR_CODE_SHUTDOWN &&
		code != protocol.ErrorCode_ERROR_CODE_REPLACED {
		ev = c.log.Warn()
	}
	ev.Stringer("code", code).Bool("remote", remote).AnErr("cause", cause).
		Uint64("chunk_frames", c.chunkFrames.Load()).Uint64("chunk_batches", c.chunkBatches.Load()).
		Uint64("chunk_bytes", c.chunkRaw.Load()).Uint64("chunk_wire_bytes", c.chunkWire.Load()).
		Msg("client disconnected")
	s.inbox.push(Event{Kind: wire.Disconnected, ID: c.id, Client: c, Code: code, Err: cause, Remote: remote})
	// After the push: a login taking this one over waits for it, so the
	// tick sees this Disconnected before the new Connected.
	close(c.gone)
}

// refuseHandshake ends a connection whose handshake failed: with a Reject
// when the client spoke the protocol, a bare close otherwise.
func (s *Server) refuseHandshake(sess Session, ctl *controlStream, err error, log zerolog.Logger) {
	var he *handshakeError
	if !errors.As(err, &he) {
		he = &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "handshake failed", cause: err}
	}
	s.stats.rejected.Add(1)
	evicted := errors.Is(he.cause, errEvicted)
	ev := log.Info()
	if evicted {
		// Once per flood connection: the counters tell the story.
		s.stats.evicted.Add(1)
		ev = log.Debug()
	}
	ev.Err(err).Stringer("code", he.code).Msg("handshake failed")
	if evicted {
		s.linger(sess)
	}
	if he.reject && ctl != nil {
		s.sendReject(sess, ctl, he.code, he.reason)
		return
	}
	_ = sess.CloseWithError(he.code, he.reason)
}

// linger holds an evicted session for EvictLinger (less if it or the
// server ends first) before it is closed: its slot is already free, and a
// flood that redials the moment it is closed now pays a handshake per
// EvictLinger per connection it holds, rather than per eviction, which
// leaves the server's CPU to the players logging in.
func (s *Server) linger(sess Session) {
	t := time.NewTimer(s.cfg.Limits.EvictLinger)
	defer t.Stop()
	select {
	case <-t.C:
	case <-sess.Context().Done():
	case <-s.ctx.Done():
	}
}

// errEvicted is the cause of a login cancelled because a newcomer took its
// slot (handshakeGate.enter).
var errEvicted = errors.New("evicted: every login slot was held and this login had not progressed")

// handshake runs the login of docs/protocol.md §3.1 up to, not including,
// the registration: it accepts the control stream, reads and validates the
// Hello, sends the Challenge, reads the Proof and verifies its signature,
// then asks the Authenticator. Everything happens before deadline, and
// login (the server's context, cancelled with errEvicted when the gate
// gives the slot to a newcomer) bounds it too; the slot learns each
// stage reached. On success log gains the player's name and key.
func (s *Server) handshake(login context.Context, sess Session, slot *loginSlot, deadline time.Time, log *zerolog.Logger) (*controlStream, *protocol.Hello, error) {
	ctx, cancel := context.WithDeadline(login, deadline)
	defer cancel()
	st, err := sess.AcceptStream(ctx)
	if err != nil {
		return nil, nil, s.handshakeFailure(login, err, "no control stream")
	}
	ctl := &controlStream{st: st, br: bufio.NewReaderSize(st, 4096)}
	_ = st.SetReadDeadline(deadline)
	_ = st.SetWriteDeadline(deadline)
	// The server closing, or an eviction, must interrupt the reads and
	// writes too.
	stop := context.AfterFunc(login, func() {
		_ = st.SetReadDeadline(time.Unix(1, 0))
		_ = st.SetWriteDeadline(time.Unix(1, 0))
	})
	defer stop()

	msg, err := s.readHandshakeMessage(login, ctl, "Hello")
	if err != nil {
		return ctl, nil, err
	}
	hello := msg.GetHello()
	if hello == nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, reason: "the first message must be a Hello", reject: true}
	}
	if !slot.advance(stageHello) {
		return ctl, nil, evictedError(true)
	}
	*log = log.With().Str("name", hello.GetName()).Logger()
	if code, reason := s.validateHello(hello); code != protocol.ErrorCode_ERROR_CODE_NONE {
		return ctl, nil, &handshakeError{code: code, reason: reason, reject: true}
	}

	binding, value, err := sess.Binding()
	if err != nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "the server cannot bind a login to this connection", reject: true, cause: err}
	}
	nonce := make([]byte, protocol.NonceSize)
	if _, err := rand.Read(nonce); err != nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "handshake failed", reject: true, cause: fmt.Errorf("login nonce: %w", err)}
	}
	challenge := &protocol.ServerMessage{Kind: &protocol.ServerMessage_Challenge{Challenge: &protocol.Challenge{Nonce: nonce, Binding: binding}}}
	b, err := frame.Marshal(challenge, frame.ControlCap)
	if err != nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "handshake failed", cause: fmt.Errorf("encode Challenge: %w", err)}
	}
	if _, err := st.Write(b); err != nil {
		return ctl, nil, spoke(s.handshakeFailure(login, err, "writing Challenge"))
	}

	msg, err = s.readHandshakeMessage(login, ctl, "Proof")
	if err != nil {
		return ctl, nil, spoke(err)
	}
	proof := msg.GetProof()
	if proof == nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, reason: "the message after Challenge must be a Proof", reject: true}
	}
	pub := hello.GetPublicKey()
	if err := protocol.VerifyLogin(pub, binding, value, nonce, hello.GetName(), proof.GetSignature()); err != nil {
		return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_AUTH_FAILED, reason: "the login signature does not verify: " + err.Error(), reject: true}
	}
	*log = log.With().Str("key", hex.EncodeToString(pub)).Logger()
	if !slot.advance(stageProven) {
		return ctl, nil, evictedError(true)
	}

	if a := s.cfg.Authenticator; a != nil {
		creds := wire.Login{Name: hello.GetName(), Key: ed25519.PublicKey(bytes.Clone(pub)), Token: bytes.Clone(hello.GetToken()), Remote: sess.RemoteAddr()}
		if err := a.Authenticate(ctx, creds); err != nil {
			var r *wire.Refusal
			switch {
			case errors.As(err, &r):
				return ctl, nil, &handshakeError{code: r.Code, reason: r.Reason, reject: true}
			case ctx.Err() != nil:
				he := s.handshakeFailure(login, ctx.Err(), "authentication")
				he.reject, he.cause = true, err
				return ctl, nil, he
			}
			log.Error().Err(err).Msg("authenticator failed")
			return ctl, nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: "authentication failed", reject: true, cause: err}
		}
	}
	_ = st.SetReadDeadline(time.Time{})
	_ = st.SetWriteDeadline(time.Time{})
	return ctl, hello, nil
}

// readHandshakeMessage reads one control frame of the handshake (what
// names it in errors) and decodes it.
func (s *Server) readHandshakeMessage(login context.Context, ctl *controlStream, what string) (*protocol.ClientMessage, error) {
	payload, err := frame.ReadFrame(ctl.br, frame.ControlCap)
	if err != nil {
		if fe := (*frame.Error)(nil); errors.As(err, &fe) {
			return nil, &handshakeError{code: fe.Code, reason: "bad " + what + " frame", cause: err}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, reason: "control stream ended before a " + what, cause: err}
		}
		return nil, s.handshakeFailure(login, err, "reading "+what)
	}
	msg, err := frame.DecodeClient(payload)
	if err != nil {
		return nil, &handshakeError{code: protocol.ErrorCode_ERROR_CODE_MALFORMED, reason: what + " does not decode", cause: err}
	}
	return msg, nil
}

// handshakeFailure turns a failed stream operation of the login into the
// close it gets: the server's shutdown, an eviction (login's cause), the
// deadline, or the connection's own end.
func (s *Server) handshakeFailure(login context.Context, err error, what string) *handshakeError {
	switch {
	case s.ctx.Err() != nil:
		return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SHUTDOWN, reason: "server shutting down", cause: err}
	case errors.Is(context.Cause(login), errEvicted):
		return evictedError(false)
	case isDeadline(err) || errors.Is(err, context.DeadlineExceeded):
		return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, reason: "no login in time", cause: err}
	}
	if code, _, ok := closeInfo(err); ok {
		return &handshakeError{code: code, reason: what, cause: err}
	}
	return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_INTERNAL, reason: what, cause: err}
}

// evictedError is the close of an evicted login: SERVER_FULL, as if it
// had been refused on arrival, since retrying later is the remedy; with a
// Reject once the client has spoken the protocol (sent its Hello).
func evictedError(spoke bool) *handshakeError {
	return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SERVER_FULL,
		reason: "too many connection attempts; your login was not complete in time", reject: spoke, cause: errEvicted}
}

// spoke marks an eviction after the Hello as one to answer with a Reject:
// the client speaks the protocol, so it learns why in words.
func spoke(err error) error {
	var he *handshakeError
	if errors.As(err, &he) && errors.Is(he.cause, errEvicted) {
		he.reject = true
	}
	return err
}

// validateHello checks what the transport can decide alone.
func (s *Server) validateHello(h *protocol.Hello) (protocol.ErrorCode, string) {
	if v := h.GetProtocolVersion(); v < protocol.MinVersion || v > protocol.MaxVersion {
		reason := fmt.Sprintf("protocol version %d is not supported; this server speaks %d..%d", v, protocol.MinVersion, protocol.MaxVersion)
		if v < 2 {
			reason += " (version 2 signs logins with the player's key: update the client)"
		}
		return protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION, reason
	}
	if err := protocol.ValidName(h.GetName()); err != nil {
		return protocol.ErrorCode_ERROR_CODE_BAD_NAME, err.Error()
	}
	if n := len(h.GetPublicKey()); n != ed25519.PublicKeySize {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
			fmt.Sprintf("Hello.public_key is %d bytes; an Ed25519 public key of %d is required", n, ed25519.PublicKeySize)
	}
	if n := len(h.GetToken()); n > protocol.MaxTokenSize {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
			fmt.Sprintf("Hello.token is %d bytes, the limit is %d", n, protocol.MaxTokenSize)
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
