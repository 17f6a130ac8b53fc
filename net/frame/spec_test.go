package frame

import (
	"encoding/hex"
	"os"
	"strings"
	"testing"
	"unicode"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/protocol"
)

// TestSpecPluginExamples: the plugin-channel and refused-action frames of
// docs/protocol.md §10, byte for byte, and present in the document
// (web/test/protocol.test.js checks the same bytes against the browser
// client).
func TestSpecPluginExamples(t *testing.T) {
	tests := []struct {
		name string
		msg  proto.Message
		hex  string
	}{
		{"client PluginMessage", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{
			Channel: "myplugin:thing", Payload: []byte{1, 2, 3}}}},
			"17 | 4a 15 0a 0e 6d 79 70 6c 75 67 69 6e 3a 74 68 69 6e 67 12 03 01 02 03"},
		{"server PluginMessage", &protocol.ServerMessage{Kind: &protocol.ServerMessage_Plugin{Plugin: &protocol.PluginMessage{
			Channel: "myplugin:thing", Payload: []byte("ok")}}},
			"16 | 72 14 0a 0e 6d 79 70 6c 75 67 69 6e 3a 74 68 69 6e 67 12 02 6f 6b"},
		{"UNKNOWN_CHANNEL Error", &protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{
			Code: protocol.ErrorCode_ERROR_CODE_UNKNOWN_CHANNEL, Message: "no plugin serves other:x"}}},
			"1e | 4a 1c 08 11 12 18 6e 6f 20 70 6c 75 67 69 6e 20 73 65 72 76 65 73 20 6f 74 68 65 72 3a 78"},
		{"vetoed BreakBlock", &protocol.ClientMessage{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{
			Pos: protocol.BP(3, 70, -2), RequestId: 2}}},
			"0d | 1a 0b 0a 07 08 06 10 8c 01 18 03 10 02"},
		{"rollback BlockUpdate", &protocol.ServerMessage{Kind: &protocol.ServerMessage_BlockUpdate{BlockUpdate: &protocol.BlockUpdate{
			Pos: protocol.BP(3, 70, -2), Block: 1, Revision: 1}}},
			"0f | 2a 0d 0a 07 08 06 10 8c 01 18 03 10 01 18 01"},
		{"VETOED ActionAck", &protocol.ServerMessage{Kind: &protocol.ServerMessage_ActionAck{ActionAck: &protocol.ActionAck{
			RequestId: 2, Result: protocol.ActionResult_ACTION_RESULT_VETOED, Reason: "spawn is protected"}}},
			"1a | 1a 18 08 02 18 0c 2a 12 73 70 61 77 6e 20 69 73 20 70 72 6f 74 65 63 74 65 64"},
	}
	for _, tt := range tests {
		checkSpecExample(t, tt.name, tt.msg, tt.hex)
	}
}

// TestSpecWelcomeExample: the Welcome of docs/protocol.md §10, byte for
// byte — a default server's limits and rules, and the first two blocks of
// the registry (a real Welcome lists them all).
func TestSpecWelcomeExample(t *testing.T) {
	w := &protocol.Welcome{
		ProtocolVersion: 2, EntityId: 1001, Spawn: protocol.V3(0.5, 80, 0.5), Seed: 42, GeneratorVersion: 1,
		Bounds: &protocol.WorldBounds{MinSectionY: -4, MaxSectionY: 19, BorderSections: 134217726},
		Limits: &protocol.ServerLimits{
			MaxViewDistance: 16, ControlFrameCap: 65536, ChunkFrameCap: 1 << 20, MaxDatagramSize: 1100,
			TickRate: 20, MaxChatLength: 256, ControlRate: 200, ControlBurst: 400, SubscribeRate: 4, ChatRate: 2, IdleTimeoutMs: 30000,
			WalkSpeed: 4.317, SprintSpeed: 5.612, FlySpeed: 21.6, RiseSpeed: 10, FallSpeed: 78.4,
			SpeedTolerance: 1.25, MoveSlack: 0.05, AllowFlight: true,
			PlayerWidth: 0.6, PlayerHeight: 1.8, EyeHeight: 1.62, Reach: 6,
			ActionRate: 20, ActionBurst: 20, InputBankTicks: 20, InputClockSlack: 3,
		},
		Features: []string{protocol.FeatureDatagramInput}, ViewDistance: 8, Tick: 1234, SectionFormat: 1,
		Blocks: protocol.BlockRegistry()[:2],
	}
	checkSpecExample(t, "Welcome", &protocol.ServerMessage{Kind: &protocol.ServerMessage_Welcome{Welcome: w}}, `
	9f 02 | 0a 9c 02 08 02 10 e9 07 1a 1b 09 00 00 00 00 00 00 e0 3f 11 00 00 00 00 00 00 54 40
	19 00 00 00 00 00 00 e0 3f 30 2a 38 01 42 09 08 07 10 26 18 fc ff ff 7f 4a a2 01 08 10
	10 80 80 04 18 80 80 40 20 cc 08 28 14 30 80 02 38 c8 01 40 90 03 48 04 50 02 68 b0
	ea 01 71 f8 53 e3 a5 9b 44 11 40 79 a6 9b c4 20 b0 72 16 40 81 01 9a 99 99 99 99 99
	35 40 89 01 00 00 00 00 00 00 24 40 91 01 9a 99 99 99 99 99 53 40 99 01 00 00 00 00
	00 00 f4 3f a1 01 9a 99 99 99 99 99 a9 3f a8 01 01 b1 01 33 33 33 33 33 33 e3 3f b9
	01 cd cc cc cc cc cc fc 3f c1 01 ec 51 b8 1e 85 eb f9 3f c9 01 00 00 00 00 00 00 18
	40 d1 01 00 00 00 00 00 00 34 40 d8 01 14 e0 01 14 e8 01 03 52 0e 64 61 74 61 67 72
	61 6d 2d 69 6e 70 75 74 58 08 60 d2 09 68 01 72 10 12 0a 73 74 72 61 74 61 3a 61 69
	72 20 01 38 01 72 1b 08 01 12 0c 73 74 72 61 74 61 3a 73 74 6f 6e 65 18 01 28 ff fe
	fd 03 40 01 48 01`)
}

// TestSpecLoginExample: the login frames of docs/protocol.md §10, byte
// for byte: the test vector's Hello, Challenge and Proof (§3.2), and a
// version Reject.
func TestSpecLoginExample(t *testing.T) {
	unhex := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	seq := func(from byte) []byte {
		b := make([]byte, 32)
		for i := range b {
			b[i] = from + byte(i)
		}
		return b
	}
	pub := unhex("03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8")
	sig := unhex("bcb6a5b94de02984c04611245cc1dcc37b5bc70802747f54fb9c9e02226081fb7f332ffe9b8d7348f95fc6d57881a24f6d4d6b2827031b24fb03c1ade904060a")
	tests := []struct {
		name string
		msg  proto.Message
		hex  string
	}{
		{"Hello", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
			ProtocolVersion: 2, Name: "steve", Features: []string{protocol.FeatureDatagramInput}, ViewDistance: 8, PublicKey: pub}}}, `
			3f | 0a 3d 08 02 12 05 73 74 65 76 65 1a 0e 64 61 74 61 67 72 61 6d 2d 69 6e 70 75
			74 20 08 2a 20 03 a1 07 bf f3 ce 10 be 1d 70 dd 18 e7 4b c0 99 67 e4 d6 30 9b
			a5 0d 5f 1d dc 86 64 12 55 31 b8`},
		{"Challenge", &protocol.ServerMessage{Kind: &protocol.ServerMessage_Challenge{Challenge: &protocol.Challenge{
			Nonce: seq(0xa0), Binding: protocol.Binding_BINDING_SERVER_CERT}}}, `
			26 | 7a 24 0a 20 a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af b0 b1 b2 b3 b4 b5
			b6 b7 b8 b9 ba bb bc bd be bf 10 02`},
		{"Proof", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: sig}}}, `
			44 | 52 42 0a 40 bc b6 a5 b9 4d e0 29 84 c0 46 11 24 5c c1 dc c3 7b 5b c7 08 02 74
			7f 54 fb 9c 9e 02 22 60 81 fb 7f 33 2f fe 9b 8d 73 48 f9 5f c6 d5 78 81 a2 4f
			6d 4d 6b 28 27 03 1b 24 fb 03 c1 ad e9 04 06 0a`},
		{"Reject", &protocol.ServerMessage{Kind: &protocol.ServerMessage_Reject{Reject: &protocol.Reject{
			Code: protocol.ErrorCode_ERROR_CODE_UNSUPPORTED_VERSION, Reason: "v3?", MinVersion: 2, MaxVersion: 2}}},
			"0d | 12 0b 08 02 12 03 76 33 3f 18 02 20 02"},
	}
	for _, tt := range tests {
		checkSpecExample(t, tt.name, tt.msg, tt.hex)
	}
	// The Proof is the vector's signature of the vector's login.
	if err := protocol.VerifyLogin(pub, protocol.Binding_BINDING_SERVER_CERT, seq(0x40), seq(0xa0), "steve", sig); err != nil {
		t.Errorf("the example Proof does not verify: %v", err)
	}
}

// TestSpecDatagramExamples: the datagrams of docs/protocol.md §10, a
// PlayerState, the CompactState sent instead of it under compact-states,
// and a CompactStates batch of it and another under state-batches.
func TestSpecDatagramExamples(t *testing.T) {
	ps := &protocol.PlayerState{EntityId: 1002, Position: protocol.V3(1, 2, 3), Yaw: 90, Tick: 5}
	for _, tt := range []struct {
		name string
		msg  *protocol.Datagram
		hex  string
	}{
		{"PlayerState", &protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: ps}},
			"0a 27 08 ea 07 12 1b 09 00 00 00 00 00 00 f0 3f 11 00 00 00 00 00 00 00 40 19 00 00 00 00 00 00 08 40 1d 00 00 b4 42 28 05"},
		{"CompactState", &protocol.Datagram{Kind: &protocol.Datagram_CompactState{CompactState: protocol.NewCompactState(ps)}},
			"1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05"},
		{"CompactStates", &protocol.Datagram{Kind: &protocol.Datagram_CompactStates{CompactStates: &protocol.CompactStates{States: []*protocol.CompactState{
			protocol.NewCompactState(ps),
			protocol.NewCompactState(&protocol.PlayerState{EntityId: 1003, Position: protocol.V3(-1.5, 64, 0), Tick: 5, Velocity: protocol.V3f(4.25, 0, 0)}),
		}}}},
			"22 24 1a 11 08 ea 07 10 80 10 18 80 20 20 80 30 28 c0 16 38 05 1a 0f 08 eb 07 10 ff 17 18 80 80 08 38 05 40 80 11"},
	} {
		b, err := MarshalDatagram(tt.msg)
		if err != nil {
			t.Fatal(err)
		}
		checkSpecBytes(t, tt.name, b, tt.hex)
	}
}

// checkSpecExample checks that msg encodes as the hex of a worked example
// (a "|" between prefix and payload, whitespace anywhere) and that the
// same hex appears in docs/protocol.md, so that the document cannot drift
// from the test either.
func checkSpecExample(t *testing.T, name string, msg proto.Message, spec string) {
	t.Helper()
	b, err := Marshal(msg, ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	checkSpecBytes(t, name, b, spec)
}

// checkSpecBytes is checkSpecExample of bytes already encoded.
func checkSpecBytes(t *testing.T, name string, b []byte, spec string) {
	t.Helper()
	want := strings.ReplaceAll(squeeze(spec), "|", "")
	if got := hex.EncodeToString(b); got != want {
		t.Errorf("%s: encodes as %s, the spec says %s", name, got, want)
	}
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(squeeze(string(doc)), squeeze(spec)) {
		t.Errorf("%s: the example %q is not in docs/protocol.md", name, spec)
	}
}

// squeeze drops every white space character.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// TestSpecLODExamples: the level-of-detail frames of docs/protocol.md
// §5.6, byte for byte, and present in the document.
func TestSpecLODExamples(t *testing.T) {
	stone := []byte{0x01, 0x00, 0x01}
	pos := &protocol.SectionPos{X: -3, Y: -1, Z: 2}
	tests := []struct {
		name string
		msg  proto.Message
		hex  string
	}{
		{"Subscribe with LOD", &protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 8, LodLevels: 7}}},
			"06 | 42 04 08 08 10 07"},
		{"LODSection", &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Lod{Lod: &protocol.LODSection{Pos: pos, Level: 3, Data: stone}}},
			"11 | 2a 0f 0a 06 08 05 10 01 18 04 10 03 22 03 01 00 01"},
		{"LODSection revision 1", &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Lod{Lod: &protocol.LODSection{Pos: pos, Level: 3, Revision: 1, Data: stone}}},
			"13 | 2a 11 0a 06 08 05 10 01 18 04 10 03 18 01 22 03 01 00 01"},
		{"LODUnload", &protocol.ChunkMessage{Kind: &protocol.ChunkMessage_LodUnload{LodUnload: &protocol.LODUnload{Level: 2, Coords: []int32{5, 0, -6, 6, 0, -6}}}},
			"0c | 32 0a 08 02 12 06 0a 00 0b 0c 00 0b"},
	}
	for _, tt := range tests {
		checkSpecExample(t, tt.name, tt.msg, tt.hex)
	}
}
