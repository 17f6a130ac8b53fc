package client

import (
	"slices"
	"testing"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// TestApplyDrops: a batched Drops forgets what one Drop per position
// would (sections, and updates pending for sections not held yet), counts
// each position, and reports each to OnDrop in order.
func TestApplyDrops(t *testing.T) {
	stone := chunk.Uniform(chunk.Stone)
	data := chunk.Encode(&stone)
	a, b, c, pend := chunk.Pos{X: -1, Y: 4, Z: 9}, chunk.Pos{X: 2}, chunk.Pos{Z: -7}, chunk.Pos{X: 5, Y: -4}
	for _, batched := range []bool{false, true} {
		var seen []chunk.Pos
		conn := &Conn{
			opts:     Options{DecodeSection: chunk.Decode, Handlers: Handlers{OnDrop: func(p chunk.Pos) { seen = append(seen, p) }}},
			sections: make(map[chunk.Pos]*Section),
			pending:  make(map[chunk.Pos][]*protocol.BlockUpdate),
		}
		for _, p := range []chunk.Pos{a, b, c} {
			conn.applyChunk(p, &protocol.Chunk{Revision: 1, Data: data})
		}
		x, y, z := pend.MinBlock()
		conn.applyBlockUpdate(&protocol.BlockUpdate{Pos: protocol.BP(int32(x), int32(y), int32(z)), Revision: 2})

		drop := []chunk.Pos{c, pend, a}
		if batched {
			ps, err := protocol.NewDrops(drop).GetDrops().Positions()
			if err != nil {
				t.Fatal(err)
			}
			conn.applyDrops(ps...)
		} else {
			for _, p := range drop {
				conn.applyDrops(protocol.NewDrop(p).GetDrop().GetPos().Chunk())
			}
		}
		if !slices.Equal(seen, drop) {
			t.Errorf("batched %v: OnDrop saw %v, want %v", batched, seen, drop)
		}
		if got := conn.Positions(); len(got) != 1 || got[0] != b {
			t.Errorf("batched %v: held %v, want only %v", batched, got, b)
		}
		if conn.pendingCount != 0 || len(conn.pending) != 0 {
			t.Errorf("batched %v: %d updates still pending", batched, conn.pendingCount)
		}
		if st := conn.Stats(); st.Drops != 3 {
			t.Errorf("batched %v: Stats.Drops = %d, want 3", batched, st.Drops)
		}
	}
}
