package bench

import (
	"sync"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Conn is a synthetic client's connection: it accepts everything at once
// (a client that keeps up) and counts what it was sent. Like a real
// connection it is safe from any goroutine (the LOD planner sends beside
// the tick); read the counts with Counts while the App runs.
type Conn struct {
	mu                                        sync.Mutex
	Messages, Bytes, Datagrams, DatagramBytes uint64
	// NoAirSections withholds protocol.FeatureAirSections, NoColumnLists
	// protocol.FeatureColumnLists, NoCompactStates
	// protocol.FeatureCompactStates.
	NoAirSections, NoColumnLists, NoCompactStates bool
	// NoStateBatches withholds protocol.FeatureStateBatches,
	// NoPredictedStates protocol.FeaturePredictedStates.
	NoStateBatches, NoPredictedStates bool
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
func (c *Conn) Send(*protocol.ServerMessage) bool { c.count(1, 0, 0, 0); return true }

// SendChunk implements components.Conn.
func (c *Conn) SendChunk(*protocol.ChunkMessage) bool { c.count(1, 0, 0, 0); return true }

// SendEncoded implements components.Conn.
func (c *Conn) SendEncoded(e wire.Encoded) bool {
	if e.IsDatagram() {
		c.count(0, 0, 1, uint64(e.Len()))
		e.Release() // "sent": a batch of states is this client's alone
		return true
	}
	c.count(1, uint64(e.Len()), 0, 0)
	e.Release() // "written"
	return true
}

// SendDatagram implements components.Conn.
func (c *Conn) SendDatagram(*protocol.Datagram) bool { c.count(0, 0, 1, 0); return true }

// count adds to the counts.
func (c *Conn) count(msgs, bytes, dgrams, dgramBytes uint64) {
	c.mu.Lock()
	c.Messages += msgs
	c.Bytes += bytes
	c.Datagrams += dgrams
	c.DatagramBytes += dgramBytes
	c.mu.Unlock()
}

// Counts returns the messages, bytes, datagrams and datagram bytes sent
// so far.
func (c *Conn) Counts() (msgs, bytes, dgrams, dgramBytes uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Messages, c.Bytes, c.Datagrams, c.DatagramBytes
}

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
	case protocol.FeaturePredictedStates:
		return !c.NoPredictedStates
	case protocol.FeatureLOD:
		return c.LOD
	}
	return true
}

// Close implements components.Conn.
func (c *Conn) Close(protocol.ErrorCode, string) {}
