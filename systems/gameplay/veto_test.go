package gameplay

import (
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

// vetoPlugin is another plugin's rule: a system ordered before the one
// named before that cancels, with the reason refuse returns, every intent
// of type T refuse picks (ok true). It records what it was shown.
type vetoPlugin[T any] struct {
	before string
	refuse func(it *T) (reason string, ok bool)
	seen   *[]T
}

func (vetoPlugin[T]) Name() string           { return "veto" }
func (vetoPlugin[T]) Dependencies() []string { return []string{PluginName} }

func (p vetoPlugin[T]) Build(app *ecs.App) error {
	q := ecs.AddEvents[T](app)
	app.AddSystem(ecs.Simulate, "veto", func(*ecs.Context) {
		for i := range q.Items() {
			it := &q.Items()[i]
			if p.seen != nil {
				*p.seen = append(*p.seen, *it)
			}
			if reason, ok := p.refuse(it); ok {
				any(it).(interface{ Cancel(string) }).Cancel(reason)
			}
		}
	}, ecs.Before(p.before))
	return nil
}

func TestVetoedAction(t *testing.T) {
	const reason = "spawn is protected"
	tests := []struct {
		name string
		act  act
		// update: the actor is re-sent the block (it is resident); a
		// block that is not resident the client cannot hold either.
		update bool
	}{
		{name: "break", act: act{false, 0, 63, 2, 0}, update: true},
		{name: "place", act: act{true, 0, 64, 3, uint32(chunk.Stone)}, update: true},
		{name: "break in unknown terrain", act: act{false, 200, 63, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var seen []ActionIntent
			veto := vetoPlugin[ActionIntent]{
				before: SystemActions, seen: &seen,
				refuse: func(*ActionIntent) (string, bool) { return reason, true },
			}
			w := newGameWorld(t, DefaultConfig(), veto)
			p := w.join("actor")
			near := w.join("near")
			a := tc.act
			sec := chunk.PosOfBlock(a.x, a.y, a.z)
			before, resident := w.store.Block(a.x, a.y, a.z)
			rev, _ := w.store.Revision(sec)
			if resident != tc.update {
				t.Fatalf("block (%d,%d,%d) resident %v", a.x, a.y, a.z, resident)
			}
			p.conn.Take()
			near.conn.Take()
			if a.place {
				w.placeBlock(p, 7, a.x, a.y, a.z, a.block)
			} else {
				w.breakBlock(p, 7, a.x, a.y, a.z)
			}
			w.step(1)
			got := p.conn.Take()

			if len(seen) != 1 {
				t.Fatalf("the veto saw %d intents, want 1", len(seen))
			}
			want := ActionIntent{From: seen[0].From, Name: "actor", RequestID: 7, Place: a.place, Block: a.block, X: a.x, Y: a.y, Z: a.z}
			if seen[0] != want || seen[0].From.Entity != w.entity(p) || seen[0].From.ID != p.id || seen[0].From.Conn != p.conn {
				t.Fatalf("the veto saw %+v, want %+v from %d", seen[0], want, p.id)
			}
			acks := testkit.AcksOf(got)
			if len(acks) != 1 {
				t.Fatalf("want one ack at once, got %v", got)
			}
			ack := acks[0]
			if ack.GetRequestId() != 7 || ack.GetAccepted() || ack.GetResult() != protocol.ActionResult_ACTION_RESULT_VETOED ||
				ack.GetReason() != reason || ack.GetRevision() != 0 {
				t.Fatalf("ack %v, want request 7 refused: VETOED %q", ack, reason)
			}
			ups := testkit.UpdatesOf(got)
			switch {
			case !tc.update && len(ups) != 0:
				t.Fatalf("updates %v of a block that is not resident", ups)
			case tc.update && (len(ups) != 1 || ups[0].GetPos().GetX() != int32(a.x) || ups[0].GetPos().GetY() != int32(a.y) ||
				ups[0].GetPos().GetZ() != int32(a.z) || chunk.Block(ups[0].GetBlock()) != before || ups[0].GetRevision() != rev):
				t.Fatalf("updates %v, want the block as it is: %v at revision %d", ups, before, rev)
			}
			if len(got) != len(acks)+len(ups) {
				t.Fatalf("the actor got more than the ack and the update: %v", got)
			}
			// The store is unchanged and nothing was broadcast.
			if b, _ := w.store.Block(a.x, a.y, a.z); b != before {
				t.Fatalf("block is %v, was %v", b, before)
			}
			if r, _ := w.store.Revision(sec); r != rev || w.edits.Total != 0 || w.edits.Len() != 0 {
				t.Fatalf("section revision %d (was %d), %d edits", r, rev, w.edits.Total)
			}
			if ms := near.conn.Take(); len(ms) != 0 {
				t.Fatalf("another client was sent %v", ms)
			}
			if w.arb.Actions[protocol.ActionResult_ACTION_RESULT_VETOED] != 1 {
				t.Fatalf("vetoes counted: %v", w.arb.Actions)
			}
		})
	}
}

// TestVetoRefusesOnlyItsIntent checks that a veto refuses the intent it
// cancels, not the player's other requests of the tick.
func TestVetoRefusesOnlyItsIntent(t *testing.T) {
	veto := vetoPlugin[ActionIntent]{
		before: SystemActions,
		refuse: func(it *ActionIntent) (string, bool) { return "not that one", it.RequestID == 1 },
	}
	w := newGameWorld(t, DefaultConfig(), veto)
	p := w.join("actor")
	p.conn.Take()
	w.breakBlock(p, 1, 0, 63, 2)
	w.breakBlock(p, 2, 1, 63, 2)
	ack, seen := w.waitAck(p, 2)
	if !ack.GetAccepted() || w.block(1, 63, 2) != chunk.Air || w.block(0, 63, 2) != chunk.Stone {
		t.Fatalf("ack %v; blocks %v and %v", ack, w.block(0, 63, 2), w.block(1, 63, 2))
	}
	if acks := testkit.AcksOf(seen); len(acks) != 2 || acks[0].GetRequestId() != 1 || acks[0].GetResult() != protocol.ActionResult_ACTION_RESULT_VETOED {
		t.Fatalf("acks %v: want 1 vetoed, then 2 accepted", acks)
	}
}

func TestVetoedMove(t *testing.T) {
	tests := []struct {
		name string
		// inputs are the X of one-tick inputs sent in one tick (from the
		// spawn, at Y 64, Z 0.5); the veto refuses the input ticks in
		// vetoed.
		inputs []float64
		vetoed []uint64
		// end is the authoritative X afterwards, lastTick the input tick
		// it was accepted at.
		end      float64
		lastTick uint64
	}{
		{name: "the only input", inputs: []float64{0.7}, vetoed: []uint64{1}, end: testSpawn.X},
		{name: "the second of two", inputs: []float64{0.6, 0.7}, vetoed: []uint64{2}, end: 0.6, lastTick: 1},
		{name: "the first of two refuses the turn", inputs: []float64{0.6, 0.7}, vetoed: []uint64{1}, end: testSpawn.X},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			veto := vetoPlugin[MoveIntent]{
				before: SystemMovement,
				refuse: func(it *MoveIntent) (string, bool) {
					for _, v := range tc.vetoed {
						if it.Input.GetInputTick() == v {
							return "frozen", true
						}
					}
					return "", false
				},
			}
			w := newGameWorld(t, DefaultConfig(), veto)
			p := w.join("mover")
			w.step(5) // time enough for both inputs
			p.conn.Take()
			moves := w.arb.Moves
			for _, x := range tc.inputs {
				w.move(p, 1, x, 64, 0.5, false)
			}
			w.step(1)
			end := components.Position{X: tc.end, Y: 64, Z: 0.5}
			if got := w.pos(p); got != end {
				t.Fatalf("position %+v, want %+v", got, end)
			}
			got := p.conn.Take()
			cs := testkit.CorrectionsOf(got)
			if len(cs) != 1 || len(got) != 1 {
				t.Fatalf("want one correction, got %v", got)
			}
			c := cs[0]
			if c.GetTeleport() || c.GetPosition().GetX() != end.X || c.GetPosition().GetY() != end.Y || c.GetPosition().GetZ() != end.Z ||
				c.GetLastInputTick() != tc.lastTick || w.movement(p).LastInputTick != tc.lastTick {
				t.Fatalf("correction %v, want %+v after input %d", c, end, tc.lastTick)
			}
			if w.arb.Vetoed != 1 || w.arb.Moves[0] != moves[0]+tc.lastTick {
				t.Fatalf("vetoed %d, accepted %d more; arbitration %+v", w.arb.Vetoed, w.arb.Moves[0]-moves[0], w.arb)
			}
			// The veto lasts its tick: the next input is arbitrated.
			w.move(p, 1, tc.end+0.1, 64, 0.5, false)
			w.step(1)
			if got := p.conn.Take(); len(got) != 0 || w.pos(p).X != tc.end+0.1 {
				t.Fatalf("after the veto: messages %v, position %+v", got, w.pos(p))
			}
		})
	}
}

// closeConn records whether the server closed the connection.
type closeConn struct {
	*testkit.FakeConn
	closed bool
}

func (c *closeConn) Close(code protocol.ErrorCode, reason string) {
	c.closed = true
	c.FakeConn.Close(code, reason)
}

// TestUnservedMessage checks that a message of a kind no plugin serves
// (here: none of the world's plugins) is answered with a non-fatal error
// and changes nothing.
func TestUnservedMessage(t *testing.T) {
	tests := []struct {
		name string
		msg  *protocol.ClientMessage
	}{
		{"ping", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{}}}},
		{"hello after the handshake", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{}}}},
		{"chat without the chat plugin", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hi"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newGameWorld(t, DefaultConfig())
			conn := &closeConn{FakeConn: &testkit.FakeConn{}}
			p := w.connectAs("sender", conn.FakeConn, conn)
			other := w.join("other")
			p.conn.Take()
			other.conn.Take()
			pos, mv, arb := w.pos(p), *w.movement(p), *w.arb
			moves, actions := ecs.Resource[ecs.Events[MoveIntent]](w.app).Total, ecs.Resource[ecs.Events[ActionIntent]](w.app).Total

			w.msg(p, tc.msg)
			w.step(1)
			got := p.conn.Take()
			if len(got) != 1 || got[0].GetError().GetCode() != protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE {
				t.Fatalf("want one INVALID_MESSAGE error, got %v", got)
			}
			if conn.closed {
				t.Fatal("the connection was closed")
			}
			if _, ok := w.clients.Entity(p.id); !ok || w.pos(p) != pos || *w.movement(p) != mv || *w.arb != arb {
				t.Fatalf("the sender changed: admitted %v, position %+v, movement %+v, arbitration %+v", ok, w.pos(p), *w.movement(p), *w.arb)
			}
			if ms := other.conn.Take(); len(ms) != 0 {
				t.Fatalf("another client was sent %v", ms)
			}
			if ecs.Resource[ecs.Events[MoveIntent]](w.app).Total != moves || ecs.Resource[ecs.Events[ActionIntent]](w.app).Total != actions || w.edits.Total != 0 {
				t.Fatal("the message became an intent or an edit")
			}
		})
	}
}
