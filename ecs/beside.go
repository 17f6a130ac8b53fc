package ecs

import "time"

// besideWork is the background work a system left running
// (Context.Beside).
type besideWork struct {
	bg    *Background
	owner int // the system's index in the order
	join  int // the index before which it is finished
}

// Beside runs fn over [0, n) in chunks of grain, as Parallel.For, on the
// App's parallel helpers while the schedule goes on with the systems
// after this one in its stage that its declared access (Reads, Writes)
// does not conflict with. The tick goroutine finishes it, running as
// worker 0 whatever no helper took, before the first system that
// conflicts (or declared nothing), before any commands are applied, and
// at the end of the stage; with one worker it all runs then. fn keeps
// For's rules and touches only what its system declared; it never uses
// the world's queries or the command buffer, which belong to the tick
// goroutine: the system collects what fn needs before it calls Beside.
// The time the tick waits for it is counted in its system's timing.
func (c *Context) Beside(n, grain int, fn func(worker, lo, hi int)) {
	a := c.App
	a.finishBeside(c.sys)
	sys := a.schedule.order[c.sys]
	a.beside = besideWork{bg: a.Parallel().Start(n, grain, fn), owner: c.sys, join: sys.join}
}

// finishBeside finishes the background work left running, if any, from
// the tick goroutine while system cur is running or about to run (cur is
// len(order) at the end of the tick). It returns how long it waited for
// the helpers when that counts in the owner's timing rather than cur's:
// the caller leaves it out of cur's own.
func (a *App) finishBeside(cur int) time.Duration {
	w := a.beside
	if w.bg == nil {
		return 0
	}
	a.beside = besideWork{}
	t := time.Now()
	w.bg.Wait()
	if w.owner == cur {
		return 0 // counted in the owner's own run
	}
	d := time.Since(t)
	a.timings.rings[w.owner].extend(d)
	return d
}
