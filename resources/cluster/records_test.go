package cluster

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestRecordKeyLayout: every scope's bucket key parses back to the same
// record key (negative columns, dotted kinds, names that are no subject
// tokens), and keys no shard writes are refused.
func TestRecordKeyLayout(t *testing.T) {
	for _, k := range []storage.RecordKey{
		{Kind: "homes", Scope: storage.ScopePlayer, Name: "ann"},
		{Kind: "homes", Scope: storage.ScopePlayer, Name: "Zoë the 2nd"},
		{Kind: "claims.v2", Scope: storage.ScopeColumn, X: -33, Z: 70},
		{Kind: "claims", Scope: storage.ScopeColumn, X: 0, Z: -1},
		{Kind: "shop", Scope: storage.ScopeWorld, Name: "price/diamond.ore *>"},
		{Kind: "a.b.c", Scope: storage.ScopeWorld, Name: "x"},
	} {
		key := recordKey(k)
		got, err := parseRecordKey(key)
		if err != nil || got != k {
			t.Errorf("%v: key %q parsed as %v, %v", k, key, got, err)
		}
	}
	for _, bad := range []string{
		"r.zz.homes",                // not hex
		"r..homes",                  // no name
		"rec.w.61.Homes",            // bad kind
		"rec.c.0.0.40.0.claims",     // column (40,0) is not in region (0,0)
		"rec.c.0.0.1.claims",        // too few coordinates
		"rec.x.61.homes",            // no such scope
		"p.616e6e",                  // a player record, not a plugin's
		"rec.w.61",                  // no kind
		"rec.c.0.0.1.1." + "claims", // fine: the control case below
	} {
		_, err := parseRecordKey(bad)
		if bad == "rec.c.0.0.1.1.claims" {
			if err != nil {
				t.Errorf("%q refused: %v", bad, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q parsed as a plugin record key", bad)
		}
	}
}

// rec returns the stored value of a plugin record holding payload.
func rec(version uint32, payload string) []byte {
	return storage.EncodeRecord(version, []byte(payload))
}

// TestRecordsRoundTrip writes records of every scope through a shard and
// reads them back, one by one and by scan (another kind and another
// scope left out), then deletes them (an empty value).
func TestRecordsRoundTrip(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	col := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: -3, Z: 50}
	col2 := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: -2, Z: 50}
	other := storage.RecordKey{Kind: "claims.v2", Scope: storage.ScopeColumn, X: -3, Z: 50}
	player := storage.RecordKey{Kind: "claims", Scope: storage.ScopePlayer, Name: "ann"}
	world := storage.RecordKey{Kind: "claims", Scope: storage.ScopeWorld, Name: "next id"}
	if held, _, err := a.Claim(ctx, columnRegion(col.X, col.Z)); !held || err != nil {
		t.Fatalf("claim: %v %v", held, err)
	}
	epoch := a.Store().Epoch(col.X, col.Z)
	vals := map[storage.RecordKey][]byte{
		col: rec(1, `"ann"`), col2: rec(1, `"bob"`), other: rec(2, `{"owner":"cy"}`),
		player: rec(1, `{"n":1}`), world: rec(3, `7`),
	}
	var writes []storage.RecordWrite
	for _, k := range []storage.RecordKey{col, col2, other, player, world} {
		writes = append(writes, storage.RecordWrite{Key: k, Value: vals[k], Epoch: epoch})
	}
	if err := a.Store().Commit(&storage.Batch{Records: writes}); err != nil {
		t.Fatal(err)
	}
	for k, want := range vals {
		v, ok, err := a.Store().LoadRecord(k)
		if err != nil || !ok || string(v) != string(want) {
			t.Errorf("load %v: %q %v %v, want %q", k, v, ok, err, want)
		}
	}
	scan := func(kind string, scope storage.Scope) []storage.RecordKey {
		t.Helper()
		var got []storage.RecordKey
		err := a.Store().ScanRecords(kind, scope, func(k storage.RecordKey, v []byte) error {
			if string(v) != string(vals[k]) {
				t.Errorf("scan %v: %q, want %q", k, v, vals[k])
			}
			got = append(got, k)
			return nil
		})
		if err != nil {
			t.Fatalf("scan %s %v: %v", kind, scope, err)
		}
		return got
	}
	for _, c := range []struct {
		kind  string
		scope storage.Scope
		want  []storage.RecordKey
	}{
		{"claims", storage.ScopeColumn, []storage.RecordKey{col, col2}},
		{"claims.v2", storage.ScopeColumn, []storage.RecordKey{other}},
		{"claims", storage.ScopePlayer, []storage.RecordKey{player}},
		{"claims", storage.ScopeWorld, []storage.RecordKey{world}},
		{"nothing", storage.ScopeWorld, nil},
	} {
		if got := scan(c.kind, c.scope); !sameKeys(got, c.want) {
			t.Errorf("scan %s %v = %v, want %v", c.kind, c.scope, got, c.want)
		}
	}

	// Deleted: an empty value, read as none and left out of scans.
	var del []storage.RecordWrite
	for _, k := range []storage.RecordKey{col, player, world} {
		del = append(del, storage.RecordWrite{Key: k, Epoch: epoch})
	}
	if err := a.Store().Commit(&storage.Batch{Records: del}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []storage.RecordKey{col, player, world} {
		if v, ok, err := a.Store().LoadRecord(k); ok || err != nil {
			t.Errorf("deleted %v loads %q %v %v", k, v, ok, err)
		}
	}
	if got := scan("claims", storage.ScopeColumn); !sameKeys(got, []storage.RecordKey{col2}) {
		t.Errorf("scan after delete = %v", got)
	}
	if got := scan("claims", storage.ScopeWorld); len(got) != 0 {
		t.Errorf("scan of deleted world records = %v", got)
	}
}

func sameKeys(a, b []storage.RecordKey) bool {
	if len(a) != len(b) {
		return false
	}
	for _, k := range b {
		if !slices.Contains(a, k) {
			return false
		}
	}
	return true
}

// TestColumnRecordFencedOnLease: a column's record is fenced on its
// region's lease exactly as its sections are. A record handed over under
// a lease since lost is refused (FencedError.Records) — by the server when
// the shard has not yet noticed its lease lapsed, locally once it has —
// while the player and world records of the same commit are stored, and
// the new owner's record stands.
func TestColumnRecordFencedOnLease(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	col := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 70, Z: -9}
	near := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 71, Z: -9}
	player := storage.RecordKey{Kind: "claims", Scope: storage.ScopePlayer, Name: "ann"}
	world := storage.RecordKey{Kind: "claims", Scope: storage.ScopeWorld, Name: "count"}
	r := columnRegion(col.X, col.Z)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims: %v %v", held, err)
	}
	old := a.Store().Epoch(col.X, col.Z)
	if err := a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: col, Value: rec(1, `"a1"`), Epoch: old}}}); err != nil {
		t.Fatalf("a's record under its lease: %v", err)
	}

	// a stops renewing; b takes the region and writes the column.
	a.PauseRenewals(true)
	waitfor.Until(t, 8*time.Second, "b claims the lapsed lease", func() bool {
		held, _, err := bb.Claim(ctx, r)
		return err == nil && held
	})
	if err := bb.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: col, Value: rec(1, `"b"`), Epoch: bb.Store().Epoch(col.X, col.Z)}}}); err != nil {
		t.Fatalf("b's record: %v", err)
	}
	if !slices.Contains(a.Held(), r) {
		t.Fatal("a dropped the lease on its own; the test would not reach the server's fence")
	}

	// a's records made under its old lease: two of the region (one b
	// never wrote), with a player's and a world record beside them.
	err := a.Store().Commit(&storage.Batch{
		Records: []storage.RecordWrite{
			{Key: col, Value: rec(1, `"a2"`), Epoch: old},
			{Key: near, Value: rec(1, `"a2"`), Epoch: old},
			{Key: player, Value: rec(1, `1`)},
			{Key: world, Value: rec(1, `1`)},
		},
		// A section in the same region: the region's writes go as one
		// atomic batch, refused as a whole.
		Sections: []storage.SectionWrite{{Pos: chunk.Pos{X: col.X, Y: 2, Z: col.Z}, Revision: 1, Section: section(4), Epoch: old}},
	})
	fe, ok := storage.AsFenced(err)
	if !ok {
		t.Fatalf("a's commit after the lapse = %v, want a FencedError", err)
	}
	if !sameKeys(fe.Records, []storage.RecordKey{col, near}) || len(fe.Sections) != 1 {
		t.Fatalf("refused %+v, want the two column records and the section", fe)
	}
	a.PauseRenewals(false)
	for k, want := range map[storage.RecordKey]string{col: `"b"`, player: `1`, world: `1`} {
		v, ok, err := bb.Store().LoadRecord(k)
		if err != nil || !ok || string(v) != string(rec(1, want)) {
			t.Errorf("%v as b reads it: %q %v %v, want %s", k, v, ok, err, want)
		}
	}
	if v, ok, err := bb.Store().LoadRecord(near); ok || err != nil {
		t.Errorf("the record b never wrote was stored: %q %v", v, err)
	}

	// Now a knows it lost the region: refused without a publish, whatever
	// the epoch.
	for _, epoch := range []uint64{old, 0, storage.NoEpoch} {
		err := a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: near, Value: rec(1, `"a3"`), Epoch: epoch}}})
		if fe, ok := storage.AsFenced(err); !ok || !slices.Equal(fe.Records, []storage.RecordKey{near}) {
			t.Fatalf("record of a lost region (epoch %d): %v", epoch, err)
		}
	}
}

// TestColumnRecordFencedByEpoch: a column record handed over under a
// lease the shard has since lost and taken back is refused (the other
// owner's write in between stands); one made under the lease held now is
// stored.
func TestColumnRecordFencedByEpoch(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	ctx := ctxT(t)
	k := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 70, Z: 9}
	r := columnRegion(k.X, k.Z)
	claim := func(c *Cluster) {
		t.Helper()
		if held, _, err := c.Claim(ctx, r); !held || err != nil {
			t.Fatalf("%s claims %v: %v %v", c.Shard(), r, held, err)
		}
	}
	put := func(c *Cluster, epoch uint64, v string) error {
		return c.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: k, Value: rec(1, v), Epoch: epoch}}})
	}
	claim(a)
	old := a.Store().Epoch(k.X, k.Z)
	if err := put(a, old, `"a1"`); err != nil {
		t.Fatal(err)
	}
	if err := a.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	claim(bb)
	if err := put(bb, bb.Store().Epoch(k.X, k.Z), `"b"`); err != nil {
		t.Fatal(err)
	}
	if err := bb.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	claim(a)
	now := a.Store().Epoch(k.X, k.Z)
	fe, ok := storage.AsFenced(put(a, old, `"a2"`))
	if !ok || !slices.Equal(fe.Records, []storage.RecordKey{k}) {
		t.Fatalf("record of the old lease: %+v, want it refused", fe)
	}
	if v, _, err := a.Store().LoadRecord(k); err != nil || string(v) != string(rec(1, `"b"`)) {
		t.Fatalf("stored %q (%v), want b's", v, err)
	}
	if err := put(a, now, `"a3"`); err != nil {
		t.Fatalf("record of the lease held now: %v", err)
	}
	if v, _, err := a.Store().LoadRecord(k); err != nil || string(v) != string(rec(1, `"a3"`)) {
		t.Fatalf("stored %q (%v), want a3", v, err)
	}
}

// TestWorldRecordCompareAndSet: two shards write one world key, each
// from the revision it last read. Of two writes from one revision, one
// is stored and the other refused (FencedError.Records); the refused
// shard reads the winner's value, and its next write, from that revision,
// is stored. Cases: a key that exists, and a new key both create.
func TestWorldRecordCompareAndSet(t *testing.T) {
	for _, c := range []struct {
		name   string
		exists bool
	}{{"existing key", true}, {"new key", false}} {
		t.Run(c.name, func(t *testing.T) {
			u, b := url(t), newBucket(t)
			a := connect(t, u, b, "a")
			bb := connect(t, u, b, "b")
			k := storage.RecordKey{Kind: "bank", Scope: storage.ScopeWorld, Name: "gold"}
			put := func(c *Cluster, v string) error {
				return c.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: k, Value: rec(1, v)}}})
			}
			if c.exists {
				if err := put(a, `1`); err != nil {
					t.Fatal(err)
				}
			}
			// Both read the key as a shard's WorldData does at start.
			for _, s := range []*Cluster{a, bb} {
				n := 0
				if err := s.Store().ScanRecords("bank", storage.ScopeWorld, func(storage.RecordKey, []byte) error { n++; return nil }); err != nil {
					t.Fatal(err)
				}
				if want := map[bool]int{true: 1, false: 0}[c.exists]; n != want {
					t.Fatalf("%s scans %d records, want %d", s.Shard(), n, want)
				}
			}

			// Two writes from the same revision, at once.
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, s := range []*Cluster{a, bb} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = put(s, `"`+s.Shard()+`"`)
				}()
			}
			wg.Wait()
			var winner, loser *Cluster
			for i, s := range []*Cluster{a, bb} {
				if errs[i] == nil {
					winner = s
					continue
				}
				fe, ok := storage.AsFenced(errs[i])
				if !ok || !slices.Equal(fe.Records, []storage.RecordKey{k}) {
					t.Fatalf("%s's write: %v, want its record refused", s.Shard(), errs[i])
				}
				loser = s
			}
			if winner == nil || loser == nil {
				t.Fatalf("writes from one revision: %v; want one stored and one refused", errs)
			}
			want := rec(1, `"`+winner.Shard()+`"`)
			for _, s := range []*Cluster{loser, winner} {
				if v, ok, err := s.Store().LoadRecord(k); !ok || err != nil || string(v) != string(want) {
					t.Fatalf("%s reads %q %v %v, want the winner's", s.Shard(), v, ok, err)
				}
			}
			// The loser read the winner's revision: its next write lands,
			// and the winner's next, from a revision now old, is refused.
			if err := put(loser, `"again"`); err != nil {
				t.Fatalf("the refused shard's write after reading: %v", err)
			}
			if _, ok := storage.AsFenced(put(winner, `"stale"`)); !ok {
				t.Fatal("a write from a revision another shard moved on from was stored")
			}
			if v, _, _ := winner.Store().LoadRecord(k); string(v) != string(rec(1, `"again"`)) {
				t.Fatalf("stored %q, want the loser's second write", v)
			}
		})
	}
}

// TestCheckPluginRecords: cluster check counts intact plugin records by
// kind (deleted ones left out) and names a damaged one by kind and key,
// in the world and the players bucket.
func TestCheckPluginRecords(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	if _, err := a.Agree(ctx, 7, 2); err != nil {
		t.Fatal(err)
	}
	col := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 5, Z: 5}
	col2 := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 6, Z: 5}
	gone := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 7, Z: 5}
	home := storage.RecordKey{Kind: "homes", Scope: storage.ScopePlayer, Name: "ann"}
	home2 := storage.RecordKey{Kind: "homes", Scope: storage.ScopePlayer, Name: "bob"}
	price := storage.RecordKey{Kind: "shop.v2", Scope: storage.ScopeWorld, Name: "diamond"}
	if held, _, err := a.Claim(ctx, columnRegion(col.X, col.Z)); !held || err != nil {
		t.Fatalf("claim: %v %v", held, err)
	}
	var writes []storage.RecordWrite
	for _, k := range []storage.RecordKey{col, col2, gone, home, home2, price} {
		writes = append(writes, storage.RecordWrite{Key: k, Value: rec(1, `{}`), Epoch: a.Store().Epoch(col.X, col.Z)})
	}
	writes = append(writes, storage.RecordWrite{Key: gone, Epoch: a.Store().Epoch(col.X, col.Z)}) // deleted
	if err := a.Store().Commit(&storage.Batch{Records: writes}); err != nil {
		t.Fatal(err)
	}
	rep, err := Check(ctx, u, b)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"claims": 2, "homes": 2, "shop.v2": 1}; !rep.Clean() || !equalCounts(rep.Records, want) {
		t.Fatalf("clean world: records %v, bad %+v; want %v", rep.Records, rep.Bad, want)
	}
	var text strings.Builder
	_ = rep.WriteText(&text)
	if !strings.Contains(text.String(), "intact: 2 claims records\n") || !strings.Contains(text.String(), "intact: 1 shop.v2 records\n") {
		t.Errorf("report:\n%s", text.String())
	}

	// Damage one column record and one player record behind the shard's
	// back (a flipped byte: the checksum fails).
	for _, d := range []struct {
		bucket string
		k      storage.RecordKey
	}{{"world", col2}, {"players", home2}} {
		kv, err := a.js.KeyValue(ctx, b+"_"+d.bucket)
		if err != nil {
			t.Fatal(err)
		}
		v := rec(1, `{}`)
		v[2] ^= 0x20
		if _, err := kv.Put(ctx, recordKey(d.k), v); err != nil {
			t.Fatal(err)
		}
	}
	rep, err = Check(ctx, u, b)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"claims": 1, "homes": 1, "shop.v2": 1}; rep.Clean() || !equalCounts(rep.Records, want) || len(rep.Bad) != 2 {
		t.Fatalf("damaged world: records %v, bad %+v", rep.Records, rep.Bad)
	}
	for i, want := range []struct{ bucket, key, what string }{
		{"world", recordKey(col2), `claims record of column (6,5): corrupt record: checksum`},
		{"players", recordKey(home2), `homes record of player "bob": corrupt record: checksum`},
	} {
		if got := rep.Bad[i]; got.Bucket != want.bucket || got.Key != want.key || !strings.HasPrefix(got.Problem, want.what) {
			t.Errorf("bad[%d] = %+v, want %s %s %q…", i, got, want.bucket, want.key, want.what)
		}
	}
	// A scan passes the intact records and then names the damaged one.
	var scanned []storage.RecordKey
	err = a.Store().ScanRecords("claims", storage.ScopeColumn, func(k storage.RecordKey, _ []byte) error {
		scanned = append(scanned, k)
		return nil
	})
	if !errors.Is(err, storage.ErrCorrupt) || !strings.Contains(err.Error(), col2.String()) || !slices.Equal(scanned, []storage.RecordKey{col}) {
		t.Errorf("scan past a damaged record: %v, error %v", scanned, err)
	}
	// The shard refuses to load the damaged ones, naming them.
	for _, k := range []storage.RecordKey{col2, home2} {
		if _, _, err := a.Store().LoadRecord(k); err == nil || !strings.Contains(err.Error(), k.String()) {
			t.Errorf("load of damaged %v: %v", k, err)
		}
	}
}

func equalCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, n := range want {
		if got[k] != n {
			return false
		}
	}
	return true
}

// TestColumnRecordIndex: a shard knows, without a read, the columns
// holding a record of a kind — those stored when it joined and those
// another shard writes later — and no others.
func TestColumnRecordIndex(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	before := storage.RecordKey{Kind: "claims", Scope: storage.ScopeColumn, X: 1, Z: 2}
	later := storage.RecordKey{Kind: "claims.v2", Scope: storage.ScopeColumn, X: -40, Z: 2}
	for _, k := range []storage.RecordKey{before, later} {
		if held, _, err := a.Claim(ctx, columnRegion(k.X, k.Z)); !held || err != nil {
			t.Fatalf("claim: %v %v", held, err)
		}
	}
	put := func(k storage.RecordKey) {
		t.Helper()
		if err := a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: k, Value: rec(1, `1`), Epoch: a.Store().Epoch(k.X, k.Z)}}}); err != nil {
			t.Fatal(err)
		}
	}
	put(before)
	bb := connect(t, u, b, "b")
	if !bb.Store().MayHaveColumnRecord("claims", 1, 2) {
		t.Fatal("a record stored before b joined is not in b's index")
	}
	put(later)
	waitfor.Until(t, 10*time.Second, "b learns the column record a wrote", func() bool {
		return bb.Store().MayHaveColumnRecord("claims.v2", -40, 2)
	})
	for _, c := range []struct {
		kind string
		x, z int32
	}{{"claims", -40, 2}, {"claims.v2", 1, 2}, {"claims", 1, 3}, {"other", 1, 2}} {
		if bb.Store().MayHaveColumnRecord(c.kind, c.x, c.z) {
			t.Errorf("index says column (%d,%d) may have a %s record", c.x, c.z, c.kind)
		}
	}
}

// TestRecordTooLargeForServer: the largest value persist accepts is
// stored on a cluster; one larger than the server's max_payload is
// refused (reported, not stored), not retried for ever, and the rest of
// its commit is stored.
func TestRecordTooLargeForServer(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	largest := storage.EncodeRecord(1, make([]byte, storage.MaxRecordValue-6))
	if len(largest) != storage.MaxRecordValue {
		t.Fatalf("test value of %d bytes", len(largest))
	}
	big := storage.RecordKey{Kind: "big", Scope: storage.ScopeWorld, Name: "largest"}
	huge := storage.RecordKey{Kind: "big", Scope: storage.ScopeWorld, Name: "huge"}
	small := storage.RecordKey{Kind: "big", Scope: storage.ScopePlayer, Name: "ann"}
	if err := a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: big, Value: largest}}}); err != nil {
		t.Fatalf("the largest value persist accepts: %v", err)
	}
	err := a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{
		{Key: huge, Value: storage.EncodeRecord(1, make([]byte, int(a.nc.MaxPayload())))},
		{Key: small, Value: rec(1, `1`)},
	}})
	if fe, ok := storage.AsFenced(err); !ok || !slices.Equal(fe.Records, []storage.RecordKey{huge}) {
		t.Fatalf("commit with a record over max_payload: %v, want it refused", err)
	}
	if _, ok, err := a.Store().LoadRecord(huge); ok || err != nil {
		t.Fatalf("the refused record loads: %v %v", ok, err)
	}
	for k, n := range map[storage.RecordKey]int{big: storage.MaxRecordValue, small: len(rec(1, `1`))} {
		if v, ok, err := a.Store().LoadRecord(k); !ok || err != nil || len(v) != n {
			t.Fatalf("%v: %d bytes %v %v, want %d", k, len(v), ok, err, n)
		}
	}
}

// TestFollowWorldRecords: a shard following a kind of world records is
// told, by DrainWorldRecords, of other shards' writes and deletes of
// them after its scan, not of its own writes nor of other kinds; a
// change not taken is offered again, and one older than what the shard
// read or wrote since is not.
func TestFollowWorldRecords(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	bb := connect(t, u, b, "b")
	key := func(kind, name string) storage.RecordKey {
		return storage.RecordKey{Kind: kind, Scope: storage.ScopeWorld, Name: name}
	}
	put := func(c *Cluster, k storage.RecordKey, v []byte) {
		t.Helper()
		if err := c.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{{Key: k, Value: v}}}); err != nil {
			t.Fatalf("%s writes %v: %v", c.Shard(), k, err)
		}
	}
	iron, gold, other := key("shop", "iron"), key("shop", "gold"), key("bank", "iron")
	put(a, iron, rec(1, `1`)) // before b follows: its scan reads it
	if err := bb.Store().FollowWorldRecords("shop"); err != nil {
		t.Fatal(err)
	}
	if err := bb.Store().ScanRecords("shop", storage.ScopeWorld, func(storage.RecordKey, []byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	type change struct {
		k storage.RecordKey
		v string
	}
	// drain takes what is offered (all when take is nil) until want is
	// seen, and returns everything offered.
	drain := func(what string, want change, take func(change) bool) []change {
		t.Helper()
		var got []change
		waitfor.Until(t, 10*time.Second, what, func() bool {
			seen := false
			bb.Store().DrainWorldRecords(func(k storage.RecordKey, v []byte) bool {
				c := change{k, string(v)}
				got = append(got, c)
				seen = seen || c == want
				return take == nil || take(c)
			})
			return seen
		})
		return got
	}

	put(bb, gold, rec(1, `"b's own"`))
	put(a, other, rec(1, `"another kind"`))
	put(a, iron, rec(1, `2`))
	got := drain("b is told a's write", change{iron, string(rec(1, `2`))}, nil)
	if len(got) != 1 {
		t.Fatalf("b was offered %v, want only a's write of shop iron", got)
	}

	// Not taken: offered again, and again, until taken.
	put(a, iron, rec(1, `3`))
	three := change{iron, string(rec(1, `3`))}
	drain("the change offered", three, func(change) bool { return false })
	drain("the change offered again", three, func(change) bool { return false })
	drain("the change offered a third time", three, nil)
	bb.Store().DrainWorldRecords(func(k storage.RecordKey, v []byte) bool {
		t.Errorf("a change taken is offered again: %v %q", k, v)
		return true
	})

	// A delete is an empty value: offered as nil.
	put(a, iron, nil)
	drain("b is told of the delete", change{iron, ""}, nil)

	// A change b did not take, then b's own write after it (from the
	// revision it read): the change is older than what b wrote, and is
	// dropped.
	if _, _, err := a.Store().LoadRecord(gold); err != nil { // a writes from b's revision
		t.Fatal(err)
	}
	put(a, gold, rec(1, `"a's"`))
	drain("b is told a's write of gold", change{gold, string(rec(1, `"a's"`))}, func(change) bool { return false })
	if _, _, err := bb.Store().LoadRecord(gold); err != nil {
		t.Fatal(err)
	}
	put(bb, gold, rec(1, `"b's again"`))
	put(a, iron, rec(1, `4`))
	got = drain("b is told a's next write", change{iron, string(rec(1, `4`))}, nil)
	for _, c := range got {
		if c.k == gold {
			t.Errorf("b was offered %q, older than its own write of gold", c.v)
		}
	}
}

// TestWorldRecordBusy: a compare-and-set write answered busy (10164,
// another write of the key being replicated) is sent again within the
// commit and stored once the key is free; still busy after casBusyTries
// answers, it alone is refused (the rest of the commit stored). The
// answers are faked (busyHook): a single node never gives them, and a
// replicated one only while two writes of a key race.
func TestWorldRecordBusy(t *testing.T) {
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	gold := storage.RecordKey{Kind: "bank", Scope: storage.ScopeWorld, Name: "gold"}
	silver := storage.RecordKey{Kind: "bank", Scope: storage.ScopeWorld, Name: "silver"}
	ann := storage.RecordKey{Kind: "bank", Scope: storage.ScopePlayer, Name: "ann"}
	var busy int // busy answers left for gold
	var asked int
	a.store.busyHook = func(key string) bool {
		if key != recordKey(gold) {
			return false
		}
		asked++
		if busy > 0 {
			busy--
			return true
		}
		return false
	}
	commit := func(v string) error {
		return a.Store().Commit(&storage.Batch{Records: []storage.RecordWrite{
			{Key: gold, Value: rec(1, v)}, {Key: silver, Value: rec(1, v)}, {Key: ann, Value: rec(1, v)},
		}})
	}
	load := func(k storage.RecordKey) string {
		t.Helper()
		v, _, err := a.Store().LoadRecord(k)
		if err != nil {
			t.Fatal(err)
		}
		return string(v)
	}

	busy = casBusyTries - 1
	if err := commit(`1`); err != nil {
		t.Fatalf("commit with gold busy %d times: %v", casBusyTries-1, err)
	}
	if asked != casBusyTries {
		t.Errorf("gold sent %d times, want %d", asked, casBusyTries)
	}
	for _, k := range []storage.RecordKey{gold, silver, ann} {
		if got := load(k); got != string(rec(1, `1`)) {
			t.Fatalf("%v: %q, want stored", k, got)
		}
	}

	busy, asked = 1<<20, 0
	err := commit(`2`)
	if fe, ok := storage.AsFenced(err); !ok || !slices.Equal(fe.Records, []storage.RecordKey{gold}) || len(fe.Sections)+len(fe.Columns) > 0 {
		t.Fatalf("commit with gold always busy: %v, want gold alone refused", err)
	}
	if asked != casBusyTries {
		t.Errorf("gold sent %d times, want %d", asked, casBusyTries)
	}
	if got := load(gold); got != string(rec(1, `1`)) {
		t.Errorf("gold %q after its write was refused, want the value before", got)
	}
	for _, k := range []storage.RecordKey{silver, ann} {
		if got := load(k); got != string(rec(1, `2`)) {
			t.Errorf("%v: %q, want the rest of the commit stored", k, got)
		}
	}
	// The key is free again: the next write, from the revision known, is
	// stored.
	busy = 0
	if err := commit(`3`); err != nil {
		t.Fatal(err)
	}
	if got := load(gold); got != string(rec(1, `3`)) {
		t.Errorf("gold %q, want the next write stored", got)
	}
}
