package frame

import (
	"encoding/hex"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/protocol"
)

// TestSpecPluginExamples: the plugin-channel and refused-action frames of
// docs/protocol.md §10, byte for byte (web/test/protocol.test.js checks
// the same bytes against the browser client).
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
		b, err := Marshal(tt.msg, ControlCap)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.NewReplacer(" ", "", "|", "").Replace(tt.hex)
		if got := hex.EncodeToString(b); got != want {
			t.Errorf("%s: encodes as %s, the spec says %s", tt.name, got, want)
		}
	}
}
