// Package chunk holds the voxel vocabulary: section positions, block IDs,
// sections and their encodings.
package chunk

import (
	"cmp"
	"fmt"
	"math"
)

// Section and world dimensions.
const (
	// Size is the edge length of a section in blocks.
	Size = 16
	// Volume is the number of cells in a section.
	Volume = Size * Size * Size
	// MinY is the lowest block Y of the world.
	MinY = -64
	// MaxY is the highest block Y of the world (inclusive).
	MaxY = 319
	// MinSectionY is the lowest section Y.
	MinSectionY = MinY / Size
	// MaxSectionY is the highest section Y (inclusive).
	MaxSectionY = (MaxY+1)/Size - 1
	// SectionsPerColumn is the number of sections in one column.
	SectionsPerColumn = MaxSectionY - MinSectionY + 1
	// BorderSections is the world's horizontal border, the one every rule
	// uses (movement, teleports, edits, residency, the Welcome): the
	// world's sections are those with -BorderSections ≤ X ≤ BorderSections
	// and the same for Z. Sections are whole, so in blocks the world is
	// BorderMinBlock..BorderMaxBlock, 15 blocks longer on the positive
	// side. It is one section short of the largest border whose blocks fit
	// in an int32, so that the first block and section beyond it on either
	// side still fit the wire's int32 coordinates and can be refused.
	BorderSections = math.MaxInt32/Size - 1
	// BorderMinBlock is the last block inside the border on the negative
	// side of X and Z, -2 147 483 616: the first block of section
	// -BorderSections.
	BorderMinBlock = -BorderSections * Size
	// BorderMaxBlock is the last block inside the border on the positive
	// side of X and Z, 2 147 483 631: the last block of section
	// BorderSections.
	BorderMaxBlock = BorderSections*Size + Size - 1
)

// ColumnInBorder reports whether the section column (x, z) is inside the
// border. It takes int64 so that a centre plus an offset cannot wrap.
func ColumnInBorder(x, z int64) bool {
	return x >= -BorderSections && x <= BorderSections && z >= -BorderSections && z <= BorderSections
}

// BlockInBorder reports whether the block column (x, z) is inside the
// border: both in BorderMinBlock..BorderMaxBlock. Unlike PosOfBlock, it
// cannot wrap for coordinates beyond int32.
func BlockInBorder(x, z int) bool {
	return x >= BorderMinBlock && x <= BorderMaxBlock && z >= BorderMinBlock && z <= BorderMaxBlock
}

// PointInBorder reports whether the world point (x, z) lies in a block
// inside the border: BorderMinBlock ≤ x, z < BorderMaxBlock+1. A NaN is
// outside.
func PointInBorder(x, z float64) bool {
	return x >= BorderMinBlock && x < BorderMaxBlock+1 && z >= BorderMinBlock && z < BorderMaxBlock+1
}

// Pos addresses a section in section units.
type Pos struct {
	X, Y, Z int32
}

// String formats the position as (x,y,z).
func (p Pos) String() string { return fmt.Sprintf("(%d,%d,%d)", p.X, p.Y, p.Z) }

// Add returns p translated by (dx, dy, dz).
func (p Pos) Add(dx, dy, dz int32) Pos { return Pos{p.X + dx, p.Y + dy, p.Z + dz} }

// InWorld reports whether p lies within the world's height and border.
func (p Pos) InWorld() bool {
	return p.Y >= MinSectionY && p.Y <= MaxSectionY && ColumnInBorder(int64(p.X), int64(p.Z))
}

// Chebyshev returns the Chebyshev (max-axis) distance between p and q.
func (p Pos) Chebyshev(q Pos) int64 {
	return max(absDiff(p.X, q.X), absDiff(p.Y, q.Y), absDiff(p.Z, q.Z))
}

// DistSqXZ returns the squared horizontal distance between p and q.
func (p Pos) DistSqXZ(q Pos) int64 {
	dx := int64(p.X) - int64(q.X)
	dz := int64(p.Z) - int64(q.Z)
	return dx*dx + dz*dz
}

// MinBlock returns the world block coordinates of the section's lowest corner.
func (p Pos) MinBlock() (x, y, z int) {
	return int(p.X) * Size, int(p.Y) * Size, int(p.Z) * Size
}

func absDiff(a, b int32) int64 {
	d := int64(a) - int64(b)
	if d < 0 {
		return -d
	}
	return d
}

// sizeShift is log2(Size): FloorDiv and FloorMod are a shift and a
// mask, with no branch on the sign (which mixes near the origin, where
// a branch on it is mispredicted about every other call).
const sizeShift = 4

// FloorDiv divides a by Size rounding towards negative infinity.
func FloorDiv(a int) int { return a >> sizeShift }

// FloorMod returns a modulo Size in 0..Size-1, also for negative a.
func FloorMod(a int) int { return a & (Size - 1) }

// PosOfBlock returns the section holding world block (x, y, z).
func PosOfBlock(x, y, z int) Pos {
	return Pos{int32(FloorDiv(x)), int32(FloorDiv(y)), int32(FloorDiv(z))}
}

// LocalOfBlock returns the cell coordinates of world block (x, y, z)
// within its section.
func LocalOfBlock(x, y, z int) (lx, ly, lz int) {
	return FloorMod(x), FloorMod(y), FloorMod(z)
}

// BlockOfFloat returns the block containing the world point (x, y, z):
// floor, not truncation, so -0.5 is in block -1.
func BlockOfFloat(x, y, z float64) (bx, by, bz int) {
	return int(math.Floor(x)), int(math.Floor(y)), int(math.Floor(z))
}

// PosOfFloat returns the section containing the world point (x, y, z).
func PosOfFloat(x, y, z float64) Pos {
	return PosOfBlock(BlockOfFloat(x, y, z))
}

// ComparePos orders positions by X, then Z, then Y: the column-major order
// used wherever a result depends on iteration order.
func ComparePos(a, b Pos) int {
	return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z), cmp.Compare(a.Y, b.Y))
}
