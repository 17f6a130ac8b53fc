package cluster

import (
	"context"
	"sync"
	"time"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
)

// resolveTimeout bounds one read-back; a read that does not finish (the
// stream electing a leader) is tried again a second later.
const resolveTimeout = 5 * time.Second

// resolver answers the forwarded edits whose owner can no longer answer
// them, from the store. An owner that lives answers each edit once it is
// durable or refused, however long an election makes that take: the
// forwarding shard never guesses. Only when the region's lease turned
// since the edit was sent (the owner died, paused past its lease, or
// lost it in an election) is its fate settled without the owner: every
// write of the old lease is fenced, so the store read after the turn
// holds the edit or never will. Reads run on the resolver's goroutine;
// the tick only picks the forwards due.
type resolver struct {
	p    *Plugin
	jobs chan map[uint64]forward
	done chan struct{}
	// ctx bounds every read; stop cancels it, so that reads a NATS
	// outage would hold for resolveTimeout each do not delay shutdown.
	ctx    context.Context
	cancel context.CancelFunc
	// fates are the fenced edits waiting to be read back (checkFate),
	// kept until read: a NATS goroutine or the tick adds, the goroutine
	// takes; wake tells it there are some.
	mu    sync.Mutex
	fates []fateCheck
	wake  chan struct{}
	// turned and scanned: the lease turns counted, and when, at the last
	// scan; the forwards are scanned when a lease turned, or once a
	// second for the silent ones.
	turned  uint64
	scanned time.Time
}

// fateCheck is one edit whose write was refused as fenced, to read back.
type fateCheck struct {
	x, y, z int
	want    chunk.Block
	done    func(stored bool)
	// tries counts the reads that failed; retryAt is when to read again.
	tries   int
	retryAt time.Time
}

// start runs the goroutine until stop.
func (r *resolver) start() {
	r.jobs, r.done, r.wake = make(chan map[uint64]forward, 4), make(chan struct{}), make(chan struct{}, 1)
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go func() {
		defer close(r.done)
		t := time.NewTicker(time.Second) // fates whose read failed
		defer t.Stop()
		for {
			select {
			case due, ok := <-r.jobs:
				if !ok {
					return
				}
				for id, f := range due {
					r.resolve(id, f)
				}
			case <-r.wake:
			case <-t.C:
			}
			r.readFates()
		}
	}()
}

// checkFate is the cluster's gameplay.FateCheck: an edit refused because
// its region's lease moved may still have landed on an earlier attempt
// whose answer was lost, so its block is read back from the store as it
// is now, after the move: every write of the old lease is in it or never
// will be.
func (r *resolver) checkFate(x, y, z int, want chunk.Block, done func(stored bool)) {
	r.mu.Lock()
	r.fates = append(r.fates, fateCheck{x: x, y: y, z: z, want: want, done: done})
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// readFates reads back the fenced edits due, one section read each, and
// keeps those whose read failed for a later try.
func (r *resolver) readFates() {
	r.mu.Lock()
	fates := r.fates
	r.fates = nil
	r.mu.Unlock()
	if len(fates) == 0 {
		return
	}
	var later []fateCheck
	now := time.Now()
	for _, f := range fates {
		if now.Before(f.retryAt) || r.ctx.Err() != nil {
			later = append(later, f)
			continue
		}
		pos := chunk.PosOfBlock(f.x, f.y, f.z)
		ctx, cancel := context.WithTimeout(r.ctx, resolveTimeout)
		sec, _, ok, err := r.p.c.Store().LoadSectionAfter(ctx, pos, 0)
		cancel()
		if err != nil {
			if f.tries++; f.tries == 1 || f.tries%30 == 0 {
				r.p.log.Warn().Err(err).Stringer("section", pos).Int("tries", f.tries).Msg("fenced edit not read back; trying again")
			}
			f.retryAt = now.Add(time.Second)
			later = append(later, f)
			continue
		}
		lx, ly, lz := chunk.LocalOfBlock(f.x, f.y, f.z)
		stored := ok && sec.Get(lx, ly, lz) == f.want
		if stored {
			r.p.Stats.FencedLanded.Add(1)
		}
		f.done(stored)
	}
	if len(later) > 0 {
		r.mu.Lock()
		r.fates = append(later, r.fates...)
		r.mu.Unlock()
	}
}

// stop ends the goroutine once the reads queued are done.
func (r *resolver) stop() {
	if r.jobs != nil {
		r.cancel()
		close(r.jobs)
		<-r.done
		r.jobs = nil
	}
}

// schedule (the tick) hands the forwards due to the goroutine.
func (r *resolver) schedule(now time.Time) {
	p := r.p
	turned := p.c.Leases.Turned()
	if turned == r.turned && now.Sub(r.scanned) < time.Second {
		return
	}
	r.turned, r.scanned = turned, now
	due := p.pending.due(now, p.Config.ForwardSilence, func(reg rcluster.Region) uint64 {
		_, _, t := p.c.Leases.Turn(reg)
		return t
	})
	if len(due) == 0 {
		return
	}
	select {
	case r.jobs <- due:
	default: // busy: the next scan hands them again
		for id := range due {
			p.pending.retry(id, now)
		}
	}
}

// resolve reads forward id's block back and answers it: OK when the
// store holds what the edit made, HELD when it does not (it never will).
func (r *resolver) resolve(id uint64, f forward) {
	p := r.p
	_, _, turn := p.c.Leases.Turn(f.region)
	floor := turn // every write of the lease the edit went to is before it
	if turn <= f.turn {
		floor = 0 // silent, same lease: what is acknowledged by now
	}
	pos := chunk.PosOfBlock(f.target[0], f.target[1], f.target[2])
	ctx, cancel := context.WithTimeout(r.ctx, resolveTimeout)
	sec, rev, ok, err := p.c.Store().LoadSectionAfter(ctx, pos, floor)
	cancel()
	if err != nil {
		if r.ctx.Err() != nil {
			return // shutting down: the clients are going too
		}
		p.log.Warn().Err(err).Stringer("section", pos).Msg("forwarded edit not read back; trying again")
		p.pending.retry(id, time.Now().Add(time.Second))
		return
	}
	if p.pending.take(id) == nil {
		return // the owner answered meanwhile
	}
	p.Stats.ForwardsReadBack.Add(1)
	// A section never stored holds no edit: every edit stores its section.
	lx, ly, lz := chunk.LocalOfBlock(f.target[0], f.target[1], f.target[2])
	if !ok || sec.Get(lx, ly, lz) != f.want {
		held(f.conn, f.requestID, "the region's server went away before answering; the edit is not in the world")
		return
	}
	if f.conn != nil {
		f.conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{
			RequestId: f.requestID, Accepted: true, Result: protocol.ActionResult_ACTION_RESULT_OK, Revision: rev,
		}}})
	}
}
