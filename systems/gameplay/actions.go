package gameplay

import (
	"math"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/physics"
)

// overlapCell is the cell size, in blocks, of the grid the actions system
// finds players near a placed block with: a block and a player box can
// only overlap within one block horizontally, so a cell is rarely crossed.
const overlapCell = 16

// actionsSystem arbitrates break and place requests after movement, so
// that reach is measured from where the player is this tick. Accepted
// edits go to the chunk store through Edits (broadcast in deliver) and are
// acknowledged once durable; refusals are answered at once.
type actionsSystem struct {
	lim     physics.Limits
	limits  *ActionLimits
	store   *resources.ChunkStore
	dur     *persist.Durability
	edits   *Edits
	clients *network.Clients
	intents *ecs.Events[ActionIntent]
	stats   *Arbitration
	log     zerolog.Logger

	filter *generic.Filter2[components.Player, components.Position]
	actors generic.Map4[components.Player, components.Position, components.Movement, components.Connection]
	// Per tick: every player's feet, a grid over them, the players with
	// intents in query order and each one's intents in arrival order, and
	// a scratch list of players near a target.
	feet    []physics.Vec
	grid    *cellGrid
	pending []ecs.Entity
	byActor map[ecs.Entity][]int32
	near    []physics.Vec
}

func newActions(cfg Config, w *ecs.World, store *resources.ChunkStore, dur *persist.Durability, edits *Edits, clients *network.Clients,
	intents *ecs.Events[ActionIntent], stats *Arbitration, limits *ActionLimits, log zerolog.Logger) *actionsSystem {
	return &actionsSystem{
		lim: cfg.Limits, limits: limits,
		store: store, dur: dur, edits: edits, clients: clients, intents: intents, stats: stats,
		log:     log.With().Str("system", SystemActions).Logger(),
		filter:  generic.NewFilter2[components.Player, components.Position](),
		actors:  generic.NewMap4[components.Player, components.Position, components.Movement, components.Connection](w),
		byActor: map[ecs.Entity][]int32{},
		grid:    newCellGrid(),
	}
}

func (s *actionsSystem) run(ctx *ecs.Context) {
	s.limits.forget(s.clients.Left, ctx.Tick)
	if s.intents.Len() == 0 {
		return
	}
	clear(s.byActor)
	remote := false
	for i, it := range s.intents.Items() {
		switch {
		case it.Handled:
		case it.Remote != nil:
			remote = true
		default:
			s.byActor[it.From.Entity] = append(s.byActor[it.From.Entity], int32(i))
		}
	}
	s.feet, s.pending = s.feet[:0], s.pending[:0]
	q := s.filter.Query(ctx.World)
	for q.Next() {
		_, pos := q.Get()
		s.feet = append(s.feet, vecOf(pos))
		if _, ok := s.byActor[q.Entity()]; ok {
			s.pending = append(s.pending, q.Entity())
		}
	}
	s.grid.reset()
	for i, f := range s.feet {
		s.grid.add(cellKey{cellOf(f.X, overlapCell), cellOf(f.Z, overlapCell)}, int32(i))
	}
	for _, e := range s.pending {
		p, pos, mv, conn := s.actors.Get(e)
		who := actor{id: p.ID, feet: vecOf(pos), take: s.limits.Take, waiting: mv.Waiting, conn: conn.Conn}
		for _, i := range s.byActor[e] {
			s.action(ctx.Tick, who, &s.intents.Items()[i])
		}
	}
	if remote {
		// After the local ones, in arrival order: the forwarding shard
		// measured the player's feet and took his rate limit's token;
		// the looser limit here is against a shard that did not.
		for i := range s.intents.Items() {
			if it := &s.intents.Items()[i]; it.Remote != nil && !it.Handled {
				who := it.Remote
				take := func(_, now uint64) bool { return s.limits.takeRemote(who, now) }
				s.action(ctx.Tick, actor{id: it.Remote.ID, feet: it.Remote.Feet, take: take, reply: it.Remote.Reply}, it)
			}
		}
	}
}

// actor is who an intent is arbitrated for: a player of this server, or
// one another cluster shard forwarded (reply set; no movement hold here,
// its own server keeps it).
type actor struct {
	id      uint64
	feet    physics.Vec
	take    func(id, now uint64) bool // the rate limit's token; nil: none
	waiting bool
	conn    components.Conn
	reply   func(ack *protocol.ActionAck, block *protocol.BlockUpdate)
}

// answer sends ack, and block if there is one. It may run on the storage
// goroutine (after the edit is durable), so it only queues.
func (a actor) answer(ack *protocol.ActionAck, block *protocol.BlockUpdate) {
	if a.reply != nil {
		a.reply(ack, block)
		return
	}
	if a.conn == nil {
		return
	}
	a.conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: ack}})
	if block != nil {
		a.conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: block}})
	}
}

// action arbitrates one BreakBlock or PlaceBlock.
func (s *actionsSystem) action(now uint64, who actor, it *ActionIntent) {
	target := physics.BlockPos{X: it.X, Y: it.Y, Z: it.Z}
	place, block := it.Place, it.Block
	result := protocol.ActionResult_ACTION_RESULT_OK
	vetoed, reason := it.Cancelled()
	switch {
	case who.take != nil && !who.take(who.id, now):
		result = protocol.ActionResult_ACTION_RESULT_RATE_LIMITED
	case vetoed:
		result = protocol.ActionResult_ACTION_RESULT_VETOED
	case who.waiting:
		result = protocol.ActionResult_ACTION_RESULT_HELD
	case !s.edits.Decides(target.X, target.Z):
		// A cluster shard whose lease went stale since route_actions
		// looked: Set would change nothing, and an OK would be a lie.
		result = protocol.ActionResult_ACTION_RESULT_HELD
		reason = "the region is moving between servers; try again"
	case place && block > math.MaxUint16:
		// Checked before the conversion below, which would wrap it into
		// a valid id.
		result = protocol.ActionResult_ACTION_RESULT_INVALID_BLOCK
	case place:
		r := physics.CheckPlace(s.store, who.feet, target, chunk.Block(block), s.playersNear(target), s.lim)
		result = actionResult(r, true)
	default:
		result = actionResult(physics.CheckBreak(s.store, who.feet, target, s.lim), false)
	}
	s.stats.Actions[result]++
	if result != protocol.ActionResult_ACTION_RESULT_OK {
		if s.log.Debug().Enabled() {
			s.log.Debug().Uint64("client", who.id).Bool("place", place).Int("x", target.X).Int("y", target.Y).Int("z", target.Z).
				Str("result", actionLabel(result)).Str("reason", reason).Msg("action refused")
		}
		ack := ackMsg(it.RequestID, result, 0).GetActionAck()
		ack.Reason = reason
		var rollback *protocol.BlockUpdate
		// A vetoed prediction is rolled back with the block as it is; a
		// forwarded edit always gets it, for the other shard's copy.
		if vetoed || who.reply != nil {
			rollback = s.blockUpdate(target)
		}
		who.answer(ack, rollback)
		return
	}
	nb := chunk.Air
	if place {
		nb = chunk.Block(block)
	}
	rev, _ := s.edits.Set(target.X, target.Y, target.Z, nb, who.id)
	if who.conn == nil && who.reply == nil {
		return // a synthetic player: nobody to tell
	}
	ack := ackMsg(it.RequestID, result, rev).GetActionAck()
	reqID := it.RequestID // the callback outlives the tick's events
	fate := s.edits.fate
	s.dur.AfterDurableEdit(chunk.PosOfBlock(target.X, target.Y, target.Z), func(refused bool) {
		switch {
		case !refused:
			who.answer(ack, nil)
		case fate != nil:
			fate(target.X, target.Y, target.Z, nb, func(stored bool) {
				if stored {
					who.answer(ack, nil)
				} else {
					who.answer(notStored(reqID), nil)
				}
			})
		default:
			who.answer(notStored(reqID), nil)
		}
	})
}

// notStored is the answer to an accepted edit its write was refused for:
// the region moved to another shard before it was stored.
func notStored(reqID uint32) *protocol.ActionAck {
	ack := ackMsg(reqID, protocol.ActionResult_ACTION_RESULT_HELD, 0).GetActionAck()
	ack.Reason = "the region moved to another server before the edit was stored; try again"
	return ack
}

// blockUpdate returns the block at t as the server has it, to roll a
// prediction back; nil when its section is not resident (a client cannot
// hold it either).
func (s *actionsSystem) blockUpdate(t physics.BlockPos) *protocol.BlockUpdate {
	b, ok := s.store.Block(t.X, t.Y, t.Z)
	if !ok {
		return nil
	}
	rev, _ := s.store.Revision(chunk.PosOfBlock(t.X, t.Y, t.Z))
	return &protocol.BlockUpdate{Pos: &protocol.BlockPos{X: int32(t.X), Y: int32(t.Y), Z: int32(t.Z)}, Block: uint32(b), Revision: rev}
}

// playersNear returns the feet of every player whose box could overlap
// block t. The slice is reused.
func (s *actionsSystem) playersNear(t physics.BlockPos) []physics.Vec {
	s.near = s.near[:0]
	cx := float64(t.X) + 0.5
	cz := float64(t.Z) + 0.5
	for x := cellOf(float64(t.X-1), overlapCell); x <= cellOf(float64(t.X+1), overlapCell); x++ {
		for z := cellOf(float64(t.Z-1), overlapCell); z <= cellOf(float64(t.Z+1), overlapCell); z++ {
			for _, i := range s.grid.get(cellKey{x, z}) {
				f := s.feet[i]
				if math.Abs(f.X-cx) < 1 && math.Abs(f.Z-cz) < 1 {
					s.near = append(s.near, f)
				}
			}
		}
	}
	return s.near
}

// actionResult maps a rule's verdict to the wire's result code.
func actionResult(r physics.Reason, place bool) protocol.ActionResult {
	switch r {
	case physics.OK:
		return protocol.ActionResult_ACTION_RESULT_OK
	case physics.OutOfBounds, physics.NotFinite:
		return protocol.ActionResult_ACTION_RESULT_OUT_OF_WORLD
	case physics.OutOfReach:
		return protocol.ActionResult_ACTION_RESULT_OUT_OF_REACH
	case physics.NotResident, physics.UnknownTerrain:
		return protocol.ActionResult_ACTION_RESULT_NOT_LOADED
	case physics.TargetIsAir:
		return protocol.ActionResult_ACTION_RESULT_NOTHING_THERE
	case physics.TargetOccupied, physics.OverlapsPlayer:
		return protocol.ActionResult_ACTION_RESULT_OCCUPIED
	case physics.IllegalBlock:
		if place {
			return protocol.ActionResult_ACTION_RESULT_INVALID_BLOCK
		}
		return protocol.ActionResult_ACTION_RESULT_UNBREAKABLE
	}
	return protocol.ActionResult_ACTION_RESULT_DENIED
}

func ackMsg(reqID uint32, result protocol.ActionResult, rev uint64) *protocol.ServerMessage {
	return &protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{
		RequestId: reqID, Accepted: result == protocol.ActionResult_ACTION_RESULT_OK, Result: result, Revision: rev,
	}}}
}
