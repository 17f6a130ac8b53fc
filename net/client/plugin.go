package client

import (
	"fmt"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// SendPlugin sends payload on the plugin channel ("namespace:name", see
// wire.ValidChannel, the rule the server applies). A malformed
// channel is an error and nothing is sent. The server refuses, with a
// non-fatal Error the client sees in Handlers.OnControl, a payload over its
// MaxPluginPayload (16 KiB by default) or messages over its plugin rate
// (20/s, burst 40, by default), and answers a channel no plugin serves
// with a non-fatal ERROR_CODE_UNKNOWN_CHANNEL.
func (c *Conn) SendPlugin(channel string, payload []byte) error {
	if err := wire.ValidChannel(channel); err != nil {
		return fmt.Errorf("client: plugin channel %q: %w", channel, err)
	}
	return c.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{
		Channel: channel, Payload: payload,
	}}})
}

// queuePlugin hands a server PluginMessage to Handlers.OnPlugin without
// blocking the control reader: the message waits in a bounded queue, or
// is dropped (and counted) when the queue is full. The delivering
// goroutine starts with the first message, so every way of making a Conn
// gets it.
func (c *Conn) queuePlugin(m *protocol.PluginMessage) {
	c.stats.plugin.Add(1)
	h := c.opts.Handlers.OnPlugin
	if h == nil {
		return
	}
	c.pluginOnce.Do(func() {
		c.pluginQ = make(chan *protocol.PluginMessage, max(c.opts.PluginQueue, 1))
		// Called from a reader, which holds its own count on wg: the Add
		// cannot race with Close's Wait reaching zero.
		c.wg.Add(1)
		go c.deliverPlugins(h)
	})
	select {
	case c.pluginQ <- m:
	default:
		c.stats.pluginDropped.Add(1)
	}
}

// deliverPlugins calls h for each queued PluginMessage until the
// connection ends.
func (c *Conn) deliverPlugins(h func(*protocol.PluginMessage)) {
	defer c.wg.Done()
	for {
		select {
		case m := <-c.pluginQ:
			h(m)
		case <-c.ctx.Done():
			return
		}
	}
}
