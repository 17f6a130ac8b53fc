package wire

import (
	"encoding/binary"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/resources/chunk"
)

// SectionEncoder frames sections as Chunk messages without going through
// protobuf reflection: the bytes are those proto.Marshal gives for
// ChunkMessage{chunk: Chunk{pos, revision, data}} behind the usual length
// prefix, built in one allocation. Delivery encodes every section a client
// is sent the first time it is sent, so this is on the tick's hot path.
// The zero value is ready; it is not safe for concurrent use (it keeps a
// scratch buffer).
type SectionEncoder struct {
	scratch []byte
}

// Encode returns the Chunk frame of section s at p and revision rev.
func (e *SectionEncoder) Encode(p chunk.Pos, rev uint64, s *chunk.Section) Encoded {
	e.scratch = chunk.AppendEncode(e.scratch[:0], s)
	data := e.scratch
	pos := sizeSint(1, p.X) + sizeSint(2, p.Y) + sizeSint(3, p.Z)
	body := protowire.SizeTag(1) + protowire.SizeBytes(pos) +
		protowire.SizeTag(3) + protowire.SizeBytes(len(data))
	if rev != 0 {
		body += protowire.SizeTag(2) + protowire.SizeVarint(rev)
	}
	msg := protowire.SizeTag(1) + protowire.SizeBytes(body)
	b := make([]byte, 0, protowire.SizeVarint(uint64(msg))+msg)
	b = binary.AppendUvarint(b, uint64(msg))
	b = protowire.AppendTag(b, 1, protowire.BytesType) // ChunkMessage.chunk
	b = protowire.AppendVarint(b, uint64(body))
	b = protowire.AppendTag(b, 1, protowire.BytesType) // Chunk.pos
	b = protowire.AppendVarint(b, uint64(pos))
	b = appendSint(b, 1, p.X)
	b = appendSint(b, 2, p.Y)
	b = appendSint(b, 3, p.Z)
	if rev != 0 {
		b = protowire.AppendTag(b, 2, protowire.VarintType) // Chunk.revision
		b = protowire.AppendVarint(b, rev)
	}
	b = protowire.AppendTag(b, 3, protowire.BytesType) // Chunk.data
	b = protowire.AppendBytes(b, data)
	return Encoded{b: b, ref: chunkRef}
}

// ChunkFrame wraps a frame made earlier by SectionEncoder.Encode (and kept
// as its Bytes) back into an Encoded for the chunk stream.
func ChunkFrame(b []byte) Encoded { return Encoded{b: b, ref: chunkRef} }

// sizeSint is the size of a sint32 field, 0 when v is 0 (proto3 omits it).
func sizeSint(num protowire.Number, v int32) int {
	if v == 0 {
		return 0
	}
	return protowire.SizeTag(num) + sizeZigZag(v)
}

// appendSint appends a sint32 field unless v is 0.
func appendSint(b []byte, num protowire.Number, v int32) []byte {
	if v == 0 {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, uint64(zigzag32(v)))
}
