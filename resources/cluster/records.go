package cluster

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

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

var (
	_ storage.RecordBackend = (*Store)(nil)
	_ storage.RemoteRecords = (*Store)(nil)
)

// columnRecords knows which columns have a stored record of which kind,
// from the entity-key watch (entindex.go): a column record another shard
// writes is known here without a read, as entity columns are.
type columnRecords struct {
	mu   sync.RWMutex
	cols map[string]map[[2]int32]bool // by kind
}

func (ix *columnRecords) has(kind string, x, z int32) bool {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.cols[kind][[2]int32{x, z}]
}

// add records that column (x, z) may have a record of kind (a deleted
// record is an empty value, which a watch of keys does not tell apart:
// it stays "may have").
func (ix *columnRecords) add(kind string, x, z int32) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.cols == nil {
		ix.cols = map[string]map[[2]int32]bool{}
	}
	m := ix.cols[kind]
	if m == nil {
		m = map[[2]int32]bool{}
		ix.cols[kind] = m
	}
	m[[2]int32{x, z}] = true
}

// MayHaveColumnRecord implements storage.RemoteRecords: whether column
// (x, z) may have a stored record of kind, whichever shard wrote it.
func (s *Store) MayHaveColumnRecord(kind string, x, z int32) bool {
	return s.feed.colRecs.has(kind, x, z)
}

// applyRecordKey notes a column record's key the watch saw.
func (f *Feed) applyRecordKey(key string) {
	k, err := parseRecordKey(key)
	if err != nil || k.Scope != storage.ScopeColumn {
		f.log.Warn().Str("key", key).Msg("entity key watch: bad plugin record key")
		return
	}
	f.colRecs.add(k.Kind, k.X, k.Z)
}

// recRev is the revision of world record key this shard last read or
// wrote: its writes of the key are compare-and-set on it.
func (s *Store) recRev(key string) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.revs[key]
}

// setRecRev raises key's revision to rev.
func (s *Store) setRecRev(key string, rev uint64) {
	s.mu.Lock()
	s.revs[key] = max(s.revs[key], rev)
	s.mu.Unlock()
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
		v, ok, err = s.regionGet(columnRegion(k.X, k.Z), "rec", key)
	case storage.ScopePlayer:
		v, ok, err = s.leaderGet("KV_"+s.o.Bucket+"_players", s.playerPre+key, "rec")
	default:
		// From a replica that has applied the revision this shard last
		// knew of the key (a refused write tells the winner's): a direct
		// get from a follower behind it would answer an older value,
		// which a write compared with the newer revision would then
		// store over the winner's.
		ctx, cancel := context.WithTimeout(s.ctx, opTimeout)
		val, rev, found, gerr := s.freshGet(ctx, "rec", key, s.recRev(key))
		cancel()
		switch {
		case gerr != nil:
			err = gerr
		case found:
			s.setRecRev(key, rev)
			v, ok = val, true
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
// kind's keys in its scope (values come with the watch's initial state;
// the kind is the keys' last tokens, so other kinds' are not sent). A
// damaged record is left out and reported at the end, as Pebble's scan
// does.
func (s *Store) ScanRecords(kind string, scope storage.Scope, fn func(k storage.RecordKey, v []byte) error) error {
	if err := storage.ValidKindName(kind); err != nil {
		return fmt.Errorf("scan records: %w", err)
	}
	kv, filter := s.world, "rec.c.*.*.*.*."+kind
	switch scope {
	case storage.ScopePlayer:
		kv, filter = s.playersKV, "r.*."+kind
	case storage.ScopeWorld:
		filter = "rec.w.*." + kind
	}
	ctx, cancel := context.WithTimeout(s.ctx, opTimeout)
	defer cancel()
	w, err := kv.WatchFiltered(ctx, []string{filter}, jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("scan %s records: %w", kind, err)
	}
	defer func() { _ = w.Stop() }()
	var damaged []error
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("scan %s records: %w", kind, ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return fmt.Errorf("scan %s records: watch closed", kind)
			}
			if e == nil {
				return errors.Join(damaged...)
			}
			k, err := parseRecordKey(e.Key())
			if err != nil || k.Kind != kind || k.Scope != scope {
				continue
			}
			if scope == storage.ScopeWorld {
				s.setRecRev(e.Key(), e.Revision())
			}
			if len(e.Value()) == 0 {
				continue
			}
			if _, _, err := storage.DecodeRecord(e.Value()); err != nil {
				damaged = append(damaged, fmt.Errorf("scan: %s (%s): %w", k, e.Key(), err))
				continue
			}
			if err := fn(k, append([]byte(nil), e.Value()...)); err != nil {
				return err
			}
		}
	}
}

// recordHeaderRoom is what a record's message may need beside its value
// for headers (the fencing and batch headers are well under it).
const recordHeaderRoom = 4 << 10

// tooLarge reports whether a plugin record's message would exceed the
// server's max_payload: published, it would fail the commit, and the
// Writer would retry it (and every write behind it) for ever. It is
// refused instead (its callback told not stored).
func (s *Store) tooLarge(w *write) bool {
	if w.family != "rec" || len(w.data)+recordHeaderRoom <= int(s.nc.MaxPayload()) {
		return false
	}
	s.log.Error().Str("record", w.rec.String()).Int("bytes", len(w.data)).Int64("max_payload", s.nc.MaxPayload()).
		Msg("plugin record too large for the NATS server's max_payload; refused, not stored")
	return true
}

// recordWrites adds a batch's plugin records to a commit's writes.
func (s *Store) recordWrites(add func(key string, w write), recs []storage.RecordWrite) {
	for _, rw := range recs {
		k := rw.Key
		key := recordKey(k)
		w := write{data: rw.Value, family: "rec", rec: k, key: key}
		if w.data == nil {
			w.data = []byte{}
		}
		switch k.Scope {
		case storage.ScopeColumn:
			w.subj, w.fenced, w.epoch, w.region = s.worldPre+key, true, rw.Epoch, columnRegion(k.X, k.Z)
			w.col = [2]int32{k.X, k.Z}
		case storage.ScopeWorld:
			w.subj, w.cas, w.expect = s.worldPre+key, true, s.recRev(key)
		default:
			w.subj = s.playerPre + key
			key = "p:" + key
		}
		add(key, w)
	}
}
