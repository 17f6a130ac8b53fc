package wire

import (
	"math"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// batchOf fills batches from states as the replicator does (a full batch
// is encoded and the state starts the next) and returns the datagrams.
func batchOf(t testing.TB, p *FramePool, states []PlayerStateFields) [][]byte {
	t.Helper()
	var a DatagramArena
	var b StateBatch
	var out [][]byte
	for i := range states {
		e := a.CompactState(&states[i])
		if b.Add(e) {
			continue
		}
		d := b.Encode(p)
		if d.Bytes() == nil || !d.IsDatagram() {
			t.Fatalf("a full batch encoded as %v (datagram %v)", d.Bytes(), d.IsDatagram())
		}
		out = append(out, d.Bytes())
		if !b.Add(e) {
			t.Fatalf("state %d does not fit an empty batch", i)
		}
	}
	if b.Len() > 0 {
		out = append(out, b.Encode(p).Bytes())
	}
	if b.Len() != 0 || b.Encode(p).Bytes() != nil {
		t.Fatal("an encoded batch is not empty after")
	}
	return out
}

// checkBatches decodes datagrams and requires them, in order, to hold
// exactly the CompactStates of states, each under frame.DatagramCap.
func checkBatches(t testing.TB, datagrams [][]byte, states []PlayerStateFields) {
	t.Helper()
	i := 0
	for _, d := range datagrams {
		if len(d) > frame.DatagramCap {
			t.Fatalf("a batch of %d bytes, over the cap %d", len(d), frame.DatagramCap)
		}
		m, err := frame.DecodeDatagram(d)
		if err != nil {
			t.Fatalf("batch %x: %v", d, err)
		}
		got := m.GetCompactStates().GetStates()
		if len(got) == 0 {
			t.Fatalf("batch %x: no states (%v)", d, m)
		}
		for _, cs := range got {
			if i >= len(states) {
				t.Fatalf("more states than the %d added", len(states))
			}
			want := protocol.NewCompactState(stateDatagram(&states[i]).GetPlayerState())
			if !proto.Equal(cs, want) {
				t.Fatalf("state %d: %v, want %v", i, cs, want)
			}
			i++
		}
	}
	if i != len(states) {
		t.Fatalf("%d states in the batches, want %d", i, len(states))
	}
}

func TestStateBatch(t *testing.T) {
	walker := func(i int) PlayerStateFields {
		return PlayerStateFields{EntityID: uint64(i + 1), Tick: 4000, X: 1000.5 + float64(i), Y: 65, Z: -3000.25, Yaw: 90, VX: 4.3}
	}
	critter := func(i int) PlayerStateFields {
		return PlayerStateFields{EntityID: 1<<62 | uint64(i), Tick: 123456, X: -2e6, Y: -64, Z: 2e6, Yaw: 359.9, Pitch: -90, VX: -1, VY: -20, VZ: 1}
	}
	many := func(n int, f func(int) PlayerStateFields) []PlayerStateFields {
		var out []PlayerStateFields
		for i := range n {
			out = append(out, f(i))
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		states    []PlayerStateFields
		datagrams int
	}{
		{"none", nil, 0},
		{"one", many(1, walker), 1},
		{"a dozen walkers", many(12, walker), 1},
		{"a hundred walkers", many(100, walker), 3},
		{"a hundred critters", many(100, critter), 5},
		{"a state at its longest", []PlayerStateFields{{EntityID: math.MaxUint64, Tick: math.MaxUint64, X: math.Inf(-1), Y: -1e300, Z: 1e300,
			Yaw: -1e30, Pitch: 1e30, VX: float32(math.Inf(1)), VY: -1e30, VZ: 1e30}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, pool := range []*FramePool{nil, new(FramePool)} {
				got := batchOf(t, pool, tc.states)
				if len(got) != tc.datagrams {
					t.Errorf("%d datagrams, want %d", len(got), tc.datagrams)
				}
				checkBatches(t, got, tc.states)
			}
		})
	}
}

// TestStateBatchRefusesPlayerStates: only a CompactState datagram has a
// place in a batch.
func TestStateBatchRefusesPlayerStates(t *testing.T) {
	var a DatagramArena
	var b StateBatch
	v := PlayerStateFields{EntityID: 3, Tick: 9, X: 1}
	for _, e := range []Encoded{a.PlayerState(&v), {}} {
		if b.Add(e) {
			t.Errorf("batch took %x", e.Bytes())
		}
	}
	if b.Len() != 0 {
		t.Fatalf("batch holds %d", b.Len())
	}
}

// TestStateBatchPooled: a batch from a pool is the connection's, given
// back by Release and handed out again.
func TestStateBatchPooled(t *testing.T) {
	var p FramePool
	var a DatagramArena
	var b StateBatch
	v := PlayerStateFields{EntityID: 3, Tick: 9, X: 1}
	b.Add(a.CompactState(&v))
	e := b.Encode(&p)
	if !e.IsDatagram() || e.IsChunk() || e.Released() {
		t.Fatalf("datagram %v chunk %v released %v", e.IsDatagram(), e.IsChunk(), e.Released())
	}
	e.Release()
	if !e.Released() {
		t.Fatal("not released")
	}
}

// TestOwnedFrames: a connection's own buffers are reused once released,
// and a new one is made while every one is out.
func TestOwnedFrames(t *testing.T) {
	var o OwnedFrames
	var slab FrameSlab
	var a DatagramArena
	var b StateBatch
	next := func(id uint64) Encoded {
		t.Helper()
		v := PlayerStateFields{EntityID: id, Tick: 9, X: 1}
		b.Add(a.CompactState(&v))
		e := b.EncodeOwned(&o, &slab)
		checkBatches(t, [][]byte{e.Bytes()}, []PlayerStateFields{v})
		if !e.IsDatagram() || e.Released() {
			t.Fatalf("datagram %v, released %v", e.IsDatagram(), e.Released())
		}
		return e
	}
	first := next(1)
	second := next(2) // the first is still out
	if &first.Bytes()[0] == &second.Bytes()[0] || len(o.refs) != 2 {
		t.Fatalf("a buffer still out was reused (%d buffers)", len(o.refs))
	}
	first.Release()
	if !first.Released() {
		t.Fatal("not released")
	}
	third := next(3)
	if &third.Bytes()[0] != &first.Bytes()[0] || len(o.refs) != 2 {
		t.Fatalf("a released buffer was not reused (%d buffers)", len(o.refs))
	}
	if b.EncodeOwned(&o, &slab).Bytes() != nil {
		t.Fatal("an empty batch encoded")
	}
}

// FuzzStateBatch builds batches of random states and requires them to
// decode to exactly those states, each datagram under the cap.
func FuzzStateBatch(f *testing.F) {
	f.Add(uint64(1), 10, 3.5, 70.0)
	f.Add(uint64(1<<62|5), 300, -1e9, 1e-9)
	f.Fuzz(func(t *testing.T, id uint64, n int, x, y float64) {
		n = min(max(n, 0), 500)
		rng := rand.New(rand.NewPCG(id, uint64(n)))
		states := make([]PlayerStateFields, n)
		for i := range states {
			states[i] = PlayerStateFields{EntityID: id + uint64(i), Tick: rng.Uint64() >> rng.IntN(64), X: x * rng.Float64(), Y: y, Z: -x,
				Yaw: float32(rng.NormFloat64() * 180), VX: float32(rng.NormFloat64())}
		}
		checkBatches(t, batchOf(t, new(FramePool), states), states)
	})
}
