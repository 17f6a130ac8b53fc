package transport

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// DefaultListen is the default UDP address of the QUIC listener.
const DefaultListen = ":4433"

// Config configures a Server. The zero value of every field but TLS has a
// default (see withDefaults).
type Config struct {
	// Listen is the UDP address to bind (--listen); default ":4433".
	// "127.0.0.1:0" picks a free port (tests); Server.Addr reports it.
	Listen string
	// PacketConn, when set, is used instead of binding Listen. The caller
	// keeps ownership: Close does not close it.
	PacketConn net.PacketConn
	// TLS supplies the certificate (Certificates or GetCertificate, e.g.
	// certs.Manager.TLSConfig()). The server clones it and sets NextProtos
	// to protocol.ALPN plus the ALPNs of ALPNHandlers.
	TLS *tls.Config
	// Log receives connection-level logs (one line per connect, reject and
	// disconnect; per-message detail at debug level).
	Log zerolog.Logger
	// World is the static part of every Welcome.
	World WorldInfo
	// MaxClients is the number of admitted players (plus those awaiting the
	// tick's decision) beyond which a Hello is rejected with SERVER_FULL.
	// Default 256.
	MaxClients int
	// MaxViewDistance is the largest view distance the server grants
	// (--max-view-distance), announced in the Welcome's limits. The
	// transport passes requests on as the client made them: the network
	// plugin clamps them (protocol.ClampView) and the Welcome carries
	// what it granted (Admission.ViewDistance). Default 16.
	MaxViewDistance uint32
	// Features the server grants when a client asks for them. Default: every
	// feature protocol defines.
	Features []string
	// DeflateLevel is the compression level of the chunk stream of clients
	// granted protocol.FeatureDeflateChunks: 1 (fastest) to 9 (smallest);
	// 0 takes DefaultDeflateLevel.
	DeflateLevel int
	// Limits are the per-connection limits; zero fields take defaults.
	Limits Limits
	// Authenticator decides, after the login signature verified, whether
	// the player may play (name bindings, bans, tokens). Nil accepts every
	// valid signature. A *Refusal rejects with its code and reason; any
	// other error rejects with INTERNAL "authentication failed" and is
	// logged.
	Authenticator wire.Authenticator
	// ALPNHandlers serve connections that negotiated another ALPN on the
	// same UDP port (for example "h3" for WebTransport). The handler owns
	// the connection; its context is cancelled when the server closes, and
	// the server closes the connection after the handler returns.
	ALPNHandlers map[string]ConnHandler
}

// ConnHandler serves a QUIC connection of a non-native ALPN.
type ConnHandler func(ctx context.Context, conn *quic.Conn)

// WorldInfo is the world description sent in every Welcome.
type WorldInfo struct {
	Seed             int64
	GeneratorVersion uint32
	// SectionFormat is the version of the encoding in Chunk.data; default
	// chunk.CodecVersion.
	SectionFormat uint32
	// TickRate is ticks per second; default 20.
	TickRate uint32
	// SectionsPerTick and BytesPerTick advertise the per-client delivery
	// budget (informational for clients; the deliver system enforces it).
	SectionsPerTick, BytesPerTick uint32
	// MaxLODLevels and DefaultLODLevels advertise the levels of detail a
	// client granted protocol.FeatureLOD may ask for in Subscribe.lod_levels
	// and what it gets by asking for 0 (the LOD plugin enforces them);
	// zero MaxLODLevels advertises none.
	MaxLODLevels, DefaultLODLevels uint32
	// Rules are the movement and action rules advertised in
	// Welcome.limits (the gameplay plugin enforces them); the zero value
	// advertises none.
	Rules Rules
	// Blocks is the block registry sent in every Welcome; nil means
	// resources/chunk's (protocol.BlockRegistry). It is shared by every
	// Welcome and must not change once the server started.
	Blocks []*protocol.BlockInfo
}

// Limits are per-connection limits. Zero means the default in brackets.
type Limits struct {
	// Outbound queues. A full control queue closes the client with
	// SLOW_CONSUMER (control messages cannot be skipped); a full chunk queue
	// only makes SendChunk return false (the deliver system retries).
	ControlQueueMessages int // [1024]
	ControlQueueBytes    int // [1 MiB]
	ChunkQueueMessages   int // [8192]
	ChunkQueueBytes      int // [16 MiB]
	DatagramQueue        int // datagrams; extra ones are dropped [64]

	// Inbound rate limits, token buckets per client. Control messages over
	// ControlRate are delayed (the server stops reading the stream); a
	// client that stays over the rate for FloodGrace is closed with
	// RATE_LIMITED, as is one whose chat or plugin messages keep being
	// refused for FloodGrace (see RefusalReplyRate).
	ControlRate  float64       // messages per second [200]
	ControlBurst int           // [400]
	FloodGrace   time.Duration // [5s]
	// Subscribe changes above SubscribeRate coalesce: the latest wins and is
	// delivered when the bucket refills.
	SubscribeRate  float64 // [4]
	SubscribeBurst int     // [8]
	// Chat over Chat's length or rate is refused with a non-fatal Error.
	// The server passes the same value to the chat plugin.
	Chat wire.ChatLimits
	// PluginMessages (plugin channels) with a malformed channel name (see
	// wire.ValidChannel) or a payload over MaxPluginPayload, and those above
	// PluginRate, are refused with a non-fatal Error.
	PluginRate       float64 // messages per second [20]
	PluginBurst      int     // [40]
	MaxPluginPayload int     // bytes [16 KiB]
	// The non-fatal Errors answering refused chat and plugin messages are
	// rate-limited too, per client: beyond RefusalReplyRate the message
	// is dropped unanswered (and counted), so a flood cannot make the
	// server write as much as it sends. A client whose messages keep
	// being refused, without a second's pause, for FloodGrace is closed
	// with RATE_LIMITED.
	RefusalReplyRate  float64 // Errors per second [1]
	RefusalReplyBurst int     // [5]

	// Timeouts.
	HelloTimeout      time.Duration // from connect to a complete login: Hello, Proof, Authenticator [5s]
	AdmitTimeout      time.Duration // from Connected to Accept/Reject [10s]
	IdleTimeout       time.Duration // QUIC idle timeout [30s]
	WriteStallTimeout time.Duration // one stream write blocked this long closes with SLOW_CONSUMER [20s]
	RejectLinger      time.Duration // after a Reject, wait this long for the client to hang up [500ms]

	// InboxMessages bounds Message events waiting in the Inbox; readers
	// pause (QUIC flow control pushes back on clients) while it is full.
	// Connected/Disconnected are never refused. [65536]
	InboxMessages int
	// MaxHandshakes bounds connections that have not yet become clients:
	// QUIC handshake done (or WebTransport session open) but the login
	// (Hello, Challenge, Proof) not complete, each held for at most
	// HelloTimeout. With every slot held, a new connection takes the slot
	// of the oldest that has not sent its Hello (that one is closed with
	// SERVER_FULL), or of the oldest that owes its Proof for ProofGrace;
	// if there is none, the new connection is closed with SERVER_FULL at
	// once. [64]
	MaxHandshakes int
	// MaxHandshakesPerAddr is the same bound per source host, so that one
	// host's idle connections cannot take every handshake slot: beyond it
	// a new connection from that host is closed with SERVER_FULL at once
	// while other hosts still get in. A host is an IPv4 address (IPv4-mapped
	// IPv6 included) or an IPv6 /64, since one subscriber commonly holds a
	// whole /64. Only proven addresses count (a completed QUIC handshake),
	// so spoofed Initials cannot use up a victim's share. Players behind
	// one NAT share it, but a player holds a slot only for the moment
	// between its QUIC handshake and the end of its login. [4]
	MaxHandshakesPerAddr int
	// ProofGrace is how long a session may owe its Proof (its Hello read,
	// the Challenge sent: one round trip for a real client) before, with
	// every one of MaxHandshakes held, a newcomer may evict it. Sessions
	// that have not sent a Hello are evicted first, at any age, oldest
	// first (docs/protocol.md §8). [1s]
	ProofGrace time.Duration
	// EvictLinger is how long an evicted session is held, no longer
	// counted, before its close: a flood that redials on every close
	// then costs the server a handshake per EvictLinger per connection
	// rather than one per eviction. [1s]
	EvictLinger time.Duration
	// RetryThreshold turns on QUIC address validation under load: once
	// more than this many connections are in handshake (QUIC handshakes in
	// progress plus connections in their login), and until they are
	// down to half as many, a new connection must first answer a Retry,
	// one extra round trip, before the server keeps any state for it. A flood from spoofed addresses then costs one
	// stateless packet per datagram, and what gets through has a real
	// address for MaxHandshakesPerAddr to count. [16]
	RetryThreshold int
}

func (c Config) withDefaults() (Config, error) {
	if c.TLS == nil {
		return c, errors.New("transport: Config.TLS is required (see net/certs)")
	}
	if c.Listen == "" {
		c.Listen = DefaultListen
	}
	if c.MaxClients <= 0 {
		c.MaxClients = 256
	}
	c.MaxViewDistance = min(cmp.Or(c.MaxViewDistance, protocol.DefaultMaxViewDistance), protocol.ViewDistanceLimit)
	if c.Features == nil {
		c.Features = []string{protocol.FeatureDatagramInput, protocol.FeaturePlayerStates, protocol.FeatureBatchedDrops,
			protocol.FeatureDeflateChunks, protocol.FeatureEntities, protocol.FeatureAirSections, protocol.FeatureColumnLists,
			protocol.FeatureCompactStates, protocol.FeatureStateBatches, protocol.FeaturePredictedStates, protocol.FeatureLOD}
	}
	if c.DeflateLevel == 0 {
		c.DeflateLevel = DefaultDeflateLevel
	}
	if c.DeflateLevel < 1 || c.DeflateLevel > 9 {
		return c, fmt.Errorf("transport: DeflateLevel %d is outside 1..9", c.DeflateLevel)
	}
	for alpn := range c.ALPNHandlers {
		if alpn == protocol.ALPN || alpn == "" {
			return c, fmt.Errorf("transport: ALPN handler for %q is not allowed", alpn)
		}
	}
	c.World = c.World.withDefaults()
	if err := c.World.Rules.check(); err != nil {
		return c, err
	}
	if err := protocol.CheckBlockRegistry(c.World.Blocks); err != nil {
		return c, fmt.Errorf("transport: World.Blocks: %w", err)
	}
	c.Limits = c.Limits.withDefaults()
	return c, nil
}

func (w WorldInfo) withDefaults() WorldInfo {
	if w.SectionFormat == 0 {
		w.SectionFormat = chunk.CodecVersion
	}
	if w.TickRate == 0 {
		w.TickRate = 20
	}
	if w.Blocks == nil {
		w.Blocks = protocol.BlockRegistry()
	}
	return w
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defF := func(v *float64, d float64) {
		if *v <= 0 {
			*v = d
		}
	}
	defD := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.ControlQueueMessages, 1024)
	def(&l.ControlQueueBytes, 1<<20)
	def(&l.ChunkQueueMessages, 8192)
	def(&l.ChunkQueueBytes, 16<<20)
	def(&l.DatagramQueue, 64)
	defF(&l.ControlRate, 200)
	def(&l.ControlBurst, 400)
	defD(&l.FloodGrace, 5*time.Second)
	defF(&l.SubscribeRate, 4)
	def(&l.SubscribeBurst, 8)
	l.Chat = l.Chat.WithDefaults()
	defF(&l.PluginRate, 20)
	def(&l.PluginBurst, 40)
	def(&l.MaxPluginPayload, 16<<10)
	defF(&l.RefusalReplyRate, 1)
	def(&l.RefusalReplyBurst, 5)
	defD(&l.HelloTimeout, 5*time.Second)
	defD(&l.AdmitTimeout, 10*time.Second)
	defD(&l.IdleTimeout, 30*time.Second)
	defD(&l.WriteStallTimeout, 20*time.Second)
	defD(&l.RejectLinger, 500*time.Millisecond)
	def(&l.InboxMessages, 65536)
	def(&l.MaxHandshakes, 64)
	def(&l.MaxHandshakesPerAddr, 4)
	def(&l.RetryThreshold, 16)
	defD(&l.ProofGrace, time.Second)
	defD(&l.EvictLinger, time.Second)
	return l
}

// grantFeatures returns the requested features the server supports, in the
// client's order, without duplicates.
func (c *Config) grantFeatures(requested []string) []string {
	var out []string
	for _, f := range requested {
		if slices.Contains(c.Features, f) && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
