package cluster

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/storage"
)

// An entity walking from a column one shard simulates into one another
// shard simulates moves in one atomic write of the first shard's: its
// column's record without it, and a hand-over record under the column it
// enters (`hand.<rx>.<rz>.<x>.<z>.<id>`, created only if the key never
// existed). The shard that simulates that column adopts it: it writes
// its column's record with the entity and deletes the hand-over record,
// again all or nothing. At every moment the entity is stored in exactly
// one place (docs/cluster.md, "Entities").

// handKey is the key of hand-over id into column (x, z).
func handKey(x, z int32, id string) string {
	r := columnRegion(x, z)
	return "hand." + coord(r.X) + "." + coord(r.Z) + "." + coord(x) + "." + coord(z) + "." + id
}

// parseHandKey returns the column of a hand-over key.
func parseHandKey(key string) ([2]int32, error) {
	i := strings.LastIndexByte(key, '.')
	if i < 0 || i == len(key)-1 {
		return [2]int32{}, fmt.Errorf("key %q: not a hand-over key", key)
	}
	v, err := parseCoords(key[:i], "hand", 4)
	if err != nil {
		return [2]int32{}, err
	}
	if columnRegion(v[2], v[3]) != (Region{v[0], v[1]}) {
		return [2]int32{}, fmt.Errorf("key %q: column not in the key's region", key)
	}
	return [2]int32{v[2], v[3]}, nil
}

// handIndex knows the hand-over records stored, by column (the entity
// key watch keeps it), and those this shard wrote and saw acknowledged,
// which a commit retried after they landed must not write again.
type handIndex struct {
	mu     sync.Mutex
	byCol  map[[2]int32][]string
	landed map[string]bool
}

func (h *handIndex) put(col [2]int32, key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !slices.Contains(h.byCol[col], key) {
		h.byCol[col] = append(h.byCol[col], key)
	}
}

func (h *handIndex) remove(col [2]int32, key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	keys := slices.DeleteFunc(h.byCol[col], func(k string) bool { return k == key })
	if len(keys) == 0 {
		delete(h.byCol, col)
	} else {
		h.byCol[col] = keys
	}
	delete(h.landed, key)
}

func (h *handIndex) setLanded(key string) {
	h.mu.Lock()
	h.landed[key] = true
	h.mu.Unlock()
}

func (h *handIndex) isLanded(key string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.landed[key]
}

// colKeys are the hand-over records' keys under one column.
type colKeys struct {
	col  [2]int32
	keys []string
}

// snapshot returns a copy of the index, in no order.
func (h *handIndex) snapshot() []colKeys {
	h.mu.Lock()
	defer h.mu.Unlock()
	all := make([]colKeys, 0, len(h.byCol))
	for col, keys := range h.byCol {
		all = append(all, colKeys{col, slices.Clone(keys)})
	}
	return all
}

// applyHandKey keeps the index current from the entity key watch.
func (f *Feed) applyHandKey(e jetstream.KeyValueEntry) {
	col, err := parseHandKey(e.Key())
	if err != nil {
		f.log.Warn().Err(err).Msg("entity key watch: bad hand-over key")
		return
	}
	if e.Operation() == jetstream.KeyValuePut {
		f.hands.put(col, e.Key())
	} else {
		f.hands.remove(col, e.Key())
	}
}

// Handoffs calls fn, in column order, for each column with hand-over
// records stored, with their keys (the caller's). No round trip.
func (s *Store) Handoffs(fn func(x, z int32, keys []string)) {
	all := s.feed.hands.snapshot()
	slices.SortFunc(all, func(a, b colKeys) int {
		if a.col[0] != b.col[0] {
			return int(a.col[0]) - int(b.col[0])
		}
		return int(a.col[1]) - int(b.col[1])
	})
	for _, ck := range all {
		slices.Sort(ck.keys)
		fn(ck.col[0], ck.col[1], ck.keys)
	}
}

// HandoffRecord is a hand-over record as read (storage.Handoff is one
// being written): the entity, or why it could not be read (Err; a record
// gone meanwhile is Gone).
type HandoffRecord struct {
	Key    string
	X, Z   int32 // the column it is under
	Entity storage.EntityRecord
	Gone   bool
	Err    error
}

// LoadHandoffs reads hand-over records, in one round trip, fresh up to
// this shard's acknowledged writes in the regions it holds among them.
func (s *Store) LoadHandoffs(keys []string) ([]HandoffRecord, error) {
	out := make([]HandoffRecord, len(keys))
	var floor uint64
	for i, k := range keys {
		col, err := parseHandKey(k)
		if err != nil {
			return nil, fmt.Errorf("load hand-overs: %w", err)
		}
		out[i].Key, out[i].X, out[i].Z = k, col[0], col[1]
		if l, held := s.leases.leaseOf(columnRegion(col[0], col[1])); held {
			floor = max(floor, l.acked)
		}
	}
	ctx, cancel := context.WithTimeout(s.ctx, opTimeout)
	defer cancel()
	err := s.freshGetMany(ctx, "hand", keys, floor, func(i int, v kvLast) {
		h := &out[i]
		if !v.ok || len(v.val) == 0 {
			h.Gone = true
			return
		}
		rec, err := storage.DecodeEntities(h.X, h.Z, v.val)
		switch {
		case err != nil:
			h.Err = fmt.Errorf("hand-over %s: %w", h.Key, err)
		case len(rec.Entities) != 1:
			h.Err = fmt.Errorf("hand-over %s: %d entities, want 1: %w", h.Key, len(rec.Entities), storage.ErrCorrupt)
		default:
			h.Entity = rec.Entities[0]
		}
	})
	if err != nil {
		return nil, fmt.Errorf("load hand-overs: %w", err)
	}
	return out, nil
}

// subjectUsed reports whether subj has a message in the world stream, a
// deletion included, asking the stream's leader: a hand-over record is
// created only on a subject never used, so this tells whether one was.
func (l *link) subjectUsed(ctx context.Context, subj string) (bool, error) {
	_, _, found, err := l.leaderLast(ctx, "KV_"+l.o.Bucket+"_world", subj)
	return found, err
}

// handWrites adds to writes, for the entity column write at index i, a
// create of each hand-over record of its Outbox and a delete of each it
// Adopted. They join its atomic batch; written one by one, the creates go
// before the column and the deletes after it, so that a failure between
// leaves an entity in two records, never in none.
func (s *Store) handWrites(writes []write, i int, ec *storage.EntityColumn) []write {
	src := writes[i]
	for _, h := range ec.Outbox {
		key := handKey(h.X, h.Z, h.ID)
		if s.feed.hands.isLanded(key) {
			continue // this commit is retried, and it landed before
		}
		rec := storage.EntityColumn{X: h.X, Z: h.Z, Entities: []storage.EntityRecord{h.Entity}}
		writes[i].with = append(writes[i].with, len(writes))
		writes[i].wait = append(writes[i].wait, len(writes))
		writes = append(writes, write{subj: s.worldPre + key, data: storage.EncodeEntities(nil, &rec), family: "hand",
			fenced: true, epoch: src.epoch, region: src.region, create: true, key: key, col: [2]int32{h.X, h.Z}, member: true})
	}
	for _, key := range ec.Adopted {
		col, err := parseHandKey(key)
		if err != nil || columnRegion(col[0], col[1]) != src.region {
			s.log.Error().Err(err).Str("key", key).Msg("adopted hand-over not of the column's region: not deleted")
			continue
		}
		writes[i].with = append(writes[i].with, len(writes))
		writes = append(writes, write{subj: s.worldPre + key, family: "hand", fenced: true, epoch: src.epoch,
			region: src.region, del: true, key: key, col: col, wait: []int{i}, member: true})
	}
	return writes
}

// writeMsg is the message of write w; in an atomic batch a hand-over's
// create is refused if its key was ever used (the batch landed before,
// and this is a retry), in place of the lease fence the column carries.
func writeMsg(w *write) *nats.Msg {
	m := nats.NewMsg(w.subj)
	m.Data = w.data
	if w.del {
		m.Header.Set("KV-Operation", "DEL")
	}
	return m
}

// landedBefore sorts out an atomic batch refused for a sequence: one
// whose hand-over creates were refused because an earlier attempt of the
// same commit landed has them marked done, and the rest of its writes go
// one by one. It reports whether that was the reason.
func (s *Store) landedBefore(ctx context.Context, writes []write, b regionBatch) (bool, error) {
	found := false
	for _, i := range b.items {
		w := &writes[i]
		if !w.create {
			continue
		}
		used, err := s.subjectUsed(ctx, w.subj)
		if err != nil {
			return false, err
		}
		if used {
			w.done, found = true, true
			s.feed.hands.setLanded(w.key)
		}
	}
	return found, nil
}

// allDone reports whether every write of idx is done.
func allDone(writes []write, idx []int) bool {
	for _, i := range idx {
		if !writes[i].done {
			return false
		}
	}
	return true
}
