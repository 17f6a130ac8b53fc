package residency

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// gatePoll is how long LoadSpawn sleeps after a step that made no
// progress, so that stepping does not steal the CPU the workers need.
const gatePoll = 2 * time.Millisecond

// SpawnResult is what the start-up gate loaded.
type SpawnResult struct {
	// Anchor is the entity holding the spawn view.
	Anchor ecs.Entity
	// Failed lists the region's sections that failed permanently (their
	// stored record is corrupt), in chunk.ComparePos order. They are
	// not resident, never generated over, and retried with back-off.
	Failed []chunk.Pos
}

// LoadSpawn is the start-up loading gate. It spawns an anchor entity
// holding view (it stays, keeping the spawn region resident; despawn it to
// release the region) and steps app's own schedule — the same systems that
// run every tick, no separate loading path — until every section of the
// view is resident, or failed permanently (a corrupt stored record: no
// retry is expected to bring it, and waiting for it would keep the server
// closed for good), and no other generation job is in flight. It waits
// here, and only here: once the game runs, the same reconcile is never
// waited on.
//
// progress, if not nil, is called whenever the figures change with the
// region's resident sections and those it still waits for (queued for
// generation, being generated, or retried after a passing failure), so
// resident/(resident+inFlight) is the fraction done; sections that failed
// permanently are in neither. It is called from the calling goroutine;
// rate-limit logging in it.
//
// app must be built with the residency plugin. LoadSpawn returns the
// anchor and the sections that failed permanently, or ctx's error
// (wrapped) if ctx ends first. A Source that keeps failing otherwise
// (an unreadable disk) keeps the gate closed: pass a ctx with a deadline.
func LoadSpawn(ctx context.Context, app *ecs.App, view components.View, progress func(resident, inFlight int)) (SpawnResult, error) {
	store, ok := ecs.GetResource[resources.ChunkStore](app)
	if !ok {
		return SpawnResult{}, fmt.Errorf("load spawn region: residency plugin not built")
	}
	gen := ecs.Resource[resources.Generation](app)
	backlog := ecs.Resource[resources.Backlog](app)
	var res SpawnResult
	app.Commands().Spawn(func(e ecs.Entity) { res.Anchor = e }, view)
	region := view.Positions(nil)
	last := [2]int{-1, -1}
	for {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("load spawn region: %w", err)
		}
		app.Step()
		resident, failed, failedInFlight := 0, 0, 0
		for _, p := range region {
			switch {
			case store.Has(p):
				resident++
			case backlog.IsCorrupt(p):
				failed++
				if gen.IsInFlight(p) {
					failedInFlight++ // a retry, not worth waiting for
				}
			}
		}
		now := [2]int{resident, len(region) - resident - failed}
		if now != last && progress != nil {
			progress(now[0], now[1])
		}
		if now[1] == 0 && gen.InFlight() == failedInFlight {
			for _, p := range region {
				if !store.Has(p) {
					res.Failed = append(res.Failed, p)
				}
			}
			slices.SortFunc(res.Failed, chunk.ComparePos)
			return res, nil
		}
		if now == last {
			sleep(ctx, gatePoll)
		}
		last = now
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
