package scenario_test

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/testkit"
)

type blockPos struct{ x, y, z int }

func (b blockPos) section() chunk.Pos { return chunk.PosOfBlock(b.x, b.y, b.z) }

// encodedSection is a client's copy of section p, re-encoded, with its
// revision.
func encodedSection(t *testing.T, c *scenario.Client, p chunk.Pos) ([]byte, uint64) {
	t.Helper()
	s, ok := c.Section(p)
	if !ok || s.Decoded == nil {
		t.Fatalf("%s does not hold section %v", c.Name(), p)
	}
	return chunk.Encode(s.Decoded), s.Revision
}

// TestProtectSpawnOverQUIC runs the protect plugin, which
// server.DefaultPlugins adds for plugins.protect.radius > 0, with three real
// clients over loopback QUIC on flat ground: inside the radius the
// allowed player's edits are accepted and broadcast, the other player's
// are vetoed — an ActionAck VETOED with a reason and the unchanged block
// re-sent to that player alone, the world and the watcher's copy
// untouched — and outside it the same player edits freely.
func TestProtectSpawnOverQUIC(t *testing.T) {
	testkit.CheckNoLeaks(t)
	const radius = 8
	s := scenario.New(t, scenario.OverQUIC(), scenario.WithConfig(func(c *server.Config) {
		if err := c.SetPluginSettings(map[string]string{"plugins.protect.radius": strconv.Itoa(radius), "plugins.protect.allow": "alice"}); err != nil {
			t.Fatal(err)
		}
	}))
	if s.Addr() == "" || s.CertSHA256() == "" {
		t.Fatal("no QUIC listener")
	}
	opts := client.Options{ViewDistance: 2}
	alice := s.Connect("alice", opts)
	mallory := s.Connect("mallory", opts)
	watcher := s.Connect("watcher", opts)
	s.StepUntilSynced(alice, mallory, watcher)
	if w := mallory.Welcome().GetSpawn(); w.GetX() != s.Spawn().X || w.GetY() != scenario.Ground {
		t.Fatalf("mallory spawned at %v", w)
	}

	const ground = scenario.Ground - 1 // the top layer of stone
	store := ecs.Resource[resources.ChunkStore](s.App())
	ackOf := func(c *scenario.Client, id uint32, err error) *protocol.ActionAck {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var ack *protocol.ActionAck
		s.StepUntil(func() bool { var ok bool; ack, ok = c.Ack(id); return ok }, c.Name()+"'s ActionAck")
		return ack
	}
	accepted := func(who *scenario.Client, b blockPos, ack *protocol.ActionAck, want chunk.Block) {
		t.Helper()
		if !ack.GetAccepted() || ack.GetResult() != protocol.ActionResult_ACTION_RESULT_OK {
			t.Fatalf("%s's edit at %v: accepted %v result %v reason %q", who.Name(), b, ack.GetAccepted(), ack.GetResult(), ack.GetReason())
		}
		if got, _ := s.Block(b.x, b.y, b.z); got != want {
			t.Fatalf("server has %v at %v after %s's accepted edit, want %v", got, b, who.Name(), want)
		}
		s.StepUntil(func() bool {
			bb, ok := watcher.Block(b.x, b.y, b.z)
			return ok && bb == want && len(watcher.BlockUpdatesAt(b.x, b.y, b.z)) == 1
		}, "the watcher's BlockUpdate of "+who.Name()+"'s edit")
	}

	// The allowed player breaks a block next to spawn.
	a := blockPos{1, ground, 0}
	id, err := alice.Break(int32(a.x), int32(a.y), int32(a.z))
	accepted(alice, a, ackOf(alice, id, err), chunk.Air)

	// The refused player breaks and places inside the radius; each section
	// is one nobody else edits.
	brk := blockPos{-2, ground, -2}
	plc := blockPos{-2, ground + 1, 2}
	type before struct {
		data []byte
		rev  uint64
	}
	watched := map[blockPos]before{}
	for _, b := range []blockPos{brk, plc} {
		data, rev := encodedSection(t, watcher, b.section())
		if srvRev, _ := s.Revision(b.section()); srvRev != rev {
			t.Fatalf("watcher holds %v at revision %d, server %d", b.section(), rev, srvRev)
		}
		watched[b] = before{data, rev}
	}
	vetoed := func(b blockPos, ack *protocol.ActionAck, want chunk.Block) {
		t.Helper()
		if ack.GetAccepted() || ack.GetResult() != protocol.ActionResult_ACTION_RESULT_VETOED || ack.GetReason() == "" {
			t.Errorf("mallory's edit at %v: accepted %v result %v reason %q, want VETOED with a reason",
				b, ack.GetAccepted(), ack.GetResult(), ack.GetReason())
		}
		if ack.GetRevision() != 0 {
			t.Errorf("vetoed ack carries revision %d", ack.GetRevision())
		}
		// The block as the server has it, at the section's unchanged
		// revision, so the prediction rolls back.
		s.StepUntil(func() bool { return len(mallory.BlockUpdatesAt(b.x, b.y, b.z)) > 0 }, "the re-sent block")
		us := mallory.BlockUpdatesAt(b.x, b.y, b.z)
		if len(us) != 1 || us[0].GetBlock() != uint32(want) || us[0].GetRevision() != watched[b].rev {
			t.Errorf("mallory got %v at %v, want one update of %v at revision %d", us, b, want, watched[b].rev)
		}
		if got, ok := store.Block(b.x, b.y, b.z); !ok || got != want {
			t.Errorf("server has %v at %v after a vetoed edit, want %v", got, b, want)
		}
		if rev, _ := s.Revision(b.section()); rev != watched[b].rev {
			t.Errorf("section %v revision %d after a vetoed edit, was %d", b.section(), rev, watched[b].rev)
		}
		if got, ok := mallory.Block(b.x, b.y, b.z); !ok || got != want {
			t.Errorf("mallory's copy has %v at %v", got, b)
		}
	}
	id, err = mallory.Break(int32(brk.x), int32(brk.y), int32(brk.z))
	vetoed(brk, ackOf(mallory, id, err), chunk.Stone)
	id, err = mallory.Place(int32(plc.x), int32(plc.y), int32(plc.z), chunk.Stone)
	vetoed(plc, ackOf(mallory, id, err), chunk.Air)
	if arb := ecs.Resource[gameplay.Arbitration](s.App()); arb.Actions[protocol.ActionResult_ACTION_RESULT_VETOED] != 2 {
		t.Errorf("arbitration counted %d vetoed actions, want 2", arb.Actions[protocol.ActionResult_ACTION_RESULT_VETOED])
	}

	// A barrier: an edit the watcher must hear of, sent after the vetoed
	// ones on the same control stream. Once it is seen, anything about
	// the vetoed edits would have been too.
	b := blockPos{3, ground, 0}
	id, err = alice.Break(int32(b.x), int32(b.y), int32(b.z))
	accepted(alice, b, ackOf(alice, id, err), chunk.Air)
	for _, v := range []blockPos{brk, plc} {
		if us := watcher.BlockUpdatesAt(v.x, v.y, v.z); len(us) != 0 {
			t.Errorf("watcher got %v for mallory's vetoed edit at %v", us, v)
		}
		if us := alice.BlockUpdatesAt(v.x, v.y, v.z); len(us) != 0 {
			t.Errorf("alice got %v for mallory's vetoed edit at %v", us, v)
		}
		data, rev := encodedSection(t, watcher, v.section())
		if rev != watched[v].rev || !bytes.Equal(data, watched[v].data) {
			t.Errorf("watcher's copy of %v changed: revision %d -> %d, same content %v", v.section(), watched[v].rev, rev, bytes.Equal(data, watched[v].data))
		}
	}

	// Outside the radius the refused player edits like anyone.
	out := blockPos{21, ground, 0}
	if dx, dz := out.x-int(s.Spawn().X), out.z-int(s.Spawn().Z); dx*dx+dz*dz <= radius*radius {
		t.Fatalf("%v is not outside the radius", out)
	}
	s.Teleport(mallory, components.Position{X: float64(out.x) + 0.5, Y: scenario.Ground, Z: 0.5})
	if p := s.Position(mallory); p.X != float64(out.x)+0.5 || p.Y != scenario.Ground {
		t.Fatalf("server has mallory at %+v after the teleport", p)
	}
	s.StepUntilSynced(mallory)
	id, err = mallory.Break(int32(out.x), int32(out.y), int32(out.z))
	accepted(mallory, out, ackOf(mallory, id, err), chunk.Air)
	if got, ok := mallory.Block(out.x, out.y, out.z); !ok || got != chunk.Air {
		t.Errorf("mallory's copy has %v at %v after its accepted break", got, out)
	}
}
