package access

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/storage"
)

// NameLimits bound the name bindings trust on first use makes, so that
// nobody holds names for ever without playing and the registry cannot be
// filled by logins alone (docs/admin.md, "Name bindings"). Operators'
// and whitelisted names are exempt from all of them: an operator chose
// them, and there are few.
type NameLimits struct {
	// UnplayedTTL is how long a binding whose player never entered the
	// world is kept, from the login that made it: a login the server
	// refused after the handshake (server full, too many joining at
	// once) or one that only logged in. 0: for ever.
	UnplayedTTL time.Duration
	// IdleTTL is how long a binding is kept after its player last was
	// in the world. 0: for ever.
	IdleTTL time.Duration
	// Max is the most bindings kept; a login that would make one more is
	// refused with SERVER_FULL. 0: no bound.
	Max int
	// BindBurst is how many new bindings one address (an IPv4 address,
	// an IPv6 /64) may make at once; it then earns one more every
	// BindEvery, up to BindBurst again. A login past it is refused with
	// RATE_LIMITED. Logins with a name already bound to their key are not
	// counted. 0: no limit.
	BindBurst int
	BindEvery time.Duration
}

// The documented defaults (DefaultNameLimits; docs/admin.md says why).
const (
	// DefaultUnplayedTTL gives a player refused at the door a day to come
	// back and still find the name theirs, and takes a squatter's names
	// back the next day.
	DefaultUnplayedTTL = 24 * time.Hour
	// DefaultIdleTTL keeps a player's name through a season away: a
	// lapsed name goes, with its saved position, to the next key that
	// asks for it, so it should not lapse while its player may come
	// back.
	DefaultIdleTTL = 90 * 24 * time.Hour
	// DefaultMaxNames is far above the players a server has (each
	// binding is about 250 bytes on disk and in memory): it only stops
	// a squatter with very many addresses.
	DefaultMaxNames = 100_000
	// DefaultBindBurst and DefaultBindEvery let a household or a small
	// LAN party make its names at once, then one an hour: one host holds
	// at most 34 names that never play (10 + 24 a day, each lapsing after
	// a day), and at most 2,170 it keeps playing with (10 + 24 a day for
	// the 90 days of DefaultIdleTTL), so that filling DefaultMaxNames
	// takes 47 hosts busy for three months.
	DefaultBindBurst = 10
	DefaultBindEvery = time.Hour
)

// DefaultNameLimits are the limits a server starts with.
func DefaultNameLimits() NameLimits {
	return NameLimits{UnplayedTTL: DefaultUnplayedTTL, IdleTTL: DefaultIdleTTL, Max: DefaultMaxNames,
		BindBurst: DefaultBindBurst, BindEvery: DefaultBindEvery}
}

// Validate refuses impossible limits, naming serve's flag of each.
func (l NameLimits) Validate() error {
	var errs []error
	if l.UnplayedTTL < 0 {
		errs = append(errs, fmt.Errorf("name-unplayed-ttl: %v is negative (0: never lapses)", l.UnplayedTTL))
	}
	if l.IdleTTL < 0 {
		errs = append(errs, fmt.Errorf("name-idle-ttl: %v is negative (0: never lapses)", l.IdleTTL))
	}
	if l.Max < 0 {
		errs = append(errs, fmt.Errorf("max-names: %d is negative (0: no bound)", l.Max))
	}
	if l.BindBurst < 0 {
		errs = append(errs, fmt.Errorf("name-bind-burst: %d is negative (0: no limit)", l.BindBurst))
	}
	if l.BindBurst > 0 && l.BindEvery <= 0 {
		errs = append(errs, fmt.Errorf("name-bind-every: %v must be above zero with name-bind-burst %d", l.BindEvery, l.BindBurst))
	}
	return errors.Join(errs...)
}

// sweepBatch bounds the lapsed bindings one change deletes along with
// its own write: on a cluster each is a round trip, and the change is a
// login waiting for its answer.
const sweepBatch = 1024

// never is a nextLapse far enough ahead to mean "nothing lapses".
const never = 100 * 365 * 24 * time.Hour

// lapseAt is when binding b of id lapses; zero: never (damaged, an
// operator's or a whitelisted name, no TTL). The caller holds mu.
func (r *Registry) lapseAt(id string, b binding) time.Time {
	if b.damaged {
		return time.Time{}
	}
	if _, op := r.ops[id]; op {
		return time.Time{}
	}
	if _, listed := r.listed[id]; listed {
		return time.Time{}
	}
	switch {
	case b.seen.IsZero() && r.lim.UnplayedTTL > 0:
		return b.at.Add(r.lim.UnplayedTTL)
	case !b.seen.IsZero() && r.lim.IdleTTL > 0:
		return b.seen.Add(r.lim.IdleTTL)
	}
	return time.Time{}
}

// lapsed reports whether binding b of id lapsed at now. The caller
// holds mu.
func (r *Registry) lapsed(id string, b binding, now time.Time) bool {
	t := r.lapseAt(id, b)
	return !t.IsZero() && !now.Before(t)
}

// dueLapsed returns the ids of up to limit lapsed bindings, sorted, when
// any may have lapsed by now, and notes when the next one will. The
// caller holds wmu and deletes them, or calls forgetLapse.
func (r *Registry) dueLapsed(now time.Time, limit int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.nextLapse.IsZero() && now.Before(r.nextLapse) {
		return nil
	}
	var ids []string
	next := now.Add(never)
	for id, b := range r.names {
		t := r.lapseAt(id, b)
		switch {
		case t.IsZero():
		case !now.Before(t):
			ids = append(ids, id)
		case t.Before(next):
			next = t
		}
	}
	slices.Sort(ids)
	if len(ids) > limit {
		ids, next = ids[:limit], now // the rest with the next change
	}
	r.nextLapse = next
	return ids
}

// forgetLapse makes the next dueLapsed look again (a sweep whose write
// failed).
func (r *Registry) forgetLapse() {
	r.mu.Lock()
	r.nextLapse = time.Time{}
	r.mu.Unlock()
}

// noteLapse moves nextLapse before a binding's lapse. The caller holds
// mu.
func (r *Registry) noteLapse(id string, b binding) {
	if t := r.lapseAt(id, b); !t.IsZero() && !r.nextLapse.IsZero() && t.Before(r.nextLapse) {
		r.nextLapse = t
	}
}

// sweepWrites are the writes clearing ids, and the apply that forgets
// them.
func (r *Registry) sweepWrites(ids []string) ([]storage.AccessWrite, func()) {
	writes := make([]storage.AccessWrite, len(ids))
	for i, id := range ids {
		writes[i] = write(storage.AccessName, id, nil)
	}
	return writes, func() {
		for _, id := range ids {
			delete(r.names, id)
		}
	}
}

// openWrites are Open's writes besides the expired bans: the legacy
// bindings rewritten as played and seen now, and the lapsed ones
// cleared; and how many of each. The caller holds wmu.
func (r *Registry) openWrites() (writes []storage.AccessWrite, apply func(), upgraded, lapsed int) {
	var legacy []string
	r.mu.RLock()
	for id, b := range r.names {
		if b.legacy {
			legacy = append(legacy, id)
		}
	}
	r.mu.RUnlock()
	slices.Sort(legacy)
	r.mu.Lock()
	for _, id := range legacy {
		b := r.names[id]
		writes = append(writes, write(storage.AccessName, id, nameRecordOf(b)))
	}
	r.mu.Unlock()
	sweep := r.dueLapsed(r.now(), sweepBatch)
	sw, forget := r.sweepWrites(sweep)
	writes = append(writes, sw...)
	return writes, func() {
		for _, id := range legacy {
			if b, ok := r.names[id]; ok {
				b.legacy, b.written = false, b.seen
				r.names[id] = b
			}
		}
		forget()
	}, len(legacy), len(sweep)
}

// bind binds l's name to l's key: a name not bound yet, or one whose
// binding lapsed (taken over). A binding still in force, made meanwhile
// by another login, is returned instead, as is a lapsed one of the same
// key. A name that is neither an operator's nor whitelisted is refused
// with RATE_LIMITED when its address made its share of bindings lately,
// and with SERVER_FULL when the registry holds NameLimits.Max. Lapsed
// bindings ride along, deleted in the same write. The caller has
// checked the policy.
func (r *Registry) bind(l wire.Login) (binding, error) {
	id := fold(l.Name)
	r.wmu.Lock()
	defer r.wmu.Unlock()
	now := r.now()
	r.mu.RLock()
	old, had := r.names[id]
	_, op := r.ops[id]
	_, listed := r.listed[id]
	takeover := had && r.lapsed(id, old, now)
	count := len(r.names)
	r.mu.RUnlock()
	if had && (!takeover || bytes.Equal(old.key, l.Key)) {
		return old, nil
	}
	exempt := op || listed
	addr := ""
	if !exempt {
		addr = addrKey(l.Remote)
	}
	if ok, wait := r.rate.take(addr, now); !ok {
		r.log.Debug().Str("name", l.Name).Str("address", addr).Dur("retry_in_ms", wait).Msg("access: new name refused: the address made its share of names")
		return binding{}, &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_RATE_LIMITED,
			Reason: fmt.Sprintf("too many new player names from your address lately: one more in %s; log in with a name you already have, or try again later",
				wait.Round(time.Second))}
	}
	sweep := slices.DeleteFunc(r.dueLapsed(now, sweepBatch), func(s string) bool { return s == id })
	writes, apply := r.sweepWrites(sweep)
	if !exempt && !takeover && r.lim.Max > 0 && count-len(sweep) >= r.lim.Max {
		r.rate.refund(addr)
		if err := r.commit(writes, apply); err != nil {
			r.forgetLapse()
			r.log.Warn().Err(err).Msg("access: could not delete lapsed bindings")
		}
		r.warnFull(now)
		return binding{}, &wire.Refusal{Code: protocol.ErrorCode_ERROR_CODE_SERVER_FULL,
			Reason: fmt.Sprintf("the server holds as many player names as it may (%d) and cannot take a new one; try again later, or ask an operator", r.lim.Max)}
	}
	b := binding{name: l.Name, key: append(ed25519.PublicKey(nil), l.Key...), at: now.UTC()}
	w := write(storage.AccessName, id, nameRecordOf(b))
	// A lapsed binding is written over; a new one only where no other
	// server of a shared backend made one first.
	w.IfAbsent = !takeover
	err := r.commit(append(writes, w), func() {
		apply()
		r.names[id] = b
		r.noteLapse(id, b)
	})
	if err != nil {
		r.forgetLapse()
		r.rate.refund(addr)
		return binding{}, fmt.Errorf("bind name %q: %w", l.Name, err)
	}
	ev := r.log.Info().Str("name", l.Name).Str("key", keyHex(b.key)).Str("address", addr).Int("lapsed_deleted", len(sweep))
	if takeover {
		ev.Str("old_key", keyHex(old.key)).Time("old_seen", old.seen).Msg("access: lapsed name taken by a new key")
	} else {
		ev.Msg("access: name bound to its first key")
	}
	return b, nil
}

// warnFull logs, at most once a minute, that the registry refuses new
// names. The caller holds wmu.
func (r *Registry) warnFull(now time.Time) {
	r.fullRefused++
	if now.Sub(r.fullWarned) < time.Minute {
		return
	}
	r.log.Warn().Int("max_names", r.lim.Max).Int("refused", r.fullRefused).
		Str("next", "strata admin names prune, or a higher --max-names").Msg("access: the name registry is full: new names refused")
	r.fullWarned, r.fullRefused = now, 0
}

// Entered records that name's player is in the world now (it entered,
// is there or left): its binding counts as played and its idle time
// starts again. It never blocks on a write, because the tick calls it:
// the registry changes at once and a goroutine of its own writes the
// record, at most once per name per seenWriteEvery unless the binding
// was never played (Close waits for it). A name that is not bound (a
// deployment with its own accounts) is ignored.
func (r *Registry) Entered(name string) {
	id := fold(name)
	now := r.now().UTC()
	r.mu.Lock()
	b, ok := r.names[id]
	if !ok || b.damaged {
		r.mu.Unlock()
		return
	}
	due := b.written.IsZero() || now.Sub(b.written) >= r.seenWriteEvery()
	b.seen = now
	r.names[id] = b
	start := false
	if due {
		r.dirty[id] = struct{}{}
		start, r.flushing = !r.flushing, true
	}
	r.mu.Unlock()
	if start {
		r.flushed.Add(1)
		go r.flush()
	}
}

// seenWriteEvery is how stale a binding's stored seen may get: an hour,
// or a sixteenth of the idle time when that is shorter, so that a lapse
// after a restart is off by little.
func (r *Registry) seenWriteEvery() time.Duration {
	if r.lim.IdleTTL > 0 {
		return min(time.Hour, r.lim.IdleTTL/16)
	}
	return time.Hour
}

// flush writes the bindings Entered marked, until none is left.
func (r *Registry) flush() {
	defer r.flushed.Done()
	for {
		r.mu.Lock()
		ids := make([]string, 0, len(r.dirty))
		for id := range r.dirty {
			ids = append(ids, id)
		}
		clear(r.dirty)
		if len(ids) == 0 {
			r.flushing = false
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
		slices.Sort(ids)
		r.wmu.Lock()
		var writes []storage.AccessWrite
		wrote := map[string]binding{}
		r.mu.RLock()
		for _, id := range ids {
			// Released or taken over meanwhile: nothing to write.
			if b, ok := r.names[id]; ok && !b.damaged {
				writes = append(writes, write(storage.AccessName, id, nameRecordOf(b)))
				wrote[id] = b
			}
		}
		r.mu.RUnlock()
		err := r.commit(writes, func() {
			for id, w := range wrote {
				if b, ok := r.names[id]; ok && bytes.Equal(b.key, w.key) {
					b.written = w.seen
					r.names[id] = b
				}
			}
		})
		r.wmu.Unlock()
		if err != nil {
			// Kept in memory; the next entry writes it again.
			r.log.Warn().Err(err).Int("bindings", len(writes)).Msg("access: could not record that players entered the world")
		}
	}
}

// Close waits for the records Entered still had to write. Call it once
// nothing calls Entered any more (the tick has stopped).
func (r *Registry) Close() { r.flushed.Wait() }

// NameBinding is one binding as Bindings lists it.
type NameBinding struct {
	// Name is the name as first given.
	Name string
	// Key is the bound Ed25519 public key in hex; "" for a damaged
	// record.
	Key string
	// At is when the name was bound; Seen the last time its player was
	// in the world (zero: never).
	At, Seen time.Time
	// Lapses is when the binding lapses (zero: never); Lapsed says it
	// has: the next key to log in with the name takes it.
	Lapses time.Time
	Lapsed bool
	// Protected is "operator" or "whitelist" for a name that never
	// lapses for being one.
	Protected string
	// Damaged is a record that cannot be read: the name is refused
	// until an operator releases it.
	Damaged bool
}

// NameStats sum the bindings up.
type NameStats struct {
	// Bindings are all the bindings kept, NeverPlayed those whose player
	// never entered the world, Lapsed those that lapsed and are not
	// deleted yet.
	Bindings, NeverPlayed, Lapsed int
	// Limits are the registry's.
	Limits NameLimits
}

// Bindings lists every binding, sorted by name case-insensitively.
func (r *Registry) Bindings() []NameBinding {
	now := r.now()
	r.mu.RLock()
	out := make([]NameBinding, 0, len(r.names))
	for id, b := range r.names {
		out = append(out, r.describe(id, b, now))
	}
	r.mu.RUnlock()
	slices.SortFunc(out, func(a, b NameBinding) int {
		return cmp.Or(strings.Compare(fold(a.Name), fold(b.Name)), strings.Compare(a.Name, b.Name))
	})
	return out
}

// NameStats counts the bindings.
func (r *Registry) NameStats() NameStats {
	now := r.now()
	s := NameStats{Limits: r.lim}
	r.mu.RLock()
	defer r.mu.RUnlock()
	for id, b := range r.names {
		s.Bindings++
		if b.seen.IsZero() && !b.damaged {
			s.NeverPlayed++
		}
		if r.lapsed(id, b, now) {
			s.Lapsed++
		}
	}
	return s
}

// describe is binding b of id as listed. The caller holds mu.
func (r *Registry) describe(id string, b binding, now time.Time) NameBinding {
	nb := NameBinding{Name: b.name, At: b.at, Seen: b.seen, Damaged: b.damaged, Lapses: r.lapseAt(id, b)}
	if !b.damaged {
		nb.Key = keyHex(b.key)
	}
	nb.Lapsed = !nb.Lapses.IsZero() && !now.Before(nb.Lapses)
	if _, op := r.ops[id]; op {
		nb.Protected = "operator"
	} else if _, listed := r.listed[id]; listed {
		nb.Protected = "whitelist"
	}
	return nb
}

// PruneOptions choose what Prune deletes besides the lapsed bindings.
type PruneOptions struct {
	// NeverPlayed deletes every binding whose player never entered the
	// world, however young (after a squatting run).
	NeverPlayed bool
	// IdleFor, when positive, deletes every binding whose player was
	// not in the world for at least this long (or, never played, bound
	// at least this long ago).
	IdleFor time.Duration
	// DryRun deletes nothing: Prune only says what it would delete.
	DryRun bool
}

// Prune deletes the lapsed bindings and those o asks for, never an
// operator's or a whitelisted name's nor a damaged one (Release takes
// those), and returns them, sorted. The deleted names are free for the
// next key that logs in with them.
func (r *Registry) Prune(o PruneOptions) ([]NameBinding, error) {
	r.wmu.Lock()
	defer r.wmu.Unlock()
	now := r.now()
	var out []NameBinding
	var ids []string
	r.mu.RLock()
	for id, b := range r.names {
		nb := r.describe(id, b, now)
		if b.damaged || nb.Protected != "" {
			continue
		}
		idleSince := cmpOr(b.seen, b.at)
		if nb.Lapsed || o.NeverPlayed && b.seen.IsZero() || o.IdleFor > 0 && now.Sub(idleSince) >= o.IdleFor {
			out = append(out, nb)
			ids = append(ids, id)
		}
	}
	r.mu.RUnlock()
	slices.Sort(ids)
	slices.SortFunc(out, func(a, b NameBinding) int { return strings.Compare(fold(a.Name), fold(b.Name)) })
	if o.DryRun {
		return out, nil
	}
	for len(ids) > 0 {
		n := min(len(ids), sweepBatch)
		writes, apply := r.sweepWrites(ids[:n])
		if err := r.commit(writes, apply); err != nil {
			return nil, fmt.Errorf("prune %d name bindings: %w", len(ids), err)
		}
		ids = ids[n:]
	}
	if len(out) > 0 {
		r.log.Info().Int("bindings", len(out)).Bool("never_played", o.NeverPlayed).Dur("idle_for_ms", o.IdleFor).Msg("access: name bindings pruned")
	}
	return out, nil
}

// bindRate is the per-address budget of new bindings: a token bucket
// per address, in memory (a restart forgets it; a cluster's shards each
// keep their own).
type bindRate struct {
	burst float64
	every time.Duration

	mu      sync.Mutex
	buckets map[string]bucket
	swept   int // len(buckets) after the last sweep
}

type bucket struct {
	tokens float64
	at     time.Time
}

// newBindRate is the budget of l; nil when l sets none.
func newBindRate(l NameLimits) *bindRate {
	if l.BindBurst <= 0 || l.BindEvery <= 0 {
		return nil
	}
	return &bindRate{burst: float64(l.BindBurst), every: l.BindEvery, buckets: map[string]bucket{}}
}

// take spends one of addr's new bindings at now; when it has none left it
// returns false and how long until it has. The address "" (a login
// without one: a replay, a test) and a nil budget are not limited.
func (b *bindRate) take(addr string, now time.Time) (bool, time.Duration) {
	if b == nil || addr == "" {
		return true, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(addr, now)
	if k.tokens < 1 {
		b.buckets[addr] = k
		return false, time.Duration((1 - k.tokens) * float64(b.every))
	}
	k.tokens--
	b.buckets[addr] = k
	if len(b.buckets) > max(1024, 2*b.swept) {
		// The buckets full again carry nothing: the map holds only the
		// addresses that bound lately.
		for a := range b.buckets {
			if b.refill(a, now).tokens >= b.burst {
				delete(b.buckets, a)
			}
		}
		b.swept = len(b.buckets)
	}
	return true, 0
}

// refund gives back a binding take spent on a login refused after all.
func (b *bindRate) refund(addr string) {
	if b == nil || addr == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if k, ok := b.buckets[addr]; ok {
		k.tokens = min(b.burst, k.tokens+1)
		b.buckets[addr] = k
	}
}

// refill is addr's bucket at now. The caller holds mu.
func (b *bindRate) refill(addr string, now time.Time) bucket {
	k, ok := b.buckets[addr]
	if !ok {
		return bucket{tokens: b.burst, at: now}
	}
	if now.After(k.at) {
		k.tokens = min(b.burst, k.tokens+float64(now.Sub(k.at))/float64(b.every))
		k.at = now
	}
	return k
}

// addrKey is the address a login's new bindings are counted by: its IP
// for IPv4, its /64 for IPv6 (one host's usual share); "" when the login
// has none.
func addrKey(a net.Addr) string {
	var ip netip.Addr
	switch a := a.(type) {
	case nil:
		return ""
	case *net.UDPAddr:
		ip, _ = netip.AddrFromSlice(a.IP)
	case *net.TCPAddr:
		ip, _ = netip.AddrFromSlice(a.IP)
	default:
		if ap, err := netip.ParseAddrPort(a.String()); err == nil {
			ip = ap.Addr()
		}
	}
	ip = ip.Unmap()
	switch {
	case !ip.IsValid():
		return ""
	case ip.Is4():
		return ip.String()
	}
	p, _ := ip.WithZone("").Prefix(64)
	return p.String()
}
