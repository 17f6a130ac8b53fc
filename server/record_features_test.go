package server_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/testkit"
)

// TestRecordFeaturesReachLiveClients is a regression test: a recording
// server wraps every connection in a replay.HashConn, which once did not
// forward HasFeature, so live clients were served as if they had asked
// for no feature, or every one. A live client that asks only for
// batched-drops must get no PlayerState datagrams about a player moving
// next to it, and its view change must come as batched Drops, not one
// Drop frame per section; a client that asks for player-states must get
// them. The recording keeps every client's features and replays with
// every tick's hash verified.
func TestRecordFeaturesReachLiveClients(t *testing.T) {
	cfg := server.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Listen = "127.0.0.1:0"
	cfg.Admin = ""
	cfg.Record = filepath.Join(t.TempDir(), "features.strata")
	cfg.RecordHashes = true
	srv, err := server.New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- srv.Run(ctx) }()
	var stopOnce sync.Once
	stop := func() {
		stopOnce.Do(func() {
			cancel()
			if err := <-ran; err != nil {
				t.Errorf("Run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	for deadline := time.Now().Add(30 * time.Second); srv.NetAddr() == ""; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("server not listening after 30s")
		}
	}

	dial := func(o client.Options) *client.Conn {
		t.Helper()
		dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer dcancel()
		o.PinSHA256 = srv.CertSHA256()
		c, err := client.Dial(dctx, srv.NetAddr(), o)
		if err != nil {
			t.Fatalf("dial %s: %v", o.Name, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}

	// watched asks for batched-drops only. The client reports each
	// position of a batched Drops after removing the whole batch, and a
	// Drop frame removes one section, so the number of sections it holds
	// at each report tells the two apart.
	var (
		watchedConn   atomic.Pointer[client.Conn]
		mu            sync.Mutex
		heldAtDrop    []int
		watchedStates atomic.Int64
		controlStates = map[uint64][]*protocol.PlayerState{}
	)
	watched := dial(client.Options{
		Name: "watched", NoEntities: true, ViewDistance: 2, Features: []string{protocol.FeatureBatchedDrops},
		Handlers: client.Handlers{
			OnPlayerState: func(*protocol.PlayerState) { watchedStates.Add(1) },
			OnDrop: func(chunk.Pos) {
				n := -1
				if c := watchedConn.Load(); c != nil {
					n = c.Stats().Sections
				}
				mu.Lock()
				heldAtDrop = append(heldAtDrop, n)
				mu.Unlock()
			},
		},
	})
	watchedConn.Store(watched)
	if !watched.HasFeature(protocol.FeatureBatchedDrops) || watched.HasFeature(protocol.FeaturePlayerStates) {
		t.Fatalf("watched was granted %v", watched.Welcome().GetFeatures())
	}
	// control asks for player-states: it shows the states are sent.
	dial(client.Options{
		Name: "control", ViewDistance: 2, NoEntities: true, Features: []string{protocol.FeaturePlayerStates},
		Handlers: client.Handlers{OnPlayerState: func(ps *protocol.PlayerState) {
			mu.Lock()
			controlStates[ps.GetEntityId()] = append(controlStates[ps.GetEntityId()], ps)
			mu.Unlock()
		}},
	})
	mover := dial(client.Options{Name: "mover", ViewDistance: 1, NoEntities: true})

	// The mover flies straight up from the spawn, next to the others.
	start := mover.Welcome().GetSpawn()
	y := start.GetY()
	for tick := uint64(1); tick <= 30; tick++ {
		y += 0.25 // 5 blocks/s
		if err := mover.SendInput(&protocol.Input{InputTick: tick, Position: protocol.V3(start.GetX(), y, start.GetZ()), Flying: true}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	waitRecording(t, "control's PlayerState of the mover in flight", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return slices.ContainsFunc(controlStates[mover.EntityID()], func(ps *protocol.PlayerState) bool {
			return ps.GetPosition().GetY() > start.GetY()+2
		})
	})
	time.Sleep(300 * time.Millisecond) // datagrams sent alongside control's have long arrived
	if n, st := watchedStates.Load(), watched.Stats(); n != 0 || st.Datagrams != 0 {
		t.Errorf("watched, without player-states, received %d PlayerStates (%d datagrams)", n, st.Datagrams)
	}

	// The view change: all its Drops in one batched frame.
	at := chunk.PosOfFloat(start.GetX(), start.GetY(), start.GetZ())
	view := func(c chunk.Pos, r int) []chunk.Pos {
		out := resources.Cylinder{Center: c, Radius: r, Pad: 1}.Positions(nil)
		slices.SortFunc(out, chunk.ComparePos)
		return out
	}
	holds := func(want []chunk.Pos) func() bool {
		return func() bool {
			got := watched.Positions()
			slices.SortFunc(got, chunk.ComparePos)
			return slices.Equal(got, want)
		}
	}
	var centre chunk.Pos
	waitRecording(t, "watched's view of radius 2", func() bool {
		for _, c := range testkit.AdmissionCentres(at) {
			if holds(view(c, 2))() {
				centre = c
				return true
			}
		}
		return false
	})
	if err := watched.Subscribe(1); err != nil {
		t.Fatal(err)
	}
	small := view(centre, 1)
	want := len(view(centre, 2)) - len(small)
	reported := func() []int {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(heldAtDrop)
	}
	waitRecording(t, "watched's view of radius 1", holds(small))
	// The client forgets a batch's sections before it calls OnDrop for
	// each, so the last reports may still be on their way.
	for deadline := time.Now().Add(5 * time.Second); len(reported()) < want && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	reports := reported()
	if len(reports) != want || want > wire.MaxDropsPerFrame {
		t.Fatalf("watched was told of %d drops, want %d", len(reports), want)
	}
	for i, n := range reports {
		if n != len(small) {
			t.Fatalf("drop %d of %d reported holding %d sections, want %d: Drop frames, not one batched Drops",
				i+1, len(reports), n, len(small))
		}
	}

	for _, c := range []*client.Conn{watched, mover} {
		c.Close()
	}
	time.Sleep(200 * time.Millisecond) // the goodbyes reach the recording
	stop()

	// The recording holds what each handshake granted...
	f, err := os.Open(cfg.Record)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := replay.Read(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	granted := map[string][]string{}
	for _, e := range rec.Events {
		if e.Kind == wire.Connected {
			granted[e.Name] = e.Features
		}
	}
	for name, want := range map[string][]string{
		"watched": {protocol.FeatureBatchedDrops},
		"control": {protocol.FeaturePlayerStates},
		"mover":   {},
	} {
		if got, ok := granted[name]; !ok || !slices.Equal(got, want) {
			t.Errorf("recorded features of %s: %q (recorded %v), want %q", name, got, ok, want)
		}
	}
	// ...and replays to the same state, and the same output to every
	// client, at every tick.
	res, err := server.ReplayFile(cfg.Record, server.ReplayOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mismatch != nil {
		t.Fatalf("replay diverged: %v (recorded %+v, replayed %+v)", res.Mismatch, res.Mismatch.Want, res.Mismatch.Got)
	}
	if res.Ticks < 20 {
		t.Errorf("replayed only %d ticks", res.Ticks)
	}
}

// waitRecording polls cond for up to 30 seconds.
func waitRecording(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
