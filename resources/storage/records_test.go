package storage

import (
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

func TestRecordKeys(t *testing.T) {
	for _, k := range []RecordKey{
		{Kind: "homes", Scope: ScopePlayer, Name: "ann"},
		{Kind: "claims.v2", Scope: ScopeColumn, X: -33, Z: 70},
		{Kind: "shop", Scope: ScopeWorld, Name: "price/diamond"},
	} {
		got, err := ParseRecordKey(k.Bytes())
		if err != nil || got != k {
			t.Errorf("%v: parsed %v, %v", k, got, err)
		}
		if d := DescribeKey(k.Bytes()); d != k.String() {
			t.Errorf("DescribeKey %q, want %q", d, k.String())
		}
	}
	for _, bad := range []string{"", "Homes", ".a", "a..b", "a.", strings.Repeat("a", MaxKindName+1), "a b"} {
		if ValidKindName(bad) == nil {
			t.Errorf("kind name %q accepted", bad)
		}
	}
	// Region order: one kind's column records of a region are one range.
	lo, hi := RecordKindBounds("claims", ScopeColumn)
	k := RecordKey{Kind: "claims", Scope: ScopeColumn, X: 5, Z: -5}.Bytes()
	if string(k) < string(lo) || string(k) >= string(hi) {
		t.Fatalf("%x outside [%x, %x)", k, lo, hi)
	}
}

func TestRecordEnvelope(t *testing.T) {
	v := EncodeRecord(3, []byte(`{"a":1}`))
	ver, p, err := DecodeRecord(v)
	if err != nil || ver != 3 || string(p) != `{"a":1}` {
		t.Fatalf("decoded %d %q %v", ver, p, err)
	}
	v[3] ^= 1
	if _, _, err := DecodeRecord(v); err == nil {
		t.Fatal("a damaged record decodes")
	}
}

// TestCheckAndRepairPluginRecords: check names a corrupt plugin record by
// kind and key, and repair keeps every intact one.
func TestCheckAndRepairPluginRecords(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(1, 1, false); err != nil {
		t.Fatal(err)
	}
	good := RecordKey{Kind: "homes", Scope: ScopePlayer, Name: "ann"}
	bad := RecordKey{Kind: "homes", Scope: ScopePlayer, Name: "bob"}
	col := RecordKey{Kind: "claims", Scope: ScopeColumn, X: 3, Z: -4}
	b := &Batch{Records: []RecordWrite{
		{Key: good, Value: EncodeRecord(1, []byte(`{"home":{"x":1}}`))},
		{Key: bad, Value: EncodeRecord(1, []byte(`{"home":{"x":2}}`))},
		{Key: col, Value: EncodeRecord(2, []byte(`"ann"`))},
	}}
	if err := db.Commit(b); err != nil {
		t.Fatal(err)
	}
	if err := db.corruptKey(bad.Bytes()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.LoadRecord(bad); err == nil {
		t.Fatal("a corrupt record loads")
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Bad) != 1 || r.Bad[0].What() != `homes record of player "bob"` {
		t.Fatalf("bad keys: %+v", r.Bad)
	}
	var text strings.Builder
	_ = r.WriteText(&text)
	if !strings.Contains(text.String(), `bad: homes record of player "bob": corrupt record`) || !strings.Contains(text.String(), "1 claims record, 1 homes record") {
		t.Fatalf("report:\n%s", text.String())
	}
	out := t.TempDir()
	rr, err := Repair(dir, out, RepairOptions{Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	if !rr.Verified {
		t.Fatalf("repaired copy not verified: %+v", rr)
	}
	db, err = Open(out, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, k := range []RecordKey{good, col} {
		if _, ok, err := db.LoadRecord(k); !ok || err != nil {
			t.Errorf("%s after repair: %v %v", k, ok, err)
		}
	}
}
