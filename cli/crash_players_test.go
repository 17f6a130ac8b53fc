package cli

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stratavox/strata/testkit"
)

// TestCrashKeepsWherePlayersStood kills `strata serve` (SIGKILL) three
// seconds after a player teleported, without the player ever leaving,
// and restarts it: the player comes back where they teleported to, not
// at the world's spawn. Records are checkpointed every 2 s of play
// (persist.DefaultPlayerSaveEvery at 20 TPS), so 3 s is past the bound.
func TestCrashKeepsWherePlayersStood(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	dataDir := t.TempDir()
	srv := startServe(t, bin, dataDir)
	c := dialPin(t, srv, "wanderer")
	sp := c.Welcome().GetSpawn()
	tx, ty, tz := math.Floor(sp.X)+60.5, math.Floor(sp.Y)+5, math.Floor(sp.Z)-45.5
	if err := c.Chat(fmt.Sprintf("/tp %.1f %.1f %.1f", tx, ty, tz)); err != nil {
		t.Fatal(err)
	}
	teleported := time.Now()
	time.Sleep(3 * time.Second)
	srv.kill()
	c.Close()
	t.Logf("killed %v after the teleport to (%.1f, %.1f, %.1f); spawn is (%.1f, %.1f, %.1f)",
		time.Since(teleported).Round(time.Millisecond), tx, ty, tz, sp.X, sp.Y, sp.Z)

	srv = startServe(t, bin, dataDir)
	c = dialPin(t, srv, "wanderer")
	back := c.Welcome().GetSpawn()
	off := math.Hypot(back.X-tx, back.Z-tz)
	t.Logf("back at (%.2f, %.2f, %.2f): %.2f blocks from the teleport's target", back.X, back.Y, back.Z, off)
	if off > 1 {
		t.Fatalf("after kill -9 the player came back at (%.1f, %.1f, %.1f), %.1f blocks from where they stood 3 s before it (%.1f, %.1f, %.1f)",
			back.X, back.Y, back.Z, off, tx, ty, tz)
	}
}
