package worldgen

import "github.com/stratavox/strata/resources/chunk"

// column is everything the section filler needs about one block column.
type column struct {
	height  int
	biome   Biome
	top     chunk.Block // at height
	filler  chunk.Block // the fillerN blocks below the top
	deep    chunk.Block // the deepN blocks below the filler
	fillerN int
	deepN   int
	water   chunk.Block // at SeaLevel over a column below it: Water or Ice
}

// blockAt returns the terrain block at y before rock variants (deepslate,
// bedrock), caves, ores and trees: everything below the surface layers
// is Stone here.
func (c *column) blockAt(y int) chunk.Block {
	switch {
	case y > c.height:
		if y > SeaLevel {
			return chunk.Air
		}
		if y == SeaLevel {
			return c.water
		}
		return chunk.Water
	case y == c.height:
		return c.top
	case y >= c.height-c.fillerN:
		return c.filler
	case y >= c.height-c.fillerN-c.deepN:
		return c.deep
	}
	return chunk.Stone
}

// maxSurfaceDepth bounds fillerN+deepN: at and below
// height-maxSurfaceDepth-1 a column is plain rock.
const maxSurfaceDepth = 8

// snowLine is the height above which mountain tops are snow.
const snowLine = 165

// columnAt classifies the column at world (x, z) whose height is h.
func (a *area) columnAt(x, z, h int) column {
	c := a.climateAt(x, z)
	return a.g.columnOf(&c, x, z, h)
}

// columnOf classifies the column at world (x, z) whose climate is c and
// height h: columnAt without the area, for samplers (LOD) that
// interpolate the climate themselves.
func (g *Generator) columnOf(c *climate, x, z, h int) column {
	b := classify(c, h)
	r := hash3(g.hseed, saltSurface, x, 0, z)
	col := column{height: h, biome: b, fillerN: 3 + int(r&1), water: chunk.Water}
	switch b {
	case Ocean:
		col.top, col.filler = chunk.Sand, chunk.Sand
		if SeaLevel-h > 14 {
			col.top, col.filler = chunk.Gravel, chunk.Gravel
		}
	case River:
		col.top, col.filler = chunk.Sand, chunk.Sand
		if abs(c.river) < riverWidth*0.6 && r>>8&3 != 0 {
			col.top = chunk.Clay
		} else if r>>12&7 == 0 {
			col.top = chunk.Gravel
		}
	case Beach:
		col.top, col.filler, col.deep, col.deepN = chunk.Sand, chunk.Sand, chunk.Sandstone, 2
	case Desert:
		col.top, col.filler, col.deep = chunk.Sand, chunk.Sand, chunk.Sandstone
		col.fillerN, col.deepN = 4, 4
	case Snowy:
		col.top, col.filler = chunk.Snow, chunk.Dirt
	case Mountains:
		col.top, col.filler = chunk.Stone, chunk.Stone
		if h > snowLine+int(r>>16&7) {
			col.top = chunk.Snow
		}
	default: // Plains, Forest
		col.top, col.filler = chunk.Grass, chunk.Dirt
	}
	if h < SeaLevel && (col.top == chunk.Grass || col.top == chunk.Snow) {
		col.top = chunk.Dirt // no grass or snow under water
	}
	if h < SeaLevel && coldAt(c, SeaLevel) {
		col.water = chunk.Ice
	}
	return col
}

// effectiveTemp is the temperature at height h: colder up high, so
// mountain tops turn snowy.
func effectiveTemp(c *climate, h int) float64 {
	return c.temp - float64(max(0, h-90))/110
}

// coldAt reports whether water at height h freezes over.
func coldAt(c *climate, h int) bool { return effectiveTemp(c, h) < -0.95 }

// classify picks the biome of a column from its climate and height.
func classify(c *climate, h int) Biome {
	r := abs(c.river)
	switch {
	case h < SeaLevel && r < riverWidth*1.8 && c.cont > -0.05:
		return River
	case h < SeaLevel-2:
		return Ocean
	case h <= SeaLevel+1 && c.cont < 0.05:
		return Beach
	case h <= SeaLevel+1 && r < riverWidth*2.5:
		return River // the sandy bank
	case h >= 140 && c.mount > 0.35:
		return Mountains
	}
	t := effectiveTemp(c, h)
	switch {
	case t < -0.55:
		return Snowy
	case t > 0.4 && c.humid < 0.05:
		return Desert
	case c.humid > 0.2:
		return Forest
	}
	return Plains
}
