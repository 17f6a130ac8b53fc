package systems

import (
	"slices"
	"testing"

	"github.com/stratavox/strata/components"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// TestDropsBatchedOnlyForClientsThatAsk moves two clients the same way:
// one granted batched-drops, one granted nothing. Both forget the same
// sections; only the first gets them as Drops frames, the second as one
// Drop per section in position order.
func TestDropsBatchedOnlyForClientsThatAsk(t *testing.T) {
	w := newGameWorld(t, DefaultGameplayConfig())
	join := func(name string, features []string) *player {
		p := &player{id: w.nextID, conn: &fakeConn{features: features}}
		w.nextID++
		w.src.Push(InEvent{Kind: transport.Connected, ID: p.id, Conn: p.conn, Name: name, ViewDistance: 2})
		return p
	}
	batched := join("batched", []string{protocol.FeatureBatchedDrops})
	single := join("single", []string{})
	w.step(3)
	held := component[components.Stream](w, batched).Held.Len()
	if held == 0 || held != component[components.Stream](w, single).Held.Len() {
		t.Fatalf("held %d and %d sections after joining", held, component[components.Stream](w, single).Held.Len())
	}
	for _, p := range []*player{batched, single} {
		p.conn.chunks = nil
		w.place(p, components.Position{X: 40.5, Y: 64, Z: 0.5}) // 2.5 sections east
	}
	w.step(2)

	dropped := func(p *player) (frames int, ps []chunk.Pos, kinds map[string]int) {
		kinds = map[string]int{}
		for _, m := range p.conn.chunks {
			switch k := m.Kind.(type) {
			case *protocol.ChunkMessage_Drop:
				kinds["drop"]++
				frames++
				ps = append(ps, k.Drop.GetPos().Chunk())
			case *protocol.ChunkMessage_Drops:
				kinds["drops"]++
				frames++
				more, err := k.Drops.Positions()
				if err != nil {
					t.Fatal(err)
				}
				ps = append(ps, more...)
			}
		}
		return frames, ps, kinds
	}
	bf, bps, bk := dropped(batched)
	sf, sps, sk := dropped(single)
	if len(bps) == 0 || bk["drop"] != 0 || bk["drops"] != 1 || bf != 1 {
		t.Fatalf("batched client: %d frames %v for %d sections", bf, bk, len(bps))
	}
	if sk["drops"] != 0 || sf != len(sps) || !slices.IsSortedFunc(sps, resources.ComparePos) {
		t.Fatalf("single client: %d frames %v for %d sections (sorted %v)", sf, sk, len(sps), slices.IsSortedFunc(sps, resources.ComparePos))
	}
	slices.SortFunc(bps, resources.ComparePos)
	if !slices.Equal(bps, sps) {
		t.Fatalf("the two clients dropped different sections: %v and %v", bps, sps)
	}
	for _, p := range bps {
		if batched.conn.holds(p) || single.conn.holds(p) {
			t.Fatalf("%v still held after its drop", p)
		}
		if component[components.Stream](w, batched).Held.Has(p) || component[components.Stream](w, single).Held.Has(p) {
			t.Fatalf("%v still recorded as held", p)
		}
	}
	if a, b := component[components.Stream](w, batched).Held.Len(), component[components.Stream](w, single).Held.Len(); a != b {
		t.Fatalf("held %d and %d after moving", a, b)
	}
}

// refusingConn is a fakeConn whose chunk queue can be made full.
type refusingConn struct {
	*fakeConn
	full bool
}

func (c *refusingConn) SendEncoded(e transport.Encoded) bool {
	if c.full && e.IsChunk() {
		return false
	}
	return c.fakeConn.SendEncoded(e)
}

func (c *refusingConn) SendChunk(m *protocol.ChunkMessage) bool {
	if c.full {
		return false
	}
	return c.fakeConn.SendChunk(m)
}

// TestDropsWaitForQueueRoom moves a client whose chunk queue is full: its
// Drops wait (nothing is forgotten that the client was not told of), and
// go out once there is room, after which it holds only its new view.
func TestDropsWaitForQueueRoom(t *testing.T) {
	for _, features := range [][]string{{protocol.FeatureBatchedDrops}, {}} {
		w := newGameWorld(t, DefaultGameplayConfig())
		c := &refusingConn{fakeConn: &fakeConn{features: features}}
		p := &player{id: w.nextID, conn: c.fakeConn}
		w.nextID++
		w.src.Push(InEvent{Kind: transport.Connected, ID: p.id, Conn: c, Name: "p", ViewDistance: 2})
		w.step(3)
		before := component[components.Stream](w, p).Held.Len()
		c.full = true
		w.place(p, components.Position{X: 40.5, Y: 64, Z: 0.5})
		w.step(2)
		st := component[components.Stream](w, p)
		if v := component[components.View](w, p); *v == st.For || st.Held.Len() != before {
			t.Fatalf("features %v: with a full queue the view change went through (held %d, was %d)", features, st.Held.Len(), before)
		}
		c.full = false
		w.step(2)
		st = component[components.Stream](w, p)
		v := component[components.View](w, p)
		if *v != st.For {
			t.Fatalf("features %v: view change not applied once the queue had room", features)
		}
		cyl := resources.Cylinder{Center: v.Center, Radius: v.Radius, Pad: v.Pad}
		st.Held.Each(func(q chunk.Pos, _ uint64) {
			if !cyl.Contains(q) {
				t.Fatalf("features %v: %v held outside the new view", features, q)
			}
			if !c.holds(q) {
				t.Fatalf("features %v: %v recorded as held but the client dropped it or never got it", features, q)
			}
		})
	}
}
