package systems

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// Names of the commands plugin and its system.
const (
	CommandsPluginName = "commands"
	SystemCommands     = "chat_commands"
)

// Commands is the plugin that turns chat lines starting with "/" into
// commands instead of broadcasting them:
//
//	/tp X Y Z   teleport yourself (block coordinates)
//	/where      tell your position and section
//
// Replies go to the sender only, as system chat.
type Commands struct{}

// Name returns CommandsPluginName.
func (Commands) Name() string { return CommandsPluginName }

// Dependencies names the plugins whose resources and Teleport it uses.
func (Commands) Dependencies() []string { return []string{NetworkPluginName, GameplayPluginName} }

// Build adds the chat_commands system to the simulate stage.
func (Commands) Build(app *ecs.App) error {
	chat := ecs.RequireResource[ChatQueue](app)
	clients := ecs.RequireResource[Clients](app)
	app.AddSystem(ecs.Simulate, SystemCommands, func(ctx *ecs.Context) {
		keep := chat.Lines[:0]
		for _, line := range chat.Lines {
			if !strings.HasPrefix(line.Text, "/") {
				keep = append(keep, line)
				continue
			}
			e, ok := clients.Entity(line.From)
			if !ok || !ctx.World.Alive(e) {
				continue
			}
			reply := runCommand(ctx, e, line.Text)
			streams := generic.NewMap[components.Stream](ctx.World)
			st := streams.Get(e)
			if st != nil && st.Conn != nil && reply != "" {
				st.Conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{Text: reply, System: true}}})
			}
		}
		clear(chat.Lines[len(keep):])
		chat.Lines = keep
	})
	return nil
}

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
		border := float64(chunk.BorderSections * chunk.Size)
		if v[1] < chunk.MinY || v[1] > chunk.MaxY+64 || math.Abs(v[0]) > border || math.Abs(v[2]) > border {
			return "/tp: outside the world"
		}
		if !Teleport(ctx.World, ctx.Tick, e, components.Position{X: v[0], Y: v[1], Z: v[2]}) {
			return "/tp: you cannot be teleported now"
		}
		return fmt.Sprintf("teleported to %.1f %.1f %.1f", v[0], v[1], v[2])
	case "/where":
		positions := generic.NewMap[components.Position](ctx.World)
		p := positions.Get(e)
		return fmt.Sprintf("at %.1f %.1f %.1f, section %v", p.X, p.Y, p.Z, p.Section())
	}
	return fmt.Sprintf("unknown command %s (try /tp X Y Z or /where)", fields[0])
}
