package wire

import "fmt"

// EventKind says what an inbound event is: the transport's Event and the
// network plugin's InEvent (which synthetic and replayed clients feed too)
// both carry one.
type EventKind uint8

// Event kinds, in the order a client produces them.
const (
	// Connected: a client sent a valid Hello. The tick must answer with
	// Accept or Reject.
	Connected EventKind = iota + 1
	// Message: a control message (or a datagram Input), never a Hello or
	// a Ping (the transport answers pings itself).
	Message
	// Disconnected: the connection is gone; the last event of the client.
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
