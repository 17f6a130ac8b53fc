package scenario_test

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// TestHostileClientsCloseAlone plays hostile peers on raw in-memory
// sessions against the whole server — transport, ingest, the plugins —
// while a real client is being streamed a growing view: each hostile peer
// is admitted into the world, then misbehaves, and only its own session
// is closed, with the code the protocol names; its player leaves the
// world, and the real client keeps receiving its sections throughout.
func TestHostileClientsCloseAlone(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	clients := ecs.Resource[network.Clients](s.App())
	alice := s.Connect("alice", client.Options{ViewDistance: 1})
	s.StepUntilSynced(alice)
	at := centreOf(t, alice, s.Spawn().Section(), 1)

	// join admits a raw peer: a login on its control stream, nothing else
	// (it never reads what it is sent after the Challenge).
	join := func(name string) (*transport.PipeEnd, transport.Stream) {
		t.Helper()
		n := clients.Len()
		end := s.Pipe(transport.PipeConfig{})
		st, err := end.OpenStream(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		_, value, err := end.Binding()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := nettest.Login(st, nettest.NewKey(t), &protocol.Hello{Name: name, ViewDistance: 2}, value); err != nil {
			t.Fatalf("login as %s: %v", name, err)
		}
		s.StepUntil(func() bool { return clients.Len() == n+1 }, name+" in the world")
		return end, st
	}

	for _, tc := range []struct {
		name   string
		attack func(t *testing.T, end *transport.PipeEnd, st transport.Stream) error
		want   protocol.ErrorCode
	}{
		{"oversized", func(_ *testing.T, _ *transport.PipeEnd, st transport.Stream) error {
			_, err := st.Write(binary.AppendUvarint(nil, frame.ControlCap+1))
			return err
		}, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE},
		{"garbage", func(_ *testing.T, _ *transport.PipeEnd, st transport.Stream) error {
			_, err := st.Write([]byte{5, 0xff, 0xff, 0xff, 0xff, 0xff})
			return err
		}, protocol.ErrorCode_ERROR_CODE_MALFORMED},
		{"badgram", func(_ *testing.T, end *transport.PipeEnd, _ transport.Stream) error {
			return end.SendDatagram([]byte{0xff, 0xff, 0xff})
		}, protocol.ErrorCode_ERROR_CODE_MALFORMED},
		{"rehello", func(t *testing.T, _ *transport.PipeEnd, st transport.Stream) error {
			b, err := frame.Marshal(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
				ProtocolVersion: protocol.Version, Name: "again",
			}}}, frame.ControlCap)
			if err != nil {
				t.Fatal(err)
			}
			_, err = st.Write(b)
			return err
		}, protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION},
	} {
		t.Run(tc.name, func(t *testing.T) {
			end, st := join(tc.name)
			// Alice's view grows while the attack happens.
			const view = 3
			if err := alice.Subscribe(view); err != nil {
				t.Fatal(err)
			}
			if err := tc.attack(t, end, st); err != nil {
				t.Fatal(err)
			}
			s.StepUntil(func() bool { return end.Context().Err() != nil }, tc.name+"'s session closing")
			var ce *transport.CloseError
			if cause := context.Cause(end.Context()); !errors.As(cause, &ce) || ce.Code != tc.want || !ce.Remote {
				t.Errorf("%s's session closed by %v, want the server's %v", tc.name, cause, tc.want)
			}
			s.StepUntil(func() bool { return clients.Len() == 1 }, tc.name+" leaving the world")

			s.StepUntil(func() bool { return holdsExactly(alice, cylinder(at, view)) }, "alice's new view")
			s.StepUntilSynced(alice)
			if alice.Gone() {
				t.Fatalf("alice disconnected: %v", alice.Err())
			}
			if errs := alice.Errors(); len(errs) != 0 {
				t.Errorf("alice was sent errors: %v", errs)
			}
			// Shrink again, so the next case grows the view anew.
			if err := alice.Subscribe(1); err != nil {
				t.Fatal(err)
			}
			s.StepUntil(func() bool { return holdsExactly(alice, cylinder(at, 1)) }, "alice's view shrinking")
		})
	}
	// Through all that alice never stopped being served.
	if st := alice.Stats(); st.Chunks == 0 || st.Drops == 0 {
		t.Errorf("alice's stats %+v", st)
	}
}
