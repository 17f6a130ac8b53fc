package cluster

import (
	"context"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/persist"
)

// leaseEvery is how often, in ticks, the regions players stand in are
// claimed and idle ones released.
const leaseEvery = 20

// claimTimeout bounds one claim or release; refreshTimeout the read of a
// region just taken.
const (
	claimTimeout   = 2 * time.Second
	refreshTimeout = 10 * time.Second
)

// leaseSystem claims, before anyone edits there, the regions this shard's
// players stand in and nobody owns, so that their edits are arbitrated
// here without a claim on the way. It also claims the regions resident
// here for its players' views that have stood unclaimed for
// ClaimViewedAfter, where no other shard's player stands, so that their
// entities are simulated, as on one server. It gives up a held region
// once all its edits are durable: when none of its players has stood in
// it for IdleRelease and it is not resident here any more, or is resident
// only for a view while another shard's player stands in it, so the shard
// whose players are there can take it. It decides on the tick; the round
// trips run on its worker goroutine.
type leaseSystem struct {
	p       *Plugin
	store   *resources.ChunkStore
	dur     *persist.Durability
	reg     *entities.Registry
	players *generic.Filter2[components.Player, components.Position]
	seen    map[rcluster.Region]time.Time
	dirty   map[rcluster.Region]bool
	// resident: the regions resident here at the last decision;
	// standing: those another shard's player stands in; unowned: when
	// each resident region not simulated here was first seen unclaimed.
	resident, standing map[rcluster.Region]bool
	unowned            map[rcluster.Region]time.Time
	buf                []rcluster.Region
	// turned is the lease turns counted at the last decision: a region
	// freed (a dead shard's lease lapsed) is claimed on the next tick,
	// not up to leaseEvery later.
	turned uint64
	ops    chan leaseOp
	done   chan struct{}
}

// leaseOp is a claim or a release for the worker.
type leaseOp struct {
	r       rcluster.Region
	release bool
	// refresh reads the lease of r afresh (Leases.Refresh) instead.
	refresh bool
}

func newLeases(p *Plugin, app *ecs.App) *leaseSystem {
	return &leaseSystem{
		p: p, store: ecs.Resource[resources.ChunkStore](app), dur: ecs.Resource[persist.Durability](app),
		reg:     ecs.Resource[entities.Registry](app),
		players: generic.NewFilter2[components.Player, components.Position](),
		seen:    map[rcluster.Region]time.Time{}, dirty: map[rcluster.Region]bool{},
		resident: map[rcluster.Region]bool{}, standing: map[rcluster.Region]bool{}, unowned: map[rcluster.Region]time.Time{},
	}
}

// start runs the worker until stop.
func (s *leaseSystem) start() {
	s.ops, s.done = make(chan leaseOp, 64), make(chan struct{})
	go func() {
		defer close(s.done)
		for op := range s.ops {
			s.do(op)
		}
	}()
}

// stop ends the worker once the operations queued are done.
func (s *leaseSystem) stop() {
	if s.ops != nil {
		close(s.ops)
		<-s.done
		s.ops = nil
	}
}

// queue hands op to the worker; when it is busy the op is dropped, and
// the next decision, 20 ticks later, asks again.
func (s *leaseSystem) queue(op leaseOp) {
	select {
	case s.ops <- op:
	default:
	}
}

// do runs one claim or release (the worker goroutine).
func (s *leaseSystem) do(op leaseOp) {
	p := s.p
	ctx, cancel := context.WithTimeout(context.Background(), claimTimeout)
	defer cancel()
	if op.refresh {
		if err := p.c.Leases.Refresh(ctx, op.r); err != nil {
			p.log.Warn().Err(err).Stringer("region", op.r).Msg("lease view not refreshed")
		}
		return
	}
	if op.release {
		p.ready.set(op.r, false)
		if err := p.c.Leases.Release(ctx, op.r); err != nil {
			p.log.Warn().Err(err).Stringer("region", op.r).Msg("release failed")
		}
		return
	}
	if p.c.Leases.Leased(op.r) {
		// Queued twice, or held but not renewed lately (a stream
		// electing a leader): the lease was never lost, so nobody else
		// wrote there and the copies here are current; reloading them
		// would drop the edits in flight. The region is arbitrated again
		// once a renewal lands.
		return
	}
	p.ready.set(op.r, false)
	held, _, err := p.c.Leases.Claim(ctx, op.r)
	if err != nil || !held {
		if err != nil {
			p.log.Warn().Err(err).Stringer("region", op.r).Msg("claim failed")
		}
		return
	}
	// Taken: start from what is stored, not from the copies here.
	lctx, lcancel := context.WithTimeout(context.Background(), refreshTimeout)
	defer lcancel()
	secs, err := p.c.Store().LoadRegion(lctx, op.r)
	if err != nil {
		// Given back rather than arbitrated on copies that may be stale;
		// it is claimed again when needed.
		p.log.Warn().Err(err).Stringer("region", op.r).Msg("region not refreshed; released")
		rctx, rcancel := context.WithTimeout(context.Background(), claimTimeout)
		defer rcancel()
		_ = p.c.Leases.Release(rctx, op.r)
		return
	}
	p.in.put(func(b *inbox) { b.refresh = append(b.refresh, refresh{region: op.r, sections: secs}) })
}

func (s *leaseSystem) run(ctx *ecs.Context) {
	turned := s.p.c.Leases.Turned()
	if ctx.Tick%leaseEvery != 0 && turned == s.turned {
		return
	}
	s.turned = turned
	p, now := s.p, time.Now()
	q := s.players.Query(ctx.World)
	for q.Next() {
		_, pos := q.Get()
		r := rcluster.RegionOfBlock(int(pos.X), int(pos.Z))
		s.seen[r] = now
		if p.c.Leases.Holds(r) {
			continue
		}
		if owner, owned := p.c.Leases.Owner(r); !owned || owner == p.c.Shard() {
			s.queue(leaseOp{r: r})
		}
	}
	s.claimViewed(now)
	s.release(now)
}

// claimViewed notes the regions resident here and those other shards'
// players stand in, and claims the resident ones whose entities nobody
// simulates: unclaimed since ClaimViewedAfter ago, which lets a shard
// whose players stand there take it first.
func (s *leaseSystem) claimViewed(now time.Time) {
	p := s.p
	clear(s.standing)
	for _, cells := range p.inbound.players.interest {
		for _, c := range cells {
			s.standing[rcluster.Region{X: c[0] * interestCell >> storage.RegionShift, Z: c[1] * interestCell >> storage.RegionShift}] = true
		}
	}
	clear(s.resident)
	s.reg.EachRegion(func(x, z int32, foreign bool) {
		r := rcluster.Region{X: x, Z: z}
		s.resident[r] = true
		if _, owned := p.c.Leases.Owner(r); !foreign || owned || s.standing[r] {
			delete(s.unowned, r)
			return
		}
		if since, ok := s.unowned[r]; !ok {
			s.unowned[r] = now
		} else if now.Sub(since) >= p.Config.ClaimViewedAfter {
			s.queue(leaseOp{r: r})
		}
	})
	for r := range s.unowned {
		if !s.resident[r] {
			delete(s.unowned, r)
		}
	}
}

// touch keeps r from being released as idle for a while: an edit was just
// claimed there.
func (s *leaseSystem) touch(r rcluster.Region) { s.seen[r] = time.Now() }

// release gives up held regions nobody here stood in lately, not resident
// here or resident only for a view where another shard's player stands,
// once no edit of theirs waits to be durable (a write after the release
// would be fenced off and lost) and their entities are saved. An edit
// arbitrated there before the release lands is refused as fenced and
// answered so: never acknowledged and lost.
func (s *leaseSystem) release(now time.Time) {
	p := s.p
	s.buf = p.c.Leases.Held()
	clear(s.dirty)
	for _, pos := range s.store.AppendDirty(nil) {
		s.dirty[rcluster.RegionOf(pos)] = true
	}
	_, writes := s.dur.Pending()
	for _, r := range s.buf {
		if t, ok := s.seen[r]; ok && now.Sub(t) < p.Config.IdleRelease {
			continue
		}
		if s.resident[r] && !s.standing[r] {
			continue // its entities are simulated for this shard's views
		}
		if s.dirty[r] || writes > 0 {
			continue
		}
		if s.reg.SaveRegion(r.X, r.Z) > 0 {
			// Its entities' last moves are written first, for the next
			// owner; released once durable.
			continue
		}
		s.queue(leaseOp{r: r, release: true})
		delete(s.seen, r)
	}
	for r, t := range s.seen {
		if now.Sub(t) > 2*p.Config.IdleRelease && !p.c.Leases.Holds(r) {
			delete(s.seen, r)
		}
	}
}
