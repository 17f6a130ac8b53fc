package transport

import (
	"fmt"

	"github.com/stratavox/strata/net/protocol"
)

// ValidChannel reports why name is not an acceptable plugin channel name,
// or nil: "namespace:name", exactly one ':' between a non-empty namespace
// and a non-empty name, both of a-z 0-9 _ - . /, at most
// protocol.MaxChannelLength (64) bytes. The transport refuses a client's
// PluginMessage on a malformed channel with a non-fatal INVALID_MESSAGE
// Error; the server side validates the channels plugins register with it,
// so a plugin cannot serve a channel no client could address.
func ValidChannel(name string) error {
	return protocol.ValidChannel(name)
}

// checkPlugin applies the transport's static rules to an inbound
// PluginMessage: a valid channel name and a payload within
// MaxPluginPayload. It returns NONE when the message passes, otherwise the
// code and text of the non-fatal Error that refuses it. The rate limit is
// the caller's (it is per connection).
func checkPlugin(m *protocol.PluginMessage, l *Limits) (protocol.ErrorCode, string) {
	if err := ValidChannel(m.GetChannel()); err != nil {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, "plugin message dropped: " + err.Error()
	}
	if n := len(m.GetPayload()); n > l.MaxPluginPayload {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
			fmt.Sprintf("plugin message on %s dropped: payload must be at most %d bytes, got %d", m.GetChannel(), l.MaxPluginPayload, n)
	}
	return protocol.ErrorCode_ERROR_CODE_NONE, ""
}
