package cli

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/testkit"
)

// TestCrashedShardPlayersRejoinAtOnce kills shard a (SIGKILL) with the
// default 5 s lease, whose shard key lives 15 s: a's player logs into
// shard b at once (not after the key lapses), where she was saved, and a
// starts again under its own name at once. The times are logged, not
// checked (the bounds only end a wait): docs/cluster.md's failure table
// quotes them.
func TestCrashedShardPlayersRejoinAtOnce(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	w := newClusterWorld(t, buildStrata(t), natstest.Start(t), 5*time.Second, 1)
	a := w.shard("a")
	b := w.shard("b")
	ann := dialPin(t, a, "ann")
	sp := ann.Welcome().GetSpawn()
	to := [3]float64{math.Floor(sp.X) + 6.5, sp.Y + 20, math.Floor(sp.Z) + 6.5}
	if err := ann.Chat(fmt.Sprintf("/tp %.1f %.1f %.1f", to[0], to[1], to[2])); err != nil {
		t.Fatal(err)
	}
	time.Sleep(6 * time.Second) // a saves its players' records every 5 s

	a.kill() // reaped: its connections are gone
	killed := time.Now()
	ann2 := dialRetry(t, b, "ann", 10*time.Second)
	in := time.Since(killed)
	at := ann2.Welcome().GetSpawn()
	if math.Hypot(at.X-to[0], at.Z-to[2]) > 1 {
		t.Errorf("ann logged into b at (%.1f, %.1f, %.1f), want near where she was saved (%.1f, %.1f)", at.X, at.Y, at.Z, to[0], to[2])
	}

	start := time.Now()
	a2 := w.shard("a") // fails the test if a cannot start
	restart := time.Since(start)
	bob := dialPin(t, a2, "bob")
	if bob.Welcome() == nil {
		t.Fatal("no welcome from the restarted a")
	}
	t.Logf("ann in on b %v after the kill; a listening again %v after its restart began (shard key TTL 15 s)", in.Round(time.Millisecond), restart.Round(time.Millisecond))
}
