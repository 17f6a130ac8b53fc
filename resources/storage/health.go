package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/rs/zerolog"
)

// CorruptionError describes damaged data met by a read: a table block that
// fails its checksum, a record that does not decode, or a database Pebble
// gave up on. errors.Is(err, ErrCorrupt) holds for it, which is how callers
// tell damage (permanent: retrying reads the same bytes) from a transient
// I/O error.
type CorruptionError struct {
	// DataDir is the data directory, for the operator's next step; empty
	// for an in-memory database.
	DataDir string
	// File is the damaged file's name (000008.sst, MANIFEST-000001), when
	// known.
	File string
	// Lo and Hi bound the keys the damage covers (both inclusive), when
	// known: a damaged table withholds every key in its range.
	Lo, Hi []byte
	// Reason is one line saying what is wrong.
	Reason string
	// Fatal is set when the whole database has stopped: every later
	// operation fails until the process restarts on a repaired copy.
	Fatal bool
	err   error
}

// Error says what is damaged, where, and what the operator does next, in
// one line.
func (e *CorruptionError) Error() string {
	var b strings.Builder
	b.WriteString("damaged data")
	if e.DataDir != "" {
		fmt.Fprintf(&b, " in %s", filepath.Join(e.DataDir, "world"))
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	switch {
	case e.File != "" && e.Lo != nil:
		fmt.Fprintf(&b, " (file %s, which holds %s … %s)", e.File, DescribeKey(e.Lo), DescribeKey(e.Hi))
	case e.File != "":
		fmt.Fprintf(&b, " (file %s)", e.File)
	}
	if e.Fatal {
		b.WriteString("; the database has stopped")
	}
	if e.DataDir != "" {
		fmt.Fprintf(&b, "; run `strata check --data %s` to list the damage and `strata repair --data %s --out NEW` to salvage every readable record into NEW", e.DataDir, e.DataDir)
	}
	return b.String()
}

// Is makes errors.Is(err, ErrCorrupt) hold.
func (e *CorruptionError) Is(target error) bool { return target == ErrCorrupt }

// Unwrap returns Pebble's or the decoder's error.
func (e *CorruptionError) Unwrap() error { return e.err }

// health is what a database has learned about its own integrity. It exists
// before Pebble opens, because Pebble reports through the logger and event
// listener it is given, from any goroutine, including background ones.
type health struct {
	dataDir string // "" in memory
	log     zerolog.Logger
	// loud logs what Pebble reports, sampled: a damaged range is met
	// again at every retry, and a failing compaction is rescheduled at once.
	loud        zerolog.Logger
	corruptions atomic.Uint64
	fatal       atomic.Pointer[CorruptionError]
	// gate is the compaction scheduler the listener pauses.
	gate *compactionGate
}

func newHealth(dataDir string, log zerolog.Logger) *health {
	loud := log.Sample(&zerolog.BurstSampler{Burst: 5, Period: 10 * time.Second})
	return &health{dataDir: dataDir, log: log, loud: loud, gate: newCompactionGate(loud)}
}

// failed returns the error that stopped the database, or nil.
func (h *health) failed() error {
	if f := h.fatal.Load(); f != nil {
		return f
	}
	return nil
}

// stop records the first fatal error; every later operation fails with it.
func (h *health) stop(reason string, err error) {
	h.corruptions.Add(1)
	e := &CorruptionError{DataDir: h.dataDir, Reason: reason, Fatal: true, err: err}
	if h.fatal.CompareAndSwap(nil, e) {
		h.log.Error().Str("reason", reason).Str("next", "strata check, then strata repair").
			Msg("storage: Pebble met a fatal error; the database has stopped and every later read and write fails")
	}
}

// fromPebble turns a Pebble read error into the error storage returns:
// the stopped database's error, a CorruptionError for damage, or the
// error itself (a transient I/O error, say).
func (h *health) fromPebble(err error) error {
	if f := h.failed(); f != nil {
		return f
	}
	if !pebble.IsCorruptionError(err) {
		return err
	}
	e := &CorruptionError{DataDir: h.dataDir, Reason: firstLine(err.Error()), err: err}
	if info := pebble.ExtractDataCorruptionInfo(err); info != nil {
		// The listener has counted and logged it already.
		e.File = filepath.Base(info.Path)
		e.Reason = firstLine(info.Details.Error())
		if info.Bounds.Start != nil {
			e.Lo, e.Hi = info.Bounds.Start, info.Bounds.End.Key
		}
	} else {
		h.corruptions.Add(1)
	}
	return e
}

// record counts a record that fails its own checksum or decoding and
// returns the CorruptionError for it.
func (h *health) record(err error) error {
	var ce *CorruptionError
	if errors.As(err, &ce) {
		return err
	}
	h.corruptions.Add(1)
	return &CorruptionError{DataDir: h.dataDir, Reason: err.Error(), err: err}
}

// listener returns Pebble's event listener: damage is counted and logged
// in one line and surfaces as the read's error, instead of Pebble's
// default, which calls Fatalf.
func (h *health) listener() *pebble.EventListener {
	return &pebble.EventListener{
		DataCorruption: func(info pebble.DataCorruptionInfo) {
			h.corruptions.Add(1)
			ev := h.loud.Error().Str("file", info.Path).Str("detail", firstLine(info.Details.Error()))
			if info.Bounds.Start != nil {
				ev = ev.Str("from", DescribeKey(info.Bounds.Start)).Str("to", DescribeKey(info.Bounds.End.Key))
			}
			ev.Str("next", "strata check, then strata repair").
				Msg("storage: damaged table block; its keys are withheld, the rest of the world is served")
		},
		BackgroundError: func(err error) {
			// A compaction that meets a damaged block fails; its
			// corruption was counted by DataCorruption. Pebble would
			// retry it at once, and forever.
			corrupt := pebble.IsCorruptionError(err)
			h.loud.Error().Str("error", firstLine(err.Error())).Bool("corruption", corrupt).
				Msg("storage: background flush or compaction failed")
			if corrupt {
				h.gate.damaged()
			}
		},
		CompactionEnd: func(info pebble.CompactionInfo) {
			if info.Err == nil {
				h.gate.succeeded()
			}
		},
	}
}

// pebbleLogger routes Pebble's messages to zerolog: its informational
// chatter at debug level, errors as errors. Fatalf does not end the
// process: Pebble calls it from background goroutines too, where a panic
// cannot be recovered, so it stops the database instead.
type pebbleLogger struct {
	log zerolog.Logger
	h   *health
}

func (l pebbleLogger) Infof(format string, args ...any) {
	l.log.Debug().Msg(fmt.Sprintf(format, args...))
}

func (l pebbleLogger) Errorf(format string, args ...any) {
	l.log.Error().Msg(fmt.Sprintf(format, args...))
}

// Fatalf records the error and returns. Pebble's callers expect it not
// to return; after it does, the database refuses every operation (reads,
// commits, checkpoints) so that nothing Pebble does next is trusted, and
// Close releases it.
func (l pebbleLogger) Fatalf(format string, args ...any) {
	l.h.stop(firstLine(fmt.Sprintf(format, args...)), nil)
}

// firstLine cuts a message at its first line break: Pebble's errors
// carry stack traces and detail carriers after it.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
