package transport

import (
	"github.com/stratavox/strata/net/wire"
	"sync"
)

// outQueue is one stream's bounded outbound queue of encoded frames. The
// tick pushes; the stream's writer goroutine takes batches. Counts include
// the batch being written until the write finishes, so Queued reflects
// everything not yet handed to QUIC.
type outQueue struct {
	mu       sync.Mutex
	frames   []wire.Encoded
	msgs     int
	bytes    int
	maxMsgs  int
	maxBytes int
	dropped  uint64
	wake     chan struct{} // capacity 1: the writer's doorbell
}

func newOutQueue(maxMsgs, maxBytes int) *outQueue {
	return &outQueue{maxMsgs: maxMsgs, maxBytes: maxBytes, wake: make(chan struct{}, 1)}
}

// push queues f unless that would exceed a bound. A frame larger than the
// byte bound is still accepted into an empty queue, so no frame is
// unsendable.
func (q *outQueue) push(f wire.Encoded) bool {
	q.mu.Lock()
	if q.msgs > 0 && (q.msgs+1 > q.maxMsgs || q.bytes+f.Len() > q.maxBytes) {
		q.dropped++
		q.mu.Unlock()
		return false
	}
	q.frames = append(q.frames, f)
	q.msgs++
	q.bytes += f.Len()
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// take moves every queued frame to dst.
func (q *outQueue) take(dst []wire.Encoded) []wire.Encoded {
	q.mu.Lock()
	dst = append(dst, q.frames...)
	clear(q.frames)
	q.frames = q.frames[:0]
	q.mu.Unlock()
	return dst
}

// done releases n frames of total size b after they were written.
func (q *outQueue) done(n, b int) {
	q.mu.Lock()
	q.msgs -= n
	q.bytes -= b
	q.mu.Unlock()
}

func (q *outQueue) stats() (msgs, bytes int, dropped uint64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.msgs, q.bytes, q.dropped
}
