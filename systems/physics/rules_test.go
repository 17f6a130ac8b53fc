package physics

import (
	"math"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

// testWorld is a flat world: stone at y < 64, air above, resident within
// |x|,|z| < 64 blocks, with extra blocks set by the test.
type testWorld map[BlockPos]chunk.Block

func (w testWorld) Block(x, y, z int) (chunk.Block, bool) {
	if x < -64 || x >= 64 || z < -64 || z >= 64 {
		return 0, false
	}
	if b, ok := w[BlockPos{x, y, z}]; ok {
		return b, true
	}
	if y < 64 {
		return chunk.Stone, true
	}
	return chunk.Air, true
}

func TestCheckMove(t *testing.T) {
	lim := DefaultLimits()
	wall := testWorld{{3, 64, 0}: chunk.Stone, {3, 65, 0}: chunk.Stone,
		// A player-sized pocket of sand at x=10 (as if sand fell on a player),
		// with a thick wall behind it at x=11..12.
		{10, 64, 0}: chunk.Sand, {10, 65, 0}: chunk.Sand,
		{11, 64, 0}: chunk.Stone, {11, 65, 0}: chunk.Stone, {12, 64, 0}: chunk.Stone, {12, 65, 0}: chunk.Stone}
	start := Vec{0.5, 64, 0.5}
	tests := []struct {
		name    string
		from    Vec
		to      Vec
		elapsed int
		mode    Mode
		want    Reason
	}{
		{"standing still", start, start, 1, Walk, OK},
		{"walking a tick", start, Vec{0.7, 64, 0.5}, 1, Walk, OK},
		{"walking too fast", start, Vec{1.5, 64, 0.5}, 1, Walk, TooFast},
		{"the same distance over five ticks", start, Vec{1.5, 64, 0.5}, 5, Walk, OK},
		{"sprint allows more than walk", start, Vec{0.88, 64, 0.5}, 1, Sprint, OK},
		{"walking at sprint speed", start, Vec{0.88, 64, 0.5}, 1, Walk, TooFast},
		{"flying fast", Vec{0.5, 80, 0.5}, Vec{1.5, 80.5, 0.5}, 1, Fly, OK},
		{"flying too fast", Vec{0.5, 80, 0.5}, Vec{3.5, 80, 0.5}, 1, Fly, TooFast},
		{"falling is not limited by walk speed", Vec{0.5, 70, 0.5}, Vec{0.5, 67, 0.5}, 1, Walk, OK},
		{"rising without flying", Vec{0.5, 64, 0.5}, Vec{0.5, 66, 0.5}, 1, Walk, TooFast},
		{"into the ground", Vec{0.5, 64, 0.5}, Vec{0.5, 63.5, 0.5}, 1, Walk, ThroughWall},
		{"through a wall", Vec{2.5, 64, 0.5}, Vec{4.5, 64, 0.5}, 10, Walk, ThroughWall},
		{"against a wall face is fine", Vec{2.5, 64, 0.5}, Vec{2.7, 64, 0.5}, 1, Walk, OK},
		{"into unknown terrain", Vec{63.5, 64, 0.5}, Vec{63.8, 64, 0.5}, 1, Walk, UnknownTerrain},
		{"not a number", start, Vec{math.NaN(), 64, 0.5}, 1, Walk, NotFinite},
		{"far outside the world", start, Vec{0.5, 5000, 0.5}, 1, Fly, OutOfBounds},
		{"no elapsed time allows only slack", start, Vec{0.54, 64, 0.5}, 0, Walk, OK},
		{"no elapsed time refuses a step", start, Vec{0.7, 64, 0.5}, 0, Walk, TooFast},
		{"out of a block the player is inside", Vec{10.5, 64, 0.5}, Vec{9.5, 64, 0.5}, 5, Walk, OK},
		{"not deeper into the wall behind it", Vec{10.5, 64, 0.5}, Vec{11.5, 64, 0.5}, 5, Walk, ThroughWall},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CheckMove(wall, tc.from, tc.to, tc.elapsed, tc.mode, lim); got != tc.want {
				t.Fatalf("CheckMove = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSupported(t *testing.T) {
	w := testWorld{}
	if !Supported(w, Vec{0.5, 64, 0.5}) {
		t.Fatal("player inside the resident area is not supported")
	}
	if Supported(w, Vec{63.9, 64, 0.5}) {
		t.Fatal("player straddling unknown terrain is supported")
	}
}

func TestCheckBreakAndPlace(t *testing.T) {
	lim := DefaultLimits()
	w := testWorld{{0, 64, 2}: chunk.Dirt, {1, 64, 2}: chunk.Water, {2, 63, 2}: chunk.Bedrock}
	feet := Vec{0.5, 64, 0.5}
	other := Vec{5.5, 64, 0.5}
	breaks := []struct {
		name string
		at   BlockPos
		want Reason
	}{
		{"dirt in reach", BlockPos{0, 64, 2}, OK},
		{"ground below", BlockPos{0, 63, 0}, OK},
		{"air", BlockPos{0, 66, 0}, TargetIsAir},
		{"out of reach", BlockPos{0, 63, 8}, OutOfReach},
		{"bedrock", BlockPos{2, 63, 2}, IllegalBlock},
		{"below the world", BlockPos{0, chunk.MinY - 1, 0}, OutOfBounds},
		{"above the world", BlockPos{0, chunk.MaxY + 1, 0}, OutOfBounds},
		{"not resident", BlockPos{70, 63, 0}, NotResident},
		{"beyond the border", BlockPos{math.MaxInt32, 63, 0}, OutOfBounds},
	}
	for _, tc := range breaks {
		t.Run("break "+tc.name, func(t *testing.T) {
			if got := CheckBreak(w, feet, tc.at, lim); got != tc.want {
				t.Fatalf("CheckBreak = %v, want %v", got, tc.want)
			}
		})
	}
	places := []struct {
		name  string
		at    BlockPos
		block chunk.Block
		want  Reason
	}{
		{"on the ground", BlockPos{0, 64, 3}, chunk.Stone, OK},
		{"into water", BlockPos{1, 64, 2}, chunk.Sand, OK},
		{"into dirt", BlockPos{0, 64, 2}, chunk.Stone, TargetOccupied},
		{"into the placer", BlockPos{0, 65, 0}, chunk.Stone, OverlapsPlayer},
		{"into another player", BlockPos{5, 64, 0}, chunk.Stone, OverlapsPlayer},
		{"leaves may not be placed into a player either", BlockPos{0, 64, 0}, chunk.OakLeaves, OverlapsPlayer},
		{"bedrock is not placeable", BlockPos{0, 64, 3}, chunk.Bedrock, IllegalBlock},
		{"air is not placeable", BlockPos{0, 64, 3}, chunk.Air, IllegalBlock},
		{"unknown id", BlockPos{0, 64, 3}, chunk.NumBlocks + 5, IllegalBlock},
		{"out of reach", BlockPos{0, 64, 9}, chunk.Stone, OutOfReach},
		{"above the world", BlockPos{0, chunk.MaxY + 1, 0}, chunk.Stone, OutOfBounds},
		{"not resident", BlockPos{-65, 64, 0}, chunk.Stone, NotResident},
	}
	for _, tc := range places {
		t.Run("place "+tc.name, func(t *testing.T) {
			if got := CheckPlace(w, feet, tc.at, tc.block, []Vec{feet, other}, lim); got != tc.want {
				t.Fatalf("CheckPlace = %v, want %v", got, tc.want)
			}
		})
	}
}
