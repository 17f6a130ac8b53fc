package worldgen

import "github.com/stratavox/strata/resources/chunk"

// spawnSearchRadius is how far, in sections, FindSpawn looks for land.
const spawnSearchRadius = 256

// FindSpawn returns a block position to put new players on: the feet
// position above dry, flat-enough land (not ocean, river or beach) at the
// centre of the section column nearest the origin that has one, searching
// outwards ring by ring. If there is none within 4096 blocks it returns
// the origin's surface.
func (g *Generator) FindSpawn() (x, y, z int) {
	for r := 0; r <= spawnSearchRadius; r++ {
		for dz := -r; dz <= r; dz++ {
			for dx := -r; dx <= r; dx++ {
				if max(dx, -dx, dz, -dz) != r {
					continue // only the ring
				}
				bx, bz := dx*chunk.Size+chunk.Size/2, dz*chunk.Size+chunk.Size/2
				c := g.terrainColumn(bx, bz)
				switch c.biome {
				case Ocean, River, Beach, Mountains:
					continue
				}
				if c.height > SeaLevel {
					return bx, c.height + 1, bz
				}
			}
		}
	}
	h, _ := g.SurfaceAt(0, 0)
	return 0, max(h, SeaLevel) + 1, 0
}
