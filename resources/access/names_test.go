package access

import (
	"context"
	"crypto/ed25519"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/storage"
)

const (
	rateLimited = protocol.ErrorCode_ERROR_CODE_RATE_LIMITED
	full        = protocol.ErrorCode_ERROR_CODE_SERVER_FULL
)

// openLimited opens a registry on db (nil: memory) with limits l and
// clock c.
func openLimited(t *testing.T, db Backend, c *clock, l NameLimits) *Registry {
	t.Helper()
	r, err := Open(db, Options{Log: zerolog.Nop(), Now: c.now, Names: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// from is a login of name with key k from address ip.
func from(name string, k byte, ip string) wire.Login {
	l := login(name, k)
	l.Remote = &net.UDPAddr{IP: net.ParseIP(ip), Port: 4000}
	return l
}

// freshKey is a public key nobody used: squatters make one per login.
func freshKey(i int) ed25519.PublicKey {
	k := make(ed25519.PublicKey, ed25519.PublicKeySize)
	binary.BigEndian.PutUint64(k, uint64(i)+1)
	k[31] = 0xa5
	return k
}

// TestNamesLapse: a binding whose player never entered the world lapses
// UnplayedTTL after it was made, a played one IdleTTL after its player
// was last in the world; a lapsed name goes to the next key that asks,
// and back to its own key as before; operators' and whitelisted names
// never lapse.
func TestNamesLapse(t *testing.T) {
	lim := NameLimits{UnplayedTTL: 24 * time.Hour, IdleTTL: 30 * 24 * time.Hour}
	for _, tc := range []struct {
		name  string
		setup func(r *Registry) error // after alice bound with key 1
		after time.Duration           // the clock moves on by this
		other protocol.ErrorCode      // then key 2 logs in as alice
	}{
		{"never played, within a day", nil, 23 * time.Hour, nameBound},
		{"never played, after a day", nil, 24 * time.Hour, ok},
		{"played, within the idle time", func(r *Registry) error { r.Entered("alice"); return nil }, 29 * 24 * time.Hour, nameBound},
		{"played, idle too long", func(r *Registry) error { r.Entered("ALICE"); return nil }, 30 * 24 * time.Hour, ok},
		{"operator", func(r *Registry) error { _, err := r.SetOperator("alice", true); return err }, 365 * 24 * time.Hour, nameBound},
		{"whitelisted", func(r *Registry) error { _, err := r.Whitelist("Alice", true); return err }, 365 * 24 * time.Hour, nameBound},
		{"deopped", func(r *Registry) error {
			if _, err := r.SetOperator("alice", true); err != nil {
				return err
			}
			_, err := r.SetOperator("alice", false)
			return err
		}, 24 * time.Hour, ok},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock()
			r := openLimited(t, nil, c, lim)
			run(t, r, []step{{login: login("alice", 1), want: ok}})
			if tc.setup != nil {
				must(t, tc.setup(r))
			}
			c.advance(tc.after)
			// Its own key always gets in: a lapsed name is still theirs
			// until another key takes it.
			run(t, r, []step{{login: login("alice", 1), want: ok}, {login: login("alice", 2), want: tc.other}})
			if tc.other == ok {
				run(t, r, []step{{login: login("alice", 1), want: nameBound, reason: "belongs to another player's key"}})
			}
		})
	}
}

// TestNamesLapseDurable: whether a binding was played, and when, is
// written (by Entered's own goroutine) and read back after a restart; a
// legacy record, from before bindings lapsed, is kept as played and
// idle from the first start that reads it.
func TestNamesLapseDurable(t *testing.T) {
	lim := NameLimits{UnplayedTTL: time.Hour, IdleTTL: 48 * time.Hour}
	dir := t.TempDir()
	c := newClock()
	db := openDB(t, dir)
	legacy := nameRecord{Name: "Old", Key: keyHex(pub(3)), At: c.now().Add(-365 * 24 * time.Hour)}
	must(t, db.PutAccess([]storage.AccessWrite{write(storage.AccessName, "old", legacy)}))
	r := openLimited(t, db, c, lim)
	run(t, r, []step{{login: login("player", 1), want: ok}, {login: login("lurker", 2), want: ok}})
	r.Entered("player")
	r.Close()
	must(t, db.Close())

	c.advance(2 * time.Hour) // the lurker's binding lapsed; the others stand
	db = openDB(t, dir)
	defer db.Close()
	r = openLimited(t, db, c, lim)
	var raw []byte
	must(t, db.ScanAccess(func(k, v []byte) error {
		if _, id, _ := storage.ParseAccessKey(k); id == "old" {
			raw = v
		}
		return nil
	}))
	var rec nameRecord
	must(t, json.Unmarshal(raw, &rec))
	if rec.Played == nil || !*rec.Played || !rec.Seen.Equal(c.now().Add(-2*time.Hour)) {
		t.Fatalf("legacy record after a start: %s, want played, seen at the first start", raw)
	}
	if _, bound := r.Binding("lurker"); bound {
		t.Fatal("a binding that lapsed while the server was down is still loaded")
	}
	run(t, r, []step{
		{login: login("player", 9), want: nameBound},
		{login: login("old", 9), want: nameBound},
		{login: login("lurker", 9), want: ok},
	})
	// Both were last seen at the first start (the legacy record as if it
	// played then): 47 h on they stand, 48 h on they lapsed.
	c.advance(45 * time.Hour)
	run(t, r, []step{{login: login("player", 8), want: nameBound}, {login: login("old", 8), want: nameBound}})
	c.advance(time.Hour)
	run(t, r, []step{{login: login("player", 8), want: ok}, {login: login("old", 8), want: ok}})
}

// TestNamesBindRate: one address (an IPv4 address, an IPv6 /64) makes
// BindBurst new names at once, then one per BindEvery, refused with
// RATE_LIMITED meanwhile; other addresses, logins with a bound name, and
// operators' and whitelisted names are not held back.
func TestNamesBindRate(t *testing.T) {
	c := newClock()
	r := openLimited(t, nil, c, NameLimits{BindBurst: 3, BindEvery: 10 * time.Minute})
	must(t, r.SetOperatorName("opname"))
	_, err := r.Whitelist("listed", true)
	must(t, err)
	advance := func(d time.Duration) func(*Registry) error { return func(*Registry) error { c.advance(d); return nil } }
	run(t, r, []step{
		{login: from("a1", 1, "192.0.2.1"), want: ok},
		{login: from("a2", 2, "192.0.2.1"), want: ok},
		{login: from("a3", 3, "192.0.2.1"), want: ok},
		{login: from("a4", 4, "192.0.2.1"), want: rateLimited, reason: "too many new player names from your address lately: one more in 10m0s"},
		{login: from("a1", 1, "192.0.2.1"), want: ok}, // bound already: not a new name
		{login: from("a4", 4, "192.0.2.2"), want: ok}, // another address
		{login: from("opname", 5, "192.0.2.1"), want: ok},
		{login: from("listed", 6, "192.0.2.1"), want: ok},
		{login: from("v1", 7, "2001:db8:1:2::1"), want: ok},
		{login: from("v2", 8, "2001:db8:1:2::ffff"), want: ok},
		{login: from("v3", 9, "2001:db8:1:2:abcd::1"), want: ok},
		{login: from("v4", 10, "2001:db8:1:2::2"), want: rateLimited}, // the same /64
		{login: from("v4", 10, "2001:db8:1:3::1"), want: ok},          // the next /64
		{do: advance(4 * time.Minute)},
		{login: from("a5", 11, "192.0.2.1"), want: rateLimited, reason: "one more in 6m0s"},
		{do: advance(6 * time.Minute)},
		{login: from("a5", 11, "192.0.2.1"), want: ok},
		{login: from("a6", 12, "192.0.2.1"), want: rateLimited},
		{login: login("nowhere", 13), want: ok}, // no address: a replay's login
	})
}

// SetOperatorName makes name an operator (a test's shorthand).
func (r *Registry) SetOperatorName(name string) error {
	_, err := r.SetOperator(name, true)
	return err
}

// TestNamesMax: the registry holds at most Max bindings; one more is
// refused with SERVER_FULL until a binding lapses (deleted on the way)
// or is pruned; taking over a lapsed name needs no room; operators'
// names always bind.
func TestNamesMax(t *testing.T) {
	c := newClock()
	db := openDB(t, t.TempDir())
	defer db.Close()
	r := openLimited(t, db, c, NameLimits{UnplayedTTL: time.Hour, Max: 3})
	must(t, r.SetOperatorName("boss"))
	run(t, r, []step{
		{login: login("n1", 1), want: ok},
		{do: func(r *Registry) error { r.Entered("n1"); return nil }},
		{login: login("n2", 2), want: ok},
		{do: func(r *Registry) error { c.advance(30 * time.Minute); return nil }},
		{login: login("n3", 3), want: ok},
		{login: login("n4", 4), want: full, reason: "holds as many player names as it may (3)"},
		{login: login("boss", 5), want: ok},
		// n2 lapses: n4 gets its place, n2 is deleted on the way.
		{do: func(r *Registry) error { c.advance(31 * time.Minute); return nil }},
		{login: login("n5", 5), want: full}, // boss took a fourth place
		{do: func(r *Registry) error { _, err := r.SetOperator("boss", false); return err }},
	})
	// boss is a plain binding now, made 31 minutes ago, beside n1 and
	// n3: still full.
	run(t, r, []step{{login: login("n4", 4), want: full}})
	if _, bound := r.Binding("n2"); bound {
		t.Fatal("the lapsed n2 was not deleted by the refused login")
	}
	c.advance(30 * time.Minute) // n3 and boss lapse too
	run(t, r, []step{{login: login("n4", 4), want: ok}, {login: login("n3", 6), want: ok}})
	if s := r.NameStats(); s.Bindings > 3 {
		t.Fatalf("%d bindings kept, want at most 3: %+v", s.Bindings, r.Bindings())
	}
}

// TestNamesSquatBounded is the squatting run against the
// registry: fresh keys logging in at 40 a second for a simulated day,
// from one address and from 40, each claiming a fresh name. The
// bindings kept stay within what the rate allows and lapse a day later;
// a real owner then takes a squatted name. It reports the figures.
func TestNamesSquatBounded(t *testing.T) {
	lim := DefaultNameLimits()
	for _, tc := range []struct {
		name  string
		addrs int
		// wantMax bounds the bindings kept at any time: the burst, then
		// one per BindEvery for a day (after which the first lapse).
		wantMax int
	}{
		{"one address", 1, lim.BindBurst + int(lim.UnplayedTTL/lim.BindEvery)},
		{"40 addresses", 40, 40 * (lim.BindBurst + int(lim.UnplayedTTL/lim.BindEvery))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock()
			db := openDB(t, t.TempDir())
			defer db.Close()
			r := openLimited(t, db, c, lim)
			const perSecond, seconds = 40, 26 * 3600
			if testing.Short() {
				t.Skip("a simulated day of logins")
			}
			most, refused, i := 0, 0, 0
			for s := range seconds {
				for j := range perSecond {
					ip := fmt.Sprintf("10.0.%d.%d", (i%tc.addrs)/250, (i%tc.addrs)%250+1)
					l := wire.Login{Name: fmt.Sprintf("sq%d", i), Key: freshKey(i), Remote: &net.UDPAddr{IP: net.ParseIP(ip), Port: 1000 + j}}
					switch err := r.Authenticate(context.Background(), l); code(err) {
					case ok:
					case rateLimited:
						refused++
					default:
						t.Fatalf("login %d: %v", i, err)
					}
					i++
				}
				if s%60 == 0 {
					most = max(most, r.NameStats().Bindings)
				}
				c.advance(time.Second)
			}
			kept, bytes := storeSize(t, db)
			t.Logf("%s: %d logins over %d h, %d refused RATE_LIMITED; at most %d bindings kept, %d at the end (%d records, %d bytes of records)",
				tc.name, i, seconds/3600, refused, most, r.NameStats().Bindings, kept, bytes)
			if most > tc.wantMax {
				t.Fatalf("%d bindings kept at once, want at most %d", most, tc.wantMax)
			}
			// A real owner takes a squatted name once it lapsed.
			c.advance(lim.UnplayedTTL)
			run(t, r, []step{{login: from("sq0", 200, "192.0.2.200"), want: ok}})
			r.Entered("sq0")
		})
	}
}

// storeSize counts the access records in db and their bytes (keys and
// values).
func storeSize(t *testing.T, db *storage.DB) (records, bytes int) {
	t.Helper()
	must(t, db.ScanAccess(func(k, v []byte) error {
		records++
		bytes += len(k) + len(v)
		return nil
	}))
	return records, bytes
}

// TestNamesPrune: Prune deletes the lapsed bindings and, when asked, the
// never played or long idle ones, never an operator's, a whitelisted or
// a damaged one; a dry run deletes nothing.
func TestNamesPrune(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    PruneOptions
		want string // the names pruned, in order
		left int    // bindings left
	}{
		{"lapsed only", PruneOptions{}, "lapsed", 6},
		{"never played", PruneOptions{NeverPlayed: true}, "fresh lapsed", 5},
		{"idle a week", PruneOptions{IdleFor: 7 * 24 * time.Hour}, "lapsed old", 5},
		{"dry run", PruneOptions{NeverPlayed: true, DryRun: true}, "fresh lapsed", 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock()
			db := openDB(t, t.TempDir())
			defer db.Close()
			r := openLimited(t, db, c, NameLimits{UnplayedTTL: 24 * time.Hour, IdleTTL: 30 * 24 * time.Hour})
			bind := func(name string, k byte, played bool) {
				run(t, r, []step{{login: login(name, k), want: ok}})
				if played {
					r.Entered(name)
				}
			}
			bind("old", 2, true)
			bind("opname", 3, false)
			must(t, r.SetOperatorName("opname"))
			bind("listed", 4, false)
			_, err := r.Whitelist("listed", true)
			must(t, err)
			c.advance(7 * 24 * time.Hour)
			bind("lapsed", 1, false)
			bind("recent", 6, true)
			// Binding fresh deletes nothing yet: lapsed lapses an hour
			// later (a new binding deletes the lapsed ones on its way).
			c.advance(23 * time.Hour)
			bind("fresh", 5, false)
			c.advance(2 * time.Hour)
			// A damaged binding stays: its key is unknown.
			must(t, db.PutAccess([]storage.AccessWrite{{Key: storage.AccessKey(storage.AccessName, "broken"), Value: []byte(`{"name":"broken"}`)}}))
			r.Apply(storage.AccessKey(storage.AccessName, "broken"), []byte(`{"name":"broken"}`))
			pruned, err := r.Prune(tc.o)
			must(t, err)
			var got []string
			for _, b := range pruned {
				got = append(got, b.Name)
			}
			if strings.Join(got, " ") != tc.want || len(r.Bindings()) != tc.left {
				t.Fatalf("pruned %q leaving %d, want %q leaving %d", got, len(r.Bindings()), tc.want, tc.left)
			}
			if !tc.o.DryRun {
				for _, n := range got {
					run(t, r, []step{{login: login(n, 99), want: ok}})
				}
			}
		})
	}
}

// TestAddrKey: logins are counted by IPv4 address and IPv6 /64.
func TestAddrKey(t *testing.T) {
	for _, tc := range []struct {
		addr net.Addr
		want string
	}{
		{nil, ""},
		{&net.UDPAddr{IP: net.ParseIP("192.0.2.7"), Port: 1}, "192.0.2.7"},
		{&net.UDPAddr{IP: net.ParseIP("::ffff:192.0.2.7"), Port: 1}, "192.0.2.7"},
		{&net.UDPAddr{IP: net.ParseIP("2001:db8:1:2:3:4:5:6"), Port: 1}, "2001:db8:1:2::/64"},
		{&net.UDPAddr{IP: net.ParseIP("fe80::1"), Port: 1, Zone: "eth0"}, "fe80::/64"},
		{&net.TCPAddr{IP: net.ParseIP("127.0.0.2"), Port: 1}, "127.0.0.2"},
		{otherAddr("[2001:db8::1]:443"), "2001:db8::/64"},
		{otherAddr("pipe"), ""},
	} {
		if got := addrKey(tc.addr); got != tc.want {
			t.Errorf("addrKey(%v) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

type otherAddr string

func (a otherAddr) Network() string { return "other" }
func (a otherAddr) String() string  { return string(a) }

// TestNameLimitsValidate names the flag of a bad limit.
func TestNameLimitsValidate(t *testing.T) {
	for _, tc := range []struct {
		l    NameLimits
		want string
	}{
		{DefaultNameLimits(), ""},
		{NameLimits{}, ""},
		{NameLimits{UnplayedTTL: -1}, "name-unplayed-ttl"},
		{NameLimits{IdleTTL: -1}, "name-idle-ttl"},
		{NameLimits{Max: -1}, "max-names"},
		{NameLimits{BindBurst: -1}, "name-bind-burst"},
		{NameLimits{BindBurst: 1}, "name-bind-every"},
	} {
		err := tc.l.Validate()
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.l, err, tc.want)
		}
	}
}

// TestNamesConcurrent runs logins of new names from several addresses,
// entries into the world, listings and prunes side by side (for the race
// detector), then checks that every binding kept is within the limits
// and that what Entered wrote is on disk.
func TestNamesConcurrent(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	db := openDB(t, dir)
	lim := NameLimits{UnplayedTTL: time.Hour, IdleTTL: time.Hour, Max: 50, BindBurst: 5, BindEvery: time.Hour}
	r := openLimited(t, db, c, lim)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 40 {
				name := fmt.Sprintf("w%dn%d", w, i)
				l := wire.Login{Name: name, Key: freshKey(w*1000 + i), Remote: &net.UDPAddr{IP: net.IPv4(10, 0, 0, byte(w)), Port: 1}}
				if err := r.Authenticate(context.Background(), l); err == nil {
					r.Entered(name)
				} else if code(err) != rateLimited && code(err) != full {
					t.Errorf("%s: %v", name, err)
				}
				if i%10 == 0 {
					_ = r.Bindings()
					if _, err := r.Prune(PruneOptions{}); err != nil {
						t.Error(err)
					}
				}
			}
		})
	}
	wg.Wait()
	r.Close()
	if n := r.NameStats().Bindings; n != 8*lim.BindBurst {
		t.Fatalf("%d bindings, want the %d bursts", n, 8*lim.BindBurst)
	}
	must(t, db.Close())
	db = openDB(t, dir)
	defer db.Close()
	r = openLimited(t, db, c, lim)
	if s := r.NameStats(); s.Bindings != 8*lim.BindBurst || s.NeverPlayed != 0 {
		t.Fatalf("after a restart: %+v, want %d bindings, all played", s, 8*lim.BindBurst)
	}
}
