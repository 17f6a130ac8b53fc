package compass_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/plugins/compass"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// TestCompassOverTheTransport asks the compass on its channel through the
// real client and transport — in-memory sessions and QUIC on loopback —
// and reads the answer its client code would: the direction and distance
// from where the server has the player.
func TestCompassOverTheTransport(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []scenario.Option
	}{
		{"pipe", nil},
		{"quic", []scenario.Option{scenario.OverQUIC()}},
	} {
		t.Run(c.name, func(t *testing.T) { askCompass(t, c.opts...) })
	}
}

func askCompass(t *testing.T, opts ...scenario.Option) {
	testkit.CheckNoLeaks(t)
	target := components.Position{X: 40.5, Y: scenario.Ground, Z: 0.5}
	p := &compass.Plugin{Target: target}
	s := scenario.New(t, append(opts, scenario.WithPlugins(p))...)
	c := s.Connect("ann", client.Options{ViewDistance: 1})

	ask := func() compass.Reply {
		t.Helper()
		n := len(c.PluginsOn(compass.Answer))
		if err := c.SendPlugin(compass.Ask, nil); err != nil {
			t.Fatal(err)
		}
		s.StepUntil(func() bool { return len(c.PluginsOn(compass.Answer)) > n }, "the compass's answer")
		var r compass.Reply
		if err := json.Unmarshal(c.PluginsOn(compass.Answer)[n].GetPayload(), &r); err != nil {
			t.Fatalf("answer: %v", err)
		}
		return r
	}

	from := s.Position(c)
	r := ask()
	if math.Abs(r.DX-(target.X-from.X)) > 1e-9 || math.Abs(r.Bearing-90) > 1e-9 {
		t.Fatalf("from %+v: %+v, want the target %.1f blocks due east", from, r, target.X-from.X)
	}
	// The answer follows the player: north of the target, it points south.
	s.Teleport(c, components.Position{X: target.X, Y: scenario.Ground, Z: -29.5})
	if r := ask(); math.Abs(r.Bearing-180) > 1e-9 || math.Abs(r.Distance-30) > 1e-9 {
		t.Fatalf("after the teleport: %+v, want 30 blocks due south", r)
	}
	if p.Answered != 2 {
		t.Fatalf("answered %d times, want 2", p.Answered)
	}
	if errs := c.Errors(); len(errs) > 0 {
		t.Fatalf("client got errors: %v", errs)
	}
}
