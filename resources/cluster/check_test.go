package cluster

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

// TestCheck writes a world through a shard (a section, an entity column,
// a player, an access record), checks it clean, then damages one value
// of each bucket behind the shard's back and finds exactly those.
func TestCheck(t *testing.T) {
	t.Parallel()
	u, b := url(t), newBucket(t)
	a := connect(t, u, b, "a")
	ctx := ctxT(t)
	if _, err := a.Agree(ctx, 7, 2); err != nil {
		t.Fatal(err)
	}
	p := chunk.Pos{X: -1, Y: 2, Z: 40}
	if held, _, err := a.Claim(ctx, RegionOf(p)); !held || err != nil {
		t.Fatalf("claim: %v %v", held, err)
	}
	col := storage.EntityColumn{X: p.X, Z: p.Z, Populated: []string{"sheep"},
		Entities: []storage.EntityRecord{{Kind: "sheep", X: -10.5, Y: 64, Z: 640, Width: 0.9, Height: 1.3}}}
	err := a.Store().Commit(&storage.Batch{
		Sections: []storage.SectionWrite{{Pos: p, Revision: 1, Section: section(3)}},
		Entities: []storage.EntityColumn{col},
		Players:  []storage.PlayerRecord{{Name: "alice", X: 1, Y: 64, Z: 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	op := storage.AccessKey(storage.AccessOperator, "alice")
	if err := a.Access().PutAccess([]storage.AccessWrite{{Key: op, Value: []byte(`{"name":"alice"}`)}}); err != nil {
		t.Fatal(err)
	}

	rep, err := Check(ctx, u, b)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean() || rep.Meta == nil || rep.Meta.Seed != 7 || rep.Sections != 1 || rep.EntityColumns != 1 ||
		rep.Players != 1 || rep.Access != 1 || rep.Leases != 1 || rep.Shards != 1 {
		t.Fatalf("clean world reported as %+v", rep)
	}

	// One bad value in each bucket, and a key nobody writes.
	for _, put := range []struct{ bucket, key, value string }{
		{"world", sectionKey(p), "\x01not a section"},
		{"world", "junk", "x"},
		{"players", playerKey("alice"), "{"},
		{"access", accessKey(op), "[1,"},
	} {
		kv, err := a.js.KeyValue(ctx, b+"_"+put.bucket)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, put.key, []byte(put.value)); err != nil {
			t.Fatal(err)
		}
	}
	rep, err = Check(ctx, u, b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range rep.Bad {
		got = append(got, v.Bucket+" "+v.Key)
	}
	want := []string{"world " + sectionKey(p), "world junk", "players " + playerKey("alice"), "access " + accessKey(op)}
	if rep.Clean() || len(got) != len(want) || rep.Sections != 0 || rep.Players != 0 || rep.Access != 0 || rep.EntityColumns != 1 {
		t.Fatalf("damaged world reported as %+v", rep)
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(got, "\n"), w) {
			t.Errorf("bad values %q lack %q", got, w)
		}
	}
	var out bytes.Buffer
	if err := rep.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "NOT clean: 4 bad values") || !strings.Contains(out.String(), b+"_players "+playerKey("alice")) {
		t.Errorf("report:\n%s", out.String())
	}
}
