package network

import "github.com/stratavox/strata/ecs"

// resubscribeGrain is how many moved views a worker takes at a time: few,
// so that the tick goroutine, finishing what a helper has not, shares the
// rest evenly.
const resubscribeGrain = 4

// resubscribeMoved is the resubscribe system: the clients whose view
// changed are brought to it (the Drops of what left, the pending list of
// what entered) on the helpers, while the tick goroutine counts the
// views into the desired set (stream_chunks) and reconciles the store
// with it (reconcile). The turn needs only the client's View (copied
// here), its connection and its Delivery, none of which those touch;
// deliver then serves them as clients that lack sections. A view change whose Drops did not fit in the queue
// is left as it was, and deliver tries it again.
func (s *DeliverySystem) resubscribeMoved(ctx *ecs.Context) {
	q := s.filter.Query(ctx.World)
	s.moved = s.moved[:0]
	for q.Next() {
		c, d, v := q.Get()
		if c.Conn != nil && *v != d.For {
			s.shape(v.Radius, v.Pad)
			s.moved = append(s.moved, turn{c.Conn, d, *v})
		}
	}
	s.ensureWorkers()
	ctx.Beside(len(s.moved), resubscribeGrain, func(worker, lo, hi int) {
		w := s.workers[worker]
		for _, t := range s.moved[lo:hi] {
			s.resubscribe(w, t.conn, t.d, t.v)
		}
	})
}
