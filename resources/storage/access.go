package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/cockroachdb/pebble/v2"
)

// Kinds of access record: the byte after the access prefix. Storage knows
// them so that check, repair and the reports can tell a record Strata
// writes from a stray key; what the records mean is the access package's.
const (
	// AccessName binds a player name (lower-cased) to its key.
	AccessName byte = 'n'
	// AccessOperator marks a name (lower-cased) as an operator.
	AccessOperator byte = 'o'
	// AccessBan is one ban, of a name, a key or both.
	AccessBan byte = 'b'
	// AccessWhitelist lists a name (lower-cased) on the whitelist.
	AccessWhitelist byte = 'w'
	// AccessSetting is a registry-wide setting, such as whether the
	// whitelist is on.
	AccessSetting byte = 's'
)

// accessKinds names each kind for people (DescribeKey).
var accessKinds = map[byte]string{
	AccessName:      "name binding",
	AccessOperator:  "operator",
	AccessBan:       "ban",
	AccessWhitelist: "whitelist entry",
	AccessSetting:   "access setting",
}

// AccessKey returns the key of an access record: prefix, kind, then the
// record's id (a lower-cased name, say) in UTF-8.
func AccessKey(kind byte, id string) []byte {
	k := make([]byte, 0, 2+len(id))
	return append(append(k, prefixAccess, kind), id...)
}

// ParseAccessKey is the inverse of AccessKey. It refuses a key of another
// prefix, an unknown kind and an empty or invalid UTF-8 id: none is a key
// Strata writes.
func ParseAccessKey(k []byte) (kind byte, id string, err error) {
	switch {
	case len(k) < 3 || k[0] != prefixAccess:
		return 0, "", fmt.Errorf("not an access key: %x", k)
	case accessKinds[k[1]] == "":
		return 0, "", fmt.Errorf("access key %x: unknown kind %q", k, k[1])
	case !utf8.Valid(k[2:]):
		return 0, "", fmt.Errorf("access key %x: id is not UTF-8", k)
	}
	return k[1], string(k[2:]), nil
}

// AccessWrite is one change of an access record: Value is the record's
// JSON, or nil to clear it.
type AccessWrite struct {
	Key   []byte
	Value []byte
	// IfAbsent asks for the record to be written only if none is: a
	// backend shared by several servers (a cluster's) refuses it with
	// ErrAccessExists when another wrote the key first. One server's
	// database needs no check, as its registry serialises its changes.
	IfAbsent bool
	// Since, with IfAbsent, is when the record was made: a backend that
	// keeps deletions (a cluster's) refuses it with ErrAccessDeleted when
	// the key was deleted at or after then, a decision taken later than
	// the record. Zero: any deletion is overwritten.
	Since time.Time
}

// ErrAccessExists is a shared backend's refusal of an IfAbsent write.
var ErrAccessExists = errors.New("access record exists")

// ErrAccessDeleted is a shared backend's refusal of an IfAbsent write
// whose key it deleted at or after the write's Since.
var ErrAccessDeleted = errors.New("access record deleted since")

// PutAccess writes access records in one synced batch, straight to Pebble
// and not through the storage goroutine: changes are rare and small, and
// the caller answers only once they are durable. A cleared record (nil
// Value) is stored as an empty value rather than deleted, because Strata
// never deletes a key: the check before open (docs/storage.md) counts on
// every key of a table a compaction left behind being in the live tables.
// Keys must be access keys and values JSON, or nothing is written.
func (d *DB) PutAccess(writes []AccessWrite) error {
	b := d.db.NewBatch()
	for _, w := range writes {
		err := validAccessWrite(w)
		if err == nil {
			err = b.Set(w.Key, w.Value, nil)
		}
		if err != nil {
			b.Close()
			return fmt.Errorf("put %s: %w", DescribeKey(w.Key), err)
		}
	}
	if err := d.commit(b); err != nil {
		return fmt.Errorf("put %d access records: %w", len(writes), err)
	}
	return nil
}

func validAccessWrite(w AccessWrite) error {
	if _, _, err := ParseAccessKey(w.Key); err != nil {
		return err
	}
	if len(w.Value) > 0 && !json.Valid(w.Value) {
		return errors.New("value is not JSON")
	}
	return nil
}

// ScanAccess calls fn with the key and value of every access record in
// key order, cleared records left out. The records are read first, under
// the database's read lock, and fn is called after, so fn may use the
// database; key and value are fn's to keep. A record whose value is not
// JSON is counted as corruption (Corruptions) and still passed to fn,
// which reports it. Damage that stops the scan (a damaged table block) is
// an error wrapping ErrCorrupt, and fn is not called at all: a registry
// must not start from part of its records.
func (d *DB) ScanAccess(fn func(key, value []byte) error) error {
	type record struct{ k, v []byte }
	var recs []record
	err := d.scanValues([]byte{prefixAccess}, []byte{prefixAccess + 1}, func(k, v []byte) error {
		if len(v) > 0 {
			recs = append(recs, record{append([]byte(nil), k...), append([]byte(nil), v...)})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("scan access records: %w", err)
	}
	for _, r := range recs {
		if p := recordProblem(r.k, r.v); p != "" {
			_ = d.h.record(fmt.Errorf("%w: %s: %s", ErrCorrupt, DescribeKey(r.k), p))
		}
		if err := fn(r.k, r.v); err != nil {
			return err
		}
	}
	return nil
}

// scanValues calls fn with every key and value in [lo, hi), holding the
// read lock so that Close waits for it. Key and value are valid only
// during the call.
func (d *DB) scanValues(lo, hi []byte, fn func(k, v []byte) error) (err error) {
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
		v, err := it.ValueAndErr()
		if err == nil {
			err = fn(it.Key(), v)
		} else {
			err = d.h.fromPebble(err)
		}
		if err != nil {
			return errors.Join(err, it.Close())
		}
	}
	if err := it.Close(); err != nil {
		return d.h.fromPebble(err)
	}
	return d.h.failed()
}

// accessProblem says why an access record's value cannot be used, or ""
// when it is intact: a JSON object, or empty (cleared).
func accessProblem(v []byte) string {
	if len(v) == 0 {
		return ""
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(v, &obj); err != nil {
		return "access record does not decode: " + err.Error()
	}
	return ""
}

// CorruptAccessForTest overwrites a stored access record with bytes that
// are not JSON, for tests of the corruption paths of packages that use
// access records.
func (d *DB) CorruptAccessForTest(key []byte) error {
	v, ok, err := d.get(key)
	if err != nil || !ok || len(v) == 0 {
		return fmt.Errorf("corrupt %s: ok %v: %w", DescribeKey(key), ok && len(v) > 0, err)
	}
	v = append(v[:len(v)/2:len(v)/2], 0xff)
	b := d.db.NewBatch()
	if err := b.Set(key, v, nil); err != nil {
		b.Close()
		return err
	}
	return d.commit(b)
}
