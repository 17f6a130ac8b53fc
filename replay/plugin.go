package replay

import (
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/residency"
)

// StageHash runs after persist: the state hash sees the finished tick.
const StageHash ecs.Stage = "hash"

// HashPlugin computes the state hash at the end of every tick and hands
// it to OnHash (a recording's writer, or a replay's comparison).
type HashPlugin struct {
	Conns  func() map[uint64]*HashConn
	OnHash func(Hash)
}

// Name names the plugin.
func (HashPlugin) Name() string { return "state_hash" }

// Dependencies names the residency plugin, whose store it hashes.
func (HashPlugin) Dependencies() []string { return []string{residency.PluginName} }

// Build adds the hash stage and its system.
func (p HashPlugin) Build(app *ecs.App) error {
	h := NewHasher(app, p.Conns)
	app.AddStageAfter(StageHash, ecs.Persist)
	app.AddSystem(StageHash, "state_hash", func(ctx *ecs.Context) {
		p.OnHash(h.Sum(ctx.World, ctx.Tick))
	})
	return nil
}
