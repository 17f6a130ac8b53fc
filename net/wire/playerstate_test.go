package wire

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// stateDatagram is the message AppendPlayerState must encode like.
func stateDatagram(v *PlayerStateFields) *protocol.Datagram {
	return &protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{
		EntityId: v.EntityID, Tick: v.Tick,
		Position: &protocol.Vec3{X: v.X, Y: v.Y, Z: v.Z},
		Yaw:      v.Yaw, Pitch: v.Pitch,
		Velocity: &protocol.Vec3F{X: v.VX, Y: v.VY, Z: v.VZ},
	}}}
}

// checkPlayerState checks AppendPlayerState and, on the same values,
// AppendCompactState (checkCompactState).
func checkPlayerState(t *testing.T, v PlayerStateFields) {
	t.Helper()
	checkCompactState(t, v)
	m := stateDatagram(&v)
	want, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	viaFrame, err := frame.MarshalDatagram(m)
	if err != nil {
		t.Fatal(err)
	}
	got := AppendPlayerState(nil, &v)
	if !bytes.Equal(got, want) || !bytes.Equal(got, viaFrame) {
		t.Fatalf("%+v:\n got %x\nwant %x", v, got, want)
	}
	if len(got) > MaxPlayerStateLen {
		t.Fatalf("%+v: %d bytes, more than MaxPlayerStateLen %d", v, len(got), MaxPlayerStateLen)
	}
	// Appending keeps what is already there.
	prefix := []byte{0xde, 0xad}
	if got := AppendPlayerState(prefix, &v); !bytes.Equal(got[:2], prefix) || !bytes.Equal(got[2:], want) {
		t.Fatalf("%+v: appended %x", v, got)
	}
	var a DatagramArena
	e := a.PlayerState(&v)
	if !e.IsDatagram() || e.IsChunk() || !bytes.Equal(e.Bytes(), want) || e.Len() != len(want) {
		t.Fatalf("%+v: arena gave %x (datagram %v)", v, e.Bytes(), e.IsDatagram())
	}
	old, err := EncodeDatagram(m)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(e.Bytes(), old.Bytes()) || e.IsDatagram() != old.IsDatagram() || e.IsChunk() != old.IsChunk() {
		t.Fatalf("%+v: arena %x, EncodeDatagram %x", v, e.Bytes(), old.Bytes())
	}
	if !math.IsNaN(float64(v.Yaw)) && !math.IsNaN(float64(v.Pitch)) && !math.IsNaN(v.X+v.Y+v.Z) &&
		!math.IsNaN(float64(v.VX+v.VY+v.VZ)) {
		back, err := frame.DecodeDatagram(got)
		if err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(back, m) {
			t.Fatalf("%+v: decodes to %v", v, back)
		}
	}
}

// checkCompactState checks AppendCompactState against proto.Marshal of
// protocol.NewCompactState, the arena's CompactState against both, and
// that the state decodes back within half a unit of each value in range.
func checkCompactState(t *testing.T, v PlayerStateFields) {
	t.Helper()
	m := &protocol.Datagram{Kind: &protocol.Datagram_CompactState{CompactState: protocol.NewCompactState(stateDatagram(&v).GetPlayerState())}}
	want, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	got := AppendCompactState([]byte{0xde, 0xad}, &v)
	if !bytes.Equal(got[:2], []byte{0xde, 0xad}) || !bytes.Equal(got[2:], want) {
		t.Fatalf("compact %+v:\n got %x\nwant %x", v, got[2:], want)
	}
	if len(want) > MaxCompactStateLen {
		t.Fatalf("compact %+v: %d bytes, more than MaxCompactStateLen %d", v, len(want), MaxCompactStateLen)
	}
	var a DatagramArena
	if e := a.CompactState(&v); !e.IsDatagram() || !bytes.Equal(e.Bytes(), want) {
		t.Fatalf("compact %+v: arena gave %x", v, e.Bytes())
	}
	back, err := frame.DecodeDatagram(want)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(back, m) {
		t.Fatalf("compact %+v: decodes to %v", v, back)
	}
	ps := back.GetCompactState().PlayerState()
	near := func(name string, got, f, scale float64) {
		if in := math.Abs(f*scale) < 1<<31; in && math.Abs(got-f) > 0.5/scale+1e-9*math.Abs(f) {
			t.Fatalf("compact %+v: %s decodes to %v, more than half a unit from %v", v, name, got, f)
		}
	}
	near("x", ps.GetPosition().GetX(), v.X, protocol.CompactPositionScale)
	near("y", ps.GetPosition().GetY(), v.Y, protocol.CompactPositionScale)
	near("z", ps.GetPosition().GetZ(), v.Z, protocol.CompactPositionScale)
	near("yaw", float64(ps.GetYaw()), float64(v.Yaw), protocol.CompactAngleScale)
	near("pitch", float64(ps.GetPitch()), float64(v.Pitch), protocol.CompactAngleScale)
	near("vx", float64(ps.GetVelocity().GetX()), float64(v.VX), protocol.CompactVelocityScale)
	near("vy", float64(ps.GetVelocity().GetY()), float64(v.VY), protocol.CompactVelocityScale)
	near("vz", float64(ps.GetVelocity().GetZ()), float64(v.VZ), protocol.CompactVelocityScale)
	if ps.GetEntityId() != v.EntityID || ps.GetTick() != v.Tick {
		t.Fatalf("compact %+v: id %d tick %d", v, ps.GetEntityId(), ps.GetTick())
	}
}

// TestCompactStateSize checks what a compact state saves on a typical
// flier's: the figure docs/protocol.md gives.
func TestCompactStateSize(t *testing.T) {
	v := PlayerStateFields{EntityID: 1234, Tick: 98765, X: 1234.56, Y: 87.25, Z: -2345.67, Yaw: 123.4, Pitch: -12.5, VX: 17.3, VZ: -10}
	full, compact := len(AppendPlayerState(nil, &v)), len(AppendCompactState(nil, &v))
	if full != 60 || compact != 35 {
		t.Fatalf("PlayerState %d bytes, CompactState %d; want 60 and 35", full, compact)
	}
}

func TestCompactFixedSaturates(t *testing.T) {
	for _, c := range []struct {
		f     float64
		want  int64
		want3 int32
	}{
		{0.5, 1, 1}, {-0.5, -1, -1}, {0.49, 0, 0}, {math.NaN(), 0, 0},
		{math.Inf(1), math.MaxInt64, math.MaxInt32}, {math.Inf(-1), math.MinInt64, math.MinInt32},
		{1e30, math.MaxInt64, math.MaxInt32}, {-1e30, math.MinInt64, math.MinInt32},
		{3e9, 3e9, math.MaxInt32}, {-3e9, -3e9, math.MinInt32},
	} {
		if got := protocol.CompactFixed64(c.f, 1); got != c.want {
			t.Errorf("CompactFixed64(%v) = %d, want %d", c.f, got, c.want)
		}
		if got := protocol.CompactFixed32(float32(c.f), 1); got != c.want3 {
			t.Errorf("CompactFixed32(%v) = %d, want %d", c.f, got, c.want3)
		}
	}
}

func TestAppendPlayerStateMatchesProto(t *testing.T) {
	negZero := math.Copysign(0, -1)
	big := uint64(math.MaxUint64)
	for _, v := range []PlayerStateFields{
		{},
		{EntityID: 1},
		{Tick: 1},
		{EntityID: 1, Tick: 1, X: 0.5, Y: 64, Z: 0.5},
		{EntityID: 127, Tick: 128, X: -0.5, Y: -64, Z: -1e9, Yaw: -179.5, Pitch: -90, VX: -4.3, VY: -78.4, VZ: -0.001},
		{EntityID: big, Tick: big, X: math.MaxFloat64, Y: -math.MaxFloat64, Z: math.SmallestNonzeroFloat64,
			Yaw: math.MaxFloat32, Pitch: -math.MaxFloat32, VX: math.SmallestNonzeroFloat32, VY: 1, VZ: -1},
		{EntityID: 1 << 35, Tick: 1<<63 + 5, X: 3e7, Y: 319.999, Z: -3e7, Yaw: 359.9, Pitch: 45},
		{X: negZero, Y: negZero, Z: negZero, Yaw: float32(negZero), Pitch: float32(negZero),
			VX: float32(negZero), VY: float32(negZero), VZ: float32(negZero)},
		{X: math.Inf(1), Y: math.Inf(-1), Yaw: float32(math.Inf(1)), VZ: float32(math.Inf(-1))},
		{X: math.NaN(), Pitch: float32(math.NaN()), VY: float32(math.NaN())},
		{Y: 200, VX: 4.3, VZ: 0},
		{Z: 1, Yaw: 1, VY: 1},
	} {
		checkPlayerState(t, v)
	}
}

func TestAppendPlayerStateRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	u64 := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return 0
		case 1:
			return rng.Uint64N(300)
		case 2:
			return rng.Uint64() >> rng.UintN(64)
		}
		return rng.Uint64()
	}
	f64 := func() float64 {
		switch rng.IntN(5) {
		case 0:
			return 0
		case 1:
			return math.Float64frombits(rng.Uint64()) // any bits, NaNs included
		case 2:
			return float64(rng.IntN(4000)-2000) + 0.5
		}
		return (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(12)))
	}
	f32 := func() float32 {
		if rng.IntN(4) == 0 {
			return math.Float32frombits(rng.Uint32())
		}
		return float32(f64())
	}
	for range 20000 {
		checkPlayerState(t, PlayerStateFields{
			EntityID: u64(), Tick: u64(), X: f64(), Y: f64(), Z: f64(),
			Yaw: f32(), Pitch: f32(), VX: f32(), VY: f32(), VZ: f32(),
		})
	}
}

// TestDatagramArenaKeepsBytes checks that datagrams carved from shared
// blocks are never overwritten by later ones, nor extendable into them.
func TestDatagramArenaKeepsBytes(t *testing.T) {
	var a DatagramArena
	var got []Encoded
	var want [][]byte
	for i := range 1000 {
		v := PlayerStateFields{EntityID: uint64(i + 1), Tick: uint64(i * 7919), X: float64(i) + 0.25, Y: 64, Z: -float64(i), Yaw: float32(i % 360), VX: 4.3}
		e := a.PlayerState(&v)
		if cap(e.Bytes()) != len(e.Bytes()) {
			t.Fatalf("datagram %d: capacity %d beyond its length %d", i, cap(e.Bytes()), len(e.Bytes()))
		}
		got = append(got, e)
		want = append(want, AppendPlayerState(nil, &v))
	}
	for i, e := range got {
		if !bytes.Equal(e.Bytes(), want[i]) {
			t.Fatalf("datagram %d changed: %x, want %x", i, e.Bytes(), want[i])
		}
	}
}

func BenchmarkPlayerState(b *testing.B) {
	v := PlayerStateFields{EntityID: 1234, Tick: 987654, X: 1234.5, Y: 200, Z: -5678.25, Yaw: 123.4, Pitch: -12, VX: 4.3, VZ: -1.2}
	b.Run("arena", func(b *testing.B) {
		var a DatagramArena
		b.ReportAllocs()
		for range b.N {
			v.Tick++
			_ = a.PlayerState(&v)
		}
	})
	b.Run("proto", func(b *testing.B) {
		m := stateDatagram(&v)
		b.ReportAllocs()
		for range b.N {
			m.Kind.(*protocol.Datagram_PlayerState).PlayerState.Tick++
			_, _ = EncodeDatagram(m)
		}
	})
}
