package wire_test

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

func TestFrameClass(t *testing.T) {
	tests := []struct{ n, class int }{
		{0, 0}, {1, 0}, {64, 0}, {65, 1}, {128, 1}, {129, 2},
		{1 << 12, 6}, {1<<12 + 1, 7}, {256 << 10, 12},
		{256<<10 + 1, 13}, {1 << 30, 13}, // none: allocated
	}
	for _, tt := range tests {
		if got := wire.FrameClass(tt.n); got != tt.class {
			t.Errorf("frameClass(%d) = %d, want %d", tt.n, got, tt.class)
		}
	}
}

// columnsOf are n columns of a view, with masks of every length.
func columnsOf(n int, seed uint32) []wire.Column {
	cols := make([]wire.Column, n)
	for i := range cols {
		cols[i] = wire.Column{X: int32(i/97) - 300, Z: int32(i%97) - 48, Mask: (uint32(i)+seed)*2654435761 | 1}
	}
	return cols
}

// TestFramePoolFrames: a pool's frames are byte for byte the allocated
// ones, for each of the four lists, whatever the buffers held before:
// every frame is released after use, so later cases are written over
// earlier ones, longer or shorter.
func TestFramePoolFrames(t *testing.T) {
	var pool wire.FramePool
	kinds := []struct {
		name         string
		plain, build func(dst []wire.Encoded, n int) []wire.Encoded
	}{
		{"column drops",
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return wire.AppendColumnDrops(dst, columnsOf(n, 1))
			},
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return pool.AppendColumnDrops(dst, columnsOf(n, 1))
			}},
		{"air columns",
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return wire.AppendAirColumns(dst, columnsOf(n, 7))
			},
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return pool.AppendAirColumns(dst, columnsOf(n, 7))
			}},
		{"drops",
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return append(dst, wire.EncodeDrops(dropsPositions(n))...)
			},
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return pool.AppendDrops(dst, dropsPositions(n))
			}},
		{"air sections",
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return wire.AppendAirSections(dst, dropsPositions(n))
			},
			func(dst []wire.Encoded, n int) []wire.Encoded {
				return pool.AppendAirSections(dst, dropsPositions(n))
			}},
	}
	before := wire.EncodeDrops([]chunk.Pos{{X: 9}})
	for _, k := range kinds {
		for _, n := range []int{0, 1, 3, 300, 40, wire.MaxDropsPerFrame + 2, 2, 900} {
			want := k.plain(nil, n)
			got := k.build(before[:1:1], n)
			if len(got) != 1+len(want) || !bytes.Equal(got[0].Bytes(), before[0].Bytes()) {
				t.Fatalf("%s of %d: %d frames after dst's, want %d", k.name, n, len(got)-1, len(want))
			}
			for i, e := range got[1:] {
				if !e.IsChunk() || !bytes.Equal(e.Bytes(), want[i].Bytes()) {
					t.Errorf("%s of %d, frame %d: pooled\n%x\nallocated\n%x", k.name, n, i, head(e.Bytes()), head(want[i].Bytes()))
				}
				if cap(e.Bytes()) != len(e.Bytes()) {
					t.Errorf("%s of %d, frame %d: cap %d for %d bytes: the pool's room past the frame is reachable", k.name, n, i, cap(e.Bytes()), len(e.Bytes()))
				}
				if !wire.Pooled(e) || wire.Pooled(want[i]) {
					t.Errorf("%s of %d, frame %d: pooled %v, the allocated one %v", k.name, n, i, wire.Pooled(e), wire.Pooled(want[i]))
				}
				e.Release()
				if !e.Released() {
					t.Errorf("%s of %d, frame %d: not released", k.name, n, i)
				}
			}
		}
	}
	before[0].Release() // not pooled: nothing happens
}

// TestFramePoolDoubleRelease: a frame released twice goes back once, so
// two frames built after it never share its bytes.
func TestFramePoolDoubleRelease(t *testing.T) {
	var pool wire.FramePool
	e := pool.AppendDrops(nil, dropsPositions(4))[0]
	e.Release()
	e.Release()
	a := pool.AppendDrops(nil, dropsPositions(4))[0]
	b := pool.AppendDrops(nil, dropsPositions(5))[0]
	if &a.Bytes()[0] == &b.Bytes()[0] {
		t.Fatal("two frames in flight share one buffer after a double release")
	}
}

// TestFramePoolAllocations: once warm, building a client's lists and
// releasing them allocates nothing.
func TestFramePoolAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop a share of what it is given")
	}
	var pool wire.FramePool
	cols, ps := columnsOf(200, 3), dropsPositions(120)
	dst := make([]wire.Encoded, 0, 4)
	n := testing.AllocsPerRun(100, func() {
		dst = pool.AppendAirColumns(dst[:0], cols)
		dst = pool.AppendDrops(dst, ps)
		for _, e := range dst {
			e.Release()
		}
	})
	if n != 0 {
		t.Errorf("%v allocations a build and release, want 0", n)
	}
}

// TestEncodedFourWords: an Encoded is read from tables by subject, a cache
// miss each, for every entity state sent; at five words those tables
// straddle cache lines and replication slows by nearly half (see
// frameRef).
func TestEncodedFourWords(t *testing.T) {
	if got, want := unsafe.Sizeof(wire.Encoded{}), 4*unsafe.Sizeof(uintptr(0)); got != want {
		t.Errorf("Encoded is %d bytes, want %d", got, want)
	}
}
