package wire

import (
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/resources/chunk"
)

// MaxDropsPerFrame is the most section positions EncodeDrops (or
// AppendAirSections), or columns AppendColumnDrops (or AppendAirColumns),
// puts in one frame. At most 15 bytes a position or a column (three 5-byte
// varints) it keeps a frame under 246 KiB, a quarter of frame.ChunkCap, so
// even the worst case never approaches the cap; a recentre's few hundred
// drops fit in one frame.
const MaxDropsPerFrame = 16384

// Field numbers of the messages EncodeDrops, AppendColumnDrops,
// AppendAirSections and AppendAirColumns write by hand; they must match
// strata.proto (TestEncodeDropsMatchesMarshal, TestEncodeColumns and
// TestAppendAirSectionsMatchesMarshal check the bytes).
const (
	chunkMessageDropsField protowire.Number = 3 // ChunkMessage.drops
	chunkMessageAirField   protowire.Number = 4 // ChunkMessage.air
	coordsField            protowire.Number = 1 // Drops.coords, AirSections.coords (packed sint32)
	columnsField           protowire.Number = 2 // Drops.columns, AirSections.columns (packed sint32)
	masksField             protowire.Number = 3 // Drops.masks, AirSections.masks (packed uint32)
	baseYField             protowire.Number = 4 // Drops.base_y, AirSections.base_y (sint32)
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
	return appendPositionFrames(make([]Encoded, 0, (len(ps)+MaxDropsPerFrame-1)/MaxDropsPerFrame), nil, chunkMessageDropsField, ps)
}

// AppendAirSections appends to dst the chunk-stream frames that give a
// client every section of ps as uniform air at revision 0, in order
// (ChunkMessage{air: AirSections{...}}, for clients granted
// protocol.FeatureAirSections), split as EncodeDrops splits: byte for
// byte EncodeChunk(protocol.NewAirSections(part)), one allocation per
// frame.
func AppendAirSections(dst []Encoded, ps []chunk.Pos) []Encoded {
	return appendPositionFrames(dst, nil, chunkMessageAirField, ps)
}

// Column is some of a column's sections: bit i of Mask is the section at
// y = chunk.MinSectionY + i.
type Column struct {
	X, Z int32
	Mask uint32
}

// AppendColumnDrops appends to dst the chunk-stream frames that make a
// client forget every section of cols, for clients granted
// protocol.FeatureColumnLists besides batched-drops: ChunkMessage{drops:
// Drops{columns, masks, base_y}}, split, in order, over as few frames as
// hold at most MaxDropsPerFrame columns each. Given distinct columns with
// no mask empty, each frame is byte for byte
// EncodeChunk(protocol.NewColumnDrops(its sections, chunk.MinSectionY)),
// built in one allocation.
func AppendColumnDrops(dst []Encoded, cols []Column) []Encoded {
	return appendColumnFrames(dst, nil, chunkMessageDropsField, cols)
}

// AppendAirColumns appends to dst the chunk-stream frames that give a
// client every section of cols as uniform air at revision 0, for clients
// granted protocol.FeatureColumnLists besides air-sections: split and
// built as AppendColumnDrops builds its frames, each byte for byte
// EncodeChunk(protocol.NewAirColumns(its sections, chunk.MinSectionY)).
func AppendAirColumns(dst []Encoded, cols []Column) []Encoded {
	return appendColumnFrames(dst, nil, chunkMessageAirField, cols)
}

// appendColumnFrames appends the frames of cols as the ChunkMessage case
// field, at most MaxDropsPerFrame columns a frame, their bytes from p (nil:
// allocated).
func appendColumnFrames(dst []Encoded, p *FramePool, field protowire.Number, cols []Column) []Encoded {
	for len(cols) > 0 {
		n := min(len(cols), MaxDropsPerFrame)
		dst = append(dst, columnsFrame(p, field, cols[:n]))
		cols = cols[n:]
	}
	return dst
}

// columnsFrame encodes cols (non-empty) as one length-prefixed
// ChunkMessage frame whose case field is a Drops or an AirSections of
// columns, masks and base_y, measured first and written into room of
// exactly that size from p.
func columnsFrame(p *FramePool, field protowire.Number, cols []Column) Encoded {
	const base = chunk.MinSectionY
	packed, masks := 0, 0
	var x, z int32
	for _, c := range cols {
		packed += sizeZigZag(c.X-x) + sizeZigZag(c.Z-z)
		masks += protowire.SizeVarint(uint64(c.Mask))
		x, z = c.X, c.Z
	}
	inner := protowire.SizeTag(columnsField) + protowire.SizeBytes(packed) +
		protowire.SizeTag(masksField) + protowire.SizeBytes(masks)
	if base != 0 {
		inner += protowire.SizeTag(baseYField) + sizeZigZag(base)
	}
	b, ref := p.alloc(frameSize(field, inner), kindChunk)
	b = appendListHead(b, field, inner, columnsField, packed)
	// The lists are written in place, into room already measured: two
	// varints a column, a few cycles each, where appending paid a call
	// and a capacity check per value.
	i := len(b)
	b = b[:i+packed]
	x, z = 0, 0
	for _, c := range cols {
		i = putZigZag(b, i, c.X-x)
		i = putZigZag(b, i, c.Z-z)
		x, z = c.X, c.Z
	}
	b = protowire.AppendTag(b, masksField, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(masks))
	i = len(b)
	b = b[:i+masks]
	for _, c := range cols {
		i = putVarint(b, i, c.Mask)
	}
	if base != 0 {
		b = protowire.AppendTag(b, baseYField, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(zigzag32(base)))
	}
	return Encoded{b: b[:len(b):len(b)], ref: ref}
}

// appendPositionFrames appends the frames of ps as the ChunkMessage case
// field, at most MaxDropsPerFrame positions each, their bytes from p (nil:
// allocated).
func appendPositionFrames(dst []Encoded, p *FramePool, field protowire.Number, ps []chunk.Pos) []Encoded {
	for len(ps) > 0 {
		n := min(len(ps), MaxDropsPerFrame)
		dst = append(dst, positionsFrame(p, field, ps[:n]))
		ps = ps[n:]
	}
	return dst
}

// positionsFrame encodes one length-prefixed ChunkMessage frame whose case
// field is a message holding every position of ps (non-empty) in its
// packed coords, measured first and written into room of exactly that
// size from p.
func positionsFrame(p *FramePool, field protowire.Number, ps []chunk.Pos) Encoded {
	packed := 0
	for _, q := range ps {
		packed += sizeZigZag(q.X) + sizeZigZag(q.Y) + sizeZigZag(q.Z)
	}
	// Drops or AirSections: the packed coords field.
	inner := protowire.SizeTag(coordsField) + protowire.SizeBytes(packed)
	b, ref := p.alloc(frameSize(field, inner), kindChunk)
	b = appendListHead(b, field, inner, coordsField, packed)
	// The coords go into the exact space measured above, by index: no
	// capacity check per byte.
	start := len(b)
	b = b[:start+packed]
	out := b[start:]
	i := 0
	for _, q := range ps {
		i = putZigZag(out, i, q.X)
		i = putZigZag(out, i, q.Y)
		i = putZigZag(out, i, q.Z)
	}
	return Encoded{b: b[:len(b):len(b)], ref: ref}
}

// frameSize is the size of a length-prefixed ChunkMessage frame whose
// case field holds inner bytes.
func frameSize(field protowire.Number, inner int) int {
	payload := protowire.SizeTag(field) + protowire.SizeBytes(inner)
	return protowire.SizeVarint(uint64(payload)) + payload
}

// appendListHead appends the head of such a frame whose case message
// opens with the packed list field list, n bytes long: the frame's length
// prefix, the case's tag and length, the list's tag and length.
func appendListHead(dst []byte, field protowire.Number, inner int, list protowire.Number, n int) []byte {
	dst = protowire.AppendVarint(dst, uint64(protowire.SizeTag(field)+protowire.SizeBytes(inner))) // frame length prefix
	dst = protowire.AppendTag(dst, field, protowire.BytesType)
	dst = protowire.AppendVarint(dst, uint64(inner))
	dst = protowire.AppendTag(dst, list, protowire.BytesType)
	return protowire.AppendVarint(dst, uint64(n))
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
func putZigZag(b []byte, i int, v int32) int { return putVarint(b, i, zigzag32(v)) }

// putVarint writes v's varint at b[i:] and returns the index after it.
func putVarint(b []byte, i int, v uint32) int {
	for v >= 0x80 {
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	b[i] = byte(v)
	return i + 1
}
