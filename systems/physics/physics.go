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

// Overlap reports whether the box overlaps a solid block (blocked) and
// whether any block it touches is not resident (unknown terrain, which is
// never treated as air). Outside the world's height is air above and
// solid below.
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
		x0: int(math.Floor(b.Min.X + eps)), x1: int(math.Floor(b.Max.X - eps)),
		y0: int(math.Floor(b.Min.Y + eps)), y1: int(math.Floor(b.Max.Y - eps)),
		z0: int(math.Floor(b.Min.Z + eps)), z1: int(math.Floor(b.Max.Z - eps)),
	}
}

func (c cells) contains(x, y, z int) bool {
	return !c.empty && x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1 && z >= c.z0 && z <= c.z1
}

// overlap is Overlap, except that solid blocks in ignore do not block.
func overlap(w World, b AABB, ignore cells) (blocked, unknown bool) {
	c := cellsOf(b)
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
	for i := 1; i <= steps; i++ {
		bl, un := overlap(w, b.Offset(d.Scale(float64(i)/float64(steps))), start)
		blocked, unknown = blocked || bl, unknown || un
		if blocked {
			return
		}
	}
	return
}
