package server

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/resources/chunk"
)

var updateRecordings = flag.Bool("update-recordings", false, "re-record testdata/replays from scripted sessions against a live deterministic server")

// recordings are the committed sessions: a script run by real clients
// against a live server in deterministic mode recording hashes.
var recordings = []struct {
	file   string
	script func(t *testing.T, srv *Server)
	// seed, when set, replaces the default world seed.
	seed int64
}{
	{"walk-and-build.strata", scriptWalkAndBuild, 0},
	{"shared-section.strata", scriptSharedSection, 0},
	{"teleport-while-generating.strata", scriptTeleport, 0},
	{"critters.strata", scriptCritters, 7}, // grassland at spawn
}

// TestCommittedRecordings replays every committed recording twice,
// verifying each tick against the recorded hashes.
func TestCommittedRecordings(t *testing.T) {
	for _, r := range recordings {
		t.Run(r.file, func(t *testing.T) {
			path := filepath.Join("..", "testdata", "replays", r.file)
			if *updateRecordings {
				record(t, path, r.seed, r.script)
			}
			first, err := ReplayFile(path, ReplayOptions{Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			if first.Mismatch != nil {
				t.Fatalf("%v: recorded %+v, replayed %+v", first.Mismatch, first.Mismatch.Want, first.Mismatch.Got)
			}
			second, err := ReplayFile(path, ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if first.Final != second.Final {
				t.Fatalf("two replays end differently: %+v vs %+v", first.Final, second.Final)
			}
		})
	}
}

// record runs script against a fresh deterministic server recording path.
func record(t *testing.T, path string, seed int64, script func(*testing.T, *Server)) {
	t.Helper()
	recordWith(t, path, seed, nil, script)
}

// recordWith is record with plugin settings (nil: the defaults).
func recordWith(t *testing.T, path string, seed int64, plugins map[string]string, script func(*testing.T, *Server)) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	if seed != 0 {
		cfg.Seed = seed
	}
	cfg.SpawnRadius = 2
	cfg.MaxViewDistance = 4
	cfg.Record, cfg.RecordHashes = path, true
	if err := cfg.SetPluginSettings(plugins); err != nil {
		t.Fatal(err)
	}
	srv, stop := startServer(t, cfg)
	script(t, srv)
	stop()
}

// player is a scripted client: it flies by sending inputs each tick and
// counts acknowledgements.
type player struct {
	c        *client.Conn
	tick     uint64
	pos      [3]float64
	mu       sync.Mutex
	acks     int
	accepted int
}

func join(t *testing.T, srv *Server, name string) *player {
	t.Helper()
	p := &player{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, srv.NetAddr(), client.Options{
		Name: name, ViewDistance: 3, PinSHA256: srv.CertSHA256(),
		Handlers: client.Handlers{
			OnActionAck: func(a *protocol.ActionAck) {
				p.mu.Lock()
				p.acks++
				if a.GetAccepted() {
					p.accepted++
				}
				p.mu.Unlock()
			},
			OnCorrection: func(c *protocol.Correction) {
				p.mu.Lock()
				p.pos = [3]float64{c.Position.X, c.Position.Y, c.Position.Z}
				p.mu.Unlock()
			},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s := c.Welcome().GetSpawn()
	p.c, p.pos = c, [3]float64{s.X, s.Y + 6, s.Z}
	return p
}

// fly moves the player by (dx, dy, dz) per tick for n ticks, flying.
func (p *player) fly(t *testing.T, n int, dx, dy, dz float64) {
	t.Helper()
	for i := 0; i < n; i++ {
		p.mu.Lock()
		p.pos[0] += dx
		p.pos[1] += dy
		p.pos[2] += dz
		p.tick++
		in := &protocol.Input{InputTick: p.tick, Position: protocol.V3(p.pos[0], p.pos[1], p.pos[2]), Flying: true}
		p.mu.Unlock()
		if err := p.c.SendInput(in); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *player) block() (x, y, z int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	bx, by, bz := chunk.BlockOfFloat(p.pos[0], p.pos[1], p.pos[2])
	return int32(bx), int32(by), int32(bz)
}

// waitAcks waits for n acknowledgements and requires all of them to be
// acceptances: the scripts only do what the rules allow.
func (p *player) waitAcks(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		p.mu.Lock()
		got, ok := p.acks, p.accepted
		p.mu.Unlock()
		if got >= n {
			if ok != got {
				t.Fatalf("%d of %d actions refused", got-ok, got)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d acks", got, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func scriptWalkAndBuild(t *testing.T, srv *Server) {
	p := join(t, srv, "builder")
	time.Sleep(300 * time.Millisecond)
	p.fly(t, 20, 0.3, 0, 0)
	x, y, z := p.block()
	for i := int32(0); i < 4; i++ {
		if _, err := p.c.Place(x+2, y+i, z, chunk.Stone); err != nil {
			t.Fatal(err)
		}
	}
	p.waitAcks(t, 4)
	if _, err := p.c.Break(x+2, y+3, z); err != nil {
		t.Fatal(err)
	}
	p.waitAcks(t, 5)
	p.fly(t, 10, 0, 0, 0.3)
}

func scriptSharedSection(t *testing.T, srv *Server) {
	a := join(t, srv, "ann")
	b := join(t, srv, "ben")
	time.Sleep(300 * time.Millisecond)
	// Both rise to where their clients think they are, side by side.
	b.pos[2] += 3
	a.fly(t, 3, 0, 0.1, 0)
	b.fly(t, 3, 0, 0.1, 0)
	x, y, z := a.block()
	for i := int32(0); i < 3; i++ {
		if _, err := a.c.Place(x+1, y+i, z+1, chunk.Sandstone); err != nil {
			t.Fatal(err)
		}
		if _, err := b.c.Place(x-1, y+i, z+1, chunk.Clay); err != nil {
			t.Fatal(err)
		}
	}
	a.waitAcks(t, 3)
	b.waitAcks(t, 3)
	if _, err := b.c.Break(x+1, y, z+1); err != nil {
		t.Fatal(err)
	}
	b.waitAcks(t, 4)
	a.fly(t, 5, 0.2, 0, 0)
}

func scriptTeleport(t *testing.T, srv *Server) {
	p := join(t, srv, "jumper")
	if err := p.c.Chat("/tp 3000 150 -3000"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	p.mu.Lock()
	p.pos = [3]float64{3000, 150, -3000}
	p.mu.Unlock()
	p.fly(t, 20, 0.5, 0, 0)
}

// scriptCritters watches the critters near spawn walk while the player
// hovers: entity state is part of every tick's hash.
func scriptCritters(t *testing.T, srv *Server) {
	p := join(t, srv, "watcher")
	first := map[uint64]client.Vec3{}
	moved := 0
	for i := 0; i < 400 && moved < 2; i++ {
		p.fly(t, 1, 0, 0, 0)
		moved = 0
		for _, e := range heldCritters(p.c) {
			if at, ok := first[e.ID]; !ok {
				first[e.ID] = e.Position
			} else if at != e.Position {
				moved++
			}
		}
	}
	if moved < 2 {
		t.Fatalf("%d of the %d critters seen walked in 20 s", moved, len(first))
	}
	p.fly(t, 20, 0.1, 0, 0)
	t.Logf("recorded %d critters, %d of them walking", len(first), moved)
}

// TestCritterRecordingHashesEntities shows that critters.strata's hashes
// hold the critters' state: replayed without them, the entity hash
// differs from the first tick they exist.
func TestCritterRecordingHashesEntities(t *testing.T) {
	rec := readRecording(t, filepath.Join("..", "testdata", "replays", "critters.strata"))
	if rec.Header.Settings[SettingCritters] != "on" {
		t.Fatalf("recording settings %v: critters not on", rec.Header.Settings)
	}
	rec.Header.Settings[SettingCritters] = "off"
	res, err := Replay(rec, ReplayOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mismatch == nil || !slices.Contains(res.Mismatch.Parts, "entities") {
		t.Fatalf("replayed without critters: mismatch %v, want one in the entity hash", res.Mismatch)
	}
}

// TestRecordingsAnyCores replays the committed recordings with one core
// and with two — the tick's parallel loops then run inline or split — and
// requires every recorded hash to match both times.
func TestRecordingsAnyCores(t *testing.T) {
	for _, r := range recordings {
		verifyOnCores(t, filepath.Join("..", "testdata", "replays", r.file), []int{1, 2}, 0)
	}
}

// verifyOnCores replays the recording at path with --verify once per
// GOMAXPROCS in procs, and requires every recorded hash to match, at
// least minTicks ticks, and the same end every time.
func verifyOnCores(t *testing.T, path string, procs []int, minTicks uint64) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var finals []replay.Hash
	for _, n := range procs {
		runtime.GOMAXPROCS(n)
		res, err := ReplayFile(path, ReplayOptions{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Mismatch != nil {
			t.Fatalf("%s with GOMAXPROCS %d: %v: recorded %+v, replayed %+v", path, n, res.Mismatch, res.Mismatch.Want, res.Mismatch.Got)
		}
		if res.Ticks < minTicks {
			t.Fatalf("%s: replayed %d ticks, want %d at least", path, res.Ticks, minTicks)
		}
		finals = append(finals, res.Final)
	}
	for _, f := range finals[1:] {
		if f != finals[0] {
			t.Fatalf("%s ends differently on one core and two: %+v vs %+v", path, finals[0], f)
		}
	}
}

// readRecording reads the whole recording at path.
func readRecording(t *testing.T, path string) *replay.Recording {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := replay.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
