package lod

import (
	"slices"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// TestSetChangeIsSet: following a view through moves with Change (given
// the diff of its tiles) leaves the set as Set (given the tiles) does.
func TestSetChangeIsSet(t *testing.T) {
	tests := []struct {
		name  string
		moves []chunk.Pos
	}{
		{"still", []chunk.Pos{{}}},
		{"a step east", []chunk.Pos{{}, {X: 2}}},
		{"a long flight", []chunk.Pos{{}, {X: 5}, {X: 40, Z: -3}, {X: 41, Y: 3, Z: -3}, {X: -500}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := NewSet(), NewSet()
			other := NewView(chunk.Pos{X: 3}, 4, 1, 3)
			a.Set(2, other.Tiles(nil))
			b.Set(2, other.Tiles(nil))
			v := NewView(tt.moves[0], 4, 1, 3)
			var old []Pos
			for _, m := range tt.moves {
				v.Follow(m, 2)
				tiles := v.Tiles(nil)
				var removed, added []Pos
				i, j := 0, 0
				for i < len(old) || j < len(tiles) {
					switch {
					case j == len(tiles) || i < len(old) && Compare(old[i], tiles[j]) < 0:
						removed = append(removed, old[i])
						i++
					case i == len(old) || Compare(old[i], tiles[j]) > 0:
						added = append(added, tiles[j])
						j++
					default:
						i, j = i+1, j+1
					}
				}
				a.Set(1, tiles)
				b.Change(1, tiles, removed, added)
				old = tiles
				if pa, pb := a.AppendPositions(nil), b.AppendPositions(nil); !slices.Equal(pa, pb) {
					t.Fatalf("after %v: Set holds %d, Change %d", m, len(pa), len(pb))
				}
				for _, p := range a.AppendPositions(nil) {
					if a.Count(p) != b.Count(p) {
						t.Fatalf("%v counted %d by Set, %d by Change", p, a.Count(p), b.Count(p))
					}
				}
			}
			a.Remove(1)
			b.Remove(1)
			if a.Len() != b.Len() {
				t.Errorf("after Remove: %d and %d", a.Len(), b.Len())
			}
		})
	}
}
