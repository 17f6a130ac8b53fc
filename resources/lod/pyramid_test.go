package lod

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// checkTiling checks that tiles cover every level-0 section under the
// coarsest level's need set exactly once, structurally: no tile has a
// tile among its ancestors, and from every root (a coarsest-level tile or
// an ancestor of tiles at that level) every in-world child is a tile or
// covered below. It also checks that each level's cylinder is drawn at
// that level or finer.
func checkTiling(t *testing.T, v View, tiles []Pos) {
	t.Helper()
	set := make(map[Pos]bool, len(tiles))
	for _, p := range tiles {
		if set[p] {
			t.Fatalf("%v twice", p)
		}
		if !p.InWorld() {
			t.Fatalf("%v outside the world", p)
		}
		set[p] = true
	}
	// Ancestors of tiles: the split sections.
	split := map[Pos]bool{}
	for _, p := range tiles {
		for a := p; int(a.Level) < v.Levels; {
			a = a.Parent()
			if set[a] {
				t.Fatalf("%v and its ancestor %v are both tiles: overlap", p, a)
			}
			split[a] = true
		}
	}
	// Every split section's in-world children are tiles or split: no gap.
	for s := range split {
		for _, c := range s.Children() {
			if c.InWorld() && !set[c] && !split[c] {
				t.Fatalf("%v is split but its child %v is neither a tile nor split: gap", s, c)
			}
		}
	}
	// Each level's cylinder is covered at that level or finer; with
	// Inward, level 0's is covered at level 1 at worst.
	for l := 0; l <= v.Levels; l++ {
		for p := range refCylinder(&v, l) {
			q := Pos{Pos: p, Level: uint8(l)}
			if l == 0 && v.Inward && v.Levels > 0 {
				q = q.Parent()
			}
			if !set[q] && !split[q] && !(l == 0 && v.Inward && set[Pos{Pos: p}]) {
				t.Fatalf("level %d cylinder section %v is drawn coarser", l, q)
			}
		}
	}
}

// refCylinder is the level-l cylinder section by section, from wants.
func refCylinder(v *View, l int) map[chunk.Pos]struct{} {
	set := map[chunk.Pos]struct{}{}
	c, r, pad := v.Centers[l], int32(v.Radius), int32(v.Pad)
	lo, hi := YRange(l)
	for dx := -(r + pad); dx <= r+pad; dx++ {
		for dz := -(r + pad); dz <= r+pad; dz++ {
			for dy := -(r/2 + pad); dy <= r/2+pad; dy++ {
				p := c.Add(dx, dy, dz)
				if p.Y >= lo && p.Y <= hi && v.wants(l, p) && (Pos{Pos: p, Level: uint8(l)}).InWorld() {
					set[p] = struct{}{}
				}
			}
		}
	}
	return set
}

// refTiles is Tiles written plainly over sets of sections, straight from
// its definition.
func refTiles(v *View) []Pos {
	n := v.Levels
	need0 := refCylinder(v, 0)
	if v.Inward && n > 0 {
		whole := map[chunk.Pos]struct{}{}
		for p := range need0 {
			all := true
			for _, c := range (Pos{Pos: p}).Parent().Children() {
				if _, in := need0[c.Pos]; !in && c.InWorld() {
					all = false
				}
			}
			if all {
				whole[p] = struct{}{}
			}
		}
		need0 = whole
	}
	needs := []map[chunk.Pos]struct{}{need0}
	splits := []map[chunk.Pos]struct{}{{}}
	for l := 1; l <= n; l++ {
		split := map[chunk.Pos]struct{}{}
		for p := range needs[l-1] {
			split[Pos{Pos: p}.Parent().Pos] = struct{}{}
		}
		need := refCylinder(v, l)
		for p := range split {
			need[p] = struct{}{}
		}
		needs, splits = append(needs, need), append(splits, split)
	}
	var out []Pos
	for l := 0; l <= n; l++ {
		if l == n {
			for p := range needs[n] {
				if _, s := splits[n][p]; !s {
					out = append(out, Pos{Pos: p, Level: uint8(n)})
				}
			}
			continue
		}
		for p := range splits[l+1] {
			for _, c := range (Pos{Pos: p, Level: uint8(l + 1)}).Children() {
				if _, s := splits[l][c.Pos]; !s && c.InWorld() {
					out = append(out, c)
				}
			}
		}
	}
	slices.SortFunc(out, Compare)
	return out
}

func TestTilesExact(t *testing.T) {
	for _, tc := range []struct {
		at                  chunk.Pos
		radius, pad, levels int
	}{
		{chunk.Pos{X: 0, Y: 4, Z: 0}, 8, 0, 7},
		{chunk.Pos{X: -1, Y: 4, Z: 3}, 8, 1, 7},
		{chunk.Pos{X: 12345, Y: -4, Z: -777}, 8, 1, 7},
		{chunk.Pos{X: 5, Y: 19, Z: -5}, 3, 0, 5},
		{chunk.Pos{X: 0, Y: 0, Z: 0}, 0, 0, 4},
		{chunk.Pos{X: 7, Y: 2, Z: 7}, 1, 2, 3},
		{chunk.Pos{X: 2, Y: 4, Z: 2}, 16, 1, 7},
		{chunk.Pos{X: 3, Y: 4, Z: 3}, 8, 1, 0},
		{chunk.Pos{X: chunk.BorderSections - 2, Y: 4, Z: -chunk.BorderSections + 1}, 8, 1, 7},
	} {
		for _, inward := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v_r%d_p%d_n%d_in%v", tc.at, tc.radius, tc.pad, tc.levels, inward), func(t *testing.T) {
				v := NewView(tc.at, tc.radius, tc.pad, tc.levels)
				v.Inward = inward
				tiles := v.Tiles(nil)
				if !slices.IsSortedFunc(tiles, Compare) {
					t.Fatal("tiles not sorted")
				}
				checkTiling(t, v, tiles)
				if ref := refTiles(&v); !slices.Equal(tiles, ref) {
					t.Fatalf("Tiles gives %d tiles, the plain definition %d", len(tiles), len(ref))
				}
				// Level 0 is the cylinder plus at most one ring: within the
				// cylinder padded by one more.
				wider := v
				wider.Pad++
				fringe := 0
				for _, p := range tiles {
					if p.Level == 0 && !wider.wants(0, p.Pos) {
						t.Errorf("level-0 tile %v beyond the cylinder padded by one", p)
					}
					if p.Level == 0 && !v.InCylinder(p) {
						fringe++
					}
				}
				if inward && fringe > 0 {
					t.Errorf("inward: %d level-0 tiles beyond the cylinder", fringe)
				}
				t.Logf("%d tiles, %d of them the level-0 fringe", len(tiles), fringe)
			})
		}
	}
}

// TestTilesBruteForce checks the tiling section by section on small
// pyramids: every level-0 section under the coarsest tiles' region is in
// exactly one tile.
func TestTilesBruteForce(t *testing.T) {
	for _, at := range []chunk.Pos{{X: 0, Y: 4, Z: 0}, {X: -3, Y: 1, Z: 6}, {X: 9, Y: 18, Z: -9}} {
		for _, r := range []int{1, 2, 4} {
			v := NewView(at, r, 1, 3)
			tiles := v.Tiles(nil)
			cover := map[chunk.Pos]int{}
			roots := map[Pos]bool{}
			for _, p := range tiles {
				lo, hi := p.Sections()
				for x := lo.X; x <= hi.X; x++ {
					for z := lo.Z; z <= hi.Z; z++ {
						for y := max(lo.Y, chunk.MinSectionY); y <= min(hi.Y, chunk.MaxSectionY); y++ {
							cover[chunk.Pos{X: x, Y: y, Z: z}]++
						}
					}
				}
				roots[At(lo, v.Levels)] = true
			}
			for q, n := range cover {
				if n != 1 {
					t.Fatalf("%v r%d: section %v covered %d times", at, r, q, n)
				}
			}
			want := 0
			for root := range roots {
				lo, hi := root.Sections()
				want += int(hi.X-lo.X+1) * int(hi.Z-lo.Z+1) * int(min(hi.Y, chunk.MaxSectionY)-max(lo.Y, chunk.MinSectionY)+1)
			}
			if len(cover) != want {
				t.Fatalf("%v r%d: %d sections covered, the roots hold %d: gap", at, r, len(cover), want)
			}
		}
	}
}

// TestTileCounts records the size of one viewer's pyramid at view radius
// 8, seven levels (the default horizon), without and with the hysteresis
// pad: the figures of the report, and a bound so that a change to the
// ring rule that bloats it fails. Measured: pad 0, 2,320 level-0 tiles
// (the cylinder's 1,809 and the rounding to whole parents) and 5,324 LOD
// sections, per level 2030 1102 696 522 348 348 278; pad 1, 3,696 and
// 7,006. Inward: pad 0, 1,312 level-0 tiles (the cylinder's odd top layer
// and outer partial parents go to level 1) and 5,450 LOD sections; pad 1,
// 2,320 and 7,178.
func TestTileCounts(t *testing.T) {
	for _, tc := range []struct {
		pad, maxLOD int
		inward      bool
	}{{0, 5500, false}, {1, 7200, false}, {0, 5500, true}, {1, 7200, true}} {
		v := NewView(chunk.Pos{X: 3, Y: 4, Z: -2}, 8, tc.pad, 7)
		v.Inward = tc.inward
		tiles := v.Tiles(nil)
		var per [MaxLevel + 1]int
		for _, p := range tiles {
			per[p.Level]++
		}
		lod := len(tiles) - per[0]
		t.Logf("radius 8, pad %d, inward %v, 7 levels: %d level-0 tiles, %d LOD sections, per level %v", tc.pad, tc.inward, per[0], lod, per)
		if lod > tc.maxLOD {
			t.Errorf("pad %d: %d LOD sections, bound %d", tc.pad, lod, tc.maxLOD)
		}
	}
}

// TestFollow: pacing across a border moves no centre; straight travel
// moves level L's centre every slack·2^L sections; the viewer's cylinder
// stays inside each level's padded one.
func TestFollow(t *testing.T) {
	const slack = 2
	at := chunk.Pos{X: 0, Y: 4, Z: 0}
	v := NewView(at, 8, slack-1, 7)
	if m := v.Follow(at.Add(-1, 0, 0), slack); m != 0 {
		t.Fatalf("one step moved levels %b", m)
	}
	if m := v.Follow(at, slack); m != 0 {
		t.Fatalf("stepping back moved levels %b", m)
	}
	var moves [MaxLevel + 1]int
	for x := int32(1); x <= 1024; x++ {
		p := at.Add(x, 0, 0)
		m := v.Follow(p, slack)
		for l := range moves {
			if m&(1<<l) != 0 {
				moves[l]++
			}
			// Coverage: the level-l cylinder around the viewer is inside
			// the view's.
			if l > v.Levels {
				continue
			}
			c := At(p, l).Pos
			if padded(int64(c.X)-int64(v.Centers[l].X), 0) > int64(v.Pad) || padded(int64(c.Z)-int64(v.Centers[l].Z), 0) > int64(v.Pad) {
				t.Fatalf("x=%d level %d: viewer at %v, centre %v beyond pad", x, l, c, v.Centers[l])
			}
		}
	}
	for l, n := range moves {
		if want := 1024 / (slack << l); n != want {
			t.Errorf("level %d moved %d times over 1024 sections, want %d", l, n, want)
		}
	}
}

func TestSetUnion(t *testing.T) {
	s := NewSet()
	a := NewView(chunk.Pos{X: 0, Y: 4, Z: 0}, 4, 1, 3)
	b := NewView(chunk.Pos{X: 3, Y: 4, Z: 0}, 4, 1, 3)
	ta, tb := a.Tiles(nil), b.Tiles(nil)
	s.Set(1, ta)
	if s.Len() != len(ta) {
		t.Fatalf("Len %d, want %d", s.Len(), len(ta))
	}
	wanted, _ := s.Changes()
	if len(wanted) != len(ta) {
		t.Fatalf("wanted %d, want %d", len(wanted), len(ta))
	}
	s.ClearChanges()
	s.Set(2, tb)
	union := map[Pos]int{}
	for _, p := range ta {
		union[p]++
	}
	for _, p := range tb {
		union[p]++
	}
	if s.Len() != len(union) {
		t.Fatalf("Len %d, union %d", s.Len(), len(union))
	}
	for p, n := range union {
		if s.Count(p) != n {
			t.Fatalf("%v count %d, want %d", p, s.Count(p), n)
		}
	}
	s.ClearChanges()
	// Moving view 1 onto view 2's place: the set becomes view 2's tiles,
	// and only view 1's own tiles leave.
	s.Set(1, b.Tiles(nil))
	_, unwanted := s.Changes()
	for _, p := range unwanted {
		if s.Contains(p) || slices.Contains(tb, p) {
			t.Fatalf("%v unwanted but still held", p)
		}
	}
	if got := s.AppendPositions(nil); !slices.Equal(got, tb) {
		t.Fatalf("after the move the set holds %d, want view 2's %d", len(got), len(tb))
	}
	s.Remove(1)
	s.Remove(2)
	if s.Len() != 0 || s.Views() != 0 {
		t.Fatalf("after removing both: Len %d Views %d", s.Len(), s.Views())
	}
}

// TestLevel0IsTheResidencyCylinder: a view's level-0 cylinder is exactly
// resources.Cylinder of the same centre, radius and pad, so the pyramid's
// level 0 meets the desired set the residency already keeps.
func TestLevel0IsTheResidencyCylinder(t *testing.T) {
	for _, tc := range []struct {
		at          chunk.Pos
		radius, pad int
	}{
		{chunk.Pos{X: 0, Y: 4, Z: 0}, 8, 0},
		{chunk.Pos{X: -5, Y: 18, Z: 7}, 8, 1},
		{chunk.Pos{X: 3, Y: -4, Z: 3}, 5, 2},
		{chunk.Pos{X: chunk.BorderSections, Y: 4, Z: 0}, 4, 1},
	} {
		v := NewView(tc.at, tc.radius, tc.pad, 3)
		got := refCylinder(&v, 0)
		want := resources.Cylinder{Center: tc.at, Radius: tc.radius, Pad: tc.pad}.Positions(nil)
		if len(got) != len(want) {
			t.Fatalf("%+v: %d sections, resources.Cylinder has %d", tc, len(got), len(want))
		}
		for _, p := range want {
			if _, ok := got[p]; !ok || !v.InCylinder(Pos{Pos: p}) {
				t.Fatalf("%+v: %v in resources.Cylinder, not in the view's level 0", tc, p)
			}
		}
	}
}

// TestTilesAfterFollow: after a walk with per-level hysteresis, when the
// levels' centres no longer line up, the tiling is still exact.
func TestTilesAfterFollow(t *testing.T) {
	at := chunk.Pos{X: 0, Y: 4, Z: 0}
	v := NewView(at, 6, 1, 5)
	steps := []chunk.Pos{{X: 1}, {X: 1}, {Z: -1}, {X: 1, Z: 1}, {Y: 1}, {X: -1}, {X: 1}, {X: 1}, {Z: 1}, {X: 1}}
	for i := 0; i < 40; i++ {
		s := steps[i%len(steps)]
		at = at.Add(s.X*3, s.Y, s.Z*3)
		v.Follow(at, 2)
		tiles := v.Tiles(nil)
		checkTiling(t, v, tiles)
		if ref := refTiles(&v); !slices.Equal(tiles, ref) {
			t.Fatalf("step %d: Tiles differs from the plain definition", i)
		}
	}
}
