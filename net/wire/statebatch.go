package wire

import (
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/stratavox/strata/net/frame"
)

// tagDatagramCompactStates is Datagram.compact_states's tag; and
// tagBatchedState, CompactStates.states's, is Datagram.compact_state's:
// a CompactState datagram's bytes are an entry of a batch as they are.
const (
	tagDatagramCompactStates = 4<<3 | uint64(protowire.BytesType)
	tagBatchedState          = 3<<3 | uint64(protowire.BytesType)
)

// StateBatch builds the CompactStates datagrams of one client's tick
// (feature state-batches) from CompactState datagrams encoded once for
// every client (DatagramArena.CompactState): Add copies one in, and once
// the next would not fit under frame.DatagramCap the caller encodes the
// batch (Encode) and fills the next. The zero value is an empty batch; it
// is not safe for concurrent use, and is meant to be reused: its bytes
// are scratch, copied into a frame of the connection's own by Encode.
type StateBatch struct {
	body []byte // the entries
	n    int
}

// Len returns the number of states in the batch.
func (b *StateBatch) Len() int { return b.n }

// Add copies the CompactState datagram state into the batch, and reports
// false, adding nothing, when the batch would then exceed
// frame.DatagramCap (or state is no CompactState datagram: a PlayerState
// has no place in a batch).
func (b *StateBatch) Add(state Encoded) bool { return b.AddBytes(state.b) }

// AddBytes is Add of a CompactState datagram's bytes (AppendCompactState)
// kept elsewhere than in an Encoded; they are copied.
func (b *StateBatch) AddBytes(s []byte) bool {
	if len(s) == 0 || uint64(s[0]) != tagBatchedState {
		return false
	}
	if n := len(b.body) + len(s); 1+protowire.SizeVarint(uint64(n))+n > frame.DatagramCap {
		return false
	}
	b.body = append(b.body, s...)
	b.n++
	return true
}

// OwnedFrames are one connection's own buffers for its batches of states:
// a client is sent one or two a tick, every tick, so rather than take a
// buffer from a FramePool and give it back each time (a sync.Pool's get
// and put per client per tick), it keeps its buffers and reuses each once
// the connection has released the datagram last made in it. The same
// ownership rule as a FramePool's applies. Not safe for concurrent use
// but for the connection's Release; the zero value is ready.
type OwnedFrames struct {
	refs []*frameRef
}

// FrameSlab makes OwnedFrames' buffers a block of many at a time, side by
// side: the clients that first need one in the same tick get
// neighbouring ones, so that a pass over the clients in order reads their
// buffers and flags in order too, instead of a cache miss per client in
// scattered allocations. A block is garbage once no client holds a
// buffer of it. The zero value is ready; not safe for concurrent use.
type FrameSlab struct {
	refs []frameRef
	bufs []byte
}

// slabRefs is how many buffers a FrameSlab makes at a time, and slabBuf
// their size: a dozen walkers' states, what most clients are sent a
// tick. A larger batch gets a buffer of frame.DatagramCap of its own:
// every client's buffer at the cap would spread a tick's writes over
// twice the memory.
const (
	slabRefs = 256
	slabBuf  = 512
)

// next returns a new buffer of at least n bytes.
func (s *FrameSlab) next(n int) *frameRef {
	if n > slabBuf {
		return &frameRef{buf: make([]byte, 0, frame.DatagramCap), owned: true, datagram: true}
	}
	if len(s.refs) == 0 {
		s.refs, s.bufs = make([]frameRef, slabRefs), make([]byte, slabRefs*slabBuf)
	}
	f := &s.refs[0]
	s.refs = s.refs[1:]
	f.buf, s.bufs = s.bufs[:0:slabBuf], s.bufs[slabBuf:]
	f.owned, f.datagram = true, true
	return f
}

// EncodeOwned is Encode into one of o's buffers: the first the connection
// has released that is large enough, or a new one from slab.
func (b *StateBatch) EncodeOwned(o *OwnedFrames, slab *FrameSlab) Encoded {
	if b.n == 0 {
		return Encoded{}
	}
	n := 1 + protowire.SizeVarint(uint64(len(b.body))) + len(b.body)
	var f *frameRef
	for _, r := range o.refs {
		if cap(r.buf) >= n && !r.out.Load() {
			f = r
			break
		}
	}
	if f == nil {
		f = slab.next(n)
		o.refs = append(o.refs, f)
	}
	f.out.Store(true)
	return Encoded{b: b.appendTo(f.buf[:0]), ref: f}
}

// appendTo appends the batch's datagram to buf, which has room for it,
// and empties the batch.
func (b *StateBatch) appendTo(buf []byte) []byte {
	buf = protowire.AppendVarint(append(buf, byte(tagDatagramCompactStates)), uint64(len(b.body)))
	buf = append(buf, b.body...)
	b.body, b.n = b.body[:0], 0
	return buf[:len(buf):len(buf)]
}

// Encode returns the batch as a datagram, from p: a frame for one
// connection, which it gives back once sent (FramePool); nil bytes when
// the batch holds no state. The batch is then empty.
func (b *StateBatch) Encode(p *FramePool) Encoded {
	if b.n == 0 {
		return Encoded{}
	}
	buf, ref := p.alloc(1+protowire.SizeVarint(uint64(len(b.body)))+len(b.body), kindDatagram)
	return Encoded{b: b.appendTo(buf), ref: ref}
}
