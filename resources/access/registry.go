// Package access is the server's access registry: which key each player
// name is bound to (trust on first use), who the operators are, the bans
// and the whitelist. It is kept durably in the world database
// (storage.PutAccess, docs/storage.md) and answers the handshake's
// questions through its own Authenticator, which the server adapts to the
// transport's: TOFU binds names to keys, Policy applies bans and the
// whitelist, and TokenAuthenticator is an example of a deployment's own accounts (a token signed by its website).
//
// Every name is compared case-insensitively: "Steve" and "steve" are one
// player, one binding, one ban.
package access

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/storage"
)

// Options configure a Registry.
type Options struct {
	// Log receives bindings, changes and damaged records.
	Log zerolog.Logger
	// Now is the clock bans expire by, bindings lapse by and records are
	// dated with; nil means time.Now.
	Now func() time.Time
	// Names limits the name bindings trust on first use makes: when they
	// lapse, how fast one address may make them, how many there may be.
	// The zero value limits nothing (tests, embedders with their own
	// accounts); servers use DefaultNameLimits.
	Names NameLimits
}

// Ban is one ban: of a name, of a key, or of both (a name banned while it
// was bound to a key bans that key too, so the player cannot come back
// under another name).
type Ban struct {
	// Name is the banned name as given (matched case-insensitively); ""
	// for a ban of a key alone.
	Name string
	// Key is the banned Ed25519 public key in lower-case hex; "" when the
	// name was not bound to a key.
	Key string
	// Reason is shown to the refused player.
	Reason string
	// Until is when the ban ends; zero: never.
	Until time.Time
	// By names who banned (an operator, "console").
	By string
	// At is when the ban was made; Ban sets it when zero.
	At time.Time
}

// active reports whether the ban is still in force at now.
func (b Ban) active(now time.Time) bool { return b.Until.IsZero() || now.Before(b.Until) }

// binding is a name's bound key. A damaged one (its record unreadable)
// refuses every login with the name until an operator releases it: the
// key it held is unknown, and binding the name anew could hand it to
// someone else.
type binding struct {
	name    string
	key     ed25519.PublicKey
	damaged bool
	// at is when the name was bound; seen the last time its player
	// entered the world (zero: never), written the seen last written.
	at, seen, written time.Time
	// legacy marks a binding read from a record written before bindings
	// lapsed; Open rewrites it.
	legacy bool
}

// Backend keeps the access records: the world database, or on a cluster
// shard the cluster's access bucket, which every shard shares (and
// watches, handing other shards' changes to Apply).
type Backend interface {
	PutAccess(writes []storage.AccessWrite) error
	ScanAccess(fn func(key, value []byte) error) error
}

// Watcher is a Backend that other servers write too (a cluster's): it
// hands their changes to apply (Registry.Apply) from the last ScanAccess
// on, until stop.
type Watcher interface {
	WatchAccess(apply func(key, value []byte)) (stop func(), err error)
}

// Registry is the access registry. It is safe for concurrent use: the
// handshake goroutines read it (and bind new names), the tick and the
// admin listener change it. Every change is durable before its method
// returns; a change whose write fails leaves the registry as it was and
// returns the error.
type Registry struct {
	db  Backend
	log zerolog.Logger
	now func() time.Time

	// wmu serialises changes, each of which reads the state, writes the
	// records and then applies them, without holding mu during the
	// synced write: the handshakes' reads go on meanwhile.
	wmu sync.Mutex
	// mu guards the maps below.
	mu     sync.RWMutex
	names  map[string]binding // fold(name) → binding
	ops    map[string]string  // fold(name) → name as given
	listed map[string]string  // fold(name) → name as given
	bans   map[string]Ban     // banID → ban, expired ones until the next write
	wlOn   bool
	// applied counts the records Apply installed.
	applied atomic.Uint64

	// names' limits (names.go): lim as configured, rate the per-address
	// budget of new bindings, nextLapse when the next binding may lapse
	// (zero: unknown, look), under mu.
	lim       NameLimits
	rate      *bindRate
	nextLapse time.Time
	// dirty are the bindings whose entering the world is still to be
	// written (Entered), by the one flush goroutine while flushing; under
	// mu. flushed counts the flush goroutines, for Close.
	dirty    map[string]struct{}
	flushing bool
	flushed  sync.WaitGroup
	// fullWarned is when the last "registry full" warning was logged,
	// fullRefused the refusals since; under wmu.
	fullWarned  time.Time
	fullRefused int
}

// Open loads the registry from db; with db nil it lives in memory only
// (tests, replays of a world without a database). A record that cannot be
// read is logged as an error and skipped, failing closed where that
// matters: a damaged name binding refuses the name until it is released,
// a damaged ban bans what its key names until it is lifted, a damaged
// whitelist setting turns the whitelist on. Damage that stops the scan
// itself (a damaged table block) is an error wrapping storage.ErrCorrupt:
// a registry missing part of its bans and bindings must not let players
// in.
func Open(db Backend, opts Options) (*Registry, error) {
	if d, ok := db.(*storage.DB); ok && d == nil {
		db = nil // a nil database is no database, not a broken one
	}
	r := &Registry{db: db, log: opts.Log, now: opts.Now,
		names: map[string]binding{}, ops: map[string]string{}, listed: map[string]string{}, bans: map[string]Ban{},
		lim: opts.Names, rate: newBindRate(opts.Names), dirty: map[string]struct{}{}}
	if r.now == nil {
		r.now = time.Now
	}
	if err := opts.Names.Validate(); err != nil {
		return nil, fmt.Errorf("open the access registry: %w", err)
	}
	if db == nil {
		return r, nil
	}
	damaged := 0
	err := db.ScanAccess(func(k, v []byte) error {
		if err := r.load(k, v); err != nil {
			damaged++
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("open the access registry: %w", err)
	}
	r.wmu.Lock()
	writes, apply, upgraded, lapsed := r.openWrites()
	if err := r.commit(writes, apply); err != nil {
		// Expired bans are ignored in memory and lapsed bindings given
		// to the next login that wants them; the next change retries.
		r.log.Warn().Err(err).Msg("access: could not delete expired bans and lapsed bindings")
		upgraded, lapsed = 0, 0
	}
	r.wmu.Unlock()
	r.log.Info().Int("bindings", len(r.names)).Int("operators", len(r.ops)).Int("bans", len(r.bans)).
		Bool("whitelist", r.wlOn).Int("listed", len(r.listed)).Int("damaged", damaged).
		Int("bindings_upgraded", upgraded).Int("bindings_lapsed", lapsed).Msg("access: registry loaded")
	return r, nil
}

// load applies one stored record, or logs why it cannot and returns that.
func (r *Registry) load(k, v []byte) error {
	kind, id, err := storage.ParseAccessKey(k)
	if err == nil {
		err = r.loadRecord(kind, id, v)
	}
	if err == nil {
		return nil
	}
	ev := r.log.Error().Err(err).Str("record", storage.DescribeKey(k))
	switch {
	case kind == storage.AccessName:
		r.names[id] = binding{name: id, damaged: true}
		ev = ev.Str("treated_as", "bound to an unknown key: the name is refused until an operator releases it")
	case kind == storage.AccessBan && strings.HasPrefix(id, "n/") && protocol.ValidName(id[2:]) == nil:
		r.bans[id] = Ban{Name: id[2:], Reason: "ban record damaged"}
		ev = ev.Str("treated_as", "a ban of the name until an operator lifts it")
	case kind == storage.AccessBan && strings.HasPrefix(id, "k/"):
		if key, kerr := parseKeyHex(id[2:]); kerr == nil && "k/"+key == id {
			r.bans[id] = Ban{Key: key, Reason: "ban record damaged"}
			ev = ev.Str("treated_as", "a ban of the key until an operator lifts it")
		}
	case kind == storage.AccessSetting && id == settingWhitelist:
		r.wlOn = true
		ev = ev.Str("treated_as", "the whitelist on: an operator can turn it off")
	}
	ev.Str("next", "strata check, then strata repair").Msg("access: damaged access record skipped")
	return err
}

func (r *Registry) loadRecord(kind byte, id string, v []byte) error {
	switch kind {
	case storage.AccessName:
		b, legacy, err := decodeName(id, v)
		if err == nil {
			if legacy {
				// Played, as far as anyone knows, and idle from now.
				b.seen, b.legacy = r.now().UTC(), true
			}
			r.names[id] = b
			r.nextLapse = time.Time{}
		}
		return err
	case storage.AccessOperator, storage.AccessWhitelist:
		name, err := decodeEntry(id, v)
		if err == nil && kind == storage.AccessOperator {
			r.ops[id] = name
		} else if err == nil {
			r.listed[id] = name
		}
		return err
	case storage.AccessBan:
		b, err := decodeBan(id, v)
		if err == nil {
			r.bans[id] = b
		}
		return err
	case storage.AccessSetting:
		if id != settingWhitelist {
			// A setting of a newer server: not ours to judge.
			r.log.Warn().Str("record", storage.DescribeKey(storage.AccessKey(kind, id))).Msg("access: unknown setting ignored")
			return nil
		}
		var s settingRecord
		if err := json.Unmarshal(v, &s); err != nil {
			return err
		}
		r.wlOn = s.On
		return nil
	}
	return fmt.Errorf("access record of unknown kind %q", kind)
}

// commit makes a change: it writes the records (after clearing the
// expired bans, which ride along on every change), and once they are
// durable drops the expired bans from memory and runs apply under the
// write lock. The caller holds wmu. In memory only, nothing is written.
func (r *Registry) commit(writes []storage.AccessWrite, apply func()) error {
	now := r.now()
	var expired []string
	r.mu.RLock()
	for id, b := range r.bans {
		if !b.active(now) {
			expired = append(expired, id)
		}
	}
	r.mu.RUnlock()
	slices.Sort(expired)
	all := make([]storage.AccessWrite, 0, len(expired)+len(writes))
	for _, id := range expired {
		all = append(all, write(storage.AccessBan, id, nil))
	}
	// The change's own writes come last: a ban made again over an
	// expired one wins.
	all = append(all, writes...)
	if r.db != nil && len(all) > 0 {
		if err := r.db.PutAccess(all); err != nil {
			return err
		}
	}
	r.mu.Lock()
	for _, id := range expired {
		delete(r.bans, id)
	}
	apply()
	r.mu.Unlock()
	return nil
}

// Apply installs an access record another server sharing the backend
// wrote (value empty: cleared), as Open would have loaded it. Its own
// writes coming back change nothing. Safe from any goroutine.
func (r *Registry) Apply(key, value []byte) {
	kind, id, err := storage.ParseAccessKey(key)
	if err != nil {
		r.log.Warn().Err(err).Msg("access: change of an unknown record ignored")
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(value) > 0 {
		prior, had := r.names[id]
		_ = r.load(key, value) // logs a damaged record and fails closed
		if b, ok := r.names[id]; kind == storage.AccessName && had && ok && !b.damaged && bytes.Equal(b.key, prior.key) && prior.seen.After(b.seen) {
			// An older write of the same binding (this server's own,
			// coming back after Entered marked it played): when the
			// player was last seen only moves forward.
			b.seen, b.written = prior.seen, prior.written
			r.names[id] = b
		}
	} else {
		switch kind {
		case storage.AccessName:
			delete(r.names, id)
		case storage.AccessOperator:
			delete(r.ops, id)
			r.nextLapse = time.Time{} // the name may lapse now
		case storage.AccessWhitelist:
			delete(r.listed, id)
			r.nextLapse = time.Time{}
		case storage.AccessBan:
			delete(r.bans, id)
		case storage.AccessSetting:
			if id == settingWhitelist {
				r.wlOn = false
			}
		}
	}
	r.applied.Add(1)
}

// Applied counts the records Apply installed: a server that saw it move
// checks its connected players against the bans again.
func (r *Registry) Applied() uint64 { return r.applied.Load() }

// validName refuses a name no player can log in with.
func validName(name string) error {
	if err := protocol.ValidName(name); err != nil {
		return fmt.Errorf("player name %q: %w", name, err)
	}
	return nil
}

// Binding returns the key a name is bound to; ok is false for a name no
// one has logged in with, or one released (or whose record is damaged).
func (r *Registry) Binding(name string) (key ed25519.PublicKey, ok bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	b, ok := r.names[fold(name)]
	if !ok || b.damaged {
		return nil, false
	}
	return b.key, true
}

// Release forgets the key a name is bound to, so that the next login
// with the name binds it anew (a player who lost their key). It reports
// whether the name was bound.
func (r *Registry) Release(name string) (bool, error) {
	id := fold(name)
	r.wmu.Lock()
	defer r.wmu.Unlock()
	r.mu.RLock()
	b, ok := r.names[id]
	r.mu.RUnlock()
	if !ok {
		return false, nil
	}
	if err := r.commit([]storage.AccessWrite{write(storage.AccessName, id, nil)}, func() { delete(r.names, id) }); err != nil {
		return false, fmt.Errorf("release name %q: %w", name, err)
	}
	r.log.Info().Str("name", b.name).Str("key", keyHex(b.key)).Msg("access: name released")
	return true, nil
}

// IsOperator reports whether name is an operator.
func (r *Registry) IsOperator(name string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.ops[fold(name)]
	return ok
}

// SetOperator makes name an operator (on) or not; changed is false when
// it already was (or was not).
func (r *Registry) SetOperator(name string, on bool) (changed bool, err error) {
	return r.setEntry(storage.AccessOperator, r.ops, "operator", name, on)
}

// Operators returns the operators' names, sorted case-insensitively.
func (r *Registry) Operators() []string { return r.entries(r.ops) }

// SetWhitelist turns the whitelist on or off. While it is on, only listed
// names and operators may log in.
func (r *Registry) SetWhitelist(on bool) error {
	r.wmu.Lock()
	defer r.wmu.Unlock()
	// Written even when unchanged: it replaces a damaged record.
	w := write(storage.AccessSetting, settingWhitelist, settingRecord{On: on})
	if err := r.commit([]storage.AccessWrite{w}, func() { r.wlOn = on }); err != nil {
		return fmt.Errorf("turn the whitelist %s: %w", onOff(on), err)
	}
	r.log.Info().Bool("on", on).Msg("access: whitelist switched")
	return nil
}

// WhitelistOn reports whether the whitelist is on.
func (r *Registry) WhitelistOn() bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.wlOn
}

// Whitelist adds name to the whitelist (add) or removes it; changed is
// false when it already was (or was not) listed.
func (r *Registry) Whitelist(name string, add bool) (changed bool, err error) {
	return r.setEntry(storage.AccessWhitelist, r.listed, "whitelist entry", name, add)
}

// Listed returns the whitelisted names, sorted case-insensitively.
func (r *Registry) Listed() []string { return r.entries(r.listed) }

// setEntry adds or removes a name of one of the name lists.
func (r *Registry) setEntry(kind byte, m map[string]string, what, name string, on bool) (bool, error) {
	if on {
		if err := validName(name); err != nil {
			return false, err
		}
	}
	id := fold(name)
	r.wmu.Lock()
	defer r.wmu.Unlock()
	r.mu.RLock()
	_, was := m[id]
	r.mu.RUnlock()
	if was == on {
		return false, nil
	}
	w := write(kind, id, nil)
	apply := func() { delete(m, id); r.nextLapse = time.Time{} }
	if on {
		w = write(kind, id, entryRecord{Name: name, At: r.now().UTC()})
		apply = func() { m[id] = name }
	}
	if err := r.commit([]storage.AccessWrite{w}, apply); err != nil {
		return false, fmt.Errorf("set %s %q %s: %w", what, name, onOff(on), err)
	}
	r.log.Info().Str("name", name).Bool("on", on).Str("what", what).Msg("access: list changed")
	return true, nil
}

func (r *Registry) entries(m map[string]string) []string {
	r.mu.RLock()
	out := make([]string, 0, len(m))
	for _, name := range m {
		out = append(out, name)
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(strings.Compare(fold(a), fold(b)), strings.Compare(a, b)) })
	return out
}

// Ban bans a name, a key, or both. A name bound to a key bans that key
// too, unless b.Key names one. A new ban of the same name (or of the same
// key alone) replaces the old one. At defaults to now.
func (r *Registry) Ban(b Ban) error {
	if b.Name == "" && b.Key == "" {
		return errors.New("ban: no name and no key")
	}
	if b.Name != "" {
		if err := validName(b.Name); err != nil {
			return fmt.Errorf("ban: %w", err)
		}
	}
	if b.Key != "" {
		k, err := parseKeyHex(b.Key)
		if err != nil {
			return fmt.Errorf("ban: %w", err)
		}
		b.Key = k
	}
	now := r.now()
	if !b.Until.IsZero() && !now.Before(b.Until) {
		return fmt.Errorf("ban: it would end at %s, which is not in the future", b.Until.UTC().Format(time.RFC3339))
	}
	if b.At.IsZero() {
		b.At = now
	}
	b.At, b.Until = b.At.UTC(), utcOrZero(b.Until)
	r.wmu.Lock()
	defer r.wmu.Unlock()
	if b.Name != "" && b.Key == "" {
		r.mu.RLock()
		if bound, ok := r.names[fold(b.Name)]; ok && !bound.damaged {
			b.Key = keyHex(bound.key)
		}
		r.mu.RUnlock()
	}
	id := banID(b)
	if err := r.commit([]storage.AccessWrite{write(storage.AccessBan, id, banRecordOf(b))}, func() { r.bans[id] = b }); err != nil {
		return fmt.Errorf("ban %s: %w", describeBan(b), err)
	}
	ev := r.log.Info().Str("name", b.Name).Str("key", b.Key).Str("reason", b.Reason).Str("by", b.By)
	if !b.Until.IsZero() {
		ev = ev.Time("until", b.Until)
	}
	ev.Msg("access: ban")
	return nil
}

// Unban lifts every ban of a name (given as a name) or of a key (given as
// its hex): the ban of the name, with the key it held, or every ban that
// holds the key. It reports whether a ban in force was lifted.
func (r *Registry) Unban(nameOrHexKey string) (bool, error) {
	target := fold(strings.TrimSpace(nameOrHexKey))
	key, kerr := parseKeyHex(target)
	isKey := kerr == nil
	r.wmu.Lock()
	defer r.wmu.Unlock()
	now := r.now()
	var ids []string
	lifted := false
	r.mu.RLock()
	for id, b := range r.bans {
		if isKey && b.Key == key || !isKey && b.Name != "" && fold(b.Name) == target {
			ids = append(ids, id)
			lifted = lifted || b.active(now)
		}
	}
	r.mu.RUnlock()
	if len(ids) == 0 {
		return false, nil
	}
	slices.Sort(ids)
	writes := make([]storage.AccessWrite, len(ids))
	for i, id := range ids {
		writes[i] = write(storage.AccessBan, id, nil)
	}
	err := r.commit(writes, func() {
		for _, id := range ids {
			delete(r.bans, id)
		}
	})
	if err != nil {
		return false, fmt.Errorf("unban %q: %w", nameOrHexKey, err)
	}
	r.log.Info().Str("target", nameOrHexKey).Int("bans", len(ids)).Msg("access: unban")
	return lifted, nil
}

// Bans returns the bans in force, sorted by name (case-insensitively),
// then key. Expired ones are left out; they are deleted with the next
// change.
func (r *Registry) Bans() []Ban {
	now := r.now()
	r.mu.RLock()
	out := make([]Ban, 0, len(r.bans))
	for _, b := range r.bans {
		if b.active(now) {
			out = append(out, b)
		}
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b Ban) int {
		return cmp.Or(strings.Compare(fold(a.Name), fold(b.Name)), strings.Compare(a.Key, b.Key))
	})
	return out
}

// Banned returns the ban in force that refuses name or key (nil: the key
// is not checked): the name's own ban first, else a ban holding the key.
func (r *Registry) Banned(name string, key ed25519.PublicKey) (Ban, bool) {
	now := r.now()
	r.mu.RLock()
	defer r.mu.RUnlock()
	if name != "" {
		if b, ok := r.bans["n/"+fold(name)]; ok && b.active(now) {
			return b, true
		}
	}
	if len(key) == 0 {
		return Ban{}, false
	}
	k := keyHex(key)
	var found Ban
	foundID := ""
	for id, b := range r.bans {
		// The smallest id, so the same ban is named every time.
		if b.Key == k && b.active(now) && (foundID == "" || id < foundID) {
			found, foundID = b, id
		}
	}
	return found, foundID != ""
}

func keyHex(k ed25519.PublicKey) string { return hex.EncodeToString(k) }

func utcOrZero(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func describeBan(b Ban) string {
	switch {
	case b.Name != "" && b.Key != "":
		return fmt.Sprintf("name %q and key %s", b.Name, b.Key)
	case b.Name != "":
		return fmt.Sprintf("name %q", b.Name)
	}
	return "key " + b.Key
}
