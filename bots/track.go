package bots

import (
	"sync"
	"time"

	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// maxDelaySamples bounds the delay samples one connection keeps, so a long
// run cannot grow without bound; beyond it only counters advance.
const maxDelaySamples = 1 << 18

// tracker follows one connection's view: which sections lie in the plain
// radius-R cylinder around the bot's current section, which ones the bot
// holds, and since when each missing one has been wanted. The bot's tick
// goroutine moves it, the chunk stream's goroutine feeds it Chunks and
// Drops; a mutex orders the two.
type tracker struct {
	mu           sync.Mutex
	missingAfter time.Duration

	started bool
	cyl     resources.Cylinder
	dialed  time.Time // start of the dial, for the time to first view
	held    map[chunk.Pos]struct{}
	pending map[chunk.Pos]entry
	// fifo lists pending entries in entry order, so the check for
	// sections missing longer than missingAfter looks only at the oldest
	// instead of every pending section every tick. Entries that arrived
	// or left are skipped lazily.
	fifo     []fifoItem
	fifoHead int
	// laterHead is fifo's head for twice missingAfter (Later).
	laterHead int

	// moving is set once the bot leaves its loading screen: from then on
	// sections entering the view are delay samples; the ones of the
	// initial view are accounted by the time to the first complete view.
	moving bool

	st trackStats
}

// entry is a section of the view that has not arrived.
type entry struct {
	at    time.Time
	join  bool // part of the initial view, not a delay sample
	late  bool // already counted as missing after missingAfter
	later bool // and after twice that
}

type fifoItem struct {
	p  chunk.Pos
	at time.Time
}

// trackStats are one connection's figures.
type trackStats struct {
	// Chunks and Drops received; DataBytes is the encoded section data.
	Chunks, Drops, DataBytes uint64
	// ChunksMoving counts Chunks received after the bot started moving.
	ChunksMoving uint64
	// FirstView is the time from the dial to the first moment the whole
	// view was held; Complete says whether that happened.
	FirstView time.Duration
	Complete  bool
	// Entered counts sections that entered the view while moving;
	// Prefetched those of them already held at that moment; Arrived those
	// that arrived later while still in view; LeftEarly those that left
	// the view before arriving.
	Entered, Prefetched, Arrived, LeftEarly uint64
	// Late counts sections still missing MissingAfter after entering,
	// Later those still missing twice as long after.
	Late, Later uint64
	// DroppedInView counts Drops of sections inside the bot's own view
	// (the server's idea of the bot's position differed from the bot's).
	DroppedInView uint64
	// StillMissing counts sections of the view missing when the
	// connection ended (initial view excluded).
	StillMissing uint64
	// MaxMissing is the longest any section (initial view excluded) was
	// missing: arrived, left or still missing at the end.
	MaxMissing time.Duration
	// Delays holds entry-to-arrival delays of sections that were not
	// held on entry.
	Delays []time.Duration
}

func newTracker(missingAfter time.Duration) *tracker {
	return &tracker{missingAfter: missingAfter, held: map[chunk.Pos]struct{}{}, pending: map[chunk.Pos]entry{}}
}

// begin sets the view once the Welcome is in: every section of it not
// already held is wanted from now, as part of the initial view.
func (t *tracker) begin(center chunk.Pos, radius int, dialed, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.started = true
	t.dialed = dialed
	t.cyl = resources.Cylinder{Center: center, Radius: radius}
	for _, p := range t.cyl.Positions(nil) {
		if _, ok := t.held[p]; !ok {
			t.want(p, now)
		}
	}
	t.checkComplete(now)
}

// want records that p, which is not held, is wanted from now.
func (t *tracker) want(p chunk.Pos, now time.Time) {
	t.pending[p] = entry{at: now, join: !t.moving}
	t.fifo = append(t.fifo, fifoItem{p, now})
}

func (t *tracker) checkComplete(now time.Time) {
	if !t.st.Complete && len(t.pending) == 0 {
		t.st.Complete = true
		t.st.FirstView = now.Sub(t.dialed)
	}
}

// chunk records an arrived section.
func (t *tracker) chunk(p chunk.Pos, dataLen int, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.st.Chunks++
	t.st.DataBytes += uint64(dataLen)
	if t.moving {
		t.st.ChunksMoving++
	}
	t.held[p] = struct{}{}
	e, ok := t.pending[p]
	if !ok {
		return
	}
	delete(t.pending, p)
	if !e.join {
		d := now.Sub(e.at)
		t.st.Arrived++
		t.st.MaxMissing = max(t.st.MaxMissing, d)
		if len(t.st.Delays) < maxDelaySamples {
			t.st.Delays = append(t.st.Delays, d)
		}
	}
	if t.started {
		t.checkComplete(now)
	}
}

// drop records a Drop. A dropped section inside the bot's own view is
// wanted again from now.
func (t *tracker) drop(p chunk.Pos, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.st.Drops++
	delete(t.held, p)
	if t.started && t.cyl.Contains(p) {
		t.st.DroppedInView++
		if _, ok := t.pending[p]; !ok {
			t.want(p, now)
		}
	}
}

// startMoving ends the loading screen.
func (t *tracker) startMoving() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.moving = true
}

// complete reports whether the whole view is held.
func (t *tracker) complete() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.started && len(t.pending) == 0
}

// moveTo recentres the view on the bot's section c: sections that entered
// are wanted (or counted as prefetched), missing ones that left are given
// up.
func (t *tracker) moveTo(c chunk.Pos, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.started || c == t.cyl.Center {
		return
	}
	old := t.cyl
	t.cyl.Center = c
	for p, e := range t.pending {
		if t.cyl.Contains(p) {
			continue
		}
		delete(t.pending, p)
		if !e.join {
			t.st.LeftEarly++
			t.st.MaxMissing = max(t.st.MaxMissing, now.Sub(e.at))
		}
	}
	for _, p := range t.cyl.Positions(nil) {
		if old.Contains(p) {
			continue
		}
		if t.moving {
			t.st.Entered++
		}
		if _, ok := t.held[p]; ok {
			if t.moving {
				t.st.Prefetched++
			}
			continue
		}
		t.want(p, now)
	}
	t.checkComplete(now)
}

// tick counts sections missing for longer than missingAfter.
func (t *tracker) tick(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.fifoHead < len(t.fifo) {
		it := t.fifo[t.fifoHead]
		if now.Sub(it.at) < t.missingAfter {
			break
		}
		t.fifoHead++
		if e, ok := t.pending[it.p]; ok && e.at.Equal(it.at) && !e.join && !e.late {
			e.late = true
			t.pending[it.p] = e
			t.st.Late++
		}
	}
	for t.laterHead < t.fifoHead {
		it := t.fifo[t.laterHead]
		if now.Sub(it.at) < 2*t.missingAfter {
			break
		}
		t.laterHead++
		if e, ok := t.pending[it.p]; ok && e.at.Equal(it.at) && e.late && !e.later {
			e.later = true
			t.pending[it.p] = e
			t.st.Later++
		}
	}
	// Compact once the consumed head dominates, keeping the slice bounded
	// by what entered within the last twice missingAfter.
	if t.laterHead > 1024 && t.laterHead*2 > len(t.fifo) {
		n := copy(t.fifo, t.fifo[t.laterHead:])
		t.fifo = t.fifo[:n]
		t.fifoHead -= t.laterHead
		t.laterHead = 0
	}
}

// finish closes the books at the end of the connection and returns the
// figures, together with the number of sections held.
func (t *tracker) finish(now time.Time) (trackStats, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.pending {
		if e.join {
			continue
		}
		t.st.StillMissing++
		t.st.MaxMissing = max(t.st.MaxMissing, now.Sub(e.at))
	}
	return t.st, len(t.held)
}
