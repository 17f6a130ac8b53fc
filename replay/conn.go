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
//
// Recording, it shows the simulation what a replay will show it: every
// send accepted and no backlog. What the server decides to send must not
// depend on how fast the live client reads, or the replay, whose clients
// never fall behind, diverges from the recording. A frame Inner's chunk
// or LOD queue refuses waits in the HashConn's own backlog, in order, and
// goes on at the stream's next send or at Flush; past MaxBacklog bytes
// the live client is closed as a slow consumer (its Disconnected event is
// recorded like any other input).
type HashConn struct {
	Inner components.Conn
	// Features are the features granted to a client without Inner (a
	// replayed one); with Inner, Inner's are.
	Features []string
	// NoHash forwards without hashing (a recording without hashes).
	NoHash bool
	h      uint64
	// Messages counts what was sent.
	Messages uint64

	chunks, lods backlog
	closed       bool // the live client left or was closed for its backlog
}

// MaxBacklog bounds the bytes a recording keeps for a live client whose
// queues are full, beyond what its connection itself queues.
const MaxBacklog = 64 << 20

// backlog is what one of Inner's streams refused, oldest first.
type backlog struct {
	frames []wire.Encoded
	bytes  int
}

// NewHashConn wraps inner (which may be nil).
func NewHashConn(inner components.Conn) *HashConn {
	return &HashConn{Inner: inner, h: fnvOffset}
}

const fnvOffset = 14695981039346656037

// Sum returns the running hash of everything sent.
func (c *HashConn) Sum() uint64 { return c.h }

func (c *HashConn) mix(kind byte, b []byte) {
	c.Messages++
	if c.NoHash {
		return
	}
	h := fnv.New64a()
	var seed [9]byte
	for i := 0; i < 8; i++ {
		seed[i] = byte(c.h >> (8 * i))
	}
	seed[8] = kind
	h.Write(seed[:])
	h.Write(b)
	c.h = h.Sum64()
}

func (c *HashConn) mixMsg(kind byte, m proto.Message) {
	if c.NoHash {
		c.Messages++
		return
	}
	b, _ := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	c.mix(kind, b)
}

// Accept implements components.Conn.
func (c *HashConn) Accept(a wire.Admission) bool {
	if c.Inner != nil {
		c.Inner.Accept(a) // a client gone meanwhile is a Disconnected event to come
	}
	return true
}

// Reject implements components.Conn.
func (c *HashConn) Reject(code protocol.ErrorCode, reason string) bool {
	c.mix('R', []byte{byte(code)})
	if c.Inner != nil {
		c.Inner.Reject(code, reason)
	}
	return true
}

// Send implements components.Conn. A control message Inner refuses
// closes the live client (a control message cannot be skipped), which
// the recording sees as a Disconnected event.
func (c *HashConn) Send(m *protocol.ServerMessage) bool {
	c.mixMsg('S', m)
	if c.Inner != nil && !c.closed {
		c.Inner.Send(m)
	}
	return true
}

// SendChunk implements components.Conn.
func (c *HashConn) SendChunk(m *protocol.ChunkMessage) bool {
	c.mixMsg('C', m)
	if c.Inner != nil && !c.closed {
		if e, err := wire.EncodeChunk(m); err == nil {
			c.forward(e)
		}
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
		c.forward(e)
	}
	return true
}

// SendDatagram implements components.Conn; a datagram Inner drops is
// lost as datagrams are.
func (c *HashConn) SendDatagram(m *protocol.Datagram) bool {
	c.mixMsg('D', m)
	if c.Inner != nil && !c.closed {
		c.Inner.SendDatagram(m)
	}
	return true
}

// forward hands e to Inner, behind what its stream has waiting.
func (c *HashConn) forward(e wire.Encoded) {
	var b *backlog
	switch {
	case c.closed:
		e.Release()
		return
	case e.IsLOD():
		b = &c.lods
	case e.IsChunk():
		b = &c.chunks
	default:
		c.Inner.SendEncoded(e) // control or datagram: see Send and SendDatagram
		return
	}
	if c.flushStream(b) && c.Inner.SendEncoded(e) {
		return
	}
	b.frames = append(b.frames, e)
	b.bytes += e.Len()
	if c.chunks.bytes+c.lods.bytes > MaxBacklog {
		c.gone()
		c.Inner.Close(protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER, "too far behind a recording server")
	}
}

// Flush offers Inner what its streams refused before; a recording calls
// it once a tick.
func (c *HashConn) Flush() {
	if c.Inner == nil || c.closed {
		return
	}
	c.flushStream(&c.chunks)
	c.flushStream(&c.lods)
}

// flushStream sends b's frames until Inner refuses one, reporting
// whether b is empty.
func (c *HashConn) flushStream(b *backlog) bool {
	n := 0
	for n < len(b.frames) && c.Inner.SendEncoded(b.frames[n]) {
		b.bytes -= b.frames[n].Len()
		n++
	}
	if n > 0 {
		clear(b.frames[:n])
		b.frames = b.frames[:copy(b.frames, b.frames[n:])]
	}
	return len(b.frames) == 0
}

// gone drops what is left to forward to a client that left.
func (c *HashConn) gone() {
	c.closed = true
	c.chunks.drop()
	c.lods.drop()
}

// drop releases b's frames.
func (b *backlog) drop() {
	for _, e := range b.frames {
		e.Release()
	}
	clear(b.frames)
	b.frames, b.bytes = b.frames[:0], 0
}

// Queued implements components.Conn: the simulation never sees a client
// fall behind (see HashConn).
func (c *HashConn) Queued() wire.Queued { return wire.Queued{} }

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
