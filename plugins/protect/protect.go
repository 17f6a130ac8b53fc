// Package protect is an example plugin written against the public API
// alone: nobody edits blocks within a radius of the world spawn unless
// their name is on an allow list. It vetoes the gameplay plugin's action
// intents before they are arbitrated, so a refused edit changes nothing:
// the player gets an ActionAck with ACTION_RESULT_VETOED and the reason,
// and the block as the server has it.
package protect

import (
	"fmt"
	"slices"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/gameplay"
)

// Names of the plugin and its system.
const (
	PluginName = "protect"
	SystemName = "protect_spawn"
)

// Block is a block column (X, Z).
type Block struct{ X, Z int }

// Config configures the plugin.
type Config struct {
	// Center is the protected area's centre (the world spawn).
	Center Block
	// Radius is the protected distance in blocks, horizontally: a block
	// (x, z) is protected when (x-Center.X)² + (z-Center.Z)² ≤ Radius².
	// A negative radius protects nothing.
	Radius int
	// Allow names the players who may edit there.
	Allow []string
}

// Plugin is the spawn protection plugin.
type Plugin struct {
	Config Config
	// Refused counts the edits it vetoed.
	Refused uint64
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the gameplay plugin, whose intents it vetoes.
func (*Plugin) Dependencies() []string { return []string{gameplay.PluginName} }

// Build adds protect_spawn to the simulate stage, before the actions are
// arbitrated.
func (p *Plugin) Build(app *ecs.App) error {
	intents := ecs.AddEvents[gameplay.ActionIntent](app)
	reason := fmt.Sprintf("the spawn area (%d blocks around %d, %d) is protected", p.Config.Radius, p.Config.Center.X, p.Config.Center.Z)
	app.AddSystem(ecs.Simulate, SystemName, func(*ecs.Context) {
		for i := range intents.Items() {
			it := &intents.Items()[i]
			if p.Config.Refuses(it.Name, it.X, it.Z) {
				it.Cancel(reason)
				p.Refused++
			}
		}
	}, ecs.Before(gameplay.SystemActions))
	return nil
}

// Refuses reports whether player name may not edit column (x, z).
func (c Config) Refuses(name string, x, z int) bool {
	if c.Radius < 0 || slices.Contains(c.Allow, name) {
		return false
	}
	dx, dz := int64(x)-int64(c.Center.X), int64(z)-int64(c.Center.Z)
	r := int64(c.Radius)
	return dx*dx+dz*dz <= r*r
}
