package frame

import (
	"bytes"
	"errors"
	"io"
	"math/bits"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

func protocolPos() chunk.Pos { return chunk.Pos{X: -1, Y: 4, Z: 9} }

// FuzzReadFrame: any byte sequence yields frames no larger than the cap,
// each equal to the bytes that followed its prefix, or a classified error;
// never a panic or an allocation driven by a hostile length.
func FuzzReadFrame(f *testing.F) {
	f.Add([]byte{0x00})
	f.Add([]byte{0x03, 'a', 'b', 'c'})
	f.Add([]byte{0x81, 0x80, 0x04})
	f.Add(bytes.Repeat([]byte{0xff}, 12))
	const limit = 4096
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bytes.NewReader(in)
		for {
			before := r.Len()
			p, err := ReadFrame(r, limit)
			if err != nil {
				if err == io.EOF && before != 0 {
					t.Fatalf("io.EOF with %d bytes unread", before)
				}
				if err != io.EOF && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrMalformed) && !errors.Is(err, io.ErrUnexpectedEOF) {
					t.Fatalf("unclassified error %v", err)
				}
				return
			}
			if len(p) > limit {
				t.Fatalf("frame of %d bytes passed a cap of %d", len(p), limit)
			}
			consumed := in[len(in)-before : len(in)-r.Len()]
			if !bytes.HasSuffix(consumed, p) {
				t.Fatalf("payload is not the bytes after the prefix")
			}
		}
	})
}

// FuzzDecodeControl: both control envelopes decode or fail with MALFORMED,
// and whatever decodes re-encodes into a frame that decodes to the same message.
func FuzzDecodeControl(f *testing.F) {
	for _, m := range seedClientMessages() {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	for _, m := range seedServerMessages() {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if c, err := DecodeClient(in); err == nil {
			roundTrip(t, c, ControlCap, func(b []byte) (proto.Message, error) { return DecodeClient(b) })
		} else if Code(err) != protocol.ErrorCode_ERROR_CODE_MALFORMED {
			t.Fatalf("client decode error with code %v", Code(err))
		}
		if s, err := DecodeServer(in); err == nil {
			roundTrip(t, s, ControlCap, func(b []byte) (proto.Message, error) { return DecodeServer(b) })
		} else if Code(err) != protocol.ErrorCode_ERROR_CODE_MALFORMED {
			t.Fatalf("server decode error with code %v", Code(err))
		}
	})
}

// FuzzDecodeChunkMsg: as FuzzDecodeControl for the chunk stream.
func FuzzDecodeChunkMsg(f *testing.F) {
	for _, m := range seedChunkMessages() {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := DecodeChunk(in)
		if err != nil {
			if Code(err) != protocol.ErrorCode_ERROR_CODE_MALFORMED {
				t.Fatalf("decode error with code %v", Code(err))
			}
			return
		}
		_ = m.GetChunk().GetPos().Chunk() // nil-safe accessors on any shape
		for _, l := range []struct {
			coords []int32
			masks  []uint32
			unpack func() ([]chunk.Pos, error)
		}{
			{m.GetDrops().GetCoords(), m.GetDrops().GetMasks(), m.GetDrops().Positions},
			{m.GetAir().GetCoords(), m.GetAir().GetMasks(), m.GetAir().Positions},
		} {
			ps, err := l.unpack()
			if err != nil {
				continue
			}
			n := len(l.coords) / 3
			for _, mask := range l.masks {
				n += bits.OnesCount32(mask)
			}
			if len(ps) != n {
				t.Fatalf("%d positions from %d coords and masks %v", len(ps), len(l.coords), l.masks)
			}
		}
		roundTrip(t, m, ChunkCap, func(b []byte) (proto.Message, error) { return DecodeChunk(b) })
	})
}

func roundTrip(t *testing.T, m proto.Message, limit int, dec func([]byte) (proto.Message, error)) {
	t.Helper()
	b, err := Marshal(m, limit)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return // re-encoding may grow a padded input past the cap
		}
		t.Fatalf("re-marshal: %v", err)
	}
	p, err := ReadFrame(bytes.NewReader(b), limit)
	if err != nil {
		t.Fatalf("re-read: %v", err)
	}
	got, err := dec(p)
	if err != nil {
		t.Fatalf("re-decode: %v", err)
	}
	if !proto.Equal(got, m) {
		t.Fatalf("round trip changed the message:\n%v\n%v", m, got)
	}
}

func seedClientMessages() []*protocol.ClientMessage {
	return []*protocol.ClientMessage{
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 1, Name: "steve", Features: []string{protocol.FeatureDatagramInput}, ViewDistance: 8}}},
		{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{InputTick: 42, Position: protocol.V3(0.5, 70, -3.25), Velocity: protocol.V3f(1, 0, 0), Yaw: 90, Pitch: -10, OnGround: true}}},
		{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{Pos: protocol.BP(1, 64, -2), RequestId: 7}}},
		{Kind: &protocol.ClientMessage_PlaceBlock{PlaceBlock: &protocol.PlaceBlock{Pos: protocol.BP(1, 65, -2), Block: 1, RequestId: 8}}},
		{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hello, world"}}},
		{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{Nonce: 1, Time: 123456}}},
		{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 10000}}},
		{},
		// Appended after the empty envelope so earlier seed files keep
		// their names.
		{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: "myplugin:thing", Payload: []byte{0, 1, 0xff}}}},
		// The version 2 login: a Hello with a key and a token, a Proof.
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 2, Name: "steve", ViewDistance: 8,
			PublicKey: bytes.Repeat([]byte{0xa5}, 32), Token: []byte("eyJuYW1lIjoic3RldmUifQ.c2ln")}}},
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: bytes.Repeat([]byte{0x5a}, 64)}}},
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{}}},
	}
}

func seedServerMessages() []*protocol.ServerMessage {
	return []*protocol.ServerMessage{
		{Kind: &protocol.ServerMessage_Welcome{Welcome: &protocol.Welcome{ProtocolVersion: 1, EntityId: 3, Spawn: protocol.V3(0, 80, 0), Seed: -5, Bounds: &protocol.WorldBounds{MinSectionY: -4, MaxSectionY: 19, BorderSections: 134217726}, Limits: &protocol.ServerLimits{MaxViewDistance: 16}, ViewDistance: 8}}},
		{Kind: &protocol.ServerMessage_Reject{Reject: &protocol.Reject{Code: protocol.ErrorCode_ERROR_CODE_SERVER_FULL, Reason: "full", MinVersion: 1, MaxVersion: 1}}},
		{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{RequestId: 7, Accepted: true, Revision: 2}}},
		{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{Pos: protocol.BP(1, 64, -2), Block: 0, Revision: 2}}},
		{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, Message: "slow down"}}},
		{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{RequestId: 8, Result: protocol.ActionResult_ACTION_RESULT_VETOED, Reason: "spawn is protected"}}},
		{Kind: &protocol.ServerMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: "myplugin:thing", Payload: []byte("hi")}}},
		{Kind: &protocol.ServerMessage_Challenge{Challenge: &protocol.Challenge{Nonce: bytes.Repeat([]byte{7}, 32), Binding: protocol.Binding_BINDING_TLS_EXPORTER}}},
		{Kind: &protocol.ServerMessage_Challenge{Challenge: &protocol.Challenge{Nonce: bytes.Repeat([]byte{8}, 32), Binding: protocol.Binding_BINDING_SERVER_CERT}}},
		{Kind: &protocol.ServerMessage_Reject{Reject: &protocol.Reject{Code: protocol.ErrorCode_ERROR_CODE_NAME_BOUND, Reason: "the name steve is bound to another key", MinVersion: 2, MaxVersion: 2}}},
	}
}

func seedChunkMessages() []*protocol.ChunkMessage {
	return []*protocol.ChunkMessage{
		protocol.NewChunk(protocolPos(), 3, []byte{0, 1, 2, 3}),
		protocol.NewChunk(chunk.Pos{X: -2147483, Y: -4, Z: 19}, 0, nil),
		protocol.NewDrop(protocolPos()),
		{},
		// Appended after the empty envelope so earlier seed files keep
		// their names.
		protocol.NewDrops([]chunk.Pos{protocolPos(), {X: -2147483, Y: -4, Z: 19}}),
		protocol.NewAirSections([]chunk.Pos{protocolPos(), {X: 5, Y: 19, Z: -1}}),
		protocol.NewColumnDrops([]chunk.Pos{{X: 5, Y: 19, Z: -1}, {X: 5, Y: -4, Z: -1}, {X: -7, Y: 0, Z: 2}}, chunk.MinSectionY),
		protocol.NewAirColumns([]chunk.Pos{{X: 5, Y: 19, Z: -1}, {X: -7, Y: 0, Z: 2}, {X: 5, Y: -4, Z: -1}}, chunk.MinSectionY),
		{Kind: &protocol.ChunkMessage_Lod{Lod: &protocol.LODSection{Pos: protocol.SectionPosOf(chunk.Pos{X: -3, Y: -1, Z: 2}), Level: 7, Revision: 2, Data: []byte{0, 1, 2}}}},
		{Kind: &protocol.ChunkMessage_LodUnload{LodUnload: &protocol.LODUnload{Level: 1, Coords: []int32{1, -1, 2}}}},
	}
}
