package replay

import (
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/network"
)

// conns keeps every client connection seen, wrapped to hash its output.
type conns map[uint64]*HashConn

// wrap replaces ev's connection by its hashing wrapper, creating it on
// Connected. A Disconnected one drops what it still had to forward; it
// keeps its hash, or without hashing is forgotten.
func (c conns) wrap(ev *network.InEvent, hash bool) {
	hc, ok := c[ev.ID]
	if !ok || ev.Kind == wire.Connected {
		hc = NewHashConn(ev.Conn)
		hc.Features = ev.Features
		hc.NoHash = !hash
		c[ev.ID] = hc
	}
	if ev.Kind == wire.Disconnected {
		hc.gone()
		if !hash {
			delete(c, ev.ID)
		}
	}
	ev.Conn = hc
}

// RecordingSource records every event its inner source yields, with the
// tick it is applied in. It wraps each client's connection in a HashConn,
// so that the simulation decides what to send as it will in the replay;
// with hashing on, what the client is sent enters the state hash.
type RecordingSource struct {
	Inner EventSource
	W     *Writer
	Tick  func() uint64
	Hash  bool
	conns conns
}

// EventSource is network.EventSource, named here for the package's users.
type EventSource = network.EventSource

// Drain drains and records the inner source.
func (s *RecordingSource) Drain(dst []network.InEvent) []network.InEvent {
	if s.conns == nil {
		s.conns = conns{}
	}
	for _, c := range s.conns {
		c.Flush()
	}
	start := len(dst)
	dst = s.Inner.Drain(dst)
	tick := s.Tick()
	for i := start; i < len(dst); i++ {
		ev := &dst[i]
		s.conns.wrap(ev, s.Hash)
		s.W.Event(Event{Tick: tick, Kind: ev.Kind, Client: ev.ID, Name: ev.Name, ViewDistance: ev.ViewDistance, Features: ev.Features, Key: ev.Key, Msg: ev.Msg, Code: ev.Code})
	}
	return dst
}

// Conns returns every connection seen.
func (s *RecordingSource) Conns() map[uint64]*HashConn { return s.conns }

// Source replays a recording's events at the ticks they were applied in,
// to connections that only hash what they are sent.
type Source struct {
	events []Event
	next   int
	tick   func() uint64
	conns  conns
	// OnLogin, when set, is called for each recorded login with a key
	// before its Connected event is yielded: the replay binds the name
	// there, as the recorded server's handshake did before its tick saw
	// the client.
	OnLogin func(name string, key []byte)
}

// NewSource replays rec; tick reports the tick being run.
func NewSource(rec *Recording, tick func() uint64) *Source {
	return &Source{events: rec.Events, tick: tick, conns: conns{}}
}

// Drain yields the events of the current tick.
func (s *Source) Drain(dst []network.InEvent) []network.InEvent {
	now := s.tick()
	for s.next < len(s.events) && s.events[s.next].Tick <= now {
		e := s.events[s.next]
		s.next++
		if e.Kind == wire.Connected && len(e.Key) > 0 && s.OnLogin != nil {
			s.OnLogin(e.Name, e.Key)
		}
		ev := network.InEvent{Kind: e.Kind, ID: e.Client, Name: e.Name, ViewDistance: e.ViewDistance, Features: e.Features, Key: e.Key, Msg: e.Msg, Code: e.Code}
		s.conns.wrap(&ev, true)
		dst = append(dst, ev)
	}
	return dst
}

// Conns returns every connection seen.
func (s *Source) Conns() map[uint64]*HashConn { return s.conns }

// Done reports whether every event has been yielded.
func (s *Source) Done() bool { return s.next >= len(s.events) }
