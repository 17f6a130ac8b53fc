package lod

import (
	"testing"
	"time"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/worldgen"
)

func TestWireAndPyramidAgreeOnLevels(t *testing.T) {
	if wire.MaxLODLevel != pyramid.MaxLevel || pyramid.MaxLevel != worldgen.MaxLODLevel {
		t.Errorf("wire.MaxLODLevel %d, lod.MaxLevel %d, worldgen.MaxLODLevel %d differ", wire.MaxLODLevel, pyramid.MaxLevel, worldgen.MaxLODLevel)
	}
}

func TestConfigDefaults(t *testing.T) {
	tests := []struct {
		name          string
		in            Config
		max, def      int
		deterministic bool
	}{
		{"zero", Config{}, 7, 7, false},
		{"capped default", Config{MaxLevels: 3}, 3, 3, false},
		{"default below cap", Config{MaxLevels: 5, DefaultLevels: 2}, 5, 2, false},
		{"too many", Config{MaxLevels: 99}, 7, 7, false},
		{"deterministic", Config{Deterministic: true}, 7, 7, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.in.withDefaults()
			if c.MaxLevels != tt.max || c.DefaultLevels != tt.def {
				t.Errorf("levels %d/%d, want %d/%d", c.MaxLevels, c.DefaultLevels, tt.max, tt.def)
			}
			if tt.deterministic != (c.Time > time.Hour) {
				t.Errorf("time budget %v in deterministic=%v", c.Time, tt.deterministic)
			}
		})
	}
}

// decodeFrame reads back a LOD section frame.
func decodeFrame(t *testing.T, e wire.Encoded) chunk.Section {
	t.Helper()
	b := e.Bytes()
	n := 1
	for b[n-1]&0x80 != 0 {
		n++
	}
	m, err := frame.DecodeChunk(b[n:])
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, s, err := wire.DecodeLODSection(m.GetLod())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBuildColumn: a column task's sections are the generator's own LOD
// sections where no edit reaches, and show an edited section (a level-0
// section filled with stone in the sky) where one does.
func TestBuildColumn(t *testing.T) {
	gen, err := worldgen.New(3, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	var stone chunk.Section
	stone.Fill(chunk.Stone)
	edited := chunk.Pos{X: 40, Y: 15, Z: -9}
	ed := &editSnapshot{level0: map[chunk.Pos]*chunk.Section{edited: &stone}, lod: map[pyramid.Pos]bool{}}
	for _, a := range pyramid.Ancestors(nil, edited, pyramid.MaxLevel) {
		ed.lod[a] = true
	}
	tests := []struct {
		name  string
		level int
		col   chunk.Pos // the column's X, Z at level
		edit  bool
	}{
		{"natural level 1", 1, chunk.Pos{X: 3, Z: -7}, false},
		{"natural level 6", 6, chunk.Pos{X: -1, Z: 0}, false},
		{"edited level 2", 2, chunk.Pos{X: 10, Z: -3}, true},
		{"edited level 5", 5, chunk.Pos{X: 1, Z: -1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo, hi := pyramid.YRange(tt.level)
			var ps []pyramid.Pos
			for y := lo; y <= hi; y++ {
				ps = append(ps, pyramid.Pos{Pos: chunk.Pos{X: tt.col.X, Y: y, Z: tt.col.Z}, Level: uint8(tt.level)})
			}
			out := buildColumn(gen, ed, ps, make([]uint64, len(ps)), &worldgen.LODColumn{})
			if !out[len(out)-1].col {
				t.Error("the column's last build is not marked")
			}
			for i, p := range ps {
				if out[i].err != nil {
					t.Fatal(out[i].err)
				}
				got := decodeFrame(t, out[i].frame)
				if !tt.edit || !ed.lod[p] {
					want := gen.GenerateLOD(p.Pos, tt.level)
					if !got.Equal(&want) {
						t.Errorf("%v differs from GenerateLOD", p)
					}
					continue
				}
				// The edited section's cells in its ancestor are stone.
				n := 16 >> tt.level
				if n >= 1 {
					ox, oy, oz := int(edited.X-p.X<<tt.level)*n, int(edited.Y-p.Y<<tt.level)*n, int(edited.Z-p.Z<<tt.level)*n
					if b := got.Get(ox, oy, oz); b != chunk.Stone {
						t.Errorf("%v: cell over the edit is %v, want stone", p, b)
					}
				}
			}
		})
	}
}
