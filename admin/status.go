package admin

import (
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// historyInterval is the spacing of the timing history's samples: the
	// page polls once a second, so finer samples would never be drawn.
	historyInterval = time.Second
	// historyLen is how many samples the history keeps (two minutes), so a
	// freshly opened page draws its chart at once instead of starting empty.
	historyLen = 120
)

// Status holds the latest published Snapshot for the HTTP handlers, and a
// short history of tick timings for the status page's chart. The zero
// value is not usable; call NewStatus.
type Status struct {
	cur  atomic.Pointer[published]
	hist atomic.Pointer[[]sample]
	// mu serialises Publish's history update; readers never take it.
	mu  sync.Mutex
	now func() time.Time
}

// NewStatus returns a Status with nothing published: /readyz answers 503
// and /api/status 503 until the first Publish.
func NewStatus() *Status {
	s := &Status{now: time.Now}
	s.hist.Store(&[]sample{})
	return s
}

// Publish makes snap the snapshot handlers see. It is an atomic pointer
// swap plus, at most once a second, a copy of a 120-entry slice header
// array, so the tick can call it every tick. snap must not be modified
// afterwards. A nil snap is ignored. Sets snap.Time to now if it is zero.
func (s *Status) Publish(snap *Snapshot) {
	if snap == nil {
		return
	}
	if snap.Time.IsZero() {
		snap.Time = s.now()
	}
	s.cur.Store(&published{snap: snap})
	s.record(snap)
}

// Latest returns the most recently published snapshot, or nil before the
// first Publish. The caller must not modify it.
func (s *Status) Latest() *Snapshot {
	if p := s.cur.Load(); p != nil {
		return p.snap
	}
	return nil
}

// Ready reports whether a snapshot was published and says ready.
func (s *Status) Ready() bool {
	snap := s.Latest()
	return snap != nil && snap.Ready
}

// record appends snap's timings to the history when a sample is due. The
// new slice is built aside and swapped in, so readers never see it change.
func (s *Status) record(snap *Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := *s.hist.Load()
	if n := len(old); n > 0 && snap.Time.Sub(old[n-1].Time) < historyInterval {
		return
	}
	keep := old
	if len(keep) >= historyLen {
		keep = keep[len(keep)-historyLen+1:]
	}
	next := make([]sample, len(keep), len(keep)+1)
	copy(next, keep)
	// Systems is shared with the snapshot, not copied: a published
	// snapshot is immutable, and sharing keeps only that slice alive, not
	// the snapshot's columns.
	next = append(next, sample{Time: snap.Time, Tick: snap.Tick, TPS: snap.TPS, TickTiming: snap.TickTiming, Systems: snap.Systems})
	s.hist.Store(&next)
}

// history returns the timing samples, oldest first.
func (s *Status) history() []sample { return *s.hist.Load() }

// sample is one point of the status page's tick-time chart.
type sample struct {
	Time       time.Time `json:"time"`
	Tick       uint64    `json:"tick"`
	TPS        float64   `json:"tps"`
	TickTiming Timing    `json:"tick_timing"`
	Systems    []Timing  `json:"systems"`
}

// published is a snapshot with its JSON encoding made once, on the first
// request that needs it, so that many open pages cost one encoding per
// snapshot and the tick never pays for encoding.
type published struct {
	snap *Snapshot
	once sync.Once
	body []byte
	err  error
}

// snapshotJSON is the /api/status document: the snapshot plus derived
// figures the page would otherwise compute.
type snapshotJSON struct {
	*Snapshot
	// Columns shadows Snapshot.Columns (the shallower field wins) to encode
	// them in one pass.
	Columns       columnList `json:"columns"`
	UptimeSeconds float64    `json:"uptime_s"`
}

func (p *published) json() ([]byte, error) {
	p.once.Do(func() {
		p.body, p.err = json.Marshal(snapshotJSON{p.snap, p.snap.Columns, p.snap.Uptime().Seconds()})
		if p.err != nil {
			p.err = fmt.Errorf("encode snapshot of tick %d: %w", p.snap.Tick, p.err)
		}
	})
	return p.body, p.err
}
