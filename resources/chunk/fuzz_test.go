package chunk

import (
	"bytes"
	"testing"
)

// FuzzDecodeSection feeds arbitrary bytes to Decode: it must never panic,
// and whatever it accepts must survive a round trip through Encode, whose
// output is never longer than the input (Encode picks the shorter body and
// maximal runs; this holds while every palette index fits one varint byte,
// i.e. NumBlocks ≤ 128).
func FuzzDecodeSection(f *testing.F) {
	for _, tc := range codecCases() {
		f.Add(Encode(&tc.s))
	}
	f.Add([]byte{})
	f.Add([]byte{CodecVersion, kindRuns, 2, 1, 2, 0, 0x80, 0x10, 1, 0x80, 0x10})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(data)
		if err != nil {
			return
		}
		enc := Encode(&s)
		if len(enc) > len(data) {
			t.Fatalf("re-encoding grew: %d > %d bytes", len(enc), len(data))
		}
		back, err := Decode(enc)
		if err != nil {
			t.Fatalf("decoding own encoding: %v", err)
		}
		if !back.Equal(&s) || back.Hash() != s.Hash() {
			t.Fatal("round trip changed content")
		}
		if !bytes.Equal(Encode(&back), enc) {
			t.Fatal("encoding not deterministic")
		}
		for i := 0; i < Volume; i++ {
			if !s.At(i).Valid() {
				t.Fatalf("decoded invalid block %d at %d", s.At(i), i)
			}
		}
	})
}
