package transport

import (
	"sync"
	"time"

	"github.com/stratavox/strata/net/protocol"
)

// subThrottle coalesces Subscribe changes: within the bucket they pass at
// once; beyond it only the latest is kept and delivered when a token
// refills. A client spamming view distances thus costs the tick at most
// SubscribeRate desired-set rebuilds per second, and still ends up with the
// value it asked for last.
type subThrottle struct {
	mu      sync.Mutex
	b       bucket
	pending *protocol.ClientMessage
	timer   *time.Timer
	stopped bool
	// emit delivers a coalesced message from the timer. It is called with
	// mu held, so stop() orders it before the Disconnected event.
	emit func(*protocol.ClientMessage)
}

func newSubThrottle(rate float64, burst int, emit func(*protocol.ClientMessage)) *subThrottle {
	return &subThrottle{b: newBucket(rate, burst, time.Now()), emit: emit}
}

// offer reports whether m may be forwarded now; if not, it is kept (the
// previous pending change is discarded) for the timer to deliver.
func (t *subThrottle) offer(m *protocol.ClientMessage, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return false
	}
	if t.pending == nil && t.b.take(now) {
		return true
	}
	t.pending = m
	if t.timer == nil {
		t.timer = time.AfterFunc(t.b.wait(now), t.flush)
	}
	return false
}

func (t *subThrottle) flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.timer = nil
	if t.stopped || t.pending == nil {
		return
	}
	now := time.Now()
	if !t.b.take(now) {
		t.timer = time.AfterFunc(t.b.wait(now), t.flush)
		return
	}
	m := t.pending
	t.pending = nil
	t.emit(m)
}

// stop cancels delivery of anything pending; after it returns emit is
// never called again.
func (t *subThrottle) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	t.pending = nil
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
}
