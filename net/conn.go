package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Coalescing of small frames into one stream write: each Write is a lock
// round trip into quic-go, so a tick's worth of small control messages is
// better written at once.
const (
	coalesceMax   = 64 << 10 // flush the scratch buffer at this size
	coalesceFrame = 16 << 10 // frames this large are written directly
)

func (s *Server) newClient(sess Session, ctl *controlStream, hello *protocol.Hello, log zerolog.Logger) *Client {
	l := s.cfg.Limits
	id := ClientID(s.nextID.Add(1))
	c := &Client{
		id:       id,
		srv:      s,
		sess:     sess,
		ctl:      ctl,
		hello:    hello,
		features: s.cfg.grantFeatures(hello.GetFeatures()),
		view:     hello.GetViewDistance(),
		dgramsOK: sess.SupportsDatagrams(),
		log:      log.With().Uint64("client", uint64(id)).Logger(),
		decided:  make(chan struct{}),
		gone:     make(chan struct{}),
		control:  newOutQueue(l.ControlQueueMessages, l.ControlQueueBytes),
		chunks:   newOutQueue(l.ChunkQueueMessages, l.ChunkQueueBytes),
		dgrams:   newOutQueue(l.DatagramQueue, l.DatagramQueue*frame.DatagramCap),
		replies:  newBucket(l.RefusalReplyRate, l.RefusalReplyBurst, time.Now()),
	}
	if c.HasFeature(protocol.FeatureLOD) {
		c.lods = newOutQueue(l.ChunkQueueMessages, l.ChunkQueueBytes)
	}
	c.chunkOpen = make(chan struct{})
	// Not derived from s.ctx: a server shutdown must close with SHUTDOWN,
	// which run() records before cancelling.
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.sub = newSubThrottle(l.SubscribeRate, l.SubscribeBurst, func(m *protocol.ClientMessage) {
		// From the throttle's timer: push without waiting (at most one
		// coalesced Subscribe per client is ever outstanding).
		s.inbox.push(Event{Kind: wire.Message, ID: c.id, Client: c, Msg: m})
	})
	return c
}

// run waits for the tick's decision, then runs the connection's goroutines
// until something ends it, and closes the session. It returns once every
// goroutine of the client has exited.
func (c *Client) run() {
	s := c.srv
	admit := time.NewTimer(s.cfg.Limits.AdmitTimeout)
	select {
	case <-c.decided:
	case <-admit.C:
		c.expire(protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, errors.New("the server did not admit the client in time"), false)
	case <-c.ctx.Done():
		c.expire(0, nil, false)
	case <-c.sess.Context().Done():
		c.expire(c.sessionEnded())
	case <-s.ctx.Done():
		c.expire(protocol.ErrorCode_ERROR_CODE_SHUTDOWN, errShutdown, false)
	}
	admit.Stop()

	c.mu.Lock()
	state := c.state
	c.mu.Unlock()
	switch state {
	case stateRejected:
		c.fail(c.reject.code, closeReason(c.reject.reason), false)
		s.sendReject(c.sess, c.ctl, c.reject.code, c.reject.reason)
		return
	case stateGone:
		code, err, _ := c.closeInfo()
		if code == protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT {
			s.sendReject(c.sess, c.ctl, code, err.Error())
			return
		}
		_ = c.sess.CloseWithError(code, reasonText(err))
		return
	}

	s.stats.admitted.Add(1)
	c.log.Info().Msg("client admitted")
	c.wg.Add(4)
	go c.readControl()
	go c.writeLoop(c.control, newPlainSink(&streamWriter{c: c, w: c.ctl.st}), "control")
	go c.chunkWriter(c.chunks, "chunk")
	go c.datagramWriter()
	if c.lods != nil {
		c.wg.Add(1)
		go c.chunkWriter(c.lods, "LOD")
	}
	if c.dgramsOK {
		c.wg.Add(1)
		go c.readDatagrams()
	}

	select {
	case <-c.ctx.Done():
	case <-c.sess.Context().Done():
		c.fail(c.sessionEnded())
	case <-s.ctx.Done():
		c.fail(protocol.ErrorCode_ERROR_CODE_SHUTDOWN, errShutdown, false)
	}
	c.sub.stop()
	code, err, remote := c.closeInfo()
	if !remote {
		_ = c.sess.CloseWithError(code, reasonText(err))
	} else {
		_ = c.sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
	}
	c.wg.Wait()
}

var errShutdown = closeReason("server shutting down")

// expire ends a pending client (no decision was made) with the given
// reason; if a decision raced in, the decision stands.
func (c *Client) expire(code protocol.ErrorCode, err error, remote bool) {
	c.mu.Lock()
	pending := c.state == statePending
	if pending {
		c.state = stateGone
	}
	c.mu.Unlock()
	if pending && err != nil {
		c.fail(code, err, remote)
	}
}

// sessionEnded turns the session's close cause into a disconnect reason.
func (c *Client) sessionEnded() (protocol.ErrorCode, error, bool) {
	cause := context.Cause(c.sess.Context())
	if code, remote, ok := closeInfo(cause); ok {
		if code == protocol.ErrorCode_ERROR_CODE_NONE && remote {
			return code, nil, true
		}
		return code, cause, remote
	}
	return protocol.ErrorCode_ERROR_CODE_INTERNAL, cause, false
}

func reasonText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// failIO records why a stream operation failed, unless the connection was
// already being torn down (then the error is just the teardown's echo).
func (c *Client) failIO(err error, what string) {
	if c.ctx.Err() != nil {
		return
	}
	switch {
	case errors.Is(err, io.EOF):
		// The client finished its control stream: a clean goodbye.
		c.fail(protocol.ErrorCode_ERROR_CODE_NONE, nil, true)
	case isDeadline(err):
		c.fail(protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER,
			fmt.Errorf("%s stream: the client read nothing for %v", what, c.srv.cfg.Limits.WriteStallTimeout), false)
	default:
		var fe *frame.Error
		if errors.As(err, &fe) {
			c.fail(fe.Code, fmt.Errorf("%s stream: %w", what, err), false)
			return
		}
		if code, remote, ok := closeInfo(err); ok {
			if code == protocol.ErrorCode_ERROR_CODE_NONE && remote {
				err = nil
			}
			c.fail(code, err, remote)
			return
		}
		c.fail(protocol.ErrorCode_ERROR_CODE_INTERNAL, fmt.Errorf("%s stream: %w", what, err), false)
	}
}

// readControl reads, rate-limits, validates and forwards control messages.
func (c *Client) readControl() {
	defer c.wg.Done()
	l := &c.srv.cfg.Limits
	now := time.Now()
	rate := newBucket(l.ControlRate, l.ControlBurst, now)
	meter := &inboundMeter{
		chat:   newBucket(l.Chat.PerSecond, l.Chat.Burst, now),
		plugin: newBucket(l.PluginRate, l.PluginBurst, now),
	}
	var overSince time.Time // when the client last went over ControlRate
	for {
		payload, err := frame.ReadFrame(c.ctl.br, frame.ControlCap)
		if err != nil {
			c.failIO(err, "control")
			return
		}
		msg, err := frame.DecodeClient(payload)
		if err != nil {
			c.fail(frame.Code(err), err, false)
			return
		}
		c.srv.stats.messagesIn.Add(1)
		// Over the rate, stop reading until a token is due: the client's
		// own stream backs up. Persistently over it is a flood.
		now = time.Now()
		if rate.take(now) {
			overSince = time.Time{}
		} else {
			if overSince.IsZero() {
				overSince = now
			}
			for !rate.take(now) {
				if now.Sub(overSince) > l.FloodGrace {
					c.srv.stats.rateLimited.Add(1)
					c.fail(protocol.ErrorCode_ERROR_CODE_RATE_LIMITED,
						fmt.Errorf("over %v control messages per second for %v", l.ControlRate, l.FloodGrace), false)
					return
				}
				if !sleep(c.ctx, rate.wait(now)) {
					return
				}
				now = time.Now()
			}
		}
		if !c.handle(msg, false, now, meter) {
			return
		}
	}
}

// sleep waits d or until ctx ends; false if ctx ended.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// inboundMeter is the reader's per-client state for the rules of handle:
// the chat and plugin buckets and the current run of refusals.
type inboundMeter struct {
	chat, plugin bucket
	runStart     time.Time // first refusal of the current run; zero: none
	runLast      time.Time // latest refusal of the run
}

// refusalPause is the pause in refusals that ends a run of them: a client
// that stops sending what is refused for this long starts afresh.
const refusalPause = time.Second

// handle applies the transport's own rules to one message and forwards it
// to the inbox. It returns false when the reader must stop.
func (c *Client) handle(m *protocol.ClientMessage, datagram bool, now time.Time, meter *inboundMeter) bool {
	l := &c.srv.cfg.Limits
	switch k := m.Kind.(type) {
	case nil:
		return true // empty, or a case from a newer protocol: ignored
	case *protocol.ClientMessage_Hello:
		c.fail(protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, errors.New("Hello after the handshake"), false)
		return false
	case *protocol.ClientMessage_Proof:
		// The login is over: a Proof now answers no Challenge, so the
		// client's idea of the session is not the server's.
		c.fail(protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, errors.New("Proof after the handshake"), false)
		return false
	case *protocol.ClientMessage_Ping:
		// Answered here, not by the tick: RTT should not include tick latency.
		return c.queueControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Pong{Pong: &protocol.Pong{
			Nonce: k.Ping.GetNonce(), Time: k.Ping.GetTime(), ReceiverTime: now.UnixMicro(),
		}}})
	case *protocol.ClientMessage_Subscribe:
		if !c.sub.offer(m, now) {
			return true // coalesced; the throttle delivers the latest later
		}
	case *protocol.ClientMessage_Chat:
		if n := len(k.Chat.GetText()); n == 0 || n > l.Chat.MaxLength {
			return c.refuse(meter, now, protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
				fmt.Sprintf("chat text must be 1..%d bytes, got %d", l.Chat.MaxLength, n))
		}
		if !meter.chat.take(now) {
			return c.refuse(meter, now, protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, "too much chat; message dropped")
		}
	case *protocol.ClientMessage_Plugin:
		if code, text := checkPlugin(k.Plugin, l); code != protocol.ErrorCode_ERROR_CODE_NONE {
			return c.refuse(meter, now, code, text)
		}
		if !meter.plugin.take(now) {
			return c.refuse(meter, now, protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, "too many plugin messages; message dropped")
		}
	case *protocol.ClientMessage_Input:
		if err := validInput(k.Input); err != nil {
			c.fail(protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, err, false)
			return false
		}
	case *protocol.ClientMessage_BreakBlock:
		if k.BreakBlock.GetPos() == nil {
			c.fail(protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, errors.New("BreakBlock without pos"), false)
			return false
		}
	case *protocol.ClientMessage_PlaceBlock:
		if k.PlaceBlock.GetPos() == nil {
			c.fail(protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, errors.New("PlaceBlock without pos"), false)
			return false
		}
	}
	ev := Event{Kind: wire.Message, ID: c.id, Client: c, Msg: m, Datagram: datagram}
	return c.srv.inbox.pushMessage(c.ctx, ev) == nil
}

// maxCoord bounds positions: beyond ±2^31 blocks is outside any world and
// would overflow block arithmetic in the systems.
const maxCoord = float64(1 << 31)

func validInput(in *protocol.Input) error {
	p := in.GetPosition()
	if p == nil {
		return errors.New("Input without position")
	}
	v := in.GetVelocity()
	for _, f := range []float64{p.GetX(), p.GetY(), p.GetZ(),
		float64(v.GetX()), float64(v.GetY()), float64(v.GetZ()),
		float64(in.GetYaw()), float64(in.GetPitch())} {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxCoord {
			return fmt.Errorf("Input has a non-finite or out-of-range value %v", f)
		}
	}
	return nil
}

// queueControl queues a message generated by the transport itself.
func (c *Client) queueControl(m *protocol.ServerMessage) bool {
	e, err := wire.EncodeControl(m)
	if err != nil {
		c.fail(protocol.ErrorCode_ERROR_CODE_INTERNAL, err, false)
		return false
	}
	if !c.control.push(e) {
		c.fail(protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER, errSlowControl, false)
		return false
	}
	return true
}

// refuse drops a message the transport's rules refuse (chat or a plugin
// message over its rate, or malformed). The client learns why from a
// non-fatal Error while such replies stay within RefusalReplyRate;
// beyond it the drop is only counted (Stats.RefusedUnanswered), since
// otherwise every message a flood sends makes the server write one back.
// A client whose messages keep being refused, without a refusalPause,
// for FloodGrace is flooding: it is closed with RATE_LIMITED. False means
// the reader must stop.
func (c *Client) refuse(meter *inboundMeter, now time.Time, code protocol.ErrorCode, text string) bool {
	l := &c.srv.cfg.Limits
	st := &c.srv.stats
	st.refused.Add(1)
	if meter.runStart.IsZero() || now.Sub(meter.runLast) >= refusalPause {
		meter.runStart = now
	}
	meter.runLast = now
	if run := now.Sub(meter.runStart); run > l.FloodGrace {
		st.rateLimited.Add(1)
		c.fail(protocol.ErrorCode_ERROR_CODE_RATE_LIMITED,
			fmt.Errorf("messages refused without a %v pause for %v (the last: %s)", refusalPause, l.FloodGrace, text), false)
		return false
	}
	if !c.spendReply(now) {
		return true
	}
	return c.warn(code, text)
}

// warn tells the client about a refused message without closing.
func (c *Client) warn(code protocol.ErrorCode, text string) bool {
	return c.queueControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: code, Message: text}}})
}

// readDatagrams forwards datagram Inputs (feature "datagram-input").
// Datagrams cannot be back-pressured, so over the rate they are dropped.
func (c *Client) readDatagrams() {
	defer c.wg.Done()
	l := &c.srv.cfg.Limits
	rate := newBucket(l.ControlRate, l.ControlBurst, time.Now())
	allowed := c.HasFeature(protocol.FeatureDatagramInput)
	for {
		b, err := c.sess.ReceiveDatagram(c.ctx)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				c.failIO(err, "datagram")
			}
			return
		}
		m := c.srv.inputs.Get()
		isInput, err := wire.DecodeInputDatagram(b, m)
		if err != nil {
			m.Release()
			c.fail(frame.Code(err), err, false)
			return
		}
		c.srv.stats.messagesIn.Add(1)
		now := time.Now()
		if !isInput || !allowed || !rate.take(now) {
			m.Release()
			continue // not for the server, not negotiated, or over the rate
		}
		if err := validInput(m.Input()); err != nil {
			m.Release()
			c.fail(protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, err, false)
			return
		}
		if c.srv.inbox.pushMessage(c.ctx, Event{Kind: wire.Message, ID: c.id, Client: c, Msg: m.Msg(), Datagram: true, Pooled: m}) != nil {
			m.Release()
			return
		}
	}
}

// chunkWriter opens a stream of the chunk stream's kind — the chunk
// stream, or the LOD stream — and writes queue q to it: as one DEFLATE
// stream when the client was granted deflate-chunks, plain frames
// otherwise. The LOD stream is opened once the chunk stream is, so that
// the chunk stream is the connection's first server stream (a client
// that allows only one keeps level 0); a peer sees either with its
// first frame, so in no set order (docs/protocol.md §5.6).
func (c *Client) chunkWriter(q *outQueue, what string) {
	if q == c.lods {
		select {
		case <-c.chunkOpen:
		case <-c.ctx.Done():
			c.wg.Done()
			return
		}
	}
	st, err := c.sess.OpenUniStream(c.ctx)
	if q == c.chunks {
		close(c.chunkOpen)
	}
	if err != nil {
		c.failIO(err, what)
		c.wg.Done()
		return
	}
	out := &streamWriter{c: c, w: st, wire: &c.chunkWire}
	var sink frameSink
	if c.HasFeature(protocol.FeatureDeflateChunks) {
		d, err := newDeflateSink(out, c.srv.cfg.DeflateLevel)
		if err != nil { // a level withDefaults let through: a bug, not the client's fault
			c.fail(protocol.ErrorCode_ERROR_CODE_INTERNAL, err, false)
			c.wg.Done()
			return
		}
		sink = d
	} else {
		sink = newPlainSink(out)
	}
	c.writeLoop(q, sink, what)
}

// writeLoop drains q into sink until the connection ends: every frame of
// a batch taken from the queue, then a flush, so each batch is on the
// stream (and decodable) before the loop waits again. Each stream write
// has a WriteStallTimeout deadline: a client that stops reading (its
// flow-control window stays full) is closed with SLOW_CONSUMER instead of
// holding its queue forever.
func (c *Client) writeLoop(q *outQueue, sink frameSink, what string) {
	defer c.wg.Done()
	chunk := q == c.chunks || q == c.lods // the chunk stream's figures count both
	var batch []wire.Encoded
	for {
		select {
		case <-q.wake:
		case <-c.ctx.Done():
			return
		}
		for {
			batch = q.take(batch[:0])
			if len(batch) == 0 {
				break
			}
			total := 0
			var err error
			for _, f := range batch {
				total += f.Len()
				if err == nil {
					err = sink.frame(f.Bytes())
				}
			}
			if err == nil {
				err = sink.flush()
			}
			if chunk {
				c.chunkFrames.Add(uint64(len(batch)))
				c.chunkBatches.Add(1)
				c.chunkRaw.Add(uint64(total))
				c.srv.stats.chunkRaw.Add(uint64(total))
			}
			q.done(len(batch), total)
			// Written (and flushed: a sink may hold a frame until then),
			// so the frames built for this connection alone go back to
			// their pool.
			for _, f := range batch {
				f.Release()
			}
			clear(batch)
			if err != nil {
				c.failIO(err, what)
				return
			}
		}
	}
}

// streamWriter is the bottom of a write loop: every Write goes to the
// stream with a fresh stall deadline and is counted.
type streamWriter struct {
	c    *Client
	w    SendStream
	wire *atomic.Uint64 // the client's chunk-stream counter (and the server's), or nil
}

func (s *streamWriter) Write(b []byte) (int, error) {
	_ = s.w.SetWriteDeadline(time.Now().Add(s.c.srv.cfg.Limits.WriteStallTimeout))
	n, err := s.w.Write(b)
	s.c.srv.stats.bytesOut.Add(uint64(n))
	if s.wire != nil {
		s.wire.Add(uint64(n))
		s.c.srv.stats.chunkWire.Add(uint64(n))
	}
	return n, err
}

// frameSink turns a batch of frames into stream writes.
type frameSink interface {
	// frame adds one frame (length prefix included).
	frame(f []byte) error
	// flush puts everything added so far on the stream.
	flush() error
}

// plainSink writes frames as they are, coalescing small ones.
type plainSink struct {
	out     io.Writer
	scratch []byte
}

func newPlainSink(out io.Writer) *plainSink {
	return &plainSink{out: out, scratch: make([]byte, 0, coalesceMax)}
}

func (p *plainSink) frame(f []byte) error {
	if len(f) >= coalesceFrame {
		if err := p.flush(); err != nil {
			return err
		}
		_, err := p.out.Write(f)
		return err
	}
	p.scratch = append(p.scratch, f...)
	if len(p.scratch) >= coalesceMax {
		return p.flush()
	}
	return nil
}

func (p *plainSink) flush() error {
	if len(p.scratch) == 0 {
		return nil
	}
	_, err := p.out.Write(p.scratch)
	p.scratch = p.scratch[:0]
	return err
}

// datagramWriter sends queued datagrams; failures drop the datagram.
func (c *Client) datagramWriter() {
	defer c.wg.Done()
	var batch []wire.Encoded
	for {
		select {
		case <-c.dgrams.wake:
		case <-c.ctx.Done():
			return
		}
		batch = c.dgrams.take(batch[:0])
		total := 0
		for _, d := range batch {
			total += d.Len()
			if c.ctx.Err() == nil {
				if err := c.sess.SendDatagram(d.Bytes()); err != nil {
					c.log.Debug().Err(err).Msg("datagram dropped")
				}
			}
		}
		c.dgrams.done(len(batch), total)
		// Sent (every session's SendDatagram copies the bytes), so the
		// datagrams built for this connection alone go back to their pool.
		for _, d := range batch {
			d.Release()
		}
		clear(batch)
	}
}
