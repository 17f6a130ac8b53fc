package wire

import (
	"fmt"
	"sync/atomic"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// Encoded is a message already marshalled into a frame, ready to be queued
// on any number of clients without marshalling again: the deliver system
// encodes a section's Chunk once per (position, revision) and a broadcast
// BlockUpdate once per tick, then calls SendEncoded per client. Immutable
// and safe to share, but for a frame from a FramePool, which is for one
// connection (see FramePool for who owns it when).
type Encoded struct {
	b   []byte
	ref *frameRef // its stream and, from a pool, its buffer; nil: control stream
}

// frameRef is what an Encoded is beyond its bytes: the stream it goes on
// and, for a frame from a FramePool, the pool's buffer it lies in. Frames
// of no pool point at chunkRef or datagramRef (a control frame at none),
// which keeps an Encoded at four words: the replicator reads them from a
// table by subject, a cache miss each, for every state it sends, and with
// a fifth word (a pointer beside two flags) BenchmarkReplicate took 46 %
// longer (docs/benchmarks.md, "Tried and not kept").
type frameRef struct {
	chunk, datagram bool
	// lod marks a LOD frame (LODSection, LODUnload): it goes on the LOD
	// stream of a client granted feature "lod" (docs/protocol.md §5.6).
	lod bool
	// A pooled frame's buffer.
	buf   []byte
	pool  *FramePool
	class uint8
	// owned: the buffer belongs to an OwnedFrames, which reuses it once
	// released (pool is nil).
	owned bool
	out   atomic.Bool // handed out and not yet released
}

// The frameRefs of frames from no pool; never written.
var (
	chunkRef    = &frameRef{chunk: true}
	lodRef      = &frameRef{chunk: true, lod: true}
	datagramRef = &frameRef{datagram: true}
)

// EncodeControl frames a control-stream message.
func EncodeControl(m *protocol.ServerMessage) (Encoded, error) {
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		return Encoded{}, fmt.Errorf("encode control message: %w", err)
	}
	return Encoded{b: b}, nil
}

// EncodeChunk frames a chunk-stream message.
func EncodeChunk(m *protocol.ChunkMessage) (Encoded, error) {
	b, err := frame.Marshal(m, frame.ChunkCap)
	if err != nil {
		return Encoded{}, fmt.Errorf("encode chunk message: %w", err)
	}
	return Encoded{b: b, ref: chunkRef}, nil
}

// EncodeDatagram marshals a datagram once, for broadcasting the same
// PlayerState to many clients (SendEncoded).
func EncodeDatagram(m *protocol.Datagram) (Encoded, error) {
	b, err := frame.MarshalDatagram(m)
	if err != nil {
		return Encoded{}, fmt.Errorf("encode datagram: %w", err)
	}
	return Encoded{b: b, ref: datagramRef}, nil
}

// IsDatagram reports whether the bytes are a datagram payload (no length
// prefix).
func (e Encoded) IsDatagram() bool { return e.ref != nil && e.ref.datagram }

// Len is the frame's size on the wire (prefix included): what it adds to a
// client's queued bytes and what byte budgets should count.
func (e Encoded) Len() int { return len(e.b) }

// IsChunk reports whether the frame belongs on the chunk stream.
func (e Encoded) IsChunk() bool { return e.ref != nil && e.ref.chunk }

// IsLOD reports whether the frame is a LOD frame, for the LOD stream
// (IsChunk too: a stream of the chunk stream's kind).
func (e Encoded) IsLOD() bool { return e.ref != nil && e.ref.lod }

// Bytes returns the frame (length prefix included). Callers must not
// modify it: it is shared by every client it is queued on.
func (e Encoded) Bytes() []byte { return e.b }
