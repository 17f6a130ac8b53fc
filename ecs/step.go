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
		if a.beside.bg != nil && i >= a.beside.join {
			a.finishBeside(i)
		}
		if a.tick%sys.every != sys.phase {
			continue
		}
		if sys.cond != nil && !sys.cond(a) {
			continue
		}
		t0 := time.Now()
		ctx.sys = i
		sys.run(&ctx)
		var other time.Duration // another system's background work
		if len(a.cmd.ops) > 0 || a.world.IsLocked() {
			// Entities may move in storage: what runs beside must be done.
			other = a.finishBeside(i)
			a.applyCommands()
		}
		a.timings.rings[i].add(time.Since(t0) - other)
	}
	a.finishBeside(len(a.schedule.order))
	a.clearEvents()
	a.timings.tick.add(time.Since(start))
	for _, fn := range a.onTick {
		fn(false)
	}
}
