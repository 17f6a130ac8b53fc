package storage

import (
	"sync"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/rs/zerolog"
)

// Back-off of compactions after one meets a damaged block: Pebble retries
// a failed compaction at once, and one over a damaged L0 table fails every
// time, reading the table again each time.
const (
	minCompactionPause = time.Second
	maxCompactionPause = 5 * time.Minute
)

// compactionGate is Pebble's compaction scheduler (the concurrency limit
// Pebble's default applies) with a brake: after a compaction fails on
// damage it grants nothing for a pause that doubles with each further
// failure, and resets once a compaction succeeds. Pebble starts it in
// Register and stops it in Unregister, at Close; its goroutine re-offers
// grants every 100 ms, as Pebble's default does.
type compactionGate struct {
	log zerolog.Logger
	now func() time.Time
	db  pebble.DBForCompaction

	mu           sync.Mutex
	cond         *sync.Cond // signalled when granting ends
	running      int
	granting     bool
	registered   bool
	unregistered bool
	pausedUntil  time.Time
	pause        time.Duration

	poke chan struct{}
	stop chan struct{}
	done chan struct{}
}

func newCompactionGate(log zerolog.Logger) *compactionGate {
	g := &compactionGate{log: log, now: time.Now, poke: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// Register starts the granting goroutine.
func (g *compactionGate) Register(_ int, db pebble.DBForCompaction) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.db = db
	g.registered = true
	go g.loop()
}

// Unregister stops granting and waits for a grant in progress. Pebble
// calls it at Close; open calls it too when Pebble fails to open after
// registering, so it may run twice, or without Register.
func (g *compactionGate) Unregister() {
	g.mu.Lock()
	started := g.registered && !g.unregistered
	g.unregistered = true
	g.mu.Unlock()
	if started {
		close(g.stop)
		<-g.done
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.granting {
		g.cond.Wait()
	}
}

// TrySchedule grants a compaction within Pebble's concurrency limit,
// unless compactions are paused.
func (g *compactionGate) TrySchedule() (bool, pebble.CompactionGrantHandle) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.unregistered || g.now().Before(g.pausedUntil) {
		return false, nil
	}
	if g.db.GetAllowedWithoutPermission() > g.running {
		g.running++
		return true, g
	}
	return false, nil
}

// UpdateGetAllowedWithoutPermission wakes the granting goroutine: a flush
// may have raised the limit.
func (g *compactionGate) UpdateGetAllowedWithoutPermission() {
	select {
	case g.poke <- struct{}{}:
	default:
	}
}

// Started, MeasureCPU and CumulativeStats make the gate its own grant
// handle; it measures nothing.
func (g *compactionGate) Started()                                          {}
func (g *compactionGate) MeasureCPU(pebble.CompactionGoroutineKind)         {}
func (g *compactionGate) CumulativeStats(pebble.CompactionGrantHandleStats) {}

// Done ends a granted compaction and offers its slot to a waiting one.
func (g *compactionGate) Done() {
	g.mu.Lock()
	g.running--
	g.grantAndUnlock()
}

// damaged pauses compactions after one failed on damage. Pebble calls it
// (through the event listener) holding its own mutex, which is ordered
// before the gate's.
func (g *compactionGate) damaged() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pause = min(max(2*g.pause, minCompactionPause), maxCompactionPause)
	g.pausedUntil = g.now().Add(g.pause)
	g.log.Warn().Dur("pause_ms", g.pause).
		Msg("storage: compactions paused after one met damaged data; Pebble cannot compact past it until strata repair runs, and reads slow down as tables pile up")
}

// succeeded resets the pause after a compaction that completed.
func (g *compactionGate) succeeded() {
	g.mu.Lock()
	g.pause = 0
	g.mu.Unlock()
}

// grantAndUnlock offers waiting compactions the free slots, once the
// pause is over. Called with mu held; returns with it released. Pebble's
// methods are called without mu, as its lock order requires.
func (g *compactionGate) grantAndUnlock() {
	defer g.mu.Unlock()
	for g.granting {
		g.cond.Wait()
	}
	if g.unregistered || g.now().Before(g.pausedUntil) {
		return
	}
	free := g.db.GetAllowedWithoutPermission() - g.running
	if free <= 0 {
		return
	}
	g.granting = true
	g.mu.Unlock()
	for ; free > 0; free-- {
		if waiting, _ := g.db.GetWaitingCompaction(); !waiting || !g.db.Schedule(g) {
			break
		}
		g.mu.Lock()
		g.running++
		g.mu.Unlock()
	}
	g.mu.Lock()
	g.granting = false
	g.cond.Broadcast()
}

func (g *compactionGate) loop() {
	defer close(g.done)
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-g.poke:
		case <-g.stop:
			return
		}
		g.mu.Lock()
		g.grantAndUnlock()
	}
}
