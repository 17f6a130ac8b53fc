package cluster

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// SectionUpdate is one change of a stored section seen by WatchSections.
type SectionUpdate struct {
	Pos      chunk.Pos
	Section  chunk.Section
	Revision uint64 // the section record's revision (not the KV revision)
	Deleted  bool
}

// sectionWatch is one WatchSections feed.
type sectionWatch struct {
	mu      sync.Mutex
	w       jetstream.KeyWatcher // the current watcher, replaced on a restart
	stopped bool
	kicked  bool // restart stopped the current watcher
	done    chan struct{}
	// last is the KV revision of the newest change delivered, or stored
	// when the feed started.
	last atomic.Uint64
}

// restart stops the current watcher, for the feed's goroutine to start
// another from the revision after the last one seen.
func (s *sectionWatch) restart() {
	s.mu.Lock()
	w := s.w
	s.kicked = true
	s.mu.Unlock()
	if w != nil {
		_ = w.Stop()
	}
}

func (s *sectionWatch) stop() {
	s.mu.Lock()
	s.stopped = true
	w := s.w
	s.mu.Unlock()
	if w != nil {
		_ = w.Stop()
	}
	<-s.done
}

// watchRetry is the pause before a section watch that ended is started
// again.
const watchRetry = 250 * time.Millisecond

// stallCheck is how often a section watch is compared with the stream:
// one that delivered nothing while a newer section change was stored, at
// two checks running, has stalled.
const stallCheck = 2 * time.Second

// WatchSections calls fn, on the watch's own goroutine, for every
// section stored or deleted from now on (by any shard, this one
// included). Corrupt values are logged and skipped. A watch that ends
// underneath (its consumer lost with a NATS node), or that stalls (a
// newer change is stored and none arrives, see stallCheck), is started
// again from the revision after the last one seen, so no change is
// missed. stop ends the feed and waits for fn to return; Close stops it
// too.
func (c *Cluster) WatchSections(fn func(SectionUpdate)) (stop func(), err error) {
	w, err := c.world.Watch(c.ctx, "sec.>", jetstream.UpdatesOnly())
	if err != nil {
		return nil, fmt.Errorf("watch sections: %w", err)
	}
	sw := &sectionWatch{w: w, done: make(chan struct{})}
	c.watchMu.Lock()
	if c.ctx.Err() != nil {
		c.watchMu.Unlock()
		_ = w.Stop()
		return nil, fmt.Errorf("watch sections: %w", c.ctx.Err())
	}
	c.watches[sw] = struct{}{}
	c.watchMu.Unlock()
	if rev, err := c.lastSectionRevision(); err == nil {
		sw.last.Store(rev) // what is stored already is not awaited
	}
	checking := make(chan struct{})
	go c.watchStalls(sw, checking)
	go func() {
		defer close(sw.done)
		defer close(checking)
		var last uint64 // the KV revision of the last change seen
		for {
			for e := range w.Updates() {
				if e == nil {
					continue
				}
				last = e.Revision()
				if last > sw.last.Load() {
					sw.last.Store(last) // one writer: this goroutine
				}
				c.deliverSection(e, fn)
			}
			for {
				sw.mu.Lock()
				stopped, kicked := sw.stopped, sw.kicked
				sw.kicked = false
				sw.mu.Unlock()
				if stopped || c.ctx.Err() != nil {
					return
				}
				if !kicked {
					c.log.Warn().Uint64("after_revision", last).Msg("section watch ended; starting it again")
				}
				time.Sleep(watchRetry)
				opt := jetstream.UpdatesOnly()
				if from := max(last, sw.last.Load()); from > 0 {
					opt = jetstream.ResumeFromRevision(from + 1)
				}
				nw, err := c.world.Watch(c.ctx, "sec.>", opt)
				if err != nil {
					continue
				}
				sw.mu.Lock()
				if sw.stopped {
					sw.mu.Unlock()
					_ = nw.Stop()
					return
				}
				sw.w, w = nw, nw
				sw.mu.Unlock()
				c.st.watchRestarts.Add(1)
				break
			}
		}
	}()
	return func() {
		c.watchMu.Lock()
		delete(c.watches, sw)
		c.watchMu.Unlock()
		sw.stop()
	}, nil
}

// watchStalls restarts sw's watcher when it has stalled: at two checks
// running, the newest section change stored is newer than the last one
// delivered, and nothing was delivered in between. It returns when done
// is closed.
func (c *Cluster) watchStalls(sw *sectionWatch, done <-chan struct{}) {
	t := time.NewTicker(stallCheck)
	defer t.Stop()
	var behind bool // at the previous check, a newer change was stored than delivered
	var at uint64   // the last revision delivered then
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		stored, err := c.lastSectionRevision()
		last := sw.last.Load()
		switch {
		case err != nil || stored <= last:
			behind = false
		case behind && at == last:
			c.log.Warn().Uint64("after_revision", last).Uint64("stored_revision", stored).Msg("section watch stalled; starting it again")
			sw.restart()
			behind = false
		default:
			behind, at = true, last
		}
	}
}

// lastSectionRevision returns the KV revision of the newest section change
// stored.
func (c *Cluster) lastSectionRevision() (uint64, error) {
	ctx, cancel := context.WithTimeout(c.ctx, stallCheck)
	defer cancel()
	c.watchMu.Lock()
	st := c.worldStream
	c.watchMu.Unlock()
	if st == nil {
		var err error
		if st, err = c.js.Stream(ctx, "KV_"+c.o.Bucket+"_world"); err != nil {
			return 0, err
		}
		c.watchMu.Lock()
		c.worldStream = st
		c.watchMu.Unlock()
	}
	m, err := st.GetLastMsgForSubject(ctx, c.worldPre+"sec.>")
	if err != nil {
		return 0, err
	}
	return m.Sequence, nil
}

// deliverSection decodes one watched change for fn.
func (c *Cluster) deliverSection(e jetstream.KeyValueEntry, fn func(SectionUpdate)) {
	c.Count("sec", true, 1)
	p, err := parseSectionKey(e.Key())
	if err != nil {
		c.log.Warn().Err(err).Msg("section watch: bad key")
		return
	}
	if e.Operation() != jetstream.KeyValuePut {
		fn(SectionUpdate{Pos: p, Deleted: true})
		return
	}
	s, rev, err := storage.DecodeSection(e.Value())
	if err != nil {
		c.log.Warn().Err(err).Str("key", e.Key()).Stringer("pos", p).Msg("section watch: corrupt value skipped")
		return
	}
	fn(SectionUpdate{Pos: p, Section: s, Revision: rev})
}
