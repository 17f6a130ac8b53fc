package transport

import (
	"fmt"

	"github.com/stratavox/strata/net/protocol"
)

// ClientID identifies a connection for the life of the server process;
// ids are never reused.
type ClientID uint64

// EventKind says which fields of an Event are set.
type EventKind uint8

// Event kinds, in the order a client produces them.
const (
	// Connected: a client sent a valid Hello. Client and Hello are set. The
	// tick must answer with Client.Accept or Client.Reject.
	Connected EventKind = iota + 1
	// Message: a control message (or a datagram Input). Msg is set, never
	// a Hello or a Ping (the transport answers pings itself).
	Message
	// Disconnected: the connection is gone; the last event of the client.
	// Code, Err and Remote say why.
	Disconnected
)

// String names the kind.
func (k EventKind) String() string {
	switch k {
	case Connected:
		return "connected"
	case Message:
		return "message"
	case Disconnected:
		return "disconnected"
	}
	return fmt.Sprintf("EventKind(%d)", k)
}

// Event is one inbound occurrence, drained by the ingest system. It is a
// plain struct rather than an interface so draining allocates nothing.
type Event struct {
	Kind EventKind
	// ID is Client.ID(), copied for map lookups.
	ID ClientID
	// Client is the connection's handle (every kind).
	Client *Client
	// Hello is the handshake (Connected only).
	Hello *protocol.Hello
	// Msg is the message (Message only). Read-only: it may be shared.
	Msg *protocol.ClientMessage
	// Datagram marks a Message that arrived as a QUIC datagram (an Input
	// under the "datagram-input" feature): unordered and lossy.
	Datagram bool
	// Pooled is set when Msg is Pooled's: the receiver releases it
	// (InputMessage.Release) once the tick that read Msg is over.
	Pooled *InputMessage
	// Code is why the client disconnected (Disconnected only): NONE for a
	// clean close by either side.
	Code protocol.ErrorCode
	// Err describes the disconnect; nil for a clean close.
	Err error
	// Remote is true when the client closed the connection, false when the
	// server did (limits, kick, shutdown, timeout).
	Remote bool
}
