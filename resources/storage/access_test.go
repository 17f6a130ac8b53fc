package storage

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestAccessKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  []byte
		kind byte
		id   string
		ok   bool
		desc string
	}{
		{"binding", AccessKey(AccessName, "steve"), AccessName, "steve", true, `name binding "steve"`},
		{"ban", AccessKey(AccessBan, "k/00ff"), AccessBan, "k/00ff", true, `ban "k/00ff"`},
		{"setting", AccessKey(AccessSetting, "whitelist"), AccessSetting, "whitelist", true, `access setting "whitelist"`},
		{"unknown kind", AccessKey('?', "steve"), 0, "", false, "key 043f7374657665"},
		{"empty id", AccessKey(AccessOperator, ""), 0, "", false, "key 046f"},
		{"not UTF-8", AccessKey(AccessWhitelist, "\xff"), 0, "", false, "key 0477ff"},
		{"player key", PlayerKey("steve"), 0, "", false, `player "steve"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kind, id, err := ParseAccessKey(tc.key)
			if (err == nil) != tc.ok || kind != tc.kind || id != tc.id {
				t.Fatalf("ParseAccessKey(%x) = %q %q %v", tc.key, kind, id, err)
			}
			if got := DescribeKey(tc.key); got != tc.desc {
				t.Fatalf("DescribeKey = %q, want %q", got, tc.desc)
			}
			if wellFormed(tc.key) != (tc.ok || tc.name == "player key") {
				t.Fatalf("wellFormed = %v", wellFormed(tc.key))
			}
		})
	}
}

// scanAll returns every access record ScanAccess yields, as id → value.
func scanAll(t *testing.T, db *DB) map[string]string {
	t.Helper()
	got := map[string]string{}
	var last []byte
	err := db.ScanAccess(func(k, v []byte) error {
		if last != nil && string(k) <= string(last) {
			t.Errorf("keys out of order: %x after %x", k, last)
		}
		last = k
		got[DescribeKey(k)] = string(v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestPutAccessDurable writes, clears and rewrites access records on disk
// and reads them back after reopening.
func TestPutAccessDurable(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	if empty, err := db.Empty(); err != nil || !empty {
		t.Fatalf("new database: empty %v %v", empty, err)
	}
	err := db.PutAccess([]AccessWrite{
		{Key: AccessKey(AccessName, "steve"), Value: []byte(`{"name":"Steve","key":"00"}`)},
		{Key: AccessKey(AccessOperator, "alex"), Value: []byte(`{"name":"alex"}`)},
		{Key: AccessKey(AccessWhitelist, "alex"), Value: []byte(`{"name":"alex"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.PutAccess([]AccessWrite{
		{Key: AccessKey(AccessWhitelist, "alex")}, // cleared
		{Key: AccessKey(AccessOperator, "alex"), Value: []byte(`{"name":"Alex"}`)},
	}); err != nil {
		t.Fatal(err)
	}
	if empty, err := db.Empty(); err != nil || empty {
		t.Fatalf("with access records: empty %v %v", empty, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openTest(t, dir)
	got := scanAll(t, db)
	want := map[string]string{`name binding "steve"`: `{"name":"Steve","key":"00"}`, `operator "alex"`: `{"name":"Alex"}`}
	if len(got) != len(want) {
		t.Fatalf("after reopen: %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("after reopen: %s = %q, want %q", k, got[k], v)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Access != 2 || len(rep.Bad) != 0 {
		t.Fatalf("check: %d access records, bad %v", rep.Access, rep.Bad)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil || !strings.Contains(b.String(), "0 players, 2 access records") {
		t.Fatalf("report: %v\n%s", err, b.String())
	}
}

// TestPutAccessRefuses: a batch with a key that is not an access key, or
// a value that is not JSON, writes nothing.
func TestPutAccessRefuses(t *testing.T) {
	db := openTest(t, t.TempDir())
	defer db.Close()
	good := AccessWrite{Key: AccessKey(AccessOperator, "alex"), Value: []byte(`{"name":"alex"}`)}
	for _, tc := range []struct {
		name string
		w    AccessWrite
	}{
		{"player key", AccessWrite{Key: PlayerKey("alex"), Value: []byte(`{}`)}},
		{"unknown kind", AccessWrite{Key: AccessKey('z', "alex"), Value: []byte(`{}`)}},
		{"not JSON", AccessWrite{Key: AccessKey(AccessBan, "n/alex"), Value: []byte(`{"name":`)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := db.PutAccess([]AccessWrite{good, tc.w}); err == nil {
				t.Fatal("accepted")
			}
			if got := scanAll(t, db); len(got) != 0 {
				t.Fatalf("a refused batch wrote %v", got)
			}
		})
	}
}

// TestCorruptAccessRecord: an access record that is not JSON is counted
// when scanned and passed on, reported by check, and repair restores its
// older revision.
func TestCorruptAccessRecord(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	key := AccessKey(AccessBan, "n/steve")
	for _, v := range []string{`{"name":"steve"}`, `{"name":"steve","reason":"griefing"}`} {
		if err := db.PutAccess([]AccessWrite{{Key: key, Value: []byte(v)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.CorruptAccessForTest(key); err != nil {
		t.Fatal(err)
	}
	if got := scanAll(t, db); len(got) != 1 || db.Corruptions() != 1 {
		t.Fatalf("scan: %v, corruptions %d", got, db.Corruptions())
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	rep, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Clean() || len(rep.Bad) != 1 || !rep.Bad[0].Older || rep.Bad[0].What() != `ban "n/steve"` ||
		!strings.Contains(rep.Bad[0].Problem, "access record does not decode") {
		t.Fatalf("check: %+v", rep.Bad)
	}
	out := filepath.Join(t.TempDir(), "new")
	rr, err := Repair(dir, out, RepairOptions{})
	if err != nil || !rr.Verified || len(rr.Lost()) != 0 {
		t.Fatalf("repair: %+v %v", rr, err)
	}
	db = openTest(t, out)
	defer db.Close()
	if got := scanAll(t, db)[`ban "n/steve"`]; got != `{"name":"steve","reason":"griefing"}` {
		t.Fatalf("repaired record: %q", got)
	}
}

// TestScanAccessClosed: a closed database refuses the scan.
func TestScanAccessClosed(t *testing.T) {
	db := openTest(t, t.TempDir())
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	err := db.ScanAccess(func(k, v []byte) error { return nil })
	if !errors.Is(err, ErrClosed) {
		t.Fatalf("scan after close: %v", err)
	}
}
