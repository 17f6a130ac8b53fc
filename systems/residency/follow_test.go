package residency

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// covered reports whether the wanted cylinder of radius r around at lies
// inside view v.
func covered(at chunk.Pos, r int, v components.View) (chunk.Pos, bool) {
	outer := v
	for _, p := range (resources.Cylinder{Center: at, Radius: r}).Positions(nil) {
		if !outer.Contains(p) {
			return p, false
		}
	}
	return chunk.Pos{}, true
}

// TestFollowRuleCoverage checks the hysteresis rule exhaustively around a
// centre: every offset closer than Slack keeps the centre and stays
// covered; every offset at Slack or beyond recentres.
func TestFollowRuleCoverage(t *testing.T) {
	c := chunk.Pos{X: -7, Y: 7, Z: 11}
	for _, r := range []int{0, 1, 2, 3, 4, 5, 8, 13} {
		for _, slack := range []int{0, 1, 2, 3} {
			t.Run(fmt.Sprintf("r=%d/slack=%d", r, slack), func(t *testing.T) {
				f := components.Follow{Radius: r, Slack: slack}
				var base components.View
				follow(c, &base, f)
				if base.Center != c || base.Radius != r || base.Pad != max(slack, 1)-1 {
					t.Fatalf("initial view %+v", base)
				}
				reach := int32(max(slack, 1) + 1)
				for dx := -reach; dx <= reach; dx++ {
					for dy := -reach; dy <= reach; dy++ {
						for dz := -reach; dz <= reach; dz++ {
							at := c.Add(dx, dy, dz)
							v := base
							follow(at, &v, f)
							if at.Chebyshev(c) >= int64(max(slack, 1)) {
								if v.Center != at {
									t.Fatalf("offset (%d,%d,%d): centre stayed at %v", dx, dy, dz, v.Center)
								}
								continue
							}
							if v.Center != c {
								t.Fatalf("offset (%d,%d,%d): centre moved to %v", dx, dy, dz, v.Center)
							}
							if p, ok := covered(at, r, v); !ok {
								t.Fatalf("offset (%d,%d,%d): wanted section %v not in the view", dx, dy, dz, p)
							}
						}
					}
				}
			})
		}
	}
}

func TestFollowRandomWalkStaysCovered(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	f := components.Follow{Radius: 6, Slack: 2}
	pos := components.Position{X: 0.5, Y: 40, Z: 0.5}
	var v components.View
	moves := 0
	last := v.Center
	for i := range 20_000 {
		pos.X += rng.Float64()*6 - 3
		pos.Y = min(max(pos.Y+rng.Float64()*6-3, -64), 320)
		pos.Z += rng.Float64()*6 - 3
		follow(pos.Section(), &v, f)
		if v.Center != last {
			moves++
			last = v.Center
		}
		if i%7 == 0 {
			if p, ok := covered(pos.Section(), f.Radius, v); !ok {
				t.Fatalf("step %d at %v: %v not covered by %+v", i, pos.Section(), p, v)
			}
		}
	}
	if moves == 0 {
		t.Fatal("view never moved")
	}
}

// TestPacingAcrossBordersCausesNoChurn paces a player across a chunk
// border along each axis and across a corner: nothing is loaded or
// unloaded and the wanted radius stays covered.
func TestPacingAcrossBordersCausesNoChurn(t *testing.T) {
	tests := []struct {
		name string
		a, b components.Position
	}{
		{"x border", components.Position{X: 15.5, Y: 40, Z: 8}, components.Position{X: 16.5, Y: 40, Z: 8}},
		{"z border", components.Position{X: 8, Y: 40, Z: -0.5}, components.Position{X: 8, Y: 40, Z: 0.5}},
		{"corner", components.Position{X: 15.5, Y: 40, Z: 15.5}, components.Position{X: 16.5, Y: 40, Z: 16.5}},
		{"vertical border", components.Position{X: 8, Y: 47.5, Z: 8}, components.Position{X: 8, Y: 48.5, Z: 8}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{Deterministic: true, QueueCap: 4096})
			f := components.Follow{Radius: 8, Slack: 2}
			e := h.spawn(tc.a, components.View{}, f)
			h.settle(100)
			before := h.backlog.Stats
			posID := ecs.RegisterComponent[components.Position](h.app)
			viewID := ecs.RegisterComponent[components.View](h.app)
			centre := (*components.View)(h.app.World().Get(*e, viewID)).Center
			for i := range 200 {
				p := tc.a
				if i%2 == 0 {
					p = tc.b
				}
				*(*components.Position)(h.app.World().Get(*e, posID)) = p
				h.app.Step()
				v := *(*components.View)(h.app.World().Get(*e, viewID))
				if v.Center != centre {
					t.Fatalf("step %d: centre moved from %v to %v", i, centre, v.Center)
				}
				for _, q := range (resources.Cylinder{Center: p.Section(), Radius: f.Radius}).Positions(nil) {
					if !h.store.Has(q) {
						t.Fatalf("step %d: wanted section %v not resident", i, q)
					}
				}
			}
			if h.backlog.Stats != before {
				t.Fatalf("pacing caused churn: %+v -> %+v", before, h.backlog.Stats)
			}
		})
	}
}

// TestWiderRadiusIsNotEnough records why Follow pads the cylinder instead
// of adding one to its radius: with the centre one step away diagonally
// (or vertically), a disc of radius r+1 misses wanted sections.
func TestWiderRadiusIsNotEnough(t *testing.T) {
	c := chunk.Pos{Y: 7}
	wider := components.View{Center: c, Radius: 9}
	if _, ok := covered(c.Add(1, 0, 1), 8, wider); ok {
		t.Fatal("radius 9 covers radius 8 one step off diagonally; the padding argument is stale")
	}
	if _, ok := covered(c.Add(0, 1, 0), 8, wider); ok {
		t.Fatal("radius 9 covers radius 8 one step up; the padding argument is stale")
	}
	if _, ok := covered(c.Add(1, 1, 1), 8, components.View{Center: c, Radius: 8, Pad: 1}); !ok {
		t.Fatal("padded view misses a wanted section")
	}
}

// TestFollowPhaseStaysCovered: whatever the Phase, the first centre lies
// within the Pad of the entity's section, and a random walk from it stays
// covered.
func TestFollowPhaseStaysCovered(t *testing.T) {
	at := chunk.Pos{X: 3, Y: 4, Z: -9}
	for _, slack := range []int{1, 2, 3} {
		for phase := range uint32(10) {
			t.Run(fmt.Sprintf("slack=%d/phase=%d", slack, phase), func(t *testing.T) {
				f := components.Follow{Radius: 5, Slack: slack, Phase: phase}
				var v components.View
				follow(at, &v, f)
				s := uint32(slack)
				want := at.Add(-int32(phase%s), 0, -int32(phase/s%s))
				if v.Center != want || at.Chebyshev(v.Center) > int64(v.Pad) {
					t.Fatalf("first centre %v, want %v within pad %d of %v", v.Center, want, v.Pad, at)
				}
				rng := rand.New(rand.NewPCG(uint64(phase), uint64(slack)))
				pos := components.Position{X: float64(at.X)*16 + 8, Y: float64(at.Y)*16 + 8, Z: float64(at.Z)*16 + 8}
				for i := range 2_000 {
					pos.X += rng.Float64()*6 - 3
					pos.Z += rng.Float64()*6 - 3
					follow(pos.Section(), &v, f)
					if p, ok := covered(pos.Section(), f.Radius, v); !ok {
						t.Fatalf("step %d at %v: %v not covered by %+v", i, pos.Section(), p, v)
					}
				}
			})
		}
	}
}

// TestPhasesSpreadRecentres: views that start alike and move alike all
// recentre on the same ticks; with Phases drawn per entity their
// recentrings fall on as many ticks as the Slack allows, evenly.
func TestPhasesSpreadRecentres(t *testing.T) {
	const n, speed = 64, 0.25 // blocks a tick: a section in 64 ticks
	recentres := func(phase func(i int) uint32) map[int]int {
		at := map[int]int{} // tick -> views recentred
		for i := range n {
			f := components.Follow{Radius: 8, Slack: 2, Phase: phase(i)}
			pos := components.Position{X: 5, Y: 40, Z: 5}
			var v components.View
			follow(pos.Section(), &v, f)
			for tick := range 256 { // two periods
				pos.X += speed
				c := v.Center
				follow(pos.Section(), &v, f)
				if v.Center != c {
					at[tick]++
				}
			}
		}
		return at
	}
	if got := recentres(func(int) uint32 { return 0 }); len(got) != 2 {
		t.Fatalf("without phases: recentres on %d ticks %v, want all on 2", len(got), got)
	}
	got := recentres(func(i int) uint32 { return uint32(i) }) // x phases 0 and 1 in turn
	if len(got) != 4 {
		t.Fatalf("with phases: recentres on %d ticks %v, want 4", len(got), got)
	}
	for tick, k := range got {
		if k != n/2 {
			t.Fatalf("with phases: %d views recentred on tick %d (%v), want %d", k, tick, got, n/2)
		}
	}
}
