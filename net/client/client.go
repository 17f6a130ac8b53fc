// Package client is a Go client for the Strata protocol: it connects,
// handshakes, keeps a local map of the sections the server streams
// (applying Chunk, Drop and BlockUpdate), and sends inputs and actions.
// Bots and tests use it; docs/protocol.md is the specification it follows.
package client

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// Conn is an established, admitted connection.
type Conn struct {
	opts    Options
	log     zerolog.Logger
	sess    Session // a QUIC connection (Dial) or any Session (Open)
	ctl     transport.Stream
	ctlR    *bufio.Reader
	welcome *protocol.Welcome
	blocks  *Blocks // Welcome.blocks, indexed

	writeMu sync.Mutex // serialises frames on the control stream
	nextReq atomic.Uint32
	nonce   atomic.Uint64
	rtt     atomic.Int64 // last Ping round trip, nanoseconds

	mu           sync.RWMutex
	sections     map[chunk.Pos]*Section
	pending      map[chunk.Pos][]*protocol.BlockUpdate // updates awaiting their Chunk
	pendingCount int
	// airData is a section of air, encoded: the Data of every section an
	// AirSections gives (feature air-sections).
	airData []byte

	// emu guards entities, which the control stream (spawns, despawns)
	// and the datagram reader (states) both write; entitiesOn is set once,
	// before the readers start, when the server granted "entities".
	emu        sync.RWMutex
	entities   map[uint64]*Entity
	entitiesOn bool

	stats struct {
		chunks, chunkBytes, drops, blockUpdates, control, datagrams atomic.Uint64
		plugin, pluginDropped                                       atomic.Uint64
		streamBytes, wireBytes                                      atomic.Uint64
		lodWire                                                     atomic.Uint64
		entitySpawns, entityDespawns                                atomic.Uint64
		entityStates, statesStale, statesUnknown                    atomic.Uint64
		lodSections, lodBytes, lodUnloaded                          atomic.Uint64
	}

	// lod holds the LOD sections received (feature "lod"); see lod.go.
	lod lodState

	pluginOnce sync.Once
	pluginQ    chan *protocol.PluginMessage // to Handlers.OnPlugin; see plugin.go

	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	closeOnce sync.Once
	errMu     sync.Mutex
	err       error
}

// Section is one section as held by the client.
type Section struct {
	// Revision is the section's revision: from the last Chunk, or the last
	// BlockUpdate applied to it. A Chunk or BlockUpdate older than it is
	// ignored, since the two streams are not ordered with each other.
	Revision uint64
	// Data is the encoded section as last received in a Chunk (it does not
	// reflect later BlockUpdates). Read-only.
	Data []byte
	// Decoded is the section, kept current by BlockUpdates; nil with
	// RawSections or when the data did not decode.
	Decoded *chunk.Section
}

// Stats are cumulative counters. ChunkBytes is the payload of the Chunk
// frames received (no length prefixes, no Drops). On the chunk stream as a
// whole, ChunkStreamBytes counts every frame with its length prefix, after
// decompression, and ChunkWireBytes the bytes the stream carried: the same
// for plain frames, the DEFLATE stream's with deflate-chunks. Drops counts
// sections dropped, whether by a Drop each or together in a Drops (feature
// batched-drops). PluginMessages counts the server's PluginMessages
// received; PluginDropped those of them discarded because
// Handlers.OnPlugin did not keep up (its queue was full).
//
// With feature "entities": EntitySpawns and EntityDespawns count the
// entities listed by the EntitySpawns and EntityDespawns messages received
// (a despawn of an id not held included); EntityStates the PlayerStates
// that moved a held entity, StaleStates those older than the entity's
// tick and UnknownStates those for an id not held, both ignored; Entities
// is the number held now.
type Stats struct {
	Chunks, ChunkBytes, Drops, BlockUpdates, ControlMessages, Datagrams uint64
	ChunkStreamBytes, ChunkWireBytes                                    uint64
	PluginMessages, PluginDropped                                       uint64
	EntitySpawns, EntityDespawns                                        uint64
	EntityStates, StaleStates, UnknownStates                            uint64
	Sections, Entities                                                  int
	// With feature "lod": LODSections counts the LODSections received,
	// LODBytes their frames' payload bytes (decompressed), LODUnloaded the
	// LOD sections LODUnloads made the client forget; LODWireBytes is
	// the LOD stream's bytes as received (compressed with
	// deflate-chunks) up to its last LOD frame, which ChunkWireBytes
	// includes.
	LODSections, LODBytes, LODUnloaded, LODWireBytes uint64
}

// Dial connects to addr ("host:port"), logs in (Hello, then a Proof
// signed with Options.Key answering the server's Challenge) and waits for
// the Welcome. A refusal is a *RejectError (NAME_BOUND, AUTH_FAILED,
// FORBIDDEN, ... with the server's reason). ctx bounds the whole handshake.
func Dial(ctx context.Context, addr string, opts Options) (*Conn, error) {
	if err := opts.withDefaults(); err != nil {
		return nil, err
	}
	tlsConf, err := tlsConfig(addr, &opts)
	if err != nil {
		return nil, err
	}
	qconf := opts.QUIC
	if qconf == nil {
		qconf = &quic.Config{
			EnableDatagrams:       true,
			KeepAlivePeriod:       opts.KeepAlive,
			MaxIncomingStreams:    -1, // the server opens no bidirectional stream
			MaxIncomingUniStreams: 2,  // the chunk stream and, with feature lod, the LOD stream
			// Sections are bulk data: let the window grow so a fast link
			// is not throttled by flow control.
			MaxStreamReceiveWindow:     16 << 20,
			MaxConnectionReceiveWindow: 24 << 20,
		}
	}
	qc, err := quic.DialAddr(ctx, addr, tlsConf, qconf)
	if err != nil {
		return nil, fmt.Errorf("client: dial %s: %w", addr, err)
	}
	return open(ctx, transport.NewQUICSession(qc), opts, addr)
}

// open is Dial and Open after the transport is up: the handshake, then the
// readers. opts has its defaults; server names the peer in logs.
func open(ctx context.Context, sess Session, opts Options, server string) (*Conn, error) {
	c := &Conn{
		opts:     opts,
		log:      opts.Log.With().Str("server", server).Str("name", opts.Name).Logger(),
		sess:     sess,
		sections: make(map[chunk.Pos]*Section),
		pending:  make(map[chunk.Pos][]*protocol.BlockUpdate),
		entities: make(map[uint64]*Entity),
		airData:  chunk.Encode(new(chunk.Uniform(chunk.Air))),
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	if err := c.handshake(ctx); err != nil {
		c.cancel()
		code := protocol.ErrorCode_ERROR_CODE_NONE
		var rej *RejectError
		if !errors.As(err, &rej) {
			code = protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION
			if ctx.Err() != nil {
				code = protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT
			}
		}
		_ = sess.CloseWithError(code, "handshake failed")
		return nil, err
	}
	c.entitiesOn = c.HasFeature(protocol.FeatureEntities)
	c.wg.Add(2)
	go c.readControl()
	go c.readChunks(c.HasFeature(protocol.FeatureLOD))
	if sess.SupportsDatagrams() {
		c.wg.Add(1)
		go c.readDatagrams()
	}
	if opts.LOD && opts.LODLevels > 0 && c.HasFeature(protocol.FeatureLOD) {
		if err := c.SubscribeLOD(c.welcome.GetViewDistance(), opts.LODLevels); err != nil {
			c.log.Warn().Err(err).Msg("ask for LOD levels")
		}
	}
	c.wg.Add(1)
	go func() { // records the close cause when the server ends the connection
		defer c.wg.Done()
		<-sess.Context().Done()
		c.setErr(context.Cause(sess.Context()))
		c.cancel()
	}()
	return c, nil
}

func (c *Conn) handshake(ctx context.Context) error {
	st, err := c.sess.OpenStream(ctx)
	if err != nil {
		// A server refusing at once (too many handshakes) may close
		// before the stream opens, or before the Hello is written.
		if rej, ok := closedByServer(err); ok {
			return rej
		}
		return fmt.Errorf("client: open control stream: %w", err)
	}
	c.ctl, c.ctlR = st, bufio.NewReaderSize(st, 16<<10)
	stop := context.AfterFunc(ctx, func() { setDeadline(st, time.Unix(1, 0)) })
	defer stop()
	hello := &protocol.Hello{
		ProtocolVersion: c.opts.ProtocolVersion,
		Name:            c.opts.Name,
		Features:        c.opts.requested(),
		ViewDistance:    c.opts.ViewDistance,
		PublicKey:       c.Key(),
		Token:           c.opts.Token,
	}
	if err := c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: hello}}); err != nil {
		if rej, ok := closedByServer(err); ok {
			return rej
		}
		return err
	}
	m, err := c.readHandshake("Challenge")
	if err != nil {
		return err
	}
	if r := m.GetReject(); r != nil {
		return rejectError(r)
	}
	ch := m.GetChallenge()
	if ch == nil {
		return fmt.Errorf("client: expected Challenge or Reject, got %T", m.Kind)
	}
	proof, err := c.prove(ch)
	if err != nil {
		return err
	}
	if err := c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: proof}}); err != nil {
		if rej, ok := closedByServer(err); ok {
			return rej
		}
		return err
	}
	if m, err = c.readHandshake("Welcome"); err != nil {
		return err
	}
	switch k := m.Kind.(type) {
	case *protocol.ServerMessage_Welcome:
		// A registry that cannot be read leaves every section ambiguous:
		// better no session than a world shown wrong.
		if c.blocks, err = NewBlocks(k.Welcome.GetBlocks()); err != nil {
			return err
		}
		c.welcome = k.Welcome
		setDeadline(st, time.Time{})
		return nil
	case *protocol.ServerMessage_Reject:
		return rejectError(k.Reject)
	default:
		return fmt.Errorf("client: expected Welcome or Reject, got %T", m.Kind)
	}
}

// readHandshake reads the server's next handshake frame (what names it in
// errors).
func (c *Conn) readHandshake(what string) (*protocol.ServerMessage, error) {
	payload, err := frame.ReadFrame(c.ctlR, frame.ControlCap)
	if err != nil {
		// The server may close before (or instead of) the Reject arriving;
		// its close carries the same code and reason.
		if rej, ok := closedByServer(err); ok {
			return nil, rej
		}
		return nil, fmt.Errorf("client: read %s: %w", what, err)
	}
	m, err := frame.DecodeServer(payload)
	if err != nil {
		return nil, fmt.Errorf("client: decode %s: %w", what, err)
	}
	return m, nil
}

// prove answers the Challenge: it signs the login transcript, bound to
// this connection, with the player's key. A Challenge for another binding
// than the session's means the peer is not the server this session
// reached (or a broken one): signing would bind nothing, so the handshake
// fails.
func (c *Conn) prove(ch *protocol.Challenge) (*protocol.Proof, error) {
	binding, value, err := c.sess.Binding()
	if err != nil {
		return nil, fmt.Errorf("client: login binding: %w", err)
	}
	if ch.GetBinding() != binding {
		return nil, fmt.Errorf("client: the server asks for login binding %v, this connection provides %v", ch.GetBinding(), binding)
	}
	if n := len(ch.GetNonce()); n != protocol.NonceSize {
		return nil, fmt.Errorf("client: Challenge nonce is %d bytes, want %d", n, protocol.NonceSize)
	}
	sig := protocol.SignLogin(c.opts.Key, binding, value, ch.GetNonce(), c.opts.Name)
	return &protocol.Proof{Signature: sig}, nil
}

// rejectError is a Reject as Dial's error.
func rejectError(r *protocol.Reject) *RejectError {
	return &RejectError{Code: r.GetCode(), Reason: r.GetReason(), MinVersion: r.GetMinVersion(), MaxVersion: r.GetMaxVersion()}
}

// Key is the player's public key: the Hello's, whose private half signed
// the login (Options.Key, or the throwaway one made for this connection).
func (c *Conn) Key() ed25519.PublicKey { return c.opts.Key.Public().(ed25519.PublicKey) }

// closedByServer is a close by the server during the handshake as the
// rejection it is (docs/protocol.md §3).
func closedByServer(err error) (*RejectError, bool) {
	if ce, ok := asCloseError(err); ok && ce.Remote {
		return &RejectError{Code: ce.Code, Reason: ce.Reason}, true
	}
	return nil, false
}

// setDeadline sets both deadlines of the control stream: the handshake
// bounds its write and read alike.
func setDeadline(st transport.Stream, t time.Time) {
	_ = st.SetReadDeadline(t)
	_ = st.SetWriteDeadline(t)
}

// Welcome is the server's handshake answer. Read-only.
func (c *Conn) Welcome() *protocol.Welcome { return c.welcome }

// Blocks is the server's block registry (Welcome.blocks, or the built-in
// one from a server that sends none).
func (c *Conn) Blocks() *Blocks { return c.blocks }

// Limits is what the server enforces (Welcome.limits): caps, rates, the
// delivery budget, and the movement and action rules (docs/protocol.md
// §9.5–§9.6; zero fields are not stated by the server). Read-only.
func (c *Conn) Limits() *protocol.ServerLimits { return c.welcome.GetLimits() }

// EntityID is the player's own entity id.
func (c *Conn) EntityID() uint64 { return c.welcome.GetEntityId() }

// HasFeature reports whether the server granted feature f.
func (c *Conn) HasFeature(f string) bool {
	for _, g := range c.welcome.GetFeatures() {
		if g == f {
			return true
		}
	}
	return false
}

// Done is closed when the connection has ended.
func (c *Conn) Done() <-chan struct{} { return c.ctx.Done() }

// Err says why the connection ended: a *CloseError for a close by either
// side with an application code, nil while open or after Close.
func (c *Conn) Err() error {
	c.errMu.Lock()
	defer c.errMu.Unlock()
	return c.err
}

func (c *Conn) setErr(err error) {
	c.errMu.Lock()
	defer c.errMu.Unlock()
	if c.err != nil || err == nil {
		return
	}
	if ce, ok := asCloseError(err); ok {
		if ce.Code == protocol.ErrorCode_ERROR_CODE_NONE && !ce.Remote {
			return // our own Close
		}
		c.err = ce
		return
	}
	c.err = err
}

// Close ends the connection cleanly and waits for the readers to exit.
func (c *Conn) Close() error {
	c.closeOnce.Do(func() {
		_ = c.sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "bye")
		c.cancel()
		c.wg.Wait()
	})
	return nil
}

// Send writes a raw control message. The typed helpers below are
// preferable; Send exists for tools and tests.
func (c *Conn) Send(m *protocol.ClientMessage) error {
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if _, err := c.ctl.Write(b); err != nil {
		if c.ctx != nil && c.ctx.Err() != nil {
			return ErrClosed
		}
		return fmt.Errorf("client: send: %w", err)
	}
	return nil
}

// SendInput sends the movement state on the control stream.
func (c *Conn) SendInput(in *protocol.Input) error {
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: in}})
}

// SendInputDatagram sends the movement state as a datagram (lossy, lower
// latency); requires the "datagram-input" feature.
func (c *Conn) SendInputDatagram(in *protocol.Input) error {
	if !c.HasFeature(protocol.FeatureDatagramInput) {
		return errors.New("client: datagram-input was not granted")
	}
	b, err := frame.MarshalDatagram(&protocol.Datagram{Kind: &protocol.Datagram_Input{Input: in}})
	if err != nil {
		return err
	}
	return c.sess.SendDatagram(b)
}

// Break asks to break the block at (x, y, z); the returned request id comes
// back in an ActionAck.
func (c *Conn) Break(x, y, z int32) (uint32, error) {
	id := c.nextReq.Add(1)
	return id, c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{
		Pos: protocol.BP(x, y, z), RequestId: id,
	}}})
}

// Place asks to put block b at (x, y, z); the returned request id comes back
// in an ActionAck.
func (c *Conn) Place(x, y, z int32, b chunk.Block) (uint32, error) {
	id := c.nextReq.Add(1)
	return id, c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_PlaceBlock{PlaceBlock: &protocol.PlaceBlock{
		Pos: protocol.BP(x, y, z), Block: uint32(b), RequestId: id,
	}}})
}

// Chat sends a chat line.
func (c *Conn) Chat(text string) error {
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}})
}

// Subscribe changes the view distance.
func (c *Conn) Subscribe(viewDistance uint32) error {
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: viewDistance}}})
}

// Ping sends a Ping; RTT reports the round trip once the Pong is back.
func (c *Conn) Ping() error {
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{
		Nonce: c.nonce.Add(1), Time: time.Now().UnixNano(),
	}}})
}

// RTT is the round trip of the last answered Ping (0 before any).
func (c *Conn) RTT() time.Duration { return time.Duration(c.rtt.Load()) }

// Section returns the held section at p.
func (c *Conn) Section(p chunk.Pos) (Section, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	s, ok := c.sections[p]
	if !ok {
		return Section{}, false
	}
	out := *s
	if s.Decoded != nil {
		d := s.Decoded.Clone()
		out.Decoded = &d
	}
	return out, true
}

// Positions lists the positions of every held section, in no order.
func (c *Conn) Positions() []chunk.Pos {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]chunk.Pos, 0, len(c.sections))
	for p := range c.sections {
		out = append(out, p)
	}
	return out
}

// Stats returns the counters.
func (c *Conn) Stats() Stats {
	c.mu.RLock()
	n := len(c.sections)
	c.mu.RUnlock()
	return Stats{
		EntitySpawns:     c.stats.entitySpawns.Load(),
		EntityDespawns:   c.stats.entityDespawns.Load(),
		EntityStates:     c.stats.entityStates.Load(),
		StaleStates:      c.stats.statesStale.Load(),
		UnknownStates:    c.stats.statesUnknown.Load(),
		Entities:         c.EntityCount(),
		Chunks:           c.stats.chunks.Load(),
		ChunkBytes:       c.stats.chunkBytes.Load(),
		ChunkStreamBytes: c.stats.streamBytes.Load(),
		ChunkWireBytes:   c.stats.wireBytes.Load(),
		Drops:            c.stats.drops.Load(),
		BlockUpdates:     c.stats.blockUpdates.Load(),
		ControlMessages:  c.stats.control.Load(),
		Datagrams:        c.stats.datagrams.Load(),
		PluginMessages:   c.stats.plugin.Load(),
		PluginDropped:    c.stats.pluginDropped.Load(),
		Sections:         n,
		LODSections:      c.stats.lodSections.Load(),
		LODBytes:         c.stats.lodBytes.Load(),
		LODUnloaded:      c.stats.lodUnloaded.Load(),
		LODWireBytes:     c.stats.lodWire.Load(),
	}
}

// invalidMessage ends the connection over a server message that decodes
// but breaks the protocol (a Drops whose coords are not x, y, z triples),
// closing it with INVALID_MESSAGE.
func (c *Conn) invalidMessage(err error, what string) {
	if c.ctx.Err() == nil {
		c.setErr(fmt.Errorf("client: %s: %w", what, err))
		_ = c.sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, what+": invalid message")
	}
	c.cancel()
}

// readerDone records a reader's terminal error and ends the connection.
func (c *Conn) readerDone(err error, what string) {
	if c.ctx.Err() == nil {
		if _, ok := asCloseError(err); ok {
			c.setErr(err)
		} else if !errors.Is(err, io.EOF) {
			c.setErr(fmt.Errorf("client: %s: %w", what, err))
			_ = c.sess.CloseWithError(streamCode(err), what)
		}
	}
	c.cancel()
}
