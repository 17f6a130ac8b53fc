package cli

import (
	"fmt"
	"math"
	"math/rand/v2"
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

// TestCrashLosesSecondsOfMovementAtMost moves a player one block every
// half second (a /tp each: 2 blocks/s) and kills `strata serve` (SIGKILL)
// at a random moment 3 to 6 s in, five times: each time the player comes
// back where they stood at most a checkpoint interval (2 s) and a little
// before the kill. It logs what each kill lost, in blocks and seconds.
func TestCrashLosesSecondsOfMovementAtMost(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	dataDir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 5))
	var worst time.Duration
	for round := 0; round < 5; round++ {
		srv := startServe(t, bin, dataDir)
		c := dialPin(t, srv, "walker")
		from := c.Welcome().GetSpawn()
		time.Sleep(300 * time.Millisecond)
		type step struct {
			at time.Time
			x  float64
		}
		steps := []step{{time.Time{}, from.X}}
		killAfter := 3*time.Second + time.Duration(rng.IntN(3000))*time.Millisecond
		t0 := time.Now()
		x := math.Floor(from.X) + 0.5
		for time.Since(t0) < killAfter {
			x++
			if err := c.Chat(fmt.Sprintf("/tp %.1f %.2f %.2f", x, from.Y, from.Z)); err != nil {
				t.Fatal(err)
			}
			steps = append(steps, step{time.Now(), x})
			time.Sleep(min(500*time.Millisecond, killAfter-time.Since(t0)))
		}
		srv.kill()
		killed := time.Now()
		c.Close()

		srv = startServe(t, bin, dataDir)
		c = dialPin(t, srv, "walker")
		back := c.Welcome().GetSpawn()
		k := -1
		for i, s := range steps {
			if math.Abs(s.x-back.X) < 0.01 && math.Abs(back.Z-from.Z) < 0.01 {
				k = i
			}
		}
		if k < 0 {
			t.Fatalf("round %d: back at (%.2f, %.2f, %.2f), none of the places the player stood (x %.1f..%.1f at z %.2f)",
				round, back.X, back.Y, back.Z, steps[0].x, steps[len(steps)-1].x, from.Z)
		}
		// What was lost: every move made after the one the player came
		// back to.
		var lost time.Duration
		if k+1 < len(steps) {
			lost = killed.Sub(steps[k+1].at)
		}
		worst = max(worst, lost)
		t.Logf("round %d: killed %v after moving; back %d of %d moves short: %.0f blocks, the last %v of movement lost",
			round, killAfter.Round(time.Millisecond), len(steps)-1-k, len(steps)-1, steps[len(steps)-1].x-back.X, lost.Round(time.Millisecond))
		if lost > 2500*time.Millisecond {
			t.Fatalf("round %d: the kill lost %v of movement; the bound is 2 s (and a tick)", round, lost)
		}
		srv.kill()
		c.Close()
	}
	t.Logf("worst: %v of movement lost", worst.Round(time.Millisecond))
}
