package worldgen

import (
	"errors"
	"fmt"

	"github.com/stratavox/strata/resources/chunk"
)

// Generator versions. A version's output never changes: a change to the
// terrain is a new version with its own golden file, and worlds keep the
// version they were created with.
const (
	// Version1 is the first terrain generator.
	Version1 = 1
	// LatestVersion is the version new worlds get.
	LatestVersion = Version1
)

// ErrUnknownVersion is returned (wrapped) by New for a version this build
// cannot generate.
var ErrUnknownVersion = errors.New("unknown generator version")

// Salts separate the random streams drawn from one seed.
const (
	saltCont1 uint64 = 0x1000 + iota
	saltCont2
	saltMount
	saltRiver1
	saltRiver2
	saltTemp
	saltHumid
	saltDetail1
	saltDetail2
	saltCheese
	saltTunnelA
	saltTunnelB
	saltSurface
	saltRock
	saltOre
	saltTree
	saltLeaf
)

// Generator makes terrain for one (seed, version). It is immutable after
// New and safe for concurrent use.
type Generator struct {
	seed    int64
	version int
	hseed   uint64 // seed pre-mixed for hash3

	cont1, cont2     field
	mount            field
	river1, river2   field
	temp, humid      field
	detail1, detail2 field
	cheese           field
	tunnelA, tunnelB field
}

// New returns the generator for seed and version, or an error wrapping
// ErrUnknownVersion.
func New(seed int64, version int) (*Generator, error) {
	if version != Version1 {
		return nil, fmt.Errorf("worldgen: version %d (this build knows 1..%d): %w", version, LatestVersion, ErrUnknownVersion)
	}
	g := &Generator{seed: seed, version: version, hseed: mix(uint64(seed) ^ 0x5eed)}
	g.cont1 = newField(seed, saltCont1, 1.0/1400)
	g.cont2 = newField(seed, saltCont2, 1.0/360)
	g.mount = newField(seed, saltMount, 1.0/900)
	g.river1 = newField(seed, saltRiver1, 1.0/1100)
	g.river2 = newField(seed, saltRiver2, 1.0/260)
	g.temp = newField(seed, saltTemp, 1.0/1300)
	g.humid = newField(seed, saltHumid, 1.0/1000)
	g.detail1 = newField(seed, saltDetail1, 1.0/150)
	g.detail2 = newField(seed, saltDetail2, 1.0/36)
	g.cheese = newField(seed, saltCheese, 1.0/80)
	g.cheese.freqY = 1.0 / 40
	g.tunnelA = newField(seed, saltTunnelA, 1.0/110)
	g.tunnelA.freqY = 1.0 / 70
	g.tunnelB = newField(seed, saltTunnelB, 1.0/110)
	g.tunnelB.freqY = 1.0 / 70
	return g, nil
}

// Seed returns the world seed.
func (g *Generator) Seed() int64 { return g.seed }

// Version returns the generator version.
func (g *Generator) Version() int { return g.version }

// Generate returns the section at pos. It is a pure function of the seed,
// the version and pos. Positions outside the world (chunk.Pos.InWorld) are
// air. Sections above the terrain and its trees, or below sea level over
// an ocean floor, come back uniform without per-cell work; so do solid
// sections without caves or ores.
func (g *Generator) Generate(pos chunk.Pos) chunk.Section {
	if !pos.InWorld() {
		return chunk.Section{}
	}
	x0, y0, z0 := pos.MinBlock()
	y1 := y0 + chunk.Size - 1
	if y0 > maxHeight+treeReach {
		return chunk.Section{} // above anything the generator places
	}
	var a area
	a.init(g, x0, z0)
	var b builder
	trees := false
	if y1 < minHeight-maxSurfaceDepth {
		// Below every surface layer anywhere: rock, caves and ores only,
		// and the caves' roof cannot reach down here (heights stay unset).
		a.minH, a.maxH = minHeight, minHeight
		b.base = rockBase(y0)
	} else {
		upExt := a.upperBound(true)
		if y0 > upExt+treeReach && y0 > SeaLevel {
			return chunk.Section{} // sky: above all terrain and trees
		}
		trees = y1 > SeaLevel && y0 <= upExt+treeReach
		a.computeHeights()
		switch {
		case y1 < a.minH-maxSurfaceDepth:
			b.base = rockBase(y0)
		case y0 > a.maxH && y1 < SeaLevel:
			b.base = chunk.Water // open water above the floor, below the ice
		case y0 > a.maxH && y0 > SeaLevel:
			b.base = chunk.Air // above the terrain; trees may follow
		default:
			g.fillColumns(&a, &b, y0)
		}
	}
	if y0 < 8 {
		g.rockVariants(&b, x0, y0, z0)
	}
	if y0 <= a.maxH-caveRoof && y1 >= caveMinY {
		g.carveCaves(&a, &b, x0, y0, z0)
	}
	g.placeOres(&b, pos)
	if trees {
		g.placeTrees(&a, &b, x0, y0, z0)
	}
	return b.section()
}

// rockBase is the plain rock of a section wholly below the surface layers;
// the one containing Y 0..7 is refined cell by cell by rockVariants.
func rockBase(y0 int) chunk.Block {
	if y0 < 0 {
		return chunk.Deepslate
	}
	return chunk.Stone
}

// fillColumns writes the terrain of every column (surface layers, water,
// air, plain stone) into a dense section.
func (g *Generator) fillColumns(a *area, b *builder, y0 int) {
	cells := b.dense()
	for z := 0; z < chunk.Size; z++ {
		for x := 0; x < chunk.Size; x++ {
			h := int(a.heights[z*chunk.Size+x])
			col := a.columnAt(a.x0+x, a.z0+z, h)
			base := x + chunk.Size*z
			for ly := 0; ly < chunk.Size; ly++ {
				cells[base+ly*chunk.Size*chunk.Size] = uint16(col.blockAt(y0 + ly))
			}
		}
	}
}

// rockVariants turns stone into deepslate below Y 8 (always below Y 0,
// thinning out above it) and lays the bedrock floor: Y -64 always, up to
// -60 with falling odds.
func (g *Generator) rockVariants(b *builder, x0, y0, z0 int) {
	if y0 < -1 && y0 > chunk.MinY && b.cells == nil {
		return // uniform deepslate: rockBase already chose it
	}
	for ly := 0; ly < chunk.Size; ly++ {
		y := y0 + ly
		if y >= 8 {
			return
		}
		if y > -60 && y < 0 {
			// Below 0 every stone is deepslate.
			if b.cells == nil {
				continue // uniform deepslate base
			}
			layer := b.cells[ly*256 : ly*256+256]
			for i, v := range layer {
				if v == uint16(chunk.Stone) {
					layer[i] = uint16(chunk.Deepslate)
				}
			}
			continue
		}
		for i := 0; i < chunk.Size*chunk.Size; i++ {
			x, z := x0+i%chunk.Size, z0+i/chunk.Size
			r := hash3(g.hseed, saltRock, x, y, z)
			idx := ly*256 + i
			switch {
			case y <= -60:
				if y == chunk.MinY || int(r%5) < -59-y {
					b.set(idx, chunk.Bedrock)
				} else if b.get(idx) == chunk.Stone {
					b.set(idx, chunk.Deepslate)
				}
			case b.get(idx) == chunk.Stone && int(r%8) >= y:
				b.set(idx, chunk.Deepslate)
			}
		}
	}
}
