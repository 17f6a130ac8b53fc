package bots

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/worldgen"
)

// hills is a synthetic terrain with slopes of up to two blocks between
// neighbouring columns, and the physics.World made of it.
type hills struct{ tops map[[2]int32]int }

func newHills() *hills { return &hills{tops: map[[2]int32]int{}} }

func (*hills) groundAt(x, z int) int {
	return 64 + int(math.Floor(10*math.Sin(float64(x)/13)+8*math.Cos(float64(z)/17)))
}

func (h *hills) ground(x, z int) (int, bool) { return h.groundAt(x, z), true }

func (h *hills) top(cx, cz int32) (int, bool) {
	k := [2]int32{cx, cz}
	if top, ok := h.tops[k]; ok {
		return top, true
	}
	top := math.MinInt
	for x := range chunk.Size {
		for z := range chunk.Size {
			top = max(top, h.groundAt(int(cx)*chunk.Size+x, int(cz)*chunk.Size+z))
		}
	}
	h.tops[k] = top
	return top, true
}

func (h *hills) Block(x, y, z int) (chunk.Block, bool) {
	if y <= h.groundAt(x, z) {
		return chunk.Stone, true
	}
	return chunk.Air, true
}

// TestPatternsPassTheServerRules runs every pattern over hills and checks
// each tick's move with the server's own rule, at the server's limits for
// walking and at a fly limit equal to the speed.
func TestPatternsPassTheServerRules(t *testing.T) {
	for _, tt := range []struct {
		p     Pattern
		speed float64
		mode  physics.Mode
	}{
		{Walk, Walk.DefaultSpeed(), physics.Walk},
		{Fly, Fly.DefaultSpeed(), physics.Fly},
		{Fly, 70, physics.Fly},
		{Spiral, Spiral.DefaultSpeed(), physics.Fly},
		{Teleport, 0, physics.Walk},
	} {
		lim := physics.DefaultLimits()
		lim.FlySpeed = max(lim.FlySpeed, tt.speed)
		for seed := range uint64(4) {
			h := newHills()
			start := vec{0.5, float64(h.groundAt(0, 0) + 1), 0.5}
			m := motion{pos: start, onGround: true}
			pat := newPattern(tt.p, tt.speed, 8, rand.New(rand.NewPCG(seed, 1)), h, &m)
			path := 0.0
			const ticks = 1200 // a minute
			for i := range ticks {
				before := m.pos
				pat.step(&m, 0.05)
				if r := physics.CheckMove(h, physics.Vec(before), physics.Vec(m.pos), 1, tt.mode, lim); r != physics.OK {
					t.Fatalf("%s at %g, seed %d, tick %d: move %v → %v rejected: %v", tt.p, tt.speed, seed, i, before, m.pos, r)
				}
				if m.flying != tt.p.Flying() {
					t.Fatalf("%s: flying=%v", tt.p, m.flying)
				}
				path += m.pos.sub(before).horizontal()
			}
			// Flying spends some speed on climbing, never much of it.
			if want := tt.speed * ticks * 0.05; path < 0.8*want || path > want+1e-6 {
				t.Errorf("%s at %g, seed %d: %.0f blocks in a minute, want about %.0f", tt.p, tt.speed, seed, path, want)
			}
		}
	}
}

// TestFlyerStaysNearTheGround checks that a flyer over real terrain stays
// within the vertical reach of a view of 8 (64 blocks) above the ground:
// the flight measures natural terrain, not empty sky.
func TestFlyerStaysNearTheGround(t *testing.T) {
	gen, err := worldgen.New(20261129, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	terr := newSurfaceCache(gen)
	x, y, z := gen.FindSpawn()
	m := motion{pos: vec{float64(x) + 0.5, float64(y), float64(z) + 0.5}}
	pat := newPattern(Fly, 70, 8, rand.New(rand.NewPCG(3, 3)), terr, &m)
	worst := 0.0
	for i := range 20 * 30 {
		pat.step(&m, 0.05)
		g, _ := terr.ground(int(math.Floor(m.pos.X)), int(math.Floor(m.pos.Z)))
		if i > 100 { // after take-off
			worst = max(worst, m.pos.Y-float64(g))
		}
		if m.pos.Y < float64(g+1) {
			t.Fatalf("tick %d: below the ground: y %.1f, ground %d", i, m.pos.Y, g)
		}
	}
	if worst > 64 {
		t.Errorf("flew up to %.0f blocks above the ground", worst)
	}
}

// TestSpreadOffset: a bot's spread place lies within the disc, is the
// same for the same seed and bot, and differs between bots.
func TestSpreadOffset(t *testing.T) {
	tests := []struct {
		name     string
		seed     uint64
		diameter float64
	}{
		{"20 km", 1, 20000},
		{"small", 7, 64},
		{"other seed", 99, 5000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := map[vec]bool{}
			far := 0.0
			for i := range 200 {
				o := spreadOffset(tt.seed, i, tt.diameter)
				if d := o.horizontal(); d > tt.diameter/2 {
					t.Fatalf("bot %d at %.1f blocks, beyond the disc's radius %.1f", i, d, tt.diameter/2)
				} else {
					far = max(far, d)
				}
				if again := spreadOffset(tt.seed, i, tt.diameter); *again != *o {
					t.Fatalf("bot %d: %v then %v", i, *o, *again)
				}
				seen[*o] = true
			}
			if len(seen) != 200 {
				t.Errorf("%d distinct places of 200", len(seen))
			}
			if far < tt.diameter/4 {
				t.Errorf("the farthest of 200 bots is %.1f blocks out, of a radius %.1f", far, tt.diameter/2)
			}
		})
	}
}
