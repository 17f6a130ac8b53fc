package resources

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// mid is a centre whose cylinders (radius ≤ 16) are never clipped.
var mid = chunk.Pos{X: 3, Y: 7, Z: -5}

func offsets(c Cylinder) map[[3]int64]bool {
	out := map[[3]int64]bool{}
	for _, p := range c.Positions(nil) {
		out[[3]int64{int64(p.X) - int64(c.Center.X), int64(p.Y) - int64(c.Center.Y), int64(p.Z) - int64(c.Center.Z)}] = true
	}
	return out
}

func TestCylinderGaussCircle(t *testing.T) {
	// Lattice points in a disc of radius r (OEIS A000328) times the
	// 2*(r/2)+1 layers: the plain cylinder of the design, boundary included.
	gauss := []int{1, 5, 13, 29, 49, 81, 113, 149, 197, 253, 317}
	for r, n := range gauss {
		c := Cylinder{Center: mid, Radius: r}
		want := n * (2*(r/2) + 1)
		if got := len(c.Positions(nil)); got != want {
			t.Errorf("radius %d: %d sections, want %d", r, got, want)
		}
		if c.Len() != want {
			t.Errorf("radius %d: Len %d, want %d", r, c.Len(), want)
		}
	}
}

func TestCylinderBoundary(t *testing.T) {
	tests := []struct {
		r, pad     int
		dx, dy, dz int32
		in         bool
	}{
		{8, 0, 8, 0, 0, true},
		{8, 0, 9, 0, 0, false},
		{8, 0, 0, 0, -8, true},
		{8, 0, 0, 4, 0, true},
		{8, 0, 0, -4, 0, true},
		{8, 0, 0, 5, 0, false},
		{8, 0, 6, 0, 6, false}, // 72 > 64
		{8, 0, 5, 4, 6, true},  // 61 ≤ 64, |dy| = r/2
		{9, 0, 0, 4, 0, true},
		{9, 0, 0, 5, 0, false}, // r/2 rounds down
		{8, 1, 9, 0, 0, true},
		{8, 1, 10, 0, 0, false},
		{8, 1, 0, 5, 0, true},
		{8, 1, 0, 6, 0, false},
		{8, 1, 7, 0, 7, false}, // padded to (6,6): 72 > 64
		{8, 1, 6, 0, 7, true},  // padded to (5,6): 61 ≤ 64
		{0, 0, 0, 0, 0, true},
		{0, 0, 1, 0, 0, false},
		{0, 1, 1, 1, 1, true},
		{0, 1, 2, 0, 0, false},
	}
	for _, tc := range tests {
		c := Cylinder{Center: mid, Radius: tc.r, Pad: tc.pad}
		p := mid.Add(tc.dx, tc.dy, tc.dz)
		if got := c.Contains(p); got != tc.in {
			t.Errorf("r=%d pad=%d offset (%d,%d,%d): Contains = %v, want %v", tc.r, tc.pad, tc.dx, tc.dy, tc.dz, got, tc.in)
		}
	}
}

func TestCylinderSymmetricAndConsistent(t *testing.T) {
	for r := 0; r <= 12; r++ {
		for pad := 0; pad <= 2; pad++ {
			c := Cylinder{Center: mid, Radius: r, Pad: pad}
			off := offsets(c)
			reach := int64(r + pad)
			for dx := -reach - 1; dx <= reach+1; dx++ {
				for dz := -reach - 1; dz <= reach+1; dz++ {
					for dy := -reach - 1; dy <= reach+1; dy++ {
						k := [3]int64{dx, dy, dz}
						in := off[k]
						for _, m := range [][3]int64{{-dx, dy, dz}, {dx, -dy, dz}, {dx, dy, -dz}, {dz, dy, dx}} {
							if off[m] != in {
								t.Fatalf("r=%d pad=%d: offset %v in=%v but mirror %v in=%v", r, pad, k, in, m, off[m])
							}
						}
						p := mid.Add(int32(dx), int32(dy), int32(dz))
						if c.Contains(p) != in {
							t.Fatalf("r=%d pad=%d: Contains(%v) disagrees with Positions", r, pad, k)
						}
					}
				}
			}
		}
	}
}

func TestCylinderTranslationInvariant(t *testing.T) {
	centres := []chunk.Pos{{X: 0, Y: 7, Z: 0}, {X: -1000, Y: 8, Z: 250}, {X: 123456, Y: 10, Z: -987654}, {X: -chunk.BorderSections + 20, Y: 6, Z: chunk.BorderSections - 20}}
	for _, r := range []int{0, 1, 3, 8, 13} {
		for _, pad := range []int{0, 1} {
			want := offsets(Cylinder{Center: mid, Radius: r, Pad: pad})
			for _, c := range centres {
				got := offsets(Cylinder{Center: c, Radius: r, Pad: pad})
				if len(got) != len(want) {
					t.Fatalf("r=%d pad=%d at %v: %d sections, want %d", r, pad, c, len(got), len(want))
				}
				for k := range want {
					if !got[k] {
						t.Fatalf("r=%d pad=%d at %v: offset %v missing", r, pad, c, k)
					}
				}
			}
		}
	}
}

func TestCylinderClippedVertically(t *testing.T) {
	tests := []struct {
		name   string
		y      int32
		lo, hi int32
	}{
		{"top", chunk.MaxSectionY, chunk.MaxSectionY - 4, chunk.MaxSectionY},
		{"bottom", chunk.MinSectionY, chunk.MinSectionY, chunk.MinSectionY + 4},
		{"above the world", chunk.MaxSectionY + 4, chunk.MaxSectionY, chunk.MaxSectionY},
		{"far above", 1000, 1, 0},
		{"far below", -1000, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Cylinder{Center: chunk.Pos{X: 5, Y: tc.y, Z: 5}, Radius: 8}
			ps := c.Positions(nil)
			if tc.lo > tc.hi {
				if len(ps) != 0 {
					t.Fatalf("%d sections, want none", len(ps))
				}
				return
			}
			if want := 197 * int(tc.hi-tc.lo+1); len(ps) != want {
				t.Fatalf("%d sections, want %d", len(ps), want)
			}
			for _, p := range ps {
				if p.Y < tc.lo || p.Y > tc.hi || !p.InWorld() {
					t.Fatalf("section %v outside %d..%d", p, tc.lo, tc.hi)
				}
			}
		})
	}
}

func TestCylinderWorldBorder(t *testing.T) {
	c := Cylinder{Center: chunk.Pos{X: chunk.BorderSections, Y: 0, Z: 0}, Radius: 4}
	ps := c.Positions(nil)
	if len(ps) == 0 || len(ps) != c.Len() {
		t.Fatalf("%d positions, Len %d", len(ps), c.Len())
	}
	if slices.ContainsFunc(ps, func(p chunk.Pos) bool { return !p.InWorld() }) {
		t.Fatal("a position beyond the border")
	}
}

func TestPriorityWeightsVertical(t *testing.T) {
	c := chunk.Pos{}
	if Priority(c, chunk.Pos{Y: 1}) <= Priority(c, chunk.Pos{X: 1}) {
		t.Fatal("one step up should rank behind one step sideways")
	}
	if Priority(c, chunk.Pos{Y: 1}) != Priority(c, chunk.Pos{X: 2}) {
		t.Fatal("vertical weight should be 2")
	}
}

// TestColumnMaskAgreesWithContains checks the column form against the
// per-section one, near the world's top, bottom and border too.
func TestColumnMaskAgreesWithContains(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		c := Cylinder{
			Center: chunk.Pos{
				X: int32(rng.IntN(41) - 20), Y: int32(rng.IntN(40) - 12), Z: int32(rng.IntN(41) - 20),
			},
			Radius: rng.IntN(10), Pad: rng.IntN(3),
		}
		if rng.IntN(4) == 0 {
			c.Center.X += chunk.BorderSections
		}
		for dx := int32(-14); dx <= 14; dx++ {
			for dz := int32(-14); dz <= 14; dz++ {
				x, z := c.Center.X+dx, c.Center.Z+dz
				m := c.ColumnMask(x, z)
				if masks := c.Masks(); m != 0 && m != masks.Vertical() {
					t.Fatalf("%+v: column (%d, %d) mask %024b, vertical %024b", c, x, z, m, masks.Vertical())
				}
				for y := int32(chunk.MinSectionY) - 1; y <= chunk.MaxSectionY+1; y++ {
					in := y >= chunk.MinSectionY && y <= chunk.MaxSectionY && m&(1<<(y-chunk.MinSectionY)) != 0
					if p := (chunk.Pos{X: x, Y: y, Z: z}); in != c.Contains(p) {
						t.Fatalf("%+v: column (%d, %d) mask %024b says %v for Y %d, Contains %v", c, x, z, m, in, y, !in)
					}
				}
			}
		}
	}
}

// TestFootprintEnteringMatchesCovers checks that eachEntering lists what
// eachColumn lists minus what the other footprint covers, in the same
// order, for steps of every size (overlapping or not) and at the border.
func TestFootprintEnteringMatchesCovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	border := int32(chunk.BorderSections)
	for trial := range 2000 {
		fp := newFootprint(rng.IntN(17), rng.IntN(3))
		from := chunk.Pos{X: int32(rng.IntN(41) - 20), Z: int32(rng.IntN(41) - 20)}
		if trial%5 == 0 { // straddling the world's border
			from.X, from.Z = border-int32(rng.IntN(6)), -border+int32(rng.IntN(6))
		}
		step := 1 + rng.IntN(2*fp.reach+3)
		to := chunk.Pos{X: from.X + int32(rng.IntN(2*step+1)-step), Z: from.Z + int32(rng.IntN(2*step+1)-step)}
		var want, got [][2]int64
		fp.eachColumn(to, func(x, z int64) {
			if !fp.covers(x-int64(from.X), z-int64(from.Z)) {
				want = append(want, [2]int64{x, z})
			}
		})
		fp.eachEntering(from, to, func(x, z int64) { got = append(got, [2]int64{x, z}) })
		if !slices.Equal(got, want) {
			t.Fatalf("reach %d, %v → %v: entering %v, want %v", fp.reach, from, to, got, want)
		}
	}
}
