package wire

import (
	"bytes"
	"testing"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

func TestSectionEncoderMatchesProto(t *testing.T) {
	dense := chunk.Uniform(chunk.Stone)
	for i := 0; i < chunk.Volume; i += 7 {
		dense.Set(i%16, i/256, (i/16)%16, chunk.Block(i%5))
	}
	var enc SectionEncoder
	for _, c := range []struct {
		name string
		p    chunk.Pos
		rev  uint64
		sec  chunk.Section
	}{
		{"origin, revision 0, air", chunk.Pos{}, 0, chunk.Uniform(chunk.Air)},
		{"negative coordinates", chunk.Pos{X: -1, Y: chunk.MinSectionY, Z: -123456}, 1, chunk.Uniform(chunk.Stone)},
		{"large revision, positive", chunk.Pos{X: 1 << 20, Y: chunk.MaxSectionY, Z: 77}, 1<<63 + 5, chunk.Uniform(chunk.Dirt)},
		{"dense section", chunk.Pos{X: 3, Y: 0, Z: -3}, 42, dense},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := enc.Encode(c.p, c.rev, &c.sec)
			want, err := EncodeChunk(protocol.NewChunk(c.p, c.rev, chunk.Encode(&c.sec)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) || !got.IsChunk() {
				t.Fatalf("frame\n got %x\nwant %x", got.Bytes(), want.Bytes())
			}
			// And the frame reads back through the normal decoder.
			payload, err := frame.ReadFrame(bytes.NewReader(got.Bytes()), frame.ChunkCap)
			if err != nil {
				t.Fatal(err)
			}
			m, err := frame.DecodeChunk(payload)
			if err != nil {
				t.Fatal(err)
			}
			if p := m.GetChunk().GetPos().Chunk(); p != c.p || m.GetChunk().GetRevision() != c.rev {
				t.Fatalf("decoded %v revision %d", p, m.GetChunk().GetRevision())
			}
			if back := ChunkFrame(got.Bytes()); !bytes.Equal(back.Bytes(), got.Bytes()) || !back.IsChunk() {
				t.Fatal("ChunkFrame does not give the same frame back")
			}
		})
	}
}

func BenchmarkSectionEncoder(b *testing.B) {
	sec := chunk.Uniform(chunk.Stone)
	var enc SectionEncoder
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		enc.Encode(chunk.Pos{X: int32(i), Y: 3, Z: -int32(i)}, 0, &sec)
	}
}

func BenchmarkEncodeChunkProto(b *testing.B) {
	sec := chunk.Uniform(chunk.Stone)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := chunk.Pos{X: int32(i), Y: 3, Z: -int32(i)}
		if _, err := EncodeChunk(protocol.NewChunk(p, 0, chunk.Encode(&sec))); err != nil {
			b.Fatal(err)
		}
	}
}
