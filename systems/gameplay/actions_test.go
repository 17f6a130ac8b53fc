package gameplay

import (
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/testkit"
)

// act is one break (place false) or place request.
type act struct {
	place   bool
	x, y, z int
	block   uint32
}

func TestActions(t *testing.T) {
	const (
		ok          = protocol.ActionResult_ACTION_RESULT_OK
		outOfWorld  = protocol.ActionResult_ACTION_RESULT_OUT_OF_WORLD
		outOfReach  = protocol.ActionResult_ACTION_RESULT_OUT_OF_REACH
		notLoaded   = protocol.ActionResult_ACTION_RESULT_NOT_LOADED
		nothing     = protocol.ActionResult_ACTION_RESULT_NOTHING_THERE
		unbreakable = protocol.ActionResult_ACTION_RESULT_UNBREAKABLE
		invalid     = protocol.ActionResult_ACTION_RESULT_INVALID_BLOCK
		occupied    = protocol.ActionResult_ACTION_RESULT_OCCUPIED
		limited     = protocol.ActionResult_ACTION_RESULT_RATE_LIMITED
		held        = protocol.ActionResult_ACTION_RESULT_HELD
	)
	stone, sand := uint32(chunk.Stone), uint32(chunk.Sand)
	holdActor := func(w *gameWorld, _ *player) { w.evict(chunk.Pos{X: 0, Y: 3, Z: 0}, chunk.Pos{X: 0, Y: 4, Z: 0}) }
	tests := []struct {
		name  string
		cfg   func(*Config)
		setup func(w *gameWorld, p *player)
		acts  []act // the last one is checked
		want  protocol.ActionResult
	}{
		{name: "break stone", acts: []act{{false, 0, 63, 2, 0}}, want: ok},
		{name: "break water", acts: []act{{false, testWater[0], testWater[1], testWater[2], 0}}, want: ok},
		{name: "break below the world", acts: []act{{false, 0, chunk.MinY - 1, 0, 0}}, want: outOfWorld},
		{name: "break above the world", acts: []act{{false, 0, chunk.MaxY + 1, 0, 0}}, want: outOfWorld},
		{name: "break out of reach", acts: []act{{false, 0, 63, 9, 0}}, want: outOfReach},
		{name: "break air", acts: []act{{false, 0, 66, 2, 0}}, want: nothing},
		{name: "break bedrock", acts: []act{{false, testBedrock[0], testBedrock[1], testBedrock[2], 0}}, want: unbreakable},
		{name: "break unknown terrain", acts: []act{{false, 200, 63, 0, 0}}, want: notLoaded},
		{name: "break while held", setup: holdActor, acts: []act{{false, 0, 63, 2, 0}}, want: held},
		{
			name: "break too often", cfg: func(c *Config) { c.ActionBurst = 2 },
			acts: []act{{false, 0, 63, 2, 0}, {false, 1, 63, 2, 0}, {false, -1, 63, 2, 0}}, want: limited,
		},
		{name: "place stone", acts: []act{{true, 0, 64, 3, stone}}, want: ok},
		{name: "place sand into water", acts: []act{{true, testWater[0], testWater[1], testWater[2], sand}}, want: ok},
		{name: "place into stone", acts: []act{{true, 0, 63, 3, stone}}, want: occupied},
		{name: "place into the placer", acts: []act{{true, 0, 65, 0, stone}}, want: occupied},
		{
			name: "place into another player",
			setup: func(w *gameWorld, _ *player) {
				other := w.join("other")
				w.place(other, components.Position{X: 2.5, Y: 64, Z: 0.5})
			},
			acts: []act{{true, 2, 65, 0, stone}}, want: occupied,
		},
		{name: "place bedrock", acts: []act{{true, 0, 64, 3, uint32(chunk.Bedrock)}}, want: invalid},
		{name: "place air", acts: []act{{true, 0, 64, 3, uint32(chunk.Air)}}, want: invalid},
		{name: "place an unknown id", acts: []act{{true, 0, 64, 3, uint32(chunk.NumBlocks) + 5}}, want: invalid},
		{name: "place an id that would wrap to stone", acts: []act{{true, 0, 64, 3, 1<<16 + stone}}, want: invalid},
		{name: "place out of reach", acts: []act{{true, 0, 64, 9, stone}}, want: outOfReach},
		{name: "place below the world", acts: []act{{true, 0, chunk.MinY - 1, 0, stone}}, want: outOfWorld},
		{name: "place beyond the border", acts: []act{{true, -1 << 31, 64, 0, stone}}, want: outOfWorld},
		{name: "place in unknown terrain", acts: []act{{true, -200, 64, 0, stone}}, want: notLoaded},
		{name: "place while held", setup: holdActor, acts: []act{{true, 0, 64, 3, stone}}, want: held},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			w := newGameWorld(t, cfg)
			p := w.join("actor")
			if tc.setup != nil {
				tc.setup(w, p)
			}
			p.conn.Take()
			for i, a := range tc.acts {
				if a.place {
					w.placeBlock(p, uint32(i+1), a.x, a.y, a.z, a.block)
				} else {
					w.breakBlock(p, uint32(i+1), a.x, a.y, a.z)
				}
			}
			last := tc.acts[len(tc.acts)-1]
			var before chunk.Block
			if tc.want == ok {
				before = w.block(last.x, last.y, last.z)
			}
			ack, seen := w.waitAck(p, uint32(len(tc.acts)))
			if ack.GetResult() != tc.want || ack.GetAccepted() != (tc.want == ok) {
				t.Fatalf("ack %v, want %v", ack, tc.want)
			}
			if w.arb.Actions[tc.want] == 0 {
				t.Fatalf("result %v not counted: %v", tc.want, w.arb.Actions)
			}
			if tc.want != ok {
				if ack.GetRevision() != 0 {
					t.Fatalf("refusal carries revision %d", ack.GetRevision())
				}
				return
			}
			want := chunk.Air
			if last.place {
				want = chunk.Block(last.block)
			}
			if got := w.block(last.x, last.y, last.z); got != want || before == want {
				t.Fatalf("block is %v (was %v), want %v", got, before, want)
			}
			sec := chunk.PosOfBlock(last.x, last.y, last.z)
			if rev, _ := w.store.Revision(sec); ack.GetRevision() != rev || rev == 0 {
				t.Fatalf("ack revision %d, section revision %d", ack.GetRevision(), rev)
			}
			// The actor holds the section: it saw the BlockUpdate, and
			// before the acknowledgement, which waited for the disk.
			ups := testkit.UpdatesOf(seen)
			if len(ups) != 1 || ups[0].GetRevision() != ack.GetRevision() || chunk.Block(ups[0].GetBlock()) != want {
				t.Fatalf("block updates %v for ack %v", ups, ack)
			}
			for _, m := range seen {
				if m.GetBlockUpdate() != nil {
					break
				}
				if m.GetActionAck() != nil {
					t.Fatalf("the ack arrived before the update: %v", seen)
				}
			}
		})
	}
}

// TestForwardedActionsLimited: edits another shard forwards are limited
// per forwarding shard and player, with twice the burst (the forwarding
// shard limits them first).
func TestForwardedActionsLimited(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ActionBurst = 3
	w := newGameWorld(t, cfg)
	w.join("anchor") // keeps the terrain around spawn resident
	w.step(3)
	var mu sync.Mutex
	results := map[string][]protocol.ActionResult{}
	events := ecs.Resource[ecs.Events[ActionIntent]](w.app)
	for _, key := range []string{"b/bob", "c/bob"} {
		n := 8
		if key == "c/bob" {
			n = 6
		}
		for i := range n {
			events.Emit(ActionIntent{RequestID: uint32(i), Place: true, Block: uint32(chunk.Stone), X: i % 3, Y: 64 + i/3, Z: 3, Remote: &RemoteActor{
				ID: 7, Key: key, Feet: physics.Vec{X: 0.5, Y: 64, Z: 0.5},
				Reply: func(a *protocol.ActionAck, _ *protocol.BlockUpdate) {
					mu.Lock()
					results[key] = append(results[key], a.GetResult())
					mu.Unlock()
				},
			}})
		}
	}
	limited := func(key string) (n, answered int) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range results[key] {
			if r == protocol.ActionResult_ACTION_RESULT_RATE_LIMITED {
				n++
			}
		}
		return n, len(results[key])
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		w.step(1)
		_, b := limited("b/bob")
		_, c := limited("c/bob")
		if b == 8 && c == 6 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("answers: %v", results)
		}
	}
	if n, _ := limited("b/bob"); n != 2 {
		t.Errorf("b/bob: %d of 8 rate-limited, want 2 (burst 2×3): %v", n, results["b/bob"])
	}
	if n, _ := limited("c/bob"); n != 0 {
		t.Errorf("c/bob: %d of 6 rate-limited, want none (a bucket of its own): %v", n, results["c/bob"])
	}
}
