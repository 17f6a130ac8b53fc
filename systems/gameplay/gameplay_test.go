package gameplay

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
)

// TestGameplayDeterministic runs the same script of joins, moves,
// actions and a departure twice and requires every client to receive the
// same messages in the same order. Acknowledgements of accepted actions
// are left out: they wait for the disk, whose timing is not the
// simulation's. (Chat is the chat plugin's: systems/chat runs this script
// with chat lines and commands on the default plugins.)
func TestGameplayDeterministic(t *testing.T) {
	run := func() map[uint64][]string {
		w := newGameWorld(t, DefaultConfig())
		ps := []*player{w.join("p0"), w.join("p1"), w.join("p2"), w.join("p3")}
		for tick := range 40 {
			for i, p := range ps {
				x := 0.5 + float64(i) + float64(tick)*0.1
				if tick == 7 && i == 1 {
					x += 5 // too fast
				}
				w.move(p, 1, x, 64, 0.5+float64(i), false)
				if tick%9 == i {
					w.breakBlock(p, uint32(tick), i, 63, 3)
					w.placeBlock(p, uint32(100+tick), i, 64, 4, uint32(chunk.Dirt))
				}
			}
			if tick == 20 {
				w.leave(ps[3])
			}
			w.step(1)
		}
		out := map[uint64][]string{}
		for _, p := range ps {
			for _, m := range p.conn.Take() {
				if a := m.GetActionAck(); a != nil && a.GetAccepted() {
					continue
				}
				b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				out[p.id] = append(out[p.id], string(b))
			}
			for _, s := range p.conn.TakeStates() {
				out[p.id] = append(out[p.id], s.String())
			}
		}
		if w.arb.Moves[physics.TooFast] == 0 || w.arb.Actions[protocol.ActionResult_ACTION_RESULT_OK] == 0 {
			t.Fatalf("the script exercised too little: %+v", w.arb)
		}
		return out
	}
	first, second := run(), run()
	for id, msgs := range first {
		if !slices.Equal(msgs, second[id]) {
			t.Fatalf("client %d: %d messages the first time, %d the second, or in another order", id, len(msgs), len(second[id]))
		}
	}
}

func TestArbitrationLabels(t *testing.T) {
	a := &Arbitration{}
	a.Moves[physics.TooFast] = 3
	a.Actions[protocol.ActionResult_ACTION_RESULT_OUT_OF_REACH] = 2
	moves := map[string]uint64{}
	a.EachMove(func(r string, n uint64) { moves[r] = n })
	actions := map[string]uint64{}
	a.EachAction(func(r string, n uint64) { actions[r] = n })
	if moves["too_fast"] != 3 || len(moves) != int(physics.NumReasons) || actions["out_of_reach"] != 2 || len(actions) != numActionResults {
		t.Fatalf("labels: moves %v, actions %v", moves, actions)
	}
	// Every result has a counter (Actions is indexed by result).
	for r, name := range protocol.ActionResult_name {
		if int(r) >= numActionResults || actions[actionLabel(protocol.ActionResult(r))] != a.Actions[r] {
			t.Fatalf("result %s has no counter of its own (%d counters)", name, numActionResults)
		}
	}
}

func TestGameplayNeedsItsDependencies(t *testing.T) {
	app := ecs.NewApp()
	app.AddPlugins(New(Config{}))
	if err := app.Build(); err == nil {
		t.Fatal("gameplay built without residency, persist and network")
	}
}
