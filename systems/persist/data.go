package persist

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/residency"
)

// This file is the plugin records' machinery: the queue of record writes
// that goes into each tick's one write, the callbacks told when a write is
// durable (or refused), and the kinds registered by NewPlayerData,
// NewColumnData and NewWorldData (api.go), whose records are loaded when
// a player joins, when a column becomes resident and at start.

// SystemPluginColumns is the system (stream stage, after reconcile) that
// loads the column records of plugins (ColumnData) for the columns that
// became resident and forgets those of the columns evicted.
const SystemPluginColumns = "plugin_columns"

// SystemPluginWorld is the system (ingest stage, on a cluster shard with
// a kind of world records) that takes the changes other shards made to
// world records (WorldData) into memory, as the store's watch saw them.
const SystemPluginWorld = "plugin_world"

// dataState is Durability's part for plugin records.
type dataState struct {
	// mu guards queue and queueAt (queued on the tick, read by loaders on
	// other goroutines) and refusals.
	mu      sync.Mutex
	queue   []storage.RecordWrite
	queueAt map[string]int
	// refused are record writes the backend refused, by write token,
	// kept while a callback may be waiting on them.
	refused []recordRefusal

	// The rest is the tick's (and Build's).
	kinds   map[string]string // kind name → the plugin that registered it
	players []playerKind
	columns []columnKind
	// worlds are the kinds of world records by name, on a cluster shard
	// (other shards' changes are taken into them).
	worlds map[string]worldKind
	// cluster is set on a cluster shard (Config.Backend): a player record
	// is written only by the shard the player is on.
	cluster bool
	// remote, on a cluster shard, knows the column records other shards
	// wrote since the kinds' keys were listed, and follows their world
	// records.
	remote storage.RemoteRecords
	log    zerolog.Logger
}

type recordRefusal struct {
	key   storage.RecordKey
	token uint64
}

// playerKind is a registered kind of player records, untyped.
type playerKind interface {
	kindName() string
	// decode turns a stored value into the kind's value (on the loader's
	// goroutine); nil for none.
	decode(name string, v []byte) (any, error)
	admit(name string, v any)
	evict(name string)
}

// columnKind is a registered kind of column records, untyped.
type columnKind interface {
	kindName() string
	mayHave(x, z int32) bool
	load(x, z int32)
	evict(x, z int32)
}

// worldKind is a registered kind of world records, untyped.
type worldKind interface {
	take(name string, v []byte) bool
}

// worldSystem is SystemPluginWorld.
type worldSystem struct {
	d      *Durability
	remote storage.RemoteRecords
}

func (s *worldSystem) run(*ecs.Context) {
	s.remote.DrainWorldRecords(func(k storage.RecordKey, v []byte) bool {
		w, ok := s.d.data.worlds[k.Kind]
		if !ok {
			return true // not this server's kind: nothing to keep
		}
		return w.take(k.Name, v)
	})
}

// register records kind for the plugin being built; a name taken fails
// the build naming both plugins.
func (d *Durability) register(app *ecs.App, name string) error {
	if err := storage.ValidKindName(name); err != nil {
		return err
	}
	owner := app.Building()
	if owner == "" {
		owner = "(outside a plugin's Build)"
	}
	if d.data.kinds == nil {
		d.data.kinds = map[string]string{}
	}
	if prev, dup := d.data.kinds[name]; dup {
		return fmt.Errorf("record kind %q registered twice: by plugin %q and by plugin %q", name, prev, owner)
	}
	d.data.kinds[name] = owner
	return nil
}

// SaveRecord queues a plugin record's write for the tick's write: value is
// storage.EncodeRecord's, or nil to delete the record. done, if set, is
// called once the write is durable (stored true) or known never to be
// (stored false: the backend refused it, a cluster shard that lost the
// column's lease or a world record changed elsewhere first). done runs
// where AfterDurable callbacks run: on the storage goroutine in a live
// server, on the tick in deterministic mode. Tick goroutine only.
func (d *Durability) SaveRecord(k storage.RecordKey, value []byte, done func(stored bool)) {
	rw := storage.RecordWrite{Key: k, Value: value}
	if k.Scope == storage.ScopeColumn {
		rw.Epoch = d.Epoch(k.X, k.Z)
	}
	key := string(k.Bytes())
	d.data.mu.Lock()
	if d.data.queueAt == nil {
		d.data.queueAt = map[string]int{}
	}
	if i, ok := d.data.queueAt[key]; ok {
		d.data.queue[i] = rw
	} else {
		d.data.queueAt[key] = len(d.data.queue)
		d.data.queue = append(d.data.queue, rw)
	}
	d.data.mu.Unlock()
	if done != nil {
		d.mu.Lock()
		d.waiting = append(d.waiting, waiter{rec: true, recKey: k, from: d.seq + 1, fnErr: func(refused bool) { done(!refused) }})
		d.mu.Unlock()
	}
}

// LoadRecord returns a plugin record's latest value: queued by SaveRecord
// and not yet handed over, else submitted and not yet durable, else
// stored; ok is false when there is none (or the latest deletes it). It
// is safe for concurrent use; it reads the store (on a cluster shard, a
// round trip).
func (d *Durability) LoadRecord(k storage.RecordKey) ([]byte, bool, error) {
	key := string(k.Bytes())
	d.data.mu.Lock()
	if i, ok := d.data.queueAt[key]; ok {
		v := d.data.queue[i].Value
		d.data.mu.Unlock()
		return v, v != nil, nil
	}
	d.data.mu.Unlock()
	return d.writer.LoadRecord(k)
}

// queuedRecords returns the record writes queued for the next write.
func (d *Durability) queuedRecords() []storage.RecordWrite {
	d.data.mu.Lock()
	defer d.data.mu.Unlock()
	return d.data.queue
}

// takeRecords forgets the queued record writes once submitted.
func (d *Durability) takeRecords() {
	d.data.mu.Lock()
	d.data.queue = nil
	clear(d.data.queueAt)
	d.data.mu.Unlock()
}

// noteRefusedRecords records the plugin records write token was refused.
func (d *Durability) noteRefusedRecords(token uint64, keys []storage.RecordKey) {
	if len(keys) == 0 {
		return
	}
	d.data.mu.Lock()
	for _, k := range keys {
		d.data.refused = append(d.data.refused, recordRefusal{key: k, token: token})
	}
	d.data.mu.Unlock()
	for _, k := range keys {
		d.data.log.Warn().Str("record", k.String()).Msg("plugin record refused by the backend; not stored")
	}
}

// recordRefusedIn reports whether a write numbered from..to refused k.
// Callers hold d.mu.
func (d *Durability) recordRefusedIn(k storage.RecordKey, from, to uint64) bool {
	d.data.mu.Lock()
	defer d.data.mu.Unlock()
	for _, r := range d.data.refused {
		if r.key == k && r.token >= from && r.token <= to {
			return true
		}
	}
	return false
}

// pruneRecordRefusals drops refusals older than every waiting callback.
func (d *Durability) pruneRecordRefusals(oldest uint64) {
	d.data.mu.Lock()
	d.data.refused = slices.DeleteFunc(d.data.refused, func(r recordRefusal) bool { return r.token < oldest })
	d.data.mu.Unlock()
}

// PlayerRecords is what LoadPlayerData read of one player: the record of
// every registered player-record kind, decoded. AdmitPlayerData hands it
// to the kinds.
type PlayerRecords struct {
	name string
	vals []any // by d.data.players index; nil for none
}

// LoadPlayerData reads every plugin's player records of a joining player,
// off the tick (the network plugin's player-record loader calls it with
// the player record; deterministic mode inline). A corrupt record is
// logged and read as none (strata check names it; a new value replaces
// it); any other failure is an error, and the player is refused rather
// than seen without their data. It is safe for concurrent use with the
// tick once the App is built.
func (d *Durability) LoadPlayerData(name string) (PlayerRecords, error) {
	out := PlayerRecords{name: name, vals: make([]any, len(d.data.players))}
	for i, k := range d.data.players {
		key := storage.RecordKey{Kind: k.kindName(), Scope: storage.ScopePlayer, Name: name}
		v, ok, err := d.LoadRecord(key)
		if err == nil && ok {
			out.vals[i], err = k.decode(name, v)
		}
		if errors.Is(err, storage.ErrCorrupt) {
			d.data.log.Error().Err(err).Str("record", key.String()).Msg("plugin record unreadable; read as none (see strata check)")
			err = nil
		}
		if err != nil {
			return PlayerRecords{}, fmt.Errorf("%s: %w", key, err)
		}
	}
	return out, nil
}

// AdmitPlayerData makes a joined player's records (LoadPlayerData's)
// what the kinds' Get returns for them. Tick goroutine only.
func (d *Durability) AdmitPlayerData(r PlayerRecords) {
	if r.name == "" {
		return
	}
	for i, k := range d.data.players {
		if i < len(r.vals) {
			k.admit(r.name, r.vals[i])
		}
	}
}

// EvictPlayerData forgets a player's records when they leave: every
// change was queued as it was made, so nothing is lost. Tick goroutine
// only.
func (d *Durability) EvictPlayerData(name string) {
	for _, k := range d.data.players {
		k.evict(name)
	}
}

// columnsSystem is SystemPluginColumns: the column records of columns
// that became resident are loaded, those of evicted columns forgotten.
type columnsSystem struct {
	d       *Durability
	changes *residency.Changes
}

func (s *columnsSystem) run(*ecs.Context) {
	kinds := s.d.data.columns
	if len(kinds) == 0 {
		return
	}
	for i, p := range s.changes.Evicted {
		if i > 0 && p.X == s.changes.Evicted[i-1].X && p.Z == s.changes.Evicted[i-1].Z {
			continue
		}
		if s.d.store.ColumnLen(p.X, p.Z) == 0 {
			for _, k := range kinds {
				k.evict(p.X, p.Z)
			}
		}
	}
	for i, p := range s.changes.Inserted {
		if i > 0 && p.X == s.changes.Inserted[i-1].X && p.Z == s.changes.Inserted[i-1].Z {
			continue
		}
		for _, k := range kinds {
			if k.mayHave(p.X, p.Z) {
				k.load(p.X, p.Z)
			}
		}
	}
}

// decodeValue decodes a stored value of kind into a T: the envelope, then
// an upgrade from an older format version, then the JSON payload.
func decodeValue[T any](kind Kind, v []byte) (T, error) {
	var out T
	ver, payload, err := storage.DecodeRecord(v)
	if err != nil {
		return out, err
	}
	switch {
	case ver > kind.Version:
		return out, fmt.Errorf("format version %d is newer than this build's %d", ver, kind.Version)
	case ver < kind.Version:
		if kind.Upgrade == nil {
			return out, fmt.Errorf("format version %d and no Upgrade to version %d", ver, kind.Version)
		}
		if payload, err = kind.Upgrade(ver, payload); err != nil {
			return out, fmt.Errorf("upgrade from format version %d: %w", ver, err)
		}
	}
	if err := json.Unmarshal(payload, &out); err != nil {
		return out, fmt.Errorf("%w: payload does not decode: %w", storage.ErrCorrupt, err)
	}
	return out, nil
}

// readValue returns the latest value of record k of kind, decoded
// (Durability.LoadRecord, then decodeValue); ok is false when there is
// none. An error is logged, and ok is then false.
func readValue[T any](d *Durability, kind Kind, k storage.RecordKey) (t T, ok bool, err error) {
	v, ok, err := d.LoadRecord(k)
	if err == nil && ok {
		t, err = decodeValue[T](kind, v)
	}
	if err != nil {
		d.data.log.Error().Err(err).Str("record", k.String()).Msg("plugin record unreadable")
		return t, false, err
	}
	return t, ok, nil
}

// encodeValue returns the stored value of v.
func encodeValue[T any](kind Kind, v T) ([]byte, error) {
	payload, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	out := storage.EncodeRecord(kind.Version, payload)
	if len(out) > storage.MaxRecordValue {
		return nil, fmt.Errorf("record of %d bytes; at most %d", len(out), storage.MaxRecordValue)
	}
	return out, nil
}
