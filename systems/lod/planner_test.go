package lod

import (
	"testing"
	"time"

	"github.com/stratavox/strata/resources/chunk"
)

// TestHandoff: the planner takes what the ticks left since it last
// looked — the latest tick's views, every tick's edits, and how many
// ticks that was — or nothing.
func TestHandoff(t *testing.T) {
	view := func(id uint64) viewIn { return viewIn{id: id, eye: chunk.Pos{X: int32(id)}} }
	edit := func(x int32) editIn { return editIn{pos: chunk.Pos{X: x}} }
	type put struct {
		views []viewIn
		edits []editIn
	}
	tests := []struct {
		name      string
		puts      []put
		ok        bool
		ticks     int
		views     []uint64
		edits     []int32
		coalesced int
	}{
		{"nothing", nil, false, 0, nil, nil, 0},
		{"one tick", []put{{[]viewIn{view(1), view(2)}, []editIn{edit(5)}}}, true, 1, []uint64{1, 2}, []int32{5}, 0},
		{"two ticks: the later views, both ticks' edits", []put{
			{[]viewIn{view(1), view(2)}, []editIn{edit(5)}},
			{[]viewIn{view(3)}, []editIn{edit(6), edit(7)}},
		}, true, 2, []uint64{3}, []int32{5, 6, 7}, 1},
		{"a client left", []put{{[]viewIn{view(1)}, nil}, {nil, nil}}, true, 2, nil, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h handoff
			coalesced := 0
			for _, p := range tt.puts {
				if h.put(time.Now(), p.views, p.edits) {
					coalesced++
				}
			}
			var in input
			if ok := h.take(&in); ok != tt.ok {
				t.Fatalf("take: %v, want %v", ok, tt.ok)
			}
			if in.ticks != tt.ticks || coalesced != tt.coalesced {
				t.Errorf("ticks %d, coalesced %d; want %d, %d", in.ticks, coalesced, tt.ticks, tt.coalesced)
			}
			if len(in.views) != len(tt.views) {
				t.Fatalf("views %v, want ids %v", in.views, tt.views)
			}
			for i, v := range in.views {
				if v.id != tt.views[i] {
					t.Errorf("view %d is %d, want %d", i, v.id, tt.views[i])
				}
			}
			if len(in.edits) != len(tt.edits) {
				t.Fatalf("edits %v, want %v", in.edits, tt.edits)
			}
			for i, e := range in.edits {
				if e.pos.X != tt.edits[i] {
					t.Errorf("edit %d at x %d, want %d", i, e.pos.X, tt.edits[i])
				}
			}
			if h.take(&in) {
				t.Error("a second take found a hand-over")
			}
		})
	}
}
