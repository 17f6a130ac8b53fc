package gameplay

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/testkit"
)

// evict removes resident sections behind residency's back, as if they had
// not been loaded yet; they stay missing until restore.
func (w *gameWorld) evict(ps ...chunk.Pos) {
	w.t.Helper()
	for _, p := range ps {
		if ok, err := w.store.Evict(p); !ok || err != nil {
			w.t.Fatalf("evict %v: %v %v", p, ok, err)
		}
	}
}

// restore makes evicted sections resident again, as if they had loaded.
func (w *gameWorld) restore(ps ...chunk.Pos) {
	w.t.Helper()
	for _, p := range ps {
		if err := w.store.Insert(p, testTerrain(p), 0); err != nil {
			w.t.Fatal(err)
		}
	}
}

func TestMovementRejections(t *testing.T) {
	var burstEnd components.Position
	tests := []struct {
		name   string
		cfg    func(*Config)
		start  components.Position
		inputs func(w *gameWorld, p *player)
		// want is the reason counted for the last input; OK means every
		// input was accepted and no correction was sent.
		want physics.Reason
		// end is the authoritative position afterwards.
		end components.Position
	}{
		{
			name: "a walk is accepted", start: testSpawn, want: physics.OK,
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 0.7, 64, 0.5, false) },
			end:    components.Position{X: 0.7, Y: 64, Z: 0.5},
		},
		{
			name: "stale input", start: testSpawn, want: physics.Stale,
			inputs: func(w *gameWorld, p *player) {
				w.move(p, 5, 0.7, 64, 0.5, false)
				p.tick -= 2 // tick 3: older than the accepted 5
				w.move(p, 0, 0.9, 64, 0.5, false)
			},
			end: components.Position{X: 0.7, Y: 64, Z: 0.5},
		},
		{
			name: "too fast", start: testSpawn, want: physics.TooFast,
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 2.5, 64, 0.5, false) },
			end:    testSpawn,
		},
		{
			name: "claiming more time than the server gave", start: testSpawn, want: physics.TooFast,
			// 200 input ticks claimed, 3 server ticks after joining
			// plus the slack: at most ~2 blocks, not 10.
			inputs: func(w *gameWorld, p *player) { w.move(p, 200, 0.5, 64, -9.5, false) },
			end:    testSpawn,
		},
		{
			name: "a burst of inputs cannot outrun the server clock", start: testSpawn, want: physics.TooFast,
			// Twelve inputs of one tick each arrive in one server tick: the
			// server ticks since the player's clock started (when its hold
			// on joining ended) and the slack pay for some; the next one
			// has no time left.
			inputs: func(w *gameWorld, p *player) {
				budget := int(w.app.Tick() + DefaultConfig().ClockSlack - w.movement(p).Clock)
				if budget < 2 || budget > 10 {
					t.Fatalf("unexpected time budget %d", budget)
				}
				x := 0.5 // quarter blocks add up exactly
				for range 12 {
					x -= 0.25
					w.move(p, 1, x, 64, 0.5, false)
				}
				burstEnd = components.Position{X: 0.5 - 0.25*float64(budget), Y: 64, Z: 0.5}
			},
			end: components.Position{}, // burstEnd, known once the budget is
		},
		{
			name: "flying is sprinting when flight is off", start: components.Position{X: 0.5, Y: 70, Z: 0.5}, want: physics.TooFast,
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 1.5, 70, 0.5, true) },
			end:    components.Position{X: 0.5, Y: 70, Z: 0.5},
		},
		{
			name: "flying when flight is on", start: components.Position{X: 0.5, Y: 70, Z: 0.5}, want: physics.OK,
			cfg:    func(c *Config) { c.AllowFlight = true },
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 1.5, 70, 0.5, true) },
			end:    components.Position{X: 1.5, Y: 70, Z: 0.5},
		},
		{
			name: "through a wall", start: components.Position{X: 4.5, Y: 64, Z: 8.5}, want: physics.ThroughWall,
			inputs: func(w *gameWorld, p *player) {
				w.step(10) // time to save up for the 2-block move
				w.move(p, 10, 6.5, 64, 8.5, false)
			},
			end: components.Position{X: 4.5, Y: 64, Z: 8.5},
		},
		{
			name: "into the ground", start: testSpawn, want: physics.ThroughWall,
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 0.5, 63.6, 0.5, false) },
			end:    testSpawn,
		},
		{
			name: "into unknown terrain", start: components.Position{X: 15.5, Y: 64, Z: 8.5}, want: physics.UnknownTerrain,
			inputs: func(w *gameWorld, p *player) {
				w.evict(chunk.Pos{X: 1, Y: 4, Z: 0})
				w.move(p, 1, 15.85, 64, 8.5, false)
			},
			end: components.Position{X: 15.5, Y: 64, Z: 8.5},
		},
		{
			name: "not a number", start: testSpawn, want: physics.NotFinite,
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, math.NaN(), 64, 0.5, false) },
			end:    testSpawn,
		},
		{
			name: "a look that is not a number", start: testSpawn, want: physics.NotFinite,
			inputs: func(w *gameWorld, p *player) {
				p.tick++
				w.msg(p, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{
					InputTick: p.tick, Position: protocol.V3(0.6, 64, 0.5), Yaw: float32(math.Inf(1)),
				}}})
			},
			end: testSpawn,
		},
		{
			name: "outside the world", start: components.Position{X: 0.5, Y: 300, Z: 0.5}, want: physics.OutOfBounds,
			cfg:    func(c *Config) { c.AllowFlight = true },
			inputs: func(w *gameWorld, p *player) { w.move(p, 1, 0.5, 1e6, 0.5, true) },
			end:    components.Position{X: 0.5, Y: 300, Z: 0.5},
		},
		{
			name: "a rejection ends the client's turn", start: testSpawn, want: physics.TooFast,
			inputs: func(w *gameWorld, p *player) {
				w.move(p, 1, 3.5, 64, 0.5, false)
				w.move(p, 1, 0.6, 64, 0.5, false) // valid from the spawn, but ignored this tick
			},
			end: testSpawn,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			w := newGameWorld(t, cfg)
			p := w.join("mover")
			w.place(p, tc.start)
			p.conn.Take()
			before := w.arb.Moves
			tc.inputs(w, p)
			if tc.end == (components.Position{}) {
				tc.end = burstEnd
			}
			w.step(1)
			got := p.conn.Take()
			cs := testkit.CorrectionsOf(got)
			switch {
			case tc.want == physics.OK:
				if len(cs) != 0 || w.arb.Moves[physics.OK] == before[physics.OK] {
					t.Fatalf("want acceptance; corrections %v, moves %v", cs, w.arb.Moves)
				}
			case tc.want == physics.Stale:
				if len(cs) != 0 || w.arb.Moves[physics.Stale] != before[physics.Stale]+1 {
					t.Fatalf("want a silent drop; corrections %v, moves %v", cs, w.arb.Moves)
				}
			default:
				if w.arb.Moves[tc.want] != before[tc.want]+1 {
					t.Fatalf("want one %v; moves %v", tc.want, w.arb.Moves)
				}
				if len(cs) != 1 {
					t.Fatalf("want one correction, got %v", got)
				}
				c := cs[0]
				if c.GetTeleport() || c.GetPosition().GetX() != tc.end.X || c.GetPosition().GetY() != tc.end.Y || c.GetPosition().GetZ() != tc.end.Z {
					t.Fatalf("correction %v, want position %+v", c, tc.end)
				}
				if c.GetLastInputTick() != w.movement(p).LastInputTick {
					t.Fatalf("correction names input %d, last accepted is %d", c.GetLastInputTick(), w.movement(p).LastInputTick)
				}
			}
			if got := w.pos(p); got != tc.end {
				t.Fatalf("position %+v, want %+v", got, tc.end)
			}
		})
	}
}

func TestMovementHeldUntilTerrain(t *testing.T) {
	w := newGameWorld(t, DefaultConfig())
	p := w.join("held")
	p.conn.Take()
	own := []chunk.Pos{{X: 0, Y: 3, Z: 0}, {X: 0, Y: 4, Z: 0}}

	w.evict(own...)
	w.step(1)
	got := p.conn.Take()
	var held *protocol.Held
	for _, m := range got {
		if h := m.GetHeld(); h != nil {
			held = h
		}
	}
	if held == nil || held.GetReason() != protocol.HoldReason_HOLD_REASON_TERRAIN || held.GetMissing() != 2 {
		t.Fatalf("want Held{TERRAIN, 2 missing}, got %v", got)
	}
	if !w.movement(p).Waiting || w.arb.Waiting != 1 {
		t.Fatalf("player not held: %+v, arbitration %+v", w.movement(p), w.arb)
	}

	// Still missing: movement is ignored, without corrections.
	w.move(p, 1, 0.7, 64, 0.5, false)
	w.step(1)
	if got := p.conn.Take(); len(testkit.CorrectionsOf(got)) != 0 || w.arb.IgnoredWhileWaiting != 1 || w.pos(p) != testSpawn {
		t.Fatalf("input while held: messages %v, ignored %d, position %+v", got, w.arb.IgnoredWhileWaiting, w.pos(p))
	}

	// Once the terrain is back: released, and movement resumes.
	w.restore(own...)
	w.step(1)
	got = p.conn.Take()
	if len(got) != 1 || got[0].GetReleased() == nil || w.movement(p).Waiting {
		t.Fatalf("want Released, got %v", got)
	}
	w.move(p, 1, 0.7, 64, 0.5, false)
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p).X != 0.7 {
		t.Fatalf("after release: messages %v, position %+v", got, w.pos(p))
	}
}

func TestTeleport(t *testing.T) {
	w := newGameWorld(t, DefaultConfig())
	p := w.join("jumper")
	w.move(p, 1, 0.7, 64, 0.5, false)
	w.step(1)
	p.conn.Take()
	dest := components.Position{X: -6.5, Y: 64, Z: -6.5}
	if !Teleport(w.app.World(), w.app.Tick(), w.entity(p), dest) {
		t.Fatal("Teleport refused a player")
	}
	cs := testkit.CorrectionsOf(p.conn.Take())
	if len(cs) != 1 || !cs[0].GetTeleport() || cs[0].GetPosition().GetX() != dest.X || cs[0].GetLastInputTick() != 1 {
		t.Fatalf("want one teleport correction to %+v after input 1, got %v", dest, cs)
	}

	// An input predicted before the client saw the teleport is dropped
	// without another correction.
	w.move(p, 1, 0.9, 64, 0.5, false)
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p) != dest || w.arb.AfterTeleport != 1 {
		t.Fatalf("old input: messages %v, position %+v, dropped %d", got, w.pos(p), w.arb.AfterTeleport)
	}
	// The first input from the new place resynchronises.
	w.move(p, 1, -6.3, 64, -6.5, false)
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p).X != -6.3 || w.movement(p).Teleported {
		t.Fatalf("resync: messages %v, position %+v, %+v", got, w.pos(p), w.movement(p))
	}

	// A client that never takes the teleport is told again; an idle one
	// is not pestered.
	Teleport(w.app.World(), w.app.Tick(), w.entity(p), dest)
	p.conn.Take()
	for range teleportResend + 1 {
		w.move(p, 1, 5, 64, 5, false)
		w.step(1)
	}
	cs = testkit.CorrectionsOf(p.conn.Take())
	if len(cs) != 1 || !cs[0].GetTeleport() {
		t.Fatalf("want the teleport re-sent once, got %v", cs)
	}
	w.step(2 * teleportResend)
	if got := p.conn.Take(); len(got) != 0 {
		t.Fatalf("an idle teleported client was sent %v", got)
	}

	if Teleport(w.app.World(), w.app.Tick(), w.entity(p), components.Position{X: math.Inf(1)}) {
		t.Fatal("Teleport accepted an infinite position")
	}
}

// TestStaleInputDoesNotUndoATeleport checks that an input predicted
// before the client saw a teleport cannot pass for a move from the
// destination back to where the client was, however many ticks it
// claims: a flyer's input sent in the round trip of a teleport 13
// blocks away, claiming the 23 ticks of banked time and clock slack
// (31 blocks of flight), are dropped; the first input from the new place
// resynchronises, one tick's move from it.
func TestStaleInputDoesNotUndoATeleport(t *testing.T) {
	cfg := DefaultConfig()
	cfg.AllowFlight = true
	w := newGameWorld(t, cfg)
	p := w.join("flyer")
	w.move(p, 1, 0.5, 65, 0.5, true)
	w.step(1)
	if got := p.conn.Take(); len(testkit.CorrectionsOf(got)) != 0 || w.pos(p).Y != 65 {
		t.Fatalf("take-off: messages %v, position %+v", got, w.pos(p))
	}
	w.step(40) // idle: the bank fills
	dest := components.Position{X: 6.5, Y: 64, Z: -11.5}
	if !Teleport(w.app.World(), w.app.Tick(), w.entity(p), dest) {
		t.Fatal("Teleport refused a player")
	}
	p.conn.Take()
	w.step(int(cfg.BankTicks + cfg.ClockSlack))
	w.move(p, 40, 0.5, 65, 0.5, true) // from before the teleport: 13 blocks away
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p) != dest || !w.movement(p).Teleported {
		t.Fatalf("a stale input after the teleport: messages %v, position %+v, %+v", got, w.pos(p), w.movement(p))
	}
	fly := cfg.Limits.FlySpeed / cfg.Limits.TPS // one tick of flight
	w.move(p, 1, dest.X+fly, dest.Y, dest.Z, true)
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p).X != dest.X+fly || w.movement(p).Teleported {
		t.Fatalf("resync from the destination: messages %v, position %+v, %+v", got, w.pos(p), w.movement(p))
	}
}

// TestSavedTimeIsBounded checks that a client idle for a long time may
// spend only BankTicks (plus the slack) of it in one move.
func TestSavedTimeIsBounded(t *testing.T) {
	cfg := DefaultConfig()
	w := newGameWorld(t, cfg)
	p := w.join("saver")
	w.step(100)
	p.conn.Take()
	sprint := cfg.Limits.SprintSpeed * cfg.Limits.Tolerance / cfg.Limits.TPS // blocks per tick
	bounded := sprint * float64(cfg.BankTicks+cfg.ClockSlack)
	w.move(p, 100, 0.5, 64, 0.5-(bounded+1), false)
	w.step(1)
	if cs := testkit.CorrectionsOf(p.conn.Take()); len(cs) != 1 || w.pos(p) != testSpawn {
		t.Fatalf("a %.1f-block move on 100 saved ticks: corrections %v", bounded+1, cs)
	}
	w.move(p, 1, 0.5, 64, 0.5-(bounded-1), false)
	w.step(1)
	if got := p.conn.Take(); len(got) != 0 || w.pos(p).Z != 0.5-(bounded-1) {
		t.Fatalf("a %.1f-block move within the bound: %v, position %+v", bounded-1, got, w.pos(p))
	}
}

// TestParallelMovementDeterministic arbitrates 300 players (enough for the
// parallel loop to split them) with one worker and with four: the same
// positions, counts and messages to every client, in the same order.
// Under -race it also checks that the loop body touches nothing shared.
func TestParallelMovementDeterministic(t *testing.T) {
	run := func(workers int) (map[uint64]components.Position, map[uint64][]string, Arbitration) {
		w := newGameWorldOpts(t, DefaultConfig(), []ecs.Option{ecs.WithWorkers(workers)})
		var ps []*player
		for i := range 300 {
			ps = append(ps, w.connect(fmt.Sprintf("p%03d", i), &testkit.FakeConn{}))
		}
		w.step(5)
		for tick := range 30 {
			for i, p := range ps {
				x := testSpawn.X + float64(i%20) + 0.2*float64(tick)
				if (i+tick)%7 == 0 {
					x += 40 // too far: a correction
				}
				w.move(p, 1, x, testSpawn.Y, testSpawn.Z+float64(i/20), false)
			}
			w.step(1)
		}
		pos, msgs := map[uint64]components.Position{}, map[uint64][]string{}
		for _, p := range ps {
			pos[p.id] = w.pos(p)
			for _, m := range p.conn.Take() {
				msgs[p.id] = append(msgs[p.id], m.String())
			}
		}
		return pos, msgs, *w.arb
	}
	p1, m1, a1 := run(1)
	p4, m4, a4 := run(4)
	if a1.Corrections == 0 || a1.Moves[physics.OK] == 0 {
		t.Fatalf("the test moved nobody or corrected nobody: %+v", a1)
	}
	if a1 != a4 {
		t.Fatalf("counts differ: one worker %+v, four %+v", a1, a4)
	}
	for id, p := range p1 {
		if p4[id] != p {
			t.Fatalf("player %d at %+v with one worker, %+v with four", id, p, p4[id])
		}
		if !slices.Equal(m1[id], m4[id]) {
			t.Fatalf("player %d was sent %d messages with one worker, %d with four, or in another order", id, len(m1[id]), len(m4[id]))
		}
	}
}
