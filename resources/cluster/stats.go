package cluster

import (
	"sync"
	"sync/atomic"
)

// Stats are the cluster layer's counters since Connect.
type Stats struct {
	LeasesHeld   int
	Claims       uint64 // claims that took a lease
	ClaimsLost   uint64 // claims that found another owner
	Renewals     uint64 // lease renewals acknowledged
	LeasesLost   uint64 // leases dropped: a renewal or a fenced write refused
	FencedWrites uint64 // section and column writes refused (not held, or refused by the server)
	// AtomicBatches counts the regions' atomic batches committed (each
	// several writes in one round trip).
	AtomicBatches uint64
	// WatchRestarts counts section watchers started again: ended
	// underneath or stalled.
	WatchRestarts uint64
	// RoundTrips counts KV operations and waits for a set of acks (a
	// Commit round, a renewal round); RoundTripNanos is their total time.
	RoundTrips     uint64
	RoundTripNanos uint64
	// MsgsIn and MsgsOut count messages by subject family: "lease",
	// "sec", "ent", "session", "shard", "player", and any family the
	// server adds through Count.
	MsgsIn, MsgsOut map[string]uint64
}

// counters are the live, atomic form of Stats.
type counters struct {
	claims, claimsLost, renewals, leasesLost, fenced atomic.Uint64
	batches                                          atomic.Uint64
	watchRestarts                                    atomic.Uint64
	roundTrips, roundTripNanos                       atomic.Uint64

	fmu sync.RWMutex
	fam map[string]*[2]atomic.Uint64 // [0] in, [1] out
}

func (s *counters) init() {
	s.fam = map[string]*[2]atomic.Uint64{}
	for _, f := range []string{"lease", "sec", "ent", "session", "shard", "player"} {
		s.fam[f] = new([2]atomic.Uint64)
	}
}

// Count adds n messages of a subject family, received (in) or sent; the
// server counts its own core-NATS subjects with it. Safe from any
// goroutine.
func (c *Cluster) Count(family string, in bool, n int) { c.st.count(family, in, n) }

// count is Count, for the parts.
func (l *link) count(family string, in bool, n int) { l.st.count(family, in, n) }

func (s *counters) count(family string, in bool, n int) {
	s.fmu.RLock()
	f, ok := s.fam[family]
	s.fmu.RUnlock()
	if !ok {
		s.fmu.Lock()
		if f, ok = s.fam[family]; !ok {
			f = new([2]atomic.Uint64)
			s.fam[family] = f
		}
		s.fmu.Unlock()
	}
	i := 1
	if in {
		i = 0
	}
	f[i].Add(uint64(n))
}

// Stats returns a snapshot of the counters.
func (c *Cluster) Stats() Stats {
	held := c.Leases.heldCount()
	s := Stats{
		LeasesHeld:     held,
		Claims:         c.st.claims.Load(),
		ClaimsLost:     c.st.claimsLost.Load(),
		Renewals:       c.st.renewals.Load(),
		LeasesLost:     c.st.leasesLost.Load(),
		FencedWrites:   c.st.fenced.Load(),
		AtomicBatches:  c.st.batches.Load(),
		WatchRestarts:  c.st.watchRestarts.Load(),
		RoundTrips:     c.st.roundTrips.Load(),
		RoundTripNanos: c.st.roundTripNanos.Load(),
		MsgsIn:         map[string]uint64{},
		MsgsOut:        map[string]uint64{},
	}
	c.st.fmu.RLock()
	for name, f := range c.st.fam {
		s.MsgsIn[name] = f[0].Load()
		s.MsgsOut[name] = f[1].Load()
	}
	c.st.fmu.RUnlock()
	return s
}
