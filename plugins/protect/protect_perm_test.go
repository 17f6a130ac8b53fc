package protect_test

import (
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/plugins/protect"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/perms"
	"github.com/stratavox/strata/testkit"
)

// TestOperatorsEdit runs the plugin in the real server
// (server.DefaultPlugins with plugins.protect.radius): inside the radius an
// operator's break is accepted, an ordinary player's vetoed, and the
// allow list still lets its players in; outside it anyone edits.
func TestOperatorsEdit(t *testing.T) {
	for _, tc := range []struct {
		name     string
		player   string
		operator bool
		x, z     int
		want     protocol.ActionResult
	}{
		{"operator inside", "olive", true, 1, 0, protocol.ActionResult_ACTION_RESULT_OK},
		{"operator at the centre", "olive", true, 0, 0, protocol.ActionResult_ACTION_RESULT_OK},
		{"player inside", "mallory", false, 1, 0, protocol.ActionResult_ACTION_RESULT_VETOED},
		{"player on the radius", "mallory", false, 0, -3, protocol.ActionResult_ACTION_RESULT_VETOED},
		{"allowed player inside", "alice", false, 1, 0, protocol.ActionResult_ACTION_RESULT_OK},
		{"player outside", "mallory", false, 4, 0, protocol.ActionResult_ACTION_RESULT_OK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := server.Defaults()
			cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
			cfg.Admin, cfg.Listen = "", ""
			if err := cfg.SetPluginSettings(map[string]string{"plugins.protect.radius": "3", "plugins.protect.allow": "alice"}); err != nil {
				t.Fatal(err)
			}
			src := &network.QueueSource{}
			app := testkit.NewApp(t)
			app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), testkit.Spawn, src)...)
			if err := app.Build(); err != nil {
				t.Fatal(err)
			}
			if p, ok := ecs.Resource[perms.Table](app).Lookup(protect.PermEdit); !ok || p.Level != perms.Operators {
				t.Fatalf("%s declared as %+v, %v", protect.PermEdit, p, ok)
			}
			if tc.operator {
				if _, err := ecs.Resource[access.Registry](app).SetOperator(tc.player, true); err != nil {
					t.Fatal(err)
				}
			}
			conn := &testkit.FakeConn{}
			src.Push(network.InEvent{Kind: wire.Connected, ID: 1, Conn: conn, Name: tc.player, ViewDistance: 2})
			for range 3 {
				app.Step()
			}
			conn.Take()
			src.Push(network.InEvent{Kind: wire.Message, ID: 1, Conn: conn, Msg: &protocol.ClientMessage{
				Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{Pos: protocol.BP(int32(tc.x), 63, int32(tc.z)), RequestId: 7}}}})
			app.Step()
			acks := testkit.AcksOf(conn.Take())
			if len(acks) != 1 || acks[0].GetResult() != tc.want {
				t.Fatalf("acks %v, want one with %v", acks, tc.want)
			}
			want := chunk.Air
			if tc.want != protocol.ActionResult_ACTION_RESULT_OK {
				want = chunk.Stone
			}
			if got, _ := ecs.Resource[resources.ChunkStore](app).Block(tc.x, 63, tc.z); got != want {
				t.Errorf("block at (%d, 63, %d) is %v, want %v", tc.x, tc.z, got, want)
			}
		})
	}
}
