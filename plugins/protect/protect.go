// Package protect is an example plugin written against the public API
// alone: nobody edits blocks within a radius of the world spawn unless
// their name is on an allow list or they have the permission PermEdit
// (operators have it: it is declared with level perms.Operators). It
// vetoes the gameplay plugin's action intents before they are
// arbitrated, so a refused edit changes nothing: the player gets an
// ActionAck with ACTION_RESULT_VETOED and the reason, and the block as
// the server has it.
package protect

import (
	"fmt"
	"slices"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/perms"
)

// Names of the plugin and its system.
const (
	PluginName = "protect"
	SystemName = "protect_spawn"
)

// PermEdit is the permission to edit inside the protected area, which
// the plugin declares for operators.
const PermEdit = "protect.edit"

// Block is a block column (X, Z).
type Block struct{ X, Z int }

// Config configures the plugin.
type Config struct {
	// Center is the protected area's centre (the world spawn: a server
	// sets it to the spawn's column).
	Center Block
	// Radius is the protected distance in blocks, horizontally: a block
	// (x, z) is protected when (x-Center.X)² + (z-Center.Z)² ≤ Radius².
	// A negative radius protects nothing; a server leaves the plugin out
	// when it is not positive (Enabled), so the setting's 0 is no
	// protection.
	Radius int `setting:"radius" help:"blocks around spawn, horizontally, that only the allowed players and operators may edit (0: no protection)"`
	// Allow names the players who may edit there.
	Allow []string `setting:"allow" help:"players who may edit within the radius (comma-separated in the environment)"`
}

// MaxRadius is the largest radius Build accepts.
const MaxRadius = 1 << 20

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

// Settings returns the plugin's Config, whose Radius and Allow are its
// settings (plugins.protect.radius, plugins.protect.allow; see package
// settings).
func (p *Plugin) Settings() any { return &p.Config }

// Enabled reports whether a server runs the plugin: when Radius is
// positive (settings.Optional).
func (p *Plugin) Enabled() bool { return p.Config.Radius > 0 }

// Dependencies names the gameplay plugin, whose intents it vetoes, and
// the permissions plugin, which keeps who may edit anyway.
func (*Plugin) Dependencies() []string { return []string{gameplay.PluginName, perms.PluginName} }

// Build declares PermEdit and adds protect_spawn to the simulate stage,
// before the actions are arbitrated.
func (p *Plugin) Build(app *ecs.App) error {
	if p.Config.Radius > MaxRadius {
		return fmt.Errorf("radius %d is outside 0..%d", p.Config.Radius, MaxRadius)
	}
	perms.Declare(app, PermEdit, perms.Operators, "edit blocks in the protected spawn area")
	intents := ecs.AddEvents[gameplay.ActionIntent](app)
	reason := fmt.Sprintf("the spawn area (%d blocks around %d, %d) is protected", p.Config.Radius, p.Config.Center.X, p.Config.Center.Z)
	app.AddSystem(ecs.Simulate, SystemName, func(ctx *ecs.Context) {
		for i := range intents.Items() {
			it := &intents.Items()[i]
			// The permission is asked only of edits the allow list
			// refuses: most edits are far from spawn.
			if p.Config.Refuses(it.Name, it.X, it.Z) && !perms.Has(ctx.World, it.Name, PermEdit) {
				it.Cancel(reason)
				p.Refused++
			}
		}
	}, ecs.Before(gameplay.SystemActions))
	return nil
}

// Refuses reports whether player name may not edit column (x, z) by the
// allow list alone (the plugin also lets in whoever has PermEdit).
func (c Config) Refuses(name string, x, z int) bool {
	if c.Radius < 0 || slices.Contains(c.Allow, name) {
		return false
	}
	dx, dz := int64(x)-int64(c.Center.X), int64(z)-int64(c.Center.Z)
	r := int64(c.Radius)
	return dx*dx+dz*dz <= r*r
}
