package replay

import (
	"bytes"
	"testing"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// slowConn is a live client whose chunk queue takes room frames more.
type slowConn struct {
	room   int
	got    [][]byte
	closed protocol.ErrorCode
}

func (c *slowConn) Accept(wire.Admission) bool                   { return true }
func (c *slowConn) Reject(protocol.ErrorCode, string) bool       { return true }
func (c *slowConn) Send(*protocol.ServerMessage) bool            { return true }
func (c *slowConn) SendChunk(*protocol.ChunkMessage) bool        { return false }
func (c *slowConn) SendDatagram(*protocol.Datagram) bool         { return false }
func (c *slowConn) Queued() wire.Queued                          { return wire.Queued{ChunkBytes: 1 << 30} }
func (c *slowConn) Close(code protocol.ErrorCode, reason string) { c.closed = code }
func (c *slowConn) HasFeature(string) bool                       { return true }
func (c *slowConn) SendEncoded(e wire.Encoded) bool {
	if c.room == 0 {
		return false
	}
	c.room--
	c.got = append(c.got, e.Bytes())
	return true
}

// TestRecordingHidesALiveClientsBacklog: recording, the simulation is
// told what a replay tells it (every send taken, nothing queued), so a
// slow live client cannot make the recording diverge from its replay;
// the live client still gets every frame, in order, as its queue frees.
func TestRecordingHidesALiveClientsBacklog(t *testing.T) {
	live := &slowConn{room: 2}
	rec, rep := NewHashConn(live), NewHashConn(nil)
	frame := func(i int) wire.Encoded { return wire.ChunkFrame([]byte{byte(i)}) }
	for i := range 5 {
		if !rec.SendEncoded(frame(i)) || !rep.SendEncoded(frame(i)) {
			t.Fatalf("frame %d refused", i)
		}
	}
	if rec.Queued() != (wire.Queued{}) {
		t.Errorf("the recording shows a backlog: %+v", rec.Queued())
	}
	if rec.Sum() != rep.Sum() {
		t.Error("recording and replay hash differently")
	}
	if len(live.got) != 2 {
		t.Fatalf("live client got %d frames, want the 2 its queue took", len(live.got))
	}
	live.room = 1
	rec.SendEncoded(frame(5)) // behind the three waiting: only frame 2 goes
	live.room = 10
	rec.Flush()
	var want [][]byte
	for i := range 6 {
		want = append(want, []byte{byte(i)})
	}
	if len(live.got) != len(want) {
		t.Fatalf("live client got %d frames, want %d", len(live.got), len(want))
	}
	for i := range want {
		if !bytes.Equal(live.got[i], want[i]) {
			t.Fatalf("frame %d is %v, want %v (out of order)", i, live.got[i], want[i])
		}
	}
}

// TestRecordingClosesAClientTooFarBehind: the backlog a recording keeps
// for a live client is bounded; past it the client is closed as a slow
// consumer and nothing more is kept for it.
func TestRecordingClosesAClientTooFarBehind(t *testing.T) {
	live := &slowConn{}
	rec := NewHashConn(live)
	big := wire.ChunkFrame(make([]byte, 1<<20))
	for range MaxBacklog>>20 + 1 {
		rec.SendEncoded(big)
	}
	if live.closed != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER {
		t.Fatalf("live client closed with %v, want SLOW_CONSUMER", live.closed)
	}
	if n := rec.chunks.bytes + rec.lods.bytes; n != 0 {
		t.Errorf("%d bytes still kept for a closed client", n)
	}
}
