package cluster

import (
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/storage"
)

// The world records other shards write (rec.w.<hex key>.<kind>) reach a
// shard by one watch of their keys with values, started when the first
// kind is followed (storage.RemoteRecords.FollowWorldRecords): its
// goroutine keeps the newest change of each key of a followed kind in a
// mailbox, which the tick drains without waiting (DrainWorldRecords).

// worldFollow is the mailbox of world-record changes and its watch.
type worldFollow struct {
	start sync.Mutex // serialises starting the watch
	mu    sync.Mutex // guards the rest
	kinds map[string]bool
	// running: the watch has started.
	running bool
	// changes holds the newest undrained change of each key (by bucket
	// key); order lists their keys as they first came.
	changes map[string]worldChange
	order   []string
}

// worldChange is one change of a world record seen by the watch.
type worldChange struct {
	rec   storage.RecordKey
	value []byte // nil: deleted
	rev   uint64
}

// note keeps the change e (of a world record key) if its kind is
// followed and it is newer than one of its key not yet drained.
func (f *worldFollow) note(rec storage.RecordKey, key string, value []byte, rev uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.kinds[rec.Kind] {
		return
	}
	f.keep(worldChange{rec: rec, value: value, rev: rev}, key)
}

// keep stores ch unless a newer change of key is there. Callers hold mu.
func (f *worldFollow) keep(ch worldChange, key string) {
	old, ok := f.changes[key]
	if ok && old.rev >= ch.rev {
		return
	}
	if f.changes == nil {
		f.changes = map[string]worldChange{}
	}
	if !ok {
		f.order = append(f.order, key)
	}
	f.changes[key] = ch
}

// FollowWorldRecords implements storage.RemoteRecords. The first call
// starts the watch of every world record's key, from the newest one
// stored now on; each call adds a kind whose changes are kept.
func (s *Store) FollowWorldRecords(kind string) error {
	c := s.c
	f := &c.worldRecs
	f.start.Lock()
	defer f.start.Unlock()
	f.mu.Lock()
	if f.kinds == nil {
		f.kinds = map[string]bool{}
	}
	f.kinds[kind] = true
	running := f.running
	f.mu.Unlock()
	if running {
		return nil
	}
	from, err := c.lastSectionRevision([]string{"rec.w.>"})
	if err != nil {
		return fmt.Errorf("follow %s records: %w", kind, err)
	}
	w, err := c.watchWorldRecords(from)
	if err != nil {
		return fmt.Errorf("follow %s records: %w", kind, err)
	}
	c.watchMu.Lock()
	if c.ctx.Err() != nil {
		c.watchMu.Unlock()
		_ = w.Stop()
		return fmt.Errorf("follow %s records: %w", kind, c.ctx.Err())
	}
	// Under watchMu, checked against ctx: stopGoroutines cancels ctx
	// before it takes watchMu and then waits on wg.
	c.wg.Add(1)
	c.watchMu.Unlock()
	f.mu.Lock()
	f.running = true
	f.mu.Unlock()
	go c.followWorldRecords(w, from)
	return nil
}

// watchWorldRecords starts a watch of the world records' keys, with
// values, from the change after revision from.
func (c *Cluster) watchWorldRecords(from uint64) (jetstream.KeyWatcher, error) {
	return c.world.WatchFiltered(c.ctx, []string{"rec.w.>"}, jetstream.ResumeFromRevision(from+1))
}

// followWorldRecords is the watch's goroutine: it keeps what the watch
// brings and starts another, from after the last revision seen, when it
// ends underneath (its consumer lost with a NATS node).
func (c *Cluster) followWorldRecords(w jetstream.KeyWatcher, last uint64) {
	defer c.wg.Done()
	for {
		if w != nil {
		watch:
			for {
				select {
				case <-c.stop:
					_ = w.Stop()
					return
				case e, ok := <-w.Updates():
					if !ok {
						break watch
					}
					if e == nil {
						continue
					}
					last = max(last, e.Revision())
					c.noteWorldRecord(e)
				}
			}
			c.log.Warn().Uint64("after_revision", last).Msg("world record watch ended; starting it again")
		}
		select {
		case <-c.stop:
			return
		case <-time.After(watchRetry):
		}
		nw, err := c.watchWorldRecords(last)
		if err != nil {
			c.log.Warn().Err(err).Msg("world record watch not started; trying again")
			w = nil
			continue
		}
		c.st.watchRestarts.Add(1)
		w = nw
	}
}

// noteWorldRecord keeps one watched change of a world record.
func (c *Cluster) noteWorldRecord(e jetstream.KeyValueEntry) {
	c.Count("rec", true, 1)
	k, err := parseRecordKey(e.Key())
	if err != nil || k.Scope != storage.ScopeWorld {
		c.log.Warn().Str("key", e.Key()).Msg("world record watch: bad plugin record key")
		return
	}
	var v []byte
	if e.Operation() == jetstream.KeyValuePut && len(e.Value()) > 0 {
		v = append([]byte(nil), e.Value()...)
	}
	c.worldRecs.note(k, e.Key(), v, e.Revision())
}

// DrainWorldRecords implements storage.RemoteRecords. Changes at or
// before the revision this shard last read or wrote of their key (its
// own writes among them) are dropped.
func (s *Store) DrainWorldRecords(fn func(k storage.RecordKey, v []byte) bool) {
	f := &s.c.worldRecs
	f.mu.Lock()
	if len(f.order) == 0 {
		f.mu.Unlock()
		return
	}
	order, changes := f.order, f.changes
	f.order, f.changes = nil, nil
	f.mu.Unlock()
	var kept []string
	for _, key := range order {
		ch := changes[key]
		if ch.rev <= s.recs.get(key) {
			continue
		}
		if fn(ch.rec, ch.value) {
			s.recs.set(key, ch.rev)
			continue
		}
		kept = append(kept, key)
	}
	if len(kept) == 0 {
		return
	}
	f.mu.Lock()
	for _, key := range kept {
		f.keep(changes[key], key)
	}
	f.mu.Unlock()
}
