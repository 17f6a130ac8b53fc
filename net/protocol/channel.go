package protocol

import (
	"fmt"
	"strings"
)

// MaxChannelLength is the longest accepted PluginMessage channel name, in
// bytes (channel names are ASCII, so also in characters).
const MaxChannelLength = 64

// ValidChannel reports why name is not an acceptable PluginMessage channel
// name, or nil. A channel is "namespace:name" — for example
// "myplugin:thing" — with exactly one ':' between a non-empty namespace
// and a non-empty name, both of lower-case letters a-z, digits 0-9 and
// _ - . /, at most MaxChannelLength bytes in all. The same rule binds both
// directions: the server refuses a malformed channel from a client, and a
// server-side plugin can register only a valid one.
func ValidChannel(name string) error {
	if name == "" {
		return fmt.Errorf("channel is empty")
	}
	if len(name) > MaxChannelLength {
		return fmt.Errorf("channel is %d bytes, the limit is %d", len(name), MaxChannelLength)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/' || c == ':'
		if !ok {
			return fmt.Errorf("channel has a forbidden character at byte %d (allowed: a-z 0-9 _ - . / and one ':')", i)
		}
	}
	ns, rest, found := strings.Cut(name, ":")
	switch {
	case !found:
		return fmt.Errorf("channel has no ':' (want namespace:name)")
	case strings.Contains(rest, ":"):
		return fmt.Errorf("channel has more than one ':' (want namespace:name)")
	case ns == "":
		return fmt.Errorf("channel has an empty namespace (want namespace:name)")
	case rest == "":
		return fmt.Errorf("channel has an empty name (want namespace:name)")
	}
	return nil
}
