package cluster

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/resources/storage"
)

// Plugin records (storage.RecordKey) on a cluster:
//
//	world bucket    rec.c.<rx>.<rz>.<x>.<z>.<kind>   a column's: fenced on its region's lease, like sections
//	world bucket    rec.w.<hex key>.<kind>           world-wide: compare-and-set on the key's revision
//	players bucket  r.<hex name>.<kind>              a player's: written by the shard holding the player's session
//
// The kind comes last, so that a kind name with dots stays one suffix. An
// empty value is a deleted record.

var _ storage.RecordBackend = (*Store)(nil)

// recordRevs is the revision of each world record this shard last read
// or wrote: its writes of the key are compare-and-set on it.
type recordRevs struct {
	mu   sync.Mutex
	revs map[string]uint64
}

func (r *recordRevs) get(key string) uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.revs[key]
}

func (r *recordRevs) set(key string, rev uint64) {
	r.mu.Lock()
	if r.revs == nil {
		r.revs = map[string]uint64{}
	}
	r.revs[key] = max(r.revs[key], rev)
	r.mu.Unlock()
}

// recordKey returns a plugin record's key in its bucket.
func recordKey(k storage.RecordKey) string {
	switch k.Scope {
	case storage.ScopeColumn:
		r := columnRegion(k.X, k.Z)
		return "rec.c." + coord(r.X) + "." + coord(r.Z) + "." + coord(k.X) + "." + coord(k.Z) + "." + k.Kind
	case storage.ScopeWorld:
		return "rec.w." + hex.EncodeToString([]byte(k.Name)) + "." + k.Kind
	}
	return "r." + hex.EncodeToString([]byte(k.Name)) + "." + k.Kind
}

// parseRecordKey is the inverse of recordKey.
func parseRecordKey(key string) (storage.RecordKey, error) {
	parts := strings.Split(key, ".")
	var k storage.RecordKey
	var n int // tokens before the kind
	switch {
	case len(parts) > 2 && parts[0] == "r":
		k.Scope, n = storage.ScopePlayer, 2
	case len(parts) > 3 && parts[0] == "rec" && parts[1] == "w":
		k.Scope, n = storage.ScopeWorld, 3
	case len(parts) > 6 && parts[0] == "rec" && parts[1] == "c":
		k.Scope, n = storage.ScopeColumn, 6
	default:
		return k, fmt.Errorf("key %q: not a plugin record key", key)
	}
	k.Kind = strings.Join(parts[n:], ".")
	if k.Scope == storage.ScopeColumn {
		c, err := parseCoords(strings.Join(parts[:6], "."), "rec.c", 4)
		if err != nil {
			return k, err
		}
		if columnRegion(c[2], c[3]) != (Region{c[0], c[1]}) {
			return k, fmt.Errorf("key %q: column not in the key's region", key)
		}
		k.X, k.Z = c[2], c[3]
	} else {
		name, err := hex.DecodeString(parts[n-1])
		if err != nil {
			return k, fmt.Errorf("key %q: %w", key, err)
		}
		k.Name = string(name)
	}
	if err := k.Valid(); err != nil {
		return k, fmt.Errorf("key %q: %w", key, err)
	}
	return k, nil
}

// recordProblem says why a plugin record's value cannot be used, "" when
// it is intact (empty: deleted).
func recordProblem(v []byte) string {
	if len(v) == 0 {
		return ""
	}
	if _, _, err := storage.DecodeRecord(v); err != nil {
		return err.Error()
	}
	return ""
}

// LoadRecord implements storage.RecordBackend: a column's record is read
// fresh where this shard holds its region (like its sections), a
// player's from the players stream's leader (like the player record), a
// world record by a get whose revision its next write is compared with.
func (s *Store) LoadRecord(k storage.RecordKey) ([]byte, bool, error) {
	key := recordKey(k)
	var (
		v   []byte
		ok  bool
		err error
	)
	switch k.Scope {
	case storage.ScopeColumn:
		v, ok, err = s.c.regionGet(columnRegion(k.X, k.Z), "rec", key)
	case storage.ScopePlayer:
		v, ok, err = s.c.leaderGet("KV_"+s.c.o.Bucket+"_players", s.c.playerPre+key, "rec")
	default:
		ctx, cancel := context.WithTimeout(s.c.ctx, opTimeout)
		start := time.Now()
		e, gerr := s.c.world.Get(ctx, key)
		s.c.roundTrip(start)
		cancel()
		switch {
		case errors.Is(gerr, jetstream.ErrKeyNotFound):
			// A deleted key's revision is not known from here: the next
			// write of it is compared with what this shard had.
		case gerr != nil:
			err = gerr
		default:
			s.recs.set(key, e.Revision())
			v, ok = e.Value(), true
			s.c.Count("rec", true, 1)
		}
	}
	if err != nil {
		return nil, false, fmt.Errorf("load %s (%s): %w", k, key, err)
	}
	if !ok || len(v) == 0 {
		return nil, false, nil
	}
	if _, _, err := storage.DecodeRecord(v); err != nil {
		return nil, false, fmt.Errorf("load %s (%s): %w", k, key, err)
	}
	return v, true, nil
}

// ScanRecords implements storage.RecordBackend, in one watch of the
// kind's scope (values come with the watch's initial state).
func (s *Store) ScanRecords(kind string, scope storage.Scope, fn func(k storage.RecordKey, v []byte) error) error {
	kv, filter := s.c.world, "rec.c.>"
	switch scope {
	case storage.ScopePlayer:
		kv, filter = s.c.playersKV, "r.>"
	case storage.ScopeWorld:
		filter = "rec.w.>"
	}
	ctx, cancel := context.WithTimeout(s.c.ctx, opTimeout)
	defer cancel()
	w, err := kv.WatchFiltered(ctx, []string{filter}, jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("scan %s records: %w", kind, err)
	}
	defer func() { _ = w.Stop() }()
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("scan %s records: %w", kind, ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return fmt.Errorf("scan %s records: watch closed", kind)
			}
			if e == nil {
				return nil
			}
			k, err := parseRecordKey(e.Key())
			if err != nil || k.Kind != kind || k.Scope != scope {
				continue
			}
			if scope == storage.ScopeWorld {
				s.recs.set(e.Key(), e.Revision())
			}
			if len(e.Value()) == 0 {
				continue
			}
			if _, _, err := storage.DecodeRecord(e.Value()); err != nil {
				return fmt.Errorf("scan: %s (%s): %w", k, e.Key(), err)
			}
			if err := fn(k, append([]byte(nil), e.Value()...)); err != nil {
				return err
			}
		}
	}
}

// recordWrites adds a batch's plugin records to a commit's writes.
func (c *Cluster) recordWrites(add func(key string, w write), recs []storage.RecordWrite) {
	for _, rw := range recs {
		k := rw.Key
		key := recordKey(k)
		w := write{data: rw.Value, family: "rec", rec: k, key: key}
		if w.data == nil {
			w.data = []byte{}
		}
		switch k.Scope {
		case storage.ScopeColumn:
			w.subj, w.fenced, w.epoch, w.region = c.worldPre+key, true, rw.Epoch, columnRegion(k.X, k.Z)
			w.col = [2]int32{k.X, k.Z}
		case storage.ScopeWorld:
			w.subj, w.cas, w.expect = c.worldPre+key, true, c.store.recs.get(key)
		default:
			w.subj = c.playerPre + key
			key = "p:" + key
		}
		add(key, w)
	}
}
