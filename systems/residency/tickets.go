package residency

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
)

// ticketSystem despawns Ticket entities whose time is up. It runs before
// stream_chunks, so the expired view leaves the desired set in the same
// tick.
type ticketSystem struct {
	filter *generic.Filter1[components.Ticket]
}

func newTicketSystem() *ticketSystem {
	return &ticketSystem{filter: generic.NewFilter1[components.Ticket]()}
}

func (s *ticketSystem) run(ctx *ecs.Context) {
	q := s.filter.Query(ctx.World)
	for q.Next() {
		if t := q.Get(); ctx.Tick >= t.Expires {
			ctx.Commands.Despawn(q.Entity())
		}
	}
}

// SpawnTicket queues an entity holding view for ttl ticks from now (the
// App's current tick), for admin reads and pre-generation; fn, if not nil,
// receives the entity once it exists. Call it from a system (pass
// ctx.Commands) or between ticks (app.Commands()).
func SpawnTicket(cmds *ecs.Commands, now uint64, view components.View, ttl uint64, reason string, fn func(ecs.Entity)) {
	cmds.Spawn(fn, view, components.Ticket{Expires: now + ttl, Reason: reason})
}
