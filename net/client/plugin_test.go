package client_test

import (
	"bytes"
	"sync"
	"testing"
	"time"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

// pluginServer runs a transport server whose tick accepts everyone and
// answers a PluginMessage on "echo:once" with the same message, and one on
// "echo:burst" with as many numbered "echo:n" messages as its payload's
// first byte.
func pluginServer(t *testing.T) (addr string, fp certs.Fingerprint) {
	return tickServer(t, func(ev transport.Event) {
		p := ev.Msg.GetPlugin()
		if ev.Kind != wire.Message || p == nil {
			return
		}
		switch p.GetChannel() {
		case "echo:once":
			ev.Client.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Plugin{Plugin: p}})
		case "echo:burst":
			for i := range int(p.GetPayload()[0]) {
				ev.Client.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Plugin{Plugin: &protocol.PluginMessage{
					Channel: "echo:n", Payload: []byte{byte(i)},
				}}})
			}
		}
	})
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestSendPluginAndOnPlugin(t *testing.T) {
	addr, fp := pluginServer(t)
	got := make(chan *protocol.PluginMessage, 4)
	c, err := dial(addr, client.Options{PinSHA256: fp.Hex(), Handlers: client.Handlers{
		OnPlugin: func(m *protocol.PluginMessage) { got <- m },
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	for _, bad := range []string{"", "noname", "Echo:once", "echo:once:twice", "echo:"} {
		if err := c.SendPlugin(bad, []byte("x")); err == nil {
			t.Errorf("SendPlugin(%q) accepted a malformed channel", bad)
		}
	}
	payload := []byte{0, 1, 2, 0xff}
	if err := c.SendPlugin("echo:once", payload); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if m.GetChannel() != "echo:once" || !bytes.Equal(m.GetPayload(), payload) {
			t.Errorf("OnPlugin got %q %x", m.GetChannel(), m.GetPayload())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no PluginMessage echoed")
	}
	if st := c.Stats(); st.PluginMessages != 1 || st.PluginDropped != 0 {
		t.Errorf("stats %+v", st)
	}
}

// TestOnPluginSlowConsumer: a handler that does not keep up fills its
// bounded queue; later messages are dropped and counted, the control
// stream keeps flowing (Pings are answered meanwhile), and the queued ones
// are delivered in order once the handler resumes.
func TestOnPluginSlowConsumer(t *testing.T) {
	const queue, sent = 2, 20
	addr, fp := pluginServer(t)
	release := make(chan struct{})
	var mu sync.Mutex
	var seen []byte
	c, err := dial(addr, client.Options{PinSHA256: fp.Hex(), PluginQueue: queue, Handlers: client.Handlers{
		OnPlugin: func(m *protocol.PluginMessage) {
			<-release
			mu.Lock()
			seen = append(seen, m.GetPayload()[0])
			mu.Unlock()
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SendPlugin("echo:burst", []byte{sent}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "every PluginMessage read", func() bool { return c.Stats().PluginMessages == sent })
	// One message is in the blocked handler (or about to be), queue wait.
	dropped := c.Stats().PluginDropped
	if dropped < sent-queue-1 || dropped > sent-queue {
		t.Errorf("dropped %d of %d with a queue of %d and a stuck handler", dropped, sent, queue)
	}
	before := c.RTT()
	if err := c.Ping(); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "a Pong while the plugin handler is stuck", func() bool { return c.RTT() != before })

	close(release)
	delivered := int(sent - dropped)
	waitUntil(t, "the queued messages delivered", func() bool { mu.Lock(); defer mu.Unlock(); return len(seen) == delivered })
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Fatalf("delivered out of order: %v", seen)
		}
	}
	if seen[0] != 0 {
		t.Errorf("first delivered is #%d, want #0 (the one the handler was given first)", seen[0])
	}
}
