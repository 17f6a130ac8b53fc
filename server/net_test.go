package server

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/testkit"
)

// startServer runs a real server (Pebble in a temp dir, QUIC and admin on
// loopback) until the test ends.
func startServer(t testing.TB, cfg Config) (*Server, func()) {
	t.Helper()
	return runServer(t, cfg, func(cfg Config, log zerolog.Logger) (*Server, error) { return New(cfg, log) })
}

// runServer makes a server with mk, on loopback ports, runs it until the
// test ends (or stop is called) and returns once it listens.
func runServer(t testing.TB, cfg Config, mk func(Config, zerolog.Logger) (*Server, error)) (*Server, func()) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	cfg.Admin = "127.0.0.1:0"
	srv, err := mk(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(stop)
	deadline := time.Now().Add(30 * time.Second)
	for srv.status.Latest() == nil || !srv.ready.Load() || srv.netAddr() == "" {
		if time.Now().After(deadline) {
			t.Fatal("server not listening after 30s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return srv, stop
}

// netAddr reads the listener's address once Run has opened it.
func (s *Server) netAddr() string { return s.NetAddr() }

// seedPlayers stores player records so that clients of those names join
// where the test wants them.
func seedPlayers(t *testing.T, dir string, seed int64, recs ...storage.PlayerRecord) {
	t.Helper()
	db, err := storage.Open(dir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Claim(seed, Defaults().GeneratorVersion, false); err != nil {
		t.Fatal(err)
	}
	if err := db.PutPlayers(recs); err != nil {
		t.Fatal(err)
	}
}

func dialPlayer(t testing.TB, srv *Server, name string, view uint32) *client.Conn {
	t.Helper()
	return dialPlayerOpts(t, srv, client.Options{Name: name, ViewDistance: view})
}

// dialPlayerOpts connects a client pinned to the server's certificate.
func dialPlayerOpts(t testing.TB, srv *Server, o client.Options) *client.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	o.PinSHA256 = srv.CertSHA256()
	c, err := client.Dial(ctx, srv.NetAddr(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// cylinderAround is the subscription of a player at p with view radius r
// under the default hysteresis (one extra ring).
func cylinderAround(p chunk.Pos, r int) []chunk.Pos {
	out := resources.Cylinder{Center: p, Radius: r, Pad: 1}.Positions(nil)
	slices.SortFunc(out, chunk.ComparePos)
	return out
}

func waitSections(t *testing.T, c *client.Conn, want []chunk.Pos) {
	t.Helper()
	waitSectionsOf(t, c, want)
}

// waitAdmitted waits until c holds exactly the subscription of radius r
// around one of the first centres a player admitted in section at may
// have, and returns that centre.
func waitAdmitted(t *testing.T, c *client.Conn, at chunk.Pos, r int) chunk.Pos {
	t.Helper()
	var wants [][]chunk.Pos
	for _, centre := range testkit.AdmissionCentres(at) {
		wants = append(wants, cylinderAround(centre, r))
	}
	return testkit.AdmissionCentres(at)[waitSectionsOf(t, c, wants...)]
}

// waitSectionsOf waits until c holds exactly one of wants (each in
// position order) and returns which.
func waitSectionsOf(t *testing.T, c *client.Conn, wants ...[]chunk.Pos) int {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := c.Positions()
		slices.SortFunc(got, chunk.ComparePos)
		for i, want := range wants {
			if slices.Equal(got, want) {
				return i
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("client holds %d sections, want exactly %d", len(got), len(wants[0]))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTwoClientsGetTheirOwnCylinders connects two players 1,000 blocks
// apart over real QUIC: each receives exactly its own subscription.
func TestTwoClientsGetTheirOwnCylinders(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	seedPlayers(t, cfg.DataDir, cfg.Seed,
		storage.PlayerRecord{Name: "alice", X: 8, Y: 100, Z: 8},
		storage.PlayerRecord{Name: "bob", X: 1008, Y: 100, Z: 8},
	)
	srv, _ := startServer(t, cfg)
	alice := dialPlayer(t, srv, "alice", 3)
	bob := dialPlayer(t, srv, "bob", 3)
	aliceWant := cylinderAround(waitAdmitted(t, alice, chunk.PosOfFloat(8, 100, 8), 3), 3)
	waitAdmitted(t, bob, chunk.PosOfFloat(1008, 100, 8), 3)
	// Nothing more arrives: the subscriptions are complete and disjoint.
	time.Sleep(200 * time.Millisecond)
	waitSections(t, alice, aliceWant)
	if st := alice.Stats(); st.Drops != 0 {
		t.Fatalf("alice received %d drops without moving", st.Drops)
	}
}

// TestSubscriptionChangeDropsOnlyThatClient shrinks one client's view:
// it is sent Drops for the ring it left, the other client is untouched.
func TestSubscriptionChangeDropsOnlyThatClient(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	seedPlayers(t, cfg.DataDir, cfg.Seed,
		storage.PlayerRecord{Name: "alice", X: -40, Y: 90, Z: -40},
		storage.PlayerRecord{Name: "bob", X: -40, Y: 90, Z: 24},
	)
	srv, _ := startServer(t, cfg)
	alice := dialPlayer(t, srv, "alice", 4)
	bob := dialPlayer(t, srv, "bob", 4)
	at := chunk.PosOfFloat(-40, 90, -40)
	// A new radius puts the centre back where it was admitted: alice
	// has not moved, and keeps her phase.
	centre := waitAdmitted(t, alice, at, 4)
	waitAdmitted(t, bob, chunk.PosOfFloat(-40, 90, 24), 4)
	bobBefore := bob.Stats()
	if err := alice.Subscribe(2); err != nil {
		t.Fatal(err)
	}
	small := cylinderAround(centre, 2)
	waitSections(t, alice, small)
	if got, want := alice.Stats().Drops, uint64(len(cylinderAround(centre, 4))-len(small)); got != want {
		t.Fatalf("alice got %d drops, want %d", got, want)
	}
	if err := alice.Subscribe(4); err != nil {
		t.Fatal(err)
	}
	waitSections(t, alice, cylinderAround(centre, 4))
	if after := bob.Stats(); after.Drops != bobBefore.Drops || after.Chunks != bobBefore.Chunks {
		t.Fatalf("bob's stream changed: %+v -> %+v", bobBefore, after)
	}
}

// TestMovingClientGetsDropsAndChunks flies one client five sections
// east over real QUIC: it is sent Drops for what it left and Chunks for
// what it entered, ending with exactly its new subscription, while the
// other client's stream does not change.
func TestMovingClientGetsDropsAndChunks(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	const y = 140.0
	seedPlayers(t, cfg.DataDir, cfg.Seed,
		storage.PlayerRecord{Name: "alice", X: -40, Y: y, Z: -40},
		storage.PlayerRecord{Name: "bob", X: 600, Y: y, Z: 600},
	)
	srv, _ := startServer(t, cfg)
	alice := dialPlayer(t, srv, "alice", 3)
	bob := dialPlayer(t, srv, "bob", 3)
	start := chunk.PosOfFloat(-40, y, -40)
	first := waitAdmitted(t, alice, start, 3)
	waitAdmitted(t, bob, chunk.PosOfFloat(600, y, 600), 3)
	bobBefore := bob.Stats()

	x := -40.0
	for tick := uint64(1); tick <= 80; tick++ {
		x++ // 20 blocks/s: within the flying limit
		if err := alice.SendInput(&protocol.Input{InputTick: tick, Position: protocol.V3(x, y, -40), Flying: true}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The view's centre follows in steps of two sections (hysteresis),
	// onto alice's section each time.
	end := chunk.PosOfFloat(x, y, -40)
	center := start
	center.X = first.X + 2*((end.X-first.X)/2)
	waitSections(t, alice, cylinderAround(center, 3))
	if alice.Stats().Drops == 0 {
		t.Fatal("alice moved five sections and received no Drop")
	}
	if after := bob.Stats(); after.Drops != bobBefore.Drops || after.Chunks != bobBefore.Chunks {
		t.Fatalf("bob's stream changed: %+v -> %+v", bobBefore, after)
	}
}
