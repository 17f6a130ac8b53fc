// Package nettest holds what the transport's tests share: a recorder of
// the events a fake tick drains from a server's inbox, a goroutine-leak
// check, a logger that writes to the test, and loopback peers for
// handshake floods (Peer).
package nettest

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/wire"
)

// EventLog records inbox events and the clients they leave connected. It
// is safe for concurrent use: the fake tick records, the test waits.
type EventLog struct {
	t       testing.TB
	mu      sync.Mutex
	events  []transport.Event
	clients map[transport.ClientID]*transport.Client
	changed chan struct{}
}

// NewEventLog returns an empty log that fails t when a wait times out.
func NewEventLog(t testing.TB) *EventLog {
	return &EventLog{t: t, clients: map[transport.ClientID]*transport.Client{}, changed: make(chan struct{}, 1)}
}

// Record appends ev and tracks the client it connects or disconnects.
func (l *EventLog) Record(ev transport.Event) {
	l.mu.Lock()
	l.events = append(l.events, ev)
	switch ev.Kind {
	case wire.Connected:
		l.clients[ev.ID] = ev.Client
	case wire.Disconnected:
		delete(l.clients, ev.ID)
	}
	l.mu.Unlock()
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// Events returns a copy of every event recorded so far, in order.
func (l *EventLog) Events() []transport.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]transport.Event(nil), l.events...)
}

// Clients returns the clients connected and not yet disconnected.
func (l *EventLog) Clients() []*transport.Client {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]*transport.Client, 0, len(l.clients))
	for _, c := range l.clients {
		out = append(out, c)
	}
	return out
}

// Wait returns the first recorded event matching pred, waiting up to
// timeout for one; it fails the test naming what it waited for.
func (l *EventLog) Wait(what string, timeout time.Duration, pred func(transport.Event) bool) transport.Event {
	l.t.Helper()
	deadline := time.After(timeout)
	for {
		l.mu.Lock()
		for _, ev := range l.events {
			if pred(ev) {
				l.mu.Unlock()
				return ev
			}
		}
		l.mu.Unlock()
		select {
		case <-l.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			l.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// Count returns how many recorded events match pred.
func (l *EventLog) Count(pred func(transport.Event) bool) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, ev := range l.events {
		if pred(ev) {
			n++
		}
	}
	return n
}

// Logger logs to the test at warn level and above.
func Logger(t testing.TB) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: writer{t}, NoColor: true}).Level(zerolog.WarnLevel).With().Timestamp().Logger()
}

type writer struct{ t testing.TB }

func (w writer) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(bytes.TrimSpace(p)), "\n"))
	return len(p), nil
}
