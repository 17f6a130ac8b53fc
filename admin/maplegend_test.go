package admin

import (
	"encoding/json"
	"testing"
)

// TestMapLegend: the legend has an entry for every colour a map of the
// columns and players is drawn in (the surface colours, the most shown
// first; dense and uniform for columns without one; the player's dot),
// with how many columns each, and nothing else; it reaches the page as
// map_key.
func TestMapLegend(t *testing.T) {
	cols := []Column{
		{X: 0, Sections: 4, Dense: 1, Color: 0x00ff00},
		{X: 1, Sections: 4, Dense: 1, Color: 0x0000ff},
		{X: 2, Sections: 4, Dense: 0, Color: 0x0000ff},
		{X: 3, Sections: 4, Dense: 0, Color: 0x123456},
		{X: 4, Sections: 2, Dense: 1},
		{X: 5, Sections: 2, Dense: 0},
	}
	names := map[uint32]string{0x00ff00: "grass", 0x0000ff: "water"}
	got := MapLegend(cols, names, 2)
	want := []MapKey{
		{Key: MapKeySurface, Name: "water", Color: 0x0000ff, Columns: 2},
		{Key: MapKeySurface, Name: "grass", Color: 0x00ff00, Columns: 1},
		{Key: MapKeySurface, Name: "#123456", Color: 0x123456, Columns: 1},
		{Key: MapKeyDense, Name: "no surface yet, dense", Color: MapColorDense, Columns: 1},
		{Key: MapKeyUniform, Name: "no surface yet, uniform", Color: MapColorUniform, Columns: 1},
		{Key: MapKeyPlayer, Name: "player", Color: MapColorPlayer},
	}
	if len(got) != len(want) {
		t.Fatalf("legend %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// Only what is drawn: no players, every column coloured.
	if got := MapLegend(cols[:1], names, 0); len(got) != 1 || got[0].Name != "grass" {
		t.Errorf("one grass column, no players: legend %+v", got)
	}
	if got := MapLegend(nil, nil, 0); len(got) != 0 {
		t.Errorf("empty map: legend %+v", got)
	}
	b, err := json.Marshal(&Snapshot{MapKey: got[:0]})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["map_key"]; !ok {
		t.Errorf("snapshot JSON without map_key: %s", b)
	}
}
