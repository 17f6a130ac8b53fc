package transport

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Server is the QUIC listener and the registry of connected clients.
type Server struct {
	cfg Config
	log zerolog.Logger
	// floodLog is log sampled to a line a second: for what a flood
	// repeats on every connection attempt.
	floodLog zerolog.Logger
	inbox    *Inbox
	inputs   wire.InputPool         // datagram inputs, reused once their tick is over
	limits   *protocol.ServerLimits // shared by every Welcome; never mutated

	udp    net.PacketConn // nil when the caller supplied Config.PacketConn
	tr     *quic.Transport
	ln     *quic.Listener
	ctx    context.Context // cancelled by Close
	cancel context.CancelFunc

	mu      sync.Mutex
	closing bool
	wg      sync.WaitGroup // every goroutine the server started
	clients map[ClientID]*Client
	names   map[string]ClientID // lower-cased names of registered clients

	nextID atomic.Uint64
	gate   *handshakeGate // connections not yet clients; see admission.go
	stats  counters
}

// Listen binds the UDP socket, starts accepting connections and returns.
// Events appear in Inbox(); Close stops everything.
func Listen(cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := newServer(cfg)

	pc := cfg.PacketConn
	if pc == nil {
		addr, err := net.ResolveUDPAddr("udp", cfg.Listen)
		if err != nil {
			return nil, fmt.Errorf("transport: resolve %q: %w", cfg.Listen, err)
		}
		udp, err := net.ListenUDP("udp", addr)
		if err != nil {
			return nil, fmt.Errorf("transport: listen on %s: %w", cfg.Listen, err)
		}
		s.udp, pc = udp, udp
	}
	s.tr = &quic.Transport{
		Conn: pc,
		ConnContext: func(ctx context.Context, ci *quic.ClientInfo) (context.Context, error) {
			ctx, err := s.gate.connContext(ctx, ci)
			return withServedCert(ctx), err
		},
		VerifySourceAddress: s.gate.verifySourceAddress,
	}
	s.ln, err = s.tr.Listen(s.tlsConfig(), s.quicConfig())
	if err != nil {
		s.tr.Close()
		if s.udp != nil {
			s.udp.Close()
		}
		return nil, fmt.Errorf("transport: start QUIC listener: %w", err)
	}
	s.wg.Add(1)
	go s.acceptLoop()
	s.log.Info().Str("addr", s.ln.Addr().String()).Strs("alpn", s.tlsConfig().NextProtos).Msg("QUIC listener started")
	return s, nil
}

// NewSessionServer returns a Server without a socket: it serves only the
// sessions handed to ServeSession, such as the server end of a Pipe, so
// tests and tools run the real transport in memory. Listen, PacketConn and
// ALPNHandlers are unused and TLS may be nil; every other field applies as
// with Listen, and so do Inbox, Close and the rest.
func NewSessionServer(cfg Config) (*Server, error) {
	if cfg.TLS == nil {
		cfg.TLS = &tls.Config{} // withDefaults insists on one; nothing reads it here
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := newServer(cfg)
	s.log.Info().Msg("serving in-process sessions only (no listener)")
	return s, nil
}

// newServer is what Listen and NewSessionServer share: everything but the
// socket. cfg has its defaults.
func newServer(cfg Config) *Server {
	s := &Server{
		cfg:     cfg,
		log:     cfg.Log.With().Str("component", "transport").Logger(),
		inbox:   NewInbox(cfg.Limits.InboxMessages),
		clients: make(map[ClientID]*Client),
		names:   make(map[string]ClientID),
	}
	s.floodLog = s.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: time.Second})
	s.gate = newHandshakeGate(cfg.Limits, s.log)
	s.limits = s.serverLimits()
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s
}

// tlsConfig clones the configured TLS and offers our ALPN first, then the
// extra handlers' (sorted, so the offer is deterministic). The listener
// demultiplexes on the negotiated protocol, so adding "h3" for WebTransport
// later is a handler entry, not a second socket.
func (s *Server) tlsConfig() *tls.Config {
	t := s.cfg.TLS.Clone()
	t.MinVersion = tls.VersionTLS13
	extra := make([]string, 0, len(s.cfg.ALPNHandlers))
	for alpn := range s.cfg.ALPNHandlers {
		extra = append(extra, alpn)
	}
	slices.Sort(extra)
	t.NextProtos = append([]string{protocol.ALPN}, extra...)
	recordServedCert(t) // for WebTransport logins (BINDING_SERVER_CERT)
	return t
}

// quicConfig sizes QUIC for this protocol. Receive windows are small: the
// only client-to-server stream carries control messages of at most 64 KiB,
// so large windows would only let a hostile client park memory here.
func (s *Server) quicConfig() *quic.Config {
	qc := &quic.Config{
		HandshakeIdleTimeout:           s.cfg.Limits.HelloTimeout,
		MaxIdleTimeout:                 s.cfg.Limits.IdleTimeout,
		EnableDatagrams:                true,
		InitialStreamReceiveWindow:     128 << 10,
		MaxStreamReceiveWindow:         512 << 10,
		InitialConnectionReceiveWindow: 192 << 10,
		MaxConnectionReceiveWindow:     768 << 10,
		// A native client opens exactly one bidirectional stream (control)
		// and no unidirectional ones.
		MaxIncomingStreams:    1,
		MaxIncomingUniStreams: -1,
	}
	if len(s.cfg.ALPNHandlers) > 0 {
		// HTTP/3 needs client-opened unidirectional streams (control,
		// QPACK) and many request streams. Stream limits are fixed before
		// ALPN is known, so they are relaxed for every connection; a native
		// session still accepts only its first stream, and anything more
		// stays unread inside the flow-control windows above.
		qc.MaxIncomingStreams = 100
		qc.MaxIncomingUniStreams = 100
		// WebTransport (net/wt) refuses a connection without RESET_STREAM_AT
		// (stream headers must survive a reset); it is a transport
		// parameter, so it is offered to every connection too. A native
		// client that uses it gains nothing: the server reads only the
		// control stream and a reset of it ends the session either way.
		qc.EnableStreamResetPartialDelivery = true
	}
	return qc
}

func (s *Server) serverLimits() *protocol.ServerLimits {
	l := s.cfg.Limits
	sl := &protocol.ServerLimits{
		MaxViewDistance: s.cfg.MaxViewDistance,
		ControlFrameCap: frame.ControlCap,
		ChunkFrameCap:   frame.ChunkCap,
		MaxDatagramSize: frame.DatagramCap,
		TickRate:        s.cfg.World.TickRate,
		MaxChatLength:   uint32(l.Chat.MaxLength),
		ControlRate:     uint32(l.ControlRate),
		ControlBurst:    uint32(l.ControlBurst),
		SubscribeRate:   uint32(max(l.SubscribeRate, 1)),
		ChatRate:        uint32(max(l.Chat.PerSecond, 1)),
		SectionsPerTick: s.cfg.World.SectionsPerTick,
		BytesPerTick:    s.cfg.World.BytesPerTick,
		IdleTimeoutMs:   uint32(l.IdleTimeout.Milliseconds()),
		MaxLodLevels:    s.cfg.World.MaxLODLevels, DefaultLodLevels: s.cfg.World.DefaultLODLevels,
	}
	s.cfg.World.Rules.apply(sl)
	return sl
}

// Addr is the bound UDP address (useful with port 0). A server from
// NewSessionServer has none and reports a placeholder of network "memory",
// so logging it is safe.
func (s *Server) Addr() net.Addr {
	if s.ln == nil {
		return memAddr("no-listener")
	}
	return s.ln.Addr()
}

// AwaitingHello returns the connections (native and WebTransport) that
// finished their QUIC handshake and have not completed their login yet
// (Hello, Proof, Authenticator): the ones Limits.MaxHandshakes and
// MaxHandshakesPerAddr bound.
func (s *Server) AwaitingHello() int { return s.gate.awaiting() }

// Inbox is the queue the ingest system drains every tick.
func (s *Server) Inbox() *Inbox { return s.inbox }

// Clients is the number of registered clients (admitted or awaiting the
// tick's decision).
func (s *Server) Clients() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.clients)
}

// Close closes every connection with SHUTDOWN, stops the listener and
// waits for every goroutine the server started. Disconnected events for
// the closed clients are pushed to the inbox (drain it after Close if they
// matter). Safe to call more than once.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.closing = true
	s.mu.Unlock()
	s.cancel()
	if s.ln == nil { // NewSessionServer: only sessions to end
		s.wg.Wait()
		s.log.Info().Msg("session server closed")
		return nil
	}
	_ = s.ln.Close() // always nil; established connections are closed by their goroutines
	s.wg.Wait()
	err := s.tr.Close()
	if s.udp != nil {
		if uerr := s.udp.Close(); uerr != nil && err == nil && !errors.Is(uerr, net.ErrClosed) {
			err = uerr
		}
	}
	s.log.Info().Msg("QUIC listener closed")
	if err != nil {
		return fmt.Errorf("transport: close: %w", err)
	}
	return nil
}

// track registers a goroutine with the server unless it is closing.
func (s *Server) track() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.wg.Add(1)
	return true
}

func (s *Server) acceptLoop() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept(s.ctx)
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Error().Err(err).Msg("accept failed; listener stopped")
			}
			return
		}
		s.stats.connections.Add(1)
		if !s.track() {
			_ = conn.CloseWithError(quic.ApplicationErrorCode(protocol.ErrorCode_ERROR_CODE_SHUTDOWN), "server shutting down")
			return
		}
		go s.dispatch(conn)
	}
}

// dispatch routes a connection by its negotiated ALPN.
func (s *Server) dispatch(conn *quic.Conn) {
	defer s.wg.Done()
	s.gate.quicDone(conn.Context())
	alpn := conn.ConnectionState().TLS.NegotiatedProtocol
	if alpn == protocol.ALPN {
		s.serveSession(QUICSession{conn})
		return
	}
	if h, ok := s.cfg.ALPNHandlers[alpn]; ok {
		h(s.ctx, conn)
		_ = conn.CloseWithError(0, "")
		return
	}
	// TLS only negotiates offered protocols, so this is a configuration bug.
	_ = conn.CloseWithError(quic.ApplicationErrorCode(protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION), "unsupported ALPN")
}

// ServeSession runs a client session arriving over another transport (a
// WebTransport session adapter) exactly like a native connection, and
// returns when it has ended. It returns at once if the server is closing.
func (s *Server) ServeSession(sess Session) {
	if !s.track() {
		_ = sess.CloseWithError(protocol.ErrorCode_ERROR_CODE_SHUTDOWN, "server shutting down")
		return
	}
	defer s.wg.Done()
	s.serveSession(sess)
}

// register enters a proven login into the registry, or says why not (a
// *handshakeError to answer with). A name already connected under the same
// key is a takeover: the player reconnected (a new tab, a dropped link the
// server has not noticed yet), so the old connection is closed with
// REPLACED and register waits, at most AdmitTimeout and never past the
// server's close, until the old client's Disconnected event is in the
// inbox, so the tick never sees two clients of one player. Under another
// key the name is taken.
func (s *Server) register(c *Client) error {
	name := c.hello.GetName()
	key := strings.ToLower(name)
	var wait *time.Timer
	defer func() {
		if wait != nil {
			wait.Stop()
		}
	}()
	for {
		s.mu.Lock()
		if s.closing {
			s.mu.Unlock()
			return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SHUTDOWN, reason: "server shutting down", reject: true}
		}
		old, taken := s.clients[s.names[key]]
		if !taken {
			if len(s.clients) >= s.cfg.MaxClients {
				s.mu.Unlock()
				return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SERVER_FULL, reason: fmt.Sprintf("server full (%d players)", s.cfg.MaxClients), reject: true}
			}
			s.clients[c.id] = c
			s.names[key] = c.id
			s.mu.Unlock()
			return nil
		}
		s.mu.Unlock()
		if !bytes.Equal(old.hello.GetPublicKey(), c.hello.GetPublicKey()) {
			return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_NAME_TAKEN, reason: fmt.Sprintf("a player named %q is already connected", name), reject: true}
		}
		c.log.Info().Uint64("old_client", uint64(old.id)).Msg("same player logged in again; replacing the old connection")
		old.Close(protocol.ErrorCode_ERROR_CODE_REPLACED, "replaced: you logged in again from another connection")
		if wait == nil {
			wait = time.NewTimer(s.cfg.Limits.AdmitTimeout)
		}
		select {
		case <-old.gone:
			// Registered again below; another login of the same player may
			// have come first, and is then replaced in turn.
		case <-wait.C:
			return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_NAME_TAKEN, reason: fmt.Sprintf("the previous connection of %q did not end in time; try again", name), reject: true}
		case <-c.sess.Context().Done():
			return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_NONE, reason: "the client left during the login", cause: context.Cause(c.sess.Context())}
		case <-s.ctx.Done():
			return &handshakeError{code: protocol.ErrorCode_ERROR_CODE_SHUTDOWN, reason: "server shutting down", reject: true}
		}
	}
}

func (s *Server) unregister(c *Client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.clients, c.id)
	if key := strings.ToLower(c.hello.GetName()); s.names[key] == c.id {
		delete(s.names, key)
	}
}
