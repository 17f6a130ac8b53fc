package server_test

import (
	"math"
	"testing"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// TestWelcomeStatesTheDefaultRules: a default server advertises the
// numbers docs/protocol.md §5.3 lists as the defaults.
func TestWelcomeStatesTheDefaultRules(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	l := s.Connect("reader", client.Options{ViewDistance: 1}).Limits()
	want := []struct {
		name      string
		got, want float64
	}{
		{"walk_speed", l.GetWalkSpeed(), 4.317}, {"sprint_speed", l.GetSprintSpeed(), 5.612},
		{"fly_speed", l.GetFlySpeed(), 21.6}, {"rise_speed", l.GetRiseSpeed(), 10},
		{"fall_speed", l.GetFallSpeed(), 78.4}, {"speed_tolerance", l.GetSpeedTolerance(), 1.25},
		{"move_slack", l.GetMoveSlack(), 0.05}, {"player_width", l.GetPlayerWidth(), 0.6},
		{"player_height", l.GetPlayerHeight(), 1.8}, {"eye_height", l.GetEyeHeight(), 1.62},
		{"reach", l.GetReach(), 6}, {"action_rate", l.GetActionRate(), 20},
		{"action_burst", float64(l.GetActionBurst()), 20}, {"input_bank_ticks", float64(l.GetInputBankTicks()), 20},
		{"input_clock_slack", float64(l.GetInputClockSlack()), 3},
	}
	for _, w := range want {
		if w.got != w.want {
			t.Errorf("%s = %v, the document says %v", w.name, w.got, w.want)
		}
	}
	if !l.GetAllowFlight() {
		t.Error("allow_flight false; a default server allows flight")
	}
}

// mover sends one client's Inputs with its own input clock.
type mover struct {
	c    *scenario.Client
	tick uint64
	x, y float64
	z    float64
}

// try moves by (dx, dy, dz) in one input tick and reports whether the
// server accepted it (no Correction came back).
func (m *mover) try(t *testing.T, s *scenario.Scenario, dx, dy, dz float64, flying bool) bool {
	t.Helper()
	before := len(m.c.Corrections())
	m.tick++
	to := protocol.V3(m.x+dx, m.y+dy, m.z+dz)
	if err := m.c.SendInput(&protocol.Input{InputTick: m.tick, Position: to, Flying: flying}); err != nil {
		t.Fatal(err)
	}
	// Accepted means the server has the player there; refused, a
	// Correction. Either comes within a few ticks.
	s.StepUntil(func() bool {
		p := s.Position(m.c)
		return len(m.c.Corrections()) > before || (p.X == to.X && p.Y == to.Y && p.Z == to.Z)
	}, "the server's verdict on an input")
	if cs := m.c.Corrections(); len(cs) > before {
		// The server has the player where its last accepted input put it;
		// the refused input's time was not spent (§9.5), so the next
		// input counts from the accepted one.
		k := cs[len(cs)-1]
		m.tick = k.GetLastInputTick()
		m.x, m.y, m.z = k.GetPosition().GetX(), k.GetPosition().GetY(), k.GetPosition().GetZ()
		return false
	}
	m.x, m.y, m.z = to.X, to.Y, to.Z
	return true
}

// TestAdvertisedRulesAreEnforced moves and acts at the edge of what the
// Welcome states, from the Welcome's own numbers: just inside is
// accepted, just outside refused. So the advertised numbers are the ones
// the server uses (server.GameRules and the gameplay plugin read one
// configuration).
func TestAdvertisedRulesAreEnforced(t *testing.T) {
	testkit.CheckNoLeaks(t)
	for _, fly := range []bool{true, false} {
		s := scenario.New(t, scenario.WithConfig(func(c *server.Config) { c.AllowFlight = fly }))
		c := s.Connect("edge", client.Options{ViewDistance: 1})
		s.StepUntilSynced(c)
		l := c.Limits()
		if l.GetAllowFlight() != fly {
			t.Fatalf("AllowFlight %v advertised as %v", fly, l.GetAllowFlight())
		}
		sp := s.Spawn()
		m := &mover{c: c, x: sp.X, y: sp.Y, z: sp.Z}
		tps := float64(l.GetTickRate())
		const eps = 0.002
		// One input tick on foot: sprint speed, stretched by the
		// tolerance, plus the slack.
		walk := l.GetSprintSpeed()*l.GetSpeedTolerance()/tps + l.GetMoveSlack()
		if !m.try(t, s, walk-eps, 0, 0, false) {
			t.Errorf("fly=%v: a walk of %.4f blocks in a tick (the limit %.4f) refused", fly, walk-eps, walk)
		}
		if m.try(t, s, walk+eps, 0, 0, false) {
			t.Errorf("fly=%v: a walk of %.4f blocks in a tick (the limit %.4f) accepted", fly, walk+eps, walk)
		}
		rise := l.GetRiseSpeed()*l.GetSpeedTolerance()/tps + l.GetMoveSlack()
		if m.try(t, s, 0, rise+eps, 0, false) {
			t.Errorf("fly=%v: a rise of %.4f blocks in a tick on foot (the limit %.4f) accepted", fly, rise+eps, rise)
		}
		flight := l.GetFlySpeed()*l.GetSpeedTolerance()/tps + l.GetMoveSlack()
		if got := m.try(t, s, 0, flight-eps, 0, true); got != fly {
			t.Errorf("fly=%v: a flight of %.4f blocks up in a tick (the flying limit %.4f) accepted: %v", fly, flight-eps, flight, got)
		}

		// Reach: from the eye (feet + eye_height) to the block's centre.
		// The ground under the spawn is stone below y 64; blocks (x, 63, 0)
		// for x = 0.. lie farther and farther away.
		s.Teleport(c, sp)
		eye := sp.Y + l.GetEyeHeight()
		for x := 0; x <= 8; x++ {
			d := math.Sqrt(math.Pow(float64(x)+0.5-sp.X, 2) + math.Pow(63.5-eye, 2) + math.Pow(0.5-sp.Z, 2))
			id, err := c.Break(int32(x), 63, 0)
			if err != nil {
				t.Fatal(err)
			}
			s.StepUntil(func() bool { _, ok := c.Ack(id); return ok }, "the break's ack")
			ack, _ := c.Ack(id)
			inReach := ack.GetResult() != protocol.ActionResult_ACTION_RESULT_OUT_OF_REACH
			if inReach != (d <= l.GetReach()) {
				t.Errorf("fly=%v: block centre %.3f from the eye, reach %v: result %v", fly, d, l.GetReach(), ack.GetResult())
			}
		}
	}
}

// TestAdvertisedActionRate: a burst of actions beyond action_burst is
// refused with RATE_LIMITED, within what the bucket refills meanwhile.
func TestAdvertisedActionRate(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	c := s.Connect("hasty", client.Options{ViewDistance: 1})
	s.StepUntilSynced(c)
	l := c.Limits()
	burst := int(l.GetActionBurst())
	n := burst + 10
	ids := make([]uint32, n)
	for i := range ids {
		var err error
		if ids[i], err = c.Break(0, 70, 0); err != nil { // air: NOTHING_THERE when not rate limited
			t.Fatal(err)
		}
	}
	ticks := s.StepUntil(func() bool { return len(c.Acks()) >= n }, "every ack")
	served := 0
	for _, a := range c.Acks() {
		if a.GetResult() != protocol.ActionResult_ACTION_RESULT_RATE_LIMITED {
			served++
		}
	}
	refill := int(math.Ceil(float64(ticks) * l.GetActionRate() / float64(l.GetTickRate())))
	if served < burst || served > burst+refill {
		t.Errorf("%d of %d actions served in %d ticks; want the burst %d, plus at most %d refilled", served, n, ticks, burst, refill)
	}
}
