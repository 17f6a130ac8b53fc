// Package lod is the pure math of the level-of-detail pyramid
// (design/lod.md): LOD positions and their parents, children and
// ancestors; the rings a view wants at each level, which tile the world
// without gaps or overlaps; their union over views; the order of work by
// size on screen; and the downsampling of edited sections into coarser
// cells. Generating natural terrain at a level is worldgen.GenerateLOD.
package lod

import (
	"fmt"

	"github.com/stratavox/strata/resources/chunk"
)

// MaxLevel is the coarsest level the pyramid has: cells of 128 blocks, a
// horizon of radius·128 sections (16 km at view radius 8). It is
// worldgen.MaxLODLevel; the tests check they agree.
const MaxLevel = 7

// Pos addresses a LOD section: its level and its position in level-L
// section units. It covers level-0 sections [P·2^L, (P+1)·2^L) on each
// axis, blocks [P·16·2^L, (P+1)·16·2^L). Level 0 is an ordinary section.
type Pos struct {
	chunk.Pos
	Level uint8
}

// At returns the level-L LOD section holding level-0 section p: p's
// coordinates shifted right by L (arithmetic shifts floor negatives).
func At(p chunk.Pos, level int) Pos {
	return Pos{Pos: chunk.Pos{X: p.X >> level, Y: p.Y >> level, Z: p.Z >> level}, Level: uint8(level)}
}

// String formats the position as L<level>(x,y,z).
func (p Pos) String() string { return fmt.Sprintf("L%d%v", p.Level, p.Pos) }

// Parent returns the LOD section one level up that holds p.
func (p Pos) Parent() Pos {
	return Pos{Pos: chunk.Pos{X: p.X >> 1, Y: p.Y >> 1, Z: p.Z >> 1}, Level: p.Level + 1}
}

// Octant returns p's index among its parent's children: x + 2z + 4y of
// its low bits, the order of chunk.Index.
func (p Pos) Octant() int { return int(p.X&1) + 2*int(p.Z&1) + 4*int(p.Y&1) }

// Child returns p's child (one level down) at octant o (x + 2z + 4y).
func (p Pos) Child(o int) Pos {
	return Pos{Pos: chunk.Pos{
		X: p.X<<1 | int32(o&1),
		Y: p.Y<<1 | int32(o>>2&1),
		Z: p.Z<<1 | int32(o>>1&1),
	}, Level: p.Level - 1}
}

// Children returns p's eight children, by octant. p.Level must be ≥ 1.
func (p Pos) Children() [8]Pos {
	var c [8]Pos
	for o := range c {
		c[o] = p.Child(o)
	}
	return c
}

// Sections returns the level-0 sections p covers, as the inclusive range
// lo..hi on each axis (before clipping to the world).
func (p Pos) Sections() (lo, hi chunk.Pos) {
	n := int32(1) << p.Level
	lo = chunk.Pos{X: p.X * n, Y: p.Y * n, Z: p.Z * n}
	return lo, lo.Add(n-1, n-1, n-1)
}

// Contains reports whether q (at p's level or finer) lies inside p.
func (p Pos) Contains(q Pos) bool {
	if q.Level > p.Level {
		return false
	}
	d := p.Level - q.Level
	return q.X>>d == p.X && q.Y>>d == p.Y && q.Z>>d == p.Z
}

// YRange returns the section Ys at level that hold part of the world's
// height (level 0: -4..19, 1: -2..9, 2: -1..4, 3: -1..2, 4: -1..1, 5 to 7:
// -1..0).
func YRange(level int) (lo, hi int32) {
	return chunk.MinSectionY >> level, chunk.MaxSectionY >> level
}

// InWorld reports whether p's level is 0..MaxLevel and p covers a section
// of the world (height and border).
func (p Pos) InWorld() bool {
	if p.Level > MaxLevel {
		return false
	}
	lo, hi := YRange(int(p.Level))
	if p.Y < lo || p.Y > hi {
		return false
	}
	n := int64(1) << p.Level
	in := func(v int32) bool {
		a := int64(v) * n
		return a+n-1 >= -chunk.BorderSections && a <= chunk.BorderSections
	}
	return in(p.X) && in(p.Z)
}

// Ancestors appends to dst the LOD sections at levels 1..levels that hold
// level-0 section p, finest first, and returns it: what an edit of p
// dirties.
func Ancestors(dst []Pos, p chunk.Pos, levels int) []Pos {
	for l := 1; l <= min(levels, MaxLevel); l++ {
		dst = append(dst, At(p, l))
	}
	return dst
}

// VerticalWeight multiplies the vertical offset in Priority, as
// resources.VerticalWeight does for level 0.
const VerticalWeight = 2

// Priority orders LOD work by size on screen: the squared distance from
// the centre of eye (a level-0 section) to the centre of p, in units of
// p's cell size (a level-L section is 2^L sections across), the vertical
// axis weighted by VerticalWeight, times 16 so that fractions count.
// Lower is more urgent. At level 0 it is 16 × resources.Priority, so
// levels can share one queue; a level-L section r level-L sections away
// ranks with a level-0 section r sections away, since both look the same
// size. It saturates at the largest uint32.
func Priority(eye chunk.Pos, p Pos) uint32 {
	l := uint(min(p.Level, MaxLevel))
	// Offsets in half level-0 sections between the two centres.
	off := func(v, e int32) uint64 {
		a := (2*int64(v)+1)<<l - (2*int64(e) + 1)
		if a < 0 {
			a = -a
		}
		return uint64(a)
	}
	ax, ay, az := off(p.X, eye.X), off(p.Y, eye.Y)*VerticalWeight, off(p.Z, eye.Z)
	const limit = 1 << 29 // keeps the sum of squares below 2^60
	if ax > limit || ay > limit || az > limit {
		return 1<<32 - 1
	}
	sum := ax*ax + ay*ay + az*az
	// d = a / 2^(l+1) level-L sections; 16·d² = 16·sum / 4^(l+1).
	var v uint64
	if l == 0 {
		v = sum << 2
	} else {
		v = sum >> (2*l - 2)
	}
	return uint32(min(v, 1<<32-1))
}
