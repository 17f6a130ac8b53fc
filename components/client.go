package components

import (
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// Conn is what the simulation holds of a client's connection: a
// *transport.Client for a network client, or a synthetic one (bench,
// replay, tests). Every method is non-blocking.
type Conn interface {
	Accept(a transport.Admission) bool
	Reject(code protocol.ErrorCode, reason string) bool
	Send(m *protocol.ServerMessage) bool
	SendChunk(m *protocol.ChunkMessage) bool
	SendEncoded(e transport.Encoded) bool
	SendDatagram(m *protocol.Datagram) bool
	Queued() transport.Queued
	Close(code protocol.ErrorCode, reason string)
}

// Stream is a client's delivery state: what was sent, what is still to
// send, and the connection to send it on. The network never touches it.
type Stream struct {
	Conn Conn
	// Held is every section the client holds, with its revision.
	Held Held
	// Pending lists sections of the subscription not yet sent, nearest
	// first; rebuilt when the View changes.
	Pending []chunk.Pos
	// For is the View that Pending and the last Drops were computed for.
	For View
	// Joined is set once the client has been told of the other players.
	Joined bool
}

// Movement is a client's movement arbitration state.
type Movement struct {
	// LastInputTick is the newest input tick accepted (client's counter).
	LastInputTick uint64
	// LastInputAt is the server tick of that input.
	LastInputAt uint64
	// Clock is the server tick up to which the client's input time has
	// been spent: a move may claim only the server ticks elapsed since
	// (bounded), so a client cannot bank time or run its clock fast.
	Clock uint64
	// Flying is the client's last accepted flying flag.
	Flying, OnGround bool
	// Held is set while the player waits for terrain to load.
	Held bool
	// Teleported is set when the server moved the player: the next input
	// is accepted only as a resync from the new position.
	Teleported bool
}

// Inbox holds a client's inputs and actions received this tick, in
// arrival order, for the simulate stage to consume.
type Inbox struct {
	Inputs  []*protocol.Input
	Actions []*protocol.ClientMessage // BreakBlock or PlaceBlock
}

// Snapshot is what other clients were last told of a player, to send
// PlayerState only when it changed.
type Snapshot struct {
	Position   Position
	Look       Look
	LastSentAt uint64
}
