package worldgen

import "github.com/stratavox/strata/resources/chunk"

// Column describes one block column as seen from above, without
// generating any section.
type Column struct {
	// Height is the Y of the topmost terrain block (caves never reach it).
	Height int
	// Top is the terrain block at Height.
	Top chunk.Block
	// Biome is the column's biome.
	Biome Biome
	// SurfaceY is the Y of the highest non-air block: a tree's leaves,
	// log or cactus, the water or ice at SeaLevel, or Height.
	SurfaceY int
	// Surface is the block at SurfaceY.
	Surface chunk.Block
}

// WaterDepth returns how deep water stands over the terrain (0 if dry).
func (c *Column) WaterDepth() int {
	if c.Height >= SeaLevel {
		return 0
	}
	return SeaLevel - c.Height
}

// SurfaceAt returns the terrain height (Y of the topmost terrain block)
// and that block at world (x, z). Trees and water are not included; see
// ColumnAt.
func (g *Generator) SurfaceAt(x, z int) (height int, top chunk.Block) {
	c := g.terrainColumn(x, z)
	return c.height, c.top
}

// BiomeAt returns the biome of the column at world (x, z).
func (g *Generator) BiomeAt(x, z int) Biome { return g.terrainColumn(x, z).biome }

// ColumnAt describes the column at world (x, z), trees included. For many
// columns, SurfaceColumns is much cheaper per column.
func (g *Generator) ColumnAt(x, z int) Column {
	var out [chunk.Size * chunk.Size]Column
	pos := chunk.PosOfBlock(x, 0, z)
	g.SurfaceColumns(pos.X, pos.Z, &out)
	lx, _, lz := chunk.LocalOfBlock(x, 0, z)
	return out[lx+chunk.Size*lz]
}

func (g *Generator) terrainColumn(x, z int) column {
	var a area
	a.init(g, floorDivN(x, chunk.Size)*chunk.Size, floorDivN(z, chunk.Size)*chunk.Size)
	return a.columnAt(x, z, a.heightOf(x, z))
}

// SurfaceColumns fills out (index x+16*z) with the columns of the section
// column (cx, cz), in section units, trees included: what a top-down map
// shows.
func (g *Generator) SurfaceColumns(cx, cz int32, out *[chunk.Size * chunk.Size]Column) {
	var a area
	x0, z0 := int(cx)*chunk.Size, int(cz)*chunk.Size
	a.init(g, x0, z0)
	a.computeHeights()
	for i := range out {
		x, z := x0+i%chunk.Size, z0+i/chunk.Size
		col := a.columnAt(x, z, int(a.heights[i]))
		c := Column{Height: col.height, Top: col.top, Biome: col.biome, SurfaceY: col.height, Surface: col.top}
		if col.height < SeaLevel {
			c.SurfaceY, c.Surface = SeaLevel, col.water
		}
		out[i] = c
	}
	cx0, cx1 := floorDivN(x0-treeRadius, treeCell), floorDivN(x0+chunk.Size-1+treeRadius, treeCell)
	cz0, cz1 := floorDivN(z0-treeRadius, treeCell), floorDivN(z0+chunk.Size-1+treeRadius, treeCell)
	for tz := cz0; tz <= cz1; tz++ {
		for tx := cx0; tx <= cx1; tx++ {
			t, ok := a.treeIn(tx, tz)
			if !ok {
				continue
			}
			t.forEach(g.hseed, func(x, y, z int, b chunk.Block) {
				lx, lz := x-x0, z-z0
				if uint(lx) >= chunk.Size || uint(lz) >= chunk.Size {
					return
				}
				if c := &out[lx+chunk.Size*lz]; y > c.SurfaceY {
					c.SurfaceY, c.Surface = y, b
				}
			})
		}
	}
}
