package ecs

import "time"

// runTick runs every system of the resolved schedule once, in order.
func (a *App) runTick() {
	ctx := Context{App: a, World: &a.world, Commands: &a.cmd, Tick: a.tick}
	for _, fn := range a.onTick {
		fn(true)
	}
	start := time.Now()
	// Commands queued from outside a system since the last tick.
	if len(a.cmd.ops) > 0 {
		a.applyCommands()
	}
	for i, sys := range a.schedule.order {
		if a.tick%sys.every != sys.phase {
			continue
		}
		if sys.cond != nil && !sys.cond(a) {
			continue
		}
		t0 := time.Now()
		sys.run(&ctx)
		if len(a.cmd.ops) > 0 || a.world.IsLocked() {
			a.applyCommands()
		}
		a.timings.rings[i].add(time.Since(t0))
	}
	a.clearEvents()
	a.timings.tick.add(time.Since(start))
	for _, fn := range a.onTick {
		fn(false)
	}
}
