package transport

import (
	"fmt"
	"math"

	"github.com/stratavox/strata/net/protocol"
)

// Rules are the movement and action rules the server's gameplay enforces,
// advertised in every Welcome (ServerLimits fields 14 to 29) so that a
// client can predict what the server accepts instead of measuring it. The
// transport enforces none of them: the gameplay plugin does, and the
// server fills this from the same configuration it gives that plugin
// (server.GameRules), so the numbers advertised are the numbers used.
// The zero value advertises nothing: every field is sent as 0, "not
// stated".
type Rules struct {
	// Speeds in blocks per second. WalkSpeed is informational (the server
	// holds every move of a player not flying to SprintSpeed);
	// SprintSpeed bounds horizontal movement and RiseSpeed/FallSpeed
	// vertical movement when not flying; FlySpeed bounds the 3D movement
	// of a flying player.
	WalkSpeed, SprintSpeed, FlySpeed, RiseSpeed, FallSpeed float64
	// SpeedTolerance multiplies every speed limit; MoveSlack is added to
	// each Input's allowance, in blocks.
	SpeedTolerance, MoveSlack float64
	// AllowFlight: the server honours Input.flying.
	AllowFlight bool
	// The player's box (feet at its bottom centre) and its eye, in blocks.
	PlayerWidth, PlayerHeight, EyeHeight float64
	// Reach is the largest distance from the eye to the centre of a block
	// broken or placed.
	Reach float64
	// ActionRate and ActionBurst meter BreakBlock and PlaceBlock per
	// client (a token bucket).
	ActionRate  float64
	ActionBurst int
	// InputBankTicks bounds the movement time a client may save up;
	// InputClockSlack is how far its input clock may run ahead of the
	// server's, both in ticks.
	InputBankTicks, InputClockSlack uint32
}

// check reports the first field that no server could mean: a negative
// or non-finite number.
func (r Rules) check() error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"WalkSpeed", r.WalkSpeed}, {"SprintSpeed", r.SprintSpeed}, {"FlySpeed", r.FlySpeed},
		{"RiseSpeed", r.RiseSpeed}, {"FallSpeed", r.FallSpeed}, {"SpeedTolerance", r.SpeedTolerance},
		{"MoveSlack", r.MoveSlack}, {"PlayerWidth", r.PlayerWidth}, {"PlayerHeight", r.PlayerHeight},
		{"EyeHeight", r.EyeHeight}, {"Reach", r.Reach}, {"ActionRate", r.ActionRate},
		{"ActionBurst", float64(r.ActionBurst)},
	} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v < 0 {
			return fmt.Errorf("transport: World.Rules.%s is %v; want a finite number ≥ 0", f.name, f.v)
		}
	}
	return nil
}

// apply writes the rules into the limits a Welcome carries.
func (r Rules) apply(l *protocol.ServerLimits) {
	l.WalkSpeed, l.SprintSpeed, l.FlySpeed = r.WalkSpeed, r.SprintSpeed, r.FlySpeed
	l.RiseSpeed, l.FallSpeed = r.RiseSpeed, r.FallSpeed
	l.SpeedTolerance, l.MoveSlack = r.SpeedTolerance, r.MoveSlack
	l.AllowFlight = r.AllowFlight
	l.PlayerWidth, l.PlayerHeight, l.EyeHeight = r.PlayerWidth, r.PlayerHeight, r.EyeHeight
	l.Reach = r.Reach
	l.ActionRate, l.ActionBurst = r.ActionRate, uint32(min(r.ActionBurst, math.MaxUint32))
	l.InputBankTicks, l.InputClockSlack = r.InputBankTicks, r.InputClockSlack
}
