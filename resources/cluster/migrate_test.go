package cluster

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"github.com/stratavox/strata/net/wire"
	"slices"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
)

// TestAccessMigrated: a server that kept its own access records (in
// Pebble on disk) joins a cluster. Its bindings, operators, bans and
// whitelist entries move into the cluster's bucket, a name the cluster
// had already bound to another key stays the cluster's, the whitelist
// setting stays behind, and the records are cleared at the source so that
// they move once.
func TestAccessMigrated(t *testing.T) {
	t.Parallel()
	db, err := storage.Open(t.TempDir(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key := func(i byte) ed25519.PublicKey {
		return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{i}, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	}
	ctx := context.Background()
	own, err := access.Open(db, access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() error{
		func() error { return own.Authenticate(ctx, wire.Login{Name: "alice", Key: key(1)}) },
		func() error { return own.Authenticate(ctx, wire.Login{Name: "dave", Key: key(2)}) },
		func() error { _, err := own.SetOperator("olga", true); return err },
		func() error { return own.Ban(access.Ban{Name: "bob", Reason: "griefing"}) },
		func() error { _, err := own.Whitelist("carol", true); return err },
		func() error { return own.SetWhitelist(true) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}

	c := connect(t, url(t), newBucket(t), "a")
	shared, err := access.Open(c.Access(), access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Another shard bound dave to its own key first.
	if err := shared.Authenticate(ctx, wire.Login{Name: "dave", Key: key(3)}); err != nil {
		t.Fatal(err)
	}

	m, err := access.Migrate(db, c.Access())
	if err != nil {
		t.Fatal(err)
	}
	if want := (access.Migration{Moved: 4, Kept: 1, Settings: 1}); m != want {
		t.Fatalf("migration %+v, want %+v", m, want)
	}
	after, err := access.Open(c.Access(), access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if k, ok := after.Binding("alice"); !ok || !k.Equal(key(1)) {
		t.Fatalf("alice bound to %x (%v) in the cluster, want her own key", k, ok)
	}
	if k, _ := after.Binding("dave"); !k.Equal(key(3)) {
		t.Fatalf("dave bound to %x, want the cluster's binding to stand", k)
	}
	if _, banned := after.Banned("bob", nil); !banned || !after.IsOperator("olga") || !slices.Contains(after.Listed(), "carol") {
		t.Fatalf("bob banned %v, olga operator %v, listed %v: want the moved records", banned, after.IsOperator("olga"), after.Listed())
	}
	if after.WhitelistOn() {
		t.Fatal("one joining server turned the cluster's whitelist on")
	}
	left := accessLeft(t, db)
	if len(left) != 1 {
		t.Fatalf("left in the world database: %v, want only the whitelist setting", left)
	}
	if m, err := access.Migrate(db, c.Access()); err != nil || m != (access.Migration{Settings: 1}) {
		t.Fatalf("second migration %+v, %v: want nothing moved", m, err)
	}
}

// TestAccessMigratedAfterDeletion: a record the cluster deleted after the
// joining server made it (a de-op, an unban decided on the cluster later)
// is not brought back by the join; one made after the cluster's deletion
// is moved in.
func TestAccessMigratedAfterDeletion(t *testing.T) {
	t.Parallel()
	db, err := storage.Open(t.TempDir(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := connect(t, url(t), newBucket(t), "a")
	shared, err := access.Open(c.Access(), access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// On the cluster, now: olga and pete made operators and de-opped,
	// bob banned and unbanned.
	for _, step := range []func() error{
		func() error { _, err := shared.SetOperator("olga", true); return err },
		func() error { _, err := shared.SetOperator("olga", false); return err },
		func() error { _, err := shared.SetOperator("pete", true); return err },
		func() error { _, err := shared.SetOperator("pete", false); return err },
		func() error { return shared.Ban(access.Ban{Name: "bob", Reason: "griefing"}) },
		func() error { _, err := shared.Unban("bob"); return err },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	// On the joining server: olga and the ban of bob an hour before the
	// cluster's decisions, pete an hour after.
	at := time.Now().Add(-time.Hour)
	own, err := access.Open(db, access.Options{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := own.SetOperator("olga", true); err != nil {
		t.Fatal(err)
	}
	if err := own.Ban(access.Ban{Name: "bob", Reason: "griefing"}); err != nil {
		t.Fatal(err)
	}
	at = time.Now().Add(time.Hour)
	if _, err := own.SetOperator("pete", true); err != nil {
		t.Fatal(err)
	}

	m, err := access.Migrate(db, c.Access())
	if err != nil {
		t.Fatal(err)
	}
	if want := (access.Migration{Moved: 1, Revoked: 2}); m != want {
		t.Fatalf("migration %+v, want %+v", m, want)
	}
	after, err := access.Open(c.Access(), access.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if after.IsOperator("olga") {
		t.Error("olga, de-opped on the cluster after the joining server made her an operator, is one again")
	}
	if _, banned := after.Banned("bob", nil); banned {
		t.Error("bob, unbanned on the cluster after the joining server banned him, is banned again")
	}
	if !after.IsOperator("pete") {
		t.Error("pete, made an operator after the cluster de-opped him, is not one")
	}
	left := accessLeft(t, db)
	if len(left) != 0 {
		t.Fatalf("left in the world database: %v, want nothing (revoked records are cleared too)", left)
	}
}

// accessLeft describes the access records left in db.
func accessLeft(t *testing.T, db *storage.DB) []string {
	t.Helper()
	var left []string
	if err := db.ScanAccess(func(k, _ []byte) error { left = append(left, storage.DescribeKey(k)); return nil }); err != nil {
		t.Fatal(err)
	}
	return left
}
