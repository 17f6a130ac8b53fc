package wire

import (
	"bytes"
	"math"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

func inputDatagram(in *protocol.Input) []byte {
	b, err := proto.Marshal(&protocol.Datagram{Kind: &protocol.Datagram_Input{Input: in}})
	if err != nil {
		panic(err)
	}
	return b
}

// sameAsProtobuf checks DecodeInputDatagram against frame.DecodeDatagram
// on b: both refuse it, or both read the same Input (or none).
func sameAsProtobuf(t *testing.T, pool *InputPool, b []byte) {
	t.Helper()
	want, werr := frame.DecodeDatagram(b)
	m := pool.Get()
	defer m.Release()
	got, err := DecodeInputDatagram(b, m)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%x: error %v, protobuf's %v", b, err, werr)
	}
	if err != nil {
		return
	}
	if got != (want.GetInput() != nil) {
		t.Fatalf("%x: input %v, protobuf found one: %v", b, got, want.GetInput() != nil)
	}
	if !got {
		return
	}
	opts := proto.MarshalOptions{Deterministic: true}
	a, _ := opts.Marshal(m.Input())
	w, _ := opts.Marshal(want.GetInput())
	if !bytes.Equal(a, w) {
		t.Fatalf("%x: decoded %v, protobuf %v", b, m.Input(), want.GetInput())
	}
}

func TestDecodeInputDatagram(t *testing.T) {
	pool := &InputPool{}
	full := &protocol.Input{InputTick: 1 << 40, Position: protocol.V3(-1e6, 64.5, 3.25), Velocity: protocol.V3f(1, -2, 3),
		Yaw: 90, Pitch: -45, Flying: true, OnGround: true}
	var twice []byte
	twice = append(twice, inputDatagram(&protocol.Input{InputTick: 1, Position: protocol.V3(1, 2, 3)})...)
	twice = append(twice, inputDatagram(&protocol.Input{Yaw: 5, Position: protocol.V3(0, 0, 9)})...)
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"every field", inputDatagram(full)},
		{"zero values omitted", inputDatagram(&protocol.Input{Position: &protocol.Vec3{}})},
		{"no position", inputDatagram(&protocol.Input{InputTick: 3})},
		{"not finite", inputDatagram(&protocol.Input{Position: protocol.V3(math.NaN(), math.Inf(1), 0)})},
		{"two inputs merge", twice},
		{"a player state", mustMarshal(&protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{EntityId: 4}}})},
		{"empty", nil},
		{"truncated", inputDatagram(full)[:9]},
		{"unknown field", append(inputDatagram(full), 0x78, 0x01)},
		{"too large", make([]byte, frame.DatagramCap+1)},
	} {
		t.Run(tc.name, func(t *testing.T) { sameAsProtobuf(t, pool, tc.b) })
	}
	// Read in place: no allocation for a datagram as clients write it.
	b := inputDatagram(full)
	if n := testing.AllocsPerRun(100, func() {
		m := pool.Get()
		if ok, err := DecodeInputDatagram(b, m); !ok || err != nil {
			t.Fatal(ok, err)
		}
		m.Release()
	}); n > 0 {
		t.Fatalf("%.1f allocations a datagram", n)
	}
}

func mustMarshal(m proto.Message) []byte {
	b, err := proto.Marshal(m)
	if err != nil {
		panic(err)
	}
	return b
}

func FuzzDecodeInputDatagram(f *testing.F) {
	f.Add(inputDatagram(&protocol.Input{InputTick: 7, Position: protocol.V3(1, 2, 3), Velocity: protocol.V3f(0, 1, 0), Yaw: 3, Flying: true}))
	f.Add(mustMarshal(&protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{EntityId: 4}}}))
	f.Add([]byte{0x12, 0x00})
	pool := &InputPool{}
	f.Fuzz(func(t *testing.T, b []byte) { sameAsProtobuf(t, pool, b) })
}

// TestInputPoolReuse: ReleaseAll gives each message back to its own pool
// (skipping nil ones), a pool hands them out again reset, and it keeps
// at most maxFreeInputs.
func TestInputPoolReuse(t *testing.T) {
	var a, b InputPool
	ma, mb := a.Get(), b.Get()
	ma.Input().InputTick, ma.Input().Position.X = 9, 3
	ReleaseAll([]*InputMessage{ma, nil, mb, nil})
	if got := a.Get(); got != ma || got.Input().GetInputTick() != 0 || got.Input().GetPosition().GetX() != 0 {
		t.Fatalf("pool a gave %p %v, want %p reset", got, got.Input(), ma)
	}
	if got := b.Get(); got != mb {
		t.Fatalf("pool b gave %p, want its own %p", got, mb)
	}
	if a.Get() == ma {
		t.Fatal("a message handed out twice")
	}
	many := make([]*InputMessage, maxFreeInputs+15)
	for i := range many {
		many[i] = a.Get()
	}
	ReleaseAll(many[:maxFreeInputs+10])
	ReleaseAll(many[maxFreeInputs+10:])
	if n := len(a.free); n != maxFreeInputs {
		t.Fatalf("pool keeps %d, want %d", n, maxFreeInputs)
	}
}
