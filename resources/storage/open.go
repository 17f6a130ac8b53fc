package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/rs/zerolog"
)

// open opens Pebble with storage's logger and event listener, so that
// damage is reported as errors and never as a panic. An existing database
// on disk is first verified, under its directory lock, for the damage
// Pebble would not notice and would make permanent: a write-ahead log
// damaged in its middle (Pebble drops every record after the damage) and
// a MANIFEST that lost records (Pebble opens without the tables they
// added, then deletes them as obsolete).
func open(dataDir, path string, mem vfs.FS, readOnly bool, log zerolog.Logger) (*DB, error) {
	h := newHealth(dataDir, log.With().Str("component", "pebble").Logger())
	name := path
	if mem != nil {
		name = "(memory)"
	}
	var lock *pebble.Lock
	if mem == nil && !hasManifest(path) {
		// Pebble would take the directory for a new database and delete
		// every table and log in it as obsolete.
		if files, err := listFiles(path); err == nil && len(files.tables)+len(files.logs) > 0 {
			return nil, fmt.Errorf("open database %s: %w", name, &CorruptionError{DataDir: dataDir,
				Reason: fmt.Sprintf("the directory holds %d tables and %d logs but no MANIFEST: the world is not opened", len(files.tables), len(files.logs))})
		}
	}
	if mem == nil && hasManifest(path) {
		var err error
		if lock, err = pebble.LockDirectory(path, vfs.Default); err != nil {
			return nil, fmt.Errorf("open database %s: lock: %w", name, err)
		}
		if err := verifyBeforeOpen(dataDir, path, lock, log); err != nil {
			lock.Close()
			return nil, fmt.Errorf("open database %s: %w", name, err)
		}
	}
	db, err := openPebble(h, path, mem, readOnly, lock)
	if err != nil {
		if lock != nil {
			lock.Close()
		}
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	d := &DB{db: db, path: name, h: h, lock: lock}
	if err := d.indexEntityKeys(); err != nil {
		// Damage met here is met again by the reads that touch it.
		log.Warn().Err(err).Str("path", name).Msg("entity keys not indexed: every column's record is read")
	}
	return d, nil
}

// openPebble opens Pebble with h's logger, listener and compaction gate.
func openPebble(h *health, path string, mem vfs.FS, readOnly bool, lock *pebble.Lock) (db *pebble.DB, err error) {
	defer func() {
		// Pebble panics on some damage it meets while opening (a MANIFEST
		// that decodes to nonsense); the process must not.
		if r := recover(); r != nil {
			h.gate.Unregister()
			db, err = nil, &CorruptionError{DataDir: h.dataDir, Reason: fmt.Sprintf("the database cannot be opened: Pebble failed: %v", r)}
		}
	}()
	opts := &pebble.Options{FS: mem, Logger: pebbleLogger{h.log, h}, EventListener: h.listener(), ReadOnly: readOnly, Lock: lock}
	opts.Experimental.CompactionScheduler = h.gate
	// Pebble's default stops writes at 12 L0 tables. A damaged L0 table
	// blocks every compaction out of L0, so the server would stop taking
	// edits a dozen flushes later and hang at shutdown; at this bound it
	// keeps taking them (each read checks more tables) until repaired.
	opts.L0StopWritesThreshold = 1000
	db, err = pebble.Open(path, opts)
	if err != nil {
		// Pebble does not unregister when it fails after registering.
		h.gate.Unregister()
		if pebble.IsCorruptionError(err) || lock != nil && errors.Is(err, fs.ErrNotExist) {
			// A missing table or log listed in the MANIFEST is damage too.
			return nil, &CorruptionError{DataDir: h.dataDir, Reason: "the database cannot be opened: " + firstLine(err.Error()), err: err}
		}
		return nil, h.fromPebble(err)
	}
	if ferr := h.failed(); ferr != nil {
		_ = closePebble(db)
		return nil, ferr
	}
	return db, nil
}

// hasManifest reports whether path holds a Pebble database (a new one is
// created without checks).
func hasManifest(path string) bool {
	ents, err := os.ReadDir(path)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "MANIFEST-") {
			return true
		}
	}
	return false
}

// verifyBeforeOpen looks for the damage Pebble would silently make
// permanent on opening: a log damaged in its middle, and tables the
// MANIFEST does not list that hold keys the database lacks (Strata never
// deletes a key, so every key of a table left over from a compaction is
// also in the live tables). It reads every log and every left-over table
// once; the live tables are not read.
func verifyBeforeOpen(dataDir, path string, lock *pebble.Lock, log zerolog.Logger) error {
	files, err := listFiles(path)
	if err != nil {
		return err
	}
	for _, ref := range files.logs {
		ls, err := scanLog(ref, func(*entry) {})
		if err != nil {
			return err
		}
		if len(ls.damage) > 0 {
			d := ls.damage[0]
			return &CorruptionError{DataDir: dataDir, File: d.File,
				Reason: fmt.Sprintf("the write-ahead log is damaged (%s: %s), and Pebble would drop every record after the damage: the world is not opened", d.Where, d.Problem)}
		}
	}
	if len(files.tables) == 0 {
		return nil
	}
	probe := newHealth(dataDir, zerolog.Nop())
	db, err := openPebble(probe, path, nil, true, lock)
	if err != nil {
		return err
	}
	defer closePebble(db)
	live, err := liveTables(db)
	if err != nil {
		return probe.fromPebble(err)
	}
	for _, ref := range files.tables {
		if _, ok := live[ref.num]; ok {
			continue
		}
		missing, first, err := lackedKeys(db, ref, 1)
		if err != nil {
			return err
		}
		if missing > 0 {
			return &CorruptionError{DataDir: dataDir, File: ref.name,
				Reason: fmt.Sprintf("the MANIFEST does not list table %s, which holds keys the database lacks (%s): the MANIFEST has lost records, and opening the database would delete the table", ref.name, DescribeKey(first))}
		}
		log.Debug().Str("table", ref.name).Msg("storage: left-over table holds nothing the database lacks; Pebble deletes it")
	}
	return nil
}

// liveTables returns the tables the MANIFEST lists, by file number.
func liveTables(db *pebble.DB) (map[uint64]pebble.SSTableInfo, error) {
	levels, err := db.SSTables()
	if err != nil {
		return nil, err
	}
	live := map[uint64]pebble.SSTableInfo{}
	for _, level := range levels {
		for _, t := range level {
			live[uint64(t.BackingSSTNum)] = t
		}
	}
	return live, nil
}

// lackedKeys counts the keys set in table ref that db has no value for,
// stopping at limit (0: no limit), and returns the first. A key db
// cannot read counts as present: that damage is the live tables'.
func lackedKeys(db *pebble.DB, ref fileRef, limit int) (n int, first []byte, err error) {
	_, err = scanTable(ref, func(e *entry) {
		if limit > 0 && n >= limit || !isSet(e.kind) {
			return
		}
		_, closer, gerr := db.Get(e.key)
		if gerr == nil {
			closer.Close()
			return
		}
		if errors.Is(gerr, pebble.ErrNotFound) {
			if n == 0 {
				first = e.key
			}
			n++
		}
	})
	return n, first, err
}

// isSet reports whether kind sets a value.
func isSet(kind pebble.InternalKeyKind) bool {
	return kind == pebble.InternalKeyKindSet || kind == pebble.InternalKeyKindSetWithDelete
}
