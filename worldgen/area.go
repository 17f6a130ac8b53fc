package worldgen

import "github.com/stratavox/strata/resources/chunk"

// area is the scratch state of one Generate (or column) call around one
// section column: the coarse and fine lattices, filled lazily, and the
// per-block heights. It lives on the caller's stack and is never shared,
// so the generator needs no locks and keeps no state between calls.
//
// The coarse lattice covers x0-16 .. x0+32 and the fine one x0-4 .. x0+20
// (same for z): enough to evaluate any block within treeRadius of the
// section column, as tree roots there may reach into it.
type area struct {
	g           *Generator
	x0, z0      int // world coordinates of the section column's corner
	clim        [4][4]climate
	shapeDone   uint16 // cont and mount sampled, bit j*4+i
	climDone    uint16 // all fields sampled
	fineH       [7][7]float64
	fineDone    uint64
	heights     [chunk.Size * chunk.Size]int16 // core block heights, index x+16z
	minH, maxH  int                            // over heights
	haveHeights bool                           // heights computed
}

func (a *area) init(g *Generator, x0, z0 int) {
	a.g, a.x0, a.z0 = g, x0, z0
}

// coarse returns coarse lattice point (i, j), at world (x0-16+16i, z0-16+16j).
func (a *area) coarse(i, j int) *climate {
	bit := uint16(1) << (j*4 + i)
	if a.climDone&bit == 0 {
		x, z := a.x0-coarseStep+coarseStep*i, a.z0-coarseStep+coarseStep*j
		a.coarseShape(i, j)
		a.g.coarseRest(&a.clim[j][i], x, z)
		a.climDone |= bit
	}
	return &a.clim[j][i]
}

// coarseShape returns coarse point (i, j) with at least cont and mount set.
func (a *area) coarseShape(i, j int) *climate {
	bit := uint16(1) << (j*4 + i)
	if a.shapeDone&bit == 0 {
		a.g.coarseShape(&a.clim[j][i], a.x0-coarseStep+coarseStep*i, a.z0-coarseStep+coarseStep*j)
		a.shapeDone |= bit
	}
	return &a.clim[j][i]
}

// climateAt interpolates the slow fields at world (x, z).
func (a *area) climateAt(x, z int) climate {
	rx, rz := x-(a.x0-coarseStep), z-(a.z0-coarseStep)
	i, j := rx/coarseStep, rz/coarseStep
	fx := float64(rx%coarseStep) / coarseStep
	fz := float64(rz%coarseStep) / coarseStep
	return lerpClimate(a.coarse(i, j), a.coarse(i+1, j), a.coarse(i, j+1), a.coarse(i+1, j+1), fx, fz)
}

// fine returns the height at fine lattice point (i, j), at world
// (x0-4+4i, z0-4+4j).
func (a *area) fine(i, j int) float64 {
	bit := uint64(1) << (j*7 + i)
	if a.fineDone&bit == 0 {
		x, z := a.x0-fineStep+fineStep*i, a.z0-fineStep+fineStep*j
		c := a.climateAt(x, z)
		fx, fz := float64(x), float64(z)
		a.fineH[j][i] = heightAt(&c, a.g.detail1.at2(fx, fz), a.g.detail2.at2(fx, fz))
		a.fineDone |= bit
	}
	return a.fineH[j][i]
}

// heightOf is the terrain height (Y of the topmost terrain block) at world
// (x, z), which must lie within fine lattice reach of the area.
func (a *area) heightOf(x, z int) int {
	rx, rz := x-(a.x0-fineStep), z-(a.z0-fineStep)
	i, j := rx/fineStep, rz/fineStep
	fx := float64(rx%fineStep) / fineStep
	fz := float64(rz%fineStep) / fineStep
	h := lerp2(a.fine(i, j), a.fine(i+1, j), a.fine(i, j+1), a.fine(i+1, j+1), fx, fz)
	return int(h) // h ≥ minHeight > 0: truncation is floor
}

// computeHeights fills heights, minH and maxH for the core columns. It is
// heightOf unrolled: the same interpolation of the same fine points, in
// 4×4-block cells, without the per-block lazy checks.
func (a *area) computeHeights() {
	a.minH, a.maxH = maxHeight, minHeight
	const cells = chunk.Size / fineStep
	for cj := 0; cj < cells; cj++ {
		for ci := 0; ci < cells; ci++ {
			// Core block x0+4ci+dx lies between fine points ci+1 and ci+2.
			v00, v10 := a.fine(ci+1, cj+1), a.fine(ci+2, cj+1)
			v01, v11 := a.fine(ci+1, cj+2), a.fine(ci+2, cj+2)
			for dz := 0; dz < fineStep; dz++ {
				fz := float64(dz) / fineStep
				for dx := 0; dx < fineStep; dx++ {
					h := int(lerp2(v00, v10, v01, v11, float64(dx)/fineStep, fz))
					a.heights[(cj*fineStep+dz)*chunk.Size+ci*fineStep+dx] = int16(h)
					a.minH = min(a.minH, h)
					a.maxH = max(a.maxH, h)
				}
			}
		}
	}
	a.haveHeights = true
}

// upperBound bounds the height of every block within treeRadius of the
// section column (ext) or inside it (core only), from cont and mount at the
// coarse corners alone: block heights interpolate fine points, fine points'
// climates interpolate the corners, and heightUpper is monotone in both.
func (a *area) upperBound(ext bool) int {
	lo, hi := 1, 2 // core blocks interpolate coarse points 1 and 2
	if ext {
		lo, hi = 0, 3
	}
	var c climate
	c.cont, c.mount = -10, -10
	for j := lo; j <= hi; j++ {
		for i := lo; i <= hi; i++ {
			p := a.coarseShape(i, j)
			c.cont, c.mount = max(c.cont, p.cont), max(c.mount, p.mount)
		}
	}
	return int(heightUpper(&c))
}
