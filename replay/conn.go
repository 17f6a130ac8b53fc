package replay

import (
	"hash/fnv"
	"slices"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"google.golang.org/protobuf/proto"
)

// HashConn is a client connection that hashes everything the server sends
// it, in order, so the state hash can cover what clients were told. It
// forwards to Inner when there is one (recording a live server) and
// accepts everything when there is none (replay, bench).
type HashConn struct {
	Inner components.Conn
	// Features are the features granted to a client without Inner (a
	// replayed one); with Inner, Inner's are.
	Features []string
	h        uint64
	// Messages counts what was sent.
	Messages uint64
}

// NewHashConn wraps inner (which may be nil).
func NewHashConn(inner components.Conn) *HashConn {
	return &HashConn{Inner: inner, h: fnvOffset}
}

const fnvOffset = 14695981039346656037

// Sum returns the running hash of everything sent.
func (c *HashConn) Sum() uint64 { return c.h }

func (c *HashConn) mix(kind byte, b []byte) {
	h := fnv.New64a()
	var seed [9]byte
	for i := 0; i < 8; i++ {
		seed[i] = byte(c.h >> (8 * i))
	}
	seed[8] = kind
	h.Write(seed[:])
	h.Write(b)
	c.h = h.Sum64()
	c.Messages++
}

func (c *HashConn) mixMsg(kind byte, m proto.Message) {
	b, _ := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	c.mix(kind, b)
}

// Accept implements components.Conn.
func (c *HashConn) Accept(a wire.Admission) bool {
	if c.Inner != nil {
		return c.Inner.Accept(a)
	}
	return true
}

// Reject implements components.Conn.
func (c *HashConn) Reject(code protocol.ErrorCode, reason string) bool {
	c.mix('R', []byte{byte(code)})
	if c.Inner != nil {
		return c.Inner.Reject(code, reason)
	}
	return true
}

// Send implements components.Conn.
func (c *HashConn) Send(m *protocol.ServerMessage) bool {
	c.mixMsg('S', m)
	if c.Inner != nil {
		return c.Inner.Send(m)
	}
	return true
}

// SendChunk implements components.Conn.
func (c *HashConn) SendChunk(m *protocol.ChunkMessage) bool {
	c.mixMsg('C', m)
	if c.Inner != nil {
		return c.Inner.SendChunk(m)
	}
	return true
}

// SendEncoded implements components.Conn.
func (c *HashConn) SendEncoded(e wire.Encoded) bool {
	kind := byte('E')
	if e.IsDatagram() {
		kind = 'D' // the same bytes SendDatagram would hash
	}
	c.mix(kind, e.Bytes())
	if c.Inner != nil {
		return c.Inner.SendEncoded(e)
	}
	return true
}

// SendDatagram implements components.Conn.
func (c *HashConn) SendDatagram(m *protocol.Datagram) bool {
	c.mixMsg('D', m)
	if c.Inner != nil {
		return c.Inner.SendDatagram(m)
	}
	return true
}

// Queued implements components.Conn: a replayed client never falls behind.
func (c *HashConn) Queued() wire.Queued {
	if c.Inner != nil {
		return c.Inner.Queued()
	}
	return wire.Queued{}
}

// Close implements components.Conn.
func (c *HashConn) Close(code protocol.ErrorCode, reason string) {
	c.mix('X', []byte{byte(code)})
	if c.Inner != nil {
		c.Inner.Close(code, reason)
	}
}

// HasFeature implements components.Conn: a live client's own features,
// or those its recording granted it.
func (c *HashConn) HasFeature(f string) bool {
	if c.Inner != nil {
		return c.Inner.HasFeature(f)
	}
	return slices.Contains(c.Features, f)
}
