package scenario_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// echoPlugin serves channel "echo:ping": each message is answered, to its
// sender only, on "echo:pong" with the payload reversed.
type echoPlugin struct {
	name string
	// served counts the messages it answered.
	served *int
}

func (p echoPlugin) Name() string { return p.name }

func (echoPlugin) Dependencies() []string { return []string{network.PluginName} }

func (p echoPlugin) Build(app *ecs.App) error {
	network.ServeChannel(app, p.name, "echo:ping", func(_ *ecs.Context, from network.Sender, payload []byte) {
		out := slices.Clone(payload)
		slices.Reverse(out)
		if network.SendChannel(from.Conn, "echo:pong", out) && p.served != nil {
			*p.served++
		}
	})
	return nil
}

func reversed(b []byte) []byte {
	out := slices.Clone(b)
	slices.Reverse(out)
	return out
}

// TestPluginChannels sends plugin messages through the real client and
// transport to a plugin of the App: answers come back on the plugin's
// channel to the sender alone; an unserved channel and an oversized
// payload are refused with non-fatal Errors and the client carries on.
func TestPluginChannels(t *testing.T) {
	testkit.CheckNoLeaks(t)
	served := 0
	s := scenario.New(t, scenario.WithPlugins(echoPlugin{name: "echo", served: &served}))
	alice := s.Connect("alice", client.Options{ViewDistance: 1})
	bob := s.Connect("bob", client.Options{ViewDistance: 1})

	ping := func(c *scenario.Client, payload []byte) {
		t.Helper()
		n := len(c.PluginsOn("echo:pong"))
		if err := c.SendPlugin("echo:ping", payload); err != nil {
			t.Fatal(err)
		}
		s.StepUntil(func() bool { return len(c.PluginsOn("echo:pong")) > n }, c.Name()+"'s pong")
		if got := c.PluginsOn("echo:pong")[n].GetPayload(); !bytes.Equal(got, reversed(payload)) {
			t.Fatalf("%s's pong is %q, want %q", c.Name(), got, reversed(payload))
		}
	}

	ping(alice, []byte("hello, plugin"))
	// The largest payload the transport accepts, and an empty one.
	ping(alice, bytes.Repeat([]byte("0123456789abcdef"), 1024))
	ping(alice, nil)
	if served != 3 {
		t.Errorf("plugin answered %d messages, want 3", served)
	}
	// Answers go to their sender alone.
	ping(bob, []byte("bob"))
	if n := len(alice.PluginsOn("echo:pong")); n != 3 {
		t.Errorf("alice received %d pongs, want her 3", n)
	}

	t.Run("unknown channel", func(t *testing.T) {
		errs := len(alice.Errors())
		if err := alice.SendPlugin("nobody:home", []byte{1}); err != nil {
			t.Fatal(err)
		}
		s.StepUntil(func() bool { return len(alice.Errors()) > errs }, "the UNKNOWN_CHANNEL error")
		e := alice.Errors()[errs]
		if e.GetCode() != protocol.ErrorCode_ERROR_CODE_UNKNOWN_CHANNEL || e.GetFatal() || !strings.Contains(e.GetMessage(), "nobody:home") {
			t.Errorf("Error %v fatal %v %q, want a non-fatal UNKNOWN_CHANNEL naming the channel", e.GetCode(), e.GetFatal(), e.GetMessage())
		}
		if ch := ecs.Resource[network.Channels](s.App()); ch.Unknown != 1 {
			t.Errorf("Channels.Unknown = %d, want 1", ch.Unknown)
		}
		// Still connected, and echo still answers.
		ping(alice, []byte("still here"))
		if alice.Gone() {
			t.Fatalf("alice disconnected: %v", alice.Err())
		}
	})

	t.Run("oversized payload", func(t *testing.T) {
		errs := len(alice.Errors())
		before := served
		if err := alice.SendPlugin("echo:ping", make([]byte, 16<<10+1)); err != nil {
			t.Fatal(err)
		}
		s.StepUntil(func() bool { return len(alice.Errors()) > errs }, "the oversized payload's error")
		e := alice.Errors()[errs]
		if e.GetCode() != protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE || e.GetFatal() || !strings.Contains(e.GetMessage(), "16384") {
			t.Errorf("Error %v fatal %v %q, want a non-fatal INVALID_MESSAGE naming the cap", e.GetCode(), e.GetFatal(), e.GetMessage())
		}
		ping(alice, []byte("after"))
		if served != before+1 {
			t.Errorf("the oversized message reached the plugin (%d answers, want %d)", served, before+1)
		}
		if alice.Gone() {
			t.Fatalf("alice disconnected: %v", alice.Err())
		}
	})

	t.Run("malformed channel", func(t *testing.T) {
		// The client refuses to send it...
		if err := alice.SendPlugin("Echo:Ping", nil); err == nil {
			t.Error("SendPlugin accepted a malformed channel")
		}
		// ...and a raw message on one is refused by the transport.
		errs := len(alice.Errors())
		if err := alice.Send(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: "echo"}}}); err != nil {
			t.Fatal(err)
		}
		s.StepUntil(func() bool { return len(alice.Errors()) > errs }, "the malformed channel's error")
		if e := alice.Errors()[errs]; e.GetCode() != protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE || e.GetFatal() {
			t.Errorf("Error %v fatal %v, want a non-fatal INVALID_MESSAGE", e.GetCode(), e.GetFatal())
		}
		ping(alice, []byte("ok"))
	})
}

// TestPluginChannelTakenTwice: a second plugin registering a served
// channel fails the build, naming the channel and both plugins.
func TestPluginChannelTakenTwice(t *testing.T) {
	testkit.CheckNoLeaks(t)
	_, err := scenario.Build(t, scenario.WithPlugins(echoPlugin{name: "echo"}, echoPlugin{name: "echo-copy"}))
	if err == nil {
		t.Fatal("Build accepted two plugins serving echo:ping")
	}
	t.Log(err)
	for _, want := range []string{`"echo:ping"`, `already served by plugin "echo"`, `plugin "echo-copy"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("build error %q does not say %s", err, want)
		}
	}
}
