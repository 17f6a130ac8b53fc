package wire

import "github.com/stratavox/strata/net/protocol"

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
