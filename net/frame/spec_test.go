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
		ProtocolVersion: 1, EntityId: 1001, Spawn: protocol.V3(0.5, 80, 0.5), Seed: 42, GeneratorVersion: 1,
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
	9f 02 | 0a 9c 02 08 01 10 e9 07 1a 1b 09 00 00 00 00 00 00 e0 3f 11 00 00 00 00 00 00 54 40
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
