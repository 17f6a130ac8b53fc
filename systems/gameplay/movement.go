package gameplay

import (
	"math"
	"slices"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
)

// teleportResend is how long, in ticks, a teleported player may keep
// sending inputs from its old position before the teleport is sent again
// (the first one should have reached it within a round trip). A client
// that sends nothing is not re-sent anything.
const teleportResend = 40

// movementSystem arbitrates movement: each client's inputs of the tick,
// in arrival order, are checked against the speed limits and the voxels;
// an accepted input moves the player, a rejected one earns a Correction
// and ends the client's turn for the tick. Players whose surroundings are
// not resident are held until they are.
type movementSystem struct {
	lim         physics.Limits
	allowFlight bool
	bank, slack uint64
	store       *resources.ChunkStore
	stats       *Arbitration
	log         zerolog.Logger
	filter      *generic.Filter6[components.Position, components.Velocity, components.Look, components.Movement, components.Inbox, components.Connection]
	intents     *ecs.Events[MoveIntent]
	inboxes     generic.Map1[components.Inbox]
	par         *ecs.Parallel
	workers     []moveWorker
	items       []moveItem
}

// moveWorker is one goroutine's share of the parallel loop over players.
type moveWorker struct {
	reader resources.Reader
	// secs is the store as the rules read it for one player: the few
	// sections around it, looked up once for all its checks of the tick
	// (arbitrating movement does not change the store).
	secs physics.Sections
	// stats are this worker's counts, added to Arbitration after the loop.
	stats Arbitration
	// at, sec, ok: the section each player of the worker's chunk stands
	// in, looked up for the whole chunk at once (Reader.Sections) so that
	// their misses overlap, then seeded into secs.
	at  []chunk.Pos
	sec []chunk.Section
	ok  []bool
}

// moveItem is one player to arbitrate this tick, and the messages it is
// owed, sent after the loop in query order (a connection's messages keep
// the order the serial loop gave them; recordings hash it).
type moveItem struct {
	pos  *components.Position
	vel  *components.Velocity
	look *components.Look
	mv   *components.Movement
	in   *components.Inbox
	st   *components.Connection
	out  []*protocol.ServerMessage
}

// moveGrain is how many players a worker takes at a time.
const moveGrain = 64

func newMovement(cfg Config, w *ecs.World, store *resources.ChunkStore, intents *ecs.Events[MoveIntent], stats *Arbitration, par *ecs.Parallel, log zerolog.Logger) *movementSystem {
	return &movementSystem{
		par: par,
		lim: cfg.Limits, allowFlight: cfg.AllowFlight, bank: cfg.BankTicks, slack: cfg.ClockSlack,
		store: store, stats: stats, log: log.With().Str("system", SystemMovement).Logger(),
		filter:  generic.NewFilter6[components.Position, components.Velocity, components.Look, components.Movement, components.Inbox, components.Connection](),
		intents: intents, inboxes: generic.NewMap1[components.Inbox](w),
	}
}

func (s *movementSystem) run(ctx *ecs.Context) {
	// The tick's intents, past the vetoes, into each player's inbox: a
	// player's inputs are arbitrated together, in arrival order.
	for i := range s.intents.Items() {
		it := &s.intents.Items()[i]
		if !ctx.World.Alive(it.From.Entity) {
			continue
		}
		in := s.inboxes.Get(it.From.Entity)
		if in == nil || in.Vetoed > 0 {
			continue
		}
		if vetoed, _ := it.Cancelled(); vetoed {
			in.Vetoed = len(in.Inputs) + 1
			continue
		}
		in.Inputs = append(in.Inputs, it.Input)
	}
	// Each player's arbitration reads the store (which nothing changes
	// meanwhile) and writes only that player's components: in parallel.
	// Counts and messages are gathered per worker and per player and
	// applied after, in query order.
	s.items = s.items[:0]
	q := s.filter.Query(ctx.World)
	for q.Next() {
		pos, vel, look, mv, in, st := q.Get()
		s.items = append(s.items, moveItem{pos: pos, vel: vel, look: look, mv: mv, in: in, st: st})
	}
	for len(s.workers) < s.par.Workers() {
		s.workers = append(s.workers, moveWorker{})
	}
	for i := range s.workers {
		w := &s.workers[i]
		w.reader.Reset(s.store)
		w.stats = Arbitration{}
	}
	s.par.For(len(s.items), moveGrain, func(worker, lo, hi int) {
		w := &s.workers[worker]
		w.at = w.at[:0]
		for i := lo; i < hi; i++ {
			p := s.items[i].pos
			w.at = append(w.at, chunk.PosOfBlock(int(math.Floor(p.X)), int(math.Floor(p.Y)), int(math.Floor(p.Z))))
		}
		w.sec, w.ok = slices.Grow(w.sec[:0], len(w.at))[:len(w.at)], slices.Grow(w.ok[:0], len(w.at))[:len(w.at)]
		w.reader.Sections(w.at, w.sec, w.ok)
		for i := lo; i < hi; i++ {
			j := i - lo
			s.player(w, ctx.Tick, &s.items[i], w.at[j], w.sec[j], w.ok[j])
		}
		clear(w.sec) // drop the cells until the next tick's look-up
	})
	for i := range s.workers {
		s.stats.add(&s.workers[i].stats)
	}
	waiting := 0
	for i := range s.items {
		it := &s.items[i]
		for _, m := range it.out {
			it.st.Send(m)
		}
		if it.mv.Waiting {
			waiting++
		}
	}
	clear(s.items) // drop the pointers into the world's storage
	s.stats.Waiting = waiting
}

// player arbitrates one client's tick; sec (resident or not) is the
// section at at, where it stood at the start of the tick.
func (s *movementSystem) player(w *moveWorker, now uint64, it *moveItem, at chunk.Pos, sec chunk.Section, resident bool) {
	pos, vel, look, mv, in := it.pos, it.vel, it.look, it.mv, it.in
	defer clearInputs(in)
	w.secs.Reset(&w.reader)
	w.secs.Seed(at, sec, resident)
	if mv.Waiting {
		if !physics.Supported(&w.secs, vecOf(pos)) {
			w.stats.IgnoredWhileWaiting += uint64(len(in.Inputs))
			return
		}
		s.release(w, now, it)
	}
	refused := false
	for _, input := range in.Inputs {
		if !s.input(w, now, input, it) {
			refused = true
			break
		}
	}
	if in.Vetoed > 0 && !refused {
		// A plugin refused the rest: the client goes back to where the
		// server has it, as after a rejected input.
		w.stats.Vetoed++
		w.stats.Corrections++
		it.out = append(it.out, correctionMsg(pos, vel, look, mv, false))
	}
	if !physics.Supported(&w.secs, vecOf(pos)) {
		s.hold(w, it)
	}
}

// input applies one input; false ends the client's turn (a rejection).
func (s *movementSystem) input(w *moveWorker, now uint64, in *protocol.Input, it *moveItem) bool {
	pos, vel, look, mv := it.pos, it.vel, it.look, it.mv
	tick := in.GetInputTick()
	if tick <= mv.LastInputTick {
		// Out of order (datagram input) or replayed: harmless, dropped.
		w.stats.Moves[physics.Stale]++
		return true
	}
	// The client may claim the input ticks since its last accepted input,
	// but no more time than the server clock gave it: unspent time is
	// kept for at most bank ticks, and the client's clock may run at
	// most slack ticks ahead.
	clock := max(mv.Clock, sub(now, s.bank))
	avail := sub(now+s.slack, clock)
	elapsed := min(tick-mv.LastInputTick, avail)
	if mv.Teleported {
		// Until the client takes the teleport, an input resynchronises
		// only from within one input tick's move of where the server put
		// the player. An input predicted before the client saw the
		// teleport claims every tick since its last accepted one, and
		// with those (up to bank + slack: 31 blocks for a flyer) it would
		// pass for a move from the destination back to where the client
		// still was, undoing the teleport.
		elapsed = min(elapsed, 1)
	}
	mode := physics.Sprint
	flying := in.GetFlying() && s.allowFlight
	if flying {
		mode = physics.Fly
	}
	to := physics.Vec{X: in.GetPosition().GetX(), Y: in.GetPosition().GetY(), Z: in.GetPosition().GetZ()}
	r := physics.NotFinite
	// The transport refuses non-finite numbers; synthetic and replayed
	// clients do not pass through it.
	if v := in.GetVelocity(); in.GetPosition() != nil &&
		finite32(in.GetYaw(), in.GetPitch(), v.GetX(), v.GetY(), v.GetZ()) {
		r = physics.CheckMove(&w.secs, vecOf(pos), to, int(elapsed), mode, s.lim)
	}
	if r != physics.OK {
		// Since a teleport lands inside the world (Teleport refuses
		// anywhere else), no input the client predicted from before it
		// leaves the world either: a move out of the world is corrected
		// at once, teleported or not.
		if mv.Teleported && r != physics.OutOfBounds {
			// Predicted from before the teleport, which is on its way:
			// no correction, the teleport is one. A client still moving
			// from the old place long after may have missed it (or be
			// ignoring it): say it again, at that pace.
			w.stats.AfterTeleport++
			if now-mv.LastInputAt >= teleportResend {
				mv.LastInputAt = now
				w.stats.Teleports++
				it.out = append(it.out, correctionMsg(pos, vel, look, mv, true))
			}
			return true
		}
		w.stats.Moves[r]++
		w.stats.Corrections++
		// A client that may not have the teleport yet gets it again: the
		// correction is the teleport's.
		it.out = append(it.out, correctionMsg(pos, vel, look, mv, mv.Teleported))
		if s.log.Debug().Enabled() {
			s.log.Debug().Uint64("input_tick", tick).Stringer("reason", r).Uint64("elapsed", elapsed).
				Float64("x", to.X).Float64("y", to.Y).Float64("z", to.Z).Msg("input rejected")
		}
		return false
	}
	w.stats.Moves[physics.OK]++
	*pos = components.Position{X: to.X, Y: to.Y, Z: to.Z}
	v := in.GetVelocity()
	*vel = components.Velocity{X: float64(v.GetX()), Y: float64(v.GetY()), Z: float64(v.GetZ())}
	*look = components.Look{Yaw: in.GetYaw(), Pitch: max(-90, min(90, in.GetPitch()))}
	mv.LastInputTick, mv.LastInputAt, mv.Clock = tick, now, clock+elapsed
	mv.Flying, mv.OnGround, mv.Teleported = flying, in.GetOnGround(), false
	return true
}

// hold freezes a player whose collision neighbourhood is not resident.
func (s *movementSystem) hold(w *moveWorker, it *moveItem) {
	it.mv.Waiting = true
	w.stats.Holds++
	it.out = append(it.out, &protocol.ServerMessage{Kind: &protocol.ServerMessage_Held{Held: &protocol.Held{
		Reason: protocol.HoldReason_HOLD_REASON_TERRAIN, Missing: uint32(missingAround(&w.reader, it.pos)),
	}}})
}

// release ends a hold. The time spent held is not input time the client
// can spend: its clock restarts now.
func (s *movementSystem) release(w *moveWorker, now uint64, it *moveItem) {
	it.mv.Waiting = false
	it.mv.Clock, it.mv.LastInputAt = now, now
	w.stats.Releases++
	it.out = append(it.out, &protocol.ServerMessage{Kind: &protocol.ServerMessage_Released{Released: &protocol.Released{}}})
}

// missingAround counts the sections of a player's collision neighbourhood
// that are not resident, for Held's progress figure.
func missingAround(store *resources.Reader, pos *components.Position) int {
	b := physics.PlayerBox(vecOf(pos))
	lo := chunk.PosOfFloat(b.Min.X, b.Min.Y-1, b.Min.Z)
	hi := chunk.PosOfFloat(b.Max.X, b.Max.Y, b.Max.Z)
	n := 0
	for y := lo.Y; y <= hi.Y; y++ {
		for z := lo.Z; z <= hi.Z; z++ {
			for x := lo.X; x <= hi.X; x++ {
				if p := (chunk.Pos{X: x, Y: y, Z: z}); p.InWorld() && !has(store, p) {
					n++
				}
			}
		}
	}
	return n
}

func has(r *resources.Reader, p chunk.Pos) bool {
	_, ok := r.Section(p)
	return ok
}

// correctionMsg tells the client where the server has it, as of its last
// accepted input; a teleport also sets its look.
func correctionMsg(pos *components.Position, vel *components.Velocity, look *components.Look, mv *components.Movement, teleport bool) *protocol.ServerMessage {
	return &protocol.ServerMessage{Kind: &protocol.ServerMessage_Correction{Correction: &protocol.Correction{
		Position:      protocol.V3(pos.X, pos.Y, pos.Z),
		Velocity:      protocol.V3f(float32(vel.X), float32(vel.Y), float32(vel.Z)),
		LastInputTick: mv.LastInputTick,
		Teleport:      teleport,
		Yaw:           look.Yaw,
		Pitch:         look.Pitch,
	}}}
}

// Teleport moves player e to pos on the server's authority: its velocity
// is zeroed, the client gets a Correction with teleport set (it jumps
// there and drops its prediction), and inputs the client predicted from
// before the teleport are ignored until one comes from near pos. now is
// the current tick (ctx.Tick in a system). Teleport changes component
// values only, so a system may call it while iterating a query (with
// ctx.World); code outside systems queues it with app.Commands().Do. It
// reports false, changing nothing, when e is not a connected player or
// pos is where movement would refuse to move it (not finite, or not
// physics.InBounds: beyond the world's border or far above or below it).
func Teleport(w *ecs.World, now uint64, e ecs.Entity, pos components.Position) bool {
	if !w.Alive(e) || !physics.InBounds(vecOf(&pos)) {
		return false
	}
	for _, id := range []arche.ID{
		arche.ComponentID[components.Position](w), arche.ComponentID[components.Velocity](w),
		arche.ComponentID[components.Look](w), arche.ComponentID[components.Movement](w),
		arche.ComponentID[components.Connection](w),
	} {
		if !w.Has(e, id) {
			return false
		}
	}
	m := generic.NewMap5[components.Position, components.Velocity, components.Look, components.Movement, components.Connection](w)
	p, vel, look, mv, st := m.Get(e)
	*p = pos
	*vel = components.Velocity{}
	mv.Teleported = true
	mv.LastInputAt, mv.Clock = now, now
	st.Send(correctionMsg(p, vel, look, mv, true))
	return true
}

// clearInputs empties the inbox's inputs, dropping references for the GC.
func clearInputs(in *components.Inbox) {
	clear(in.Inputs)
	in.Inputs = in.Inputs[:0]
	in.Vetoed = 0
}

// finite32 reports whether every f is a finite number.
func finite32(fs ...float32) bool {
	for _, f := range fs {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return false
		}
	}
	return true
}

// sub is a-b, or 0 when b > a.
func sub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}
