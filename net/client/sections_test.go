package client

import (
	"testing"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// TestStreamReordering: the control stream (BlockUpdate) and the chunk
// stream (Chunk) are not ordered with each other; revisions make the
// result the same whatever the arrival order.
func TestStreamReordering(t *testing.T) {
	stone := chunk.Uniform(chunk.Stone)
	data := chunk.Encode(&stone)
	pos := chunk.Pos{X: 1, Y: 4, Z: -1}
	x, y, z := pos.MinBlock()
	upd := func(dx int, b chunk.Block, rev uint64) *protocol.BlockUpdate {
		return &protocol.BlockUpdate{Pos: protocol.BP(int32(x+dx), int32(y), int32(z)), Block: uint32(b), Revision: rev}
	}
	tests := []struct {
		name  string
		steps []any // *protocol.BlockUpdate or *protocol.Chunk
		want  [3]chunk.Block
		rev   uint64
	}{
		{"chunk then updates", []any{
			&protocol.Chunk{Revision: 3, Data: data}, upd(0, chunk.Dirt, 4), upd(1, chunk.Sand, 5),
		}, [3]chunk.Block{chunk.Dirt, chunk.Sand, chunk.Stone}, 5},
		{"update overtakes its chunk", []any{
			upd(0, chunk.Dirt, 4), &protocol.Chunk{Revision: 3, Data: data},
		}, [3]chunk.Block{chunk.Dirt, chunk.Stone, chunk.Stone}, 4},
		{"update already in the chunk", []any{
			upd(0, chunk.Dirt, 3), &protocol.Chunk{Revision: 3, Data: data},
		}, [3]chunk.Block{chunk.Stone, chunk.Stone, chunk.Stone}, 3},
		{"stale update ignored", []any{
			&protocol.Chunk{Revision: 6, Data: data}, upd(0, chunk.Dirt, 5),
		}, [3]chunk.Block{chunk.Stone, chunk.Stone, chunk.Stone}, 6},
		{"same-revision edits all apply", []any{
			&protocol.Chunk{Revision: 3, Data: data}, upd(0, chunk.Dirt, 4), upd(1, chunk.Sand, 4),
		}, [3]chunk.Block{chunk.Dirt, chunk.Sand, chunk.Stone}, 4},
		{"older chunk after newer updates", []any{
			&protocol.Chunk{Revision: 3, Data: data}, upd(2, chunk.Dirt, 9), &protocol.Chunk{Revision: 3, Data: data},
		}, [3]chunk.Block{chunk.Stone, chunk.Stone, chunk.Dirt}, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Conn{
				opts:     Options{DecodeSection: chunk.Decode},
				sections: make(map[chunk.Pos]*Section),
				pending:  make(map[chunk.Pos][]*protocol.BlockUpdate),
			}
			for _, s := range tt.steps {
				switch m := s.(type) {
				case *protocol.BlockUpdate:
					c.applyBlockUpdate(m)
				case *protocol.Chunk:
					c.applyChunk(pos, m)
				}
			}
			s, ok := c.Section(pos)
			if !ok {
				t.Fatal("section missing")
			}
			for i, b := range tt.want {
				if got := s.Decoded.Get(i, 0, 0); got != b {
					t.Errorf("cell %d = %v, want %v", i, got, b)
				}
			}
			if s.Revision != tt.rev {
				t.Errorf("revision %d, want %d", s.Revision, tt.rev)
			}
			if c.pendingCount != 0 || len(c.pending) != 0 {
				t.Errorf("%d updates left pending", c.pendingCount)
			}
		})
	}
}
