package gameplay

import (
	"slices"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

func TestBlockUpdatesGoToHolders(t *testing.T) {
	w := newGameWorld(t, DefaultConfig())
	actor := w.join("actor")
	near := w.join("near")
	far := w.join("far")
	w.place(far, components.Position{X: 2000.5, Y: 64, Z: 0.5})
	w.step(5) // its view moves away and its old sections are dropped
	sec := chunk.PosOfBlock(0, 63, 2)
	if !actor.conn.Holds(sec) || !near.conn.Holds(sec) || far.conn.Holds(sec) {
		t.Fatalf("holders of %v: actor %v near %v far %v", sec, actor.conn.Holds(sec), near.conn.Holds(sec), far.conn.Holds(sec))
	}
	for _, p := range []*player{actor, near, far} {
		p.conn.Take()
	}

	w.breakBlock(actor, 1, 0, 63, 2)
	ack, seen := w.waitAck(actor, 1)
	// A gameplay plugin's edit (Edits.Set) is broadcast the same way.
	rev, changed := w.edits.Set(1, 63, 2, chunk.Gravel, 0)
	if !changed || rev != ack.GetRevision()+1 {
		t.Fatalf("plugin edit: revision %d changed %v after ack %v", rev, changed, ack)
	}
	w.step(1)

	want := []*protocol.BlockUpdate{
		{Pos: protocol.BP(0, 63, 2), Block: uint32(chunk.Air), Revision: ack.GetRevision()},
		{Pos: protocol.BP(1, 63, 2), Block: uint32(chunk.Gravel), Revision: rev},
	}
	for _, c := range []struct {
		p   *player
		ups []*protocol.BlockUpdate
	}{
		{actor, append(testkit.UpdatesOf(seen), testkit.UpdatesOf(actor.conn.Take())...)},
		{near, testkit.UpdatesOf(near.conn.Take())},
	} {
		if len(c.ups) != len(want) || c.ups[0].String() != want[0].String() || c.ups[1].String() != want[1].String() {
			t.Fatalf("client %d: updates %v, want %v", c.p.id, c.ups, want)
		}
		if held, _ := component[components.Delivery](w, c.p).Held.Get(sec); held != rev {
			t.Fatalf("client %d is recorded as holding revision %d, want %d", c.p.id, held, rev)
		}
	}
	if got := far.conn.Take(); len(testkit.UpdatesOf(got)) != 0 {
		t.Fatalf("far client got updates: %v", got)
	}
	if w.edits.Len() != 0 {
		t.Fatalf("%d edits left after the broadcast", w.edits.Len())
	}
}

// joinedOf lists the entity ids of PlayerJoined (and, negated in a
// separate list, PlayerLeft) messages.
func rosterOf(ms []*protocol.ServerMessage) (joined, left []uint64) {
	for _, m := range ms {
		if j := m.GetPlayerJoined(); j != nil {
			joined = append(joined, j.GetEntityId())
		}
		if l := m.GetPlayerLeft(); l != nil {
			left = append(left, l.GetEntityId())
		}
	}
	return joined, left
}

func TestRoster(t *testing.T) {
	cfg := DefaultConfig()
	cfg.RosterPerTick = 1
	w := newGameWorld(t, cfg)
	a := w.join("a")
	b := w.join("b")
	c := w.join("c")
	if j, _ := rosterOf(a.conn.Take()); !slices.Equal(j, []uint64{b.id, c.id}) {
		t.Fatalf("a heard of %v joining, want b and c", j)
	}
	if j, _ := rosterOf(b.conn.Take()); !slices.Equal(j, []uint64{a.id, c.id}) {
		t.Fatalf("b heard of %v, want a (present) then c (joined)", j)
	}
	if j, _ := rosterOf(c.conn.Take()); !slices.Equal(j, []uint64{a.id, b.id}) {
		t.Fatalf("c heard of %v, want a and b", j)
	}

	// d's roster (a, b, c) goes one per tick. b leaves before d heard of
	// it, e arrives while d's roster is being sent.
	d := w.connect("d", &testkit.FakeConn{})
	w.step(1) // d admitted, hears of a
	w.leave(b)
	e := w.connect("e", &testkit.FakeConn{})
	if component[components.Snapshot](w, d).Joined {
		t.Fatal("d's roster complete after one tick at one player per tick")
	}
	w.step(1) // b gone (skipped for d), e joins (live for d), d hears of c
	if !component[components.Snapshot](w, d).Joined {
		t.Fatal("d's roster not complete")
	}
	w.step(2)
	j, l := rosterOf(d.conn.Take())
	if len(l) != 0 || len(j) != 3 || !slices.Contains(j, a.id) || !slices.Contains(j, c.id) || !slices.Contains(j, e.id) {
		t.Fatalf("d heard of joins %v and leaves %v; want a, c, e and no leave", j, l)
	}
	for _, p := range []*player{a, c} {
		j, l := rosterOf(p.conn.Take())
		if !slices.Equal(j, []uint64{d.id, e.id}) || !slices.Equal(l, []uint64{b.id}) {
			t.Fatalf("%d heard of joins %v and leaves %v; want d, e and b leaving", p.id, j, l)
		}
	}
	if j, _ := rosterOf(e.conn.Take()); !slices.Equal(j, []uint64{a.id, c.id, d.id}) {
		t.Fatalf("e heard of %v, want a, c, d", j)
	}
}

// TestRosterLeaveOfALateArrival checks that a client still receiving its
// roster hears of a player that joined after it and left again.
func TestRosterLeaveOfALateArrival(t *testing.T) {
	cfg := DefaultConfig()
	cfg.RosterPerTick = 1
	w := newGameWorld(t, cfg)
	for _, n := range []string{"a", "b", "c", "d"} {
		w.join(n)
	}
	newcomer := w.connect("newcomer", &testkit.FakeConn{})
	w.step(1)
	late := w.connect("late", &testkit.FakeConn{})
	w.step(1)
	w.leave(late)
	w.step(1)
	if component[components.Snapshot](w, newcomer).Joined {
		t.Fatal("roster of four complete in three ticks at one a tick")
	}
	w.step(2)
	j, l := rosterOf(newcomer.conn.Take())
	if len(j) != 5 || !slices.Contains(j, late.id) || !slices.Equal(l, []uint64{late.id}) {
		t.Fatalf("newcomer heard of joins %v and leaves %v; want all five and the late one leaving", j, l)
	}
}

func TestRosterWaitsForRoomInTheQueue(t *testing.T) {
	w := newGameWorld(t, DefaultConfig())
	a := w.join("a")
	slow := w.connect("slow", &testkit.FakeConn{QueuedControl: rosterQueueRoom})
	w.step(3)
	if j, _ := rosterOf(slow.conn.Take()); len(j) != 0 {
		t.Fatalf("roster sent into a full queue: %v", j)
	}
	slow.conn.QueuedControl = 0 // read by deliver, on this goroutine
	w.step(1)
	if j, _ := rosterOf(slow.conn.Take()); !slices.Equal(j, []uint64{a.id}) {
		t.Fatalf("roster %v once the queue drained, want a", j)
	}
}
