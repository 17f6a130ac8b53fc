package cluster

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

func sampleBlocks() blocksMsg {
	return blocksMsg{Shard: "shard-b", Edits: []blockEdit{
		{X: -1, Y: 63, Z: 2, Block: chunk.Stone, Revision: 12},
		{X: math.MaxInt32, Y: math.MinInt32, Z: 0, Block: math.MaxUint16, Revision: math.MaxUint64},
		{X: 0, Y: 0, Z: -513, Block: chunk.Air, Revision: 0},
	}}
}

func TestBlocksRoundTrip(t *testing.T) {
	for _, m := range []blocksMsg{{Shard: "quiet"}, sampleBlocks()} {
		got, err := decodeBlocks(appendBlocks(nil, &m))
		if err != nil {
			t.Fatalf("%s: %v", m.Shard, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("round trip:\n got %+v\nwant %+v", got, m)
		}
	}
}

// TestBlocksRefusals: a malformed message is an error and decodes to
// nothing; a shard drops it and goes on.
func TestBlocksRefusals(t *testing.T) {
	good := sampleBlocks()
	data := appendBlocks(nil, &good)
	// Shard "a", one edit at 0,0,0 of block 2^16.
	wideBlock := []byte{blocksVersion, 1, 'a', 1, 0, 0, 0, 0x80, 0x80, 0x04, 0}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"unknown version", append([]byte{blocksVersion + 1}, data[1:]...)},
		{"truncated", data[:len(data)-2]},
		{"trailing bytes", append(append([]byte{}, data...), 0)},
		{"count beyond the message", []byte{blocksVersion, 1, 'a', 0xff, 0xff, 0xff, 0xff, 0x0f}},
		{"block beyond 16 bits", wideBlock},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := decodeBlocks(tc.data)
			if !errors.Is(err, errBlocks) {
				t.Fatalf("err = %v, want errBlocks", err)
			}
			if !reflect.DeepEqual(m, blocksMsg{}) {
				t.Fatalf("decoded %+v from a bad message", m)
			}
		})
	}
}

func FuzzDecodeBlocks(f *testing.F) {
	good := sampleBlocks()
	f.Add(appendBlocks(nil, &good))
	f.Add(appendBlocks(nil, &blocksMsg{Shard: "x"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeBlocks(data)
		if err != nil {
			return
		}
		again, err := decodeBlocks(appendBlocks(nil, &m))
		if err != nil || !reflect.DeepEqual(again, m) {
			t.Fatalf("re-encoded %+v decodes to %+v, %v", m, again, err)
		}
	})
}
