package wire

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// FramePool recycles the bytes of frames built for one connection only —
// the Drops and AirSections lists of a client's view, the entities it
// starts or stops seeing — which would otherwise be garbage a moment
// after the connection writes them: at 3,000 fliers they were half of
// what a tick allocated, and what a tick allocates decides how often a
// collection lands in one.
//
// The ownership rule: a frame from a pool belongs to its builder until a
// connection's SendEncoded accepts it, and to that connection after. The
// connection calls Release once it has written the bytes (or, if it never
// does, they are collected as any frame's are); the builder must not send
// the frame to a second connection or touch its bytes after handing it
// over. A frame SendEncoded refused stays the builder's, who may Release
// it. A frame shared between clients (a section's Chunk, a broadcast)
// never comes from a pool.
//
// The zero value is ready to use; a pool is safe for concurrent use.
type FramePool struct {
	classes [frameClasses]sync.Pool // *frameRef with a buffer of capacity 1<<(minFrameShift+class)
}

// Frame sizes the pool keeps, in powers of two: 64 B to 256 KiB, which
// holds a full list of MaxDropsPerFrame columns. A larger frame is an
// ordinary allocation.
const (
	minFrameShift = 6
	frameClasses  = 13
)

// frameClass is the class of buffer that holds n bytes, frameClasses if
// none does.
func frameClass(n int) int {
	if n <= 1<<minFrameShift {
		return 0
	}
	return min(bits.Len(uint(n-1))-minFrameShift, frameClasses)
}

// frameKind is the stream a pooled frame goes on.
type frameKind uint8

const (
	kindControl frameKind = iota
	kindChunk
	kindDatagram
)

// alloc returns an empty slice with room for n bytes, for a frame of
// kind, and its frameRef: the pooled buffer it lies in, or for a nil
// pool or a frame larger than any class a plain allocation's.
func (p *FramePool) alloc(n int, kind frameKind) ([]byte, *frameRef) {
	c := frameClass(n)
	if p == nil || c == frameClasses {
		switch kind {
		case kindChunk:
			return make([]byte, 0, n), chunkRef
		case kindDatagram:
			return make([]byte, 0, n), datagramRef
		}
		return make([]byte, 0, n), nil
	}
	f, _ := p.classes[c].Get().(*frameRef)
	if f == nil {
		f = &frameRef{buf: make([]byte, 0, 1<<(minFrameShift+c)), pool: p, class: uint8(c)}
	}
	f.chunk, f.datagram = kind == kindChunk, kind == kindDatagram
	f.out.Store(true)
	return f.buf[:0], f
}

// Release gives a pooled frame's bytes back to the pool it came from: for
// the connection that accepted the frame, once, after writing it. Its
// bytes must not be read after. It does nothing for a frame that is not
// pooled, and a Release of a frame already released does nothing (until
// its buffer is handed out again).
func (e Encoded) Release() {
	f := e.ref
	if f == nil || f.pool == nil && !f.owned || !f.out.CompareAndSwap(true, false) {
		return
	}
	if f.pool != nil {
		f.pool.classes[f.class].Put(f)
	}
}

// Released reports whether e is a frame from a FramePool that has been
// given back to its pool (and not handed out again since): for tests that
// check a connection releases what it wrote.
func (e Encoded) Released() bool {
	return e.ref != nil && (e.ref.pool != nil || e.ref.owned) && !e.ref.out.Load()
}

// AppendAirColumns is AppendAirColumns with the frames' bytes from p.
func (p *FramePool) AppendAirColumns(dst []Encoded, cols []Column) []Encoded {
	return appendColumnFrames(dst, p, chunkMessageAirField, cols)
}

// AppendColumnDrops is AppendColumnDrops with the frames' bytes from p.
func (p *FramePool) AppendColumnDrops(dst []Encoded, cols []Column) []Encoded {
	return appendColumnFrames(dst, p, chunkMessageDropsField, cols)
}

// AppendAirSections is AppendAirSections with the frames' bytes from p.
func (p *FramePool) AppendAirSections(dst []Encoded, ps []chunk.Pos) []Encoded {
	return appendPositionFrames(dst, p, chunkMessageAirField, ps)
}

// AppendDrops is EncodeDrops appending to dst, with the frames' bytes
// from p.
func (p *FramePool) AppendDrops(dst []Encoded, ps []chunk.Pos) []Encoded {
	return appendPositionFrames(dst, p, chunkMessageDropsField, ps)
}

// EncodeControl is EncodeControl with the frame's bytes from p.
func (p *FramePool) EncodeControl(m *protocol.ServerMessage) (Encoded, error) {
	size, err := frame.Sized(m, frame.ControlCap)
	if err != nil {
		return Encoded{}, fmt.Errorf("encode control message: %w", err)
	}
	b, ref := p.alloc(frame.Len(size), kindControl)
	if b, err = frame.AppendSized(b, m, size); err != nil {
		return Encoded{}, fmt.Errorf("encode control message: %w", err)
	}
	return Encoded{b: b[:len(b):len(b)], ref: ref}, nil
}
