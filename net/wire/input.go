package wire

import (
	"errors"
	"math"
	"sync"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// InputMessage is a ClientMessage carrying an Input, with the Input and
// its two vectors in one allocation that an InputPool reuses. Datagram
// inputs, twenty a second from every client, were the server's most
// frequent allocation (six objects each), and how often the collector
// runs follows what is allocated.
//
// Its life is one tick: the tick it is ingested in reads it, and the
// ingest system releases it at the start of the next (docs/plugins.md:
// a plugin must not keep a message past the tick it arrives in).
type InputMessage struct {
	msg  protocol.ClientMessage
	kind protocol.ClientMessage_Input
	in   protocol.Input
	pos  protocol.Vec3
	vel  protocol.Vec3F
	pool *InputPool
}

// InputPool hands out InputMessages and takes them back. Safe for
// concurrent use. Its messages are taken one at a time by the goroutines
// reading datagrams and given back all at once by the tick (ReleaseAll):
// a free list under a lock, which costs half what a sync.Pool does for
// that (its Put is a per-P push the tick would make 10,000 times a tick
// at 10,000 players), holding at most maxFreeInputs.
type InputPool struct {
	mu   sync.Mutex
	free []*InputMessage
}

// maxFreeInputs bounds the messages an InputPool keeps for reuse: a burst
// beyond it is left to the collector.
const maxFreeInputs = 1 << 16

// Get returns an InputMessage holding an Input with a zero Position and
// Velocity.
func (p *InputPool) Get() *InputMessage {
	var m *InputMessage
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		m, p.free[n-1] = p.free[n-1], nil
		p.free = p.free[:n-1]
	}
	p.mu.Unlock()
	if m == nil {
		m = &InputMessage{pool: p}
		m.msg.Kind = &m.kind
		m.kind.Input = &m.in
	}
	m.reset()
	return m
}

// put gives ms back, under one lock.
func (p *InputPool) put(ms []*InputMessage) {
	p.mu.Lock()
	p.free = append(p.free, ms[:min(len(ms), max(maxFreeInputs-len(p.free), 0))]...)
	p.mu.Unlock()
}

// reset zeroes the Input field by field (a protobuf message is not to be
// copied) and points it at its own vectors.
func (m *InputMessage) reset() {
	in := &m.in
	in.InputTick, in.Yaw, in.Pitch, in.Flying, in.OnGround = 0, 0, 0, false, false
	m.pos.X, m.pos.Y, m.pos.Z = 0, 0, 0
	m.vel.X, m.vel.Y, m.vel.Z = 0, 0, 0
	in.Position, in.Velocity = &m.pos, &m.vel
}

// Msg returns the message.
func (m *InputMessage) Msg() *protocol.ClientMessage { return &m.msg }

// Input returns the message's Input, to fill or read.
func (m *InputMessage) Input() *protocol.Input { return &m.in }

// Release gives m back to its pool; nothing may use it after.
func (m *InputMessage) Release() {
	if m != nil && m.pool != nil {
		m.pool.put([]*InputMessage{m})
	}
}

// ReleaseAll gives every message of ms back to its pool (nil ones and
// those of none are skipped), each run of one pool's under one lock;
// nothing may use them after.
func ReleaseAll(ms []*InputMessage) {
	for i := 0; i < len(ms); {
		p := poolOf(ms[i])
		j := i + 1
		for j < len(ms) && poolOf(ms[j]) == p {
			j++
		}
		if p != nil {
			p.put(ms[i:j])
		}
		i = j
	}
}

func poolOf(m *InputMessage) *InputPool {
	if m == nil {
		return nil
	}
	return m.pool
}

// errUnusual stops the fast decoding of a datagram at anything a client
// of this protocol does not send (an unknown field, a field of another
// wire type, a PlayerState): protobuf's own decoder takes it from there.
var errUnusual = errors.New("unusual datagram")

// DecodeInputDatagram decodes a client's datagram into m's Input, exactly
// as frame.DecodeDatagram would, and reports whether it held an Input. A
// datagram as clients write it is read in place, without allocating;
// anything else goes through frame.DecodeDatagram and is copied. A
// malformed datagram is DecodeDatagram's error.
func DecodeInputDatagram(b []byte, m *InputMessage) (bool, error) {
	m.reset()
	m.in.Position, m.in.Velocity = nil, nil
	isInput := false
	err := eachField(b, func(num protowire.Number, typ protowire.Type, _ uint64, body []byte) error {
		if num != 2 || typ != protowire.BytesType {
			return errUnusual
		}
		isInput = true
		return decodeInput(body, m)
	})
	if err == nil && len(b) <= frame.DatagramCap {
		return isInput, nil
	}
	d, err := frame.DecodeDatagram(b)
	if err != nil {
		return false, err
	}
	m.reset()
	in := d.GetInput()
	if in == nil {
		return false, nil
	}
	m.in.InputTick, m.in.Yaw, m.in.Pitch, m.in.Flying, m.in.OnGround = in.InputTick, in.Yaw, in.Pitch, in.Flying, in.OnGround
	if p := in.GetPosition(); p != nil {
		m.pos.X, m.pos.Y, m.pos.Z = p.X, p.Y, p.Z
	} else {
		m.in.Position = nil
	}
	if v := in.GetVelocity(); v != nil {
		m.vel.X, m.vel.Y, m.vel.Z = v.X, v.Y, v.Z
	} else {
		m.in.Velocity = nil
	}
	return true, nil
}

// decodeInput reads an Input as clients write it into m, or fails with
// errUnusual (or a parse error) for anything else.
func decodeInput(b []byte, m *InputMessage) error {
	in := &m.in
	return eachField(b, func(num protowire.Number, typ protowire.Type, v uint64, body []byte) error {
		switch {
		case num == 1 && typ == protowire.VarintType:
			in.InputTick = v
		case num == 2 && typ == protowire.BytesType:
			in.Position = &m.pos
			return eachField(body, func(num protowire.Number, typ protowire.Type, v uint64, _ []byte) error {
				if typ != protowire.Fixed64Type || num < 1 || num > 3 {
					return errUnusual
				}
				*[3]*float64{&m.pos.X, &m.pos.Y, &m.pos.Z}[num-1] = math.Float64frombits(v)
				return nil
			})
		case num == 3 && typ == protowire.BytesType:
			in.Velocity = &m.vel
			return eachField(body, func(num protowire.Number, typ protowire.Type, v uint64, _ []byte) error {
				if typ != protowire.Fixed32Type || num < 1 || num > 3 {
					return errUnusual
				}
				*[3]*float32{&m.vel.X, &m.vel.Y, &m.vel.Z}[num-1] = math.Float32frombits(uint32(v))
				return nil
			})
		case num == 4 && typ == protowire.Fixed32Type:
			in.Yaw = math.Float32frombits(uint32(v))
		case num == 5 && typ == protowire.Fixed32Type:
			in.Pitch = math.Float32frombits(uint32(v))
		case num == 6 && typ == protowire.VarintType:
			in.Flying = v != 0
		case num == 7 && typ == protowire.VarintType:
			in.OnGround = v != 0
		default:
			return errUnusual
		}
		return nil
	})
}

// eachField calls fn for every field of the message b: its number, wire
// type and value (a varint or fixed value in v, a length-delimited one
// in body). A group is errUnusual.
func eachField(b []byte, fn func(num protowire.Number, typ protowire.Type, v uint64, body []byte) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		var v uint64
		var body []byte
		switch typ {
		case protowire.VarintType:
			v, n = protowire.ConsumeVarint(b)
		case protowire.Fixed32Type:
			var u uint32
			u, n = protowire.ConsumeFixed32(b)
			v = uint64(u)
		case protowire.Fixed64Type:
			v, n = protowire.ConsumeFixed64(b)
		case protowire.BytesType:
			body, n = protowire.ConsumeBytes(b)
		default:
			n = protowire.ConsumeFieldValue(num, typ, b)
		}
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		if typ == protowire.StartGroupType || typ == protowire.EndGroupType {
			return errUnusual
		}
		if err := fn(num, typ, v, body); err != nil {
			return err
		}
	}
	return nil
}
