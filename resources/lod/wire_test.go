package lod

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/flate"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// TestPyramidWireSize estimates what one player's horizon costs on the
// wire: every LOD section (levels 1..7) of the tiling at view radius 8
// around the spawn, encoded with the chunk codec and compressed the way
// the chunk stream compresses (DEFLATE level 4, flushed every 64 KiB of
// frames), frame headers and positions not counted. The bound is
// 2 MB for the whole horizon; measured on seeds 1, 2 and −99: 325 to 460
// KB encoded and 130 to 169 KB compressed for 5,324 sections, about half
// of them uniform (25 to 32 bytes a section compressed).
func TestPyramidWireSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three pyramids")
	}
	for _, seed := range []int64{1, 2, -99} {
		g, err := worldgen.New(seed, worldgen.LatestVersion)
		if err != nil {
			t.Fatal(err)
		}
		x, y, z := g.FindSpawn()
		v := NewView(chunk.PosOfBlock(x, y, z), 8, 0, 7)
		tiles := v.Tiles(nil)
		var raw, comp bytes.Buffer
		fw, err := flate.NewWriter(&comp, 4)
		if err != nil {
			t.Fatal(err)
		}
		var c worldgen.LODColumn
		n, uniform, pending := 0, 0, 0
		for i := 0; i < len(tiles); {
			p := tiles[i]
			if p.Level == 0 {
				i++
				continue
			}
			g.SampleLOD(&c, p.X, p.Z, int(p.Level))
			for ; i < len(tiles) && tiles[i].Level == p.Level && tiles[i].X == p.X && tiles[i].Z == p.Z; i++ {
				s := c.Section(tiles[i].Y)
				if s.IsUniform() {
					uniform++
				}
				b := chunk.Encode(&s)
				raw.Write(b)
				fw.Write(b)
				n++
				if pending += len(b); pending >= 64<<10 {
					fw.Flush()
					pending = 0
				}
			}
		}
		fw.Close()
		t.Logf("seed %d: %d LOD sections (%d uniform): %d bytes encoded, %d compressed (%.1f a section)",
			seed, n, uniform, raw.Len(), comp.Len(), float64(comp.Len())/float64(n))
		if comp.Len() > 2<<20 {
			t.Errorf("seed %d: the horizon is %d bytes compressed, over 2 MB", seed, comp.Len())
		}
	}
}
