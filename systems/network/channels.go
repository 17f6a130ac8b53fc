package network

import (
	"fmt"
	"slices"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// Channels routes plugin messages (protocol.PluginMessage): each channel
// name ("myplugin:thing") is served by the one plugin that registered it
// with ServeChannel. The transport has already capped the payload's size
// and the sender's rate; a message on a channel nobody serves gets the
// sender a non-fatal UNKNOWN_CHANNEL error, within the connection's
// budget of such replies. The network plugin owns it.
type Channels struct {
	served map[string]channel
	// Unknown counts messages on channels nobody serves.
	Unknown uint64
}

type channel struct {
	plugin string
	fn     func(ctx *ecs.Context, from Sender, payload []byte)
}

func newChannels() *Channels { return &Channels{served: map[string]channel{}} }

// ServeChannel registers fn for the messages clients send on channel
// name; the ingest system calls it in arrival order. A name is served by
// one plugin; a malformed name (wire.ValidChannel) or a second
// registration is a build error. The payload is the client's: validate it.
func ServeChannel(app *ecs.App, plugin, name string, fn func(ctx *ecs.Context, from Sender, payload []byte)) {
	c := ecs.RequireResource[Channels](app)
	if c == nil {
		return
	}
	if err := wire.ValidChannel(name); err != nil {
		app.Fail(fmt.Errorf("serve channel %q: %w", name, err))
		return
	}
	if old, dup := c.served[name]; dup {
		app.Fail(fmt.Errorf("serve channel %q: already served by plugin %q", name, old.plugin))
		return
	}
	c.served[name] = channel{plugin: plugin, fn: fn}
}

// SendChannel queues a plugin message for one client on its control
// stream, reporting false when its queue refused it. The client's code
// for the channel reads it; clients that do not know the channel ignore it.
func SendChannel(conn components.Conn, name string, payload []byte) bool {
	if conn == nil {
		return false
	}
	return conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: name, Payload: payload}}})
}

// Names lists the served channels, each as "channel→plugin", sorted.
func (c *Channels) Names() []string {
	out := make([]string, 0, len(c.served))
	for name, ch := range c.served {
		out = append(out, name+"→"+ch.plugin)
	}
	slices.Sort(out)
	return out
}

// receive is the network plugin's handler of inbound plugin messages.
func (c *Channels) receive(ctx *ecs.Context, from Sender, m *protocol.ClientMessage_Plugin) {
	name := m.Plugin.GetChannel()
	ch, ok := c.served[name]
	if !ok {
		c.Unknown++
		warn(from.Conn, protocol.ErrorCode_ERROR_CODE_UNKNOWN_CHANNEL, "no plugin serves "+name)
		return
	}
	ch.fn(ctx, from, m.Plugin.GetPayload())
}
