package server

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/network"
)

// MaxConsoleLine bounds a console line, in bytes: generous for a command
// with a reason, small enough that a recording of it stays small.
const MaxConsoleLine = 4096

// ErrConsoleClosed is Console.Run's error once the server has stopped.
var ErrConsoleClosed = errors.New("console: the server has stopped")

// Console is the server's console: lines from the admin listener (or any
// caller of Run) that run, with every permission, through the tick like a
// client's chat. It is a network.EventSource the server composes with the
// transport's, so each line enters ingest as a network.InEvent (a
// Message with ID network.ConsoleID and a Chat) — and a recording keeps
// it like any client message, for a replay to run the same commands at
// the same ticks — and a components.Conn that receives the replies.
//
// The commands plugin replies exactly once per line, in the order the
// lines entered, so replies are matched to lines first in, first out.
// Safe for concurrent use.
type Console struct {
	mu      sync.Mutex
	queued  []network.InEvent
	waiting []chan string // one per line not yet answered, oldest first
	closed  bool
	done    chan struct{}
	conn    consoleConn
}

// NewConsole returns an open console.
func NewConsole() *Console {
	c := &Console{done: make(chan struct{})}
	c.conn.c = c
	return c
}

// Run queues line for the next tick and waits for its reply, until ctx
// ends or the server stops. A line without "/" is announced (/say). A
// command that is refused is a reply, not an error; an error means the
// line may or may not have run.
func (c *Console) Run(ctx context.Context, line string) (string, error) {
	if len(line) > MaxConsoleLine {
		return "", fmt.Errorf("console: the line is %d bytes, more than %d", len(line), MaxConsoleLine)
	}
	reply := make(chan string, 1) // the tick never blocks on a reader
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return "", ErrConsoleClosed
	}
	// The line and its waiter go in under one lock, so that the order of
	// the waiters is the order of the lines.
	c.queued = append(c.queued, network.InEvent{
		Kind: wire.Message, ID: network.ConsoleID, Conn: &c.conn,
		Msg: &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: line}}},
	})
	c.waiting = append(c.waiting, reply)
	c.mu.Unlock()
	select {
	case r := <-reply:
		return r, nil
	case <-ctx.Done():
		// The waiter stays queued: its reply, when it comes, is dropped,
		// and the next line's is not mistaken for it.
		return "", fmt.Errorf("console: no reply to %q: %w", line, ctx.Err())
	case <-c.done:
		return "", ErrConsoleClosed
	}
}

// Drain yields the lines queued since the last tick (network.EventSource).
func (c *Console) Drain(dst []network.InEvent) []network.InEvent {
	c.mu.Lock()
	dst = append(dst, c.queued...)
	clear(c.queued)
	c.queued = c.queued[:0]
	c.mu.Unlock()
	return dst
}

// Close makes every waiting and later Run fail with ErrConsoleClosed.
func (c *Console) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		close(c.done)
	}
}

// answer hands a reply to the oldest waiting line.
func (c *Console) answer(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.waiting) == 0 {
		return // a reply to nothing: a bug elsewhere, harmless here
	}
	w := c.waiting[0]
	c.waiting[0] = nil
	c.waiting = c.waiting[1:]
	w <- text
}

// consoleConn is the console's components.Conn: replies (system chat
// lines) go to the waiting Run; it is never admitted, so nothing else is
// sent to it.
type consoleConn struct{ c *Console }

func (k *consoleConn) Accept(wire.Admission) bool             { return false }
func (k *consoleConn) Reject(protocol.ErrorCode, string) bool { return true }
func (k *consoleConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (k *consoleConn) SendEncoded(wire.Encoded) bool          { return true }
func (k *consoleConn) SendDatagram(*protocol.Datagram) bool   { return true }
func (k *consoleConn) Queued() wire.Queued                    { return wire.Queued{} }
func (k *consoleConn) Close(protocol.ErrorCode, string)       {}
func (k *consoleConn) HasFeature(string) bool                 { return false }

// Send takes a reply: a chat line to the console.
func (k *consoleConn) Send(m *protocol.ServerMessage) bool {
	if b := m.GetChatBroadcast(); b != nil {
		k.c.answer(b.GetText())
	}
	return true
}

var _ components.Conn = (*consoleConn)(nil)

// multiSource drains several event sources in order, one after the
// other: the transport's, then the console's.
type multiSource []network.EventSource

// Drain drains every source.
func (m multiSource) Drain(dst []network.InEvent) []network.InEvent {
	for _, s := range m {
		dst = s.Drain(dst)
	}
	return dst
}
