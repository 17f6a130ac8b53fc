package scenario_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// cylinder is the subscription of a player standing in section center
// with view radius r, under the default hysteresis (one extra ring).
func cylinder(center chunk.Pos, r int) []chunk.Pos {
	out := resources.Cylinder{Center: center, Radius: r, Pad: 1}.Positions(nil)
	slices.SortFunc(out, chunk.ComparePos)
	return out
}

// holdsExactly reports whether c holds exactly the sections want (sorted).
func holdsExactly(c *scenario.Client, want []chunk.Pos) bool {
	got := c.Positions()
	slices.SortFunc(got, chunk.ComparePos)
	return slices.Equal(got, want)
}

// centreOf returns the first view centre c was admitted with, one of
// those docs/protocol.md §9.4 allows a player admitted in section at, by
// the sections it holds with view radius r.
func centreOf(t *testing.T, c *scenario.Client, at chunk.Pos, r int) chunk.Pos {
	t.Helper()
	for _, centre := range testkit.AdmissionCentres(at) {
		if holdsExactly(c, cylinder(centre, r)) {
			return centre
		}
	}
	t.Fatalf("holds %d sections, none of the views of radius %d admitted at %v", len(c.Positions()), r, at)
	return at
}

// TestScenarioLifecycle: two players join over pipes, are streamed their
// views, a second player of a taken name is refused, one leaves; the
// scenario's cleanup then leaves no goroutine behind.
func TestScenarioLifecycle(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	if s.Addr() != "" || s.CertSHA256() != "" {
		t.Errorf("pipe scenario reports a listener %q / %q", s.Addr(), s.CertSHA256())
	}
	alice := s.Connect("alice", client.Options{ViewDistance: 2})
	bob := s.Connect("bob", client.Options{ViewDistance: 3, Features: []string{protocol.FeatureBatchedDrops}})
	s.StepUntilSynced(alice, bob)

	at := s.Spawn().Section()
	centreOf(t, alice, at, 2)
	bobAt := centreOf(t, bob, at, 3)
	// The client's copy is the server's world.
	if b, ok := alice.Block(0, scenario.Ground-1, 0); !ok || b != chunk.Stone {
		t.Errorf("alice sees %v (held %v) under spawn", b, ok)
	}
	if b, ok := s.Block(0, scenario.Ground, 0); !ok || b != chunk.Air {
		t.Errorf("server has %v (resident %v) at spawn", b, ok)
	}
	if w := alice.Welcome(); w.GetSpawn().GetY() != scenario.Ground || w.GetGeneratorVersion() != uint32(s.Terrain().Version()) {
		t.Errorf("Welcome spawn %v generator %d", w.GetSpawn(), w.GetGeneratorVersion())
	}

	// A taken name is refused by the transport.
	_, err := s.TryConnect("ALICE", client.Options{})
	var rej *client.RejectError
	if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_NAME_TAKEN {
		t.Errorf("second alice: %v, want NAME_TAKEN", err)
	}

	// A shrinking view is Dropped, batched for bob.
	from := len(bob.Drops())
	if err := bob.Subscribe(1); err != nil {
		t.Fatal(err)
	}
	// The client applies a frame before its drops are all logged, so
	// the wait is for both.
	want := len(cylinder(bobAt, 3)) - len(cylinder(bobAt, 1))
	s.StepUntil(func() bool { return holdsExactly(bob, cylinder(bobAt, 1)) && len(bob.Drops())-from >= want }, "bob's smaller view")
	if frames := bob.DropFrames(from); len(frames) != 1 || len(frames[0]) != want {
		t.Errorf("bob's drops came in %d frames (%d drops), want all %d in one", len(frames), len(bob.Drops())-from, want)
	}

	s.Leave(bob)
	clients := ecs.Resource[network.Clients](s.App())
	if clients.Len() != 1 {
		t.Errorf("%d clients after bob left", clients.Len())
	}
	if alice.Gone() {
		t.Fatalf("alice disconnected: %v", alice.Err())
	}
}

// TestScenarioBuildError: a configuration the server refuses is an error
// of Build, and leaves nothing running.
func TestScenarioBuildError(t *testing.T) {
	testkit.CheckNoLeaks(t)
	_, err := scenario.Build(t, scenario.WithConfig(func(c *server.Config) { c.TPS = 0 }))
	if err == nil {
		t.Fatal("Build accepted TPS 0")
	}
	_, err = scenario.Build(t, scenario.WithConfig(func(c *server.Config) { c.Listen = ":4433" }))
	if err == nil {
		t.Fatal("Build accepted a Listen address")
	}
}
