package transport

import (
	"context"
	"sync"
)

// Inbox is the one queue through which every connection reaches the tick.
// Connection goroutines push; the tick drains without blocking.
//
// Connected and Disconnected are always accepted (there are at most two per
// connection). Message events are bounded by a limit: when it is reached,
// the pushing reader waits for the next Drain, so a stalled tick makes QUIC
// flow control slow the clients down instead of growing memory without
// bound.
type Inbox struct {
	mu     sync.Mutex
	events []Event
	msgs   int
	limit  int
	space  chan struct{} // closed by Drain to wake waiting pushers; nil if none wait
	ready  chan struct{} // capacity 1: signalled after a push
}

// NewInbox returns an inbox holding at most limit Message events.
func NewInbox(limit int) *Inbox {
	return &Inbox{limit: max(limit, 1), ready: make(chan struct{}, 1)}
}

// Drain appends every waiting event to dst, in push order, and returns it.
// It never blocks (beyond a short mutex hold) and allocates only when dst
// is too small, so the tick can reuse one buffer: buf = inbox.Drain(buf[:0]).
func (q *Inbox) Drain(dst []Event) []Event {
	q.mu.Lock()
	dst = append(dst, q.events...)
	clear(q.events) // drop references so drained messages can be collected
	q.events = q.events[:0]
	q.msgs = 0
	if q.space != nil {
		close(q.space)
		q.space = nil
	}
	q.mu.Unlock()
	return dst
}

// Len is the number of waiting events.
func (q *Inbox) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.events)
}

// Ready is signalled (capacity 1, so possibly once for many pushes) after
// events are pushed. The tick does not need it; tools and tests that drain
// outside a tick loop wait on it instead of polling.
func (q *Inbox) Ready() <-chan struct{} { return q.ready }

// push appends a lifecycle event; it never waits.
func (q *Inbox) push(ev Event) {
	q.mu.Lock()
	q.events = append(q.events, ev)
	q.mu.Unlock()
	q.signal()
}

// pushMessage appends a Message event, waiting while the inbox holds limit
// messages. It fails only when ctx ends first.
func (q *Inbox) pushMessage(ctx context.Context, ev Event) error {
	for {
		q.mu.Lock()
		if q.msgs < q.limit {
			q.events = append(q.events, ev)
			q.msgs++
			q.mu.Unlock()
			q.signal()
			return nil
		}
		if q.space == nil {
			q.space = make(chan struct{})
		}
		space := q.space
		q.mu.Unlock()
		select {
		case <-space:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

func (q *Inbox) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}
