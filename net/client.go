package transport

import (
	"context"
	"crypto/ed25519"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// Client is the tick's handle on one connection. Every method is safe for
// concurrent use and returns without waiting on the network.
type Client struct {
	id       ClientID
	srv      *Server
	sess     Session
	ctl      *controlStream
	hello    *protocol.Hello
	features []string
	view     uint32
	dgramsOK bool // both sides enabled QUIC datagrams
	log      zerolog.Logger

	// ctx ends when the connection is being torn down (fail was called).
	ctx    context.Context
	cancel context.CancelFunc
	// gone is closed once the Disconnected event is in the inbox; a
	// takeover of the name waits for it (see Server.register).
	gone chan struct{}

	mu       sync.Mutex // guards state, rejectCode, rejectReason, close*
	state    clientState
	decided  chan struct{} // closed by Accept or Reject
	accepted atomic.Bool   // fast path for Send
	reject   struct {
		code   protocol.ErrorCode
		reason string
	}
	closed struct {
		set    bool
		code   protocol.ErrorCode
		err    error
		remote bool
	}

	control *outQueue
	chunks  *outQueue
	// lods is the LOD stream's queue (feature "lod"), nil without it:
	// LOD frames on their own stream, so that level-0 sections never
	// wait behind the horizon's bytes.
	lods   *outQueue
	dgrams *outQueue
	// chunkOpen is closed once the chunk stream is opened (or failed to).
	chunkOpen chan struct{}
	sub       *subThrottle
	wg        sync.WaitGroup // the connection's stream goroutines

	// replies is the budget of Error replies to the client's dropped
	// messages (Limits.RefusalReplyRate), spent by the reader for the
	// transport's own refusals and by the tick through Warn.
	replyMu sync.Mutex
	replies bucket

	// The chunk stream's figures, for the disconnect log: frames and the
	// batches they were written in, their bytes, and the bytes the stream
	// carried (fewer with deflate-chunks).
	chunkFrames, chunkBatches, chunkRaw, chunkWire atomic.Uint64
}

type clientState uint8

const (
	statePending  clientState = iota // Connected pushed, no decision yet
	stateAccepted                    // Welcome queued
	stateRejected                    // Reject to be sent
	stateGone                        // died or timed out before a decision
)

// ID is the connection's id.
func (c *Client) ID() ClientID { return c.id }

// Name is the validated player name from the Hello.
func (c *Client) Name() string { return c.hello.GetName() }

// Key is the player's Ed25519 public key, proven by the login signature:
// the player's identity (a name is only bound to it). Read-only.
func (c *Client) Key() ed25519.PublicKey { return ed25519.PublicKey(c.hello.GetPublicKey()) }

// Hello is the client's handshake message. Read-only.
func (c *Client) Hello() *protocol.Hello { return c.hello }

// Features are the granted features the simulation acts on: those of the
// Welcome less the ones the transport implements alone
// (protocol.TransportOnly: deflate-chunks), so that what the simulation
// sees, records and replays does not depend on how the bytes travel.
func (c *Client) Features() []string {
	return slices.DeleteFunc(slices.Clone(c.features), protocol.TransportOnly)
}

// HasFeature reports whether feature f was granted (any feature of the
// Welcome, transport-only ones included).
func (c *Client) HasFeature(f string) bool { return slices.Contains(c.features, f) }

// ViewDistance is the initial view distance the client asked for
// (Hello.view_distance), as it asked: the network plugin grants it
// (protocol.ClampView) and the Welcome carries what it granted
// (Admission.ViewDistance). Later requests arrive as Subscribe messages,
// as the client sent them.
func (c *Client) ViewDistance() uint32 { return c.view }

// RemoteAddr is the client's address.
func (c *Client) RemoteAddr() net.Addr { return c.sess.RemoteAddr() }

// Done is closed once the connection is being torn down; a Disconnected
// event follows.
func (c *Client) Done() <-chan struct{} { return c.ctx.Done() }

// Accept admits the client: the Welcome is queued as the first control
// message, then the chunk stream and datagrams start. It reports false when
// the client was already decided on or is gone (a Disconnected event is
// then on its way).
func (c *Client) Accept(a wire.Admission) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state != statePending || c.ctx.Err() != nil {
		return false
	}
	cfg := &c.srv.cfg
	w := &protocol.Welcome{
		ProtocolVersion:  c.hello.GetProtocolVersion(),
		EntityId:         a.EntityID,
		Spawn:            protocol.V3(a.X, a.Y, a.Z),
		Yaw:              a.Yaw,
		Pitch:            a.Pitch,
		Seed:             cfg.World.Seed,
		GeneratorVersion: cfg.World.GeneratorVersion,
		// The bounds every rule enforces, not a setting: advertising other
		// ones would tell the client of a world the server does not keep.
		Bounds: &protocol.WorldBounds{
			MinSectionY:    chunk.MinSectionY,
			MaxSectionY:    chunk.MaxSectionY,
			BorderSections: chunk.BorderSections,
		},
		Limits:        c.srv.limits,
		Features:      c.features,
		ViewDistance:  a.ViewDistance,
		Tick:          a.Tick,
		SectionFormat: cfg.World.SectionFormat,
		Blocks:        cfg.World.Blocks,
	}
	e, err := wire.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Welcome{Welcome: w}})
	if err != nil { // cannot happen with a bounded Welcome; fail loudly rather than hang the client
		c.log.Error().Err(err).Msg("encode Welcome")
		return false
	}
	c.control.push(e)
	c.state = stateAccepted
	c.accepted.Store(true)
	close(c.decided)
	return true
}

// Reject refuses the client with a code and a human-readable reason (for
// example FORBIDDEN for a banned name); the transport sends the Reject and
// closes. False if the client was already decided on or is gone.
func (c *Client) Reject(code protocol.ErrorCode, reason string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state != statePending || c.ctx.Err() != nil {
		return false
	}
	c.state = stateRejected
	c.reject.code, c.reject.reason = code, reason
	close(c.decided)
	return true
}

// Send queues a control-stream message. It returns false if the client is
// not accepted (yet or any more), if m does not encode within the control
// frame cap, or if the control queue is full — in which case the client is
// closed with SLOW_CONSUMER, since a control message cannot be skipped.
// The message is marshalled before Send returns; m may be reused.
func (c *Client) Send(m *protocol.ServerMessage) bool {
	if !c.accepted.Load() {
		return false
	}
	e, err := wire.EncodeControl(m)
	if err != nil {
		c.log.Error().Err(err).Msg("dropping unencodable control message")
		return false
	}
	return c.SendEncoded(e)
}

// Warn tells the client, with a non-fatal Error, that a message of its
// was dropped — within the client's budget of such replies
// (Limits.RefusalReplyRate, shared with the transport's own refusals of
// chat and plugin messages). Beyond it the reply is skipped and counted
// (Stats.RefusedUnanswered): a client sending what is refused must not
// make the server write as much back. It reports whether the Error was
// queued. Safe from any goroutine.
func (c *Client) Warn(code protocol.ErrorCode, text string) bool {
	if !c.accepted.Load() || !c.spendReply(time.Now()) {
		return false
	}
	return c.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: code, Message: text}}})
}

// spendReply takes a token of the reply budget, or counts the reply as
// skipped.
func (c *Client) spendReply(now time.Time) bool {
	c.replyMu.Lock()
	ok := c.replies.take(now)
	c.replyMu.Unlock()
	if !ok {
		c.srv.stats.refusedUnanswered.Add(1)
	}
	return ok
}

// SendChunk queues a chunk-stream message (Chunk or Drop). It returns false
// if the client is not accepted, the message is over the chunk frame cap,
// or the chunk queue is full; the client stays connected, and the caller
// retries on a later tick.
func (c *Client) SendChunk(m *protocol.ChunkMessage) bool {
	if !c.accepted.Load() {
		return false
	}
	e, err := wire.EncodeChunk(m)
	if err != nil {
		c.log.Error().Err(err).Msg("dropping unencodable chunk message")
		return false
	}
	return c.SendEncoded(e)
}

// SendEncoded queues a pre-encoded frame on the stream it was encoded for,
// with the semantics of Send or SendChunk.
func (c *Client) SendEncoded(e wire.Encoded) bool {
	if !c.accepted.Load() || e.Bytes() == nil || c.ctx.Err() != nil {
		return false
	}
	if e.IsDatagram() {
		return c.dgramsOK && c.dgrams.push(e)
	}
	if e.IsLOD() && c.lods != nil {
		return c.lods.push(e)
	}
	if e.IsChunk() {
		return c.chunks.push(e)
	}
	if !c.control.push(e) {
		c.fail(protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER, errSlowControl, false)
		return false
	}
	return true
}

// SendDatagram sends m as an unreliable datagram, best effort: false when
// the peer has no datagram support, m exceeds frame.DatagramCap or the
// datagram queue is full (the datagram is dropped).
func (c *Client) SendDatagram(m *protocol.Datagram) bool {
	if !c.accepted.Load() || c.ctx.Err() != nil || !c.dgramsOK {
		return false
	}
	e, err := wire.EncodeDatagram(m)
	if err != nil {
		c.log.Debug().Err(err).Msg("dropping datagram")
		return false
	}
	return c.dgrams.push(e)
}

// Queued reports the outbound backlog.
func (c *Client) Queued() wire.Queued {
	var q wire.Queued
	q.ControlMessages, q.ControlBytes, _ = c.control.stats()
	q.ChunkMessages, q.ChunkBytes, _ = c.chunks.stats()
	if c.lods != nil {
		q.LODMessages, q.LODBytes, _ = c.lods.stats()
	}
	q.Datagrams, _, q.DroppedDatagrams = c.dgrams.stats()
	return q
}

// Close disconnects the client with code (KICKED, IDLE_TIMEOUT, ...) and a
// reason the client sees in the connection close. It returns at once; the
// Disconnected event follows.
func (c *Client) Close(code protocol.ErrorCode, reason string) {
	c.fail(code, closeReason(reason), false)
}

// fail records why the connection ends (the first reason wins) and starts
// the teardown.
func (c *Client) fail(code protocol.ErrorCode, err error, remote bool) {
	c.mu.Lock()
	if !c.closed.set {
		c.closed.set = true
		c.closed.code, c.closed.err, c.closed.remote = code, err, remote
	}
	c.mu.Unlock()
	c.cancel()
}

func (c *Client) closeInfo() (protocol.ErrorCode, error, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed.code, c.closed.err, c.closed.remote
}

// closeReason is an operator-given close reason used as an error.
type closeReason string

func (r closeReason) Error() string { return string(r) }

const errSlowControl = closeReason("control queue full: the client does not read its control stream")
