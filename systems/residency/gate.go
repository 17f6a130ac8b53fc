package residency

import (
	"context"
	"fmt"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
)

// gatePoll is how long LoadSpawn sleeps after a step that made no
// progress, so that stepping does not steal the CPU the workers need.
const gatePoll = 2 * time.Millisecond

// LoadSpawn is the start-up loading gate. It spawns an anchor entity
// holding view (it stays, keeping the spawn region resident; despawn it to
// release the region) and steps app's own schedule — the same systems that
// run every tick, no separate loading path — until every section of the
// view is resident and no generation job is in flight. It waits here, and
// only here: once the game runs, the same reconcile is never waited on.
//
// progress, if not nil, is called whenever the figures change with the
// region's resident sections and those still missing (queued for
// generation or being generated), so resident/(resident+inFlight) is the
// fraction done. It is called from the calling goroutine; rate-limit
// logging in it.
//
// app must be built with the residency plugin. LoadSpawn returns the
// anchor entity, or ctx's error (wrapped) if ctx ends first. A Source
// that keeps failing keeps the gate closed: pass a ctx with a deadline.
func LoadSpawn(ctx context.Context, app *ecs.App, view components.View, progress func(resident, inFlight int)) (ecs.Entity, error) {
	store, ok := ecs.GetResource[resources.ChunkStore](app)
	if !ok {
		return ecs.Entity{}, fmt.Errorf("load spawn region: residency plugin not built")
	}
	gen := ecs.Resource[resources.Generation](app)
	var anchor ecs.Entity
	app.Commands().Spawn(func(e ecs.Entity) { anchor = e }, view)
	region := view.Positions(nil)
	last := -1
	for {
		if err := ctx.Err(); err != nil {
			return anchor, fmt.Errorf("load spawn region: %w", err)
		}
		app.Step()
		resident := 0
		for _, p := range region {
			if store.Has(p) {
				resident++
			}
		}
		if resident != last && progress != nil {
			progress(resident, len(region)-resident)
		}
		if resident == len(region) && gen.InFlight() == 0 {
			return anchor, nil
		}
		if resident == last {
			sleep(ctx, gatePoll)
		}
		last = resident
	}
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
