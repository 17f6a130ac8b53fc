package client_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/testkit"
)

// pipeServer is a transport server without sockets whose stand-in tick
// admits every client and hands it to the test on admitted, so the test
// plays the server's side itself; clients reach it over transport.Pipe.
type pipeServer struct {
	srv      *transport.Server
	admitted chan *transport.Client
	sessions sync.WaitGroup
}

func newPipeServer(t *testing.T) *pipeServer {
	t.Helper()
	srv, err := transport.NewSessionServer(transport.Config{Log: nettest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	p := &pipeServer{srv: srv, admitted: make(chan *transport.Client, 4)}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var buf []transport.Event
		tk := time.NewTicker(5 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
			}
			for _, ev := range srv.Inbox().Drain(buf[:0]) {
				if ev.Kind == wire.Connected {
					ev.Client.Accept(wire.Admission{EntityID: 1, Y: 80, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
					p.admitted <- ev.Client
				}
			}
		}
	}()
	t.Cleanup(func() {
		srv.Close()
		p.sessions.Wait()
		close(stop)
		<-done
	})
	return p
}

// open runs the real client over a fresh pipe and returns it with the
// server's side of it.
func (p *pipeServer) open(t *testing.T, o client.Options) (*client.Conn, *transport.Client) {
	t.Helper()
	srvEnd, cliEnd := transport.Pipe(transport.PipeConfig{})
	p.sessions.Add(1)
	go func() {
		defer p.sessions.Done()
		p.srv.ServeSession(srvEnd)
	}()
	o.Name = "watcher"
	o.Log = nettest.Logger(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := client.Open(ctx, cliEnd, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	select {
	case sc := <-p.admitted:
		return c, sc
	case <-time.After(5 * time.Second):
		t.Fatal("the server never admitted the client")
		return nil, nil
	}
}

func stateDatagram(id uint64, x float64, tick uint64) *protocol.Datagram {
	return &protocol.Datagram{Kind: &protocol.Datagram_PlayerState{PlayerState: &protocol.PlayerState{
		EntityId: id, Position: protocol.V3(x, 64, 0), Tick: tick,
	}}}
}

// compactDatagram is stateDatagram as a CompactState (compact-states).
func compactDatagram(id uint64, x float64, tick uint64) *protocol.Datagram {
	return &protocol.Datagram{Kind: &protocol.Datagram_CompactState{CompactState: protocol.NewCompactState(stateDatagram(id, x, tick).GetPlayerState())}}
}

// batchDatagram is the CompactStates of several states in one datagram
// (state-batches).
func batchDatagram(states ...*protocol.Datagram) *protocol.Datagram {
	b := &protocol.CompactStates{}
	for _, d := range states {
		b.States = append(b.States, d.GetCompactState())
	}
	return &protocol.Datagram{Kind: &protocol.Datagram_CompactStates{CompactStates: b}}
}

// TestEntitiesOverPipe runs the real client against the real transport
// over an in-memory session: the client asks for "entities" by default,
// keeps the entities the server spawns, moves them by PlayerStates (newer
// tick wins, unknown ids ignored), forgets despawned ones, and reports the
// messages to its handlers.
func TestEntitiesOverPipe(t *testing.T) {
	testkit.CheckNoLeaks(t)
	p := newPipeServer(t)
	var spawnMsgs, despawnMsgs, states, controls atomic.Int32
	c, sc := p.open(t, client.Options{Handlers: client.Handlers{
		OnEntitySpawns:   func(*protocol.EntitySpawns) { spawnMsgs.Add(1) },
		OnEntityDespawns: func(*protocol.EntityDespawns) { despawnMsgs.Add(1) },
		OnPlayerState:    func(*protocol.PlayerState) { states.Add(1) },
		OnControl: func(m *protocol.ServerMessage) {
			if m.GetEntitySpawns() != nil || m.GetEntityDespawns() != nil {
				controls.Add(1)
			}
		},
	}})
	if !c.HasFeature(protocol.FeatureEntities) || !sc.HasFeature(protocol.FeatureEntities) {
		t.Fatalf("entities not granted: client sees %v, server %v", c.Welcome().GetFeatures(), sc.Features())
	}

	const critter = 1<<62 | 7
	sc.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_EntitySpawns{EntitySpawns: &protocol.EntitySpawns{
		Entities: []*protocol.EntitySpawn{
			{EntityId: 2, Kind: client.KindPlayer, Name: "alice", Position: protocol.V3(1, 64, 0), Width: 0.6, Height: 1.8, Tick: 10},
			{EntityId: critter, Kind: "strata:critter", Position: protocol.V3(5, 64, 0), Width: 0.5, Height: 0.5, Tick: 10,
				Attributes: []*protocol.EntityAttribute{{Key: "strata:color", Value: 3}}},
		},
	}}})
	waitUntil(t, "both entities spawned", func() bool { return c.EntityCount() == 2 })
	if spawnMsgs.Load() != 1 {
		t.Errorf("OnEntitySpawns called %d times, want 1", spawnMsgs.Load())
	}
	if e, ok := c.Entity(critter); !ok || e.Kind != "strata:critter" || e.Attributes["strata:color"] != 3 || e.Height != 0.5 {
		t.Errorf("critter = %+v, %v", e, ok)
	}

	// A datagram can be lost on a real link, never on the pipe: each is
	// sent once and waited for.
	for _, d := range []struct {
		dg   *protocol.Datagram
		what string
	}{
		{stateDatagram(2, 2, 12), "alice moves"},
		{stateDatagram(2, 9, 11), "an older state of alice"},
		{stateDatagram(404, 9, 13), "a state of an unknown id"},
		{stateDatagram(critter, 6, 12), "the critter moves"},
		{compactDatagram(critter, 6.25, 13), "the critter moves, in fixed point"},
		{compactDatagram(critter, 7, 12), "an older state of the critter, in fixed point"},
	} {
		n := states.Load()
		if !sc.SendDatagram(d.dg) {
			t.Fatalf("%s: SendDatagram refused", d.what)
		}
		waitUntil(t, d.what, func() bool { return states.Load() == n+1 })
	}
	if e, _ := c.Entity(2); e.Position.X != 2 || e.Tick != 12 || e.Name != "alice" {
		t.Errorf("alice = %+v, want x 2 at tick 12", e)
	}
	if e, _ := c.Entity(critter); e.Position.X != 6.25 || e.Position.Y != 64 || e.Tick != 13 {
		t.Errorf("critter = %+v, want (6.25, 64) at tick 13", e)
	}
	// A batch (state-batches): each of its states as if it came alone.
	n := states.Load()
	if !sc.SendDatagram(batchDatagram(compactDatagram(2, 3, 14), compactDatagram(critter, 5, 10), compactDatagram(404, 1, 14))) {
		t.Fatal("SendDatagram of a batch refused")
	}
	waitUntil(t, "a batch of three states", func() bool { return states.Load() == n+3 })
	if e, _ := c.Entity(2); e.Position.X != 3 || e.Tick != 14 {
		t.Errorf("alice = %+v after the batch, want x 3 at tick 14", e)
	}
	if e, _ := c.Entity(critter); e.Position.X != 6.25 || e.Tick != 13 {
		t.Errorf("critter = %+v after the batch's stale state, want (6.25, 64) at tick 13", e)
	}
	if _, ok := c.Entity(404); ok {
		t.Error("a state of an unknown id made an entity")
	}

	sc.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_EntityDespawns{EntityDespawns: &protocol.EntityDespawns{EntityIds: []uint64{2}}}})
	waitUntil(t, "alice despawned", func() bool { return c.EntityCount() == 1 })
	if ids := entityIDs(c); !slices.Equal(ids, []uint64{critter}) {
		t.Errorf("held %v after the despawn, want only the critter", ids)
	}
	st := c.Stats()
	if st.EntitySpawns != 2 || st.EntityDespawns != 1 || st.EntityStates != 4 || st.StaleStates != 3 || st.UnknownStates != 2 || st.Entities != 1 {
		t.Errorf("stats %+v", st)
	}
	if despawnMsgs.Load() != 1 || controls.Load() != 2 {
		t.Errorf("OnEntityDespawns called %d times, OnControl saw %d entity messages; want 1 and 2", despawnMsgs.Load(), controls.Load())
	}
}

// TestNoEntities: with Options.NoEntities the client does not ask for the
// feature, and PlayerStates are only reported, never kept.
func TestNoEntities(t *testing.T) {
	testkit.CheckNoLeaks(t)
	p := newPipeServer(t)
	var states atomic.Int32
	c, sc := p.open(t, client.Options{NoEntities: true, Features: []string{protocol.FeaturePlayerStates},
		Handlers: client.Handlers{OnPlayerState: func(*protocol.PlayerState) { states.Add(1) }}})
	if c.HasFeature(protocol.FeatureEntities) || slices.Contains(sc.Hello().GetFeatures(), protocol.FeatureEntities) {
		t.Fatalf("entities asked for or granted: Hello %v, Welcome %v", sc.Hello().GetFeatures(), c.Welcome().GetFeatures())
	}
	if !sc.SendDatagram(stateDatagram(2, 1, 5)) {
		t.Fatal("SendDatagram refused")
	}
	waitUntil(t, "the state reported", func() bool { return states.Load() == 1 })
	if st := c.Stats(); st.Entities != 0 || st.UnknownStates != 0 || len(c.Entities()) != 0 {
		t.Errorf("without entities: %d held, stats %+v", len(c.Entities()), st)
	}
}

func entityIDs(c *client.Conn) []uint64 {
	var out []uint64
	for _, e := range c.Entities() {
		out = append(out, e.ID)
	}
	return out
}
