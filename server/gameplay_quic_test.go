package server_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
	"github.com/stratavox/strata/worldgen"
)

// recorder keeps a client's control messages in arrival order.
type recorder struct {
	mu sync.Mutex
	ms []*protocol.ServerMessage
}

func (r *recorder) add(m *protocol.ServerMessage) {
	r.mu.Lock()
	r.ms = append(r.ms, m)
	r.mu.Unlock()
}

func (r *recorder) all() []*protocol.ServerMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*protocol.ServerMessage(nil), r.ms...)
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, deadline time.Time, cond func() bool) {
	t.Helper()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// seedPlayer stores a player record before the server opens the
// database, so that player joins far from the spawn.
func seedPlayer(t *testing.T, dir string, seed int64, version int, r storage.PlayerRecord) {
	t.Helper()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(seed, version, false); err != nil {
		t.Fatal(err)
	}
	w := storage.NewWriter(db, 1, zerolog.Nop())
	w.Start()
	if !w.Submit(storage.Write{Token: 1, Players: []storage.PlayerRecord{r}}) {
		t.Fatal("submit refused")
	}
	for _, res := range w.Wait(nil) {
		if res.Err != nil {
			t.Fatal(res.Err)
		}
	}
	w.Stop()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestGameplayOverQUIC runs the real pieces — QUIC transport on loopback,
// the terrain generator, Pebble, the network and gameplay plugins on the
// real tick loop — with three real clients: one breaks and places a
// block; another, whose view holds that section, sees both BlockUpdates;
// a third, far away, sees none. The actor's acknowledgements arrive after
// its updates, once the edits are durable.
func TestGameplayOverQUIC(t *testing.T) {
	if testing.Short() {
		t.Skip("loopback QUIC and terrain generation")
	}
	goroutines := runtime.NumGoroutine()
	deadline := time.Now().Add(25 * time.Second)
	dir := t.TempDir()
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	const seed = 7
	gen, err := worldgen.New(seed, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	sx, sy, sz := gen.FindSpawn()
	spawn := components.Position{X: float64(sx) + 0.5, Y: float64(sy), Z: float64(sz) + 0.5}
	seedPlayer(t, dir, seed, gen.Version(), storage.PlayerRecord{Name: "faraway", X: spawn.X + 4000, Y: spawn.Y, Z: spawn.Z})

	cm, err := certs.Open(certs.Options{Dir: dir, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := transport.Listen(transport.Config{
		Listen: "127.0.0.1:0", TLS: cm.TLSConfig(), Log: log,
		World: transport.WorldInfo{Seed: seed, GeneratorVersion: uint32(gen.Version())},
	})
	if err != nil {
		t.Fatal(err)
	}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(
		residency.New(residency.Config{Generator: gen, Workers: 2}),
		persist.New(persist.Config{DataDir: dir, Seed: seed, GeneratorVersion: gen.Version()}),
		network.New(network.Config{Source: &server.TransportSource{Inbox: srv.Inbox()}, Spawn: spawn, MaxViewDistance: 2}),
		gameplay.New(gameplay.DefaultConfig()),
	)
	if err := app.Build(); err != nil {
		srv.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	if _, err := residency.LoadSpawn(ctx, app, components.View{Center: spawn.Section(), Radius: 2}, nil); err != nil {
		cancel()
		srv.Close()
		app.Shutdown()
		t.Fatal(err)
	}
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		app.Run(ctx, ecs.LoopConfig{TPS: 50})
	}()
	var conns []*client.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
		cancel()
		<-ran
		if err := srv.Close(); err != nil {
			t.Error(err)
		}
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
		// Every goroutine of the server, the storage and the clients ends.
		for end := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > goroutines && time.Now().Before(end); {
			time.Sleep(20 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > goroutines {
			buf := make([]byte, 1<<16)
			t.Errorf("%d goroutines left running (%d before):\n%s", n, goroutines, buf[:runtime.Stack(buf, true)])
		}
	}()

	dial := func(name string) (*client.Conn, *recorder) {
		rec := &recorder{}
		dctx, dcancel := context.WithTimeout(ctx, 10*time.Second)
		defer dcancel()
		c, err := client.Dial(dctx, srv.Addr().String(), client.Options{
			Name: name, PinSHA256: cm.Fingerprint().Hex(), ViewDistance: 2, Log: log,
			Handlers: client.Handlers{OnControl: rec.add},
		})
		if err != nil {
			t.Fatalf("dial %s: %v", name, err)
		}
		conns = append(conns, c)
		return c, rec
	}
	actor, actorLog := dial("actor")
	watcher, watcherLog := dial("watcher")
	far, farLog := dial("faraway")
	if w := far.Welcome().GetSpawn(); w.GetX() != spawn.X+4000 {
		t.Fatalf("faraway joined at %v, not at its stored position", w)
	}

	// A block the actor can break and then put back: the top of a column
	// two blocks from it, with air above, as the actor's copy shows it.
	var target [3]int
	var sec chunk.Pos
	waitFor(t, "a target block in the actor's sections", deadline, func() bool {
		for _, d := range [][2]int{{2, 0}, {0, 2}, {-2, 0}, {0, -2}, {2, 2}, {-2, -2}} {
			x, z := sx+d[0], sz+d[1]
			for y := sy + 2; y >= sy-3; y-- {
				p := chunk.PosOfBlock(x, y, z)
				above := chunk.PosOfBlock(x, y+1, z)
				s, ok := actor.Section(p)
				sa, ok2 := actor.Section(above)
				if !ok || !ok2 || s.Decoded == nil || sa.Decoded == nil {
					return false
				}
				lx, ly, lz := chunk.LocalOfBlock(x, y, z)
				ax, ay, az := chunk.LocalOfBlock(x, y+1, z)
				if b := s.Decoded.Get(lx, ly, lz); b.Props().Placeable && sa.Decoded.Get(ax, ay, az) == chunk.Air {
					target, sec = [3]int{x, y, z}, p
					return true
				}
			}
		}
		return false
	})
	waitFor(t, "the watcher to hold the target's section", deadline, func() bool { _, ok := watcher.Section(sec); return ok })
	waitFor(t, "the far client to receive its own sections", deadline, func() bool { return far.Stats().Chunks > 0 })
	if _, ok := far.Section(sec); ok {
		t.Fatalf("the far client holds %v", sec)
	}

	// ackOf waits for the actor's ActionAck for req; it checks the actor's
	// BlockUpdate came first.
	ackOf := func(req uint32) *protocol.ActionAck {
		var ack *protocol.ActionAck
		waitFor(t, fmt.Sprintf("ack %d", req), deadline, func() bool {
			for _, m := range actorLog.all() {
				if a := m.GetActionAck(); a != nil && a.GetRequestId() == req {
					ack = a
					return true
				}
			}
			return false
		})
		for _, m := range actorLog.all() {
			if u := m.GetBlockUpdate(); u != nil && u.GetRevision() == ack.GetRevision() {
				return ack
			}
			if m.GetActionAck() == ack {
				break
			}
		}
		t.Fatalf("the actor's ack %v came before its BlockUpdate", ack)
		return nil
	}
	tx, ty, tz := int32(target[0]), int32(target[1]), int32(target[2])
	req, err := actor.Break(tx, ty, tz)
	if err != nil {
		t.Fatal(err)
	}
	broke := ackOf(req)
	req, err = actor.Place(tx, ty, tz, chunk.Stone)
	if err != nil {
		t.Fatal(err)
	}
	placed := ackOf(req)
	if !broke.GetAccepted() || !placed.GetAccepted() || placed.GetRevision() != broke.GetRevision()+1 {
		t.Fatalf("acks %v and %v: want both accepted, revisions in a row", broke, placed)
	}

	want := []*protocol.BlockUpdate{
		{Pos: protocol.BP(tx, ty, tz), Block: uint32(chunk.Air), Revision: broke.GetRevision()},
		{Pos: protocol.BP(tx, ty, tz), Block: uint32(chunk.Stone), Revision: placed.GetRevision()},
	}
	var got []*protocol.BlockUpdate
	waitFor(t, "the watcher's block updates", deadline, func() bool {
		got = testkit.UpdatesOf(watcherLog.all())
		return len(got) >= 2
	})
	if len(got) != 2 || got[0].String() != want[0].String() || got[1].String() != want[1].String() {
		t.Fatalf("watcher got %v, want %v", got, want)
	}
	lx, ly, lz := chunk.LocalOfBlock(target[0], target[1], target[2])
	if s, _ := watcher.Section(sec); s.Revision != placed.GetRevision() || s.Decoded == nil || s.Decoded.Get(lx, ly, lz) != chunk.Stone {
		t.Fatalf("watcher's copy of %v is at revision %d (want %d) without the stone", sec, s.Revision, placed.GetRevision())
	}
	time.Sleep(100 * time.Millisecond) // five ticks: anything misrouted would be here by now
	if ups := testkit.UpdatesOf(farLog.all()); len(ups) != 0 || far.Stats().BlockUpdates != 0 {
		t.Fatalf("the far client got block updates: %v", ups)
	}
}
