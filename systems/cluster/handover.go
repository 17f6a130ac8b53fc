package cluster

import (
	"crypto/rand"

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
	owner, ok := p.c.Owner(columnRegion(x, z))
	if !ok || owner == p.c.Shard() {
		return "", false
	}
	p.Stats.HandoversOut.Add(1)
	return rand.Text(), true
}

// handoverRetry is how many ticks a failed read of hand-over records
// waits before the next.
const handoverRetry = 20

// handoverSystem is the tick's side of hand-overs, run by
// cluster_inbound: the hand-over records stored under columns this shard
// arbitrates and has resident are read and adopted.
type handoverSystem struct {
	p   *Plugin
	reg *entities.Registry

	// adopting holds the records adopted here, with the lease epoch they
	// were adopted under, until the index no longer lists them (their
	// deletion is durable) — or, under another lease, they are due again
	// (the write that deleted them was refused).
	adopting map[string]uint64
	// bad holds records that cannot be adopted (corrupt, or not an
	// entity to spawn), left for `strata repair`.
	bad     map[string]bool
	retryAt uint64
	tick    uint64

	keys   []string
	listed map[string]bool
	items  []entities.Adoption
}

func newHandoverSystem(p *Plugin, reg *entities.Registry) *handoverSystem {
	return &handoverSystem{p: p, reg: reg, adopting: map[string]uint64{}, bad: map[string]bool{}, listed: map[string]bool{}}
}

func (s *handoverSystem) run(tick uint64) {
	p := s.p
	st := p.c.Store()
	s.tick = tick
	s.keys = s.keys[:0]
	clear(s.listed)
	st.Handoffs(func(x, z int32, keys []string) {
		due := p.arbitrates(columnRegion(x, z)) && s.reg.ColumnResident(x, z)
		epoch := st.Epoch(x, z)
		for _, k := range keys {
			s.listed[k] = true
			if e, ok := s.adopting[k]; due && !s.bad[k] && (!ok || e != epoch) {
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
	if len(s.keys) == 0 || tick < s.retryAt {
		return
	}
	// One round trip on the tick, for the few records in flight.
	got, err := st.LoadHandoffs(s.keys)
	if err != nil {
		p.log.Warn().Err(err).Int("records", len(s.keys)).Msg("hand-over records not read; trying again")
		s.retryAt = tick + handoverRetry
		return
	}
	s.items = s.items[:0]
	for _, h := range got {
		switch {
		case h.Gone:
			// Adopted elsewhere (or here: the index has not caught up).
			s.adopting[h.Key] = st.Epoch(h.X, h.Z)
		case h.Err != nil:
			p.log.Error().Err(h.Err).Str("key", h.Key).Msg("hand-over record not adopted; kept for strata repair")
			s.bad[h.Key] = true
			p.Stats.HandoversRefused.Add(1)
		default:
			s.items = append(s.items, entities.Adoption{Key: h.Key, X: h.X, Z: h.Z, Entity: h.Entity})
		}
	}
	for i, err := range s.reg.Adopt(s.items) {
		it := &s.items[i]
		if err != nil {
			// Not spawnable here, now or ever: the column left, or the
			// record is not an entity.
			p.log.Warn().Err(err).Str("key", it.Key).Msg("hand-over record not adopted")
			if s.reg.ColumnResident(it.X, it.Z) {
				s.bad[it.Key] = true
				p.Stats.HandoversRefused.Add(1)
			}
			continue
		}
		s.adopting[it.Key] = st.Epoch(it.X, it.Z)
		p.Stats.HandoversIn.Add(1)
	}
	clear(s.items)
}
