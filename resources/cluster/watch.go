package cluster

import (
	"fmt"
	"sync"

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
	w    jetstream.KeyWatcher
	done chan struct{}
	once sync.Once
}

func (s *sectionWatch) stop() {
	s.once.Do(func() { _ = s.w.Stop() })
	<-s.done
}

// WatchSections calls fn, on the watch's own goroutine, for every
// section stored or deleted from now on (by any shard, this one
// included). Corrupt values are logged and skipped. stop ends the feed
// and waits for fn to return; Close stops it too.
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
		for e := range w.Updates() {
			if e == nil {
				continue
			}
			c.Count("sec", true, 1)
			p, err := parseSectionKey(e.Key())
			if err != nil {
				c.log.Warn().Err(err).Msg("section watch: bad key")
				continue
			}
			if e.Operation() != jetstream.KeyValuePut {
				fn(SectionUpdate{Pos: p, Deleted: true})
				continue
			}
			s, rev, err := storage.DecodeSection(e.Value())
			if err != nil {
				c.log.Warn().Err(err).Str("key", e.Key()).Stringer("pos", p).Msg("section watch: corrupt value skipped")
				continue
			}
			fn(SectionUpdate{Pos: p, Section: s, Revision: rev})
		}
	}()
	return func() {
		c.watchMu.Lock()
		delete(c.watches, sw)
		c.watchMu.Unlock()
		sw.stop()
	}, nil
}
