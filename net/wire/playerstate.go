package wire

import (
	"math"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/net/protocol"
)

// PlayerStateFields are the values of a PlayerState datagram: the
// broadcast of player states encodes one per player per tick, by hand
// (AppendPlayerState), rather than through a protocol.Datagram and
// protobuf reflection.
type PlayerStateFields struct {
	EntityID, Tick uint64
	// Position, in blocks.
	X, Y, Z float64
	Yaw     float32
	Pitch   float32
	// Velocity, in blocks per second.
	VX, VY, VZ float32
}

// MaxPlayerStateLen bounds the size of an encoded PlayerState datagram:
// both ids as 10-byte varints and every number present.
const MaxPlayerStateLen = 2 + // Datagram.player_state tag and length
	(1 + 10) + // entity_id
	(2 + 3*9) + // position
	2*5 + // yaw, pitch
	(1 + 10) + // tick
	(2 + 3*5) // velocity

// Field tags (number<<3 | wire type) of the messages AppendPlayerState
// writes: protocol.Datagram, PlayerState, Vec3, Vec3f.
const (
	tagDatagramPlayerState = 1<<3 | uint64(protowire.BytesType)
	tagStateEntityID       = 1<<3 | uint64(protowire.VarintType)
	tagStatePosition       = 2<<3 | uint64(protowire.BytesType)
	tagStateYaw            = 3<<3 | uint64(protowire.Fixed32Type)
	tagStatePitch          = 4<<3 | uint64(protowire.Fixed32Type)
	tagStateTick           = 5<<3 | uint64(protowire.VarintType)
	tagStateVelocity       = 6<<3 | uint64(protowire.BytesType)
	tagVec3X               = 1<<3 | uint64(protowire.Fixed64Type)
	tagVec3Y               = 2<<3 | uint64(protowire.Fixed64Type)
	tagVec3Z               = 3<<3 | uint64(protowire.Fixed64Type)
	tagVec3fX              = 1<<3 | uint64(protowire.Fixed32Type)
	tagVec3fY              = 2<<3 | uint64(protowire.Fixed32Type)
	tagVec3fZ              = 3<<3 | uint64(protowire.Fixed32Type)
)

// AppendPlayerState appends to dst the datagram payload of a
// protocol.Datagram holding a PlayerState with v's values (Position and
// Velocity set, even when zero): byte for byte what frame.MarshalDatagram
// produces for it. Like proto3, it leaves out integers and +0 floats
// (but writes -0 and NaN), fields in field-number order.
func AppendPlayerState(dst []byte, v *PlayerStateFields) []byte {
	// Every length below is at most MaxPlayerStateLen, under 128: each
	// fits the one-byte varint that is reserved and patched.
	dst = append(dst, byte(tagDatagramPlayerState), 0)
	outer := len(dst)
	dst = appendVarintField(dst, tagStateEntityID, v.EntityID)
	dst = append(dst, byte(tagStatePosition), 0)
	inner := len(dst)
	dst = appendDouble(dst, tagVec3X, v.X)
	dst = appendDouble(dst, tagVec3Y, v.Y)
	dst = appendDouble(dst, tagVec3Z, v.Z)
	dst[inner-1] = byte(len(dst) - inner)
	dst = appendFloat(dst, tagStateYaw, v.Yaw)
	dst = appendFloat(dst, tagStatePitch, v.Pitch)
	dst = appendVarintField(dst, tagStateTick, v.Tick)
	dst = append(dst, byte(tagStateVelocity), 0)
	inner = len(dst)
	dst = appendFloat(dst, tagVec3fX, v.VX)
	dst = appendFloat(dst, tagVec3fY, v.VY)
	dst = appendFloat(dst, tagVec3fZ, v.VZ)
	dst[inner-1] = byte(len(dst) - inner)
	dst[outer-1] = byte(len(dst) - outer)
	return dst
}

// MaxCompactStateLen bounds the size of an encoded CompactState datagram:
// every field present at its longest.
const MaxCompactStateLen = 2 + // Datagram.compact_state tag and length
	2*(1+10) + // entity_id, tick
	3*(1+10) + // x, y, z
	5*(1+5) // yaw, pitch, vx, vy, vz

// Field tags of a Datagram's CompactState, and of its fields (varints all:
// sint64 and sint32 zig-zag encoded).
const (
	tagDatagramCompactState = 3<<3 | uint64(protowire.BytesType)
	tagCompactEntityID      = 1<<3 | uint64(protowire.VarintType)
	tagCompactX             = 2<<3 | uint64(protowire.VarintType)
	tagCompactY             = 3<<3 | uint64(protowire.VarintType)
	tagCompactZ             = 4<<3 | uint64(protowire.VarintType)
	tagCompactYaw           = 5<<3 | uint64(protowire.VarintType)
	tagCompactPitch         = 6<<3 | uint64(protowire.VarintType)
	tagCompactTick          = 7<<3 | uint64(protowire.VarintType)
	tagCompactVX            = 8<<3 | uint64(protowire.VarintType)
	tagCompactVY            = 9<<3 | uint64(protowire.VarintType)
	tagCompactVZ            = 10<<3 | uint64(protowire.VarintType)
)

// AppendCompactState appends to dst the datagram payload of a
// protocol.Datagram holding the CompactState of v's values (fixed point,
// protocol.CompactFixed64 and CompactFixed32): byte for byte what
// frame.MarshalDatagram produces for protocol.NewCompactState of the
// same PlayerState. Zeros are left out, as proto3 does.
func AppendCompactState(dst []byte, v *PlayerStateFields) []byte {
	// At most MaxCompactStateLen, under 128: a one-byte length, patched.
	dst = append(dst, byte(tagDatagramCompactState), 0)
	start := len(dst)
	dst = appendVarintField(dst, tagCompactEntityID, v.EntityID)
	dst = appendVarintField(dst, tagCompactX, protowire.EncodeZigZag(protocol.CompactFixed64(v.X, protocol.CompactPositionScale)))
	dst = appendVarintField(dst, tagCompactY, protowire.EncodeZigZag(protocol.CompactFixed64(v.Y, protocol.CompactPositionScale)))
	dst = appendVarintField(dst, tagCompactZ, protowire.EncodeZigZag(protocol.CompactFixed64(v.Z, protocol.CompactPositionScale)))
	dst = appendVarintField(dst, tagCompactYaw, uint64(zigzag32(protocol.CompactFixed32(v.Yaw, protocol.CompactAngleScale))))
	dst = appendVarintField(dst, tagCompactPitch, uint64(zigzag32(protocol.CompactFixed32(v.Pitch, protocol.CompactAngleScale))))
	dst = appendVarintField(dst, tagCompactTick, v.Tick)
	dst = appendVarintField(dst, tagCompactVX, uint64(zigzag32(protocol.CompactFixed32(v.VX, protocol.CompactVelocityScale))))
	dst = appendVarintField(dst, tagCompactVY, uint64(zigzag32(protocol.CompactFixed32(v.VY, protocol.CompactVelocityScale))))
	dst = appendVarintField(dst, tagCompactVZ, uint64(zigzag32(protocol.CompactFixed32(v.VZ, protocol.CompactVelocityScale))))
	dst[start-1] = byte(len(dst) - start)
	return dst
}

// appendVarintField appends a proto3 varint field (one-byte tag) unless
// it is 0.
func appendVarintField(dst []byte, tag, v uint64) []byte {
	if v == 0 {
		return dst
	}
	return protowire.AppendVarint(append(dst, byte(tag)), v)
}

// appendDouble appends a proto3 double field unless it is +0.
func appendDouble(dst []byte, tag uint64, f float64) []byte {
	if f == 0 && !math.Signbit(f) {
		return dst
	}
	dst = append(dst, byte(tag))
	return protowire.AppendFixed64(dst, math.Float64bits(f))
}

// appendFloat appends a proto3 float field unless it is +0.
func appendFloat(dst []byte, tag uint64, f float32) []byte {
	if f == 0 && !math.Signbit(float64(f)) {
		return dst
	}
	dst = append(dst, byte(tag))
	return protowire.AppendFixed32(dst, math.Float32bits(f))
}

// stateBlock is the size of the blocks a DatagramArena carves datagrams
// from: a few dozen PlayerStates each.
const stateBlock = 4096

// DatagramArena encodes PlayerState datagrams into shared blocks of
// memory, many datagrams per allocation instead of one each. Bytes it has
// handed out are never written again (each Encoded's slice is capped at
// its own end), so they stay valid for as long as any client holds them
// queued, across ticks; a block is garbage once none does. The zero value
// is ready to use; an arena is not safe for concurrent use.
type DatagramArena struct {
	buf []byte
}

// PlayerState encodes v (AppendPlayerState) as a datagram Encoded, ready
// for SendEncoded on any number of clients.
func (a *DatagramArena) PlayerState(v *PlayerStateFields) Encoded {
	return a.encode(v, MaxPlayerStateLen, AppendPlayerState)
}

// CompactState encodes v as a CompactState (AppendCompactState), for
// clients granted protocol.FeatureCompactStates.
func (a *DatagramArena) CompactState(v *PlayerStateFields) Encoded {
	return a.encode(v, MaxCompactStateLen, AppendCompactState)
}

// encode carves v's datagram, at most max bytes, written by put.
func (a *DatagramArena) encode(v *PlayerStateFields, max int, put func([]byte, *PlayerStateFields) []byte) Encoded {
	if cap(a.buf)-len(a.buf) < max {
		a.buf = make([]byte, 0, stateBlock)
	}
	start := len(a.buf)
	a.buf = put(a.buf, v)
	end := len(a.buf)
	return Encoded{b: a.buf[start:end:end], ref: datagramRef}
}
