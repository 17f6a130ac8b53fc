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

// TestApplyAir: an AirSections leaves the client as one Chunk of air at
// revision 0 per position would: each section held, decoded as air and
// current with an update that arrived before it, counted, and reported
// to OnChunk in order; a section held at a later revision is kept.
func TestApplyAir(t *testing.T) {
	stone := chunk.Uniform(chunk.Stone)
	newer, a, b := chunk.Pos{X: 3}, chunk.Pos{X: -1, Y: 4, Z: 9}, chunk.Pos{Z: -7}
	for _, batched := range []bool{false, true} {
		var seen []chunk.Pos
		conn := &Conn{
			opts:     Options{DecodeSection: chunk.Decode, Handlers: Handlers{OnChunk: func(p chunk.Pos, rev uint64, _ []byte) { seen = append(seen, p) }}},
			sections: make(map[chunk.Pos]*Section),
			pending:  make(map[chunk.Pos][]*protocol.BlockUpdate),
			airData:  chunk.Encode(new(chunk.Uniform(chunk.Air))),
		}
		conn.applyChunk(newer, &protocol.Chunk{Revision: 2, Data: chunk.Encode(&stone)})
		x, y, z := b.MinBlock()
		conn.applyBlockUpdate(&protocol.BlockUpdate{Pos: protocol.BP(int32(x), int32(y), int32(z)), Block: uint32(chunk.Dirt), Revision: 1})
		air := []chunk.Pos{a, newer, b}
		if batched {
			ps, err := protocol.NewAirSections(air).GetAir().Positions()
			if err != nil {
				t.Fatal(err)
			}
			conn.applyAir(ps)
		} else {
			for _, p := range air {
				conn.applyChunk(p, &protocol.Chunk{Data: conn.airData})
				conn.opts.Handlers.OnChunk(p, 0, conn.airData)
			}
		}
		if !slices.Equal(seen, air) {
			t.Errorf("batched %v: OnChunk saw %v, want %v", batched, seen, air)
		}
		for _, c := range []struct {
			p     chunk.Pos
			rev   uint64
			block chunk.Block // at the section's first cell
		}{{a, 0, chunk.Air}, {newer, 2, chunk.Stone}, {b, 1, chunk.Dirt}} {
			s, ok := conn.Section(c.p)
			if !ok || s.Revision != c.rev || s.Decoded == nil || s.Decoded.Get(0, 0, 0) != c.block {
				t.Errorf("batched %v: section %v: %+v, want revision %d with %v", batched, c.p, s, c.rev, c.block)
			}
		}
		if conn.pendingCount != 0 {
			t.Errorf("batched %v: %d updates still pending", batched, conn.pendingCount)
		}
		if batched && conn.Stats().Chunks != 3 {
			t.Errorf("Stats.Chunks = %d, want 3 (one per position)", conn.Stats().Chunks)
		}
	}
}
