package access

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/stratavox/strata/net/wire"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/storage"
)

// clock is an injected clock: tests move it, nothing sleeps.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// key returns the deterministic key pair number i.
func key(i byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{i}, ed25519.SeedSize))
}

func pub(i byte) ed25519.PublicKey { return key(i).Public().(ed25519.PublicKey) }

func login(name string, k byte) wire.Login {
	return wire.Login{Name: name, Key: pub(k)}
}

func openDB(t *testing.T, dir string) *storage.DB {
	t.Helper()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func openReg(t *testing.T, db *storage.DB, c *clock) *Registry {
	t.Helper()
	opts := Options{Log: zerolog.Nop()}
	if c != nil {
		opts.Now = c.now
	}
	r, err := Open(db, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// code is the refusal code of err: 0 for nil, -1 for an error that is
// not a Refusal.
func code(err error) protocol.ErrorCode {
	var ref *wire.Refusal
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ref):
		return ref.Code
	}
	return -1
}

const (
	ok        = protocol.ErrorCode(0)
	nameBound = protocol.ErrorCode_ERROR_CODE_NAME_BOUND
	forbidden = protocol.ErrorCode_ERROR_CODE_FORBIDDEN
	authFail  = protocol.ErrorCode_ERROR_CODE_AUTH_FAILED
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// step is one action of a scenario against a registry: a login that must
// end with want (and a reason containing reason), or a change.
type step struct {
	do     func(r *Registry) error // a change; nil for a login
	login  wire.Login
	want   protocol.ErrorCode
	reason string
}

func run(t *testing.T, r *Registry, steps []step) {
	t.Helper()
	for i, s := range steps {
		if s.do != nil {
			if err := s.do(r); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			continue
		}
		err := r.Authenticate(context.Background(), s.login)
		if got := code(err); got != s.want || s.reason != "" && (err == nil || !strings.Contains(err.Error(), s.reason)) {
			t.Fatalf("step %d: login %q with key %x: %v (code %v), want code %v %q", i, s.login.Name, s.login.Key[:2], err, got, s.want, s.reason)
		}
	}
}

// TestTOFU: the first key to log in with a name keeps it; names are one
// whatever their case; a released name binds anew; every binding
// survives a restart.
func TestTOFU(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	r := openReg(t, db, nil)
	run(t, r, []step{
		{login: login("Steve", 1), want: ok},
		{login: login("Steve", 1), want: ok},
		{login: login("sTEVE", 1), want: ok},
		{login: login("steve", 2), want: nameBound, reason: `the name "steve" belongs to another player's key`},
		{login: login("alex", 2), want: ok},
		{login: wire.Login{Name: "nokey"}, want: authFail},
		{do: func(r *Registry) error {
			released, err := r.Release("STEVE")
			if err == nil && !released {
				err = errors.New("steve was not bound")
			}
			return err
		}},
		{login: login("steve", 3), want: ok},
		{login: login("Steve", 1), want: nameBound},
	})
	if released, err := r.Release("nobody"); released || err != nil {
		t.Fatalf("release of an unbound name: %v %v", released, err)
	}
	must(t, db.Close())

	db = openDB(t, dir)
	defer db.Close()
	r = openReg(t, db, nil)
	for _, tc := range []struct {
		name string
		key  ed25519.PublicKey
	}{{"STEVE", pub(3)}, {"alex", pub(2)}, {"nokey", nil}} {
		k, bound := r.Binding(tc.name)
		if bound != (tc.key != nil) || !bytes.Equal(k, tc.key) {
			t.Errorf("after reopen: %s bound %v to %x, want %x", tc.name, bound, k, tc.key)
		}
	}
	run(t, r, []step{{login: login("steve", 3), want: ok}, {login: login("steve", 1), want: nameBound}})
}

// TestPolicy: bans of names and keys, their expiry, and the whitelist.
func TestPolicy(t *testing.T) {
	c := newClock()
	db := openDB(t, t.TempDir())
	defer db.Close()
	r := openReg(t, db, c)
	ban := func(b Ban) func(*Registry) error { return func(r *Registry) error { return r.Ban(b) } }
	unban := func(target string, want bool) func(*Registry) error {
		return func(r *Registry) error {
			lifted, err := r.Unban(target)
			if err == nil && lifted != want {
				err = fmt.Errorf("unban %s: lifted %v, want %v", target, lifted, want)
			}
			return err
		}
	}
	advance := func(d time.Duration) func(*Registry) error { return func(*Registry) error { c.advance(d); return nil } }
	run(t, r, []step{
		{login: login("griefer", 1), want: ok}, // binds key 1
		{do: ban(Ban{Name: "Griefer", Reason: "griefing", By: "alex"})},
		{login: login("griefer", 1), want: forbidden, reason: "banned: griefing"},
		// Another key for the bound name meets the binding first.
		{login: login("GRIEFER", 9), want: nameBound},
		// The name's bound key is banned with it: a new name does not help,
		// and it is not bound either.
		{login: login("newname", 1), want: forbidden, reason: "banned: griefing"},
		{do: func(r *Registry) error {
			if _, bound := r.Binding("newname"); bound {
				return errors.New("a refused login bound its name")
			}
			return nil
		}},
		{do: unban("GrieFer", true)},
		{login: login("griefer", 1), want: ok},
		{login: login("newname", 1), want: ok},
		// A key alone, for an hour, lifted by its hex in capitals.
		{do: ban(Ban{Key: strings.ToUpper(hex.EncodeToString(pub(4))), Until: c.now().Add(time.Hour)})},
		{login: login("four", 4), want: forbidden, reason: "banned (until 2026-01-02 16:04 UTC)"},
		{do: unban(strings.ToUpper(hex.EncodeToString(pub(4))), true)},
		{login: login("four", 4), want: ok},
		{do: unban("four", false)},
		// Expiry by the injected clock.
		{do: ban(Ban{Name: "temp", Reason: "cool off", Until: c.now().Add(30 * time.Minute)})},
		{login: login("temp", 5), want: forbidden, reason: "banned: cool off (until 2026-01-02 15:34 UTC)"},
		{do: advance(29 * time.Minute)},
		{login: login("temp", 5), want: forbidden},
		{do: advance(time.Minute)},
		{login: login("temp", 5), want: ok},
		// The whitelist: listed names and operators only.
		{do: func(r *Registry) error { return r.SetWhitelist(true) }},
		{login: login("griefer", 1), want: forbidden, reason: "not on the whitelist"},
		{login: login("fresh", 6), want: forbidden, reason: "not on the whitelist"},
		{do: func(r *Registry) error {
			if _, bound := r.Binding("fresh"); bound {
				return errors.New("a login off the whitelist bound its name")
			}
			_, err := r.Whitelist("Griefer", true)
			if err == nil {
				_, err = r.SetOperator("Temp", true)
			}
			return err
		}},
		{login: login("GRIEFER", 1), want: ok},
		{login: login("temp", 5), want: ok},
		{do: func(r *Registry) error { return r.SetWhitelist(false) }},
		{login: login("fresh", 6), want: ok},
	})
	if bans := r.Bans(); len(bans) != 0 {
		t.Fatalf("bans left: %+v", bans)
	}
}

// TestBans: what Ban accepts, how it lists, and that an expired ban is
// left out at once and deleted with the next change.
func TestBans(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	db := openDB(t, dir)
	r := openReg(t, db, c)
	run(t, r, []step{{login: login("bound", 7), want: ok}})
	for _, tc := range []struct {
		name string
		ban  Ban
		err  string
	}{
		{"nothing", Ban{Reason: "x"}, "no name and no key"},
		{"bad name", Ban{Name: "no spaces"}, "forbidden character"},
		{"bad key", Ban{Key: "abcd"}, "not a hex Ed25519 public key"},
		{"past", Ban{Name: "x", Until: c.now()}, "not in the future"},
		{"name", Ban{Name: "Zed", Reason: "spam", By: "console"}, ""},
		{"bound name", Ban{Name: "Bound", Until: c.now().Add(time.Hour)}, ""},
		{"key", Ban{Key: hex.EncodeToString(pub(8)), Reason: "alt"}, ""},
		{"short", Ban{Name: "short", Until: c.now().Add(time.Minute)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := r.Ban(tc.ban)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("Ban(%+v): %v, want %q", tc.ban, err, tc.err)
			}
		})
	}
	want := []Ban{
		{Key: hex.EncodeToString(pub(8)), Reason: "alt", At: c.now()},
		{Name: "Bound", Key: hex.EncodeToString(pub(7)), Until: c.now().Add(time.Hour), At: c.now()},
		{Name: "short", Until: c.now().Add(time.Minute), At: c.now()},
		{Name: "Zed", Reason: "spam", By: "console", At: c.now()},
	}
	if got := r.Bans(); !slices.Equal(got, want) {
		t.Fatalf("bans:\n%+v\nwant\n%+v", got, want)
	}
	if b, banned := r.Banned("anyone", pub(7)); !banned || b.Name != "Bound" {
		t.Fatalf("the bound key: %+v %v", b, banned)
	}
	c.advance(time.Minute)
	if got := r.Bans(); !slices.Equal(got, slices.Delete(slices.Clone(want), 2, 3)) {
		t.Fatalf("after short expired: %+v", got)
	}
	if n := records(t, db, storage.AccessBan); n != 4 {
		t.Fatalf("%d ban records before the next change, want 4 (expired ones go lazily)", n)
	}
	if _, err := r.SetOperator("alex", true); err != nil {
		t.Fatal(err)
	}
	if n := records(t, db, storage.AccessBan); n != 3 {
		t.Fatalf("%d ban records after a change, want 3", n)
	}
	must(t, db.Close())

	// An expired ban found at open is deleted there.
	c.advance(time.Hour)
	db = openDB(t, dir)
	defer db.Close()
	r = openReg(t, db, c)
	if got := r.Bans(); !slices.Equal(got, []Ban{want[0], want[3]}) {
		t.Fatalf("after reopen: %+v", got)
	}
	if n := records(t, db, storage.AccessBan); n != 2 {
		t.Fatalf("%d ban records after open, want 2", n)
	}
}

// records counts the stored access records of one kind.
func records(t *testing.T, db *storage.DB, kind byte) int {
	t.Helper()
	n := 0
	must(t, db.ScanAccess(func(k, _ []byte) error {
		if k[1] == kind {
			n++
		}
		return nil
	}))
	return n
}

// TestListsDurable: operators, the whitelist and its switch survive a
// restart, and the lists are sorted whatever the case.
func TestListsDurable(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	r := openReg(t, db, nil)
	for _, tc := range []struct {
		name    string
		op      bool
		on      bool
		changed bool
	}{
		{"zed", true, true, true},
		{"Alex", true, true, true},
		{"ALEX", true, true, false},
		{"bob", true, true, true},
		{"BOB", true, false, true},
		{"bob", true, false, false},
		{"carol", false, true, true},
		{"Alex", false, true, true},
	} {
		set := r.SetOperator
		if !tc.op {
			set = r.Whitelist
		}
		changed, err := set(tc.name, tc.on)
		if err != nil || changed != tc.changed {
			t.Fatalf("%s %v op=%v: changed %v %v", tc.name, tc.on, tc.op, changed, err)
		}
	}
	if _, err := r.SetOperator("bad name", true); err == nil {
		t.Fatal("an invalid name became an operator")
	}
	must(t, r.SetWhitelist(true))
	must(t, db.Close())

	db = openDB(t, dir)
	defer db.Close()
	r = openReg(t, db, nil)
	if got := r.Operators(); !slices.Equal(got, []string{"Alex", "zed"}) {
		t.Fatalf("operators %v", got)
	}
	if got := r.Listed(); !slices.Equal(got, []string{"Alex", "carol"}) {
		t.Fatalf("listed %v", got)
	}
	if !r.WhitelistOn() || !r.IsOperator("ZED") || r.IsOperator("bob") {
		t.Fatalf("whitelist %v, zed %v, bob %v", r.WhitelistOn(), r.IsOperator("ZED"), r.IsOperator("bob"))
	}
}

// TestFailedWrite: a change whose write fails returns the error and
// changes nothing.
func TestFailedWrite(t *testing.T) {
	db := openDB(t, t.TempDir())
	r := openReg(t, db, nil)
	run(t, r, []step{{login: login("steve", 1), want: ok}})
	must(t, db.Close())
	for name, change := range map[string]func() error{
		"operator":  func() error { _, err := r.SetOperator("alex", true); return err },
		"whitelist": func() error { _, err := r.Whitelist("alex", true); return err },
		"switch":    func() error { return r.SetWhitelist(true) },
		"ban":       func() error { return r.Ban(Ban{Name: "steve"}) },
		"release":   func() error { _, err := r.Release("steve"); return err },
	} {
		if err := change(); !errors.Is(err, storage.ErrClosed) {
			t.Errorf("%s on a closed database: %v", name, err)
		}
	}
	if r.IsOperator("alex") || len(r.Listed()) != 0 || r.WhitelistOn() || len(r.Bans()) != 0 {
		t.Fatal("a failed write changed the registry")
	}
	if _, bound := r.Binding("steve"); !bound {
		t.Fatal("a failed release forgot the binding")
	}
	// A new name cannot be bound: the login fails as a server error, not a
	// refusal, and the name stays free.
	if err := r.Authenticate(context.Background(), login("newbie", 2)); code(err) != -1 {
		t.Fatalf("binding on a closed database: %v", err)
	}
	if _, bound := r.Binding("newbie"); bound {
		t.Fatal("a failed binding was kept")
	}
}

// TestCorruptRecords: damaged access records are reported by check,
// skipped at load with an error log, and fail closed: a damaged binding
// refuses its name until released, a damaged ban bans, a damaged operator
// record makes no operator.
func TestCorruptRecords(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	r := openReg(t, db, nil)
	run(t, r, []step{{login: login("steve", 1), want: ok}, {login: login("alex", 2), want: ok}})
	_, err := r.SetOperator("steve", true)
	must(t, err)
	must(t, r.Ban(Ban{Name: "zed", Reason: "spam"}))
	must(t, r.Ban(Ban{Key: hex.EncodeToString(pub(5))}))
	damaged := [][]byte{
		storage.AccessKey(storage.AccessName, "steve"),
		storage.AccessKey(storage.AccessOperator, "steve"),
		storage.AccessKey(storage.AccessBan, "n/zed"),
		storage.AccessKey(storage.AccessBan, "k/"+hex.EncodeToString(pub(5))),
	}
	for _, k := range damaged {
		must(t, db.CorruptAccessForTest(k))
	}
	must(t, db.Close())

	rep, err := storage.Check(dir)
	must(t, err)
	var bad []string
	for _, b := range rep.Bad {
		bad = append(bad, b.What())
	}
	wantBad := []string{`ban "k/` + hex.EncodeToString(pub(5)) + `"`, `ban "n/zed"`, `name binding "steve"`, `operator "steve"`}
	if !slices.Equal(bad, wantBad) || rep.Access != 1 {
		t.Fatalf("check: bad %q, %d intact access records", bad, rep.Access)
	}

	db = openDB(t, dir)
	defer db.Close()
	var logs bytes.Buffer
	r, err = Open(db, Options{Log: zerolog.New(&logs)})
	if err != nil {
		t.Fatalf("a damaged record stopped the registry: %v", err)
	}
	if n := strings.Count(logs.String(), "damaged access record skipped"); n != len(damaged) {
		t.Fatalf("%d damaged records logged, want %d:\n%s", n, len(damaged), logs.String())
	}
	if db.Corruptions() != uint64(len(damaged)) {
		t.Fatalf("corruptions %d", db.Corruptions())
	}
	run(t, r, []step{
		{login: login("alex", 2), want: ok},
		{login: login("steve", 1), want: nameBound, reason: "cannot be read"},
		{login: login("zed", 3), want: forbidden, reason: "ban record damaged"},
		{login: login("five", 5), want: forbidden, reason: "ban record damaged"},
		{do: func(r *Registry) error {
			if r.IsOperator("steve") {
				return errors.New("a damaged operator record made an operator")
			}
			if _, err := r.Release("steve"); err != nil {
				return err
			}
			_, err := r.Unban("zed")
			return err
		}},
		{login: login("steve", 1), want: ok},
		{login: login("zed", 3), want: ok},
	})
}

// TestConcurrent: handshakes authenticate while the tick and the admin
// change the registry (run with -race). Of the logins racing for one new
// name, exactly one key wins it.
func TestConcurrent(t *testing.T) {
	db := openDB(t, t.TempDir())
	defer db.Close()
	r := openReg(t, db, nil)
	const names, keys = 8, 4
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := map[string][]byte{}
	for n := range names {
		for k := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name := fmt.Sprintf("p%d", n)
				for range 5 {
					err := r.Authenticate(context.Background(), login(name, byte(k+1)))
					switch code(err) {
					case ok:
						mu.Lock()
						won[name] = append(won[name], byte(k+1))
						mu.Unlock()
					case nameBound, forbidden:
					default:
						t.Errorf("%s: %v", name, err)
					}
					r.IsOperator(name)
					r.Bans()
					r.Banned(name, pub(byte(k+1)))
					r.Binding(name)
					r.Listed()
				}
			}()
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 20 {
			name := fmt.Sprintf("op%d", i%3)
			if _, err := r.SetOperator(name, i%2 == 0); err != nil {
				t.Error(err)
			}
			if err := r.Ban(Ban{Name: fmt.Sprintf("b%d", i)}); err != nil {
				t.Error(err)
			}
			if _, err := r.Unban(fmt.Sprintf("b%d", i)); err != nil {
				t.Error(err)
			}
			if _, err := r.Whitelist(name, i%2 == 1); err != nil {
				t.Error(err)
			}
		}
	}()
	wg.Wait()
	for n := range names {
		name := fmt.Sprintf("p%d", n)
		k, bound := r.Binding(name)
		if !bound {
			t.Fatalf("%s never bound", name)
		}
		for _, w := range won[name] {
			if !bytes.Equal(pub(w), k) {
				t.Fatalf("%s: key %d got in, but the name is bound to another", name, w)
			}
		}
	}
}

// TestMemoryOnly: without a database the registry works, and keeps
// nothing.
func TestMemoryOnly(t *testing.T) {
	r := openReg(t, nil, nil)
	run(t, r, []step{
		{login: login("steve", 1), want: ok},
		{login: login("steve", 2), want: nameBound},
		{do: func(r *Registry) error { return r.Ban(Ban{Name: "steve"}) }},
		{login: login("steve", 1), want: forbidden},
	})
}

// sharedBackend is a backend another server writes too: every name is
// already bound there, so an IfAbsent write is refused.
type sharedBackend struct{}

func (sharedBackend) PutAccess(ws []storage.AccessWrite) error {
	for _, w := range ws {
		if w.IfAbsent {
			return storage.ErrAccessExists
		}
	}
	return nil
}

func (sharedBackend) ScanAccess(func(k, v []byte) error) error { return nil }

// TestBindingRace: a login whose binding loses to another server's waits
// for that binding to arrive (Apply) and is judged by it: the same key
// gets in, another is refused NAME_BOUND; with nothing arriving, the
// login is refused with a "try again".
func TestBindingRace(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bound  byte // the key the other server bound; 0: none arrives
		want   protocol.ErrorCode
		reason string
	}{
		{"same key", 1, ok, ""},
		{"another key", 2, nameBound, "belongs to another player's key"},
		{"nothing arrives", 0, nameBound, "try again"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Open(sharedBackend{}, Options{Log: zerolog.Nop()})
			must(t, err)
			if tc.bound != 0 {
				rec := nameRecord{Name: "steve", Key: hex.EncodeToString(pub(tc.bound)), At: time.Now().UTC()}
				w := write(storage.AccessName, "steve", rec)
				time.AfterFunc(100*time.Millisecond, func() { r.Apply(w.Key, w.Value) })
			}
			err = r.Authenticate(context.Background(), login("steve", 1))
			if code(err) != tc.want || (tc.reason != "" && !strings.Contains(err.Error(), tc.reason)) {
				t.Fatalf("login: %v, want code %v (%q)", err, tc.want, tc.reason)
			}
		})
	}
}
