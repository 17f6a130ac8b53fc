package server

import (
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/physics"
)

// GameRules returns the movement and action rules a server of cfg
// enforces, as every Welcome advertises them (transport.WorldInfo.Rules).
// It reads the very configuration DefaultPlugins gives the gameplay
// plugin, so what a client is told is what the server checks; anything
// that builds a transport for the default plugins (listen, the scenario
// helper) advertises this.
func GameRules(cfg Config) transport.Rules {
	return rulesOf(gameplayConfig(cfg))
}

// rulesOf states a gameplay configuration's rules. The box and the eye
// are the physics package's constants: no setting changes them.
func rulesOf(g gameplay.Config) transport.Rules {
	l := g.Limits
	return transport.Rules{
		WalkSpeed: l.WalkSpeed, SprintSpeed: l.SprintSpeed, FlySpeed: l.FlySpeed,
		RiseSpeed: l.RiseSpeed, FallSpeed: l.FallSpeed,
		SpeedTolerance: l.Tolerance, MoveSlack: l.Slack,
		AllowFlight: g.AllowFlight,
		PlayerWidth: physics.PlayerWidth, PlayerHeight: physics.PlayerHeight, EyeHeight: physics.EyeHeight,
		Reach:      l.Reach,
		ActionRate: g.ActionsPerSecond, ActionBurst: g.ActionBurst,
		InputBankTicks: uint32(g.BankTicks), InputClockSlack: uint32(g.ClockSlack),
	}
}
