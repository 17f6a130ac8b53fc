package transport

import (
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/resources/chunk"
)

// MaxDropsPerFrame is the most section positions EncodeDrops puts in one
// frame. At most 15 bytes a position (three 5-byte varints) it keeps a
// frame under 246 KiB, a quarter of frame.ChunkCap, so even the worst case
// never approaches the cap; a recentre's few hundred drops fit in one frame.
const MaxDropsPerFrame = 16384

// Field numbers of the messages EncodeDrops writes by hand; they must
// match strata.proto (TestEncodeDropsMatchesMarshal checks the bytes).
const (
	chunkMessageDropsField protowire.Number = 3 // ChunkMessage.drops
	dropsCoordsField       protowire.Number = 1 // Drops.coords (packed sint32)
)

// EncodeDrops frames chunk-stream messages that make a client forget every
// section of ps, in order: ChunkMessage{drops: Drops{coords: x0 y0 z0 x1 ...}}
// with the coordinates packed as zig-zag varints, for clients granted
// protocol.FeatureBatchedDrops (others need one protocol.NewDrop per
// section). The list is split, in order, over as few frames as hold at
// most MaxDropsPerFrame positions each. The frames are byte for byte what
// EncodeChunk(protocol.NewDrops(part)) would give, built without messages:
// one allocation per frame, none per position. It returns nil for no
// positions.
func EncodeDrops(ps []chunk.Pos) []Encoded {
	if len(ps) == 0 {
		return nil
	}
	out := make([]Encoded, 0, (len(ps)+MaxDropsPerFrame-1)/MaxDropsPerFrame)
	for len(ps) > 0 {
		n := min(len(ps), MaxDropsPerFrame)
		out = append(out, Encoded{b: appendDropsFrame(nil, ps[:n]), chunk: true})
		ps = ps[n:]
	}
	return out
}

// appendDropsFrame appends one length-prefixed ChunkMessage{drops} frame
// holding every position of ps (ps non-empty). dst is grown once, to the
// exact size, before anything is written.
func appendDropsFrame(dst []byte, ps []chunk.Pos) []byte {
	packed := 0
	for _, p := range ps {
		packed += sizeZigZag(p.X) + sizeZigZag(p.Y) + sizeZigZag(p.Z)
	}
	// Drops: the packed coords field.
	drops := protowire.SizeTag(dropsCoordsField) + protowire.SizeBytes(packed)
	// ChunkMessage: the drops case.
	payload := protowire.SizeTag(chunkMessageDropsField) + protowire.SizeBytes(drops)
	total := protowire.SizeVarint(uint64(payload)) + payload

	if cap(dst)-len(dst) < total {
		grown := make([]byte, len(dst), len(dst)+total)
		copy(grown, dst)
		dst = grown
	}
	dst = protowire.AppendVarint(dst, uint64(payload)) // frame length prefix
	dst = protowire.AppendTag(dst, chunkMessageDropsField, protowire.BytesType)
	dst = protowire.AppendVarint(dst, uint64(drops))
	dst = protowire.AppendTag(dst, dropsCoordsField, protowire.BytesType)
	dst = protowire.AppendVarint(dst, uint64(packed))
	// The coords go into the exact space measured above, by index: no
	// capacity check per byte.
	start := len(dst)
	dst = dst[:start+packed]
	out := dst[start:]
	i := 0
	for _, p := range ps {
		i = putZigZag(out, i, p.X)
		i = putZigZag(out, i, p.Y)
		i = putZigZag(out, i, p.Z)
	}
	return dst
}

// sint32 on the wire: the 64-bit zig-zag of the sign-extended value, which
// for an int32 is the 32-bit zig-zag, at most 5 varint bytes; protobuf
// encodes it the same way (TestEncodeDropsMatchesMarshal).
func zigzag32(v int32) uint32 { return uint32(v<<1) ^ uint32(v>>31) }

func sizeZigZag(v int32) int {
	z := zigzag32(v)
	switch {
	case z < 1<<7:
		return 1
	case z < 1<<14:
		return 2
	case z < 1<<21:
		return 3
	case z < 1<<28:
		return 4
	}
	return 5
}

// putZigZag writes v's varint at b[i:] and returns the index after it.
func putZigZag(b []byte, i int, v int32) int {
	z := zigzag32(v)
	for z >= 0x80 {
		b[i] = byte(z) | 0x80
		z >>= 7
		i++
	}
	b[i] = byte(z)
	return i + 1
}
