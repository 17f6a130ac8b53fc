package scenario_test

import (
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// TestViewDistanceClampedOnce: the transport passes a requested view
// distance on as the client sent it and the network plugin grants it, the
// one place protocol.ClampView is applied: a hostile Hello and a hostile
// Subscribe both end at the server's maximum, and the Welcome announces
// what the plugin granted.
func TestViewDistanceClampedOnce(t *testing.T) {
	testkit.CheckNoLeaks(t)
	const limit = 3
	s := scenario.New(t, scenario.WithConfig(func(c *server.Config) { c.MaxViewDistance = limit }))
	radius := func(c *scenario.Client) int {
		e, ok := s.Entity(c)
		if !ok {
			t.Fatalf("%s has no entity", c.Name())
		}
		follow := generic.NewMap1[components.Follow](s.App().World())
		return follow.Get(e).Radius
	}
	cases := []struct {
		name      string
		requested uint32
		want      int
	}{
		{"within", 2, 2},
		{"hostile", 1 << 30, limit},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := s.Connect(c.name, client.Options{ViewDistance: c.requested})
			if got := cl.Welcome().GetViewDistance(); got != uint32(c.want) {
				t.Errorf("Welcome grants %d, want %d", got, c.want)
			}
			if got := radius(cl); got != c.want {
				t.Errorf("server follows a radius of %d, want %d", got, c.want)
			}
			if err := cl.Subscribe(1); err != nil {
				t.Fatal(err)
			}
			s.StepUntil(func() bool { return radius(cl) == 1 }, "the Subscribe's radius")
			if err := cl.Subscribe(1 << 31); err != nil {
				t.Fatal(err)
			}
			s.StepUntil(func() bool { return radius(cl) == limit }, "the hostile Subscribe's radius, clamped")
			s.Leave(cl)
		})
	}
}
