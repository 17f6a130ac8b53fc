package protocol

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

func TestValidName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"steve", true},
		{"Bot-001", true},
		{"a_b", true},
		{strings.Repeat("x", MaxNameLength), true},
		{"", false},
		{strings.Repeat("x", MaxNameLength+1), false},
		{"has space", false},
		{"émile", false},
		{"nul\x00", false},
		{"semi;colon", false},
	}
	for _, tt := range tests {
		if err := ValidName(tt.name); (err == nil) != tt.ok {
			t.Errorf("ValidName(%q) = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestErrorCodeRoundTrip(t *testing.T) {
	for v := range ErrorCode_name {
		c := ErrorCode(v)
		if got := ErrorCodeOf(c.AppCode()); got != c {
			t.Errorf("ErrorCodeOf(%d) = %v, want %v", c.AppCode(), got, c)
		}
	}
	if got := ErrorCodeOf(1 << 40); got != ErrorCode_ERROR_CODE_INTERNAL {
		t.Errorf("unknown code mapped to %v", got)
	}
	if got := ErrorCodeOf(9999); got != ErrorCode_ERROR_CODE_INTERNAL {
		t.Errorf("unknown code mapped to %v", got)
	}
}

func TestSectionPos(t *testing.T) {
	p := chunk.Pos{X: -3, Y: 19, Z: 1 << 20}
	if got := SectionPosOf(p).Chunk(); got != p {
		t.Errorf("round trip %v -> %v", p, got)
	}
	var nilPos *SectionPos
	if got := nilPos.Chunk(); got != (chunk.Pos{}) {
		t.Errorf("nil pos = %v", got)
	}
	m := NewChunk(p, 7, []byte{1, 2})
	if m.GetChunk().GetPos().Chunk() != p || m.GetChunk().GetRevision() != 7 {
		t.Errorf("NewChunk = %v", m)
	}
	if NewDrop(p).GetDrop().GetPos().Chunk() != p {
		t.Errorf("NewDrop wrong")
	}
}

func TestDropsPositions(t *testing.T) {
	tests := []struct {
		name    string
		d       *Drops
		want    []chunk.Pos
		wantErr bool
	}{
		{"nil", nil, nil, false},
		{"empty", &Drops{}, nil, false},
		{"one", &Drops{Coords: []int32{-1, 4, 9}}, []chunk.Pos{{X: -1, Y: 4, Z: 9}}, false},
		{"order kept", &Drops{Coords: []int32{3, -4, -2147483648, 0, 19, 2147483647}},
			[]chunk.Pos{{X: 3, Y: -4, Z: -2147483648}, {X: 0, Y: 19, Z: 2147483647}}, false},
		{"one short", &Drops{Coords: []int32{1, 2}}, nil, true},
		{"one over", &Drops{Coords: []int32{1, 2, 3, 4}}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.d.Positions()
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "multiple of 3") {
				t.Errorf("error %q does not say what is wrong", err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("positions = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestNewDrops(t *testing.T) {
	ps := []chunk.Pos{{X: -3, Y: 19, Z: 1 << 20}, {X: 0, Y: -4, Z: -1}}
	got, err := NewDrops(ps).GetDrops().Positions()
	if err != nil || !slices.Equal(got, ps) {
		t.Errorf("NewDrops round trip = %v, %v; want %v", got, err, ps)
	}
}

// TestDropsColumns: a Drops' or an AirSections' columns (feature
// column-lists) give their sections after its triples, column by column
// from the bottom up, and NewColumnDrops and NewAirColumns build them in
// the order of each column's first section; columns that break the
// protocol give an error and no positions.
func TestDropsColumns(t *testing.T) {
	ps := []chunk.Pos{{X: 3, Y: 19, Z: -1}, {X: -5, Y: 0, Z: 7}, {X: 3, Y: -3, Z: -2}, {X: 3, Y: -4, Z: -2}, {X: 3, Y: 0, Z: -1}}
	m := NewColumnDrops(ps, -4).GetDrops()
	if !slices.Equal(m.GetColumns(), []int32{3, -1, -8, 8, 8, -9}) || !slices.Equal(m.GetMasks(), []uint32{1<<23 | 1<<4, 1 << 4, 3}) || m.GetBaseY() != -4 {
		t.Fatalf("NewColumnDrops = %v", m)
	}
	// Column by column, in the order of their first sections, each from
	// the bottom up.
	want := []chunk.Pos{{X: 3, Y: 0, Z: -1}, {X: 3, Y: 19, Z: -1}, {X: -5, Y: 0, Z: 7}, {X: 3, Y: -4, Z: -2}, {X: 3, Y: -3, Z: -2}}
	if got, err := m.Positions(); err != nil || !slices.Equal(got, want) {
		t.Fatalf("Positions = %v, %v; want %v", got, err, want)
	}
	if got, err := NewAirColumns(ps, -4).GetAir().Positions(); err != nil || !slices.Equal(got, want) {
		t.Fatalf("AirSections' Positions = %v, %v; want %v", got, err, want)
	}
	tests := []struct {
		name string
		d    *Drops
		want []chunk.Pos
		err  string
	}{
		{"triples first", &Drops{Coords: []int32{1, 2, 3}, Columns: []int32{0, 0}, Masks: []uint32{1<<31 | 1}, BaseY: 10},
			[]chunk.Pos{{X: 1, Y: 2, Z: 3}, {X: 0, Y: 10, Z: 0}, {X: 0, Y: 41, Z: 0}}, ""},
		{"deltas wrap as int32", &Drops{Columns: []int32{math.MaxInt32, 0, 1, 0}, Masks: []uint32{1, 1}},
			[]chunk.Pos{{X: math.MaxInt32}, {X: math.MinInt32}}, ""},
		{"an empty mask gives nothing", &Drops{Columns: []int32{4, 4}, Masks: []uint32{0}}, nil, ""},
		{"columns not in pairs", &Drops{Columns: []int32{1}}, nil, "pairs"},
		{"a mask missing", &Drops{Columns: []int32{1, 2}}, nil, "pairs"},
		{"a mask too many", &Drops{Columns: []int32{1, 2}, Masks: []uint32{1, 1}}, nil, "pairs"},
		{"base_y past int32", &Drops{Columns: []int32{1, 2}, Masks: []uint32{1 << 31}, BaseY: math.MaxInt32 - 30}, nil, "largest y"},
		{"bad triples", &Drops{Coords: []int32{1}, Columns: []int32{1, 2}, Masks: []uint32{1}}, nil, "multiple of 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.d.Positions()
			if (err != nil) != (tt.err != "") || err != nil && !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err = %v, want one saying %q", err, tt.err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("positions = %v, want %v", got, tt.want)
			}
			// An AirSections lists them the same way.
			air := &AirSections{Coords: tt.d.Coords, Columns: tt.d.Columns, Masks: tt.d.Masks, BaseY: tt.d.BaseY}
			if got, err2 := air.Positions(); (err2 == nil) != (err == nil) || !slices.Equal(got, tt.want) {
				t.Errorf("as AirSections: %v, %v", got, err2)
			}
		})
	}
}

func TestValidChannel(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"myplugin:thing", true},
		{"a:b", true},
		{"my_plugin-2.0:path/to/thing", true},
		{"x:" + strings.Repeat("y", MaxChannelLength-2), true},
		{"", false},
		{"x:" + strings.Repeat("y", MaxChannelLength-1), false},
		{"nocolon", false},
		{":name", false},
		{"namespace:", false},
		{":", false},
		{"a:b:c", false},
		{"MyPlugin:thing", false},
		{"my plugin:thing", false},
		{"plugin:thïng", false},
		{"plugin:nul\x00", false},
	}
	for _, tt := range tests {
		if err := ValidChannel(tt.name); (err == nil) != tt.ok {
			t.Errorf("ValidChannel(%q) = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestNewAirSections(t *testing.T) {
	ps := []chunk.Pos{{X: 7, Y: 19, Z: -1 << 20}, {X: 0, Y: -4, Z: -1}}
	got, err := NewAirSections(ps).GetAir().Positions()
	if err != nil || !slices.Equal(got, ps) {
		t.Errorf("NewAirSections round trip = %v, %v; want %v", got, err, ps)
	}
	if _, err := (&AirSections{Coords: []int32{1, 2}}).Positions(); err == nil {
		t.Error("AirSections of 2 coords: no error")
	}
}
