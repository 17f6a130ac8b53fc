package scenario_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// The tests of this file pin behaviour docs/protocol.md states where a
// client's author would otherwise guess.

// rawPeer is an admitted client on a raw in-memory session that records
// every control frame it is sent.
type rawPeer struct {
	end *transport.PipeEnd
	st  transport.Stream

	mu   sync.Mutex
	msgs []*protocol.ServerMessage
	err  error
}

func joinRaw(t *testing.T, s *scenario.Scenario, h *protocol.Hello) *rawPeer {
	t.Helper()
	p := &rawPeer{end: s.Pipe(transport.PipeConfig{})}
	st, err := p.end.OpenStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	p.st = st
	_, value, err := p.end.Binding()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nettest.Login(st, nettest.NewKey(t), h, value); err != nil {
		t.Fatalf("login as %s: %v", h.GetName(), err)
	}
	go func() {
		for {
			m, err := nettest.ReadMessage(st)
			p.mu.Lock()
			if err != nil {
				p.err = err
				p.mu.Unlock()
				return
			}
			p.msgs = append(p.msgs, m)
			p.mu.Unlock()
		}
	}()
	s.StepUntil(func() bool { return p.welcome() != nil }, h.GetName()+"'s Welcome")
	return p
}

func (p *rawPeer) welcome() *protocol.Welcome {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range p.msgs {
		if w := m.GetWelcome(); w != nil {
			return w
		}
	}
	return nil
}

func (p *rawPeer) errors() []*protocol.Error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*protocol.Error
	for _, m := range p.msgs {
		if e := m.GetError(); e != nil {
			out = append(out, e)
		}
	}
	return out
}

func (p *rawPeer) pongs() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, m := range p.msgs {
		if m.GetPong() != nil {
			n++
		}
	}
	return n
}

func (p *rawPeer) send(t *testing.T, m *protocol.ClientMessage) {
	t.Helper()
	if err := nettest.WriteMessage(p.st, m); err != nil {
		t.Fatal(err)
	}
}

// TestUnservedKindsAfterWelcome (§5.4): a Pong the server never asked for
// reaches the server's simulation, where no plugin serves its kind: it is
// dropped with a non-fatal INVALID_MESSAGE Error and the connection goes
// on (a second Hello or Proof, by contrast, closes it with
// PROTOCOL_VIOLATION: net/hostile_test.go).
func TestUnservedKindsAfterWelcome(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	clients := ecs.Resource[network.Clients](s.App())
	p := joinRaw(t, s, &protocol.Hello{Name: "proofer", ViewDistance: 1})

	for i, m := range []*protocol.ClientMessage{
		{Kind: &protocol.ClientMessage_Pong{Pong: &protocol.Pong{Nonce: 7}}},
	} {
		p.send(t, m)
		s.StepUntil(func() bool { return len(p.errors()) > i }, "the Error")
		e := p.errors()[i]
		if e.GetCode() != protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE || e.GetFatal() {
			t.Fatalf("%T answered %v fatal=%v (%q), want a non-fatal INVALID_MESSAGE", m.GetKind(), e.GetCode(), e.GetFatal(), e.GetMessage())
		}
	}
	// Still connected and in the world: a Ping is answered.
	p.send(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{Nonce: 1}}})
	s.StepUntil(func() bool { return p.pongs() == 1 }, "the Pong")
	if err := p.end.Context().Err(); err != nil || clients.Len() != 1 {
		t.Fatalf("session ended (%v) or player gone (%d clients)", err, clients.Len())
	}
}

// TestPluginErrorsOutOfOrder (§5.8): the transport refuses a plugin
// message it can check alone (here an oversized payload) at once, while
// UNKNOWN_CHANNEL comes from the simulation's next tick, so the Error of
// a later message can arrive before the Error of an earlier one.
func TestPluginErrorsOutOfOrder(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	c := s.Connect("ann", client.Options{ViewDistance: 1})

	if err := c.SendPlugin("nobody:home", []byte{1}); err != nil { // first: UNKNOWN_CHANNEL
		t.Fatal(err)
	}
	if err := c.SendPlugin("nobody:home", make([]byte, 16<<10+1)); err != nil { // second: too large
		t.Fatal(err)
	}
	// No tick runs meanwhile: the transport's own refusal comes alone.
	deadline := time.Now().Add(scenario.DefaultTimeout)
	for len(c.Errors()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no Error from the transport")
		}
		time.Sleep(time.Millisecond)
	}
	s.StepUntil(func() bool { return len(c.Errors()) == 2 }, "both Errors")
	var got []protocol.ErrorCode
	for _, e := range c.Errors() {
		if e.GetFatal() {
			t.Fatalf("fatal Error %v", e)
		}
		got = append(got, e.GetCode())
	}
	want := []protocol.ErrorCode{protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, protocol.ErrorCode_ERROR_CODE_UNKNOWN_CHANNEL}
	if !slices.Equal(got, want) {
		t.Fatalf("Errors %v, want %v: the second message's first", got, want)
	}
}

// TestFeaturesOnlyWhenAsked (§7): the server grants a feature only when
// the Hello asks for it; "entities" included. The Go client asks for
// entities and deflate-chunks unless told not to.
func TestFeaturesOnlyWhenAsked(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	p := joinRaw(t, s, &protocol.Hello{Name: "bare", ViewDistance: 1})
	if f := p.welcome().GetFeatures(); len(f) != 0 {
		t.Fatalf("a Hello asking for nothing was granted %v", f)
	}
	plain := s.Connect("plain", client.Options{ViewDistance: 1, NoEntities: true, PlainChunks: true})
	if f := plain.Conn.Welcome().GetFeatures(); len(f) != 0 {
		t.Fatalf("a client asking for nothing was granted %v", f)
	}
	def := s.Connect("usual", client.Options{ViewDistance: 1})
	if f := def.Conn.Welcome().GetFeatures(); !slices.Contains(f, protocol.FeatureEntities) || !slices.Contains(f, protocol.FeatureDeflateChunks) {
		t.Fatalf("the Go client's defaults were granted %v, want entities and deflate-chunks", f)
	}
}
