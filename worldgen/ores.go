package worldgen

import "github.com/stratavox/strata/resources/chunk"

// oreSpec places one ore as small veins, each a short random walk from a
// random cell. Veins stay inside their section (ores need no seams), and
// only replace stone and deepslate.
type oreSpec struct {
	block      chunk.Block
	minY, maxY int     // inclusive depth range; no vein cell leaves it
	veins      float64 // expected veins per section wholly inside the range
	size       int     // cells per vein walk
}

// ores is the read-only ore table of version 1.
var ores = [...]oreSpec{
	{chunk.CoalOre, 0, 190, 2.0, 10},
	{chunk.IronOre, -64, 72, 1.6, 7},
	{chunk.GoldOre, -64, 32, 0.6, 6},
	{chunk.DiamondOre, -64, 16, 0.45, 5},
}

// OreRange returns the inclusive Y range in which ore b can occur, and
// false if b is not an ore.
func OreRange(b chunk.Block) (minY, maxY int, ok bool) {
	for _, o := range ores {
		if o.block == b {
			return o.minY, o.maxY, true
		}
	}
	return 0, 0, false
}

func (g *Generator) placeOres(b *builder, pos chunk.Pos) {
	if b.cells == nil && b.base != chunk.Stone && b.base != chunk.Deepslate {
		return // air or water: no rock to replace
	}
	y0 := int(pos.Y) * chunk.Size
	for oi := range ores {
		o := &ores[oi]
		lo, hi := max(o.minY, y0), min(o.maxY, y0+chunk.Size-1)
		if lo > hi {
			continue
		}
		r := rng(hash3(g.hseed, saltOre+uint64(oi), int(pos.X), int(pos.Y), int(pos.Z)))
		// Scale by the overlap so density is even across a range edge.
		expect := o.veins * float64(hi-lo+1) / chunk.Size
		n := int(expect)
		if float64(r.next()%1024) < (expect-float64(n))*1024 {
			n++
		}
		for v := 0; v < n; v++ {
			x, y, z := r.intn(chunk.Size), lo-y0+r.intn(hi-lo+1), r.intn(chunk.Size)
			for s := 0; s < o.size; s++ {
				i := chunk.Index(x, y, z)
				if c := b.get(i); c == chunk.Stone || c == chunk.Deepslate {
					b.set(i, o.block)
				}
				// Step to a neighbour, staying in the section and the range.
				d := r.next()
				step := 1 - 2*int(d>>2&1)
				switch d & 3 {
				case 0:
					x = clampInt(x+step, 0, chunk.Size-1)
				case 1:
					y = clampInt(y+step, lo-y0, hi-y0)
				default:
					z = clampInt(z+step, 0, chunk.Size-1)
				}
			}
		}
	}
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }
