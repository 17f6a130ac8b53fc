package client_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// serveLogin plays the server's half of the login on the server end of a
// pipe: it reads the Hello, challenges it, reads the Proof and checks its
// signature, and returns the Hello. The answer (Welcome or Reject) is the
// caller's to write.
func serveLogin(end *transport.PipeEnd, r io.Reader, w io.Writer) (*protocol.Hello, error) {
	payload, err := frame.ReadFrame(r, frame.ControlCap)
	if err != nil {
		return nil, err
	}
	m, err := frame.DecodeClient(payload)
	if err != nil {
		return nil, err
	}
	hello := m.GetHello()
	if hello == nil {
		return nil, fmt.Errorf("first message %T, want a Hello", m.Kind)
	}
	binding, value, err := end.Binding()
	if err != nil {
		return nil, err
	}
	nonce := bytes.Repeat([]byte{7}, protocol.NonceSize)
	b, err := frame.Marshal(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Challenge{Challenge: &protocol.Challenge{Nonce: nonce, Binding: binding}}}, frame.ControlCap)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if payload, err = frame.ReadFrame(r, frame.ControlCap); err != nil {
		return nil, err
	}
	if m, err = frame.DecodeClient(payload); err != nil {
		return nil, err
	}
	if err := protocol.VerifyLogin(hello.GetPublicKey(), binding, value, nonce, hello.GetName(), m.GetProof().GetSignature()); err != nil {
		return nil, fmt.Errorf("the client's Proof: %w", err)
	}
	return hello, nil
}

// welcomeWith plays a server that reads the Hello and answers w, and
// returns what client.Open made of it.
func welcomeWith(t *testing.T, w *protocol.Welcome) (*client.Conn, error) {
	t.Helper()
	srv, cli := transport.Pipe(transport.PipeConfig{})
	t.Cleanup(func() { srv.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "test over") })
	served := make(chan error, 1)
	go func() {
		st, err := srv.AcceptStream(t.Context())
		if err != nil {
			served <- err
			return
		}
		if _, err := serveLogin(srv, bufio.NewReader(st), st); err != nil {
			served <- err
			return
		}
		b, err := frame.Marshal(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Welcome{Welcome: w}}, frame.ControlCap)
		if err == nil {
			_, err = st.Write(b)
		}
		served <- err
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	c, err := client.Open(ctx, cli, client.Options{Name: "reader", Log: zerolog.Nop()})
	if serr := <-served; serr != nil {
		t.Fatalf("fake server: %v", serr)
	}
	if err == nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, err
}

// TestConnBlocksAndLimits: the client indexes the registry the Welcome
// carries, falls back to the built-in one for a server that sends none,
// and refuses a registry that leaves blocks ambiguous.
func TestConnBlocksAndLimits(t *testing.T) {
	testkit.CheckNoLeaks(t)
	custom := []*protocol.BlockInfo{
		{Id: 0, Name: "strata:air", Transparent: true, Replaceable: true},
		{Id: 1, Name: "mod:glass", Solid: true, Transparent: true, Placeable: true, Breakable: true, Color: 0xc0e0ff},
	}
	c, err := welcomeWith(t, &protocol.Welcome{ProtocolVersion: 2, Blocks: custom, Limits: &protocol.ServerLimits{Reach: 4.5, AllowFlight: true}})
	if err != nil {
		t.Fatal(err)
	}
	b := c.Blocks()
	if !b.FromServer() || b.Len() != 2 {
		t.Fatalf("registry from server %v, %d blocks", b.FromServer(), b.Len())
	}
	if g, ok := b.ByName("mod:glass"); !ok || g.GetId() != 1 || !g.GetTransparent() {
		t.Errorf("mod:glass = %v, %v", g, ok)
	}
	if a, ok := b.ByName("air"); !ok || a.GetId() != 0 {
		t.Errorf("a bare name is the built-in namespace's: air = %v, %v", a, ok)
	}
	if _, ok := b.ByName("stone"); ok {
		t.Error("stone found in a registry without it")
	}
	if _, ok := b.ByID(2); ok {
		t.Error("id 2 found in a registry of 2")
	}
	if l := c.Limits(); l.GetReach() != 4.5 || !l.GetAllowFlight() {
		t.Errorf("limits %v", l)
	}

	old, err := welcomeWith(t, &protocol.Welcome{ProtocolVersion: 1})
	if err != nil {
		t.Fatal(err)
	}
	if ob := old.Blocks(); ob.FromServer() || ob.Len() != len(protocol.BlockRegistry()) {
		t.Errorf("no registry sent: from server %v, %d blocks; want the built-in %d", ob.FromServer(), ob.Len(), len(protocol.BlockRegistry()))
	}
	if s, ok := old.Blocks().ByName("strata:stone"); !ok || s.GetId() != 1 || !s.GetSolid() {
		t.Errorf("built-in stone = %v, %v", s, ok)
	}

	broken := []*protocol.BlockInfo{{Id: 0, Name: "strata:air"}, {Id: 0, Name: "strata:stone"}}
	if _, err := welcomeWith(t, &protocol.Welcome{ProtocolVersion: 2, Blocks: broken}); err == nil || !strings.Contains(err.Error(), "entry 1 has id 0") {
		t.Errorf("Open with an ambiguous registry: %v", err)
	}
}
