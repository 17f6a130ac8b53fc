package wire_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// dropsPositions makes n distinct positions around the origin, negative
// ones included, in a scrambled (not sorted) order.
func dropsPositions(n int) []chunk.Pos {
	ps := make([]chunk.Pos, n)
	for i := range ps {
		ps[i] = chunk.Pos{X: int32(i%97) - 48, Y: int32(i%24) - 4, Z: int32(i/97) - int32(n/194)}
	}
	return ps
}

// readDrops reads every frame of es with the ordinary frame reader and
// decoder, as a client does, and returns the positions in order and the
// number of positions in each frame.
func readDrops(t *testing.T, es []wire.Encoded) (all []chunk.Pos, perFrame []int) {
	t.Helper()
	var stream bytes.Buffer
	for _, e := range es {
		if !e.IsChunk() || e.IsDatagram() {
			t.Fatalf("frame not for the chunk stream: chunk %v datagram %v", e.IsChunk(), e.IsDatagram())
		}
		if e.Len() != len(e.Bytes()) {
			t.Fatalf("Len %d, %d bytes", e.Len(), len(e.Bytes()))
		}
		if e.Len() > frame.ChunkCap/4 {
			t.Errorf("frame of %d bytes is not well under the cap", e.Len())
		}
		stream.Write(e.Bytes())
	}
	r := bufio.NewReader(&stream)
	for {
		payload, err := frame.ReadFrame(r, frame.ChunkCap)
		if errors.Is(err, io.EOF) {
			return all, perFrame
		}
		if err != nil {
			t.Fatalf("read frame: %v", err)
		}
		var m protocol.ChunkMessage
		if err := proto.Unmarshal(payload, &m); err != nil {
			t.Fatalf("unmarshal: %v", err)
		}
		if m.GetDrops() == nil {
			t.Fatalf("frame is not a Drops: %v", &m)
		}
		ps, err := m.GetDrops().Positions()
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ps...)
		perFrame = append(perFrame, len(ps))
	}
}

func TestEncodeDrops(t *testing.T) {
	const max = wire.MaxDropsPerFrame
	tests := []struct {
		name     string
		ps       []chunk.Pos
		perFrame []int
	}{
		{"none", nil, nil},
		{"empty", []chunk.Pos{}, nil},
		{"origin", []chunk.Pos{{}}, []int{1}},
		{"negative", []chunk.Pos{{X: -1, Y: -4, Z: -1}, {X: -3, Y: 19, Z: 7}}, []int{2}},
		{"extremes", []chunk.Pos{
			{X: math.MinInt32, Y: math.MaxInt32, Z: -chunk.BorderSections},
			{X: chunk.BorderSections, Y: chunk.MinSectionY, Z: math.MinInt32},
		}, []int{2}},
		{"duplicates kept", []chunk.Pos{{X: 1}, {X: 1}}, []int{2}},
		{"a recentre", dropsPositions(800), []int{800}},
		{"exactly one frame", dropsPositions(max), []int{max}},
		{"split", dropsPositions(max + 1), []int{max, 1}},
		{"split thrice", dropsPositions(2*max + 5), []int{max, max, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es := wire.EncodeDrops(tt.ps)
			if len(tt.ps) == 0 {
				if es != nil {
					t.Fatalf("EncodeDrops(%v) = %d frames, want nil", tt.ps, len(es))
				}
				return
			}
			got, perFrame := readDrops(t, es)
			if !slices.Equal(got, tt.ps) {
				t.Errorf("decoded %d positions, want %d (or the order differs)", len(got), len(tt.ps))
			}
			if !slices.Equal(perFrame, tt.perFrame) {
				t.Errorf("positions per frame %v, want %v", perFrame, tt.perFrame)
			}
		})
	}
}

// TestEncodeDropsMatchesMarshal: the hand encoding is byte for byte what
// the generated code marshals for the same message (so any protobuf
// runtime reads it), frame prefix included.
func TestEncodeDropsMatchesMarshal(t *testing.T) {
	for _, ps := range [][]chunk.Pos{
		{{}},
		{{X: 0, Y: 4, Z: -1}},
		{{X: math.MinInt32, Y: math.MaxInt32, Z: -1}, {X: 63, Y: -64, Z: 64}},
		varintEdges(),
		dropsPositions(800),
		dropsPositions(wire.MaxDropsPerFrame),
	} {
		es := wire.EncodeDrops(ps)
		if len(es) != 1 {
			t.Fatalf("%d positions in %d frames, want 1", len(ps), len(es))
		}
		want, err := wire.EncodeChunk(protocol.NewDrops(ps))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(es[0].Bytes(), want.Bytes()) {
			t.Errorf("%d positions: hand encoding\n%x\nproto.Marshal\n%x", len(ps), head(es[0].Bytes()), head(want.Bytes()))
		}
		if cap(es[0].Bytes()) != len(es[0].Bytes()) {
			t.Errorf("frame buffer has cap %d for %d bytes: size computed wrong", cap(es[0].Bytes()), len(es[0].Bytes()))
		}
	}
	// The spec's example (docs/protocol.md §10): the sections (0, 4, -1)
	// and (-1, 0, 2).
	got := wire.EncodeDrops([]chunk.Pos{{X: 0, Y: 4, Z: -1}, {X: -1, Y: 0, Z: 2}})
	if want := []byte{0x0a, 0x1a, 0x08, 0x0a, 0x06, 0x00, 0x08, 0x01, 0x01, 0x00, 0x04}; !bytes.Equal(got[0].Bytes(), want) {
		t.Errorf("spec example = % x, want % x", got[0].Bytes(), want)
	}
}

// varintEdges are positions whose zig-zag varints sit on either side of
// every length boundary (1 to 5 bytes).
func varintEdges() []chunk.Pos {
	var vs []int32
	for _, bits := range []uint{6, 13, 20, 27} {
		e := int32(1) << bits
		vs = append(vs, e-1, e, -e, -e-1)
	}
	vs = append(vs, math.MaxInt32, math.MinInt32)
	var ps []chunk.Pos
	for i, v := range vs {
		ps = append(ps, chunk.Pos{X: v, Y: -v, Z: vs[(i+1)%len(vs)]})
	}
	return ps
}

func head(b []byte) []byte { return b[:min(len(b), 64)] }

// readChunkMessage reads the one frame of e as a client does.
func readChunkMessage(t *testing.T, e wire.Encoded) *protocol.ChunkMessage {
	t.Helper()
	payload, err := frame.ReadFrame(bufio.NewReader(bytes.NewReader(e.Bytes())), frame.ChunkCap)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frame.DecodeChunk(payload)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEncodeColumns: the frames of columns, as Drops and as AirSections,
// are byte for byte the generated code's marshalling of NewColumnDrops
// and NewAirColumns, split at MaxDropsPerFrame columns, appended after
// what dst held, and give back every section in order.
func TestEncodeColumns(t *testing.T) {
	const max = wire.MaxDropsPerFrame
	view := func(n int) []wire.Column {
		cols := make([]wire.Column, n)
		for i := range cols {
			cols[i] = wire.Column{X: int32(i/97) - 300, Z: int32(i%97) - 48, Mask: uint32(i)*2654435761 | 1}
		}
		return cols
	}
	kinds := []struct {
		name   string
		append func([]wire.Encoded, []wire.Column) []wire.Encoded
		ref    func([]chunk.Pos, int32) *protocol.ChunkMessage
		read   func(*protocol.ChunkMessage) ([]chunk.Pos, error)
	}{
		{"drops", wire.AppendColumnDrops, protocol.NewColumnDrops, func(m *protocol.ChunkMessage) ([]chunk.Pos, error) { return m.GetDrops().Positions() }},
		{"air", wire.AppendAirColumns, protocol.NewAirColumns, func(m *protocol.ChunkMessage) ([]chunk.Pos, error) { return m.GetAir().Positions() }},
	}
	tests := []struct {
		name     string
		cols     []wire.Column
		perFrame []int // columns
	}{
		{"none", nil, nil},
		{"origin", []wire.Column{{Mask: 1}}, []int{1}},
		{"every y and the top bit", []wire.Column{{X: -1, Z: -1, Mask: 1<<chunk.SectionsPerColumn - 1}, {X: -1, Z: 0, Mask: 1 << 31}}, []int{2}},
		{"far apart", []wire.Column{{X: math.MinInt32, Z: math.MaxInt32, Mask: 5}, {X: math.MaxInt32, Z: math.MinInt32, Mask: 6}}, []int{2}},
		{"in any order", []wire.Column{{X: 5, Z: 5, Mask: 2}, {X: -3, Z: 2, Mask: 9}, {X: 5, Z: 4, Mask: 1 << 20}}, []int{3}},
		{"a recentre", view(34), []int{34}},
		{"exactly one frame", view(max), []int{max}},
		{"split", view(max + 1), []int{max, 1}},
	}
	for _, k := range kinds {
		for _, tt := range tests {
			t.Run(k.name+"/"+tt.name, func(t *testing.T) {
				before := wire.EncodeDrops([]chunk.Pos{{X: 9}})
				es := k.append(before, tt.cols)
				if len(es) != 1+len(tt.perFrame) || !bytes.Equal(es[0].Bytes(), before[0].Bytes()) {
					t.Fatalf("%d frames after dst's, want %d", len(es)-1, len(tt.perFrame))
				}
				var want []chunk.Pos
				ends := make([]int, len(tt.cols)) // of each column's sections in want
				for i, c := range tt.cols {
					for y := range 32 {
						if c.Mask&(1<<y) != 0 {
							want = append(want, chunk.Pos{X: c.X, Y: chunk.MinSectionY + int32(y), Z: c.Z})
						}
					}
					ends[i] = len(want)
				}
				var got []chunk.Pos
				from, col := 0, 0
				for f, e := range es[1:] {
					part, err := k.read(readChunkMessage(t, e))
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, part...)
					col += tt.perFrame[f]
					ref, err := wire.EncodeChunk(k.ref(want[from:ends[col-1]], chunk.MinSectionY))
					from = ends[col-1]
					if err != nil {
						t.Fatal(err)
					}
					if !e.IsChunk() || !bytes.Equal(e.Bytes(), ref.Bytes()) {
						t.Errorf("frame %d: hand encoding\n%x\nproto.Marshal\n%x", f, head(e.Bytes()), head(ref.Bytes()))
					}
					if cap(e.Bytes()) != len(e.Bytes()) {
						t.Errorf("frame buffer has cap %d for %d bytes: size computed wrong", cap(e.Bytes()), len(e.Bytes()))
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("decoded %d sections, want %d (or the order differs)", len(got), len(want))
				}
			})
		}
	}
	// The spec's example (docs/protocol.md §10).
	got := wire.AppendColumnDrops(nil, []wire.Column{{X: -5, Z: 7, Mask: 1 << 4}, {X: 3, Z: -2, Mask: 3}, {X: 3, Z: -1, Mask: 1 << 23}})
	want := []byte{0x14, 0x1a, 0x12, 0x12, 0x06, 0x09, 0x0e, 0x10, 0x11, 0x00, 0x02, 0x1a, 0x06, 0x10, 0x03, 0x80, 0x80, 0x80, 0x04, 0x20, 0x07}
	if !bytes.Equal(got[0].Bytes(), want) {
		t.Errorf("spec example = % x, want % x", got[0].Bytes(), want)
	}
}

func TestEncodeDropsAllocations(t *testing.T) {
	ps := dropsPositions(800)
	if n := testing.AllocsPerRun(20, func() { wire.EncodeDrops(ps) }); n > 2 {
		t.Errorf("%v allocations for 800 positions in one frame, want 2 (the frame and the result)", n)
	}
}

// FuzzEncodeDrops: any positions round-trip through the frame reader and
// the generated decoder, in order.
func FuzzEncodeDrops(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 4, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff})
	f.Add(bytes.Repeat([]byte{0x80, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff}, 9))
	f.Fuzz(func(t *testing.T, in []byte) {
		var ps []chunk.Pos
		for len(in) >= 12 {
			v := func(i int) int32 {
				return int32(uint32(in[i])<<24 | uint32(in[i+1])<<16 | uint32(in[i+2])<<8 | uint32(in[i+3]))
			}
			ps = append(ps, chunk.Pos{X: v(0), Y: v(4), Z: v(8)})
			in = in[12:]
		}
		es := wire.EncodeDrops(ps)
		if len(ps) == 0 {
			if es != nil {
				t.Fatal("frames for no positions")
			}
			return
		}
		got, _ := readDrops(t, es)
		if !slices.Equal(got, ps) {
			t.Fatalf("round trip %v -> %v", ps, got)
		}
	})
}

// BenchmarkEncodeDrops: one recentre's worth of drops (a radius-8 view
// moving by a section leaves a few hundred sections behind).
func BenchmarkEncodeDrops(b *testing.B) {
	ps := dropsPositions(800)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		for _, e := range wire.EncodeDrops(ps) {
			n += e.Len()
		}
	}
	b.SetBytes(int64(n / max(b.N, 1)))
}

// TestAppendAirSectionsMatchesMarshal: the air frames are byte for byte
// the generated code's marshalling, split as Drops are, and appended
// after what dst held.
func TestAppendAirSectionsMatchesMarshal(t *testing.T) {
	for _, ps := range [][]chunk.Pos{
		{{}},
		varintEdges(),
		dropsPositions(800),
		dropsPositions(wire.MaxDropsPerFrame + 3),
	} {
		before := wire.EncodeDrops([]chunk.Pos{{X: 9}})
		es := wire.AppendAirSections(before, ps)
		if len(es) != 1+(len(ps)+wire.MaxDropsPerFrame-1)/wire.MaxDropsPerFrame || !bytes.Equal(es[0].Bytes(), before[0].Bytes()) {
			t.Fatalf("%d positions: %d frames after dst's", len(ps), len(es)-1)
		}
		var got []chunk.Pos
		for _, e := range es[1:] {
			if !e.IsChunk() {
				t.Fatal("air frame not for the chunk stream")
			}
			part, err := readChunkMessage(t, e).GetAir().Positions()
			if err != nil {
				t.Fatal(err)
			}
			want, err := wire.EncodeChunk(protocol.NewAirSections(part))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(e.Bytes(), want.Bytes()) {
				t.Errorf("%d positions: hand encoding\n%x\nproto.Marshal\n%x", len(part), head(e.Bytes()), head(want.Bytes()))
			}
			got = append(got, part...)
		}
		if !slices.Equal(got, ps) {
			t.Errorf("decoded %d positions, want %d (or the order differs)", len(got), len(ps))
		}
	}
	// The spec's example (docs/protocol.md §10).
	got := wire.AppendAirSections(nil, []chunk.Pos{{X: 0, Y: 4, Z: -1}, {X: -1, Y: 0, Z: 2}})
	if want := []byte{0x0a, 0x22, 0x08, 0x0a, 0x06, 0x00, 0x08, 0x01, 0x01, 0x00, 0x04}; !bytes.Equal(got[0].Bytes(), want) {
		t.Errorf("spec example = % x, want % x", got[0].Bytes(), want)
	}
	if es := wire.AppendAirSections(nil, nil); es != nil {
		t.Errorf("no positions: %d frames", len(es))
	}
}
