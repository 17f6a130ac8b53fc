package worldgen

import "github.com/stratavox/strata/resources/chunk"

// Trees stand on a jittered grid: one candidate root per treeCell×treeCell
// cell, at an offset, with a biome-dependent chance, all drawn from a hash
// of the cell's coordinates. A tree's shape depends only on its root, so
// every section a tree reaches into draws the same tree: each section
// considers all candidates within treeRadius of its columns.
const (
	treeCell   = 5
	treeRadius = 2  // leaves reach this far from the trunk
	treeReach  = 10 // top leaf above the terrain height (spruce: 9 logs + 1)
)

type treeKind uint8

const (
	noTree treeKind = iota
	oakTree
	spruceTree
	cactusTree
)

// tree is one placed tree.
type tree struct {
	x, y, z int // root: the lowest log, one above the terrain
	kind    treeKind
	height  int // logs (cactus blocks)
	hash    uint64
}

// treeChance is each biome's chance (of 1024) that a cell has a tree.
var treeChance = [numBiomes]struct {
	kind   treeKind
	chance uint64
	ground chunk.Block
}{
	Plains: {oakTree, 25, chunk.Grass},
	Forest: {oakTree, 760, chunk.Grass},
	Snowy:  {spruceTree, 330, chunk.Snow},
	Desert: {cactusTree, 45, chunk.Sand},
}

// treeIn returns the tree of grid cell (cx, cz), if any. The area must
// reach the root: roots lie within treeRadius of the section column.
func (a *area) treeIn(cx, cz int) (tree, bool) {
	h := hash3(a.g.hseed, saltTree, cx, 0, cz)
	x := cx*treeCell + int(h%(treeCell-1))
	z := cz*treeCell + int(h>>8%(treeCell-1))
	if !a.reaches(x, z) {
		return tree{}, false
	}
	height := a.heightOf(x, z)
	if height < SeaLevel {
		return tree{}, false
	}
	col := a.columnAt(x, z, height)
	return plantTree(h, x, z, &col)
}

// plantTree returns the tree of the grid cell whose hash is h, rooted on
// column col at (x, z), if its biome grows one there.
func plantTree(h uint64, x, z int, col *column) (tree, bool) {
	height := col.height
	if height < SeaLevel {
		return tree{}, false
	}
	tc := treeChance[col.biome]
	if tc.kind == noTree || h>>16&1023 >= tc.chance || col.top != tc.ground {
		return tree{}, false
	}
	t := tree{x: x, y: height + 1, z: z, kind: tc.kind, hash: h}
	switch tc.kind {
	case oakTree:
		t.height = 4 + int(h>>32%3)
	case spruceTree:
		t.height = 6 + int(h>>32%4)
	case cactusTree:
		t.height = 1 + int(h>>32%3)
	}
	return t, true
}

// reaches reports whether a tree rooted at (x, z) can touch the area's
// section column.
func (a *area) reaches(x, z int) bool {
	return x >= a.x0-treeRadius && x < a.x0+chunk.Size+treeRadius &&
		z >= a.z0-treeRadius && z < a.z0+chunk.Size+treeRadius
}

// forEach calls fn for every block of the tree, logs first. Leaf corners
// are trimmed by a hash of the tree and the offset, never of the section.
func (t *tree) forEach(seed uint64, fn func(x, y, z int, b chunk.Block)) {
	log, leaves := chunk.OakLog, chunk.OakLeaves
	switch t.kind {
	case cactusTree:
		for dy := 0; dy < t.height; dy++ {
			fn(t.x, t.y+dy, t.z, chunk.Cactus)
		}
		return
	case spruceTree:
		log, leaves = chunk.SpruceLog, chunk.SpruceLeaves
	}
	for dy := 0; dy < t.height; dy++ {
		fn(t.x, t.y+dy, t.z, log)
	}
	layer := func(dy, r int, trim bool) {
		for dz := -r; dz <= r; dz++ {
			for dx := -r; dx <= r; dx++ {
				if dx == 0 && dz == 0 && dy < t.height {
					continue // the trunk
				}
				corner := (dx == r || dx == -r) && (dz == r || dz == -r)
				if corner && r > 0 && (trim || hash3(seed, saltLeaf^t.hash, dx, dy, dz)&1 == 0) {
					continue
				}
				fn(t.x+dx, t.y+dy, t.z+dz, leaves)
			}
		}
	}
	top := t.height // first Y offset above the trunk
	if t.kind == oakTree {
		layer(top-3, 2, false)
		layer(top-2, 2, false)
		layer(top-1, 1, false)
		layer(top, 1, true) // a plus
		return
	}
	// Spruce: a cone from the tip down, radius 0,1,1,2,1,2,... to dy 2.
	layer(top, 0, false)
	layer(top-1, 1, true)
	for dy, k := top-2, 0; dy >= 2; dy, k = dy-1, k+1 {
		r := 1
		if k%2 == 0 {
			r = 2
		}
		layer(dy, r, r == 2)
	}
}

// placeTrees draws every tree that reaches into the section. Logs and
// cactus replace air and leaves; leaves only fill air, so where canopies
// overlap the result does not depend on which tree comes first, except
// between two leaf kinds, where the fixed candidate order decides.
func (g *Generator) placeTrees(a *area, b *builder, x0, y0, z0 int) {
	y1 := y0 + chunk.Size - 1
	cx0, cx1 := floorDivN(x0-treeRadius, treeCell), floorDivN(x0+chunk.Size-1+treeRadius, treeCell)
	cz0, cz1 := floorDivN(z0-treeRadius, treeCell), floorDivN(z0+chunk.Size-1+treeRadius, treeCell)
	for cz := cz0; cz <= cz1; cz++ {
		for cx := cx0; cx <= cx1; cx++ {
			t, ok := a.treeIn(cx, cz)
			if !ok || t.y > y1 || t.y+t.height+1 < y0 {
				continue
			}
			t.forEach(g.hseed, func(x, y, z int, blk chunk.Block) {
				lx, ly, lz := x-x0, y-y0, z-z0
				if uint(lx) >= chunk.Size || uint(ly) >= chunk.Size || uint(lz) >= chunk.Size {
					return
				}
				i := chunk.Index(lx, ly, lz)
				cur := b.get(i)
				switch {
				case cur == chunk.Air:
				case blk == chunk.OakLeaves || blk == chunk.SpruceLeaves:
					return
				case cur != chunk.OakLeaves && cur != chunk.SpruceLeaves:
					return
				}
				b.set(i, blk)
			})
		}
	}
}
