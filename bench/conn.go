package bench

import (
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Conn is a synthetic client's connection: it accepts everything at once
// (a client that keeps up) and counts what it was sent.
type Conn struct {
	Messages, Bytes, Datagrams, DatagramBytes uint64
	// NoAirSections withholds protocol.FeatureAirSections, NoColumnLists
	// protocol.FeatureColumnLists, NoCompactStates
	// protocol.FeatureCompactStates.
	NoAirSections, NoColumnLists, NoCompactStates bool
	// NoStateBatches withholds protocol.FeatureStateBatches.
	NoStateBatches bool
	// LOD grants protocol.FeatureLOD, which is withheld otherwise: the
	// horizon costs far more than the rest of a tick (docs/benchmarks.md),
	// so a run measures it only when asked to.
	LOD bool
}

// Accept implements components.Conn.
func (c *Conn) Accept(wire.Admission) bool { return true }

// Reject implements components.Conn.
func (c *Conn) Reject(protocol.ErrorCode, string) bool { return true }

// Send implements components.Conn.
func (c *Conn) Send(*protocol.ServerMessage) bool { c.Messages++; return true }

// SendChunk implements components.Conn.
func (c *Conn) SendChunk(*protocol.ChunkMessage) bool { c.Messages++; return true }

// SendEncoded implements components.Conn.
func (c *Conn) SendEncoded(e wire.Encoded) bool {
	if e.IsDatagram() {
		c.Datagrams++
		c.DatagramBytes += uint64(e.Len())
		e.Release() // "sent": a batch of states is this client's alone
		return true
	}
	c.Messages++
	c.Bytes += uint64(e.Len())
	e.Release() // "written"
	return true
}

// SendDatagram implements components.Conn.
func (c *Conn) SendDatagram(*protocol.Datagram) bool { c.Datagrams++; return true }

// Queued implements components.Conn: nothing ever waits.
func (c *Conn) Queued() wire.Queued { return wire.Queued{} }

// HasFeature reports every feature as granted, but those its No fields
// withhold and, unless LOD, protocol.FeatureLOD: a synthetic client is a
// current one.
func (c *Conn) HasFeature(f string) bool {
	switch f {
	case protocol.FeatureAirSections:
		return !c.NoAirSections
	case protocol.FeatureColumnLists:
		return !c.NoColumnLists
	case protocol.FeatureCompactStates:
		return !c.NoCompactStates
	case protocol.FeatureStateBatches:
		return !c.NoStateBatches
	case protocol.FeatureLOD:
		return c.LOD
	}
	return true
}

// Close implements components.Conn.
func (c *Conn) Close(protocol.ErrorCode, string) {}
