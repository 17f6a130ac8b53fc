package chunk

import (
	"bytes"
	"errors"
	"testing"
)

// layered builds a terrain-like section: horizontal layers of a few blocks.
func layered() Section {
	var s Section
	for y := 0; y < Size; y++ {
		b := Air
		switch {
		case y == 0:
			b = Bedrock
		case y < 9:
			b = Stone
		case y < 12:
			b = Dirt
		case y == 12:
			b = Grass
		}
		for i := 0; i < Size*Size; i++ {
			s.SetAt(y*Size*Size+i, b)
		}
	}
	s.SetAt(Index(4, 5, 6), DiamondOre)
	return s
}

func codecCases() []struct {
	name string
	s    Section
	kind byte
} {
	single := Uniform(Air)
	single.Set(15, 15, 15, CoalOre)
	checker := Uniform(Stone)
	for i := 0; i < Volume; i += 2 {
		checker.SetAt(i, Dirt)
	}
	return []struct {
		name string
		s    Section
		kind byte
	}{
		{"air", Uniform(Air), kindUniform},
		{"stone", Uniform(Stone), kindUniform},
		{"layered", layered(), kindRuns},
		{"single", single, kindRuns},
		{"checker", checker, kindPacked},
		{"random4", randomSection(7, 4), kindPacked},
		{"randomAll", randomSection(9, int(NumBlocks)), kindPacked},
	}
}

func TestCodecRoundTrip(t *testing.T) {
	for _, tc := range codecCases() {
		t.Run(tc.name, func(t *testing.T) {
			data := Encode(&tc.s)
			if data[0] != CodecVersion || data[1] != tc.kind {
				t.Fatalf("header %v, want version %d kind %d", data[:2], CodecVersion, tc.kind)
			}
			got, err := Decode(data)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !got.Equal(&tc.s) || got.Hash() != tc.s.Hash() || got.IsUniform() != tc.s.IsUniform() {
				t.Fatal("round trip changed the section")
			}
			if again := Encode(&got); !bytes.Equal(again, data) {
				t.Fatal("re-encoding is not byte-identical")
			}
			if pre := AppendEncode([]byte("xy"), &tc.s); !bytes.Equal(pre[2:], data) || string(pre[:2]) != "xy" {
				t.Fatal("AppendEncode does not append the same bytes")
			}
			t.Logf("%d bytes", len(data))
		})
	}
}

func TestEncodeDenseButUniform(t *testing.T) {
	s := Uniform(Sand)
	s.SetAt(0, Dirt)
	s.SetAt(0, Sand) // dense, all sand, not compacted
	if s.IsUniform() {
		t.Fatal("setup: expected dense")
	}
	if got := Encode(&s); !bytes.Equal(got, []byte{CodecVersion, kindUniform, byte(Sand)}) {
		t.Fatalf("got %v, want uniform encoding", got)
	}
}

func TestEncodeSizes(t *testing.T) {
	// The encoding must pay off: terrain-like sections in a few dozen bytes,
	// random ones no bigger than the packed size plus a small header.
	l := layered()
	if n := len(Encode(&l)); n > 40 {
		t.Errorf("layered section encodes to %d bytes", n)
	}
	r := randomSection(1, int(NumBlocks))
	if n := len(Encode(&r)); n > 5*Volume/8+30 {
		t.Errorf("random section encodes to %d bytes", n)
	}
}

func TestDecodeErrors(t *testing.T) {
	packedOne := func(pal []byte, fill byte) []byte {
		d := append([]byte{CodecVersion, kindPacked}, pal...)
		return append(d, bytes.Repeat([]byte{fill}, Volume/8)...)
	}
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"unknown version", []byte{2, kindUniform, 0}, ErrCodecVersion},
		{"version zero", []byte{0}, ErrCodecVersion},
		{"missing kind", []byte{CodecVersion}, ErrCorrupt},
		{"unknown kind", []byte{CodecVersion, 3, 0}, ErrCorrupt},
		{"uniform truncated", []byte{CodecVersion, kindUniform}, ErrCorrupt},
		{"uniform invalid block", []byte{CodecVersion, kindUniform, byte(NumBlocks)}, ErrCorrupt},
		{"uniform big block", []byte{CodecVersion, kindUniform, 0xff, 0xff, 0x03}, ErrCorrupt},
		{"uniform trailing", []byte{CodecVersion, kindUniform, 1, 0}, ErrCorrupt},
		{"varint not shortest", []byte{CodecVersion, kindUniform, 0x81, 0x00}, ErrCorrupt},
		{"varint overflow", []byte{CodecVersion, kindUniform, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, ErrCorrupt},
		{"palette empty", []byte{CodecVersion, kindRuns, 0}, ErrCorrupt},
		{"palette too big", []byte{CodecVersion, kindRuns, byte(NumBlocks) + 1}, ErrCorrupt},
		{"palette truncated", []byte{CodecVersion, kindRuns, 2, 1}, ErrCorrupt},
		{"palette repeats", []byte{CodecVersion, kindRuns, 2, 1, 1, 0, 0x80, 0x20}, ErrCorrupt},
		{"palette invalid", []byte{CodecVersion, kindRuns, 1, byte(NumBlocks), 0, 0x80, 0x20}, ErrCorrupt},
		{"runs none", []byte{CodecVersion, kindRuns, 1, 1}, ErrCorrupt},
		{"runs short total", []byte{CodecVersion, kindRuns, 1, 1, 0, 0xff, 0x1f}, ErrCorrupt},
		{"runs long total", []byte{CodecVersion, kindRuns, 1, 1, 0, 0x81, 0x20}, ErrCorrupt},
		{"runs zero length", []byte{CodecVersion, kindRuns, 1, 1, 0, 0, 0, 0x80, 0x20}, ErrCorrupt},
		{"runs index out of range", []byte{CodecVersion, kindRuns, 1, 1, 1, 0x80, 0x20}, ErrCorrupt},
		{"runs trailing", []byte{CodecVersion, kindRuns, 1, 1, 0, 0x80, 0x20, 7}, ErrCorrupt},
		{"packed truncated", packedOne([]byte{2, 1, 2}, 0)[:100], ErrCorrupt},
		{"packed trailing", append(packedOne([]byte{2, 1, 2}, 0x55), 0), ErrCorrupt},
		{"packed index out of range", packedOne([]byte{3, 1, 2, 3}, 0xff), ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.data)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Decode(%x) error %v, want %v", tt.data, err, tt.want)
			}
		})
	}
}

func TestDecodeAcceptsUnusualButValid(t *testing.T) {
	// Other encoders may split runs or list unused palette entries; that is
	// valid, and a one-entry palette decodes to a uniform section.
	tests := []struct {
		name    string
		data    []byte
		uniform bool
	}{
		{"split runs", []byte{CodecVersion, kindRuns, 1, 1, 0, 0x80, 0x10, 0, 0x80, 0x10}, true},
		{"unused palette entry", []byte{CodecVersion, kindRuns, 2, 1, 2, 0, 0x80, 0x20}, true},
		{"packed 2 blocks", append([]byte{CodecVersion, kindPacked, 2, 1, 2}, bytes.Repeat([]byte{0x0f}, Volume/8)...), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Decode(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if s.IsUniform() != tt.uniform {
				t.Fatalf("uniform = %v", s.IsUniform())
			}
		})
	}
}

func BenchmarkCodec(b *testing.B) {
	for _, tc := range codecCases() {
		data := Encode(&tc.s)
		b.Run("encode/"+tc.name, func(b *testing.B) {
			buf := make([]byte, 0, 8192)
			for b.Loop() {
				buf = AppendEncode(buf[:0], &tc.s)
			}
		})
		b.Run("decode/"+tc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
