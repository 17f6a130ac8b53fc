package network

import (
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// InEvent is one inbound occurrence as the ingest system sees it: from
// the QUIC transport, or from synthetic clients (bench) and recordings
// (replay), which feed the same queue the network would.
type InEvent struct {
	Kind wire.EventKind
	// ID identifies the client for the life of the process; it is also the
	// player's entity id on the wire.
	ID uint64
	// Conn is the client's connection (every kind).
	Conn components.Conn
	// Name and ViewDistance come from the handshake (Connected only);
	// ViewDistance is already clamped to the server's maximum.
	Name         string
	ViewDistance int
	// Features are the features the handshake granted (Connected only);
	// a recording keeps them, so a replayed client gets what it got.
	Features []string
	// Key is the Ed25519 public key the client's login proved (Connected
	// only; nil for synthetic clients). A recording keeps it, so a replay
	// binds the name as the handshake did.
	Key []byte
	// Msg is the control message (Message only).
	Msg *protocol.ClientMessage
	// Pooled, when set, holds Msg: ingest gives it back to its pool at
	// the start of the next tick, the tick that read Msg being over (a
	// message is valid for the tick it arrives in, docs/plugins.md).
	Pooled *wire.InputMessage
	// Code says why the client left (Disconnected only).
	Code protocol.ErrorCode
}

// ConsoleID is the client id of the server's console: no transport client
// has it (their ids start at 1). A Message event with this id carrying a
// Chat is a console line — an operator's command from the admin listener —
// that ingest turns into a ConsoleLine event; recordings keep such events
// like any other, so a replay runs the same console commands at the same
// ticks.
const ConsoleID uint64 = 0

// ConsoleLine is one console line, emitted by ingest in arrival order
// (ecs.AddEvents[ConsoleLine]); the commands plugin runs it with every
// permission and replies, exactly once, on Conn as a system chat line.
type ConsoleLine struct {
	Text string
	// Conn receives the reply (the console's, or a replay's stand-in).
	Conn components.Conn
}

// EventSource is drained by the ingest system once per tick, without
// blocking.
type EventSource interface {
	Drain(dst []InEvent) []InEvent
}

// QueueSource is an EventSource that other goroutines push into: synthetic
// clients in benchmarks and tests.
type QueueSource struct {
	events mailbox[InEvent]
}

// Push queues an event for the next tick.
func (q *QueueSource) Push(ev InEvent) {
	q.events.put(ev)
}

// Drain takes every queued event.
func (q *QueueSource) Drain(dst []InEvent) []InEvent {
	return q.events.drain(dst)
}
