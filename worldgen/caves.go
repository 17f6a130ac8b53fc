package worldgen

import "github.com/stratavox/strata/resources/chunk"

// Caves are carved where either of two 3D fields says so:
//
//   - "cheese" caverns where one noise exceeds cheeseLevel;
//   - tunnels where two noises are both near zero (a²+b² < tunnelWidth²):
//     the intersection of two zero surfaces is a winding tube.
//
// The fields are sampled on a lattice every 4 blocks across and 8 up, at
// absolute coordinates, and interpolated per cell. Linear interpolation
// never leaves the range of its corners, so a lattice cube whose corners
// rule out carving is skipped without touching its cells.
const (
	caveStepXZ  = 4
	caveStepY   = 8
	caveMinY    = -58 // keeps the bedrock floor whole
	caveRoof    = 5   // caves stay this far below the surface: no breaches
	lavaLevel   = -55 // carved cells at or below become lava
	cheeseLevel = 0.55
	tunnelWidth = 0.075
)

const (
	cavePX = chunk.Size/caveStepXZ + 1 // lattice points across a section
	cavePY = chunk.Size/caveStepY + 1  // lattice points up a section
)

// caveLattice holds the three fields at the lattice points, [y][z][x].
// tb is sampled only at the corners of cubes where ta allows a tunnel
// (where |a| ≥ tunnelWidth, a²+b² cannot fall below tunnelWidth²), which
// saves most of its samples.
type caveLattice struct {
	cheese, ta, tb [cavePY][cavePX][cavePX]float64
	tbDone         [cavePY][cavePX][cavePX]bool
}

// cube flags what a lattice cube may contain.
type cube struct{ cheese, tunnel bool }

func (g *Generator) carveCaves(a *area, b *builder, x0, y0, z0 int) {
	ylo := max(y0, caveMinY)
	yhi := y0 + chunk.Size - 1
	if a.haveHeights {
		yhi = min(yhi, a.maxH-caveRoof)
	}
	if ylo > yhi {
		return
	}
	klo, khi := (ylo-y0)/caveStepY, (yhi-y0)/caveStepY+1
	var l caveLattice
	for k := klo; k <= khi; k++ {
		fy := float64(y0 + k*caveStepY)
		for j := 0; j < cavePX; j++ {
			fz := float64(z0 + j*caveStepXZ)
			for i := 0; i < cavePX; i++ {
				fx := float64(x0 + i*caveStepXZ)
				l.cheese[k][j][i] = g.cheese.at3(fx, fy, fz)
				l.ta[k][j][i] = g.tunnelA.at3(fx, fy, fz)
			}
		}
	}
	for k := klo; k < khi; k++ {
		for j := 0; j < cavePX-1; j++ {
			for i := 0; i < cavePX-1; i++ {
				c := g.classifyCube(&l, i, j, k, x0, y0, z0)
				if c.cheese || c.tunnel {
					g.carveCube(a, b, &l, c, i, j, k, x0, y0, ylo, yhi)
				}
			}
		}
	}
}

// classifyCube decides, from the ranges of its corner values, whether
// lattice cube (i, j, k) can hold a cavern or a tunnel cell: linear
// interpolation stays within the corners' range.
func (g *Generator) classifyCube(l *caveLattice, i, j, k, x0, y0, z0 int) cube {
	cMax := -2.0
	aLo, aHi := 2.0, -2.0
	for dk := 0; dk < 2; dk++ {
		for dj := 0; dj < 2; dj++ {
			for di := 0; di < 2; di++ {
				cMax = max(cMax, l.cheese[k+dk][j+dj][i+di])
				av := l.ta[k+dk][j+dj][i+di]
				aLo, aHi = min(aLo, av), max(aHi, av)
			}
		}
	}
	c := cube{cheese: cMax > cheeseLevel}
	const w2 = tunnelWidth * tunnelWidth
	aSq := nearestSq(aLo, aHi)
	if aSq >= w2 {
		return c
	}
	bLo, bHi := 2.0, -2.0
	for dk := 0; dk < 2; dk++ {
		for dj := 0; dj < 2; dj++ {
			for di := 0; di < 2; di++ {
				bv := l.tbAt(g, i+di, j+dj, k+dk, x0, y0, z0)
				bLo, bHi = min(bLo, bv), max(bHi, bv)
			}
		}
	}
	c.tunnel = aSq+nearestSq(bLo, bHi) < w2
	return c
}

// tbAt samples the second tunnel field at lattice point (i, j, k) once.
func (l *caveLattice) tbAt(g *Generator, i, j, k, x0, y0, z0 int) float64 {
	if !l.tbDone[k][j][i] {
		l.tb[k][j][i] = g.tunnelB.at3(float64(x0+i*caveStepXZ), float64(y0+k*caveStepY), float64(z0+j*caveStepXZ))
		l.tbDone[k][j][i] = true
	}
	return l.tb[k][j][i]
}

// nearestSq is the smallest v² for v in [lo, hi].
func nearestSq(lo, hi float64) float64 {
	switch {
	case lo > 0:
		return lo * lo
	case hi < 0:
		return hi * hi
	}
	return 0
}

// carveCube interpolates the fields over the cells of one lattice cube and
// carves those inside a cave, within [ylo, yhi] and under the roof. Only
// the kinds of cave the cube may hold are tested.
func (g *Generator) carveCube(a *area, b *builder, l *caveLattice, cb cube, i, j, k, x0, y0, ylo, yhi int) {
	for dy := 0; dy < caveStepY; dy++ {
		ly := k*caveStepY + dy
		y := y0 + ly
		if y < ylo || y > yhi {
			continue
		}
		fy := float64(dy) / caveStepY
		var c, ta, tb [2][2]float64 // fields interpolated to this height, [z][x]
		for dj := 0; dj < 2; dj++ {
			for di := 0; di < 2; di++ {
				c[dj][di] = lerp(l.cheese[k][j+dj][i+di], l.cheese[k+1][j+dj][i+di], fy)
				if cb.tunnel {
					ta[dj][di] = lerp(l.ta[k][j+dj][i+di], l.ta[k+1][j+dj][i+di], fy)
					tb[dj][di] = lerp(l.tb[k][j+dj][i+di], l.tb[k+1][j+dj][i+di], fy)
				}
			}
		}
		fill := chunk.Air
		if y <= lavaLevel {
			fill = chunk.Lava
		}
		for dz := 0; dz < caveStepXZ; dz++ {
			lz := j*caveStepXZ + dz
			fz := float64(dz) / caveStepXZ
			for dx := 0; dx < caveStepXZ; dx++ {
				lx := i*caveStepXZ + dx
				if a.haveHeights && y > int(a.heights[lz*chunk.Size+lx])-caveRoof {
					continue
				}
				fx := float64(dx) / caveStepXZ
				carve := cb.cheese && lerp2(c[0][0], c[0][1], c[1][0], c[1][1], fx, fz) > cheeseLevel
				if !carve && cb.tunnel {
					av := lerp2(ta[0][0], ta[0][1], ta[1][0], ta[1][1], fx, fz)
					bv := lerp2(tb[0][0], tb[0][1], tb[1][0], tb[1][1], fx, fz)
					carve = float64(av*av)+float64(bv*bv) < tunnelWidth*tunnelWidth
				}
				if carve {
					b.set(lx+chunk.Size*lz+chunk.Size*chunk.Size*ly, fill)
				}
			}
		}
	}
}
