package cluster

import (
	"crypto/rand"
	"slices"
	"strings"

	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/entities"
)

// An entity that walks into a region another shard owns is handed over
// in one atomic write of this shard's (its column without it, and a
// hand-over record under the column it enters: rcluster's handoff.go);
// the shard that simulates that column adopts it from the record. See
// docs/cluster.md, "Entities".

// HandOver names a hand-over into column (x, z) (entities.Handover):
// there is one when another shard owns the column's region. Whoever holds
// the region when the record lands, or takes it later, adopts it.
func (p *Plugin) HandOver(x, z int32) (string, bool) {
	owner, ok := p.c.Leases.Owner(columnRegion(x, z))
	if !ok || owner == p.c.Shard() {
		return "", false
	}
	p.Stats.HandoversOut.Add(1)
	return rand.Text(), true
}

// Transit names a move into column (x, z) of a region this shard owns,
// from another (entities.Transits): each region is one atomic batch, so
// the move goes through a hand-over record too, adopted in place here.
func (p *Plugin) Transit(x, z int32) (string, bool) {
	owner, ok := p.c.Leases.Owner(columnRegion(x, z))
	if !ok || owner != p.c.Shard() {
		return "", false
	}
	p.Stats.Transits.Add(1)
	return rand.Text(), true
}

// handoverRetry is how many ticks a failed read of hand-over records
// waits before the next.
const handoverRetry = 20

// handoverSystem is the tick's side of hand-overs, run by
// cluster_inbound: the hand-over records stored under columns this shard
// arbitrates and has resident are read, on its worker goroutine so that
// the tick does not wait for the round trip, and adopted on a later tick.
type handoverSystem struct {
	p   *Plugin
	reg *entities.Registry

	// adopting holds the records adopted here, with the lease epoch they
	// were adopted under, until the index no longer lists them (their
	// deletion is durable) — or, under another lease, they are due again
	// (the write that deleted them was refused).
	adopting map[string]uint64
	// bad holds records that cannot be adopted (corrupt, or not an
	// entity to spawn), left where they are for an operator.
	bad     map[string]bool
	reading bool // a read is with the worker
	retryAt uint64

	reads chan []string
	done  chan struct{}

	keys   []string
	listed map[string]bool
	items  []entities.Adoption
}

// handoffsRead is what the worker read, for the tick.
type handoffsRead struct {
	got []rcluster.HandoffRecord
	err error
}

func newHandoverSystem(p *Plugin, reg *entities.Registry) *handoverSystem {
	return &handoverSystem{p: p, reg: reg, adopting: map[string]uint64{}, bad: map[string]bool{}, listed: map[string]bool{}}
}

// start runs the worker until stop.
func (s *handoverSystem) start() {
	s.reads, s.done = make(chan []string, 1), make(chan struct{})
	go func() {
		defer close(s.done)
		for keys := range s.reads {
			got, err := s.p.c.Store().LoadHandoffs(keys)
			s.p.in.put(func(b *inbox) { b.handoffs = append(b.handoffs, handoffsRead{got, err}) })
		}
	}()
}

// stop ends the worker once its read is done.
func (s *handoverSystem) stop() {
	if s.reads != nil {
		close(s.reads)
		<-s.done
		s.reads = nil
	}
}

// run adopts what the worker read, and hands it the records due now.
func (s *handoverSystem) run(tick uint64, reads []handoffsRead) {
	for _, rd := range reads {
		s.reading = false
		s.adopt(tick, rd)
	}
	p := s.p
	st := p.c.Store()
	s.keys = s.keys[:0]
	clear(s.listed)
	st.Handoffs(func(x, z int32, keys []string) {
		due := p.arbitrates(columnRegion(x, z)) && s.reg.ColumnResident(x, z)
		epoch := st.Epoch(x, z)
		for _, k := range keys {
			s.listed[k] = true
			e, ok := s.adopting[k]
			switch {
			case !due || s.bad[k] || (ok && e == epoch):
			case s.reg.AdoptTransit(k, k[strings.LastIndexByte(k, '.')+1:]):
				// An entity of this shard's between two of its regions:
				// simulated all along, no read needed.
				s.adopting[k] = epoch
			default:
				s.keys = append(s.keys, k)
			}
		}
	})
	for k := range s.adopting {
		if !s.listed[k] {
			delete(s.adopting, k)
		}
	}
	for k := range s.bad {
		if !s.listed[k] {
			delete(s.bad, k)
		}
	}
	if len(s.keys) == 0 || s.reading || tick < s.retryAt || s.reads == nil {
		return
	}
	s.reading = true
	s.reads <- slices.Clone(s.keys)
}

// adopt adopts the records of one read, those still due: the column
// resident and arbitrated here, the record not adopted meanwhile.
func (s *handoverSystem) adopt(tick uint64, rd handoffsRead) {
	p := s.p
	st := p.c.Store()
	if rd.err != nil {
		p.log.Warn().Err(rd.err).Msg("hand-over records not read; trying again")
		s.retryAt = tick + handoverRetry
		return
	}
	s.items = s.items[:0]
	for _, h := range rd.got {
		if e, ok := s.adopting[h.Key]; ok && e == st.Epoch(h.X, h.Z) {
			continue
		}
		switch {
		case h.Gone:
			// Adopted elsewhere (or here: the index has not caught up).
			s.adopting[h.Key] = st.Epoch(h.X, h.Z)
		case h.Err != nil:
			p.log.Error().Err(h.Err).Str("key", h.Key).Msg("hand-over record not adopted; left in place")
			s.bad[h.Key] = true
			p.Stats.HandoversRefused.Add(1)
		case p.arbitrates(columnRegion(h.X, h.Z)) && s.reg.ColumnResident(h.X, h.Z):
			s.items = append(s.items, entities.Adoption{Key: h.Key, X: h.X, Z: h.Z, Entity: h.Entity})
		}
	}
	for i, err := range s.reg.Adopt(s.items) {
		it := &s.items[i]
		if err != nil {
			// Not an entity to spawn (the column was checked above).
			p.log.Warn().Err(err).Str("key", it.Key).Msg("hand-over record not adopted; left in place")
			s.bad[it.Key] = true
			p.Stats.HandoversRefused.Add(1)
			continue
		}
		s.adopting[it.Key] = st.Epoch(it.X, it.Z)
		p.Stats.HandoversIn.Add(1)
	}
	clear(s.items)
}
