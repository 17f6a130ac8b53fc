// Package testkit holds the test doubles the built-in plugins' tests
// share: a recording client connection and stand-in terrain generators.
// It imports no plugin, so any plugin's own tests may use it.
package testkit

import (
	"bytes"
	"slices"
	"sync"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// FakeConn is a components.Conn that records everything it is sent,
// decoded, so tests can assert on what a client would receive.
// Admitted and Rejected say how its admission went.
type FakeConn struct {
	mu       sync.Mutex
	Features []string // granted features; nil grants all
	Admitted bool
	Rejected protocol.ErrorCode
	control  []*protocol.ServerMessage
	chunks   []*protocol.ChunkMessage
	states   []*protocol.PlayerState
	compacts int // of them, CompactStates
	batches  int // CompactStates datagrams (feature state-batches)
	// DgramCap, when positive, refuses datagrams beyond that many per
	// TakeStates, like a full datagram queue.
	DgramCap int
	// QueuedControl is reported as the queued control messages.
	QueuedControl int
	// closed and closeReason are the first Close's.
	closed      protocol.ErrorCode
	closeReason string
}

// Accept records the admission.
func (f *FakeConn) Accept(wire.Admission) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Admitted = true
	return true
}

// Reject records the refusal code.
func (f *FakeConn) Reject(code protocol.ErrorCode, _ string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Rejected = code
	return true
}

// Send records m.
func (f *FakeConn) Send(m *protocol.ServerMessage) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.control = append(f.control, proto.Clone(m).(*protocol.ServerMessage))
	return true
}

// SendChunk records m.
func (f *FakeConn) SendChunk(m *protocol.ChunkMessage) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chunks = append(f.chunks, proto.Clone(m).(*protocol.ChunkMessage))
	return true
}

// SendEncoded decodes and records a shared frame.
func (f *FakeConn) SendEncoded(e wire.Encoded) bool {
	if e.IsDatagram() {
		d, err := frame.DecodeDatagram(e.Bytes())
		if err != nil {
			panic(err)
		}
		return f.SendDatagram(d)
	}
	payload, err := frame.ReadFrame(bytes.NewReader(e.Bytes()), frame.ChunkCap)
	if err != nil {
		panic(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if e.IsChunk() {
		m, err := frame.DecodeChunk(payload)
		if err != nil {
			panic(err)
		}
		f.chunks = append(f.chunks, m)
		return true
	}
	m, err := frame.DecodeServer(payload)
	if err != nil {
		panic(err)
	}
	f.control = append(f.control, m)
	return true
}

// SendDatagram records a PlayerState or CompactState datagram, or each
// state of a CompactStates one (feature state-batches).
func (f *FakeConn) SendDatagram(m *protocol.Datagram) bool {
	b, err := frame.MarshalDatagram(m) // as the transport does: m is reused
	if err != nil {
		panic(err)
	}
	d, err := frame.DecodeDatagram(b)
	if err != nil {
		panic(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.DgramCap > 0 && len(f.states) >= f.DgramCap {
		return false
	}
	if b := d.GetCompactStates(); b != nil {
		if f.DgramCap > 0 && len(f.states)+len(b.GetStates()) > f.DgramCap {
			return false
		}
		f.batches++
		for _, cs := range b.GetStates() {
			f.states = append(f.states, cs.PlayerState())
			f.compacts++
		}
		return true
	}
	ps := d.GetPlayerState()
	if cs := d.GetCompactState(); cs != nil {
		ps = cs.PlayerState()
		f.compacts++
	}
	f.states = append(f.states, ps)
	return true
}

// Batches returns how many CompactStates datagrams (feature
// state-batches) were received; their states are in States.
func (f *FakeConn) Batches() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.batches
}

// CompactStates returns how many of the states received came as
// CompactStates (States gives them as the PlayerStates they stand for).
func (f *FakeConn) CompactStates() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.compacts
}

// Queued reports QueuedControl.
func (f *FakeConn) Queued() wire.Queued {
	f.mu.Lock()
	defer f.mu.Unlock()
	return wire.Queued{ControlMessages: f.QueuedControl}
}

// Close does nothing.
func (f *FakeConn) Close(code protocol.ErrorCode, reason string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed == protocol.ErrorCode_ERROR_CODE_NONE {
		f.closed, f.closeReason = code, reason
	}
}

// Closed returns the code and reason of the first Close, NONE if none.
func (f *FakeConn) Closed() (protocol.ErrorCode, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed, f.closeReason
}

// HasFeature reports whether f was granted (Features nil grants all).
func (f *FakeConn) HasFeature(name string) bool {
	return f.Features == nil || slices.Contains(f.Features, name)
}

// Take returns and forgets the control messages received so far.
func (f *FakeConn) Take() []*protocol.ServerMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.control
	f.control = nil
	return out
}

// TakeStates returns and forgets the PlayerStates received so far.
func (f *FakeConn) TakeStates() []*protocol.PlayerState {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.states
	f.states = nil
	return out
}

// listed reports whether the positions of a Drops or AirSections include
// p; a broken list panics (the server under test sent it).
func listed(p chunk.Pos) func([]chunk.Pos, error) bool {
	return func(ps []chunk.Pos, err error) bool {
		if err != nil {
			panic(err)
		}
		return slices.Contains(ps, p)
	}
}

// Holds reports whether the client holds section p (a Chunk or
// AirSections after its last Drop or Drops).
func (f *FakeConn) Holds(p chunk.Pos) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	held := false
	for _, m := range f.chunks {
		switch k := m.Kind.(type) {
		case *protocol.ChunkMessage_Chunk:
			if k.Chunk.GetPos().Chunk() == p {
				held = true
			}
		case *protocol.ChunkMessage_Drop:
			if k.Drop.GetPos().Chunk() == p {
				held = false
			}
		case *protocol.ChunkMessage_Drops:
			if listed(p)(k.Drops.Positions()) {
				held = false
			}
		case *protocol.ChunkMessage_Air:
			if listed(p)(k.Air.Positions()) {
				held = true
			}
		}
	}
	return held
}

// AcksOf, CorrectionsOf and UpdatesOf filter received control messages.
func AcksOf(ms []*protocol.ServerMessage) []*protocol.ActionAck {
	var out []*protocol.ActionAck
	for _, m := range ms {
		if a := m.GetActionAck(); a != nil {
			out = append(out, a)
		}
	}
	return out
}

func CorrectionsOf(ms []*protocol.ServerMessage) []*protocol.Correction {
	var out []*protocol.Correction
	for _, m := range ms {
		if c := m.GetCorrection(); c != nil {
			out = append(out, c)
		}
	}
	return out
}

func UpdatesOf(ms []*protocol.ServerMessage) []*protocol.BlockUpdate {
	var out []*protocol.BlockUpdate
	for _, m := range ms {
		if u := m.GetBlockUpdate(); u != nil {
			out = append(out, u)
		}
	}
	return out
}
