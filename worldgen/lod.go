package worldgen

import "github.com/stratavox/strata/resources/chunk"

// Level of detail (design/lod.md). A LOD section at level L and position
// P is a 16×16×16 grid of cells, each standing for a (2^L)³ cube of
// blocks: it covers blocks [P·16·2^L, (P+1)·16·2^L) on each axis. Level 0
// is Generate's section.
//
// Natural terrain at level L is sampled, never generated at full
// resolution: one column sample per cell column, at the cell's centre
// block column (the same heightmap, climate, biome and surface rules as
// level 0, evaluated on a stride of 2^L), then each cell of the column is
// filled from the sample:
//
//   - occupancy by majority: a cell is non-air when at least half of its
//     2^L blocks in the sampled column are (terrain, the water up to
//     SeaLevel, foliage weighted by the share of columns it stands for),
//     so surfaces land within half a cell of the truth and the sea is the
//     same flat plane at every level;
//   - the block is the top-most visible one: the highest non-air block of
//     the cell's column, or, when the cell above came out air, of this
//     cell and the one above (the part of the surface the rounding
//     dropped). From afar a cell shows its top, so a grass slope stays
//     green instead of showing the dirt under it;
//   - trees: at level 1 the real trees (a cell is 2×2 columns, and its
//     sampled column holds what the tree grid puts there); from level 2 on,
//     foliage by biome density: a band of leaves above the terrain where
//     the biome's canopy covers at least half its columns (forests),
//     because a coarser cell's top shows the majority of its columns,
//     counted in the occupancy at that share (so it fills a 4-block cell
//     and only colours the top of coarser ones, as the real canopy does);
//   - no caves, no ores: they are below what a distant cell shows.
//
// The sample's climate, biome and surface rules are bit-for-bit level 0's
// at the centre column: the same lattice points, the same interpolation.
// Its height is level 0's there too from level 3 on; at levels 1 and 2,
// where the fine lattice is shared anyway, it is the floored mean of level
// 0's heights over the cell's columns (see meanHeight).

// MaxLODLevel is the coarsest level GenerateLOD makes: cells of 128
// blocks, a third of the world's height; a coarser cell would hold the
// whole world in one or two layers.
const MaxLODLevel = 7

// Foliage bands: the Y offsets above the terrain height of the leaves a
// wooded column shows at a distance, for trees of middling height (oak 5
// logs, spruce 7 to 8, cactus 2; see tree.forEach).
const (
	oakLeafLo, oakLeafHi       = 3, 6
	spruceLeafLo, spruceLeafHi = 3, 8
	cactusLo, cactusHi         = 1, 2
)

// canopyCover is the fraction (of 1024) of a biome's tree-bearing columns
// (ground block right, above SeaLevel) whose top-most block is a tree's,
// measured over SurfaceColumns of three seeds: plains 0.028, forest 0.617,
// snowy 0.256, desert 0.002 (cacti).
var canopyCover = [numBiomes]uint64{
	Plains: 29,
	Forest: 632,
	Snowy:  262,
	Desert: 2,
}

// lodSample is the column a LOD cell column stands for.
type lodSample struct {
	col            column
	solidTop       int // highest terrain or water block; below MinY: nothing
	leafLo, leafHi int // foliage band (leafLo > leafHi: none)
	leafCover      int // of 1024: the share of the cell's columns the band stands for
	leaf           chunk.Block
}

// LODColumn holds the samples of one column of LOD sections (all section
// Ys of one level-L X, Z): sampling is most of a LOD section's cost and is
// the same for every section of the column, so a caller making several
// sections of one column samples once and calls Section for each. It is
// plain data (about 20 KB); reuse one per goroutine.
type LODColumn struct {
	level   int
	x, z    int32
	x0, z0  int // block coordinates of the footprint's lowest corner
	samples [chunk.Size * chunk.Size]lodSample
	minTop  int // lowest terrain height over the samples
	maxTop  int // highest non-air block over the samples
}

// Level returns the column's level.
func (c *LODColumn) Level() int { return c.level }

// LODSectionYRange returns the section Ys at level (0..MaxLODLevel) that
// hold part of the world's height: -4..19 at level 0, -2..9 at 1, -1..4 at
// 2, -1..2 at 3, -1..1 at 4, -1..0 above.
func LODSectionYRange(level int) (lo, hi int32) {
	span := chunk.Size << level
	return int32(floorDivN(chunk.MinY, span)), int32(floorDivN(chunk.MaxY, span))
}

// GenerateLOD returns the LOD section at level (0..MaxLODLevel) and pos,
// in level-L section units. It is a pure function of the seed, the
// version, pos and level, safe for concurrent use; level 0 is Generate.
// Sections outside the world (any level outside 0..MaxLODLevel, Y outside
// LODSectionYRange, X or Z wholly beyond the border) are air. Sections
// above anything the terrain reaches, and sections deep enough to be rock
// in every column, come back uniform without sampling.
func (g *Generator) GenerateLOD(pos chunk.Pos, level int) chunk.Section {
	if level == 0 {
		return g.Generate(pos)
	}
	if !lodInWorld(pos, level) {
		return chunk.Section{}
	}
	s := 1 << level
	y0 := int(pos.Y) * chunk.Size * s
	if y0 > maxHeight+treeReach && y0 > SeaLevel {
		return chunk.Section{} // above anything the generator places
	}
	// A section of rock in any column (terrain never goes below
	// minHeight) needs no sample.
	if rockBelow(y0, s, minHeight) {
		return rockSection(y0, s)
	}
	if level <= 4 && y0 > SeaLevel && y0 > lodUpperBound(g, pos.X, pos.Z, level)+treeReach {
		return chunk.Section{} // above the terrain and its trees
	}
	var c LODColumn
	g.SampleLOD(&c, pos.X, pos.Z, level)
	return c.Section(pos.Y)
}

// lodInWorld reports whether the LOD section holds any block of the world.
func lodInWorld(pos chunk.Pos, level int) bool {
	if level < 0 || level > MaxLODLevel {
		return false
	}
	lo, hi := LODSectionYRange(level)
	if pos.Y < lo || pos.Y > hi {
		return false
	}
	// Its first level-0 section column must be inside the border, or its
	// last one: the footprint is 2^level section columns wide.
	n := int64(1) << level
	in := func(v int32) bool {
		a := int64(v) * n
		return a+n-1 >= -chunk.BorderSections && a <= chunk.BorderSections
	}
	return in(pos.X) && in(pos.Z)
}

// SampleLOD fills c with the column samples of the LOD column (x, z) at
// level (1..MaxLODLevel): one per cell column, at its centre block column.
// Level 0 and levels beyond MaxLODLevel leave c empty (every section air).
func (g *Generator) SampleLOD(c *LODColumn, x, z int32, level int) {
	c.level, c.x, c.z = level, x, z
	c.minTop, c.maxTop = chunk.MinY-1, chunk.MinY-1
	if level < 1 || level > MaxLODLevel {
		c.level = -1
		return
	}
	s := 1 << level
	span := chunk.Size * s
	c.x0, c.z0 = int(x)*span, int(z)*span
	var l lodLattice
	l.init(g, c.x0, c.z0, level)
	c.minTop, c.maxTop = chunk.MaxY+1, chunk.MinY-1
	for i := range c.samples {
		bx := c.x0 + (i%chunk.Size)*s + s/2
		bz := c.z0 + (i/chunk.Size)*s + s/2
		sm := &c.samples[i]
		if !chunk.BlockInBorder(bx, bz) {
			*sm = lodSample{solidTop: chunk.MinY - 1, leafLo: 1, leafHi: 0}
			c.minTop = min(c.minTop, chunk.MinY-1)
			continue
		}
		h, clim := l.sample(bx, bz)
		if level <= 2 {
			h = l.meanHeight(bx-s/2, bz-s/2, s)
		}
		g.fillSample(sm, &clim, bx, bz, h, level)
		c.minTop = min(c.minTop, h)
	}
	if level == 1 {
		g.lodTrees(c, &l)
	}
	for i := range c.samples {
		c.maxTop = max(c.maxTop, c.samples[i].solidTop, c.samples[i].leafHi)
	}
}

// lodTrees draws the trees that reach the sampled columns of a level-1
// LOD column: every candidate of the tree grid within treeRadius of the
// footprint, exactly as Generate places them, each sampled column keeping
// the span of tree blocks in it and the top-most one.
func (g *Generator) lodTrees(c *LODColumn, l *lodLattice) {
	span := chunk.Size << c.level
	cx0, cx1 := floorDivN(c.x0-treeRadius, treeCell), floorDivN(c.x0+span-1+treeRadius, treeCell)
	cz0, cz1 := floorDivN(c.z0-treeRadius, treeCell), floorDivN(c.z0+span-1+treeRadius, treeCell)
	for tz := cz0; tz <= cz1; tz++ {
		for tx := cx0; tx <= cx1; tx++ {
			h := hash3(g.hseed, saltTree, tx, 0, tz)
			x := tx*treeCell + int(h%(treeCell-1))
			z := tz*treeCell + int(h>>8%(treeCell-1))
			if x < c.x0-treeRadius || x >= c.x0+span+treeRadius || z < c.z0-treeRadius || z >= c.z0+span+treeRadius {
				continue
			}
			height, clim := l.sample(x, z)
			if height < SeaLevel {
				continue
			}
			col := g.columnOf(&clim, x, z, height)
			t, ok := plantTree(h, x, z, &col)
			if !ok {
				continue
			}
			t.forEach(g.hseed, func(x, y, z int, b chunk.Block) {
				lx, lz := x-c.x0, z-c.z0
				// Sampled columns are the odd ones: x0 + 2i + 1.
				if uint(lx) >= uint(span) || uint(lz) >= uint(span) || lx&1 == 0 || lz&1 == 0 {
					return
				}
				sm := &c.samples[lx/2+chunk.Size*(lz/2)]
				if sm.leafLo > sm.leafHi {
					sm.leafLo, sm.leafHi, sm.leaf, sm.leafCover = y, y, b, 1024
					return
				}
				sm.leafLo = min(sm.leafLo, y)
				if y > sm.leafHi {
					sm.leafHi, sm.leaf = y, b
				}
			})
		}
	}
}

// fillSample classifies the sampled column and adds its foliage.
func (g *Generator) fillSample(sm *lodSample, clim *climate, x, z, h, level int) {
	sm.col = g.columnOf(clim, x, z, h)
	sm.solidTop = max(h, SeaLevel)
	sm.leafLo, sm.leafHi = 1, 0
	col := &sm.col
	tc := treeChance[col.biome]
	if tc.kind == noTree || h < SeaLevel || col.top != tc.ground {
		return
	}
	if level == 1 || canopyCover[col.biome] < 512 {
		// Level 1 draws the real trees (SampleLOD); above, a coarse cell
		// shows the majority of its columns, wooded where the biome's
		// canopy covers at least half of them.
		return
	}
	sm.leafCover = int(canopyCover[col.biome])
	switch tc.kind {
	case oakTree:
		sm.leafLo, sm.leafHi, sm.leaf = h+oakLeafLo, h+oakLeafHi, chunk.OakLeaves
	case spruceTree:
		sm.leafLo, sm.leafHi, sm.leaf = h+spruceLeafLo, h+spruceLeafHi, chunk.SpruceLeaves
	case cactusTree:
		sm.leafLo, sm.leafHi, sm.leaf = h+cactusLo, h+cactusHi, chunk.Cactus
	}
}

// Section returns the LOD section at section Y y of the sampled column.
// Sections above every sample's top are uniform air; sections whose every
// cell (and the cell above) is rock are filled by layer without looking at
// the samples.
func (c *LODColumn) Section(y int32) chunk.Section {
	if c.level < 1 || !lodInWorld(chunk.Pos{X: c.x, Y: y, Z: c.z}, c.level) {
		return chunk.Section{}
	}
	s := 1 << c.level
	y0 := int(y) * chunk.Size * s
	if y0 > c.maxTop {
		return chunk.Section{} // the lowest cell holds nothing
	}
	if rockBelow(y0, s, c.minTop) {
		return rockSection(y0, s)
	}
	cells := new([chunk.Volume]uint16)
	var occ [chunk.Size + 1]bool
	for i := range c.samples {
		sm := &c.samples[i]
		for k := 0; k <= chunk.Size; k++ {
			lo := y0 + k*s
			occ[k] = sm.occupied(lo, lo+s-1)
		}
		for k := 0; k < chunk.Size; k++ {
			if !occ[k] {
				continue
			}
			lo, hi := y0+k*s, y0+(k+1)*s-1
			if !occ[k+1] {
				hi += s // exposed: the rounded-away surface above shows
			}
			cells[i+k*chunk.Size*chunk.Size] = uint16(sm.topMost(lo, hi))
		}
	}
	return chunk.FromCells(cells)
}

// occupied reports whether at least half of the sampled column's blocks
// in lo..hi are not air (blocks below the world are air). The foliage
// band counts at the share of the cell's columns it stands for: all of
// them at level 1 (the real trees at the sampled column), the biome's
// canopy cover above, so that a forest's canopy, four blocks deep over
// three fifths of the columns, fills a 4-block cell but only colours the
// top of a coarser one, as it does in the real blocks.
func (sm *lodSample) occupied(lo, hi int) bool {
	n := overlap(max(lo, chunk.MinY), hi, chunk.MinY, sm.solidTop)
	leaves := overlap(lo, hi, sm.leafLo, sm.leafHi) * sm.leafCover
	return 2*(n*1024+leaves) >= (hi-lo+1)*1024
}

// overlap returns the length of [a0, a1] ∩ [b0, b1].
func overlap(a0, a1, b0, b1 int) int {
	return max(0, min(a1, b1)-max(a0, b0)+1)
}

// topMost returns the highest non-air block of the sampled column in
// lo..hi (which must hold one).
func (sm *lodSample) topMost(lo, hi int) chunk.Block {
	if sm.leafLo <= sm.leafHi && sm.leafLo <= hi && sm.leafHi >= lo {
		return sm.leaf
	}
	y := min(hi, sm.solidTop)
	col := &sm.col
	switch {
	case y > col.height:
		if y == SeaLevel {
			return col.water
		}
		return chunk.Water
	case y >= col.height-col.fillerN-col.deepN:
		return col.blockAt(y)
	}
	return rockAt(y)
}

// rockAt is the rock a distant cell whose top is at y shows: what
// Generate's rock variants put there in most columns (bedrock in the
// floor's lower half, deepslate below Y 0 and mostly up to Y 4).
func rockAt(y int) chunk.Block {
	switch {
	case y <= chunk.MinY+2:
		return chunk.Bedrock
	case y <= 4:
		return chunk.Deepslate
	}
	return chunk.Stone
}

// rockBelow reports whether the LOD section from y0 (cells of s blocks)
// is rock in every column whose terrain height is at least minH: each
// cell's top block lies below the surface layers, and the cell above the
// section is mostly solid (terrain, or the water up to SeaLevel), so no
// cell's top is exposed.
func rockBelow(y0, s, minH int) bool {
	top := y0 + chunk.Size*s - 1
	return top < minH-maxSurfaceDepth && top+s/2 <= max(minH, SeaLevel)
}

// lodUpperBound bounds every terrain height a LOD column at level 1..4
// samples (its cells' columns, and at level 1 its trees' roots), as
// area.upperBound does for a section column: from cont and mount at the
// coarse points around its footprint alone, without sampling.
func lodUpperBound(g *Generator, x, z int32, level int) int {
	span := chunk.Size << level
	x0, z0 := int(x)*span, int(z)*span
	i0, i1 := floorDivN(x0, coarseStep)-1, floorDivN(x0+span, coarseStep)+1
	j0, j1 := floorDivN(z0, coarseStep)-1, floorDivN(z0+span, coarseStep)+1
	var c climate
	var hi climate
	hi.cont, hi.mount = -10, -10
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			g.coarseShape(&c, i*coarseStep, j*coarseStep)
			hi.cont, hi.mount = max(hi.cont, c.cont), max(hi.mount, c.mount)
		}
	}
	return int(heightUpper(&hi))
}

// rockSection is the LOD section from y0 (cells of s blocks) whose every
// cell is rock in every column (rockBelow).
func rockSection(y0, s int) chunk.Section {
	var layer [chunk.Size]chunk.Block
	for k := range layer {
		lo := y0 + k*s
		if 2*overlap(max(lo, chunk.MinY), lo+s-1, chunk.MinY, chunk.MaxY) >= s {
			layer[k] = rockAt(lo + s - 1)
		}
	}
	if layer[0] == layer[chunk.Size-1] {
		return chunk.Uniform(layer[0]) // rock classes change monotonically with y
	}
	cells := new([chunk.Volume]uint16)
	for k, b := range layer {
		l := cells[k*chunk.Size*chunk.Size : (k+1)*chunk.Size*chunk.Size]
		for i := range l {
			l[i] = uint16(b)
		}
	}
	return chunk.FromCells(cells)
}

// lodLattice evaluates level 0's heightmap and climate at the sample
// columns of one LOD column. Coarse lattice points (every 16 blocks) and,
// at levels 1 and 2, fine points (every 4) are shared by neighbouring
// samples, so each is computed once, lazily. From level 3 every sample
// lies on a fine point (its height needs no interpolation) and from level
// 5 on a coarse one (nor its climate), so those levels keep no grid.
type lodLattice struct {
	g      *Generator
	level  int
	ci0    int // coarse index (x/16) of the grid's first point, both axes share n
	cj0    int
	cn     int // coarse points per row (0: no grid)
	fi0    int // fine index (x/4) of the fine grid's first point
	fj0    int
	fn     int // fine points per row (0: no grid)
	coarse [lodCoarseMax * lodCoarseMax]climate
	cdone  [lodCoarseMax * lodCoarseMax]bool
	fine   [lodFineMax * lodFineMax]float64
	fdone  [lodFineMax * lodFineMax]bool
}

// Grid sizes: a level-L footprint is 16·2^L blocks; the coarse grid
// covers it plus one point each side up to level 4, the fine grid up to
// level 2.
const (
	lodCoarseMax = 16 + 3
	lodFineMax   = 16*4/fineStep + 3
)

func (l *lodLattice) init(g *Generator, x0, z0, level int) {
	l.g, l.level = g, level
	span := chunk.Size << level
	if level <= 4 {
		l.ci0, l.cj0 = floorDivN(x0, coarseStep)-1, floorDivN(z0, coarseStep)-1
		l.cn = span/coarseStep + 3
	}
	if level <= 2 {
		l.fi0, l.fj0 = floorDivN(x0, fineStep)-1, floorDivN(z0, fineStep)-1
		l.fn = span/fineStep + 3
	}
}

// coarseAt returns the climate at coarse lattice point (i, j), global
// indices (world (16i, 16j)).
func (l *lodLattice) coarseAt(i, j int) *climate {
	k := (j-l.cj0)*l.cn + (i - l.ci0)
	if !l.cdone[k] {
		l.coarse[k] = l.g.coarseAt(i*coarseStep, j*coarseStep)
		l.cdone[k] = true
	}
	return &l.coarse[k]
}

// climateAt interpolates the slow fields at world (x, z) exactly as
// area.climateAt does (the area's origin is a multiple of coarseStep, so
// its offsets are the global ones).
func (l *lodLattice) climateAt(x, z int) climate {
	if l.cn == 0 { // level ≥ 5: samples lie on coarse points
		return l.g.coarseAt(x, z)
	}
	i, j := floorDivN(x, coarseStep), floorDivN(z, coarseStep)
	fx := float64(x-i*coarseStep) / coarseStep
	fz := float64(z-j*coarseStep) / coarseStep
	return lerpClimate(l.coarseAt(i, j), l.coarseAt(i+1, j), l.coarseAt(i, j+1), l.coarseAt(i+1, j+1), fx, fz)
}

// fineAt returns the height at fine point (i, j), global indices, as
// area.fine does.
func (l *lodLattice) fineAt(i, j int) float64 {
	k := (j-l.fj0)*l.fn + (i - l.fi0)
	if !l.fdone[k] {
		x, z := i*fineStep, j*fineStep
		c := l.climateAt(x, z)
		fx, fz := float64(x), float64(z)
		l.fine[k] = heightAt(&c, l.g.detail1.at2(fx, fz), l.g.detail2.at2(fx, fz))
		l.fdone[k] = true
	}
	return l.fine[k]
}

// meanHeight returns the floor of the mean of level 0's heights over the
// s×s block columns from (x, z) (levels 1 and 2, on the fine grid). A cell
// is mostly solid exactly when the mean of its columns' fill is half a
// cell, so the floored mean decides occupancy as the cube's majority does
// on slopes, where one column of the cell can be several blocks off.
func (l *lodLattice) meanHeight(x, z, s int) int {
	sum := 0
	for dz := 0; dz < s; dz++ {
		for dx := 0; dx < s; dx++ {
			bx, bz := x+dx, z+dz
			i, j := floorDivN(bx, fineStep), floorDivN(bz, fineStep)
			fx := float64(bx-i*fineStep) / fineStep
			fz := float64(bz-j*fineStep) / fineStep
			sum += int(lerp2(l.fineAt(i, j), l.fineAt(i+1, j), l.fineAt(i, j+1), l.fineAt(i+1, j+1), fx, fz))
		}
	}
	return sum / (s * s) // heights are positive: division floors
}

// sample returns level 0's terrain height and climate at block column
// (x, z).
func (l *lodLattice) sample(x, z int) (int, climate) {
	c := l.climateAt(x, z)
	if l.fn == 0 {
		// On a fine point: level 0 interpolates it with zero fractions,
		// which returns it exactly, and its climate is this one.
		fx, fz := float64(x), float64(z)
		return int(heightAt(&c, l.g.detail1.at2(fx, fz), l.g.detail2.at2(fx, fz))), c
	}
	i, j := floorDivN(x, fineStep), floorDivN(z, fineStep)
	fx := float64(x-i*fineStep) / fineStep
	fz := float64(z-j*fineStep) / fineStep
	return int(lerp2(l.fineAt(i, j), l.fineAt(i+1, j), l.fineAt(i, j+1), l.fineAt(i+1, j+1), fx, fz)), c
}
