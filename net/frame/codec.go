package frame

import (
	"encoding/binary"
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/protocol"
)

// unmarshal drops unknown fields: a newer peer's additions are ignored
// rather than kept in memory, and the frame cap bounds the work anyway.
var unmarshal = proto.UnmarshalOptions{DiscardUnknown: true}

// DecodeClient decodes a control-stream frame written by a client. An
// envelope with no known case (empty, or a newer peer's message) decodes
// without error and with Kind == nil: receivers ignore it.
func DecodeClient(payload []byte) (*protocol.ClientMessage, error) {
	m := new(protocol.ClientMessage)
	if err := unmarshal.Unmarshal(payload, m); err != nil {
		return nil, malformed("client control message", err)
	}
	return m, nil
}

// DecodeServer decodes a control-stream frame written by the server.
func DecodeServer(payload []byte) (*protocol.ServerMessage, error) {
	m := new(protocol.ServerMessage)
	if err := unmarshal.Unmarshal(payload, m); err != nil {
		return nil, malformed("server control message", err)
	}
	return m, nil
}

// DecodeChunk decodes a chunk-stream frame.
func DecodeChunk(payload []byte) (*protocol.ChunkMessage, error) {
	m := new(protocol.ChunkMessage)
	if err := unmarshal.Unmarshal(payload, m); err != nil {
		return nil, malformed("chunk stream message", err)
	}
	return m, nil
}

// DecodeDatagram decodes one datagram payload.
func DecodeDatagram(payload []byte) (*protocol.Datagram, error) {
	if len(payload) > DatagramCap {
		return nil, tooLarge(uint64(len(payload)), DatagramCap)
	}
	m := new(protocol.Datagram)
	if err := unmarshal.Unmarshal(payload, m); err != nil {
		return nil, malformed("datagram", err)
	}
	return m, nil
}

// Marshal encodes m as a complete frame (prefix and payload) in one
// allocation, refusing it if the payload would exceed limit.
func Marshal(m proto.Message, limit int) ([]byte, error) {
	size, err := Sized(m, limit)
	if err != nil {
		return nil, err
	}
	return AppendSized(make([]byte, 0, Len(size)), m, size)
}

// Sized measures m's payload, refusing it if it would exceed limit. Its
// frame is Len(size) bytes, which AppendSized writes.
func Sized(m proto.Message, limit int) (int, error) {
	size := proto.Size(m)
	if size > limit {
		return 0, tooLarge(uint64(size), limit)
	}
	return size, nil
}

// Len is the length of a frame of a payload of size bytes, prefix
// included.
func Len(size int) int { return protowire.SizeVarint(uint64(size)) + size }

// AppendSized appends the frame of m, whose payload Sized measured as
// size; m must not have changed since.
func AppendSized(dst []byte, m proto.Message, size int) ([]byte, error) {
	dst = binary.AppendUvarint(dst, uint64(size))
	// proto.Size cached every sub-message's size; reuse it instead of
	// walking the message a second time.
	dst, err := proto.MarshalOptions{UseCachedSize: true}.MarshalAppend(dst, m)
	if err != nil {
		return nil, fmt.Errorf("marshal %T: %w", m, err)
	}
	return dst, nil
}

// MarshalDatagram encodes m as a datagram payload (no prefix).
func MarshalDatagram(m *protocol.Datagram) ([]byte, error) {
	b, err := proto.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("marshal datagram: %w", err)
	}
	if len(b) > DatagramCap {
		return nil, tooLarge(uint64(len(b)), DatagramCap)
	}
	return b, nil
}
