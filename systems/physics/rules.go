package physics

import (
	"math"

	"github.com/stratavox/strata/resources/chunk"
)

// Reason says why the server rejected an input or an action. The values
// are part of the protocol (docs/protocol.md).
type Reason uint8

// Rejection reasons; OK means accepted.
const (
	OK Reason = iota
	Stale
	TooFast
	ThroughWall
	UnknownTerrain
	OutOfBounds
	OutOfReach
	NotResident
	TargetIsAir
	TargetOccupied
	IllegalBlock
	OverlapsPlayer
	NotFinite
	// NumReasons is the number of reasons, for arrays of counters.
	NumReasons
)

var reasonNames = [...]string{
	OK: "ok", Stale: "stale", TooFast: "too_fast", ThroughWall: "through_wall",
	UnknownTerrain: "unknown_terrain", OutOfBounds: "out_of_bounds", OutOfReach: "out_of_reach",
	NotResident: "not_resident", TargetIsAir: "target_is_air", TargetOccupied: "target_occupied",
	IllegalBlock: "illegal_block", OverlapsPlayer: "overlaps_player", NotFinite: "not_finite",
}

// String names the reason, for logs and metrics labels.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// Mode is how a player moves.
type Mode uint8

// Movement modes.
const (
	Walk Mode = iota
	Sprint
	Fly
)

// Limits are the movement and action limits; see DefaultLimits.
type Limits struct {
	// Horizontal speeds in blocks per second.
	WalkSpeed, SprintSpeed, FlySpeed float64
	// RiseSpeed bounds upward speed when not flying (a jump), FallSpeed
	// downward speed (terminal velocity).
	RiseSpeed, FallSpeed float64
	// Tolerance multiplies every speed limit, for jitter in client timing.
	Tolerance float64
	// Slack is an absolute allowance in blocks per move, for rounding.
	Slack float64
	// TPS converts input ticks to seconds.
	TPS float64
	// Reach is the largest distance from the eye to a block's centre.
	Reach float64
}

// DefaultLimits returns vanilla-like limits at 20 TPS.
func DefaultLimits() Limits {
	return Limits{
		WalkSpeed: 4.317, SprintSpeed: 5.612, FlySpeed: 21.6,
		RiseSpeed: 10, FallSpeed: 78.4,
		Tolerance: 1.25, Slack: 0.05, TPS: 20, Reach: 6,
	}
}

func finite(v Vec) bool {
	return !math.IsNaN(v.X+v.Y+v.Z) && !math.IsInf(v.X+v.Y+v.Z, 0)
}

// The heights a player's feet may be at: some way below the world (a
// player falling out of it is still tracked) and above it (flying over the
// build limit).
const (
	MinPlayerY = chunk.MinY - 64
	MaxPlayerY = chunk.MaxY + 256
)

// InBounds reports whether a player's feet may be at v: between
// MinPlayerY and MaxPlayerY, and in a block inside the world's border
// (chunk.PointInBorder). Movement refuses a move to anywhere else
// (OutOfBounds), and a teleport must not put a player there, or every
// move it made would be refused.
func InBounds(v Vec) bool {
	return v.Y >= MinPlayerY && v.Y <= MaxPlayerY && chunk.PointInBorder(v.X, v.Z)
}

// CheckMove validates a move from from to to over elapsed input ticks in
// the given mode: the destination first (finite and InBounds), then
// speed, then the swept player box against the voxels. Unknown terrain
// anywhere along the way holds the player (UnknownTerrain) rather than
// letting it fall through. An elapsed of 0 (a client whose input clock
// ran ahead of the server's) allows only Slack.
func CheckMove(w World, from, to Vec, elapsed int, mode Mode, lim Limits) Reason {
	if !finite(to) {
		return NotFinite
	}
	if !InBounds(to) {
		return OutOfBounds
	}
	elapsed = max(elapsed, 0)
	secs := float64(elapsed) / lim.TPS
	d := to.Sub(from)
	switch mode {
	case Fly:
		if d.Len() > lim.FlySpeed*lim.Tolerance*secs+lim.Slack {
			return TooFast
		}
	default:
		speed := lim.WalkSpeed
		if mode == Sprint {
			speed = lim.SprintSpeed
		}
		if d.HorizontalLen() > speed*lim.Tolerance*secs+lim.Slack {
			return TooFast
		}
		if d.Y > lim.RiseSpeed*lim.Tolerance*secs+lim.Slack || -d.Y > lim.FallSpeed*lim.Tolerance*secs+lim.Slack {
			return TooFast
		}
	}
	blocked, unknown := Sweep(w, PlayerBox(from), d)
	switch {
	case unknown:
		return UnknownTerrain
	case blocked:
		return ThroughWall
	}
	return OK
}

// Supported reports whether the neighbourhood a player at p collides with
// is resident: the blocks its box touches and the layer below its feet.
func Supported(w World, p Vec) bool {
	b := PlayerBox(p)
	b.Min.Y--
	if c, ok := sectionsOf(w); ok {
		return c.resident(b)
	}
	_, unknown := Overlap(w, b)
	return !unknown
}

// BlockPos is a block's world coordinates.
type BlockPos struct{ X, Y, Z int }

func (p BlockPos) centre() Vec {
	return Vec{float64(p.X) + 0.5, float64(p.Y) + 0.5, float64(p.Z) + 0.5}
}

// Eye returns the eye position of a player whose feet are at p.
func Eye(p Vec) Vec { return Vec{p.X, p.Y + EyeHeight, p.Z} }

// checkTarget holds the checks breaking and placing share.
func checkTarget(w World, feet Vec, t BlockPos, lim Limits) (chunk.Block, Reason) {
	if t.Y < chunk.MinY || t.Y > chunk.MaxY || !chunk.BlockInBorder(t.X, t.Z) {
		return 0, OutOfBounds
	}
	cur, ok := w.Block(t.X, t.Y, t.Z)
	if !ok {
		return 0, NotResident
	}
	if Eye(feet).Sub(t.centre()).Len() > lim.Reach {
		return cur, OutOfReach
	}
	return cur, OK
}

// CheckBreak validates breaking the block at t by a player at feet.
func CheckBreak(w World, feet Vec, t BlockPos, lim Limits) Reason {
	cur, r := checkTarget(w, feet, t, lim)
	switch {
	case r != OK:
		return r
	case cur == chunk.Air:
		return TargetIsAir
	case !cur.Props().Placeable && cur != chunk.Water && cur != chunk.Lava:
		// Bedrock and other unbreakable blocks.
		return IllegalBlock
	}
	return OK
}

// CheckPlace validates placing block b at t by a player at feet; players
// are the feet positions of every player near t, the placer included.
func CheckPlace(w World, feet Vec, t BlockPos, b chunk.Block, players []Vec, lim Limits) Reason {
	if !b.Valid() || !b.Props().Placeable {
		return IllegalBlock
	}
	cur, r := checkTarget(w, feet, t, lim)
	if r != OK {
		return r
	}
	if !cur.Props().Replaceable {
		return TargetOccupied
	}
	if b.Solid() {
		box := BlockBox(t.X, t.Y, t.Z)
		for _, p := range players {
			if PlayerBox(p).Intersects(box) {
				return OverlapsPlayer
			}
		}
	}
	return OK
}
