// Package physics holds the server's arbitration rules as pure functions
// over the resident world: movement validation (speed and a swept player
// box against the voxels) and the checks on breaking and placing blocks.
// The systems that apply them live in package systems.
package physics

import (
	"math"

	"github.com/stratavox/strata/resources/chunk"
)

// World is what the rules read: a block by world block coordinates and
// whether its section is resident. The chunk store implements it.
type World interface {
	Block(x, y, z int) (chunk.Block, bool)
}

// Vec is a point or displacement in world block units.
type Vec struct{ X, Y, Z float64 }

// Add returns v+o.
func (v Vec) Add(o Vec) Vec { return Vec{v.X + o.X, v.Y + o.Y, v.Z + o.Z} }

// Sub returns v-o.
func (v Vec) Sub(o Vec) Vec { return Vec{v.X - o.X, v.Y - o.Y, v.Z - o.Z} }

// Scale returns v*k.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k, v.Z * k} }

// Len returns the length of v.
func (v Vec) Len() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y + v.Z*v.Z) }

// HorizontalLen returns the length of v in the XZ plane.
func (v Vec) HorizontalLen() float64 { return math.Hypot(v.X, v.Z) }

// The player's collision box: 0.6 × 1.8 × 0.6, feet at the position.
const (
	PlayerWidth  = 0.6
	PlayerHeight = 1.8
	EyeHeight    = 1.62
)

// AABB is an axis-aligned box.
type AABB struct{ Min, Max Vec }

// PlayerBox returns the box of a player whose feet are at p.
func PlayerBox(p Vec) AABB {
	h := PlayerWidth / 2
	return AABB{Min: Vec{p.X - h, p.Y, p.Z - h}, Max: Vec{p.X + h, p.Y + PlayerHeight, p.Z + h}}
}

// Offset returns the box moved by d.
func (b AABB) Offset(d Vec) AABB { return AABB{b.Min.Add(d), b.Max.Add(d)} }

// Intersects reports whether two boxes overlap with positive volume;
// touching faces do not count, so a player standing on a block is not
// inside it.
func (b AABB) Intersects(o AABB) bool {
	return b.Min.X < o.Max.X && b.Max.X > o.Min.X &&
		b.Min.Y < o.Max.Y && b.Max.Y > o.Min.Y &&
		b.Min.Z < o.Max.Z && b.Max.Z > o.Min.Z
}

// BlockBox returns the unit box of block (x, y, z).
func BlockBox(x, y, z int) AABB {
	return AABB{Min: Vec{float64(x), float64(y), float64(z)}, Max: Vec{float64(x + 1), float64(y + 1), float64(z + 1)}}
}

// eps keeps a box whose face lies exactly on a block boundary from
// counting the block beyond that face.
const eps = 1e-7

// epsAt is eps for a box face at coordinate v: more than eps far from the
// origin, where the float64 values are spaced wider than eps (beyond 2^29
// blocks; 4.8e-7 apart at the border), so that a face computed as p±0.3
// lands a few units in the last place off the boundary and eps alone
// would not absorb the rounding.
//
// It is max(eps, |v|·2⁻⁴⁸) written as a comparison the branch predictor
// gets right (eps almost everywhere): the builtin max's rules for NaN and
// signed zeros cost branches of their own, four times per box. (A NaN v
// gets eps, where max gave NaN: either way the face is NaN.)
func epsAt(v float64) float64 {
	if a := math.Abs(v) * 0x1p-48; a > eps {
		return a
	}
	return eps
}

// Overlap reports whether the box overlaps a solid block (blocked) and
// whether any block it touches is not resident (unknown terrain, which is
// never treated as air). Outside the world's height is air above and
// solid below. Beyond the world's border (chunk.BlockInBorder) the
// world's height is solid: the border is a wall. Those sections never
// become resident, so treating them as unknown would hold a player next
// to the border for ever.
func Overlap(w World, b AABB) (blocked, unknown bool) {
	return overlap(w, b, cells{empty: true})
}

// cells is an inclusive range of block coordinates.
type cells struct {
	x0, x1, y0, y1, z0, z1 int
	empty                  bool
}

// cellsOf returns the blocks a box overlaps with positive volume.
func cellsOf(b AABB) cells {
	return cells{
		x0: int(math.Floor(b.Min.X + epsAt(b.Min.X))), x1: int(math.Floor(b.Max.X - epsAt(b.Max.X))),
		y0: int(math.Floor(b.Min.Y + eps)), y1: int(math.Floor(b.Max.Y - eps)),
		z0: int(math.Floor(b.Min.Z + epsAt(b.Min.Z))), z1: int(math.Floor(b.Max.Z - epsAt(b.Max.Z))),
	}
}

func (c cells) contains(x, y, z int) bool {
	return !c.empty && x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1 && z >= c.z0 && z <= c.z1
}

// covers reports whether c contains every block of o (which is not empty).
func (c cells) covers(o cells) bool {
	return !c.empty && o.x0 >= c.x0 && o.x1 <= c.x1 && o.y0 >= c.y0 && o.y1 <= c.y1 && o.z0 >= c.z0 && o.z1 <= c.z1
}

// overlap is Overlap, except that solid blocks in ignore do not block.
func overlap(w World, b AABB, ignore cells) (blocked, unknown bool) {
	if c, ok := sectionsOf(w); ok {
		return c.overlap(b, ignore)
	}
	return overlapBlocks(w, cellsOf(b), ignore)
}

// overlapBlocks is overlap over the blocks of c, one World.Block each.
func overlapBlocks(w World, c cells, ignore cells) (blocked, unknown bool) {
	for y := c.y0; y <= c.y1; y++ {
		if y < chunk.MinY {
			blocked = true
			continue
		}
		if y > chunk.MaxY {
			continue
		}
		for z := c.z0; z <= c.z1; z++ {
			for x := c.x0; x <= c.x1; x++ {
				if !chunk.BlockInBorder(x, z) {
					// The border wall.
					if !ignore.contains(x, y, z) {
						blocked = true
					}
					continue
				}
				blk, ok := w.Block(x, y, z)
				if !ok {
					unknown = true
					continue
				}
				if blk.Solid() && !ignore.contains(x, y, z) {
					blocked = true
				}
			}
		}
	}
	return blocked, unknown
}

// SectionWorld is a World that also hands out whole sections, as the
// chunk store does; Section(p) must agree with Block on every block of p.
// The rules then look a section up once per box, not once per block, and
// settle a uniform section's blocks at once.
type SectionWorld interface {
	World
	Section(p chunk.Pos) (chunk.Section, bool)
}

// Sections is a SectionWorld over another that remembers the last few
// sections looked up through it: a sweep's steps mostly revisit the same
// one or two, and a player's checks in one tick (Supported, CheckMove)
// the same ones again. The rules use one per check on any SectionWorld;
// pass them a *Sections to share it between checks, for as long as the
// world does not change (it would see stale sections).
type Sections struct {
	W    SectionWorld
	n    int // lookups made; slot n%len is the next to replace
	pos  [4]chunk.Pos
	secs [4]chunk.Section
	ok   [4]bool
}

// Reset forgets the sections looked up, for w.
func (c *Sections) Reset(w SectionWorld) { *c = Sections{W: w} }

// Seed remembers sec (ok: resident) as the section at p, as a look-up
// through c would: for a caller that looked up many players' sections in
// one batch (resources.Reader.Sections) before checking each. It must be
// what c.W holds at p.
func (c *Sections) Seed(p chunk.Pos, sec chunk.Section, ok bool) {
	i := c.n % len(c.pos)
	c.n++
	c.pos[i], c.secs[i], c.ok[i] = p, sec, ok
}

// Section implements SectionWorld.
func (c *Sections) Section(p chunk.Pos) (chunk.Section, bool) {
	sec, ok := c.section(p)
	return *sec, ok
}

// Block implements World.
func (c *Sections) Block(x, y, z int) (chunk.Block, bool) {
	sec, ok := c.section(chunk.PosOfBlock(x, y, z))
	if !ok {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return sec.Get(lx, ly, lz), true
}

func (c *Sections) section(p chunk.Pos) (*chunk.Section, bool) {
	for i := range min(c.n, len(c.pos)) {
		if c.pos[i] == p {
			return &c.secs[i], c.ok[i]
		}
	}
	i := c.n % len(c.pos)
	c.n++
	c.pos[i] = p
	c.secs[i], c.ok[i] = c.W.Section(p)
	return &c.secs[i], c.ok[i]
}

// sectionsOf returns w as a *Sections: itself, or a new one over it when
// it is a SectionWorld.
func sectionsOf(w World) (*Sections, bool) {
	switch w := w.(type) {
	case *Sections:
		return w, true
	case SectionWorld:
		return &Sections{W: w}, true
	}
	return nil, false
}

// sectionSafe bounds the block coordinates the section walk handles (far
// beyond the world's border); beyond, overlap goes block by block.
const sectionSafe = 1 << 40

func safe(v int) bool { return v >= -sectionSafe && v <= sectionSafe }

// overlap is overlapBlocks with the same result, section by section: a
// section that is not resident makes its blocks unknown, a uniform one is
// settled at once, and a dense one is read directly.
func (c *Sections) overlap(b AABB, ignore cells) (blocked, unknown bool) {
	r := cellsOf(b)
	if !safe(r.x0) || !safe(r.x1) || !safe(r.z0) || !safe(r.z1) {
		return overlapBlocks(c.W, r, ignore)
	}
	if r.y0 <= r.y1 && r.y0 < chunk.MinY {
		// Below the world is solid.
		blocked = true
	}
	y0, y1 := max(r.y0, chunk.MinY), min(r.y1, chunk.MaxY) // above is air
	if y0 > y1 || r.z0 > r.z1 || r.x0 > r.x1 {
		return blocked, unknown
	}
	for ys := y0; ys <= y1; {
		ye := min(y1, sectionEnd(ys))
		for zs := r.z0; zs <= r.z1; {
			ze := min(r.z1, sectionEnd(zs))
			for xs := r.x0; xs <= r.x1; {
				xe := min(r.x1, sectionEnd(xs))
				if !chunk.BlockInBorder(xs, zs) {
					// The border wall: a solid section (the border
					// runs along section boundaries).
					if !ignore.covers(cells{x0: xs, x1: xe, y0: ys, y1: ye, z0: zs, z1: ze}) {
						blocked = true
					}
					xs = xe + 1
					continue
				}
				sec, ok := c.section(chunk.PosOfBlock(xs, ys, zs))
				switch {
				case !ok:
					unknown = true
				case sec.IsUniform():
					if sec.UniformBlock().Solid() && !ignore.covers(cells{x0: xs, x1: xe, y0: ys, y1: ye, z0: zs, z1: ze}) {
						blocked = true
					}
				case !blocked:
					blocked = solidIn(sec, cells{x0: xs, x1: xe, y0: ys, y1: ye, z0: zs, z1: ze}, ignore)
				}
				xs = xe + 1
			}
			zs = ze + 1
		}
		ys = ye + 1
	}
	return blocked, unknown
}

// resident reports whether no block b touches is unknown, as Overlap's
// unknown would, by section and without reading any block: the movement
// rules ask it of every player every tick (Supported), and solidity does
// not matter there.
func (c *Sections) resident(b AABB) bool {
	r := cellsOf(b)
	if !safe(r.x0) || !safe(r.x1) || !safe(r.z0) || !safe(r.z1) {
		_, unknown := overlapBlocks(c.W, r, cells{empty: true})
		return !unknown
	}
	y0, y1 := max(r.y0, chunk.MinY), min(r.y1, chunk.MaxY) // outside the height, never unknown
	if y0 > y1 || r.z0 > r.z1 || r.x0 > r.x1 {
		return true
	}
	for ys := y0; ys <= y1; ys = sectionEnd(ys) + 1 {
		for zs := r.z0; zs <= r.z1; zs = sectionEnd(zs) + 1 {
			for xs := r.x0; xs <= r.x1; xs = sectionEnd(xs) + 1 {
				// Beyond the border is a wall, never unknown.
				if !chunk.BlockInBorder(xs, zs) {
					continue
				}
				if _, ok := c.section(chunk.PosOfBlock(xs, ys, zs)); !ok {
					return false
				}
			}
		}
	}
	return true
}

// sectionEnd is the last block coordinate of v's section along one axis.
func sectionEnd(v int) int { return v - chunk.FloorMod(v) + chunk.Size - 1 }

// solidIn reports whether a block of c, all in dense section sec, is
// solid and not in ignore.
func solidIn(sec *chunk.Section, c cells, ignore cells) bool {
	for y := c.y0; y <= c.y1; y++ {
		for z := c.z0; z <= c.z1; z++ {
			for x := c.x0; x <= c.x1; x++ {
				if sec.Get(chunk.FloorMod(x), chunk.FloorMod(y), chunk.FloorMod(z)).Solid() && !ignore.contains(x, y, z) {
					return true
				}
			}
		}
	}
	return false
}

// sweepStep bounds each step of a sweep: less than the box's narrowest
// side and a block, so no step can jump over a one-block wall.
const sweepStep = 0.25

// Sweep moves the box along d in small steps and reports whether any step
// overlaps a solid block or unknown terrain. Solid blocks the box already
// overlaps at its start do not block: a player the server put inside a
// block (a falling block landing on it, a teleport) can walk out of it,
// though not further into solid ground.
func Sweep(w World, b AABB, d Vec) (blocked, unknown bool) {
	start := cellsOf(b)
	steps := int(math.Ceil(d.Len() / sweepStep))
	cache, ok := sectionsOf(w)
	if !ok {
		for i := 1; i <= steps; i++ {
			bl, un := overlapBlocks(w, cellsOf(b.Offset(d.Scale(float64(i)/float64(steps)))), start)
			blocked, unknown = blocked || bl, unknown || un
			if blocked {
				return
			}
		}
		return
	}
	if steps > 1 {
		// Every step's box lies within the box spanning the start and the
		// end (b.Min + d·t is between b.Min and b.Min + d in floating
		// point too, for t in [0, 1]): if that holds no solid block and no
		// unknown one, neither does any step.
		end := b.Offset(d.Scale(1))
		span := AABB{
			Min: Vec{min(b.Min.X, end.Min.X), min(b.Min.Y, end.Min.Y), min(b.Min.Z, end.Min.Z)},
			Max: Vec{max(b.Max.X, end.Max.X), max(b.Max.Y, end.Max.Y), max(b.Max.Z, end.Max.Z)},
		}
		if bl, un := cache.overlap(span, cells{empty: true}); !bl && !un {
			return false, false
		}
	}
	for i := 1; i <= steps; i++ {
		bl, un := cache.overlap(b.Offset(d.Scale(float64(i)/float64(steps))), start)
		blocked, unknown = blocked || bl, unknown || un
		if blocked {
			return
		}
	}
	return
}
