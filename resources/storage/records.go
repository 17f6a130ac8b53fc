package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
	"unicode/utf8"
)

// Plugin records: the records plugins keep (systems/persist's PlayerData,
// ColumnData and WorldData), one family of kinds under one prefix. A key
// is
//
//	0x06, len(kind), kind, scope, scope key
//
// with the scope key a player's name ('p'), a section column as region X,
// region Z, X, Z in ordered big-endian uint32s like EntityKey ('c': one
// kind's records of a region are one key range), or a key the plugin
// names ('w'). The value is an envelope (EncodeRecord): envelope version,
// the plugin's format version, its payload and a CRC-32C; an empty value
// is a deleted record (Strata never deletes a key).
const prefixRecord byte = 0x06

// Scope is what a plugin record is kept for.
type Scope byte

// The scopes of plugin records.
const (
	// ScopePlayer records are kept per player, keyed by name.
	ScopePlayer Scope = 'p'
	// ScopeColumn records are kept per section column (x, z).
	ScopeColumn Scope = 'c'
	// ScopeWorld records are world-wide, under keys the plugin names.
	ScopeWorld Scope = 'w'
)

// String names the scope: "player", "column", "world".
func (s Scope) String() string {
	switch s {
	case ScopePlayer:
		return "player"
	case ScopeColumn:
		return "column"
	case ScopeWorld:
		return "world"
	}
	return fmt.Sprintf("scope %q", byte(s))
}

// Limits of plugin record kinds and keys.
const (
	// MaxKindName is the longest kind name.
	MaxKindName = 48
	// MaxRecordName is the longest player name or world key of a record.
	MaxRecordName = 128
	// MaxRecordValue is the largest encoded record value: 1 MiB less
	// room for a message's headers, for a cluster stores each record as
	// one NATS message, and nats-server's default max_payload (headers
	// and value) is 1 MiB.
	MaxRecordValue = 1<<20 - 8<<10
)

// ValidKindName reports why name cannot name a plugin record kind, or
// nil: 1 to MaxKindName characters of [a-z0-9_.-], starting with a letter
// or digit, without "..", not ending in ".".
func ValidKindName(name string) error {
	if name == "" || len(name) > MaxKindName {
		return fmt.Errorf("record kind %q: a name is 1 to %d characters", name, MaxKindName)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return fmt.Errorf("record kind %q: only a-z, 0-9, '_', '.' and '-' are allowed", name)
		}
	}
	if c := name[0]; c == '.' || c == '-' || c == '_' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
		return fmt.Errorf("record kind %q: starts with a letter or digit, no empty dotted part", name)
	}
	return nil
}

// RecordKey names one plugin record.
type RecordKey struct {
	// Kind is the record kind's name (ValidKindName).
	Kind  string
	Scope Scope
	// Name is the player's name (ScopePlayer) or the plugin's key
	// (ScopeWorld).
	Name string
	// X and Z are the section column (ScopeColumn).
	X, Z int32
}

// String describes the key for people: `homes record of player "ann"`.
func (k RecordKey) String() string {
	switch k.Scope {
	case ScopeColumn:
		return fmt.Sprintf("%s record of column (%d,%d)", k.Kind, k.X, k.Z)
	case ScopePlayer:
		return fmt.Sprintf("%s record of player %q", k.Kind, k.Name)
	}
	return fmt.Sprintf("%s record %q", k.Kind, k.Name)
}

// Valid reports why k cannot be stored, or nil.
func (k RecordKey) Valid() error {
	if err := ValidKindName(k.Kind); err != nil {
		return err
	}
	switch k.Scope {
	case ScopeColumn:
		return nil
	case ScopePlayer, ScopeWorld:
		if k.Name == "" || len(k.Name) > MaxRecordName || !utf8.ValidString(k.Name) {
			return fmt.Errorf("%s: a %s key is 1 to %d bytes of UTF-8", k, k.Scope, MaxRecordName)
		}
		return nil
	}
	return fmt.Errorf("%s: unknown scope", k)
}

// Bytes returns the storage key.
func (k RecordKey) Bytes() []byte {
	b := make([]byte, 0, 3+len(k.Kind)+max(len(k.Name), 16))
	b = append(b, prefixRecord, byte(len(k.Kind)))
	b = append(b, k.Kind...)
	b = append(b, byte(k.Scope))
	if k.Scope == ScopeColumn {
		b = binary.BigEndian.AppendUint32(b, ordered(k.X>>RegionShift))
		b = binary.BigEndian.AppendUint32(b, ordered(k.Z>>RegionShift))
		b = binary.BigEndian.AppendUint32(b, ordered(k.X))
		return binary.BigEndian.AppendUint32(b, ordered(k.Z))
	}
	return append(b, k.Name...)
}

// ParseRecordKey is the inverse of RecordKey.Bytes. It refuses a key that
// is no key Strata writes.
func ParseRecordKey(b []byte) (RecordKey, error) {
	if len(b) < 3 || b[0] != prefixRecord || len(b) < 3+int(b[1]) {
		return RecordKey{}, fmt.Errorf("not a plugin record key: %x", b)
	}
	n := int(b[1])
	k := RecordKey{Kind: string(b[2 : 2+n]), Scope: Scope(b[2+n])}
	rest := b[3+n:]
	if k.Scope == ScopeColumn {
		if len(rest) != 16 {
			return RecordKey{}, fmt.Errorf("plugin record key %x: bad column", b)
		}
		k.X = unordered(binary.BigEndian.Uint32(rest[8:]))
		k.Z = unordered(binary.BigEndian.Uint32(rest[12:]))
	} else {
		k.Name = string(rest)
	}
	if err := k.Valid(); err != nil {
		return RecordKey{}, err
	}
	if !bytes.Equal(k.Bytes(), b) {
		return RecordKey{}, fmt.Errorf("plugin record key %x: region does not match column", b)
	}
	return k, nil
}

// RecordKindBounds returns the key range [lo, hi) of every record of one
// kind in one scope.
func RecordKindBounds(kind string, scope Scope) (lo, hi []byte) {
	lo = append([]byte{prefixRecord, byte(len(kind))}, kind...)
	lo = append(lo, byte(scope))
	hi = append(slices.Clone(lo[:len(lo)-1]), byte(scope)+1)
	return lo, hi
}

// recordEnvelope is the version byte of a plugin record's envelope.
const recordEnvelope = 1

// EncodeRecord returns the stored value of a plugin record: envelope
// version byte, uvarint format version (the plugin's), payload, CRC-32C
// (little-endian) of all before it.
func EncodeRecord(version uint32, payload []byte) []byte {
	v := make([]byte, 0, 1+5+len(payload)+4)
	v = append(v, recordEnvelope)
	v = binary.AppendUvarint(v, uint64(version))
	v = append(v, payload...)
	return binary.LittleEndian.AppendUint32(v, crc32.Checksum(v, castagnoli))
}

// DecodeRecord validates a plugin record's value and returns its format
// version and payload; damage is an error wrapping ErrCorrupt. An empty
// value (a deleted record) is ErrDeleted.
func DecodeRecord(v []byte) (version uint32, payload []byte, err error) {
	if len(v) == 0 {
		return 0, nil, ErrDeleted
	}
	if len(v) < 1+1+4 {
		return 0, nil, fmt.Errorf("%w: %d bytes is too short", ErrCorrupt, len(v))
	}
	body, sum := v[:len(v)-4], binary.LittleEndian.Uint32(v[len(v)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return 0, nil, fmt.Errorf("%w: checksum %08x, stored %08x", ErrCorrupt, got, sum)
	}
	if body[0] != recordEnvelope {
		return 0, nil, fmt.Errorf("%w: unknown envelope version %d", ErrCorrupt, body[0])
	}
	ver, n := binary.Uvarint(body[1:])
	if n <= 0 || ver > 1<<32-1 {
		return 0, nil, fmt.Errorf("%w: bad format version", ErrCorrupt)
	}
	return uint32(ver), body[1+n:], nil
}

// RecordProblem says why a stored plugin record's value cannot be used,
// or "" when it is intact (an empty value is a deleted record).
func RecordProblem(v []byte) string {
	if len(v) == 0 {
		return ""
	}
	if _, _, err := DecodeRecord(v); err != nil {
		return err.Error()
	}
	return ""
}

// ErrDeleted is DecodeRecord's answer for a deleted record.
var ErrDeleted = errors.New("record deleted")

// RecordWrite is one plugin record to store: Value is EncodeRecord's, or
// nil to delete the record.
type RecordWrite struct {
	Key   RecordKey
	Value []byte
	// Epoch is the Fencer's epoch of the column when the write was handed
	// over (ScopeColumn; 0: no Fencer); it is not stored.
	Epoch uint64
}

// RecordBackend is a Backend that stores plugin records. The Writer
// commits Batch.Records only to one; a Backend without it (a test's)
// leaves them out with an error in the log.
type RecordBackend interface {
	// LoadRecord returns the stored value of a record (EncodeRecord's);
	// ok is false when none is stored or it was deleted.
	LoadRecord(k RecordKey) (v []byte, ok bool, err error)
	// ScanRecords calls fn with every stored record of kind in scope, in
	// key order (deleted ones left out). A damaged record does not stop
	// the scan: it is left out, and the scan's error, once every intact
	// record has been passed to fn, wraps ErrCorrupt and names it.
	ScanRecords(kind string, scope Scope, fn func(k RecordKey, v []byte) error) error
}

// RemoteRecords is a RecordBackend other processes write too (a cluster
// shard's store): a column record another shard wrote after this one
// listed a kind's keys at start is known without a read, and the world
// records they write are followed.
type RemoteRecords interface {
	// MayHaveColumnRecord reports whether column (x, z) may have a
	// stored record of kind (false: it has none).
	MayHaveColumnRecord(kind string, x, z int32) bool
	// FollowWorldRecords starts keeping the changes other processes make
	// to kind's world records, for DrainWorldRecords. Call it before
	// ScanRecords of the kind: a change made between the two is then in
	// one or the other (or both).
	FollowWorldRecords(kind string) error
	// DrainWorldRecords calls fn, on the caller's goroutine and without
	// waiting on the network, with each change to a followed kind's world
	// record seen since the last call that is newer than what this
	// process last read or wrote of the key (its own writes are not
	// passed back): v is the stored value (EncodeRecord's, not checked),
	// nil for a deleted record. The newest change of a key replaces an
	// older one not yet drained. fn reports whether it took the change:
	// the next write of a key taken is compared with the change's
	// revision; a change not taken (a write of the key in flight) is
	// offered again at the next call, if it is still newer than what this
	// process read or wrote of the key by then.
	DrainWorldRecords(fn func(k RecordKey, v []byte) bool)
}

// LoadRecord implements RecordBackend.
func (d *DB) LoadRecord(k RecordKey) ([]byte, bool, error) {
	key := k.Bytes()
	v, ok, err := d.get(key)
	if err != nil {
		return nil, false, fmt.Errorf("load %s (key %x): %w", k, key, err)
	}
	if !ok || len(v) == 0 {
		return nil, false, nil
	}
	if _, _, err := DecodeRecord(v); err != nil {
		return nil, false, fmt.Errorf("load %s (key %x): %w", k, key, d.h.record(err))
	}
	return v, true, nil
}

// ScanRecords implements RecordBackend.
func (d *DB) ScanRecords(kind string, scope Scope, fn func(k RecordKey, v []byte) error) error {
	lo, hi := RecordKindBounds(kind, scope)
	var damaged []error
	err := d.scanValues(lo, hi, func(key, v []byte) error {
		if len(v) == 0 {
			return nil
		}
		k, err := ParseRecordKey(key)
		if err != nil {
			damaged = append(damaged, fmt.Errorf("%w: %w", ErrCorrupt, err))
			return nil
		}
		if _, _, err := DecodeRecord(v); err != nil {
			damaged = append(damaged, fmt.Errorf("scan %s (key %x): %w", k, key, d.h.record(err)))
			return nil
		}
		return fn(k, slices.Clone(v))
	})
	if err != nil {
		return err
	}
	return errors.Join(damaged...)
}

func init() {
	RegisterKind(RecordKind{
		Name: "plugin", Prefix: prefixRecord, Scope: "player, column or world",
		Describe: func(b []byte) (string, bool) {
			k, err := ParseRecordKey(b)
			return k.String(), err == nil
		},
		Problem: func(_, v []byte) string { return RecordProblem(v) },
		Live:    func(v []byte) bool { return len(v) > 0 },
		Group: func(b []byte) string {
			k, _ := ParseRecordKey(b)
			return "plugin " + k.Kind
		},
	})
}

// pluginCounts lists the intact plugin records by kind for WriteText:
// ", 3 homes records".
func (r *Report) pluginCounts() string {
	var names []string
	for g := range r.ByKind {
		if strings.HasPrefix(g, "plugin ") {
			names = append(names, g)
		}
	}
	slices.Sort(names)
	var b strings.Builder
	for _, g := range names {
		fmt.Fprintf(&b, ", %s", count(r.ByKind[g], strings.TrimPrefix(g, "plugin ")+" record"))
	}
	return b.String()
}
