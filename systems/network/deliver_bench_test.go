package network

import (
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// discardConn is a components.Conn that takes everything and keeps
// nothing, granted every feature.
type discardConn struct{}

func (discardConn) Accept(transport.Admission) bool        { return true }
func (discardConn) Reject(protocol.ErrorCode, string) bool { return true }
func (discardConn) Send(*protocol.ServerMessage) bool      { return true }
func (discardConn) SendChunk(*protocol.ChunkMessage) bool  { return true }
func (discardConn) SendEncoded(transport.Encoded) bool     { return true }
func (discardConn) SendDatagram(*protocol.Datagram) bool   { return true }
func (discardConn) Queued() transport.Queued               { return transport.Queued{} }
func (discardConn) Close(protocol.ErrorCode, string)       {}
func (discardConn) HasFeature(string) bool                 { return true }

// BenchmarkResubscribe is deliver's work when a walking player's view
// recentres by two sections (view 8, pad 1): the drops of what left and
// the pending list of what entered; then what entered is marked held, as
// if sent (timed too: stopping the timer costs more than that).
func BenchmarkResubscribe(b *testing.B) {
	s := newDeliver(DeliveryBudget{}.WithDefaults(), nil, nil, nil, zerolog.Nop())
	w, conn, st := &deliverWorker{}, discardConn{}, &components.Delivery{}
	sh := s.shape(8, 1)
	views := [2]components.View{
		{Center: chunk.Pos{X: 100, Y: 4, Z: -40}, Radius: 8, Pad: 1},
		{Center: chunk.Pos{X: 102, Y: 4, Z: -40}, Radius: 8, Pad: 1},
	}
	send := func() {
		for r := st.Pending.Next(0); r >= 0; r = st.Pending.Next(r + 1) {
			st.Held.Set(sh.at(st.For.Center, r), 0)
			st.Pending.Remove(r)
		}
	}
	s.resubscribe(w, conn, st, views[1])
	send()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.resubscribe(w, conn, st, views[i%2])
		send()
	}
}
