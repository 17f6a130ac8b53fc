package entities

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
)

// pose is a player's position, velocity (blocks per second) and look.
type pose struct {
	pos  components.Position
	vel  components.Velocity
	look components.Look
}

// setPose puts c's player in p directly, as its accepted input would.
func (w *repWorld) setPose(c *client, p pose) {
	w.t.Helper()
	e, ok := w.clients.Entity(c.id)
	if !ok {
		w.t.Fatalf("client %d has no entity", c.id)
	}
	pm := generic.NewMap[components.Position](w.app.World())
	vm := generic.NewMap[components.Velocity](w.app.World())
	lm := generic.NewMap[components.Look](w.app.World())
	*pm.Get(e), *vm.Get(e), *lm.Get(e) = p.pos, p.vel, p.look
}

// advance is p one tick (1/20 s) on at its velocity.
func (p pose) advance() pose {
	p.pos.X += p.vel.X / 20
	p.pos.Y += p.vel.Y / 20
	p.pos.Z += p.vel.Z / 20
	return p
}

// heading is a velocity of speed blocks per second along yaw (degrees,
// 0 = +Z, 90 = -X as the client's look), and that look.
func heading(speed float64, yaw float32) (components.Velocity, components.Look) {
	r := float64(yaw) * math.Pi / 180
	return components.Velocity{X: -speed * math.Sin(r), Z: speed * math.Cos(r)}, components.Look{Yaw: yaw}
}

// predWorld has a walker (a player whose moves the test sets) and three
// receivers near it: pred granted every feature (compact states in
// batches, extrapolated), full granted "entities" and "predicted-states"
// alone (PlayerStates, extrapolated) and old granted every feature but
// "predicted-states" (the delta filter's states).
func predWorld(t *testing.T, cfg Config) (w *repWorld, walker, pred, full, old *client) {
	w = newRepWorld(t, cfg)
	walker = w.join("walker", legacy)
	pred = w.join("pred", nil)
	full = w.join("full", []string{protocol.FeatureEntities, protocol.FeaturePredictedStates})
	old = w.join("old", unpredicted)
	for _, c := range []*client{pred, full, old} {
		w.place(c, components.Position{X: 0.5, Y: 64, Z: 0.5})
	}
	return w, walker, pred, full, old
}

// statesOf returns the ticks of the states of id that c was sent since
// last asked, and the states.
func statesOf(c *client, id uint64) (ticks []uint64, states []*protocol.PlayerState) {
	for _, s := range c.conn.TakeStates() {
		if s.GetEntityId() == id {
			ticks = append(ticks, s.GetTick())
			states = append(states, s)
		}
	}
	return ticks, states
}

// TestPredictedSends: a walker moving steadily is not sent again to the
// receivers granted "predicted-states", but each of them is sent its last
// state again on its own refresh ticks ((tick+receiver id) % 20 == 0) for
// three of them (and every tenth, however old it is), while a receiver without the feature
// gets every tick's state; a turn, a stop, a change of direction is sent
// at once, a slight change of speed not before the drift it makes passes
// the threshold (a second later). Under the rule of older recordings
// (Config.RefreshPerEntity) the walker is sent to all of them on its own
// refresh ticks ((tick+id) % 20 == 0) instead, and nothing is repeated.
func TestPredictedSends(t *testing.T) {
	const event = 30 // the tick of the script the change happens at
	walk, walkLook := heading(4.3, 30)
	for _, c := range []struct {
		name string
		// change is the walker's pose at the event tick, from the one
		// before it (already advanced at the old velocity).
		change func(before, now pose) pose
		// sent: the change is sent at once; drift: a second after.
		sent, drift bool
		// moving: the walker still moves after the event (the old
		// receiver gets every tick's state).
		moving bool
	}{
		{"steady", func(_, now pose) pose { return now }, false, false, true},
		{"turn", func(before, _ pose) pose {
			v, l := heading(4.3, 120)
			p := pose{pos: before.pos, vel: v, look: l}
			return p.advance()
		}, true, false, true},
		{"stop", func(before, _ pose) pose {
			return pose{pos: before.pos, look: before.look}
		}, true, false, false},
		{"direction change, look kept", func(before, _ pose) pose {
			v, _ := heading(4.3, 40) // 10°: 0.75 block/s of change
			p := pose{pos: before.pos, vel: v, look: before.look}
			return p.advance()
		}, true, false, true},
		{"slightly slower", func(before, _ pose) pose {
			v, _ := heading(4.25, 30) // 0.05 block/s: under the threshold
			p := pose{pos: before.pos, vel: v, look: before.look}
			return p.advance()
		}, false, true, true},
	} {
		for _, perEntity := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/per entity %v", c.name, perEntity), func(t *testing.T) {
				w, walker, pred, full, old := predWorld(t, Config{RefreshPerEntity: perEntity})
				p := pose{pos: components.Position{X: -5.5, Y: 64, Z: -5.5}, vel: walk, look: walkLook}
				w.setPose(walker, p)
				w.step(25) // spawned everywhere, tracks phase-locked
				for _, r := range []*client{pred, full, old} {
					if !w.interest(r).Holds(walker.id) {
						t.Fatalf("%d does not hold the walker", r.id)
					}
					r.conn.Take()
					r.conn.TakeStates()
				}
				track := *w.replicated(walker) // the state last sent
				at := track.PredAt
				var ticks []uint64 // the script's ticks
				var poses []pose   // and the walker's pose at each
				eventTick := uint64(0)
				for k := range 100 {
					before := p
					p = p.advance()
					if k == event {
						p = c.change(before, p)
						eventTick = w.app.Tick()
					}
					ticks, poses = append(ticks, w.app.Tick()), append(poses, p)
					w.setPose(walker, p)
					w.step(1)
				}
				const every = 20
				wantPred := map[*client][]uint64{}
				var wantOld []uint64
				drifted := false
				for k, tk := range ticks {
					// The drift: further than 0.05 block from the state
					// last sent, extrapolated (sent before the refresh
					// under the older rule).
					dt := float64(tk-track.PredAt) / 20
					ex, ez := poses[k].pos.X-(track.PredPos.X+track.PredVel.X*dt), poses[k].pos.Z-(track.PredPos.Z+track.PredVel.Z*dt)
					drift := c.drift && !perEntity && !drifted && math.Hypot(ex, ez) > protocol.PredictedPositionError
					drifted = drifted || drift
					sends := perEntity && (tk+walker.id)%every == 0 || tk == eventTick && c.sent || drift
					if sends {
						at = tk
					}
					for _, r := range []*client{pred, full} {
						switch {
						case sends:
							wantPred[r] = append(wantPred[r], tk)
						case !perEntity && (tk+r.id)%every == 0 && (tk-at <= 3*every || (tk+r.id)%(10*every) == 0):
							wantPred[r] = append(wantPred[r], at) // a repeat
						}
					}
					if c.moving || tk < eventTick { // stopped: not moved since the tick before
						wantOld = append(wantOld, tk)
					}
				}
				for _, r := range []*client{pred, full} {
					if got, _ := statesOf(r, walker.id); !slices.Equal(got, wantPred[r]) {
						t.Errorf("client %d (predicted) got states of ticks %v, want %v (event at %d)", r.id, got, wantPred[r], eventTick)
					}
				}
				got, _ := statesOf(old, walker.id)
				if c.moving && !slices.Equal(got, wantOld) {
					t.Errorf("old got states at %v, want every tick %v", got, wantOld)
				}
				if !c.moving && !slices.Equal(got[:len(wantOld)], wantOld) {
					t.Errorf("old got states at %v, want every tick up to the stop %v, then refreshes", got, wantOld)
				}
			})
		}
	}
}

// replicated returns c's player's Replicated component.
func (w *repWorld) replicated(c *client) *Replicated {
	w.t.Helper()
	e, ok := w.clients.Entity(c.id)
	if !ok {
		w.t.Fatalf("client %d has no entity", c.id)
	}
	m := generic.NewMap[Replicated](w.app.World())
	return m.Get(e)
}

// TestPredictionStaysClose: a walker that turns, stops, starts, speeds
// up and jumps at random, and at times reports a velocity off from how it
// moves (or none), seen by clients that extrapolate each state
// they are sent (the spawn first) by the documented rule — position +
// velocity·(tick − state tick)/20 — is never drawn further than
// protocol.PredictedPositionError from where it is, at any tick, whatever
// the form of its states (the track is sent to the unit of a
// CompactState, in PlayerStates too). A receiver joining late starts from
// its spawn, which carries the others' state.
func TestPredictionStaysClose(t *testing.T) {
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			w, walker, pred, full, old := predWorld(t, Config{})
			rng := rand.New(rand.NewPCG(seed, 7))
			p := pose{pos: components.Position{X: 0.5, Y: 64, Z: 0.5}}
			w.setPose(walker, p)
			w.step(1)
			type drawn struct {
				pos  components.Position
				vel  components.Velocity
				tick uint64
				ok   bool
			}
			clients := []*client{pred, full}
			draw := map[uint64]*drawn{pred.id: {}, full.id: {}}
			take := func(r *client) {
				d := draw[r.id]
				for _, m := range r.conn.Take() {
					for _, s := range m.GetEntitySpawns().GetEntities() {
						if s.GetEntityId() == walker.id {
							sp, sv := s.GetPosition(), s.GetVelocity()
							*d = drawn{components.Position{X: sp.GetX(), Y: sp.GetY(), Z: sp.GetZ()},
								components.Velocity{X: float64(sv.GetX()), Y: float64(sv.GetY()), Z: float64(sv.GetZ())}, s.GetTick(), true}
						}
					}
				}
				_, states := statesOf(r, walker.id)
				for _, s := range states {
					if s.GetTick() < d.tick {
						continue
					}
					sp, sv := s.GetPosition(), s.GetVelocity()
					*d = drawn{components.Position{X: sp.GetX(), Y: sp.GetY(), Z: sp.GetZ()},
						components.Velocity{X: float64(sv.GetX()), Y: float64(sv.GetY()), Z: float64(sv.GetZ())}, s.GetTick(), true}
				}
			}
			var late *client
			worst := map[uint64]float64{}
			sends := map[uint64]int{}
			speed, yaw, report := 0.0, float32(0), 1.0
			const ticks = 600
			for k := range ticks {
				switch r := rng.IntN(100); {
				case r < 3: // turn
					yaw = float32(math.Mod(float64(yaw)+float64(rng.IntN(180)-90)+360, 360))
				case r < 5: // stop
					speed = 0
				case r < 8: // start, or change pace
					speed = []float64{1.5, 4.3, 5.6}[rng.IntN(3)]
				case r < 10: // veer a little, the look kept
					yaw += float32(rng.IntN(7) - 3)
				case r < 12: // a client whose velocity is off, or missing
					report = []float64{1, 1, 0.96, 1.03, 0}[rng.IntN(5)]
				}
				v, l := heading(speed, yaw)
				// Keep within 12 blocks of the receivers: turn back.
				if math.Hypot(p.pos.X+v.X/20, p.pos.Z+v.Z/20) > 12 {
					yaw = float32(math.Mod(float64(yaw)+180, 360))
					v, l = heading(speed, yaw)
				}
				p.vel, p.look = v, l
				p.vel.X, p.vel.Z = v.X*report, v.Z*report
				// A jump now and then: the vertical speed falls by 32
				// blocks/s² until it lands.
				if p.pos.Y <= 64 && rng.IntN(100) < 2 {
					p.vel.Y = 9
				} else if p.pos.Y > 64 || p.vel.Y > 0 {
					p.vel.Y -= 32.0 / 20
				}
				p = p.advance()
				// It moved at v, whatever it says.
				p.pos.X += (v.X - p.vel.X) / 20
				p.pos.Z += (v.Z - p.vel.Z) / 20
				if p.pos.Y < 64 {
					p.pos.Y, p.vel.Y = 64, 0
				}
				tick := w.app.Tick()
				w.setPose(walker, p)
				if k == 300 {
					late = w.join("late", nil) // steps 3 ticks: the pose stands
					w.place(late, components.Position{X: 0.5, Y: 64, Z: 0.5})
					clients = append(clients, late)
					draw[late.id] = &drawn{}
					tick = w.app.Tick()
				}
				w.step(1)
				for _, r := range clients {
					before := draw[r.id].tick
					take(r)
					d := draw[r.id]
					if !d.ok {
						continue
					}
					if d.tick != before {
						sends[r.id]++
					}
					if d.tick > tick {
						t.Fatalf("tick %d: client %d has a state of tick %d", tick, r.id, d.tick)
					}
					dt := float64(tick-d.tick) / 20
					ex, ey, ez := d.pos.X+d.vel.X*dt-p.pos.X, d.pos.Y+d.vel.Y*dt-p.pos.Y, d.pos.Z+d.vel.Z*dt-p.pos.Z
					worst[r.id] = max(worst[r.id], math.Sqrt(ex*ex+ey*ey+ez*ez))
				}
			}
			for _, r := range clients {
				// The track is what the clients decode: its extrapolation
				// is theirs to the last bit, however old.
				tolerance := protocol.PredictedPositionError + 1e-9
				if !draw[r.id].ok {
					t.Fatalf("client %d never got the walker", r.id)
				}
				if worst[r.id] > tolerance {
					t.Errorf("client %d drew the walker %.4f blocks from where it was, more than %.4f", r.id, worst[r.id], tolerance)
				}
			}
			_, olds := statesOf(old, walker.id)
			t.Logf("states sent: predicted %d (worst error %.4f), late joiner %d (%.4f), old %d over %d ticks",
				sends[pred.id], worst[pred.id], sends[late.id], worst[late.id], len(olds), ticks)
			if sends[pred.id] >= len(olds) {
				t.Errorf("the predicted track sent %d states, the delta filter %d: no saving", sends[pred.id], len(olds))
			}
		})
	}
}

// TestPredictsSpecExample is the worked example of docs/protocol.md §9.9
// on the rule alone: a critter (id 2⁶² + 1) sent at tick 1000 at (100, 64,
// -20) walking at (4.3, 0, -1) blocks/s is not sent again while it walks
// so (its receivers are sent the state of tick 1000 again on their
// refresh ticks); stopped at tick 1005 it is sent then. Under the rule of
// older recordings (Config.RefreshPerEntity) it is sent on its refresh
// ticks 1015, 1035, … too.
func TestPredictsSpecExample(t *testing.T) {
	v := components.Velocity{X: float64(float32(4.3)), Z: -1}
	start := func() *Replicated {
		return &Replicated{ID: idBase | 1, PredAt: 1000, PredPos: components.Position{X: 100, Y: 64, Z: -20}, PredVel: v, PredLook: components.Look{Yaw: 270}}
	}
	look := components.Look{Yaw: 270}
	at := func(tick uint64) components.Position {
		dt := float64(tick-1000) / 20
		return components.Position{X: 100 + v.X*dt, Y: 64, Z: -20 + v.Z*dt}
	}
	r := newReplicator(Config{}.withDefaults(), &Stats{}, nil)
	for _, c := range []struct {
		cfg  Config
		want []uint64
	}{
		{Config{}, nil},
		{Config{RefreshPerEntity: true}, []uint64{1015, 1035, 1055, 1075, 1095, 1115, 1135, 1155, 1175, 1195}},
	} {
		rr := newReplicator(c.cfg.withDefaults(), &Stats{}, nil)
		rep := start()
		var sent []uint64
		for tick := uint64(1001); tick <= 1200; tick++ {
			pos := at(tick)
			if rr.predicts(tick, rep, &pos, &look, &v) {
				sent = append(sent, tick)
				rep.PredAt, rep.PredPos = tick, pos
			}
		}
		if !slices.Equal(sent, c.want) {
			t.Fatalf("walking on, per entity %v: sent at %v, want %v", c.cfg.RefreshPerEntity, sent, c.want)
		}
	}
	if p := at(1003); math.Abs(p.X-100.645) > 1e-6 || math.Abs(p.Z+20.15) > 1e-9 {
		t.Fatalf("drawn at tick 1003 at %+v, want (100.645, 64, -20.15)", p)
	}
	rep := start()
	stopped := components.Position{X: 100.86, Y: 64, Z: -20.2}
	var none components.Velocity
	for tick := uint64(1001); tick <= 1004; tick++ {
		pos := at(tick)
		if r.predicts(tick, rep, &pos, &look, &v) {
			t.Fatalf("sent at %d while walking as predicted", tick)
		}
	}
	if !r.predicts(1005, rep, &stopped, &look, &none) {
		t.Fatal("not sent when it stopped at 1005")
	}
	// Stopped but still claiming its velocity: the drift alone sends it.
	if !r.predicts(1005, rep, &stopped, &look, &v) {
		t.Fatal("the drift of 0.22 block did not send it")
	}
}
