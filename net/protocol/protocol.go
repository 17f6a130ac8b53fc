// Package protocol is Strata's wire schema: the messages generated from
// strata.proto, plus the constants and small helpers every peer shares (ALPN,
// version, features, name rules, error-code mapping, position conversions).
//
// docs/protocol.md is the prose specification; this package is its Go form.
package protocol

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/stratavox/strata/resources/chunk"
)

// ALPN is the TLS application protocol of a native Strata connection. The
// number is the wire family; the exact version is negotiated by Hello.
const ALPN = "strata/1"

// Protocol versions this build speaks. A Hello whose protocol_version lies
// outside [MinVersion, MaxVersion] is rejected with UNSUPPORTED_VERSION.
// Version 2 signs every login with the player's Ed25519 key (Hello.public_key,
// Challenge, Proof); version 1 logins were names alone, and accepting them
// would let anyone claim a name bound to a key, so 1 is no longer spoken.
const (
	MinVersion uint32 = 2
	MaxVersion uint32 = 2
	// Version is the version this build's client sends.
	Version = MaxVersion
)

// Feature strings negotiated by Hello.features / Welcome.features.
const (
	// FeatureDatagramInput lets the client send Input in QUIC datagrams
	// (lower latency, lossy) instead of, or as well as, the control stream.
	FeatureDatagramInput = "datagram-input"
	// FeaturePlayerStates asks the server for PlayerState datagrams about
	// other players.
	FeaturePlayerStates = "player-states"
	// FeatureBatchedDrops lets the server tell the client to forget many
	// sections in one chunk-stream frame (ChunkMessage.drops, a Drops of
	// packed x, y, z triples) instead of one Drop frame per section. A
	// client that asks for it must handle both: the server may still send
	// single Drops.
	FeatureBatchedDrops = "batched-drops"
	// FeatureDeflateChunks compresses the chunk stream: once granted,
	// everything the server writes on the chunk stream is one raw DEFLATE
	// stream (RFC 1951, no zlib or gzip header) holding the usual frames,
	// sync-flushed (an empty stored block) after every batch it writes, so
	// each frame can be decoded as soon as its bytes arrive. One window
	// spans the stream's whole life: a section is compressed against the
	// sections sent before it. Browsers decode it with
	// DecompressionStream("deflate-raw").
	FeatureDeflateChunks = "deflate-chunks"
	// FeatureEntities asks the server for every replicated entity in the
	// client's view — players and whatever the plugins spawn — as
	// EntitySpawn and EntityDespawn messages, with PlayerState datagrams for
	// their moves. A client granted it gets PlayerStates only for entities
	// it was told of; without it, "player-states" still brings the states
	// of nearby players, and nothing else.
	FeatureEntities = "entities"
	// FeatureAirSections lets the server send many sections of uniform air
	// at revision 0 in one chunk-stream frame (ChunkMessage.air, an
	// AirSections of packed x, y, z triples) instead of a Chunk each. A
	// client that asks for it must handle both: the server may still send
	// any such section as a Chunk.
	FeatureAirSections = "air-sections"
	// FeatureColumnLists, beside batched-drops or air-sections, lets a
	// Drops or an AirSections give its sections a column at a time
	// (columns, masks and base_y): a view leaves whole columns behind it,
	// and takes in the sky a few sections a column, a word a column
	// instead of a triple a section.
	FeatureColumnLists = "column-lists"
	// FeatureCompactStates asks the server for a CompactState datagram
	// (fixed point, about 35 bytes) wherever it would send a PlayerState
	// (about 60) to a client granted "entities". A client that asks for it
	// must handle both.
	FeatureCompactStates = "compact-states"
	// FeatureStateBatches, beside "entities" and "compact-states", asks
	// the server to put a tick's CompactStates for the client in one
	// datagram (Datagram.compact_states), or as few as fit under
	// frame.DatagramCap, instead of a datagram each. A client that asks
	// for it must still handle a lone CompactState or PlayerState.
	FeatureStateBatches = "state-batches"
	// FeaturePredictedStates, beside "entities", has the client
	// extrapolate each entity it holds from the last state it got — drawn
	// at position + velocity·(t − tick)/tick_rate — and the server send a
	// state only when that extrapolation would stray (more than
	// PredictedPositionError blocks, a turn of more than 0.5°, a change of
	// velocity of more than PredictedVelocityError blocks per second), or
	// after PredictedRefresh ticks without one: an entity walking
	// steadily costs a state a second, not one a tick. An EntitySpawn to
	// such a client carries the state the others extrapolate (its tick
	// may be in the past). docs/protocol.md §9.9 gives the rule.
	FeaturePredictedStates = "predicted-states"
	// FeatureLOD asks the server for the level-of-detail pyramid around
	// the view, out to Subscribe.lod_levels levels beyond level 0, as
	// LODSection and LODUnload frames on the chunk stream
	// (docs/protocol.md §5.6, "Levels of detail").
	FeatureLOD = "lod"
)

// The server's rule for "predicted-states": the largest distance, in
// blocks, between where a client granted it draws an entity and where the
// entity is, at a tick, before the server sends a new state; the change of
// velocity, in blocks per second, that sends one at once; the longest
// time, in ticks, between two states about an entity (by default).
const (
	PredictedPositionError = 0.05
	PredictedVelocityError = 0.1
	PredictedRefresh       = 20
)

// TransportOnly reports whether feature f is implemented by the transport
// alone, below the simulation: it changes how bytes travel, never which
// messages are sent (FeatureDeflateChunks). The simulation, and so every
// recording and replay, never sees such a feature.
func TransportOnly(f string) bool { return f == FeatureDeflateChunks }

// Name rules for Hello.name.
const (
	// MaxNameLength is the longest accepted player name, in bytes (names are
	// ASCII, so also in characters).
	MaxNameLength = 16
)

// ValidName reports why name is not an acceptable player name, or nil.
// Names are 1..MaxNameLength characters of A-Z a-z 0-9 _ -: printable in
// any font, safe in logs and file names, and not confusable across scripts.
func ValidName(name string) error {
	if name == "" {
		return fmt.Errorf("name is empty")
	}
	if len(name) > MaxNameLength {
		return fmt.Errorf("name is %d bytes, the limit is %d", len(name), MaxNameLength)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
		if !ok {
			return fmt.Errorf("name has a forbidden character at byte %d (allowed: A-Z a-z 0-9 _ -)", i)
		}
	}
	return nil
}

// AppCode is the QUIC application error code for c: the enum value itself,
// so a CONNECTION_CLOSE carries the same number as a Reject or Error.
func (c ErrorCode) AppCode() uint64 { return uint64(c) }

// ErrorCodeOf maps a QUIC application error code back to an ErrorCode;
// unknown codes (a newer peer) map to INTERNAL.
func ErrorCodeOf(appCode uint64) ErrorCode {
	if _, ok := ErrorCode_name[int32(appCode)]; ok && appCode <= uint64(^uint32(0)>>1) {
		return ErrorCode(appCode)
	}
	return ErrorCode_ERROR_CODE_INTERNAL
}

// SectionPosOf converts a chunk position to its wire form.
func SectionPosOf(p chunk.Pos) *SectionPos { return &SectionPos{X: p.X, Y: p.Y, Z: p.Z} }

// Chunk returns the chunk position; a nil SectionPos is the origin, as an
// absent message field decodes.
func (p *SectionPos) Chunk() chunk.Pos {
	if p == nil {
		return chunk.Pos{}
	}
	return chunk.Pos{X: p.X, Y: p.Y, Z: p.Z}
}

// NewChunk builds the chunk-stream message for a section. data is the
// section already encoded by resources/chunk; it is not copied, so it must
// not change afterwards (encoded sections are shared between clients).
func NewChunk(p chunk.Pos, revision uint64, data []byte) *ChunkMessage {
	return &ChunkMessage{Kind: &ChunkMessage_Chunk{Chunk: &Chunk{Pos: SectionPosOf(p), Revision: revision, Data: data}}}
}

// NewDrop builds the chunk-stream message that makes a client forget a section.
func NewDrop(p chunk.Pos) *ChunkMessage {
	return &ChunkMessage{Kind: &ChunkMessage_Drop{Drop: &Drop{Pos: SectionPosOf(p)}}}
}

// NewDrops builds the chunk-stream message that makes a client forget every
// section of ps, in order (feature batched-drops). It is the reference
// form: the server encodes the same bytes without building messages
// (wire.EncodeDrops), and splits long lists over several frames.
func NewDrops(ps []chunk.Pos) *ChunkMessage {
	return &ChunkMessage{Kind: &ChunkMessage_Drops{Drops: &Drops{Coords: pack(ps)}}}
}

// NewAirSections builds the chunk-stream message that gives a client every
// section of ps as uniform air at revision 0, in order (feature
// air-sections): the reference form of wire.AppendAirSections.
func NewAirSections(ps []chunk.Pos) *ChunkMessage {
	return &ChunkMessage{Kind: &ChunkMessage_Air{Air: &AirSections{Coords: pack(ps)}}}
}

// NewColumnDrops builds the Drops that makes a client forget every
// section of ps by column (feature column-lists): the reference form of
// wire.AppendColumnDrops. The columns go in the order their first
// sections have in ps, each column's sections from the bottom up; every Y
// must lie within base..base+31.
func NewColumnDrops(ps []chunk.Pos, base int32) *ChunkMessage {
	d := &Drops{BaseY: base}
	d.Columns, d.Masks = columns(ps, base)
	return &ChunkMessage{Kind: &ChunkMessage_Drops{Drops: d}}
}

// NewAirColumns builds the AirSections that gives a client every section
// of ps as uniform air at revision 0 by column (feature column-lists),
// the columns as NewColumnDrops orders them: the reference form of
// wire.AppendAirColumns.
func NewAirColumns(ps []chunk.Pos, base int32) *ChunkMessage {
	a := &AirSections{BaseY: base}
	a.Columns, a.Masks = columns(ps, base)
	return &ChunkMessage{Kind: &ChunkMessage_Air{Air: a}}
}

// columns lists ps by column: x, z deltas and a mask of Ys above base each.
func columns(ps []chunk.Pos, base int32) (cols []int32, masks []uint32) {
	at := map[[2]int32]int{}
	var x, z int32
	for _, p := range ps {
		k, ok := at[[2]int32{p.X, p.Z}]
		if !ok {
			k = len(masks)
			at[[2]int32{p.X, p.Z}] = k
			cols = append(cols, p.X-x, p.Z-z)
			masks = append(masks, 0)
			x, z = p.X, p.Z
		}
		masks[k] |= 1 << uint32(p.Y-base)
	}
	return cols, masks
}

// pack lists ps as x, y, z triples, the coords of Drops and AirSections.
func pack(ps []chunk.Pos) []int32 {
	coords := make([]int32, 0, 3*len(ps))
	for _, p := range ps {
		coords = append(coords, p.X, p.Y, p.Z)
	}
	return coords
}

// Positions unpacks the x, y, z triples of a Drops into section positions,
// in the order the server listed them, then the sections of its columns
// (feature column-lists). A nil or empty Drops gives none. A message that
// breaks the protocol — coords not in triples, columns not in pairs, a
// mask count that is not one a column, a base_y that puts a section past
// int32 — is an error (and no positions): a receiver should treat it as
// INVALID_MESSAGE rather than guess which sections were meant.
func (d *Drops) Positions() ([]chunk.Pos, error) {
	return positions("Drops", d.GetCoords(), d.GetColumns(), d.GetMasks(), d.GetBaseY())
}

// Positions unpacks an AirSections' positions as Drops.Positions does.
func (a *AirSections) Positions() ([]chunk.Pos, error) {
	return positions("AirSections", a.GetCoords(), a.GetColumns(), a.GetMasks(), a.GetBaseY())
}

// positions unpacks the triples, then the columns, of the message named
// what.
func positions(what string, coords, cols []int32, masks []uint32, base int32) ([]chunk.Pos, error) {
	ps, err := triples(what, coords)
	if err != nil {
		return nil, err
	}
	if len(cols)%2 != 0 || len(masks) != len(cols)/2 {
		return nil, fmt.Errorf("protocol: %s has %d column coords and %d masks, not x, z pairs with a mask each", what, len(cols), len(masks))
	}
	if len(masks) == 0 {
		return ps, nil
	}
	if base > math.MaxInt32-31 {
		return nil, fmt.Errorf("protocol: %s base_y %d puts sections past the largest y", what, base)
	}
	n := 0
	for _, m := range masks {
		n += bits.OnesCount32(m)
	}
	ps = slices.Grow(ps, n)
	var x, z int32
	for i, m := range masks {
		x, z = x+cols[2*i], z+cols[2*i+1]
		for ; m != 0; m &= m - 1 {
			ps = append(ps, chunk.Pos{X: x, Y: base + int32(bits.TrailingZeros32(m)), Z: z})
		}
	}
	return ps, nil
}

// triples unpacks packed x, y, z coordinates of the message named what.
func triples(what string, c []int32) ([]chunk.Pos, error) {
	if len(c)%3 != 0 {
		return nil, fmt.Errorf("protocol: %s has %d coords, not a multiple of 3 (x, y, z triples)", what, len(c))
	}
	if len(c) == 0 {
		return nil, nil
	}
	ps := make([]chunk.Pos, len(c)/3)
	for i := range ps {
		ps[i] = chunk.Pos{X: c[3*i], Y: c[3*i+1], Z: c[3*i+2]}
	}
	return ps, nil
}

// V3 builds a Vec3.
func V3(x, y, z float64) *Vec3 { return &Vec3{X: x, Y: y, Z: z} }

// V3f builds a Vec3f.
func V3f(x, y, z float32) *Vec3F { return &Vec3F{X: x, Y: y, Z: z} }

// BP builds a BlockPos.
func BP(x, y, z int32) *BlockPos { return &BlockPos{X: x, Y: y, Z: z} }
