package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/chunk"
)

// FormatVersion is the storage format this code writes and reads.
const FormatVersion = 1

// DB is the world database. Reads are safe from any goroutine; writes go
// through a Writer.
type DB struct {
	db   *pebble.DB
	path string
	h    *health
	// lock, when set, is the directory lock open took before Pebble
	// opened, released after Pebble closes.
	lock *pebble.Lock
	// mu guards closed: generation workers may still load sections while
	// the server shuts down, and Pebble must not be read after Close.
	mu     sync.RWMutex
	closed bool
	ents   entityKeys
}

// ErrClosed is returned by reads after Close.
var ErrClosed = errors.New("database closed")

// Meta describes the world a database holds.
type Meta struct {
	FormatVersion    int       `json:"format_version"`
	Seed             int64     `json:"seed"`
	GeneratorVersion int       `json:"generator_version"`
	CreatedAt        time.Time `json:"created_at"`
}

// Open opens (creating if needed) the database in dataDir/world. A
// database whose files are damaged so that Pebble cannot open it (its
// MANIFEST, say) is an error wrapping ErrCorrupt that says to run strata
// check and strata repair; damage inside tables is met by the reads that
// touch it, and only they fail.
func Open(dataDir string, log zerolog.Logger) (*DB, error) {
	return open(dataDir, filepath.Join(dataDir, "world"), nil, false, log)
}

// OpenInMemory opens a database that lives in memory only, for replays
// and tests that must not touch the disk.
func OpenInMemory(log zerolog.Logger) (*DB, error) {
	return open("", "world", vfs.NewMem(), false, log)
}

// Corruptions counts the damage the database has met since it opened:
// damaged table blocks (each read that meets one, and each failed
// compaction), records that fail their checksum or decoding, and a fatal
// stop. For /metrics; a value above zero calls for strata check.
func (d *DB) Corruptions() uint64 { return d.h.corruptions.Load() }

// Failed returns the error that stopped the database, or nil while it
// works. Once stopped, every operation fails with it (it wraps
// ErrCorrupt) until the process restarts.
func (d *DB) Failed() error { return d.h.failed() }

// closePebble closes Pebble, turning a panic into an error: after damage
// Pebble's bookkeeping may be off, and it panics on what it finds.
func closePebble(db *pebble.DB) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pebble failed while closing: %v", r)
		}
	}()
	return db.Close()
}

// guard turns a panic out of Pebble into a stopped database and an error,
// so that no read or write brings the process down. It must be deferred
// directly.
func (d *DB) guard(errp *error) {
	if r := recover(); r != nil {
		d.h.stop(fmt.Sprintf("Pebble panicked: %v", r), nil)
		*errp = d.h.failed()
	}
}

// Path returns the database directory.
func (d *DB) Path() string { return d.path }

// Close flushes and closes the database.
func (d *DB) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	err := closePebble(d.db)
	if d.lock != nil {
		err = errors.Join(err, d.lock.Close())
	}
	if ferr := d.h.failed(); ferr != nil {
		// The error that stopped the database is the one worth reading.
		return fmt.Errorf("close database %s: %w", d.path, ferr)
	}
	if err != nil {
		return fmt.Errorf("close database %s: %w", d.path, err)
	}
	return nil
}

// get returns a copy of the value at key, or nil and false. A damaged
// block is an error wrapping ErrCorrupt.
func (d *DB) get(key []byte) (_ []byte, _ bool, err error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return nil, false, ErrClosed
	}
	if err := d.h.failed(); err != nil {
		return nil, false, err
	}
	defer d.guard(&err)
	v, closer, err := d.db.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, false, d.h.failed()
	}
	if err != nil {
		return nil, false, d.h.fromPebble(err)
	}
	out := append([]byte(nil), v...)
	err = closer.Close()
	if ferr := d.h.failed(); ferr != nil {
		// Pebble stopped while serving this read: its answer is not
		// trusted.
		return nil, false, ferr
	}
	return out, true, err
}

// Meta returns the stored metadata; ok is false for a new database.
func (d *DB) Meta() (m Meta, ok bool, err error) {
	v, ok, err := d.get(metaKey)
	if err != nil {
		return Meta{}, false, fmt.Errorf("world metadata (key %x): %w", metaKey, err)
	}
	if !ok {
		return Meta{}, false, nil
	}
	if err := json.Unmarshal(v, &m); err != nil {
		return Meta{}, false, fmt.Errorf("world metadata (key %x): %w", metaKey, d.h.record(fmt.Errorf("%w: %w", ErrCorrupt, err)))
	}
	return m, true, nil
}

// ErrWorldMismatch means the database holds a world made with another seed
// or generator version.
var ErrWorldMismatch = errors.New("world mismatch")

// Claim binds the database to a world: a new database records seed and
// generator version; an existing one must match them, unless migrate is
// set, in which case the stored generator version is updated (edited
// sections are kept; unedited ones will be generated by the new version).
// A different seed is never accepted: it would regenerate every unedited
// section under the edits.
func (d *DB) Claim(seed int64, generatorVersion int, migrate bool) (Meta, error) {
	m, ok, err := d.Meta()
	if err != nil {
		if errors.Is(err, ErrCorrupt) {
			return Meta{}, fmt.Errorf("the world cannot be opened: %w", err)
		}
		return Meta{}, fmt.Errorf("read world metadata: %w", err)
	}
	if !ok {
		m = Meta{FormatVersion: FormatVersion, Seed: seed, GeneratorVersion: generatorVersion, CreatedAt: time.Now().UTC()}
		return m, d.putMeta(m)
	}
	if m.FormatVersion != FormatVersion {
		return m, fmt.Errorf("database %s has storage format %d; this server reads format %d", d.path, m.FormatVersion, FormatVersion)
	}
	if m.Seed != seed {
		return m, fmt.Errorf("%w: database %s was created with seed %d, not %d: start with --seed %d or use another --data directory", ErrWorldMismatch, d.path, m.Seed, seed, m.Seed)
	}
	if m.GeneratorVersion != generatorVersion {
		if !migrate {
			return m, fmt.Errorf("%w: database %s was created with generator version %d, this server generates version %d: pass --migrate-generator to keep the edits and generate the rest with version %d", ErrWorldMismatch, d.path, m.GeneratorVersion, generatorVersion, generatorVersion)
		}
		m.GeneratorVersion = generatorVersion
		return m, d.putMeta(m)
	}
	return m, d.keepMetaCopies(m)
}

func (d *DB) putMeta(m Meta) error {
	v, err := json.Marshal(m)
	if err != nil {
		return err
	}
	b := d.db.NewBatch()
	for _, k := range [][]byte{metaKey, metaCopyKey} {
		if err := b.Set(k, v, nil); err != nil {
			b.Close()
			return fmt.Errorf("write world metadata: %w", err)
		}
	}
	if err := d.commit(b); err != nil {
		return fmt.Errorf("write world metadata: %w", err)
	}
	if d.h.dataDir != "" {
		if err := WriteMetaFile(d.h.dataDir, m); err != nil {
			return fmt.Errorf("write world metadata: %w", err)
		}
	}
	return nil
}

// keepMetaCopies writes the metadata's copy key and file again when they
// do not hold m, the metadata read from its first key: a world made
// before there were copies gets them, and a file a crash left behind a
// migration is brought up to date.
func (d *DB) keepMetaCopies(m Meta) error {
	v, ok, err := d.get(metaCopyKey)
	var c Meta
	same := err == nil && ok && json.Unmarshal(v, &c) == nil && sameMeta(c, m)
	if same && d.h.dataDir != "" {
		f, ferr := ReadMetaFile(d.h.dataDir)
		same = ferr == nil && sameMeta(f, m)
	}
	if same {
		return nil
	}
	return d.putMeta(m)
}

// commit commits and closes a batch with Sync. A database that stopped,
// before or during the commit, fails it: Pebble may report success for
// a commit its WAL never took.
func (d *DB) commit(b *pebble.Batch) (err error) {
	defer b.Close()
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ErrClosed
	}
	if err := d.h.failed(); err != nil {
		return err
	}
	defer d.guard(&err)
	err = b.Commit(pebble.Sync)
	if ferr := d.h.failed(); ferr != nil {
		return ferr
	}
	return err
}

// LoadSection returns the stored version of an edited section; ok is false
// when the section was never edited (it is to be generated). A corrupt
// record is an error wrapping ErrCorrupt that names the key.
func (d *DB) LoadSection(p chunk.Pos) (s chunk.Section, rev uint64, ok bool, err error) {
	key := SectionKey(p)
	v, ok, err := d.get(key)
	if err != nil {
		return chunk.Section{}, 0, false, fmt.Errorf("load section %v (key %x): %w", p, key, err)
	}
	if !ok {
		return chunk.Section{}, 0, false, nil
	}
	s, rev, err = decodeSectionRecord(v)
	if err != nil {
		return chunk.Section{}, 0, false, fmt.Errorf("load section %v (key %x): %w", p, key, d.h.record(err))
	}
	return s, rev, true, nil
}

// EditedSections calls fn for every stored section position in key order.
// Damage on the way ends the scan with an error wrapping ErrCorrupt. fn
// runs under the database's read lock and must not call back into it.
func (d *DB) EditedSections(fn func(chunk.Pos) error) error {
	return d.scan([]byte{prefixSection}, []byte{prefixSection + 1}, func(k []byte) (bool, error) {
		p, err := ParseSectionKey(k)
		if err != nil {
			return false, d.h.record(fmt.Errorf("%w: %w", ErrCorrupt, err))
		}
		return true, fn(p)
	})
}

// scan calls fn with every key in [lo, hi) until it returns false or an
// error, holding the read lock so that Close waits for it.
func (d *DB) scan(lo, hi []byte, fn func(key []byte) (bool, error)) (err error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ErrClosed
	}
	if err := d.h.failed(); err != nil {
		return err
	}
	defer d.guard(&err)
	it, err := d.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return d.h.fromPebble(err)
	}
	for it.First(); it.Valid(); it.Next() {
		more, err := fn(it.Key())
		if err != nil || !more {
			return errors.Join(err, it.Close())
		}
	}
	if err := it.Close(); err != nil {
		return d.h.fromPebble(err)
	}
	return d.h.failed()
}

// LoadPlayer returns a player's stored record; ok is false for a new player.
func (d *DB) LoadPlayer(name string) (r PlayerRecord, ok bool, err error) {
	v, ok, err := d.get(PlayerKey(name))
	if err != nil {
		return PlayerRecord{}, false, fmt.Errorf("load player %q: %w", name, err)
	}
	if !ok {
		return PlayerRecord{}, false, nil
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return PlayerRecord{}, false, fmt.Errorf("load player %q: %w", name, d.h.record(fmt.Errorf("%w: %w", ErrCorrupt, err)))
	}
	return r, true, nil
}

// Checkpoint writes a consistent copy of the database, usable as another
// server's data directory, while the server keeps running. A stopped
// database refuses: its state is not trusted.
func (d *DB) Checkpoint(dataDir string) error {
	if err := d.checkpoint(dataDir); err != nil {
		return err
	}
	// The copy is a data directory of its own: it gets the metadata's
	// file too (MetaFile).
	if m, ok, err := d.Meta(); err == nil && ok {
		if err := WriteMetaFile(dataDir, m); err != nil {
			return fmt.Errorf("checkpoint to %s: %w", dataDir, err)
		}
	}
	return nil
}

func (d *DB) checkpoint(dataDir string) (err error) {
	dst := filepath.Join(dataDir, "world")
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ErrClosed
	}
	if err := d.h.failed(); err != nil {
		return fmt.Errorf("checkpoint to %s: %w", dst, err)
	}
	defer d.guard(&err)
	if err := d.db.Checkpoint(dst, pebble.WithFlushedWAL()); err != nil {
		return fmt.Errorf("checkpoint to %s: %w", dst, d.h.fromPebble(err))
	}
	return nil
}

// Stats is a snapshot of the database's write counters.
type Stats struct {
	// BytesWritten counts bytes written to the WAL and by flushes and
	// compactions: the physical write volume.
	BytesWritten uint64
}

// Stats returns the database's write counters.
func (d *DB) Stats() Stats {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return Stats{}
	}
	m := d.db.Metrics()
	return Stats{BytesWritten: m.WAL.BytesWritten + m.Total().TableBytesFlushed + m.Total().TableBytesCompacted}
}

// CorruptForTest flips bytes in a stored section record, for tests of the
// corruption paths of packages that use storage.
func (d *DB) CorruptForTest(p chunk.Pos) error {
	if err := d.corruptKey(SectionKey(p)); err != nil {
		return fmt.Errorf("corrupt %v: %w", p, err)
	}
	return nil
}

// corruptKey flips a byte in the middle of key's stored value.
func (d *DB) corruptKey(key []byte) error {
	v, ok, err := d.get(key)
	if err != nil || !ok || len(v) == 0 {
		return fmt.Errorf("stored value: ok %v: %w", ok && len(v) > 0, err)
	}
	v[len(v)/2] ^= 0xff
	b := d.db.NewBatch()
	if err := b.Set(key, v, nil); err != nil {
		b.Close()
		return err
	}
	return d.commit(b)
}

// Empty reports whether the database holds no edited section, no player
// record, no access record and no entity record (a cleared one counts: it
// is a key): a world that is exactly its generator's output, whose replay
// needs no copy of it. Access records count because operators and bans
// change what commands do; entity records because saved entities are
// loaded back into the world.
func (d *DB) Empty() (bool, error) {
	empty := true
	err := d.scan([]byte{prefixSection}, []byte{prefixEntity + 1}, func([]byte) (bool, error) {
		empty = false
		return false, nil
	})
	return empty && err == nil, err
}

// PutPlayers writes player records in one synced batch, bypassing the
// storage goroutine: for tools and fixtures that place players before a
// server runs, never for the tick.
func (d *DB) PutPlayers(recs []PlayerRecord) error {
	b := d.db.NewBatch()
	for _, r := range recs {
		v, err := marshalPlayer(r)
		if err == nil {
			err = b.Set(PlayerKey(r.Name), v, nil)
		}
		if err != nil {
			b.Close()
			return fmt.Errorf("put player %q: %w", r.Name, err)
		}
	}
	if err := d.commit(b); err != nil {
		return fmt.Errorf("put %d players: %w", len(recs), err)
	}
	return nil
}
