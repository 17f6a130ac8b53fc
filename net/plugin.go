package transport

import (
	"fmt"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// checkPlugin applies the transport's static rules to an inbound
// PluginMessage: a valid channel name and a payload within
// MaxPluginPayload. It returns NONE when the message passes, otherwise the
// code and text of the non-fatal Error that refuses it. The rate limit is
// the caller's (it is per connection).
func checkPlugin(m *protocol.PluginMessage, l *Limits) (protocol.ErrorCode, string) {
	if err := wire.ValidChannel(m.GetChannel()); err != nil {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, "plugin message dropped: " + err.Error()
	}
	if n := len(m.GetPayload()); n > l.MaxPluginPayload {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
			fmt.Sprintf("plugin message on %s dropped: payload must be at most %d bytes, got %d", m.GetChannel(), l.MaxPluginPayload, n)
	}
	return protocol.ErrorCode_ERROR_CODE_NONE, ""
}
