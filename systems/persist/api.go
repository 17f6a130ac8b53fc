package persist

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/residency"
)

// Kind declares a kind of plugin record: its name and format version.
// Values are stored as JSON in a checksummed envelope that carries the
// version (docs/storage.md, plugin records).
type Kind struct {
	// Name names the kind in keys, logs and strata check: 1 to 48
	// characters of [a-z0-9_.-], unique in the server ("homes").
	Name string
	// Version is the format version of the values this build writes;
	// 0 means 1.
	Version uint32
	// Upgrade turns the JSON payload of a value stored under an older
	// format version (from) into the JSON of Version. A value of an older
	// version without Upgrade, or of a newer version, is an error.
	Upgrade func(from uint32, payload []byte) ([]byte, error)
	// MaxKeys bounds a WorldData's keys (default DefaultMaxKeys): a world
	// record's key space is the plugin's to bound, not the players'.
	MaxKeys int
}

// DefaultMaxKeys is a WorldData's bound on keys when Kind.MaxKeys is 0.
const DefaultMaxKeys = 1024

// ErrTooManyKeys is WorldData.Set's error for a new key beyond the kind's
// MaxKeys.
var ErrTooManyKeys = errors.New("too many keys")

// ErrNotHere is PlayerData.Set's error on a cluster shard for a player
// who is not on this shard: only the shard holding a player writes their
// records.
var ErrNotHere = errors.New("player is not on this shard")

// newKind checks and registers kind for the plugin being built; nil when
// the build fails (the error is the App's).
func newKind(app *ecs.App, kind *Kind, what string) *Durability {
	if kind.Version == 0 {
		kind.Version = 1
	}
	d, ok := ecs.GetResource[Durability](app)
	if !ok {
		app.Fail(fmt.Errorf("%s %q: the persist plugin is not built yet (name persist.PluginName in the plugin's Dependencies)", what, kind.Name))
		return nil
	}
	if err := d.register(app, kind.Name); err != nil {
		app.Fail(fmt.Errorf("%s: %w", what, err))
		return nil
	}
	return d
}

// PlayerData is a plugin's records of one kind kept per player (by name):
// loaded when the player joins, with the player record and off the tick;
// forgotten when they leave; written on every change, in the tick's one
// write. Its methods are for the tick goroutine.
type PlayerData[T any] struct {
	d      *Durability
	kind   Kind
	online map[string]entry[T] // players on this server
}

type entry[T any] struct {
	v  T
	ok bool
}

// NewPlayerData registers a kind of player records, from a plugin's Build
// (after the persist plugin's: name PluginName in Dependencies). A bad or
// duplicate name fails the build; the result is then nil.
func NewPlayerData[T any](app *ecs.App, kind Kind) *PlayerData[T] {
	d := newKind(app, &kind, "player data")
	if d == nil {
		return nil
	}
	p := &PlayerData[T]{d: d, kind: kind, online: map[string]entry[T]{}}
	d.data.players = append(d.data.players, p)
	return p
}

func (p *PlayerData[T]) kindName() string { return p.kind.Name }

func (p *PlayerData[T]) decode(_ string, v []byte) (any, error) {
	t, err := decodeValue[T](p.kind, v)
	if err != nil {
		return nil, err
	}
	return t, nil
}

func (p *PlayerData[T]) admit(name string, v any) {
	t, ok := v.(T)
	p.online[name] = entry[T]{v: t, ok: ok}
}

func (p *PlayerData[T]) evict(name string) { delete(p.online, name) }

func (p *PlayerData[T]) key(name string) storage.RecordKey {
	return storage.RecordKey{Kind: p.kind.Name, Scope: storage.ScopePlayer, Name: name}
}

// Get returns the record of player name. A player on this server is
// answered from memory; another is read from the store (a round trip on
// a cluster shard: keep that for rare commands, such as an operator's).
// ok is false when there is none or it cannot be read (logged).
func (p *PlayerData[T]) Get(name string) (T, bool) {
	if e, on := p.online[name]; on {
		return e.v, e.ok
	}
	t, ok, _ := readValue[T](p.d, p.kind, p.key(name))
	return t, ok
}

// Set stores v as player name's record: Get returns it at once, and the
// write goes into this tick's write. done, if set, is called once it is
// durable (stored true) or refused (false); see Durability.SaveRecord for
// where it runs. An error (a bad name, a value too large, a player on
// another shard) means nothing is written and done is not called.
func (p *PlayerData[T]) Set(name string, v T, done func(stored bool)) error {
	return p.put(name, v, true, done)
}

// Delete removes player name's record, as Set writes one.
func (p *PlayerData[T]) Delete(name string, done func(stored bool)) error {
	var zero T
	return p.put(name, zero, false, done)
}

func (p *PlayerData[T]) put(name string, v T, ok bool, done func(stored bool)) error {
	k := p.key(name)
	if err := k.Valid(); err != nil {
		return err
	}
	_, on := p.online[name]
	if !on && p.d.data.cluster {
		return fmt.Errorf("%s: %w", k, ErrNotHere)
	}
	var val []byte
	if ok {
		var err error
		if val, err = encodeValue(p.kind, v); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	if on {
		p.online[name] = entry[T]{v: v, ok: ok}
	}
	p.d.SaveRecord(k, val, done)
	return nil
}

// ColumnData is a plugin's records of one kind kept per section column
// (x, z in section coordinates): loaded when the column's terrain becomes
// resident, forgotten when it is evicted, written on every change in the
// tick's one write. On a cluster shard a column's record is written only
// under the lease of its region, as its sections are: one written under a
// lease lost since is refused (done(false)). Its methods are for the
// tick goroutine.
type ColumnData[T any] struct {
	d     *Durability
	kind  Kind
	cache map[[2]int32]entry[T]
	// stored lists the columns that may have a record: read at start,
	// added to by Set, so that a column without one costs no read. On a
	// cluster shard the store knows those other shards wrote since
	// (storage.RemoteRecords).
	stored map[[2]int32]bool
}

// NewColumnData registers a kind of column records, from a plugin's Build
// (after the persist plugin's). It lists the kind's stored columns (keys
// only are kept). A bad or duplicate name, or a store that cannot be
// read, fails the build; the result is then nil. A damaged record does
// not: it is logged and reads as none (strata check names it; a new value
// replaces it), as it does once the server runs.
func NewColumnData[T any](app *ecs.App, kind Kind) *ColumnData[T] {
	d := newKind(app, &kind, "column data")
	if d == nil {
		return nil
	}
	c := &ColumnData[T]{d: d, kind: kind, cache: map[[2]int32]entry[T]{}, stored: map[[2]int32]bool{}}
	err := d.writer.ScanRecords(kind.Name, storage.ScopeColumn, func(k storage.RecordKey, _ []byte) error {
		c.stored[[2]int32{k.X, k.Z}] = true
		return nil
	})
	if errors.Is(err, storage.ErrCorrupt) {
		d.data.log.Error().Err(err).Str("kind", kind.Name).Msg("column records unreadable; read as none (see strata check)")
		err = nil
	}
	if err != nil {
		app.Fail(fmt.Errorf("column data %q: list stored columns: %w", kind.Name, err))
		return nil
	}
	if len(d.data.columns) == 0 {
		// The first kind of column records adds the system that loads
		// and forgets them with the terrain.
		changes := ecs.RequireResource[residency.Changes](app)
		if changes == nil {
			return nil
		}
		cols := &columnsSystem{d: d, changes: changes}
		app.AddSystem(ecs.Stream, SystemPluginColumns, cols.run, ecs.After(residency.SystemReconcile))
	}
	d.data.columns = append(d.data.columns, c)
	return c
}

func (c *ColumnData[T]) kindName() string { return c.kind.Name }

func (c *ColumnData[T]) mayHave(x, z int32) bool {
	if c.stored[[2]int32{x, z}] {
		return true
	}
	r := c.d.data.remote
	return r != nil && r.MayHaveColumnRecord(c.kind.Name, x, z)
}

func (c *ColumnData[T]) key(x, z int32) storage.RecordKey {
	return storage.RecordKey{Kind: c.kind.Name, Scope: storage.ScopeColumn, X: x, Z: z}
}

// load reads column (x, z)'s record into memory.
func (c *ColumnData[T]) load(x, z int32) {
	if _, ok := c.cache[[2]int32{x, z}]; ok {
		return
	}
	if t, ok, err := readValue[T](c.d, c.kind, c.key(x, z)); err == nil {
		c.cache[[2]int32{x, z}] = entry[T]{v: t, ok: ok}
	}
}

func (c *ColumnData[T]) evict(x, z int32) { delete(c.cache, [2]int32{x, z}) }

func (c *ColumnData[T]) resident(x, z int32) bool {
	return c.d.store == nil || c.d.store.ColumnLen(x, z) > 0
}

// Get returns column (x, z)'s record. A resident column is answered from
// memory; another is read from the store (a round trip on a cluster
// shard). ok is false when there is none or it cannot be read (logged).
func (c *ColumnData[T]) Get(x, z int32) (T, bool) {
	if e, ok := c.cache[[2]int32{x, z}]; ok {
		return e.v, e.ok
	}
	var zero T
	if !c.mayHave(x, z) {
		return zero, false
	}
	t, ok, err := readValue[T](c.d, c.kind, c.key(x, z))
	if err != nil {
		return zero, false
	}
	if c.resident(x, z) {
		c.cache[[2]int32{x, z}] = entry[T]{v: t, ok: ok}
	}
	return t, ok
}

// Set stores v as column (x, z)'s record, as PlayerData.Set does.
func (c *ColumnData[T]) Set(x, z int32, v T, done func(stored bool)) error {
	val, err := encodeValue(c.kind, v)
	if err != nil {
		return fmt.Errorf("%s: %w", c.key(x, z), err)
	}
	c.put(x, z, entry[T]{v: v, ok: true}, val, done)
	return nil
}

// Delete removes column (x, z)'s record, as Set writes one.
func (c *ColumnData[T]) Delete(x, z int32, done func(stored bool)) {
	c.put(x, z, entry[T]{}, nil, done)
}

func (c *ColumnData[T]) put(x, z int32, e entry[T], val []byte, done func(stored bool)) {
	k := [2]int32{x, z}
	if c.resident(x, z) {
		c.cache[k] = e
	} else {
		delete(c.cache, k)
	}
	c.stored[k] = true
	c.d.SaveRecord(c.key(x, z), val, done)
}

// WorldData is a plugin's world-wide records of one kind, under keys the
// plugin names (a bounded key space: Kind.MaxKeys): all loaded at start,
// written on every change in the tick's one write.
//
// On a cluster every shard holds them all. A write is a compare-and-set
// on the revision this shard last read of the key: one another shard
// changed first is refused (done(false)) and the key read again at its
// next Get. Other shards' writes and deletes reach this one's memory
// promptly, at the start of a tick (SystemPluginWorld, from a watch of
// the keys; the tick never waits for them), except for a key with a
// write of this shard's in flight: that one's value stays until its
// compare-and-set is answered, then the newer change, if any, is taken
// (or the key read again, refused). Its methods are for the tick
// goroutine.
type WorldData[T any] struct {
	d    *Durability
	kind Kind
	vals map[string]T
	// mu guards stale and pending: the write callbacks run on the
	// storage goroutine.
	mu      sync.Mutex
	stale   map[string]bool // refused writes' keys, to read again
	pending map[string]int  // keys' writes not yet answered
}

// NewWorldData registers a kind of world records and loads them all, from
// a plugin's Build (after the persist plugin's). A bad or duplicate name,
// or a record that cannot be read, fails the build; the result is then
// nil.
func NewWorldData[T any](app *ecs.App, kind Kind) *WorldData[T] {
	d := newKind(app, &kind, "world data")
	if d == nil {
		return nil
	}
	if kind.MaxKeys <= 0 {
		kind.MaxKeys = DefaultMaxKeys
	}
	w := &WorldData[T]{d: d, kind: kind, vals: map[string]T{}, stale: map[string]bool{}, pending: map[string]int{}}
	if r := d.data.remote; r != nil {
		// Before the keys are read: a change made meanwhile is then
		// read, or followed, or both (the newer wins).
		if err := r.FollowWorldRecords(kind.Name); err != nil {
			app.Fail(fmt.Errorf("world data %q: %w", kind.Name, err))
			return nil
		}
	}
	err := d.writer.ScanRecords(kind.Name, storage.ScopeWorld, func(k storage.RecordKey, v []byte) error {
		t, err := decodeValue[T](kind, v)
		if err != nil {
			return fmt.Errorf("%s: %w (see strata check)", k, err)
		}
		w.vals[k.Name] = t
		return nil
	})
	if err != nil {
		app.Fail(fmt.Errorf("world data %q: load: %w", kind.Name, err))
		return nil
	}
	if r := d.data.remote; r != nil {
		if len(d.data.worlds) == 0 {
			// The first kind of world records on a cluster adds the
			// system that takes other shards' changes.
			s := &worldSystem{d: d, remote: r}
			app.AddSystem(ecs.Ingest, SystemPluginWorld, s.run)
		}
		if d.data.worlds == nil {
			d.data.worlds = map[string]worldKind{}
		}
		d.data.worlds[kind.Name] = w
	}
	return w
}

// take makes another shard's change of the record under name (its
// stored value; nil: deleted) the one in memory, unless a write of the
// key is in flight here (false: not taken, offered again later). A
// value that does not decode is logged and read as none.
func (w *WorldData[T]) take(name string, v []byte) bool {
	w.mu.Lock()
	busy := w.pending[name] > 0
	w.mu.Unlock()
	if busy {
		return false
	}
	if v == nil {
		delete(w.vals, name)
		return true
	}
	t, err := decodeValue[T](w.kind, v)
	if err != nil {
		w.d.data.log.Error().Err(err).Str("record", w.key(name).String()).Msg("plugin record written by another shard unreadable; read as none (see strata check)")
		delete(w.vals, name)
		return true
	}
	w.vals[name] = t
	return true
}

func (w *WorldData[T]) key(name string) storage.RecordKey {
	return storage.RecordKey{Kind: w.kind.Name, Scope: storage.ScopeWorld, Name: name}
}

// refresh reads again the keys whose writes were refused.
func (w *WorldData[T]) refresh() {
	w.mu.Lock()
	if len(w.stale) == 0 {
		w.mu.Unlock()
		return
	}
	keys := make([]string, 0, len(w.stale))
	for k := range w.stale {
		keys = append(keys, k)
	}
	clear(w.stale)
	w.mu.Unlock()
	for _, name := range keys {
		t, ok, err := readValue[T](w.d, w.kind, w.key(name))
		switch {
		case err != nil: // logged; the value in memory stays
		case ok:
			w.vals[name] = t
		default:
			delete(w.vals, name)
		}
	}
}

// Get returns the record under key.
func (w *WorldData[T]) Get(key string) (T, bool) {
	w.refresh()
	t, ok := w.vals[key]
	return t, ok
}

// Keys returns every key with a record, sorted.
func (w *WorldData[T]) Keys() []string {
	w.refresh()
	out := make([]string, 0, len(w.vals))
	for k := range w.vals {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Set stores v under key, as PlayerData.Set does. A new key beyond the
// kind's MaxKeys is ErrTooManyKeys; a key is 1 to 128 bytes of UTF-8.
func (w *WorldData[T]) Set(key string, v T, done func(stored bool)) error {
	k := w.key(key)
	if err := k.Valid(); err != nil {
		return err
	}
	if _, ok := w.vals[key]; !ok && len(w.vals) >= w.kind.MaxKeys {
		return fmt.Errorf("%s: %w: the kind holds at most %d", k, ErrTooManyKeys, w.kind.MaxKeys)
	}
	val, err := encodeValue(w.kind, v)
	if err != nil {
		return fmt.Errorf("%s: %w", k, err)
	}
	w.vals[key] = v
	w.d.SaveRecord(k, val, w.watch(key, done))
	return nil
}

// Delete removes the record under key, as Set writes one.
func (w *WorldData[T]) Delete(key string, done func(stored bool)) error {
	k := w.key(key)
	if err := k.Valid(); err != nil {
		return err
	}
	delete(w.vals, key)
	w.d.SaveRecord(k, nil, w.watch(key, done))
	return nil
}

// watch counts a write of key in flight until it is answered, and wraps
// done: a refused write marks its key to be read again.
func (w *WorldData[T]) watch(key string, done func(stored bool)) func(bool) {
	w.mu.Lock()
	w.pending[key]++
	w.mu.Unlock()
	return func(stored bool) {
		w.mu.Lock()
		if w.pending[key]--; w.pending[key] <= 0 {
			delete(w.pending, key)
		}
		if !stored {
			w.stale[key] = true
		}
		w.mu.Unlock()
		if done != nil {
			done(stored)
		}
	}
}
