// Package compass is an example plugin with a channel of its own: a
// client asks on "compass:ask" where a place (the world spawn) is from
// where it stands, and the plugin answers on "compass:answer". It is
// written against the public API alone and needs no change to the
// protocol's schema: the payloads are the plugin's own (JSON here).
package compass

import (
	"encoding/json"
	"math"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/network"
)

// Names of the plugin and its channels.
const (
	PluginName = "compass"
	// Ask is the channel clients ask on; the payload is ignored.
	Ask = "compass:ask"
	// Answer is the channel the answer comes back on, a Reply in JSON.
	Answer = "compass:answer"
)

// Reply is the answer: the target relative to the asking player, in
// blocks, and the compass bearing to it in degrees (0 north, towards −Z;
// 90 east, towards +X).
type Reply struct {
	DX, DY, DZ float64
	Distance   float64
	Bearing    float64
}

// Plugin is the compass plugin.
type Plugin struct {
	// Target is the place the compass points to.
	Target components.Position
	// Answered counts the answers sent.
	Answered uint64
}

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the network plugin, which routes channels.
func (*Plugin) Dependencies() []string { return []string{network.PluginName} }

// Build serves the Ask channel.
func (p *Plugin) Build(app *ecs.App) error {
	positions := generic.NewMap1[components.Position](app.World())
	network.ServeChannel(app, PluginName, Ask, func(_ *ecs.Context, from network.Sender, _ []byte) {
		pos := positions.Get(from.Entity)
		if pos == nil {
			return
		}
		body, err := json.Marshal(p.reply(*pos))
		if err != nil {
			return
		}
		if network.SendChannel(from.Conn, Answer, body) {
			p.Answered++
		}
	})
	return nil
}

// reply is the answer for a player at pos.
func (p *Plugin) reply(pos components.Position) Reply {
	r := Reply{DX: p.Target.X - pos.X, DY: p.Target.Y - pos.Y, DZ: p.Target.Z - pos.Z}
	r.Distance = math.Sqrt(r.DX*r.DX + r.DY*r.DY + r.DZ*r.DZ)
	if r.DX != 0 || r.DZ != 0 { // straight above or below: no bearing, 0
		r.Bearing = math.Mod(math.Atan2(r.DX, -r.DZ)*180/math.Pi+360, 360)
	}
	return r
}
