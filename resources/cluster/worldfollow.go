package cluster

import (
	"fmt"
	"sync"

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

// follow adds kind to the kinds whose changes are kept; the first call
// runs start, serialised with other calls, and a start that fails is
// tried again by the next call.
func (f *worldFollow) follow(kind string, start func() error) error {
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
	if err := start(); err != nil {
		return err
	}
	f.mu.Lock()
	f.running = true
	f.mu.Unlock()
	return nil
}

// take empties the mailbox: the changes kept, in the order their keys
// first came.
func (f *worldFollow) take() (order []string, changes map[string]worldChange) {
	f.mu.Lock()
	defer f.mu.Unlock()
	order, changes = f.order, f.changes
	f.order, f.changes = nil, nil
	return order, changes
}

// putBack keeps again the changes of keys not taken (unless newer ones
// came meanwhile).
func (f *worldFollow) putBack(keys []string, changes map[string]worldChange) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, key := range keys {
		f.keep(changes[key], key)
	}
}

// followWorldRecords adds kind to the world records followed: the first
// call starts the watch of every world record's key, from the newest one
// stored now on.
func (f *Feed) followWorldRecords(kind string) error {
	return f.worldRecs.follow(kind, func() error {
		from, err := f.lastSectionRevision([]string{"rec.w.>"})
		if err != nil {
			return fmt.Errorf("follow %s records: %w", kind, err)
		}
		w, err := f.watchWorldRecords(from)
		if err != nil {
			return fmt.Errorf("follow %s records: %w", kind, err)
		}
		f.mu.Lock()
		if f.ctx.Err() != nil {
			f.mu.Unlock()
			_ = w.Stop()
			return fmt.Errorf("follow %s records: %w", kind, f.ctx.Err())
		}
		// Under mu, checked against ctx: stopGoroutines cancels ctx
		// before it takes mu (stopWatches) and then waits on wg.
		f.keepWatching(f.ctx, f.worldSpec("world record", []string{"rec.w.>"}, nil, f.noteWorldRecord), w, from)
		f.mu.Unlock()
		return nil
	})
}

// drainWorldRecords calls fn with each change kept, in the order their
// keys first came, unless fresh reports it no newer than what this shard
// read or wrote of its key; a change fn does not take is kept for the
// next drain.
func (f *Feed) drainWorldRecords(fresh func(key string, rev uint64) bool, fn func(k storage.RecordKey, v []byte, key string, rev uint64) bool) {
	order, changes := f.worldRecs.take()
	if len(order) == 0 {
		return
	}
	var kept []string
	for _, key := range order {
		ch := changes[key]
		if !fresh(key, ch.rev) {
			continue
		}
		if fn(ch.rec, ch.value, key, ch.rev) {
			continue
		}
		kept = append(kept, key)
	}
	if len(kept) > 0 {
		f.worldRecs.putBack(kept, changes)
	}
}

// watchWorldRecords starts a watch of the world records' keys, with
// values, from the change after revision from.
func (f *Feed) watchWorldRecords(from uint64) (jetstream.KeyWatcher, error) {
	return f.world.WatchFiltered(f.ctx, []string{"rec.w.>"}, jetstream.ResumeFromRevision(from+1))
}

// noteWorldRecord keeps one watched change of a world record.
func (f *Feed) noteWorldRecord(e jetstream.KeyValueEntry) {
	f.count("rec", true, 1)
	k, err := parseRecordKey(e.Key())
	if err != nil || k.Scope != storage.ScopeWorld {
		f.log.Warn().Str("key", e.Key()).Msg("world record watch: bad plugin record key")
		return
	}
	var v []byte
	if e.Operation() == jetstream.KeyValuePut && len(e.Value()) > 0 {
		v = append([]byte(nil), e.Value()...)
	}
	f.worldRecs.note(k, e.Key(), v, e.Revision())
}
