package cluster

import (
	"fmt"
	"sync"
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
	done    chan struct{}
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

// WatchSections calls fn, on the watch's own goroutine, for every
// section stored or deleted from now on (by any shard, this one
// included). Corrupt values are logged and skipped. A watch that ends
// underneath (its consumer lost with a NATS node) is started again from
// the revision after the last one seen, so no change is missed. stop ends
// the feed and waits for fn to return; Close stops it too.
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
	go func() {
		defer close(sw.done)
		var last uint64 // the KV revision of the last change seen
		for {
			for e := range w.Updates() {
				if e == nil {
					continue
				}
				last = e.Revision()
				c.deliverSection(e, fn)
			}
			for {
				sw.mu.Lock()
				stopped := sw.stopped
				sw.mu.Unlock()
				if stopped || c.ctx.Err() != nil {
					return
				}
				c.log.Warn().Uint64("after_revision", last).Msg("section watch ended; starting it again")
				time.Sleep(watchRetry)
				opt := jetstream.UpdatesOnly()
				if last > 0 {
					opt = jetstream.ResumeFromRevision(last + 1)
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
