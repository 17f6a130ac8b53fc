package cluster

import (
	"context"
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
	// turned and scanned: the lease turns counted, and when, at the last
	// scan; the forwards are scanned when a lease turned, or once a
	// second for the silent ones.
	turned  uint64
	scanned time.Time
}

// start runs the goroutine until stop.
func (r *resolver) start() {
	r.jobs, r.done = make(chan map[uint64]forward, 4), make(chan struct{})
	go func() {
		defer close(r.done)
		for due := range r.jobs {
			for id, f := range due {
				r.resolve(id, f)
			}
		}
	}()
}

// stop ends the goroutine once the reads queued are done.
func (r *resolver) stop() {
	if r.jobs != nil {
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
	ctx, cancel := context.WithTimeout(context.Background(), resolveTimeout)
	sec, rev, ok, err := p.c.Store().LoadSectionAfter(ctx, pos, floor)
	cancel()
	if err != nil {
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
