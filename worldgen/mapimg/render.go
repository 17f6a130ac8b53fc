// Package mapimg renders top-down pictures of a world straight from its
// generator, without generating sections: what `strata map` writes.
package mapimg

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"

	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/worldgen"
)

// RenderMap draws size×size blocks centred on (centerX, centerZ), one
// pixel per block, north (−Z) up: each pixel has the colour of the block
// seen from above, lit from the north-west by the height difference to
// its neighbour so relief shows, and water darkens with depth.
func RenderMap(g *worldgen.Generator, centerX, centerZ, size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	if size <= 0 {
		return img
	}
	minX, minZ := centerX-size/2, centerZ-size/2
	// Section columns overlapping the picture, plus one row north and one
	// column west for shading the first pixels.
	scx0, scz0 := chunk.FloorDiv(minX-1), chunk.FloorDiv(minZ-1)
	scx1, scz1 := chunk.FloorDiv(minX+size-1), chunk.FloorDiv(minZ+size-1)
	w := (scx1 - scx0 + 1) * chunk.Size
	h := (scz1 - scz0 + 1) * chunk.Size
	cols := make([]worldgen.Column, w*h)
	var tile [chunk.Size * chunk.Size]worldgen.Column
	for cz := scz0; cz <= scz1; cz++ {
		for cx := scx0; cx <= scx1; cx++ {
			g.SurfaceColumns(int32(cx), int32(cz), &tile)
			for i, c := range tile {
				x := (cx-scx0)*chunk.Size + i%chunk.Size
				z := (cz-scz0)*chunk.Size + i/chunk.Size
				cols[z*w+x] = c
			}
		}
	}
	ox, oz := minX-scx0*chunk.Size, minZ-scz0*chunk.Size
	for pz := 0; pz < size; pz++ {
		for px := 0; px < size; px++ {
			x, z := ox+px, oz+pz
			c := &cols[z*w+x]
			nw := &cols[(z-1)*w+x-1]
			img.SetRGBA(px, pz, shade(c, c.SurfaceY-nw.SurfaceY))
		}
	}
	return img
}

// shade colours one column: the surface block's colour, brighter on
// slopes facing the light (slope > 0), darker away from it; water by
// depth instead.
func shade(c *worldgen.Column, slope int) color.RGBA {
	rgb := c.Surface.Props().Color
	r, g, b := float64(rgb>>16&0xff), float64(rgb>>8&0xff), float64(rgb&0xff)
	var f float64
	if c.Surface == chunk.Water {
		// Deeper water is darker; the floor shows through the shallows.
		d := float64(c.WaterDepth())
		f = 1.15 - min(d, 30)/40
		if d <= 2 {
			fc := c.Top.Props().Color
			r, g, b = (r+float64(fc>>16&0xff))/2, (g+float64(fc>>8&0xff))/2, (b+float64(fc&0xff))/2
		}
	} else {
		f = 1 + max(-0.35, min(0.35, float64(slope)*0.12))
		// Higher ground is a little lighter, so altitude reads at a glance.
		f *= 0.85 + min(0.3, float64(max(0, c.SurfaceY-worldgen.SeaLevel))/400)
	}
	return color.RGBA{R: clamp8(r * f), G: clamp8(g * f), B: clamp8(b * f), A: 0xff}
}

func clamp8(v float64) uint8 {
	return uint8(max(0, min(255, v)))
}

// WriteMapPNG renders a size×size map of the world (seed, version)
// centred on (cx, cz) and writes it to path as PNG: the body of
// `strata map`.
func WriteMapPNG(path string, seed int64, version, cx, cz, size int) error {
	if size <= 0 || size > 16384 {
		return fmt.Errorf("mapimg: size %d out of range 1..16384", size)
	}
	g, err := worldgen.New(seed, version)
	if err != nil {
		return fmt.Errorf("mapimg: %w", err)
	}
	img := RenderMap(g, cx, cz, size)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("mapimg: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("mapimg: encode %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("mapimg: %w", err)
	}
	return nil
}
