package storage

import (
	"errors"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// pluginWorld opens a database in a temporary directory and stores recs.
func pluginWorld(t *testing.T, recs ...RecordWrite) (*DB, string) {
	t.Helper()
	dir := t.TempDir()
	db, err := Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Claim(1, 1, false); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(&Batch{Records: recs}); err != nil {
		t.Fatal(err)
	}
	return db, dir
}

// TestScanRecordsPastDamage: a damaged record does not hide the intact
// ones after it: the scan passes every intact record (stored, and those
// the Writer holds not yet durable) to fn, and then reports the damaged
// one, naming it, in an error that is ErrCorrupt.
func TestScanRecordsPastDamage(t *testing.T) {
	keys := []RecordKey{
		{Kind: "claims", Scope: ScopeColumn, X: -1, Z: 0},
		{Kind: "claims", Scope: ScopeColumn, X: 0, Z: 0},
		{Kind: "claims", Scope: ScopeColumn, X: 1, Z: 0},
	}
	var recs []RecordWrite
	for _, k := range keys {
		recs = append(recs, RecordWrite{Key: k, Value: EncodeRecord(1, []byte(`"x"`))})
	}
	db, _ := pluginWorld(t, recs...)
	if err := db.corruptKey(keys[1].Bytes()); err != nil {
		t.Fatal(err)
	}
	pending := RecordKey{Kind: "claims", Scope: ScopeColumn, X: 9, Z: 9}
	w := NewWriter(blockedBackend{db}, 4, zerolog.Nop())
	// Not started: what is submitted stays in the overlay.
	if !w.Submit(Write{Token: 1, Records: []RecordWrite{{Key: pending, Value: EncodeRecord(1, []byte(`"p"`))}}}) {
		t.Fatal("queue full")
	}
	for _, c := range []struct {
		name string
		scan func(string, Scope, func(RecordKey, []byte) error) error
		want []RecordKey
	}{
		{"database", db.ScanRecords, []RecordKey{keys[0], keys[2]}},
		{"writer", w.ScanRecords, []RecordKey{keys[0], keys[2], pending}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []RecordKey
			err := c.scan("claims", ScopeColumn, func(k RecordKey, _ []byte) error {
				got = append(got, k)
				return nil
			})
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), keys[1].String()) {
				t.Fatalf("scan error %v, want ErrCorrupt naming %s", err, keys[1])
			}
			if len(got) != len(c.want) {
				t.Fatalf("scanned %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("scanned %v, want %v", got, c.want)
				}
			}
		})
	}
	// fn's own error still stops the scan at once.
	stop := errors.New("enough")
	n := 0
	if err := db.ScanRecords("claims", ScopeColumn, func(RecordKey, []byte) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Fatalf("fn's error: %v after %d calls", err, n)
	}
}

// blockedBackend is a database the Writer is never started on.
type blockedBackend struct{ *DB }

// TestCheckCountsPluginRecords: check counts the intact plugin records
// by kind (deleted ones left out, every scope), and names each damaged
// one by kind and key.
func TestCheckCountsPluginRecords(t *testing.T) {
	good := func(v string) []byte { return EncodeRecord(1, []byte(v)) }
	recs := []RecordWrite{
		{Key: RecordKey{Kind: "claims", Scope: ScopeColumn, X: 1, Z: 1}, Value: good(`"a"`)},
		{Key: RecordKey{Kind: "claims", Scope: ScopeColumn, X: -70, Z: 3}, Value: good(`"b"`)},
		{Key: RecordKey{Kind: "claims", Scope: ScopeColumn, X: 2, Z: 2}},                   // deleted
		{Key: RecordKey{Kind: "claims", Scope: ScopeColumn, X: 5, Z: 5}, Value: good(`1`)}, // damaged below
		{Key: RecordKey{Kind: "homes", Scope: ScopePlayer, Name: "ann"}, Value: good(`{}`)},
		{Key: RecordKey{Kind: "shop.v2", Scope: ScopeWorld, Name: "diamond"}, Value: good(`40`)},
		{Key: RecordKey{Kind: "shop.v2", Scope: ScopeWorld, Name: "gold"}, Value: good(`5`)}, // damaged below
		{Key: RecordKey{Kind: "shop.v2", Scope: ScopeWorld, Name: "iron"}},                   // deleted
	}
	db, dir := pluginWorld(t, recs...)
	for _, i := range []int{3, 6} {
		if err := db.corruptKey(recs[i].Key.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	for kind, n := range map[string]int{"plugin claims": 2, "plugin homes": 1, "plugin shop.v2": 1} {
		if r.ByKind[kind] != n {
			t.Errorf("ByKind[%q] = %d, want %d (all: %v)", kind, r.ByKind[kind], n, r.ByKind)
		}
	}
	want := []string{`claims record of column (5,5)`, `shop.v2 record "gold"`}
	if len(r.Bad) != len(want) {
		t.Fatalf("bad: %+v, want %q", r.Bad, want)
	}
	for i, w := range want {
		if r.Bad[i].What() != w || !strings.Contains(r.Bad[i].Problem, "corrupt record") {
			t.Errorf("bad[%d] = %s: %s, want %s: corrupt record…", i, r.Bad[i].What(), r.Bad[i].Problem, w)
		}
	}
	var text strings.Builder
	_ = r.WriteText(&text)
	for _, line := range []string{"2 claims records, 1 homes record, 1 shop.v2 record", `bad: shop.v2 record "gold": corrupt record`} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("report lacks %q:\n%s", line, text.String())
		}
	}
}
