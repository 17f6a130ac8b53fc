package transport_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

func TestValidChannel(t *testing.T) {
	tests := []struct {
		channel string
		ok      bool
	}{
		{"myplugin:thing", true},
		{"a:b", true},
		{"my_plugin-2.0:path/to/thing", true},
		{"0:9", true},
		{"ns:" + strings.Repeat("n", protocol.MaxChannelLength-3), true},
		{"", false},
		{"ns:" + strings.Repeat("n", protocol.MaxChannelLength-2), false},
		{"thing", false},
		{":thing", false},
		{"myplugin:", false},
		{":", false},
		{"a:b:c", false},
		{"MyPlugin:thing", false},
		{"my plugin:thing", false},
		{"myplugin:thing\n", false},
		{"myplugin:th\u00efng", false},
		{"myplugin:th\x00ng", false},
	}
	for _, tt := range tests {
		if err := wire.ValidChannel(tt.channel); (err == nil) != tt.ok {
			t.Errorf("ValidChannel(%q) = %v, want ok=%v", tt.channel, err, tt.ok)
		}
	}
}

// pluginErrors dials a client that collects the server's Error messages.
func pluginErrors(h *harness, name string) (*client.Conn, chan *protocol.Error) {
	errs := make(chan *protocol.Error, 256)
	c := h.mustDial(name, func(o *client.Options) {
		o.Handlers.OnControl = func(m *protocol.ServerMessage) {
			if e := m.GetError(); e != nil {
				errs <- e
			}
		}
	})
	return c, errs
}

func pluginFrame(channel string, payload []byte) *protocol.ClientMessage {
	return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: channel, Payload: payload}}}
}

func isPlugin(channel string, payload []byte) func(transport.Event) bool {
	return func(ev transport.Event) bool {
		p := ev.Msg.GetPlugin()
		return ev.Kind == wire.Message && p != nil && p.GetChannel() == channel && bytes.Equal(p.GetPayload(), payload)
	}
}

// TestPluginInbound: a PluginMessage with a valid channel and a payload
// within MaxPluginPayload reaches the tick; a malformed channel or an
// oversized payload is refused with a non-fatal INVALID_MESSAGE Error, as
// invalid chat is, and the connection carries on.
func TestPluginInbound(t *testing.T) {
	const maxPayload = 100
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.MaxPluginPayload = maxPayload
		// Every refusal here is answered: the reply budget is
		// TestRefusedMessageFlood's.
		cfg.Limits.RefusalReplyBurst = 100
	})
	c, errs := pluginErrors(h, "plugger")
	fill := func(n int, b byte) []byte { return bytes.Repeat([]byte{b}, n) }
	invalid := protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE
	none := protocol.ErrorCode_ERROR_CODE_NONE
	tests := []struct {
		name    string
		channel string
		payload []byte
		code    protocol.ErrorCode // NONE: forwarded to the tick
	}{
		{"valid", "myplugin:thing", []byte("hello"), none},
		{"empty payload", "myplugin:ping", nil, none},
		{"payload at the cap", "myplugin:big", fill(maxPayload, 'a'), none},
		{"payload over the cap", "myplugin:big", fill(maxPayload+1, 'b'), invalid},
		{"empty channel", "", []byte("x"), invalid},
		{"no namespace", "thing", []byte("x"), invalid},
		{"empty name", "myplugin:", []byte("x"), invalid},
		{"two colons", "my:plug:in", []byte("x"), invalid},
		{"upper case", "MyPlugin:thing", []byte("x"), invalid},
		{"channel too long", "ns:" + strings.Repeat("n", protocol.MaxChannelLength), []byte("x"), invalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := c.Send(pluginFrame(tt.channel, tt.payload)); err != nil {
				t.Fatal(err)
			}
			if tt.code == none {
				h.Wait("forwarded PluginMessage", 2*time.Second, isPlugin(tt.channel, tt.payload))
			}
			// The Pong is queued after any Error about the message.
			stillServes(t, c)
			var got []*protocol.Error
			for len(errs) > 0 {
				got = append(got, <-errs)
			}
			switch {
			case tt.code == none && len(got) != 0:
				t.Errorf("valid message refused: %v", got)
			case tt.code != none && (len(got) != 1 || got[0].GetCode() != tt.code || got[0].GetFatal()):
				t.Errorf("errors %v, want one non-fatal %v", got, tt.code)
			case tt.code != none && h.Count(isPlugin(tt.channel, tt.payload)) != 0:
				t.Error("refused message reached the tick")
			}
		})
	}
}

// TestPluginRate: plugin messages beyond PluginBurst (and PluginRate) are
// refused, as chat over its rate is, with a non-fatal RATE_LIMITED Error
// each while the replies are within their own budget (RefusalReplyBurst,
// RefusalReplyRate), counted in Stats either way; the rest reach the tick
// and the connection stays open.
func TestPluginRate(t *testing.T) {
	const burst, sent, replyBurst = 5, 30, 5
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.PluginRate = 1
		cfg.Limits.PluginBurst = burst
		cfg.Limits.RefusalReplyRate = 1
		cfg.Limits.RefusalReplyBurst = replyBurst
	})
	c, errs := pluginErrors(h, "chatty")
	before := h.srv.Stats()
	start := time.Now()
	for i := range sent {
		if err := c.Send(pluginFrame("myplugin:spam", []byte{byte(i)})); err != nil {
			t.Fatal(err)
		}
	}
	stillServes(t, c)
	allowed := burst + int(time.Since(start).Seconds()*1) + 1
	isSpam := func(ev transport.Event) bool {
		return ev.Kind == wire.Message && ev.Msg.GetPlugin().GetChannel() == "myplugin:spam"
	}
	replies := 0
	for len(errs) > 0 {
		e := <-errs
		if e.GetCode() != protocol.ErrorCode_ERROR_CODE_RATE_LIMITED || e.GetFatal() {
			t.Errorf("unexpected error %v", e)
		}
		replies++
	}
	// The Pong came after every spam message was read, so the counts are
	// final.
	after := h.srv.Stats()
	limited := int(after.Refused - before.Refused)
	if answered := limited - int(after.RefusedUnanswered-before.RefusedUnanswered); replies != answered || replies > replyBurst+int(time.Since(start).Seconds())+1 {
		t.Errorf("%d Error replies for %d refused messages, %d counted as answered; the reply budget is %d and 1/s",
			replies, limited, answered, replyBurst)
	}
	waitFor(t, "the tick to see every admitted message", func() bool { return h.Count(isSpam) == sent-limited })
	if n := h.Count(isSpam); n < burst || n > allowed {
		t.Errorf("tick saw %d of %d plugin messages; burst %d, rate 1/s allows %d", n, sent, burst, allowed)
	}
}
