package status

import (
	"testing"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// TestMapLegendMatchesColumns: the map's legend names every colour the
// status page draws its columns in, by the block the column's colour was
// taken from, and lists nothing it does not draw.
func TestMapLegendMatchesColumns(t *testing.T) {
	store := resources.NewChunkStore()
	// Columns (0..3, 0) topped with grass, snow, sand and water; column
	// (4, 0) only air (no surface yet); (5, 0) a dense section whose
	// centre column, where the colour is taken, is air.
	tops := []chunk.Block{chunk.Grass, chunk.Snow, chunk.Sand, chunk.Water}
	for x, b := range tops {
		sec := chunk.Uniform(chunk.Stone)
		for i := range chunk.Size {
			for k := range chunk.Size {
				sec.Set(i, chunk.Size-1, k, b)
			}
		}
		if err := store.Insert(chunk.Pos{X: int32(x), Y: 3, Z: 0}, sec, 1); err != nil {
			t.Fatal(err)
		}
		if err := store.Insert(chunk.Pos{X: int32(x), Y: 4, Z: 0}, chunk.Uniform(chunk.Air), 1); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Insert(chunk.Pos{X: 4, Y: 4, Z: 0}, chunk.Uniform(chunk.Air), 1); err != nil {
		t.Fatal(err)
	}
	air := chunk.Uniform(chunk.Air)
	air.Set(0, 0, 0, chunk.Stone)
	if err := store.Insert(chunk.Pos{X: 5, Y: 4, Z: 0}, air, 1); err != nil {
		t.Fatal(err)
	}

	var s Plugin
	cols := s.columns(store)
	key := admin.MapLegend(cols, s.surfaces, 1)
	byColor := map[uint32]admin.MapKey{}
	byKey := map[string]admin.MapKey{}
	for _, k := range key {
		if k.Key == admin.MapKeySurface {
			if _, dup := byColor[k.Color]; dup {
				t.Fatalf("colour #%06x twice in the legend %+v", k.Color, key)
			}
			byColor[k.Color] = k
		} else {
			byKey[k.Key] = k
		}
	}
	drawn := map[string]int{}
	for _, c := range cols {
		// The page's columnColor: the column's colour, else the key of
		// its kind.
		switch {
		case c.Color != 0:
			k, ok := byColor[c.Color]
			if !ok {
				t.Fatalf("column %d,%d drawn in #%06x, which the legend %+v lacks", c.X, c.Z, c.Color, key)
			}
			if want := tops[c.X]; k.Name != want.String() || c.Color != want.Props().Color {
				t.Errorf("column %d,%d: #%06x named %q, want %s's #%06x", c.X, c.Z, c.Color, k.Name, want, want.Props().Color)
			}
			drawn[k.Name]++
		case c.Dense > 0:
			drawn[admin.MapKeyDense]++
		default:
			drawn[admin.MapKeyUniform]++
		}
	}
	for _, k := range key {
		name := k.Name
		if k.Key != admin.MapKeySurface {
			name = k.Key
		}
		if k.Key != admin.MapKeyPlayer && drawn[name] != k.Columns {
			t.Errorf("legend %+v: %d columns drawn so", k, drawn[name])
		}
	}
	if len(byColor) != len(tops) || byKey[admin.MapKeyDense].Color != admin.MapColorDense ||
		byKey[admin.MapKeyUniform].Color != admin.MapColorUniform || byKey[admin.MapKeyPlayer].Color != admin.MapColorPlayer {
		t.Fatalf("legend %+v: want the four surfaces, dense, uniform and the player", key)
	}
}
