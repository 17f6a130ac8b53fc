package wire

import (
	"errors"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// decodeChunkFrame reads back one chunk-stream frame.
func decodeChunkFrame(t testing.TB, e Encoded) *protocol.ChunkMessage {
	t.Helper()
	b := e.Bytes()
	_, n := protowireVarint(b)
	m, err := frame.DecodeChunk(b[n:])
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// protowireVarint decodes a frame's length prefix.
func protowireVarint(b []byte) (uint64, int) {
	var v uint64
	for i, c := range b {
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

func TestLODSectionRoundTrip(t *testing.T) {
	var s chunk.Section
	s.SetAt(chunk.Index(1, 2, 3), chunk.Stone)
	tests := []struct {
		name  string
		pos   chunk.Pos
		level int
		rev   uint64
		sec   chunk.Section
	}{
		{"uniform air far west", chunk.Pos{X: -1000, Y: -1, Z: 7}, 7, 0, chunk.Section{}},
		{"one stone cell", chunk.Pos{X: 3, Y: 2, Z: -4}, 1, 5, s},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := EncodeLODSection(tt.pos, tt.level, tt.rev, chunk.Encode(&tt.sec))
			if err != nil {
				t.Fatal(err)
			}
			m := decodeChunkFrame(t, e).GetLod()
			pos, level, rev, got, err := DecodeLODSection(m)
			if err != nil {
				t.Fatal(err)
			}
			if pos != tt.pos || level != tt.level || rev != tt.rev || got.Get(1, 2, 3) != tt.sec.Get(1, 2, 3) {
				t.Errorf("got L%d%v rev %d, want L%d%v rev %d", level, pos, rev, tt.level, tt.pos, tt.rev)
			}
		})
	}
}

func TestLODUnloadRoundTripAndSplit(t *testing.T) {
	ps := make([]chunk.Pos, MaxDropsPerFrame+3)
	for i := range ps {
		ps[i] = chunk.Pos{X: int32(i), Y: -1, Z: int32(-i)}
	}
	fs, err := AppendLODUnloads(nil, 3, ps)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 {
		t.Fatalf("%d frames, want 2", len(fs))
	}
	var got []chunk.Pos
	for _, f := range fs {
		var level int
		level, got, err = DecodeLODUnload(got, decodeChunkFrame(t, f).GetLodUnload())
		if err != nil || level != 3 {
			t.Fatalf("level %d, err %v", level, err)
		}
	}
	if len(got) != len(ps) || got[len(got)-1] != ps[len(ps)-1] {
		t.Errorf("unpacked %d positions, want %d", len(got), len(ps))
	}
}

func TestLODDecodersRefuseBrokenMessages(t *testing.T) {
	tests := []struct {
		name string
		sec  *protocol.LODSection
		unl  *protocol.LODUnload
	}{
		{name: "section level 0", sec: &protocol.LODSection{Pos: protocol.SectionPosOf(chunk.Pos{}), Level: 0}},
		{name: "section level 8", sec: &protocol.LODSection{Pos: protocol.SectionPosOf(chunk.Pos{}), Level: 8}},
		{name: "section without pos", sec: &protocol.LODSection{Level: 1}},
		{name: "section bad data", sec: &protocol.LODSection{Pos: protocol.SectionPosOf(chunk.Pos{}), Level: 1, Data: []byte{0xff, 1}}},
		{name: "unload level 0", unl: &protocol.LODUnload{Level: 0}},
		{name: "unload not triples", unl: &protocol.LODUnload{Level: 2, Coords: []int32{1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.sec != nil {
				_, _, _, _, err = DecodeLODSection(tt.sec)
			} else {
				_, _, err = DecodeLODUnload(nil, tt.unl)
			}
			if !errors.Is(err, ErrBadLOD) {
				t.Errorf("err %v, want ErrBadLOD", err)
			}
		})
	}
}

// FuzzDecodeLOD: any chunk-stream payload that decodes to a LODSection or
// LODUnload either passes the LOD decoders or is refused with ErrBadLOD,
// never a panic; what passes re-encodes to a message that decodes the same.
func FuzzDecodeLOD(f *testing.F) {
	var s chunk.Section
	s.SetAt(chunk.Index(15, 15, 15), chunk.Stone)
	for _, m := range []*protocol.ChunkMessage{
		{Kind: &protocol.ChunkMessage_Lod{Lod: &protocol.LODSection{Pos: protocol.SectionPosOf(chunk.Pos{X: 1, Y: -1, Z: 2}), Level: 3, Revision: 1, Data: chunk.Encode(&s)}}},
		{Kind: &protocol.ChunkMessage_LodUnload{LodUnload: &protocol.LODUnload{Level: 7, Coords: []int32{0, -1, 0, 5, 0, -5}}}},
	} {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := frame.DecodeChunk(in)
		if err != nil {
			return
		}
		switch k := m.GetKind().(type) {
		case *protocol.ChunkMessage_Lod:
			pos, level, rev, sec, err := DecodeLODSection(k.Lod)
			if err != nil {
				if !errors.Is(err, ErrBadLOD) {
					t.Fatalf("unclassified error %v", err)
				}
				return
			}
			e, err := EncodeLODSection(pos, level, rev, chunk.Encode(&sec))
			if err != nil {
				t.Fatal(err)
			}
			p2, l2, r2, s2, err := DecodeLODSection(decodeChunkFrame(t, e).GetLod())
			if err != nil || p2 != pos || l2 != level || r2 != rev || !sameCells(&s2, &sec) {
				t.Fatalf("re-encoded LOD section differs: %v", err)
			}
		case *protocol.ChunkMessage_LodUnload:
			level, ps, err := DecodeLODUnload(nil, k.LodUnload)
			if err != nil {
				if !errors.Is(err, ErrBadLOD) {
					t.Fatalf("unclassified error %v", err)
				}
				return
			}
			if len(ps)*3 != len(k.LodUnload.GetCoords()) || level < 1 || level > MaxLODLevel {
				t.Fatalf("decoded %d positions of %d coordinates at level %d", len(ps), len(k.LodUnload.GetCoords()), level)
			}
		}
	})
}

// sameCells reports whether two sections hold the same block in every
// cell, however each is stored.
func sameCells(a, b *chunk.Section) bool {
	for i := 0; i < 4096; i++ {
		if a.At(i) != b.At(i) {
			return false
		}
	}
	return true
}
