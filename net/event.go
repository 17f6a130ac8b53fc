package transport

import (
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// ClientID identifies a connection for the life of the server process;
// ids are never reused.
type ClientID uint64

// Event is one inbound occurrence, drained by the ingest system. It is a
// plain struct rather than an interface so draining allocates nothing.
type Event struct {
	// Kind is wire.Connected (Client and Hello set; the tick must answer
	// with Client.Accept or Client.Reject), wire.Message (Msg set) or
	// wire.Disconnected (Code, Err and Remote say why).
	Kind wire.EventKind
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
	// (wire.InputMessage.Release) once the tick that read Msg is over.
	Pooled *wire.InputMessage
	// Code is why the client disconnected (Disconnected only): NONE for a
	// clean close by either side.
	Code protocol.ErrorCode
	// Err describes the disconnect; nil for a clean close.
	Err error
	// Remote is true when the client closed the connection, false when the
	// server did (limits, kick, shutdown, timeout).
	Remote bool
}
