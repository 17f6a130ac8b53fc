package server

import (
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/network"
)

// Where the transport meets the rest: nothing but the server's
// composition imports the transport (net), so the adapters between it and
// the plugins and resources are here.

// TransportSource is the network plugin's EventSource over the QUIC
// transport's inbox: the adapter lives here, where the two meet, so that
// no plugin imports the transport.
type TransportSource struct {
	Inbox *transport.Inbox
	buf   []transport.Event
}

// Drain converts every queued transport event.
func (s *TransportSource) Drain(dst []network.InEvent) []network.InEvent {
	s.buf = s.Inbox.Drain(s.buf[:0])
	for i := range s.buf {
		ev := &s.buf[i]
		in := network.InEvent{Kind: ev.Kind, ID: uint64(ev.ID), Conn: ev.Client, Msg: ev.Msg, Pooled: ev.Pooled, Code: ev.Code}
		if ev.Kind == wire.Connected {
			in.Name = ev.Client.Name()
			in.ViewDistance = int(ev.Client.ViewDistance())
			in.Features = ev.Client.Features()
			in.Key = ev.Client.Key()
		}
		dst = append(dst, in)
		*ev = transport.Event{} // drop references for the GC
	}
	return dst
}
