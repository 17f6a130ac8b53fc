package cluster

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

func samplePresence() presence {
	return presence{
		Shard: "shard-a",
		Seq:   3,
		Players: []storage.PlayerRecord{
			{Name: "alice", X: -12.25, Y: 64, Z: 1e6 + 0.5, Yaw: 91.5, Pitch: -10},
			{Name: "bob", X: 3, Y: -60.125, Z: -4, Yaw: -179, Pitch: 89},
		},
		Entities: []entityState{
			{ID: 1<<62 | 7, Kind: "strata:critter", X: 1.5, Y: 70, Z: -2.75, Yaw: 12, Width: 0.9, Height: 0.9,
				Attrs: []entities.Attribute{{Key: "strata:variant", Value: 3}, {Key: "test:neg", Value: -9}}},
			{ID: 1<<62 | 8, Kind: "test:thing", X: 0, Y: 0, Z: 0, Width: 0.5, Height: 2},
		},
	}
}

func sampleAnnounce() presence {
	return presence{Shard: "shard-a", Announce: true, Interest: [][2]int32{{-3, 7}, {0, 0}, {math.MaxInt32, math.MinInt32}}}
}

func sampleDelta() presence {
	pr := samplePresence()
	pr.Delta, pr.Players, pr.Left, pr.Gone = true, pr.Players[1:], []string{"carol", "dave"}, []uint64{1<<62 | 9}
	pr.Seq = 1 << 40
	pr.Moves = []presenceMove{{Name: "erin", D: [3]int64{819, 0, -maxMove}}, {Name: "fay", D: [3]int64{0, 0, 1}, Look: true, Yaw: -90, Pitch: 12.5}}
	pr.EntityMoves = []presenceMove{{ID: 1<<62 | 7, D: [3]int64{maxMove, -3, 0}, Look: true, Yaw: 1}}
	return pr
}

func TestPresenceRoundTrip(t *testing.T) {
	for _, pr := range []presence{{Shard: "empty"}, samplePresence(), {Shard: "quiet", Delta: true}, sampleDelta(),
		sampleAnnounce(), {Shard: "gone", Announce: true}} {
		got, err := decodePresence(appendPresence(nil, &pr))
		if err != nil {
			t.Fatalf("%s: %v", pr.Shard, err)
		}
		if !reflect.DeepEqual(got, pr) {
			t.Fatalf("round trip:\n got %+v\nwant %+v", got, pr)
		}
	}
}

// TestPresenceRefusals: a malformed message is an error and decodes to
// nothing; a shard drops it and goes on.
func TestPresenceRefusals(t *testing.T) {
	good := samplePresence()
	data := appendPresence(nil, &good)
	nan := good
	nan.Players = []storage.PlayerRecord{{Name: "n", X: math.NaN()}}
	huge := []byte{presenceVersion, presenceAnnounce, 1, 'a', 0xff, 0xff, 0xff, 0xff, 0x0f} // 4 G interest cells in 9 bytes
	delta := sampleDelta()
	deltaData := appendPresence(nil, &delta)
	version1 := append([]byte{1}, data[2:]...)
	version2 := append([]byte{2}, data[1:]...)
	version3 := append([]byte{3}, data[1:]...)
	version4 := append([]byte{4}, data[1:]...)
	version5 := append([]byte{5}, data[1:]...)
	// An interest cell beyond int32: shard "a" announces one cell, x = 2^40.
	wide := binary.AppendVarint([]byte{presenceVersion, presenceAnnounce, 1, 'a', 1}, 1<<40)
	wide = binary.AppendVarint(wide, 0)
	announce := sampleAnnounce()
	announceData := appendPresence(nil, &announce)
	flags := append([]byte{}, data...)
	flags[1] = 7
	// A delta of shard "a", message 1 of tick 9, with one move of "m":
	// flags, then offsets (zigzag varints).
	move := func(flags byte, dx int64) []byte {
		b := []byte{presenceVersion, presenceDelta, 1, 'a', 1, 9, 0, 0, 1, 1, 'm', flags}
		b = binary.AppendVarint(b, dx)
		return append(b, 0, 0, 0, 0, 0)
	}
	if _, err := decodePresence(move(0, maxMove)); err != nil {
		t.Fatalf("a move of maxMove: %v", err)
	}
	farMove, moveFlags := move(0, maxMove+1), move(2, 1)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"old JSON", []byte(`{"shard":"a","players":[]}`)},
		{"truncated", data[:len(data)-3]},
		{"trailing bytes", append(append([]byte{}, data...), 0)},
		{"not finite", appendPresence(nil, &nan)},
		{"count beyond the message", huge},
		{"delta truncated in its left names", deltaData[:len(deltaData)-12]},
		{"version 1", version1},
		{"version 2", version2},
		{"version 3", version3},
		{"version 4", version4},
		{"version 5", version5},
		{"announcement with players after it", append(append([]byte{}, announceData...), 0, 0)},
		{"move beyond maxMove", farMove},
		{"unknown move flags", moveFlags},
		{"interest cell beyond int32", wide},
		{"unknown flags", flags},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr, err := decodePresence(tc.data)
			if !errors.Is(err, errPresence) {
				t.Fatalf("err = %v, want errPresence", err)
			}
			if !reflect.DeepEqual(pr, presence{}) {
				t.Fatalf("decoded %+v from a bad message", pr)
			}
		})
	}
}

func FuzzDecodePresence(f *testing.F) {
	good := samplePresence()
	f.Add(appendPresence(nil, &good))
	f.Add(appendPresence(nil, &presence{Shard: "x"}))
	delta := sampleDelta()
	f.Add(appendPresence(nil, &delta))
	announce := sampleAnnounce()
	f.Add(appendPresence(nil, &announce))
	f.Fuzz(func(t *testing.T, data []byte) {
		pr, err := decodePresence(data)
		if err != nil {
			return
		}
		// What decodes encodes to a message that decodes the same (the
		// bytes may differ: a varint has longer spellings).
		again, err := decodePresence(appendPresence(nil, &pr))
		if err != nil || !reflect.DeepEqual(again, pr) {
			t.Fatalf("re-encoded %+v decodes to %+v, %v", pr, again, err)
		}
	})
}
