package access

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stratavox/strata/resources/storage"
)

// The JSON records kept under storage.AccessKey (docs/storage.md). Every
// record repeats what its key says (the name, the ban's id) so that a
// record is checked against its key when it is loaded.

// nameRecord binds a name to a key (kind storage.AccessName, id the
// lower-cased name). Played is written by every server that lapses
// bindings: false until the player first entered the world, then true
// with Seen the last time it did. A record without it was written before
// bindings lapsed (a legacy record): Open rewrites it as played, seen
// when it loads, so that it gets a full idle period from the upgrade.
type nameRecord struct {
	Name   string    `json:"name"`
	Key    string    `json:"key"`
	At     time.Time `json:"at"`
	Played *bool     `json:"played,omitempty"`
	Seen   time.Time `json:"seen,omitzero"`
}

// nameRecordOf is the record of binding b.
func nameRecordOf(b binding) nameRecord {
	played := !b.seen.IsZero()
	return nameRecord{Name: b.name, Key: hex.EncodeToString(b.key), At: b.at.UTC(), Played: &played, Seen: utcOrZero(b.seen)}
}

// entryRecord lists a name: an operator (storage.AccessOperator) or a
// whitelist entry (storage.AccessWhitelist); id the lower-cased name.
type entryRecord struct {
	Name string    `json:"name"`
	At   time.Time `json:"at"`
}

// banRecord is one ban (storage.AccessBan), id banID of it.
type banRecord struct {
	Name   string    `json:"name,omitempty"`
	Key    string    `json:"key,omitempty"`
	Reason string    `json:"reason,omitempty"`
	Until  time.Time `json:"until,omitzero"`
	By     string    `json:"by,omitempty"`
	At     time.Time `json:"at"`
}

// settingRecord is a registry-wide switch (storage.AccessSetting).
type settingRecord struct {
	On bool `json:"on"`
}

// settingWhitelist is the id of the whitelist's on/off setting.
const settingWhitelist = "whitelist"

// fold is how names are compared everywhere: case-insensitively, so that
// "Steve" and "steve" are one player (names are ASCII, see
// protocol.ValidName).
func fold(name string) string { return strings.ToLower(name) }

// banID is the id of a ban's record: one record per banned name ("n/" and
// the lower-cased name, holding the name's key too when it was bound) and
// one per key banned on its own ("k/" and the hex key). A name cannot
// contain "/", so the two never meet.
func banID(b Ban) string {
	if b.Name != "" {
		return "n/" + fold(b.Name)
	}
	return "k/" + b.Key
}

// parseKeyHex decodes a hex Ed25519 public key, in either case, to its
// lower-case form.
func parseKeyHex(s string) (string, error) {
	s = strings.ToLower(s)
	k, err := hex.DecodeString(s)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return "", fmt.Errorf("key %q is not a hex Ed25519 public key (%d hex digits)", s, 2*ed25519.PublicKeySize)
	}
	return s, nil
}

func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Every record is plain strings, times and bools.
		panic(fmt.Sprintf("access: encode %T: %v", v, err))
	}
	return b
}

// errMismatch is a record that decodes but disagrees with its key.
var errMismatch = errors.New("record does not match its key")

// decodeName reads a binding; legacy is true for a record written before
// bindings lapsed (no "played"), whose seen is then left zero for the
// caller to set.
func decodeName(id string, v []byte) (b binding, legacy bool, err error) {
	var rec nameRecord
	if err := json.Unmarshal(v, &rec); err != nil {
		return binding{}, false, err
	}
	if fold(rec.Name) != id {
		return binding{}, false, fmt.Errorf("%w: names %q", errMismatch, rec.Name)
	}
	k, err := parseKeyHex(rec.Key)
	if err != nil {
		return binding{}, false, err
	}
	raw, _ := hex.DecodeString(k)
	b = binding{name: rec.Name, key: ed25519.PublicKey(raw), at: rec.At}
	if rec.Played != nil && *rec.Played {
		// A played record without a time (hand-made) counts from when
		// it was bound.
		b.seen = cmpOr(rec.Seen, rec.At)
		b.written = b.seen
	}
	return b, rec.Played == nil, nil
}

// cmpOr is the first non-zero time of a and b.
func cmpOr(a, b time.Time) time.Time {
	if a.IsZero() {
		return b
	}
	return a
}

func decodeEntry(id string, v []byte) (string, error) {
	var rec entryRecord
	if err := json.Unmarshal(v, &rec); err != nil {
		return "", err
	}
	if rec.Name == "" || fold(rec.Name) != id {
		return "", fmt.Errorf("%w: names %q", errMismatch, rec.Name)
	}
	return rec.Name, nil
}

func decodeBan(id string, v []byte) (Ban, error) {
	var rec banRecord
	if err := json.Unmarshal(v, &rec); err != nil {
		return Ban{}, err
	}
	b := Ban{Name: rec.Name, Key: rec.Key, Reason: rec.Reason, Until: rec.Until, By: rec.By, At: rec.At}
	if b.Key != "" {
		k, err := parseKeyHex(b.Key)
		if err != nil {
			return Ban{}, err
		}
		b.Key = k
	}
	if b.Name == "" && b.Key == "" || banID(b) != id {
		return Ban{}, fmt.Errorf("%w: bans name %q, key %q", errMismatch, b.Name, b.Key)
	}
	return b, nil
}

func banRecordOf(b Ban) banRecord {
	return banRecord{Name: b.Name, Key: b.Key, Reason: b.Reason, Until: b.Until, By: b.By, At: b.At}
}

// write is a record to put (v non-nil) or clear (v nil).
func write(kind byte, id string, v any) storage.AccessWrite {
	w := storage.AccessWrite{Key: storage.AccessKey(kind, id)}
	if v != nil {
		w.Value = encode(v)
	}
	return w
}
