package client

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"fmt"
	"slices"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// Options configure Dial.
type Options struct {
	// Name is the player name (see protocol.ValidName).
	Name string
	// ViewDistance is the requested view distance in sections; 0 asks for
	// the server's default.
	ViewDistance uint32
	// Features to request (protocol.Feature*), besides
	// protocol.FeatureDeflateChunks and protocol.FeatureEntities, which
	// the client asks for unless PlainChunks and NoEntities respectively.
	// The client handles what each one changes on the wire itself: with
	// protocol.FeatureBatchedDrops, for example, a Drops frame is applied
	// and reported to OnDrop exactly like one Drop per section; with
	// protocol.FeatureAirSections an AirSections is applied and reported
	// to OnChunk like one Chunk of air at revision 0 per section (either
	// by column too, with protocol.FeatureColumnLists); with
	// deflate-chunks it decompresses the chunk stream; with
	// entities it keeps the entity set (Conn.Entities).
	Features []string
	// PlainChunks does not ask for protocol.FeatureDeflateChunks (unless
	// Features lists it): the chunk stream then carries plain frames
	// (measurements, tests).
	PlainChunks bool
	// NoEntities does not ask for protocol.FeatureEntities (unless
	// Features lists it): the server then sends no EntitySpawns or
	// EntityDespawns, Conn.Entities stays empty, and PlayerStates (with
	// "player-states") are those of nearby players, as before entities
	// existed (legacy clients, tests of them).
	NoEntities bool
	// LOD asks for protocol.FeatureLOD: the server then sends the
	// level-of-detail pyramid out to the horizon, which the client keeps
	// per level (Conn.LODCount, Conn.LODSection). LODLevels, when not 0,
	// asks for that many levels (a Subscribe right after the Welcome);
	// 0 takes the server's default.
	LOD       bool
	LODLevels uint32
	// ProtocolVersion overrides protocol.Version (tests of version
	// negotiation).
	ProtocolVersion uint32
	// Key is the player's identity: the Hello carries its public half and
	// the client signs the server's Challenge with it (docs/protocol.md
	// §3.1). A server binds a name to the first key that uses it, so a
	// player who wants the name again must keep the key (LoadOrCreateKey).
	// Nil means a throwaway key, fresh for every connection: fine for
	// tests and one-off tools, but the name then ends up bound to a key
	// nobody keeps.
	Key ed25519.PrivateKey
	// Token is an optional credential for the server's authenticator
	// (Hello.token, at most protocol.MaxTokenSize bytes), for example one
	// a website issued; most servers need none.
	Token []byte

	// Server authentication: exactly one of PinSHA256, Insecure or the
	// system/RootCAs verification applies, in that order.
	//
	// PinSHA256 is the SHA-256 of the server's DER certificate, as hex
	// (colons allowed) or base64; the certificate is accepted if and only
	// if it hashes to it. This is how the self-signed default is trusted.
	PinSHA256 string
	// Insecure accepts any certificate. Tests only.
	Insecure bool
	// RootCAs and ServerName verify a CA-issued certificate; nil RootCAs
	// means the system roots, empty ServerName the host part of addr.
	RootCAs    *x509.CertPool
	ServerName string

	// Handlers are called as messages arrive.
	Handlers Handlers
	// DecodeSection decodes Chunk data into the local section map; default
	// chunk.Decode. Set RawSections to skip decoding (keep bytes only).
	DecodeSection func(data []byte) (chunk.Section, error)
	// RawSections keeps sections as received bytes, without decoding.
	RawSections bool
	// PluginQueue bounds the PluginMessages waiting for Handlers.OnPlugin
	// [256]; beyond it they are dropped and counted in Stats.PluginDropped.
	PluginQueue int

	// KeepAlive is the QUIC keep-alive period [5s]; it keeps an idle
	// player inside the server's idle timeout.
	KeepAlive time.Duration
	// QUIC overrides the QUIC configuration entirely (tests).
	QUIC *quic.Config
	// Log receives connection-level logs.
	Log zerolog.Logger
}

// Handlers are optional callbacks. Each stream has its own goroutine, so
// callbacks for one stream are called in order, never concurrently with
// each other, but may run concurrently with callbacks of another stream.
// A callback that blocks stalls its stream (and, through QUIC flow
// control, the server's sending on it).
type Handlers struct {
	// OnChunk is called after a Chunk was applied to the section map.
	OnChunk func(pos chunk.Pos, revision uint64, data []byte)
	// OnDrop is called after a Drop removed a section. A batched Drops
	// (feature batched-drops) is reported the same way: once per
	// position, in the server's order, after the whole batch was removed
	// from the section map.
	OnDrop func(pos chunk.Pos)
	// OnBlockUpdate is called after a BlockUpdate was applied to the map.
	OnBlockUpdate func(*protocol.BlockUpdate)
	// OnActionAck answers Break and Place.
	OnActionAck func(*protocol.ActionAck)
	// OnCorrection reports a server-side movement correction.
	OnCorrection func(*protocol.Correction)
	// OnPlayerState reports every PlayerState datagram, after it moved
	// the entity it names (Conn.Entities) if held and not stale; a state
	// the entity set ignored (unknown id, older tick) is reported too.
	OnPlayerState func(*protocol.PlayerState)
	// OnEntitySpawns is called after an EntitySpawns (feature
	// "entities") was added to the entity set (Conn.Entities).
	OnEntitySpawns func(*protocol.EntitySpawns)
	// OnEntityDespawns is called after an EntityDespawns removed its
	// entities from the entity set.
	OnEntityDespawns func(*protocol.EntityDespawns)
	// OnPlugin receives the server's PluginMessages (plugin channels), in
	// arrival order. Unlike the other callbacks it runs on a goroutine of
	// its own, fed by a queue of Options.PluginQueue messages, so a slow
	// consumer never stalls the control stream: while the queue is full,
	// further PluginMessages are dropped and counted in
	// Stats.PluginDropped. Messages still queued when the connection ends
	// may be discarded.
	OnPlugin func(*protocol.PluginMessage)
	// OnControl sees every control message after Welcome (including those
	// above, PluginMessages included, synchronously on the control stream's
	// goroutine), for messages without a typed callback: ChatBroadcast,
	// Held, Released, Error, PlayerJoined, PlayerLeft, Pong, Ping.
	OnControl func(*protocol.ServerMessage)
	// OnLOD is called after a LODSection (feature "lod") was stored, with
	// its level, position (level units) and revision; OnLODUnload after a
	// LODUnload removed its sections, once per section.
	OnLOD       func(level int, pos chunk.Pos, revision uint64)
	OnLODUnload func(level int, pos chunk.Pos)
	// OnError reports non-fatal local problems, such as a section that
	// does not decode.
	OnError func(error)
}

// withDefaults fills in defaults. It fails only when a throwaway key
// cannot be made (no randomness).
func (o *Options) withDefaults() error {
	if o.Key == nil {
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return fmt.Errorf("client: generate a throwaway key: %w", err)
		}
		o.Key = k
	}
	if len(o.Key) != ed25519.PrivateKeySize {
		return fmt.Errorf("client: Options.Key is %d bytes, not an Ed25519 private key (%d)", len(o.Key), ed25519.PrivateKeySize)
	}
	if o.ProtocolVersion == 0 {
		o.ProtocolVersion = protocol.Version
	}
	if o.KeepAlive <= 0 {
		o.KeepAlive = 5 * time.Second
	}
	if o.DecodeSection == nil && !o.RawSections {
		o.DecodeSection = chunk.Decode
	}
	if o.PluginQueue <= 0 {
		o.PluginQueue = 256
	}
	return nil
}

// requested is the Hello's feature list: Features, then deflate-chunks
// unless PlainChunks, then entities unless NoEntities, each only when not
// already listed. Features itself is not modified.
func (o *Options) requested() []string {
	out := slices.Clip(o.Features)
	if !o.PlainChunks && !slices.Contains(out, protocol.FeatureDeflateChunks) {
		out = append(out, protocol.FeatureDeflateChunks)
	}
	if !o.NoEntities && !slices.Contains(out, protocol.FeatureEntities) {
		out = append(out, protocol.FeatureEntities)
	}
	if o.LOD && !slices.Contains(out, protocol.FeatureLOD) {
		out = append(out, protocol.FeatureLOD)
	}
	return out
}
