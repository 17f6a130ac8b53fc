package cli

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/testkit"
)

// serveProc is `strata serve` running as a child process.
type serveProc struct {
	cmd  *exec.Cmd
	addr string
	pin  string
}

// startServe starts the binary on dataDir and waits for its QUIC listener,
// reading the address and certificate hash from its JSON log. Its
// threads are not bound to CPUs: a test runs several servers at once.
// An extra argument STRATA_NAME=VALUE goes to its environment instead.
func startServe(t *testing.T, bin, dataDir string, extra ...string) *serveProc {
	t.Helper()
	args := []string{"serve", "--data", dataDir, "--listen", "127.0.0.1:0", "--admin", "", "--spawn-radius", "2", "--log-format", "json", "--bind-threads=false"}
	// STRATA_TEST_LOG_LEVEL=debug, with STRATA_TEST_LOGS, keeps the
	// servers' claims, reloads and lease turns for a failure's analysis.
	if l := os.Getenv("STRATA_TEST_LOG_LEVEL"); l != "" {
		args = append(args, "--log-level", l)
	}
	env := os.Environ()
	for _, a := range extra {
		if k, _, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "STRATA_") {
			env = append(env, a)
		} else {
			args = append(args, a)
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd}
	t.Cleanup(func() { p.kill() })
	ready := make(chan struct{})
	// STRATA_TEST_LOGS=DIR keeps each server's log in DIR, for a failure
	// that needs reading.
	var keep io.Writer = io.Discard
	if dir := os.Getenv("STRATA_TEST_LOGS"); dir != "" {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("serve-%d.log", cmd.Process.Pid)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		keep = f
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			keep.Write(append(sc.Bytes(), '\n'))
			var line map[string]any
			if json.Unmarshal(sc.Bytes(), &line) != nil {
				continue
			}
			switch line["message"] {
			case "certificate":
				p.pin, _ = line["sha256"].(string)
			case "QUIC listening":
				p.addr, _ = line["addr"].(string)
				close(ready)
			}
		}
		io.Copy(keep, stderr)
	}()
	select {
	case <-ready:
	case <-time.After(60 * time.Second):
		t.Fatal("server did not start listening in 60s")
	}
	return p
}

// kill sends SIGKILL to the whole process group and reaps it.
func (p *serveProc) kill() {
	if p.cmd.Process == nil || p.cmd.ProcessState != nil {
		return
	}
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.cmd.Wait()
}

// TestCrashKeepsAcknowledgedEdits runs `strata serve` as a subprocess, has
// a client place blocks and note which placements were acknowledged,
// kills the server with SIGKILL at a random moment, restarts it on the
// same data, and checks every acknowledged block is there. Several rounds,
// several kill points.
func TestCrashKeepsAcknowledgedEdits(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := filepath.Join(t.TempDir(), "strata")
	build := exec.Command("go", "build", "-o", bin, "../cmd/strata")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dataDir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 11))
	acked := map[[3]int32]chunk.Block{}
	// No sand or gravel: they fall (plugins/fallingsand) and would move.
	blocks := []chunk.Block{chunk.Stone, chunk.Sandstone, chunk.Clay, chunk.OakLog}
	for round := 0; round < 3; round++ {
		srv := startServe(t, bin, dataDir)
		c := dialPin(t, srv, "crashy")
		checkBlocks(t, c, acked)

		// Place a growing tower beside spawn, one block per request, while a
		// timer kills the server somewhere in the middle.
		s := c.Welcome().GetSpawn()
		x, y, z := int32(s.X)+2+int32(round), int32(s.Y), int32(s.Z)
		var mu sync.Mutex
		pending := map[uint32][3]int32{}
		placed := map[uint32]chunk.Block{}
		c.Close()
		c = dialPinHandlers(t, srv, "crashy", client.Handlers{OnActionAck: func(a *protocol.ActionAck) {
			mu.Lock()
			defer mu.Unlock()
			if pos, ok := pending[a.GetRequestId()]; ok && a.GetAccepted() {
				acked[pos] = placed[a.GetRequestId()]
			}
		}})
		killAt := time.Duration(300+rng.IntN(900)) * time.Millisecond
		killed := make(chan struct{})
		timer := time.AfterFunc(killAt, func() { srv.kill(); close(killed) })
		for i := int32(0); i < 60; i++ {
			select {
			case <-killed:
				i = 60
				continue
			default:
			}
			b := blocks[rng.IntN(len(blocks))]
			pos := [3]int32{x, y + i%6, z + i/6}
			mu.Lock()
			id, err := c.Place(pos[0], pos[1], pos[2], b)
			if err == nil {
				pending[id], placed[id] = pos, b
			}
			mu.Unlock()
			if err != nil {
				break // the server is gone
			}
			time.Sleep(15 * time.Millisecond)
		}
		<-killed
		timer.Stop()
		// Acks of edits the dead server made durable may still be in flight
		// on the loopback socket; give them a moment, then hang up.
		time.Sleep(100 * time.Millisecond)
		c.Close()
		t.Logf("round %d: killed after %v, %d acknowledged edits so far", round, killAt, len(acked))
	}
	srv := startServe(t, bin, dataDir)
	c := dialPin(t, srv, "crashy")
	checkBlocks(t, c, acked)
	if len(acked) == 0 {
		t.Fatal("no edit was ever acknowledged: the test proved nothing")
	}
}

func dialPin(t *testing.T, srv *serveProc, name string) *client.Conn {
	return dialPinHandlers(t, srv, name, client.Handlers{})
}

// playerKey is name's identity key, the same on every call: the server
// binds a name to the first key that logs in with it, so the player who
// comes back after a crash must bring the same key.
func playerKey(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("crash test player " + name))
	return ed25519.NewKeyFromSeed(seed[:])
}

func dialPinHandlers(t *testing.T, srv *serveProc, name string, h client.Handlers) *client.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var c *client.Conn
	var err error
	for attempt := 0; attempt < 20; attempt++ {
		// A name whose previous connection the server still tracks is
		// refused for a moment.
		c, err = client.Dial(ctx, srv.addr, client.Options{Name: name, Key: playerKey(name), ViewDistance: 3, PinSHA256: srv.pin, Handlers: h})
		if err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// checkBlocks waits for the sections holding the acknowledged blocks and
// checks each block.
func checkBlocks(t *testing.T, c *client.Conn, acked map[[3]int32]chunk.Block) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for pos, want := range acked {
		sp := chunk.PosOfBlock(int(pos[0]), int(pos[1]), int(pos[2]))
		for {
			sec, ok := c.Section(sp)
			if ok && sec.Decoded != nil {
				lx, ly, lz := chunk.LocalOfBlock(int(pos[0]), int(pos[1]), int(pos[2]))
				if got := sec.Decoded.Get(lx, ly, lz); got != want {
					t.Fatalf("acknowledged block at %v is %v after the crash, want %v", pos, got, want)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("section %v never arrived", sp)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// TestCrashKeepsSavedCritters kills `strata serve` (SIGKILL) while critters
// walk around a player, after their columns were saved, and restarts it:
// every critter near spawn comes back (near where it was: it walked on
// after its last save), and no herd is spawned again.
func TestCrashKeepsSavedCritters(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildStrata(t)
	dataDir := t.TempDir()
	// Seed 7 has grassland at spawn; columns are saved 10 ticks after they
	// change.
	args := []string{"--seed", "7", "--entity-save-every", "10"}
	srv := startServe(t, bin, dataDir, args...)
	c := dialView(t, srv, "watcher1", 8)
	sp := c.Welcome().GetSpawn()
	near := func(p client.Vec3, r float64) bool { return math.Hypot(p.X-sp.X, p.Z-sp.Z) < r }
	critters := func(c *client.Conn, r float64) []client.Vec3 {
		var out []client.Vec3
		for _, e := range c.Entities() {
			if e.Kind == "strata:critter" && near(e.Position, r) {
				out = append(out, e.Position)
			}
		}
		return out
	}
	// Wait until several critters walked well away from where they were
	// first seen: a crash that lost them would spawn the herds afresh
	// where they began, not where they went.
	first := map[uint64]client.Vec3{}
	walked := func() int {
		n := 0
		for _, e := range c.Entities() {
			if e.Kind != "strata:critter" || !near(e.Position, 110) {
				continue
			}
			if p, ok := first[e.ID]; !ok {
				first[e.ID] = e.Position
			} else if math.Hypot(p.X-e.Position.X, p.Z-e.Position.Z) > 6 {
				n++
			}
		}
		return n
	}
	deadline := time.Now().Add(40 * time.Second)
	for walked() < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("%d critters walked 6 blocks in 40 s (seen %d)", walked(), len(first))
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(1500 * time.Millisecond) // every changed column saved at least once since
	before := critters(c, 110)          // well inside the view (128 blocks): none walks out of it meanwhile
	moved := walked()
	srv.kill()
	c.Close()

	// What the killed server had made durable: a record near every critter
	// where the client last saw it (it walks at most 1.5 blocks/s, and its
	// column was saved within half a second).
	db, err := storage.Open(dataDir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	var saved []client.Vec3
	at := chunk.PosOfFloat(sp.X, sp.Y, sp.Z)
	for x := at.X - 9; x <= at.X+9; x++ {
		for z := at.Z - 9; z <= at.Z+9; z++ {
			rec, ok, err := db.LoadEntities(x, z)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rec.Entities {
				if ok && r.Kind == "strata:critter" {
					saved = append(saved, client.Vec3{X: r.X, Y: r.Y, Z: r.Z})
				}
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, q := range before {
		if !slices.ContainsFunc(saved, func(p client.Vec3) bool { return math.Hypot(p.X-q.X, p.Z-q.Z) < 2 }) {
			t.Fatalf("critter last seen at %v has no saved record near it (%d saved)", q, len(saved))
		}
	}

	// The restarted server spawns what was saved, where it was saved, and
	// no herd again.
	srv = startServe(t, bin, dataDir, args...)
	c = dialView(t, srv, "watcher2", 8)
	var want []client.Vec3
	for _, p := range saved {
		if near(p, 110) {
			want = append(want, p)
		}
	}
	matched := make([]bool, len(want))
	deadline = time.Now().Add(30 * time.Second)
	for slices.Contains(matched, false) {
		if time.Now().After(deadline) {
			t.Fatalf("after the crash, %d of the %d saved critters near spawn did not come back: saved %v, seen %v",
				len(matched)-count(matched), len(matched), want, critters(c, 128))
		}
		for _, p := range critters(c, 128) {
			for i, q := range want {
				// It walks on once loaded, before the client is told.
				if !matched[i] && math.Hypot(p.X-q.X, p.Z-q.Z) < 1.5 {
					matched[i] = true
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(time.Second)
	if after := len(critters(c, 100)); after > len(want) {
		t.Fatalf("%d critters near spawn after the crash, %d saved there: a herd was spawned again", after, len(want))
	}
	t.Logf("%d critters near spawn before the kill, %d of them 6 blocks or more from where they began; all saved, all back after it", len(before), moved)
}

// dialView connects a client of view radius view (sections), pinned to
// the server's certificate.
func dialView(t *testing.T, srv *serveProc, name string, view uint32) *client.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, srv.addr, client.Options{Name: name, Key: playerKey(name), ViewDistance: view, PinSHA256: srv.pin})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
