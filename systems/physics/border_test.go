package physics

import (
	"math"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// flatWorld is a SectionWorld resident everywhere inside the border:
// stone below y=64, air above. Beyond the border nothing is resident, as
// in the chunk store.
type flatWorld struct{}

func (flatWorld) Section(p chunk.Pos) (chunk.Section, bool) {
	switch {
	case !p.InWorld():
		return chunk.Section{}, false
	case p.Y < 4:
		return chunk.Uniform(chunk.Stone), true
	}
	return chunk.Uniform(chunk.Air), true
}

func (w flatWorld) Block(x, y, z int) (chunk.Block, bool) {
	s, ok := w.Section(chunk.PosOfBlock(x, y, z))
	if !ok {
		return chunk.Air, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return s.Get(lx, ly, lz), true
}

// borderSide is one side of the border: the axis it crosses and the
// direction out of the world.
type borderSide struct {
	name string
	z    bool    // the side crosses Z (else X)
	out  float64 // +1 on the positive side, -1 on the negative
}

var borderSides = []borderSide{{"+x", false, 1}, {"-x", false, -1}, {"+z", true, 1}, {"-z", true, -1}}

// last is the last block inside on this side.
func (s borderSide) last() int {
	if s.out > 0 {
		return chunk.BorderMaxBlock
	}
	return chunk.BorderMinBlock
}

// at returns the point at coordinate c across the border and 0.5 along it,
// height y.
func (s borderSide) at(c, y float64) Vec {
	if s.z {
		return Vec{0.5, y, c}
	}
	return Vec{c, y, 0.5}
}

// block returns the block at coordinate c across the border and a along it.
func (s borderSide) block(c, y, a int) BlockPos {
	if s.z {
		return BlockPos{a, y, c}
	}
	return BlockPos{c, y, a}
}

// TestBorderMoves checks movement at the last block of each side and one
// past it: into the last block is a move, past it is OutOfBounds, and the
// border is a wall, known terrain, that a player can stand and walk along.
func TestBorderMoves(t *testing.T) {
	lim := DefaultLimits()
	for _, s := range borderSides {
		last := float64(s.last()) + 0.5 // the centre of the last block
		inward := last - s.out
		past := last + s.out
		// The farthest feet along the border wall's face, as a client
		// computes them (face ∓ half the width), nudged outwards until
		// the box's face reaches the border: the rounding of a far
		// coordinate (float64 values are 4.8e-7 apart there) must not
		// put the player inside the wall.
		face := float64(s.last()) + (1+s.out)/2
		touch := face - s.out*PlayerWidth/2
		for i := 0; i < 4 && s.out*(touch+s.out*PlayerWidth/2-face) < 0; i++ {
			touch = math.Nextafter(touch, s.out*math.Inf(1))
		}
		along := func(v Vec, d float64) Vec {
			if s.z {
				v.X += d
			} else {
				v.Z += d
			}
			return v
		}
		tests := []struct {
			name     string
			from, to Vec
			want     Reason
		}{
			{"into the last block", s.at(inward, 64), s.at(last, 64), OK},
			{"within the last block", s.at(last, 64), s.at(last+0.1*s.out, 64), OK},
			{"one past the last block", s.at(last, 64), s.at(past, 64), OutOfBounds},
			{"just past the border", s.at(last, 64), s.at(last+0.5001*s.out, 64), OutOfBounds},
			{"flying past the border", s.at(last, 100), s.at(past, 100), OutOfBounds},
			{"into the border wall", s.at(last, 64), s.at(last+0.4*s.out, 64), ThroughWall},
			{"up to the wall", s.at(last, 64), s.at(touch, 64), OK},
			{"along the wall", s.at(touch, 64), along(s.at(touch, 64), 0.7), OK},
		}
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				for _, w := range []World{flatWorld{}, blocksOnly{flatWorld{}}} {
					if got := CheckMove(w, tc.from, tc.to, 5, Fly, lim); got != tc.want {
						t.Fatalf("CheckMove(%T) from %+v to %+v = %v, want %v", w, tc.from, tc.to, got, tc.want)
					}
				}
			})
		}
		t.Run(s.name+"/supported at the wall", func(t *testing.T) {
			// Beyond the border is never resident: were it unknown
			// terrain, a player against the wall would be held for ever.
			for _, p := range []Vec{s.at(last, 64), s.at(touch, 64), s.at(last+0.45*s.out, 64)} {
				if !Supported(flatWorld{}, p) || !Supported(blocksOnly{flatWorld{}}, p) {
					t.Fatalf("a player at %+v is not supported", p)
				}
			}
		})
		t.Run(s.name+"/InBounds", func(t *testing.T) {
			// The border's face belongs to the block on its positive
			// side: outside on the positive side, inside on the negative.
			if !InBounds(s.at(last, 64)) || !InBounds(s.at(last+0.499*s.out, 64)) || InBounds(s.at(past, 64)) ||
				InBounds(s.at(face, 64)) != (s.out < 0) {
				t.Fatal("InBounds disagrees with the border")
			}
		})
	}
}

// TestBorderEdits checks breaking and placing at the last block of each
// side (allowed) and one past it (OutOfBounds).
func TestBorderEdits(t *testing.T) {
	lim := DefaultLimits()
	for _, s := range borderSides {
		last := s.last()
		past := last + int(s.out)
		feet := s.at(float64(last)+0.5, 64)
		tests := []struct {
			name   string
			target BlockPos
			place  bool
			want   Reason
		}{
			{"break the last block", s.block(last, 63, 1), false, OK},
			{"break one past", s.block(past, 63, 1), false, OutOfBounds},
			{"place at the last block", s.block(last, 64, 2), true, OK},
			{"place one past", s.block(past, 64, 1), true, OutOfBounds},
		}
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				var got Reason
				if tc.place {
					got = CheckPlace(flatWorld{}, feet, tc.target, chunk.Stone, []Vec{feet}, lim)
				} else {
					got = CheckBreak(flatWorld{}, feet, tc.target, lim)
				}
				if got != tc.want {
					t.Fatalf("at %+v: %v, want %v", tc.target, got, tc.want)
				}
			})
		}
	}
}
