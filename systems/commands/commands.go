// Package commands is the plugin of chat commands (/tp, /where).
package commands

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/gameplay"
)

// Names of the commands plugin and its system.
const (
	PluginName = "commands"
	SystemRun  = "chat_commands"
)

// Plugin is the chat commands plugin: chat lines starting with "/" are
// commands instead of chat (it cancels their chat.Intent, silently):
//
//	/tp X Y Z   teleport yourself (block coordinates)
//	/where      tell your position and section
//
// Replies go to the sender only, as system chat.
type Plugin struct{}

// Name returns PluginName.
func (Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose intents and Teleport it uses.
func (Plugin) Dependencies() []string { return []string{chat.PluginName, gameplay.PluginName} }

// Build adds the chat_commands system to the simulate stage, where it
// sees the tick's chat intents before the deliver stage broadcasts them.
func (Plugin) Build(app *ecs.App) error {
	intents := ecs.AddEvents[chat.Intent](app)
	app.AddSystem(ecs.Simulate, SystemRun, func(ctx *ecs.Context) {
		for i := range intents.Items() {
			line := &intents.Items()[i]
			if !strings.HasPrefix(line.Text, "/") {
				continue
			}
			line.Cancel("")
			if !ctx.World.Alive(line.From.Entity) {
				continue
			}
			if reply := runCommand(ctx, line.From.Entity, line.Text); reply != "" {
				chat.System(line.From.Conn, reply)
			}
		}
	})
	return nil
}

// The heights /tp accepts: from the world's floor to a little above its
// build limit.
const (
	tpMinY = chunk.MinY
	tpMaxY = chunk.MaxY + 64
)

// runCommand executes one command line for the player e and returns the
// reply.
func runCommand(ctx *ecs.Context, e ecs.Entity, text string) string {
	fields := strings.Fields(text)
	switch fields[0] {
	case "/tp":
		if len(fields) != 4 {
			return "usage: /tp X Y Z"
		}
		var v [3]float64
		for i := range v {
			f, err := strconv.ParseFloat(fields[i+1], 64)
			if err != nil {
				return fmt.Sprintf("/tp: %q is not a number", fields[i+1])
			}
			v[i] = f
		}
		// The border is the one movement keeps to (chunk.PointInBorder);
		// the height is stricter than movement's, to land near the world.
		if !(v[1] >= tpMinY && v[1] <= tpMaxY) || !chunk.PointInBorder(v[0], v[2]) {
			// The reply names the last block inside on each side.
			return fmt.Sprintf("/tp: outside the world (x and z in blocks %d..%d, y %d..%d)",
				chunk.BorderMinBlock, chunk.BorderMaxBlock, tpMinY, tpMaxY)
		}
		if !gameplay.Teleport(ctx.World, ctx.Tick, e, components.Position{X: v[0], Y: v[1], Z: v[2]}) {
			return "/tp: you cannot be teleported now"
		}
		// Tenths rounded down, not to nearest, so that the far edge of
		// the last block does not print as the first block beyond it.
		return fmt.Sprintf("teleported to %.1f %.1f %.1f", tenths(v[0]), tenths(v[1]), tenths(v[2]))
	case "/where":
		positions := generic.NewMap[components.Position](ctx.World)
		p := positions.Get(e)
		return fmt.Sprintf("at %.1f %.1f %.1f, section %v", p.X, p.Y, p.Z, p.Section())
	}
	return fmt.Sprintf("unknown command %s (try /tp X Y Z or /where)", fields[0])
}

// tenths rounds v down to a tenth: it stays in v's block.
func tenths(v float64) float64 { return math.Floor(v*10) / 10 }
