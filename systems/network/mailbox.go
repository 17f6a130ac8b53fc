package network

import "sync"

// mailbox is a list other goroutines add to and the tick takes whole,
// without blocking on anything but its short lock.
type mailbox[T any] struct {
	mu    sync.Mutex
	items []T
}

// put adds v.
func (m *mailbox[T]) put(v T) {
	m.mu.Lock()
	m.items = append(m.items, v)
	m.mu.Unlock()
}

// drain appends every item to dst, in the order they were put, and
// empties the box.
func (m *mailbox[T]) drain(dst []T) []T {
	m.mu.Lock()
	dst = append(dst, m.items...)
	clear(m.items)
	m.items = m.items[:0]
	m.mu.Unlock()
	return dst
}
