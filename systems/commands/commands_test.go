package commands_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// The test world is testkit.Flat: stone below y=64, where players stand
// (spawn), air above.
var spawn = testkit.Spawn

// newWorld is the real server (server.DefaultPlugins, deterministic, in
// memory) over testkit.Flat, fed by src.
func newWorld(t *testing.T, src network.EventSource) *ecs.App {
	t.Helper()
	cfg := server.Defaults()
	cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
	cfg.Admin, cfg.Listen = "", ""
	app := testkit.NewApp(t)
	app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), spawn, src)...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return app
}

// chatOf returns the players' chat lines and the system lines in ms.
func chatOf(ms []*protocol.ServerMessage) (lines, system []string) {
	for _, m := range ms {
		if c := m.GetChatBroadcast(); c != nil {
			if c.GetSystem() {
				system = append(system, c.GetText())
			} else {
				lines = append(lines, c.GetText())
			}
		}
	}
	return lines, system
}

// outside is /tp's reply to a destination outside the world.
const outside = "/tp: outside the world (x and z in blocks -2147483616..2147483631, y -64..383)"

// TestCommands checks that a line starting with "/" is a command: the
// reply goes to its sender alone, as a system line, and the line is not
// broadcast; other lines are chat.
func TestCommands(t *testing.T) {
	tp := components.Position{X: 8.5, Y: 64, Z: 8.5}
	type test struct {
		name, text string
		reply      string              // "" for chat
		end        components.Position // the sender's position afterwards
	}
	tests := []test{
		{name: "where", text: "/where", reply: fmt.Sprintf("at 0.5 64.0 0.5, section %v", chunk.Pos{X: 0, Y: 4, Z: 0}), end: spawn},
		{name: "teleport", text: "/tp 8.5 64 8.5", reply: "teleported to 8.5 64.0 8.5", end: tp},
		{name: "teleport without Z", text: "/tp 8.5 64", reply: "usage: /tp X Y Z, or /tp PLAYER [X Y Z]", end: spawn},
		{name: "teleport to words", text: "/tp x 64 0", reply: `/tp: "x" is not a number`, end: spawn},
		{name: "teleport above the world", text: "/tp 0 100000 0", reply: outside, end: spawn},
		{name: "teleport beyond the border", text: "/tp 1e12 64 0", reply: outside, end: spawn},
		{name: "teleport to nowhere", text: "/tp NaN 64 0", reply: outside, end: spawn},
		{name: "unknown command", text: "/dance", reply: "unknown command /dance (try /help)", end: spawn},
		{name: "command in capitals", text: "/WHERE", reply: fmt.Sprintf("at 0.5 64.0 0.5, section %v", chunk.Pos{X: 0, Y: 4, Z: 0}), end: spawn},
		{name: "chat", text: "where am I?", end: spawn},
	}
	// The border, on each side: the last block's centre and far edge are
	// inside, the next block is not.
	for _, side := range []struct {
		name string
		z    bool
		last int
		out  float64
	}{{"+x", false, chunk.BorderMaxBlock, 1}, {"-x", false, chunk.BorderMinBlock, -1}, {"+z", true, chunk.BorderMaxBlock, 1}, {"-z", true, chunk.BorderMinBlock, -1}} {
		// at returns the command's coordinates, the reply's (in tenths,
		// rounded down) and the position for c across the border.
		at := func(c, shown float64) (string, string, components.Position) {
			f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
			if side.z {
				return "0.5 64 " + f(c), fmt.Sprintf("0.5 64.0 %.1f", shown), components.Position{X: 0.5, Y: 64, Z: c}
			}
			return f(c) + " 64 0.5", fmt.Sprintf("%.1f 64.0 0.5", shown), components.Position{X: c, Y: 64, Z: 0.5}
		}
		centre := float64(side.last) + 0.5
		// The far edge of the last block, and as the reply shows it (in
		// tenths rounded down, so still in the last block): 0.999 past its
		// corner on the positive side, 0.001 on the negative side.
		edge, edgeShown := float64(side.last)+0.999, float64(side.last)+0.9
		if side.out < 0 {
			edge, edgeShown = float64(side.last)+0.001, float64(side.last)
		}
		for _, c := range []struct {
			name      string
			at, shown float64
			in        bool
		}{
			{"the last block", centre, centre, true},
			{"the last block's far edge", edge, edgeShown, true},
			{"one past the last block", centre + side.out, 0, false},
		} {
			text, shown, end := at(c.at, c.shown)
			tc := test{name: "teleport " + side.name + " to " + c.name, text: "/tp " + text, reply: "teleported to " + shown, end: end}
			if !c.in {
				tc.reply, tc.end = outside, spawn
			}
			tests = append(tests, tc)
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := &network.QueueSource{}
			app := newWorld(t, src)
			clients := ecs.Resource[network.Clients](app)
			stats := ecs.Resource[chat.Stats](app)
			alice, bob := &testkit.FakeConn{}, &testkit.FakeConn{}
			src.Push(network.InEvent{Kind: wire.Connected, ID: 1, Conn: alice, Name: "alice", ViewDistance: 2})
			src.Push(network.InEvent{Kind: wire.Connected, ID: 2, Conn: bob, Name: "bob", ViewDistance: 2})
			for range 3 {
				app.Step()
			}
			e, ok := clients.Entity(1)
			if _, ok2 := clients.Entity(2); !ok || !ok2 {
				t.Fatal("players not admitted")
			}
			alice.Take()
			bob.Take()

			src.Push(network.InEvent{Kind: wire.Message, ID: 1, Conn: alice, Msg: &protocol.ClientMessage{
				Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: tc.text}}}})
			app.Step()
			sent := alice.Take()
			lines, system := chatOf(sent)
			blines, bsystem := chatOf(bob.Take())
			if tc.reply == "" {
				if len(lines) != 1 || lines[0] != tc.text || len(system) != 0 || len(blines) != 1 || blines[0] != tc.text || len(bsystem) != 0 {
					t.Fatalf("chat: alice saw %q and %q, bob %q and %q; want the line broadcast", lines, system, blines, bsystem)
				}
			} else {
				if len(lines) != 0 || len(system) != 1 || system[0] != tc.reply {
					t.Fatalf("alice saw lines %q and system lines %q, want the reply %q alone", lines, system, tc.reply)
				}
				if len(blines) != 0 || len(bsystem) != 0 {
					t.Fatalf("bob saw %q and %q of alice's command", blines, bsystem)
				}
				// Consumed silently: vetoed, nothing broadcast, no "not sent".
				if stats.Broadcast != 0 || stats.Vetoed != 1 || stats.Refused != 0 {
					t.Fatalf("chat stats %+v", stats)
				}
			}
			positions := generic.NewMap1[components.Position](app.World())
			if got := *positions.Get(e); got != tc.end {
				t.Fatalf("alice is at %+v, want %+v", got, tc.end)
			}
			// A teleport tells the client (a Correction with teleport set);
			// nothing else moves it.
			cs := testkit.CorrectionsOf(sent)
			if moved := tc.end != spawn; moved && (len(cs) != 1 || !cs[0].GetTeleport() || cs[0].GetPosition().GetX() != tc.end.X ||
				cs[0].GetPosition().GetY() != tc.end.Y || cs[0].GetPosition().GetZ() != tc.end.Z) || !moved && len(cs) != 0 {
				t.Fatalf("corrections %v, want a teleport to %+v only if moved", cs, tc.end)
			}
		})
	}
}
