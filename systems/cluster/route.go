package cluster

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/gameplay"
)

// editRequest is an edit forwarded to the owner of its region, with the
// player's feet as the forwarding shard arbitrated them.
type editRequest struct {
	Req       uint64     `json:"req"`
	Shard     string     `json:"shard"`
	ID        uint64     `json:"id"`
	Name      string     `json:"name"`
	Feet      [3]float64 `json:"feet"`
	RequestID uint32     `json:"request_id"`
	Place     bool       `json:"place,omitempty"`
	Block     uint32     `json:"block,omitempty"`
	X         int        `json:"x"`
	Y         int        `json:"y"`
	Z         int        `json:"z"`
	// Turn is the region's lease turn the forwarding shard sent the edit
	// in (Leases.Turn). An owner whose lease is of a later turn refuses
	// it: the sender may already have read its fate back from the store.
	Turn uint64 `json:"turn,omitempty"`
	// Stalled is the forwarding shard's stalled ticks (ecs.App.Stalled),
	// for the owner to credit a stall to its players' rate limits.
	Stalled uint64 `json:"stalled,omitempty"`
}

// editReply is the owner's answer, sent once the edit is durable (or
// refused).
type editReply struct {
	Result   int32      `json:"result"`
	Revision uint64     `json:"revision,omitempty"`
	Reason   string     `json:"reason,omitempty"`
	Block    *blockJSON `json:"block,omitempty"`
	// Stale: refused because the forward's turn was behind the owner's
	// lease; the forwarder's view of the region is, and it reads the
	// lease afresh.
	Stale bool `json:"stale,omitempty"`
}

// blockJSON is a block as the owner has it, for a refused edit's rollback.
type blockJSON struct {
	X, Y, Z  int32
	Block    uint32
	Revision uint64
}

// forward is an edit waiting for its owner's answer.
type forward struct {
	conn      components.Conn
	requestID uint32
	target    [3]int
	// want is the block the edit leaves at target when it is stored.
	want   chunk.Block
	region rcluster.Region
	// turn is the region's lease turn the edit was sent in
	// (Leases.Turn): past it, the owner it went to can no longer store it.
	turn uint64
	sent time.Time
	// asked: with the resolver; retryAt: when a failed read-back may be
	// tried again.
	asked   bool
	retryAt time.Time
}

// pendingForwards holds the forwards in flight; NATS goroutines answer
// them, the tick hands the ones whose fate the owner can no longer
// tell to the resolver.
type pendingForwards struct {
	mu   sync.Mutex
	next uint64
	byID map[uint64]*forward
}

func (pf *pendingForwards) add(f *forward) uint64 {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	pf.next++
	pf.byID[pf.next] = f
	return pf.next
}

func (pf *pendingForwards) take(id uint64) *forward {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	f := pf.byID[id]
	delete(pf.byID, id)
	return f
}

// due marks and returns the forwards to read back: those whose region's
// lease turned since they were sent (the owner they went to is fenced
// off it, dead or paused), and those unanswered for silence while the
// owner kept the region (the request or its answer was lost). turn
// reads a region's current lease turn.
func (pf *pendingForwards) due(now time.Time, silence time.Duration, turn func(rcluster.Region) uint64) map[uint64]forward {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	var out map[uint64]forward
	for id, f := range pf.byID {
		if f.asked || now.Before(f.retryAt) || (turn(f.region) <= f.turn && now.Sub(f.sent) < silence) {
			continue
		}
		if out == nil {
			out = map[uint64]forward{}
		}
		f.asked = true
		out[id] = *f
	}
	return out
}

// retry puts forward id back for a later read-back.
func (pf *pendingForwards) retry(id uint64, at time.Time) {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	if f := pf.byID[id]; f != nil {
		f.asked, f.retryAt = false, at
	}
}

// drop forgets every forward unanswered: at shutdown, when the clients
// are going too. An answer now would be a guess: the owners may still
// store them.
func (pf *pendingForwards) drop() int {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	n := len(pf.byID)
	pf.byID = map[uint64]*forward{}
	return n
}

// held answers an edit with ACTION_RESULT_HELD: not arbitrated, try again.
func held(conn components.Conn, requestID uint32, reason string) {
	refuse(conn, requestID, protocol.ActionResult_ACTION_RESULT_HELD, reason)
}

// refuse answers an edit with result, not applied.
func refuse(conn components.Conn, requestID uint32, result protocol.ActionResult, reason string) {
	if conn == nil {
		return
	}
	conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{
		RequestId: requestID, Result: result, Reason: reason,
	}}})
}

// routeSystem decides, for each local edit, whether this shard arbitrates
// it (it holds the region, or claims it now) or forwards it to the owner.
type routeSystem struct {
	p       *Plugin
	intents *ecs.Events[gameplay.ActionIntent]
	limits  *gameplay.ActionLimits
	feet    generic.Map[components.Position]
	init    bool
	buf     []byte
}

func (s *routeSystem) run(ctx *ecs.Context) {
	if !s.init {
		s.feet = generic.NewMap[components.Position](ctx.World)
		s.init = true
	}
	p := s.p
	p.resolver.schedule(time.Now())
	for i := range s.intents.Items() {
		it := &s.intents.Items()[i]
		if it.Handled || it.Remote != nil {
			continue
		}
		if vetoed, _ := it.Cancelled(); vetoed {
			continue
		}
		r := rcluster.RegionOfBlock(it.X, it.Z)
		if p.arbitrates(r) {
			continue
		}
		owner, ok := p.c.Leases.Owner(r)
		switch {
		case p.c.Leases.Holds(r):
			// Just taken: its stored sections are on their way.
			it.Handled = true
			held(it.From.Conn, it.RequestID, "the region is being loaded; try again")
			continue
		case !ok || owner == p.c.Shard():
			// Nobody holds it: claimed off the tick, and the edit is
			// answered at once rather than waiting for the round trips.
			// claim_regions takes the regions players stand in ahead of
			// time, so this is an edit across a border.
			p.leases.queue(leaseOp{r: r})
			p.leases.touch(r)
			it.Handled = true
			held(it.From.Conn, it.RequestID, "the region is being claimed; try again")
			continue
		}
		if !s.limits.Take(it.From.ID, ctx.Tick) {
			// Limited here as arbitrate_actions would: the token is the
			// player's whichever shard decides the edit.
			it.Handled = true
			refuse(it.From.Conn, it.RequestID, protocol.ActionResult_ACTION_RESULT_RATE_LIMITED, "")
			continue
		}
		s.forward(ctx, it, owner)
	}
}

// forward sends it to owner and marks it handled here.
func (s *routeSystem) forward(ctx *ecs.Context, it *gameplay.ActionIntent, owner string) {
	p := s.p
	it.Handled = true
	r := rcluster.RegionOfBlock(it.X, it.Z)
	_, _, turn := p.c.Leases.Turn(r)
	f := &forward{conn: it.From.Conn, requestID: it.RequestID, target: [3]int{it.X, it.Y, it.Z}, region: r, turn: turn, sent: time.Now()}
	if it.Place {
		f.want = chunk.Block(it.Block)
	}
	id := p.pending.add(f)
	req := editRequest{Req: id, Shard: p.c.Shard(), ID: it.From.ID, Name: it.Name, RequestID: it.RequestID, Place: it.Place, Block: it.Block, X: it.X, Y: it.Y, Z: it.Z,
		Turn: turn, Stalled: ctx.App.Stalled()}
	if ctx.World.Alive(it.From.Entity) && s.feet.Has(it.From.Entity) {
		pos := s.feet.Get(it.From.Entity)
		req.Feet = [3]float64{pos.X, pos.Y, pos.Z}
	}
	s.buf, _ = json.Marshal(req)
	msg := &nats.Msg{
		Subject: p.subject(FamilyEdit, owner),
		Reply:   p.subject(FamilyEdit, "reply", p.c.Shard(), strconv.FormatUint(id, 10)),
		Data:    s.buf,
	}
	if err := p.nc.PublishMsg(msg); err != nil {
		// Not sent: nobody can store it.
		p.pending.take(id)
		held(f.conn, f.requestID, "the region's server cannot be reached; try again")
		return
	}
	p.count(FamilyEdit, false, len(s.buf))
	p.Stats.Forwarded.Add(1)
}

// onReply (a NATS goroutine) answers the client of a forwarded edit.
func (p *Plugin) onReply(m *nats.Msg) {
	p.count(FamilyEdit, true, len(m.Data))
	id, err := strconv.ParseUint(m.Subject[strings.LastIndexByte(m.Subject, '.')+1:], 10, 64)
	if err != nil {
		return
	}
	if len(m.Data) == 0 && m.Header.Get("Status") == "503" {
		// No responders: the owner was not subscribed (cut off from
		// NATS, or gone), so it never had the edit.
		if f := p.pending.take(id); f != nil {
			held(f.conn, f.requestID, "the region's server cannot be reached; try again")
		}
		return
	}
	var r editReply
	if err := json.Unmarshal(m.Data, &r); err != nil {
		// Left to the read-back: what the owner decided is unknown.
		p.log.Warn().Err(err).Msg("bad edit reply")
		return
	}
	f := p.pending.take(id)
	if r.Stale && f != nil {
		p.leases.queue(leaseOp{r: f.region, refresh: true})
	}
	if f == nil || f.conn == nil {
		return // read back from the store meanwhile: the client was told
	}
	result := protocol.ActionResult(r.Result)
	f.conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{
		RequestId: f.requestID, Accepted: result == protocol.ActionResult_ACTION_RESULT_OK, Result: result,
		Revision: r.Revision, Reason: r.Reason,
	}}})
	if b := r.Block; b != nil {
		f.conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{
			Pos: &protocol.BlockPos{X: b.X, Y: b.Y, Z: b.Z}, Block: b.Block, Revision: b.Revision,
		}}})
	}
}
