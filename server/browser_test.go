//go:build unix

package server

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/internal/browsertest"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
	webclient "github.com/stratavox/strata/web"
)

var updatePlayScreenshot = flag.Bool("update-screenshot", false, "write the live browser screenshot to docs/img/play-live.png")

// browserTestBudget bounds the whole browser test, server start included.
const browserTestBudget = 55 * time.Second

// TestBrowserPlaysOnRealServer is the end-to-end check of the browser
// client: the real server (Pebble on disk, the generator, the tick loop,
// QUIC with WebTransport on one UDP port, the admin listener serving /play)
// and Debian's headless Chromium with its own QUIC and WebTransport stack,
// driven over the DevTools protocol. The page at /play/ must connect,
// receive its whole view and mesh it; a native Go client next to it must
// see the browser's player join; a block the page breaks and places must
// reach the native client as BlockUpdates, and the native client's edits
// must reach the page: one simulation, two transports. A screenshot of the
// rendered terrain is kept as an artefact ($STRATA_ARTIFACTS, else a
// temporary folder named in the log); -update-screenshot also writes it,
// reduced to 256 colours, to docs/img/play-live.png. The page logs in
// with the Ed25519 key it keeps in IndexedDB, the key the server bound
// its name to; reloaded, it comes back with the same key as the same
// player, where it left. Last, a second tab loads the page as
// http://localhost:PORT/play/ — another origin, so another key: under the
// first page's name it is refused NAME_BOUND and says why, under its own
// it joins.
//
// Skipped under -short and without Chromium ($STRATA_CHROMIUM, else
// chromium on PATH; `apt-get install -y chromium`).
func TestBrowserPlaysOnRealServer(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("SKIP: browser end-to-end test in -short mode")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): the browser client is NOT tested against the real server")
	}
	// Registered first, so it runs last: after the browser, the clients
	// and the server are gone, every goroutine they started has ended.
	goroutines := runtime.NumGoroutine()
	t.Cleanup(func() { checkGoroutines(t, goroutines) })

	began := time.Now()
	mark := func(what string) { t.Logf("%6.2fs %s", time.Since(began).Seconds(), what) }
	ctx, cancel := context.WithTimeout(context.Background(), browserTestBudget)
	defer cancel()

	// 1. The real server, on loopback.
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 2
	srv, adminAddr, quicAddr := startPlayServer(ctx, t, cfg)
	_, adminPort, _ := strings.Cut(adminAddr, ":")
	mark("server ready: QUIC and WebTransport on " + quicAddr + ", admin and /play on " + adminAddr)

	// A native client at spawn, watching the browser's player and edits.
	const view = 3
	w := dialWatcher(ctx, t, quicAddr, srv.CertSHA256(), "watcher", view)
	spawnSec := chunk.PosOfFloat(srv.Spawn().X, srv.Spawn().Y, srv.Spawn().Z)
	waitAdmitted(t, w.conn, spawnSec, view)
	mark(fmt.Sprintf("native client holds its %d sections", len(w.conn.Positions())))

	artifacts := os.Getenv("STRATA_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	} else if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatalf("artefacts folder: %v", err)
	}
	t.Logf("artefacts in %s", artifacts)

	// 2. Chromium on /play/ from the admin listener.
	b := launchChromium(ctx, t, chromium)
	page, err := b.DevTools.AttachPage(ctx)
	if err != nil {
		t.Fatalf("devtools: %v\n%s", err, b.logTail())
	}
	// The viewport the screenshot shows, whatever the headless window's
	// chrome takes.
	if err := b.DevTools.Call(ctx, page, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	const name = "webtester"
	playURL := fmt.Sprintf("http://127.0.0.1:%s/play/?name=%s&view=%d", adminPort, name, view)
	if err := b.DevTools.Call(ctx, page, "Page.navigate", map[string]any{"url": playURL}, nil); err != nil {
		t.Fatal(err)
	}
	navigated := time.Now()
	want := len(cylinderAround(spawnSec, view)) // every cylinder of this radius clear of the world's floor and ceiling has as many
	st := b.waitStatus(ctx, t, page, "connected with its whole view meshed", func(s *pageStatus) bool {
		return s.State == "connected" && s.Held == nil && s.Sections == want && s.FirstMeshMs != nil && s.Meshes > 0
	})
	mark(fmt.Sprintf("page connected, %d sections, %d meshes (page: first mesh %.0f ms after navigation; whole view %.1fs after it)",
		st.Sections, st.Meshes, deref(st.FirstMeshMs), time.Since(navigated).Seconds()))
	if st.EntityID == nil {
		t.Fatalf("connected page has no entity id: %+v", st)
	}

	// 3. The server sees the player: the native client is told it joined,
	// and the admin status lists it.
	joined := w.waitJoined(ctx, t, name)
	if got := strconv.FormatUint(joined.GetEntityId(), 10); got != *st.EntityID {
		t.Errorf("PlayerJoined says entity %s, the page says %s", got, *st.EntityID)
	}
	p := waitAdminPlayer(ctx, t, adminAddr, name)
	if p.ViewRadius != view || math.Abs(p.X-st.Position.X) > 2 || math.Abs(p.Z-st.Position.Z) > 2 {
		t.Errorf("admin status lists %+v; the page is at %+v with view %d", p, st.Position, view)
	}
	mark(fmt.Sprintf("server sees %s (entity %d) at %.1f %.1f %.1f", name, p.Entity, p.X, p.Y, p.Z))

	// The page sees the native client as an entity: a player box with its
	// name tag, from the server's EntitySpawn.
	watcherID := w.conn.EntityID()
	drawn := fmt.Sprintf(`window.strata.entities().some(e => e.id === "%d" && e.kind === "strata:player" && e.name === "watcher" && e.drawn && e.drawn.tag === "watcher" && Math.abs(e.drawn.size.y - 1.8) < 0.01)`, watcherID)
	for deadline := time.Now().Add(20 * time.Second); !b.evalBool(ctx, t, page, drawn); {
		if time.Now().After(deadline) {
			t.Fatalf("the page does not draw the watcher (entity %d) with its name tag: %s", watcherID,
				b.evalString(ctx, t, page, `JSON.stringify(window.strata.entities())`))
		}
		time.Sleep(100 * time.Millisecond)
	}
	mark("the page draws the watcher as a player entity with its name tag")

	// The page's meshing settles before anything is drawn or edited.
	st = b.waitStatus(ctx, t, page, "meshing settled", settled())

	// 4. Break and place from the page; the native client sees both. Then
	// the native client edits the same block and the page sees it.
	tgt := aimAtBlock(ctx, t, b, page, w.conn, st)
	mark(fmt.Sprintf("page targets %s at %d %d %d", chunk.Block(tgt.block).Props().Name, tgt.x, tgt.y, tgt.z))
	if ok := b.evalBool(ctx, t, page, `window.strata.breakBlock()`); !ok {
		t.Fatal("breakBlock() sent nothing")
	}
	u := w.waitUpdate(ctx, t, tgt, chunk.Air)
	b.waitBlock(ctx, t, page, tgt, chunk.Air)
	mark(fmt.Sprintf("break from the page: native client got BlockUpdate revision %d", u.GetRevision()))
	if ok := b.evalBool(ctx, t, page, fmt.Sprintf(`window.strata.placeBlock(%d)`, chunk.Stone)); !ok {
		t.Fatalf("placeBlock() sent nothing (page status %+v)", b.status(ctx, t, page))
	}
	u2 := w.waitUpdate(ctx, t, tgt, chunk.Stone)
	b.waitBlock(ctx, t, page, tgt, chunk.Stone)
	if u2.GetRevision() <= u.GetRevision() {
		t.Errorf("place revision %d not after break revision %d", u2.GetRevision(), u.GetRevision())
	}
	mark(fmt.Sprintf("place from the page: native client got BlockUpdate revision %d", u2.GetRevision()))
	if _, err := w.conn.Break(int32(tgt.x), int32(tgt.y), int32(tgt.z)); err != nil {
		t.Fatal(err)
	}
	b.waitBlock(ctx, t, page, tgt, chunk.Air)
	if _, err := w.conn.Place(int32(tgt.x), int32(tgt.y), int32(tgt.z), chunk.Block(tgt.block)); err != nil {
		t.Fatal(err)
	}
	b.waitBlock(ctx, t, page, tgt, chunk.Block(tgt.block))
	w.checkAcks(t, 2)
	mark("break and place from the native client: the page applied both")
	quiet := settled()
	st = b.waitStatus(ctx, t, page, "every action acknowledged, meshing settled", func(s *pageStatus) bool {
		return quiet(s) && s.Pending == 0
	})
	if st.Error != "" {
		t.Errorf("the page reports an error: %s", st.Error)
	}

	// 5. A screenshot of the world as the page draws it: the page widens
	// its view (a Subscribe), flies up and out from under the trees at the
	// speed the server allows, and looks out over the terrain. The server
	// follows: its status shows the player where the page is.
	const wide = 5
	b.evalBool(ctx, t, page, fmt.Sprintf(`(async () => {
  const s = window.strata;
  s.setViewDistance(%d);
  s.setFlying(true);
  s.setLook(270, 0);
  s.setMove({up: 1, forward: 1});
  return true;
})()`, wide))
	// The scripted path: ten seconds up and out, turning once at half
	// time, and at least four blocks up before the turn: waited for, not
	// timed (a starved page flies its blocks later, not fewer).
	flight := time.Now()
	before := b.status(ctx, t, page)
	b.waitStatus(ctx, t, page, "flying up 4 blocks", func(s *pageStatus) bool {
		return time.Since(flight) > 5*time.Second && s.Position.Y >= p.Y+4
	})
	b.evalBool(ctx, t, page, `window.strata.setLook(200, 0), window.strata.setMove({forward: 1}), true`)
	st = b.waitStatus(ctx, t, page, "flying on", func(s *pageStatus) bool {
		return time.Since(flight) > 10*time.Second
	})
	flown := time.Since(flight)
	b.evalBool(ctx, t, page, `window.strata.setMove({}), window.strata.setLook(110, 30), true`)
	if before != nil {
		// The figures docs/benchmarks.md reports for the browser.
		t.Logf("browser: first mesh %.0f ms after load; %.1f sections/s received while flying %v; frame p95 %.0f ms",
			deref(st.FirstMeshMs), float64(st.SectionsReceived-before.SectionsReceived)/flown.Seconds(), flown.Round(time.Millisecond), st.FrameP95Ms)
	}
	quiet = settled()
	st = b.waitStatus(ctx, t, page, fmt.Sprintf("holding its view of %d", wide), func(s *pageStatus) bool {
		return s.Sections == len(cylinderAround(chunk.PosOfFloat(s.Position.X, s.Position.Y, s.Position.Z), wide)) && quiet(s)
	})
	mark(fmt.Sprintf("page flew to %.1f %.1f %.1f and holds %d sections, %d meshes; %d corrections", st.Position.X, st.Position.Y, st.Position.Z, st.Sections, st.Meshes, st.Corrections))
	// Above the trees most of the view is sky, which the page asked to
	// get as AirSections.
	if st.AirSections == 0 {
		t.Errorf("the page got no section as AirSections (%d received)", st.SectionsReceived)
	}
	waitAdminPlayerAt(ctx, t, adminAddr, name, st.Position.X, st.Position.Y, st.Position.Z)
	time.Sleep(time.Second) // a few frames, at software rendering's pace
	shot, err := b.DevTools.Screenshot(ctx, page)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	writeFile(t, filepath.Join(artifacts, "play-live.png"), shot)
	checkNotBlank(t, shot)
	if *updatePlayScreenshot {
		small, err := quantizePNG(shot)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join("..", "docs", "img", "play-live.png"), small)
		t.Logf("docs/img/play-live.png: %d KiB (screenshot %d KiB)", len(small)>>10, len(shot)>>10)
	}
	if st := b.status(ctx, t, page); st != nil {
		mark(fmt.Sprintf("screenshot: %d KiB; page frame p95 %.0f ms, rtt %.1f ms, %d corrections", len(shot)>>10, st.FrameP95Ms, deref(st.RttMs), st.Corrections))
	}

	// 6. The login key: kept in IndexedDB, and the one the server bound
	// the name to on first use.
	st = b.status(ctx, t, page)
	key := pageKey(t, st)
	checkBinding(t, srv, name, key)
	left := st.Position
	mark(fmt.Sprintf("%s logged in with key %s…, kept in IndexedDB; the server bound the name to it", name, key[:16]))

	// Reloaded, the page finds its key again and logs in as the same
	// player: the server accepts the signature under the bound name and
	// puts it back where it left.
	if err := b.DevTools.Call(ctx, page, "Page.reload", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	w.waitLeft(ctx, t, joined.GetEntityId())
	joined = w.waitJoined(ctx, t, name)
	back := strconv.FormatUint(joined.GetEntityId(), 10)
	st = b.waitStatus(ctx, t, page, "reconnected after the reload", func(s *pageStatus) bool {
		return s.State == "connected" && s.EntityID != nil && *s.EntityID == back && s.Spawn != nil
	})
	if got := pageKey(t, st); got != key {
		t.Errorf("after the reload the page's key is %s, before it %s", got, key)
	}
	checkBinding(t, srv, name, key)
	if sp := st.Spawn; math.Abs(sp.X-left.X) > 1 || math.Abs(sp.Y-left.Y) > 1 || math.Abs(sp.Z-left.Z) > 1 {
		t.Errorf("after the reload the server put %s at %.2f %.2f %.2f; it left at %.2f %.2f %.2f", name, sp.X, sp.Y, sp.Z, left.X, left.Y, left.Z)
	}
	if st.Error != "" {
		t.Errorf("the reloaded page reports %q", st.Error)
	}
	mark(fmt.Sprintf("reloaded: same key, entity %s, back at %.1f %.1f %.1f", back, st.Spawn.X, st.Spawn.Y, st.Spawn.Z))

	// Closing the tab ends the session: the native client sees it leave.
	if err := b.DevTools.Call(ctx, "", "Target.closeTarget", map[string]any{"targetId": b.DevTools.TargetOf(page)}, nil); err != nil {
		t.Fatal(err)
	}
	w.waitLeft(ctx, t, joined.GetEntityId())
	mark(name + " closed its tab: PlayerLeft")

	// The same page by the name "localhost", which Chromium resolves
	// itself: the server must send it to 127.0.0.1 and accept its origin.
	// Another origin has another IndexedDB, so another key: the first
	// page's name is bound to a key this page does not hold.
	local, err := b.DevTools.OpenTab(ctx, fmt.Sprintf("http://localhost:%s/play/?name=%s&view=2", adminPort, name))
	if err != nil {
		t.Fatal(err)
	}
	st = b.waitStatus(ctx, t, local, "refused the bound name", func(s *pageStatus) bool { return s.State == "failed" })
	if st.ErrorCode != "NAME_BOUND" || !strings.Contains(st.Detail, "This browser's key is not that one") || pageKey(t, st) == key {
		t.Errorf("the localhost page under %s: code %q, HUD %q, key %s (the first page's %s); want NAME_BOUND, explained, another key", name, st.ErrorCode, st.Detail, pageKey(t, st), key)
	}
	checkBinding(t, srv, name, key)
	mark(fmt.Sprintf("localhost page (another key) refused %s: %s", name, st.Detail))
	if err := b.DevTools.Call(ctx, local, "Page.navigate", map[string]any{"url": fmt.Sprintf("http://localhost:%s/play/?name=weblocal&view=2", adminPort)}, nil); err != nil {
		t.Fatal(err)
	}
	st = b.waitStatus(ctx, t, local, "localhost page connected and meshed", func(s *pageStatus) bool {
		return s.State == "connected" && s.Held == nil && s.SectionsReceived > 0 && s.MeshesBuilt > 0
	})
	w.waitJoined(ctx, t, "weblocal")
	checkBinding(t, srv, "weblocal", pageKey(t, st))
	if st.Error != "" {
		t.Errorf("the localhost page, connected as weblocal, still reports %q", st.Error)
	}
	mark("localhost page connected as weblocal and meshed")
	for _, e := range b.DevTools.Exceptions() {
		t.Errorf("page exception: %s", e)
	}
}

// settled reports whether the page's mesh count stopped changing for
// four polls in a row (the worker meshes without pause while it has
// work).
func settled() func(*pageStatus) bool {
	last, same := -1, 0
	return func(s *pageStatus) bool {
		if s.MeshesBuilt == last && s.Held == nil {
			same++
		} else {
			same = 0
		}
		last = s.MeshesBuilt
		return same >= 4
	}
}

// pageKey is the page's login key (hex), which must be kept in IndexedDB.
func pageKey(t *testing.T, st *pageStatus) string {
	t.Helper()
	if st == nil || st.Identity == nil || len(st.Identity.PublicKey) != 64 || !st.Identity.Stored {
		t.Fatalf("the page has no stored login key: %+v", st)
	}
	return st.Identity.PublicKey
}

// checkBinding fails unless the server's registry binds name to the key
// (hex).
func checkBinding(t *testing.T, srv *Server, name, key string) {
	t.Helper()
	bound, ok := srv.Access().Binding(name)
	if !ok || hex.EncodeToString(bound) != key {
		t.Fatalf("the server binds %s to %x (bound %v); the page's key is %s", name, bound, ok, key)
	}
}

// pageStatus is window.strata.status() (docs/web.md, Test hooks).
type pageStatus struct {
	State     string  `json:"state"`
	Detail    string  `json:"detail"`
	Error     string  `json:"error"`
	ErrorCode string  `json:"errorCode"`
	Name      string  `json:"name"`
	EntityID  *string `json:"entityId"`
	Identity  *struct {
		PublicKey string `json:"publicKey"`
		Stored    bool   `json:"stored"`
		Why       string `json:"why"`
	} `json:"identity"`
	Spawn *struct {
		X, Y, Z float64
	} `json:"spawn"`
	Position struct {
		X, Y, Z float64
	} `json:"position"`
	Yaw              float64 `json:"yaw"`
	Pitch            float64 `json:"pitch"`
	Flying           bool    `json:"flying"`
	Held             *struct{ Missing int }
	Sections         int      `json:"sections"`
	SectionsReceived int      `json:"sectionsReceived"`
	AirSections      int      `json:"airSections"`
	Drops            int      `json:"drops"`
	Meshes           int      `json:"meshes"`
	MeshesBuilt      int      `json:"meshesBuilt"`
	FirstMeshMs      *float64 `json:"firstMeshMs"`
	FrameP95Ms       float64  `json:"frameP95Ms"`
	SectionsPerS     float64  `json:"sectionsPerS"`
	RttMs            *float64 `json:"rttMs"`
	Corrections      int      `json:"corrections"`
	Target           *struct {
		X, Y, Z, Block int
	} `json:"target"`
	Pending int `json:"pending"`
}

func deref(f *float64) float64 {
	if f == nil {
		return math.NaN()
	}
	return *f
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// blockTarget is a block the page aims at, with its original type.
type blockTarget struct{ x, y, z, block int }

// aimAtBlock picks a block next to the page's player that can be broken
// and put back — a solid top block with air above and solid below, its
// top face at or under the player's feet — as the native client's copy of
// the world shows it, turns the page's player to look at it, and waits
// for the page to target it. Breaking it leaves the ray on the hole's
// floor or wall, so placing goes back into the hole.
func aimAtBlock(ctx context.Context, t *testing.T, b *chromiumProc, page string, c *client.Conn, st *pageStatus) blockTarget {
	t.Helper()
	get := func(x, y, z int) (chunk.Block, bool) {
		s, ok := c.Section(chunk.PosOfBlock(x, y, z))
		if !ok || s.Decoded == nil {
			return 0, false
		}
		lx, ly, lz := chunk.LocalOfBlock(x, y, z)
		return s.Decoded.Get(lx, ly, lz), true
	}
	solid := func(x, y, z int) bool { b, ok := get(x, y, z); return ok && b.Props().Solid }
	air := func(x, y, z int) bool { b, ok := get(x, y, z); return ok && b == chunk.Air }
	pos := st.Position
	px, py, pz := int(math.Floor(pos.X)), int(math.Floor(pos.Y)), int(math.Floor(pos.Z))
	ex, ey, ez := pos.X, pos.Y+1.62, pos.Z
	var tried []string
	for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {0, 2}, {2, 0}, {0, -2}, {-2, 0}} {
		x, z := px+d[0], pz+d[1]
		for y := py - 1; y >= py-3; y-- {
			blk, ok := get(x, y, z)
			if !ok || !blk.Props().Placeable || !solid(x, y-1, z) || !air(x, y+1, z) || !air(x, y+2, z) {
				continue
			}
			// Aim just inside the top face's centre.
			vx, vy, vz := float64(x)+0.5-ex, float64(y)+0.9-ey, float64(z)+0.5-ez
			if math.Sqrt(vx*vx+(vy-0.4)*(vy-0.4)+vz*vz) > 5.5 {
				continue // the server's reach is 6 to the block's centre
			}
			yaw := math.Atan2(-vx, vz) * 180 / math.Pi
			pitch := math.Atan2(-vy, math.Hypot(vx, vz)) * 180 / math.Pi
			got := b.evalString(ctx, t, page, fmt.Sprintf(`(async () => {
  const s = window.strata;
  s.setLook(%s, %s);
  const end = performance.now() + 2500;
  for (;;) {
    const t = s.status().target;
    if (t && t.x === %d && t.y === %d && t.z === %d) return "ok " + s.blockAt(%d, %d, %d);
    if (performance.now() > end) return JSON.stringify(t);
    await new Promise((r) => setTimeout(r, 50));
  }
})()`, ftoa(yaw), ftoa(pitch), x, y, z, x, y, z))
			if got == "ok "+strconv.Itoa(int(blk)) {
				return blockTarget{x, y, z, int(blk)}
			}
			tried = append(tried, fmt.Sprintf("%d,%d,%d (%s) -> %s", x, y, z, blk.Props().Name, got))
			break
		}
	}
	t.Fatalf("no block to break next to the page's player at %.2f %.2f %.2f; tried %v", pos.X, pos.Y, pos.Z, tried)
	return blockTarget{}
}

// watcher is a native client recording what the browser tests look for.
type watcher struct {
	conn    *client.Conn
	joined  chan *protocol.PlayerJoined
	left    chan uint64
	updates chan *protocol.BlockUpdate
	acks    chan *protocol.ActionAck
}

func dialWatcher(ctx context.Context, t *testing.T, addr, pin, name string, view uint32) *watcher {
	t.Helper()
	w := &watcher{
		joined: make(chan *protocol.PlayerJoined, 16), left: make(chan uint64, 16),
		updates: make(chan *protocol.BlockUpdate, 256), acks: make(chan *protocol.ActionAck, 16),
	}
	// The handlers never block: a full buffer drops (and fails the wait
	// that needed it, not the stream).
	put := func(ch chan<- *protocol.BlockUpdate, u *protocol.BlockUpdate) {
		select {
		case ch <- u:
		default:
		}
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := client.Dial(dctx, addr, client.Options{
		Name: name, ViewDistance: view, PinSHA256: pin,
		Handlers: client.Handlers{
			OnBlockUpdate: func(u *protocol.BlockUpdate) { put(w.updates, u) },
			OnActionAck: func(a *protocol.ActionAck) {
				select {
				case w.acks <- a:
				default:
				}
			},
			OnControl: func(m *protocol.ServerMessage) {
				if j := m.GetPlayerJoined(); j != nil {
					select {
					case w.joined <- j:
					default:
					}
				}
				if l := m.GetPlayerLeft(); l != nil {
					select {
					case w.left <- l.GetEntityId():
					default:
					}
				}
			},
		},
	})
	if err != nil {
		t.Fatalf("dial %s: %v", name, err)
	}
	w.conn = c
	t.Cleanup(func() { c.Close() })
	return w
}

func (w *watcher) waitJoined(ctx context.Context, t *testing.T, name string) *protocol.PlayerJoined {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		select {
		case j := <-w.joined:
			if j.GetName() == name {
				return j
			}
		case <-ctx.Done():
			t.Fatalf("the native client never saw %s join", name)
		}
	}
}

func (w *watcher) waitLeft(ctx context.Context, t *testing.T, id uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		select {
		case got := <-w.left:
			if got == id {
				return
			}
		case <-ctx.Done():
			t.Fatalf("the native client never saw entity %d leave", id)
		}
	}
}

func (w *watcher) waitUpdate(ctx context.Context, t *testing.T, tgt blockTarget, want chunk.Block) *protocol.BlockUpdate {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var seen []string
	for {
		select {
		case u := <-w.updates:
			p := u.GetPos()
			if int(p.GetX()) == tgt.x && int(p.GetY()) == tgt.y && int(p.GetZ()) == tgt.z && chunk.Block(u.GetBlock()) == want {
				return u
			}
			seen = append(seen, u.String())
		case <-ctx.Done():
			t.Fatalf("the native client got no BlockUpdate setting %d,%d,%d to %s (got %v)", tgt.x, tgt.y, tgt.z, want.Props().Name, seen)
		}
	}
}

// checkAcks reads n of the native client's acknowledgements: all accepted.
func (w *watcher) checkAcks(t *testing.T, n int) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for range n {
		select {
		case a := <-w.acks:
			if !a.GetAccepted() {
				t.Errorf("the native client's action was refused: %v", a)
			}
		case <-timeout:
			t.Fatal("the native client's actions were not acknowledged")
		}
	}
}

// startPlayServer runs the real server until the test ends, like
// startServer, but learns the QUIC address the way the page does, from
// GET /play/config.json (which also checks what that endpoint serves):
// Server.NetAddr reads a field Run writes without synchronisation, so
// startServer's polling of it is a data race under -race.
func startPlayServer(ctx context.Context, t *testing.T, cfg Config) (srv *Server, adminAddr, quicAddr string) {
	t.Helper()
	return servePlay(ctx, t, cfg, zerolog.WarnLevel, func(cfg Config, log zerolog.Logger) (*Server, error) { return New(cfg, log) })
}

// servePlay makes a server with mk (logging at lvl), on loopback ports,
// runs it until the test ends, and returns once it serves config.json.
func servePlay(ctx context.Context, t *testing.T, cfg Config, lvl zerolog.Level, mk func(Config, zerolog.Logger) (*Server, error)) (srv *Server, adminAddr, quicAddr string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	cfg.Admin = "127.0.0.1:0"
	srv, err := mk(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(lvl))
	if err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(rctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	var last string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("the server did not serve its WebTransport config within 30s: %s", last)
		}
		if adminAddr = srv.AdminAddr(); adminAddr == "" || strings.HasSuffix(adminAddr, ":0") {
			continue // not listening yet
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+adminAddr+"/play/config.json", nil)
		resp, err := hc.Do(req)
		if err != nil {
			last = err.Error()
			continue
		}
		var pc webclient.Config
		err = json.NewDecoder(resp.Body).Decode(&pc)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || err != nil {
			last = fmt.Sprintf("%s %v", resp.Status, err)
			continue // 503 until the QUIC listener opens, after the start-up gate
		}
		u, err := url.Parse(pc.URL)
		if err != nil || u.Scheme != "https" || u.Hostname() != "127.0.0.1" || u.Path != "/wt" {
			t.Fatalf("config.json url %q (%v), want https://127.0.0.1:PORT/wt", pc.URL, err)
		}
		if pc.CertHash != srv.CertSHA256() || pc.CertHash == "" {
			t.Fatalf("config.json certHash %q, want the certificate's %q", pc.CertHash, srv.CertSHA256())
		}
		return srv, adminAddr, u.Host
	}
}

// waitAdminPlayer polls GET /api/status until it lists the player.
func waitAdminPlayer(ctx context.Context, t *testing.T, addr, name string) admin.Player {
	t.Helper()
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	deadline := time.Now().Add(10 * time.Second)
	var last string
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/api/status", nil)
		if resp, err := hc.Do(req); err == nil {
			var snap struct {
				Players []admin.Player `json:"players"`
			}
			err := json.NewDecoder(resp.Body).Decode(&snap)
			resp.Body.Close()
			if err == nil {
				for _, p := range snap.Players {
					if p.Name == name {
						return p
					}
				}
				last = fmt.Sprintf("players %+v", snap.Players)
			} else {
				last = err.Error()
			}
		} else {
			last = err.Error()
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("/api/status never listed %s: %s", name, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitAdminPlayerAt polls GET /api/status until it shows the player
// within a block of x, y, z.
func waitAdminPlayerAt(ctx context.Context, t *testing.T, addr, name string, x, y, z float64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		p := waitAdminPlayer(ctx, t, addr, name)
		if math.Abs(p.X-x) < 1 && math.Abs(p.Y-y) < 1 && math.Abs(p.Z-z) < 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server has %s at %.2f %.2f %.2f, the page at %.2f %.2f %.2f", name, p.X, p.Y, p.Z, x, y, z)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// ---- Chromium and the DevTools protocol ---------------------------------

// chromiumProc is a headless Chromium (see browsertest.Launch), driven
// through --remote-debugging-pipe.
type chromiumProc struct {
	*browsertest.Browser
}

// launchChromium starts Chromium on about:blank; the test navigates once
// it has attached, so no exception of the page's escapes it.
func launchChromium(ctx context.Context, t *testing.T, path string) *chromiumProc {
	t.Helper()
	b := browsertest.Launch(ctx, t, browsertest.Options{
		Path: path,
		URL:  "about:blank",
		Flags: []string{
			"--disable-dev-shm-usage", "--mute-audio",
			"--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=1280,720",
			// Software WebGL: no GPU here.
			"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
			// A hidden tab's frames would be throttled.
			"--disable-renderer-backgrounding", "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
		},
		DevTools: true,
		LogLimit: 4 << 20,
	})
	return &chromiumProc{Browser: b}
}

// logTail is the end of Chromium's log, for failures.
func (b *chromiumProc) logTail() string {
	return "chromium log (tail):\n" + strings.Join(b.Log.Tail(30, nil), "\n")
}

func (b *chromiumProc) evalString(ctx context.Context, t *testing.T, session, expr string) string {
	t.Helper()
	v, err := b.DevTools.Eval(ctx, session, expr)
	if err != nil {
		t.Fatalf("evaluate %.80q: %v\n%s", expr, err, b.logTail())
	}
	s, _ := v.(string)
	return s
}

func (b *chromiumProc) evalBool(ctx context.Context, t *testing.T, session, expr string) bool {
	t.Helper()
	v, err := b.DevTools.Eval(ctx, session, expr)
	if err != nil {
		t.Fatalf("evaluate %.80q: %v\n%s", expr, err, b.logTail())
	}
	ok, _ := v.(bool)
	return ok
}

func (b *chromiumProc) status(ctx context.Context, t *testing.T, session string) *pageStatus {
	t.Helper()
	var st pageStatus
	js := b.evalString(ctx, t, session, `window.strata ? JSON.stringify(window.strata.status()) : ""`)
	if js == "" || json.Unmarshal([]byte(js), &st) != nil {
		return nil
	}
	return &st
}

// waitStatus polls window.strata.status() until ok, within the test's
// budget.
func (b *chromiumProc) waitStatus(ctx context.Context, t *testing.T, session, what string, ok func(*pageStatus) bool) *pageStatus {
	t.Helper()
	var st *pageStatus
	for {
		if st = b.status(ctx, t, session); st != nil && ok(st) {
			return st
		}
		select {
		case <-ctx.Done():
			t.Fatalf("page not %s: status %+v\npage exceptions: %q\n%s", what, st, b.DevTools.Exceptions(), b.logTail())
		case <-b.Exited():
			t.Fatalf("chromium exited while waiting for the page to be %s\n%s", what, b.logTail())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// waitBlock waits until the page's copy of the world has block want at tgt.
func (b *chromiumProc) waitBlock(ctx context.Context, t *testing.T, session string, tgt blockTarget, want chunk.Block) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	expr := fmt.Sprintf(`String(window.strata.blockAt(%d, %d, %d))`, tgt.x, tgt.y, tgt.z)
	for {
		got := b.evalString(ctx, t, session, expr)
		if got == strconv.Itoa(int(want)) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page holds block %s at %d,%d,%d, want %d (%s)", got, tgt.x, tgt.y, tgt.z, want, want.Props().Name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ---- screenshots ---------------------------------------------------------

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkNotBlank fails on a blank or near single-colour frame: the terrain
// must show many colours (shading, ambient occlusion, block colours), and
// the sky may not fill it.
func checkNotBlank(t *testing.T, raw []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("screenshot does not decode: %v", err)
	}
	bounds := img.Bounds()
	counts := map[uint32]int{}
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			counts[(r>>12)<<8|(g>>12)<<4|b>>12]++
		}
	}
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	total := bounds.Dx() * bounds.Dy()
	t.Logf("screenshot %dx%d: %d colours (4 bits a channel), the commonest covers %.0f%%", bounds.Dx(), bounds.Dy(), len(counts), 100*float64(top)/float64(total))
	if len(counts) < 20 || top > total*9/10 {
		t.Errorf("the screenshot looks blank: %d colours, the commonest covers %d of %d pixels", len(counts), top, total)
	}
}

// quantizePNG reduces a screenshot to its 256 most used colours (by
// 5-bit-per-channel bucket, each the mean of its pixels), every pixel
// mapped to the nearest, without dithering: a flat-shaded render survives
// it, at a fraction of the size.
func quantizePNG(raw []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	type acc struct{ n, r, g, b int }
	var buckets [1 << 15]acc
	key := func(r, g, b uint32) int { return int(r>>11)<<10 | int(g>>11)<<5 | int(b>>11) }
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			a := &buckets[key(r, g, b)]
			a.n++
			a.r += int(r >> 8)
			a.g += int(g >> 8)
			a.b += int(b >> 8)
		}
	}
	idx := make([]int, 0, len(buckets))
	for i, a := range buckets {
		if a.n > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int { return buckets[b].n - buckets[a].n })
	pal := make(color.Palette, 0, 256)
	for _, i := range idx[:min(256, len(idx))] {
		a := buckets[i]
		pal = append(pal, color.RGBA{uint8(a.r / a.n), uint8(a.g / a.n), uint8(a.b / a.n), 0xff})
	}
	var nearest [1 << 15]uint8
	for _, i := range idx {
		a := buckets[i]
		nearest[i] = uint8(pal.Index(color.RGBA{uint8(a.r / a.n), uint8(a.g / a.n), uint8(a.b / a.n), 0xff}))
	}
	out := image.NewPaletted(bounds, pal)
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			out.SetColorIndex(x, y, nearest[key(r, g, b)])
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checkGoroutines waits for the goroutine count to fall back to what it
// was before the test.
func checkGoroutines(t *testing.T, before int) {
	for end := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left running (%d before):\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}
