// Package daynight is the example plugin of docs/plugins.md: a day/night
// clock resource and a system that advances it every tick.
package daynight

import "github.com/stratavox/strata/ecs"

// DayLength is the length of a full day in ticks (20 minutes at 20 TPS).
const DayLength = 24000

// Clock is the time of day, shared by every system that wants it.
type Clock struct {
	// Time is the tick within the day, 0..DayLength-1; 0 is sunrise.
	Time uint32
	// Day counts completed days.
	Day uint64
	// Speed is how many clock ticks pass per server tick (0 freezes time).
	Speed uint32
}

// IsNight reports whether the sun is down (the second half of the day).
func (c *Clock) IsNight() bool { return c.Time >= DayLength/2 }

// Plugin adds the Clock resource and the advance_clock system.
type Plugin struct {
	// Start is the time of day the world starts at.
	Start uint32 `setting:"start" help:"tick of the day the clock starts at (0: sunrise; a day is 24000)"`
	// Off leaves the plugin out of a server (settings.Optional): the
	// setting plugins.daynight.enabled is its opposite.
	Off bool `setting:"enabled,invert" help:"a day/night clock; false for none"`
}

// PluginName names the plugin.
const PluginName = "daynight"

// Name names the plugin.
func (Plugin) Name() string { return PluginName }

// Settings returns the plugin itself: Start and Off are its settings
// (see package settings).
func (p *Plugin) Settings() any { return p }

// Enabled reports whether a server runs the plugin (settings.Optional).
func (p *Plugin) Enabled() bool { return !p.Off }

// Build adds the clock and the system that advances it.
func (p Plugin) Build(app *ecs.App) error {
	clock := &Clock{Time: p.Start % DayLength, Speed: 1}
	ecs.AddResource(app, clock)
	app.AddSystem(ecs.Simulate, "advance_clock", func(*ecs.Context) {
		t := clock.Time + clock.Speed
		clock.Day += uint64(t / DayLength)
		clock.Time = t % DayLength
	})
	return nil
}
