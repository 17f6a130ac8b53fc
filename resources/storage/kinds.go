package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"unicode/utf8"
)

// RecordKind is one kind of stored record, as check, repair and
// DescribeKey see it: everything those need to know of the kind lives
// here, so a new kind is this declaration (RegisterKind) and the code that
// reads and writes it. The built-in kinds (meta, section, player, access,
// entity) and the plugin records' family (prefix 0x06, records.go) are
// registered the same way.
type RecordKind struct {
	// Name names the kind for people and in Report.ByKind: "section".
	Name string
	// Prefix is the first byte of every key of the kind. One kind per
	// prefix.
	Prefix byte
	// Scope says what one record is kept for: "world", "section",
	// "player", "access", "column". It documents the declaration: check,
	// repair and DescribeKey do not read it.
	Scope string
	// Describe names a key of the kind for people ("section (1,2,3)"), or
	// says why it is no key of the kind (ok false: a key Strata does not
	// write).
	Describe func(k []byte) (what string, ok bool)
	// Problem says why the value v stored at key k cannot be used, "" when
	// it is intact (check; repair keeps the newest intact value of each
	// key).
	Problem func(k, v []byte) string
	// Live reports whether an intact value holds a record (false: a
	// cleared record, which Strata writes instead of deleting a key). Nil
	// means every intact value is live.
	Live func(v []byte) bool
	// Tally, if set, counts a live intact record in the report (the
	// built-in kinds' fields of Report); every kind is counted in
	// Report.ByKind as well.
	Tally func(r *Report, k, v []byte)
	// Group, if set, names the report group of a key (a plugin record's
	// kind name, "plugin homes"); default Name.
	Group func(k []byte) string
}

var (
	kindsMu sync.RWMutex
	kinds   [256]*RecordKind
)

// RegisterKind adds a record kind to the registry. It panics on a prefix
// already taken or a kind without Describe or Problem: both are
// programming errors found at start-up.
func RegisterKind(k RecordKind) {
	if k.Describe == nil || k.Problem == nil || k.Name == "" {
		panic(fmt.Sprintf("storage: record kind %q: needs a name, Describe and Problem", k.Name))
	}
	kindsMu.Lock()
	defer kindsMu.Unlock()
	if old := kinds[k.Prefix]; old != nil {
		panic(fmt.Sprintf("storage: record kinds %q and %q both use prefix 0x%02x", old.Name, k.Name, k.Prefix))
	}
	kinds[k.Prefix] = &k
}

// KindOf returns the record kind of key k, by its first byte.
func KindOf(k []byte) (*RecordKind, bool) {
	if len(k) == 0 {
		return nil, false
	}
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	rk := kinds[k[0]]
	return rk, rk != nil
}

// group names the report group of key k of kind rk.
func (rk *RecordKind) group(k []byte) string {
	if rk.Group != nil {
		return rk.Group(k)
	}
	return rk.Name
}

// The built-in kinds: each one's knowledge for check, repair and
// DescribeKey, in one place.
func init() {
	RegisterKind(RecordKind{
		Name: "meta", Prefix: prefixMeta, Scope: "world",
		Describe: func(k []byte) (string, bool) { return "world metadata", bytes.Equal(k, metaKey) },
		Problem: func(_, v []byte) string {
			var m Meta
			if err := json.Unmarshal(v, &m); err != nil {
				return "metadata does not decode: " + err.Error()
			}
			return ""
		},
	})
	RegisterKind(RecordKind{
		Name: "meta copy", Prefix: prefixMetaCopy, Scope: "world",
		Describe: func(k []byte) (string, bool) { return "world metadata (copy)", bytes.Equal(k, metaCopyKey) },
		Problem: func(_, v []byte) string {
			var m Meta
			if err := json.Unmarshal(v, &m); err != nil {
				return "metadata does not decode: " + err.Error()
			}
			return ""
		},
	})
	RegisterKind(RecordKind{
		Name: "section", Prefix: prefixSection, Scope: "section",
		Describe: func(k []byte) (string, bool) {
			p, err := ParseSectionKey(k)
			return "section " + p.String(), err == nil
		},
		Problem: func(_, v []byte) string {
			if _, _, err := decodeSectionRecord(v); err != nil {
				return err.Error()
			}
			return ""
		},
		Tally: func(r *Report, _, _ []byte) { r.Sections++ },
	})
	RegisterKind(RecordKind{
		Name: "player", Prefix: prefixPlayer, Scope: "player",
		Describe: func(k []byte) (string, bool) {
			return fmt.Sprintf("player %q", k[1:]), len(k) > 1 && utf8.Valid(k[1:])
		},
		Problem: func(k, v []byte) string {
			var p PlayerRecord
			if err := json.Unmarshal(v, &p); err != nil {
				return "player record does not decode: " + err.Error()
			}
			if p.Name != string(k[1:]) {
				return fmt.Sprintf("player record names %q", p.Name)
			}
			return ""
		},
		Tally: func(r *Report, _, _ []byte) { r.Players++ },
	})
	RegisterKind(RecordKind{
		Name: "access", Prefix: prefixAccess, Scope: "access",
		Describe: func(k []byte) (string, bool) {
			kind, id, err := ParseAccessKey(k)
			if err != nil {
				return "", false
			}
			return fmt.Sprintf("%s %q", accessKinds[kind], id), true
		},
		Problem: func(_, v []byte) string { return accessProblem(v) },
		Live:    func(v []byte) bool { return len(v) > 0 },
		Tally:   func(r *Report, _, _ []byte) { r.Access++ },
	})
	RegisterKind(RecordKind{
		Name: "entity", Prefix: prefixEntity, Scope: "column",
		Describe: func(k []byte) (string, bool) {
			x, z, err := ParseEntityKey(k)
			return fmt.Sprintf("entities of column (%d,%d)", x, z), err == nil
		},
		Problem: func(k, v []byte) string {
			if len(v) == 0 {
				return ""
			}
			x, z, err := ParseEntityKey(k)
			if err != nil {
				return err.Error()
			}
			if _, err := decodeEntityRecord(x, z, v); err != nil {
				return err.Error()
			}
			return ""
		},
		Live:  func(v []byte) bool { return len(v) > 0 },
		Tally: func(r *Report, _, _ []byte) { r.EntityColumns++ },
	})
}
