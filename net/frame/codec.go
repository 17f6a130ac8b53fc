package frame

import (
	"encoding/binary"
	"fmt"

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
	size := proto.Size(m)
	if size > limit {
		return nil, tooLarge(uint64(size), limit)
	}
	buf := make([]byte, 0, size+binary.MaxVarintLen32)
	buf = binary.AppendUvarint(buf, uint64(size))
	// proto.Size cached every sub-message's size; reuse it instead of
	// walking the message a second time.
	buf, err := proto.MarshalOptions{UseCachedSize: true}.MarshalAppend(buf, m)
	if err != nil {
		return nil, fmt.Errorf("marshal %T: %w", m, err)
	}
	return buf, nil
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
