package lod

import (
	"sync"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/resources/chunk"
)

// input is what a tick hands the planner: every LOD client as the tick
// saw it, and the sections edited since the last hand-over the planner
// took.
type input struct {
	// ticks is the hand-overs folded into this one (more than one when
	// the planner was still busy): the step's delivery budget is as
	// many ticks' worth.
	ticks int
	// at is when the tick that made views ran: a ring that moved is
	// measured from there.
	at    time.Time
	views []viewIn
	edits []editIn
}

// viewIn is one LOD client as the tick saw it.
type viewIn struct {
	id     uint64
	conn   components.Conn
	eye    chunk.Pos
	radius int
	pad    int
	levels int
	// level0Pending is set while level-0 sections of the client's view
	// are still to be sent: LOD then gets a quarter of its budget.
	level0Pending bool
}

// editIn is a section an edit changed: its content as the edit left it,
// or nil when the planner should load it from storage when it builds.
type editIn struct {
	pos chunk.Pos
	sec *chunk.Section
}

// handoff is where the tick leaves its input for the planner: the tick
// writes under mu, the planner swaps it out under mu. The views of a
// later tick replace an earlier one's not yet taken; edits accumulate.
type handoff struct {
	mu      sync.Mutex
	pending input
}

// put leaves the tick's views and edits for the planner (views and edits
// are copied: the tick reuses them) and reports whether an earlier
// hand-over was still waiting.
func (h *handoff) put(at time.Time, views []viewIn, edits []editIn) (coalesced bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	coalesced = h.pending.ticks > 0
	h.pending.ticks++
	h.pending.at = at
	h.pending.views = append(h.pending.views[:0], views...)
	h.pending.edits = append(h.pending.edits, edits...)
	return coalesced
}

// take moves the waiting hand-over into dst (reusing dst's slices) and
// reports whether there was one.
func (h *handoff) take(dst *input) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.pending.ticks == 0 {
		return false
	}
	*dst, h.pending = h.pending, input{views: dst.views[:0], edits: dst.edits[:0]}
	return true
}

// run is the planner's goroutine: a step for every hand-over, until
// stop.
func (h *Horizon) run() {
	defer h.wg.Done()
	for {
		select {
		case <-h.quit:
			return
		case <-h.wake:
		}
		if h.handoff.take(&h.in) {
			h.plan(&h.in)
		}
	}
}

// stop ends the planner's goroutine and waits for it.
func (h *Horizon) stop() {
	h.stopOnce.Do(func() { close(h.quit) })
	h.wg.Wait()
}

// hand gives the planner the tick's input: inline in deterministic
// mode, otherwise by waking its goroutine, which never makes the tick
// wait (a planner still busy takes the input when it is done, folded
// with the next tick's).
func (h *Horizon) hand(at time.Time, views []viewIn, edits []editIn) {
	if h.cfg.Deterministic {
		h.in.ticks, h.in.at = 1, at
		h.in.views = append(h.in.views[:0], views...)
		h.in.edits = append(h.in.edits[:0], edits...)
		h.plan(&h.in)
		return
	}
	if h.handoff.put(at, views, edits) {
		h.Stats.Coalesced.Add(1)
	}
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// plan is one step of the planner: the edits dirty their ancestors, the
// views move their rings (tiles, union), finished builds enter the
// cache, missing sections go to the pool, and every client is sent what
// its budget allows.
func (h *Horizon) plan(in *input) {
	start := time.Now()
	h.step++
	h.applyEdits(in.edits)
	h.follow(in)
	h.jobs()
	h.deliver(in)
	h.Stats.Steps.Add(1)
	h.Stats.StepNanos.Add(uint64(time.Since(start)))
	clear(in.edits) // drop the sections' references
}
