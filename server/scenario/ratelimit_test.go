package scenario_test

import (
	"testing"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// TestStallDoesNotPunishQueuedEdits: edits a player sent at a legal pace
// while the server stood still (a SIGSTOP, a GC pause: the tick loop
// tells the App as ticks it dropped, App.Stall, which this test plays)
// reach the tick all at once after it and are all accepted; the same
// lump without a stall is a flood, limited to the burst.
func TestStallDoesNotPunishQueuedEdits(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t) // 20 actions/s, burst 20, 20 TPS: a token a tick
	alice := s.Connect("alice", client.Options{ViewDistance: 2})
	s.StepUntilSynced(alice)

	// edits sends n edits at once, placing and breaking a block beside
	// spawn in turn, steps until all are answered and returns how many
	// were RATE_LIMITED and how many OK, and the ticks it stepped.
	edits := func(n, x int) (limited, ok, ticks int) {
		t.Helper()
		ids := make([]uint32, n)
		for i := range n {
			var err error
			if i%2 == 0 {
				ids[i], err = alice.Place(int32(x), scenario.Ground, 0, chunk.Stone)
			} else {
				ids[i], err = alice.Break(int32(x), scenario.Ground, 0)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		ticks = s.StepUntil(func() bool {
			_, ok := alice.Ack(ids[n-1])
			return ok
		}, "the acks")
		for _, id := range ids {
			a, _ := alice.Ack(id)
			switch a.GetResult() {
			case protocol.ActionResult_ACTION_RESULT_RATE_LIMITED:
				limited++
			case protocol.ActionResult_ACTION_RESULT_OK:
				ok++
			}
		}
		return limited, ok, ticks
	}

	// A flood: 100 edits at once, the server running.
	limited, _, ticks := edits(100, 2)
	if limited < 100-20-ticks {
		t.Errorf("a flood of 100 edits: %d RATE_LIMITED over %d ticks, want at least %d (burst 20, a token a tick)", limited, ticks, 100-20-ticks)
	}
	s.Step(40) // the bucket fills again

	// 200 edits sent at 10/s over a 20 s stop of the server (400 ticks,
	// of which the loop would run 5 and drop 395), all read after it.
	s.App().Stall(395)
	limited, ok, _ := edits(200, -2)
	if limited != 0 || ok != 200 {
		t.Errorf("200 edits sent at 10/s during a 20 s stall: %d RATE_LIMITED, %d OK, want none and 200", limited, ok)
	}

	// The rest of the credit (burst 20 + 395 − 200) is all a flood gets
	// now: no more than the rate would have let through the stall.
	limited, _, ticks = edits(300, 3)
	if want := 300 - (20 + 395 - 200) - ticks; limited < want {
		t.Errorf("a flood of 300 after the stall's edits: %d RATE_LIMITED over %d ticks, want at least %d", limited, ticks, want)
	}
}
