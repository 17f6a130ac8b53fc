package quota_test

import (
	"testing"

	"example.com/myserver/quota"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/settings"
)

// TestQuota runs the real server with the plugin, configured as the
// config file's [plugins.quota] table would: two placements are
// accepted, the third is vetoed, /quota tells the count, and the count
// survives a restart of the server on the same data directory.
func TestQuota(t *testing.T) {
	dir := t.TempDir()
	start := func() *scenario.Scenario {
		p := quota.New()
		table := map[string]any{"quota": map[string]any{"max_blocks": int64(2)}}
		if err := settings.ApplyTable([]ecs.Plugin{p}, table); err != nil {
			t.Fatal(err)
		}
		return scenario.New(t, scenario.WithPlugins(p), scenario.WithConfig(func(c *server.Config) {
			c.InMemory, c.DataDir = false, dir
		}))
	}
	place := func(s *scenario.Scenario, c *scenario.Client, x int32) *protocol.ActionAck {
		t.Helper()
		id, err := c.Place(x, scenario.Ground, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		var ack *protocol.ActionAck
		s.StepUntil(func() bool { var ok bool; ack, ok = c.Ack(id); return ok }, "the ActionAck")
		return ack
	}

	s := start()
	alice := s.Connect("alice", client.Options{ViewDistance: 2})
	s.StepUntilSynced(alice)
	for x := int32(0); x < 2; x++ {
		if ack := place(s, alice, x); ack.GetResult() != protocol.ActionResult_ACTION_RESULT_OK {
			t.Fatalf("placement %d: %v %q", x, ack.GetResult(), ack.GetReason())
		}
	}
	if ack := place(s, alice, 2); ack.GetResult() != protocol.ActionResult_ACTION_RESULT_VETOED || ack.GetReason() != "you have placed your 2 blocks" {
		t.Fatalf("third placement: %v %q, want VETOED", ack.GetResult(), ack.GetReason())
	}
	if got, want := s.Command(alice, "/quota"), "you have placed 2 of 2 blocks"; got != want {
		t.Fatalf("/quota: %q, want %q", got, want)
	}
	s.Close()

	s = start()
	alice = s.Connect("alice", client.Options{ViewDistance: 2})
	s.StepUntilSynced(alice)
	if got, want := s.Command(alice, "/quota"), "you have placed 2 of 2 blocks"; got != want {
		t.Fatalf("/quota after a restart: %q, want %q", got, want)
	}
	if ack := place(s, alice, 3); ack.GetResult() != protocol.ActionResult_ACTION_RESULT_VETOED {
		t.Fatalf("placement after a restart: %v, want VETOED", ack.GetResult())
	}
}
