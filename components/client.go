package components

import (
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Conn is what the simulation holds of a client's connection: a
// *transport.Client for a network client, or a synthetic one (bench,
// replay, tests). Every method is non-blocking.
type Conn interface {
	Accept(a wire.Admission) bool
	Reject(code protocol.ErrorCode, reason string) bool
	Send(m *protocol.ServerMessage) bool
	SendChunk(m *protocol.ChunkMessage) bool
	// SendEncoded queues a frame. A frame from a wire.FramePool
	// that it accepts is the connection's alone: once it has written the
	// bytes it may give them back with e.Release, and must not read them
	// after that.
	SendEncoded(e wire.Encoded) bool
	SendDatagram(m *protocol.Datagram) bool
	Queued() wire.Queued
	Close(code protocol.ErrorCode, reason string)
	// HasFeature reports whether the handshake granted feature f.
	HasFeature(f string) bool
}

// Connection is a client's link to its peer: the connection every
// message to it goes out on. The network plugin sets it at admission;
// nothing in the simulation blocks on it.
type Connection struct {
	Conn Conn
}

// Send queues m on the connection, reporting false when there is none or
// its queue refused it.
func (c *Connection) Send(m *protocol.ServerMessage) bool {
	return c != nil && c.Conn != nil && c.Conn.Send(m)
}

// Delivery is what the deliver system knows of a client's copy of the
// world: the sections it holds, the ones of its View still to send, and
// the View those were computed for.
type Delivery struct {
	// Held is every section the client holds, with its revision.
	Held Held
	// Pending is the sections of the View not yet sent, nearest first;
	// rebuilt when the View changes.
	Pending Pending
	// For is the View that Pending and the last Drops were computed for.
	For View
	// Entered is the columns that had sections missing when Pending was
	// computed, with those sections (bit y-MinSectionY): where delivery
	// looks first, a column at a time, for the blank ones among them. It
	// empties as delivery looks at it; Pending stays the truth.
	Entered []wire.Column
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
	// Waiting is set while the player waits for the terrain around it to
	// load (the wire's Held/Released messages).
	Waiting bool
	// Teleported is set when the server moved the player: the next input
	// is accepted only as a resync from the new position.
	Teleported bool
}

// Inbox holds a client's movement inputs received this tick, in arrival
// order, for the simulate stage to consume.
type Inbox struct {
	Inputs []*protocol.Input
	// Vetoed, when positive, is one more than the index of the first
	// input a plugin cancelled: inputs from there on are refused.
	Vetoed int
}

// Snapshot is a client's part in the roster of players: whether it has
// been sent the whole list of the others. (What clients were told of a
// player's moves is the entities plugin's, in its Replicated component.)
type Snapshot struct {
	// Joined is set once the client has been told of the other players.
	Joined bool
}
