package mapimg

import (
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

func TestRenderMapShowsLandAndWater(t *testing.T) {
	g, err := worldgen.New(1, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	sx, _, sz := g.FindSpawn()
	img := RenderMap(g, sx, sz, 256)
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Fatalf("bounds %v", b)
	}
	// The centre pixel is the spawn column: land, coloured like its surface.
	minX, minZ := sx-128, sz-128
	var water, land int
	for pz := 0; pz < 256; pz += 4 {
		for px := 0; px < 256; px += 4 {
			c := g.ColumnAt(minX+px, minZ+pz)
			if c.Surface == chunk.Water || c.Surface == chunk.Ice {
				water++
			} else {
				land++
			}
			if p := img.RGBAAt(px, pz); p.A != 0xff {
				t.Fatalf("pixel (%d,%d) not opaque", px, pz)
			}
		}
	}
	t.Logf("water %d, land %d samples", water, land)
	if land == 0 {
		t.Fatal("no land around spawn")
	}
	// Pixels follow the surface: a water pixel is blue-dominant.
	for pz := 0; pz < 256; pz++ {
		for px := 0; px < 256; px++ {
			if c := g.ColumnAt(minX+px, minZ+pz); c.Surface == chunk.Water {
				if p := img.RGBAAt(px, pz); p.B <= p.R {
					t.Fatalf("water pixel (%d,%d) is %v", px, pz, p)
				}
				return
			}
		}
	}
}

func TestRenderMatchesOddCentresAndNegatives(t *testing.T) {
	g, _ := worldgen.New(7, worldgen.LatestVersion)
	// The same world area rendered from two different framings must agree.
	a := RenderMap(g, -1000, -1000, 64)
	b := RenderMap(g, -1000+7, -1000+3, 64)
	for pz := 10; pz < 50; pz++ {
		for px := 10; px < 50; px++ {
			if a.RGBAAt(px+7, pz+3) != b.RGBAAt(px, pz) {
				t.Fatalf("framing changed pixel (%d,%d)", px, pz)
			}
		}
	}
}

func TestWriteMapPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "map.png")
	if err := WriteMapPNG(path, 3, worldgen.LatestVersion, 0, 0, 64); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 64 {
		t.Fatalf("decoded %v, %v", img.Bounds(), err)
	}
	if err := WriteMapPNG(path, 3, 99, 0, 0, 64); !errors.Is(err, worldgen.ErrUnknownVersion) {
		t.Errorf("version 99: %v", err)
	}
	if err := WriteMapPNG(path, 3, 1, 0, 0, 0); err == nil {
		t.Error("size 0 accepted")
	}
	if err := WriteMapPNG(filepath.Join(t.TempDir(), "no", "such", "dir.png"), 3, 1, 0, 0, 8); err == nil {
		t.Error("unwritable path accepted")
	}
}

func BenchmarkRenderMap(b *testing.B) {
	g, _ := worldgen.New(1, worldgen.LatestVersion)
	for b.Loop() {
		RenderMap(g, 0, 0, 512)
	}
}
