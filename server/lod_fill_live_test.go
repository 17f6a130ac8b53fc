package server

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/testkit"
)

// TestLODFillReachesHorizonLive: on a live server (the LOD planner on its
// goroutine, builds on the pool's workers), an operator's /fill of a
// 32×32×32 box of stone in the sky some 20 sections away — on the
// client's level-3 or level-4 ring — comes back as the LOD section
// holding it, at a new revision, with every cell over the box stone. A
// fill sets commands.FillPerTick blocks a tick (a 32³ box takes 64
// ticks), so what is logged (docs/benchmarks.md, the horizon over the
// network), never asserted, is the time from the fill's reply that it is
// done to the client holding the whole box in its horizon.
func TestLODFillReachesHorizonLive(t *testing.T) {
	testkit.CheckNoLeaks(t)
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv, stop := startServer(t, cfg)
	defer stop()
	const name, levels = "builder", 4
	replied := make(chan time.Time, 1)
	c := dialPlayerOpts(t, srv, client.Options{Name: name, ViewDistance: 2, LOD: true, LODLevels: levels, Handlers: client.Handlers{
		OnControl: func(m *protocol.ServerMessage) {
			if b := m.GetChatBroadcast(); b.GetSystem() && strings.HasPrefix(b.GetText(), "filled ") {
				select {
				case replied <- time.Now():
				default:
				}
			}
		},
	}})
	defer c.Close()

	// A box aligned to 32 blocks, 320 blocks east of the spawn, in the sky.
	sp := c.Welcome().GetSpawn()
	x0 := int(math.Floor(sp.GetX()/32))*32 + 320
	z0 := int(math.Floor(sp.GetZ()/32)) * 32
	const y0, side = 256, 32
	corner := chunk.PosOfBlock(x0, y0, z0)
	var held pyramid.Pos
	deadline := time.Now().Add(30 * time.Second)
	for held.Level == 0 && time.Now().Before(deadline) {
		for l := 1; l <= levels; l++ {
			if a := pyramid.At(corner, l); hasLOD(c, a) {
				held = a
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if held.Level == 0 {
		t.Fatalf("no LOD ancestor of %v arrived", corner)
	}
	before, _ := c.LODSection(int(held.Level), held.Pos)
	if _, err := srv.access.SetOperator(name, true); err != nil {
		t.Fatal(err)
	}
	line := fmt.Sprintf("/fill %d %d %d %d %d %d stone", x0, y0, z0, x0+side-1, y0+side-1, z0+side-1)
	start := time.Now()
	if err := c.Chat(line); err != nil {
		t.Fatal(err)
	}
	// The box's cells in its ancestor: side/2^L across.
	l := int(held.Level)
	base := [3]int{int(held.X) << (4 + l), int(held.Y) << (4 + l), int(held.Z) << (4 + l)}
	n := side >> l
	allStone := func(s *chunk.Section) bool {
		for dy := range n {
			for dz := range n {
				for dx := range n {
					if s.Get((x0-base[0])>>l+dx, (y0-base[1])>>l+dy, (z0-base[2])>>l+dz) != chunk.Stone {
						return false
					}
				}
			}
		}
		return true
	}
	var got client.LODSection
	var done, shown time.Time
	deadline = time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case done = <-replied:
		default:
		}
		got, _ = c.LODSection(int(held.Level), held.Pos)
		if !done.IsZero() && got.Revision > before.Revision && got.Decoded != nil && allStone(got.Decoded) {
			shown = time.Now()
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	if done.IsZero() {
		t.Fatalf("%s: no reply that it is done", line)
	}
	if shown.IsZero() {
		t.Fatalf("%v (revision %d, before %d) does not show the whole box of stone", held, got.Revision, before.Revision)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	t.Logf("%s: done %.0f ms after the command; %v (revision %d) with the whole box %.0f ms after that",
		line, ms(done.Sub(start)), held, got.Revision, ms(shown.Sub(done)))
}

// hasLOD reports whether c holds LOD section p.
func hasLOD(c *client.Conn, p pyramid.Pos) bool {
	_, ok := c.LODSection(int(p.Level), p.Pos)
	return ok
}
