package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
)

// moveTestBudget bounds the whole movement test, server start included.
const moveTestBudget = 70 * time.Second

// moveHeight is where the runs happen: above the world's build limit
// (/tp allows up to 64 blocks above it), where nothing is solid and no
// terrain needs to be resident, so a run is never blocked or held. A
// walking player falls from there, which the server allows; its
// horizontal speed is what is measured.
const moveHeight = chunk.MaxY + 64

// stateTrack collects the server's PlayerState datagrams about one
// entity: the authoritative position at the server's tick.
type stateTrack struct {
	mu     sync.Mutex
	entity uint64
	states []trackPoint
}

type trackPoint struct {
	tick    uint64
	x, y, z float64
}

// follow sets the entity whose states are kept.
func (s *stateTrack) follow(entity uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entity = entity
}

func (s *stateTrack) add(ps *protocol.PlayerState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ps.GetEntityId() != s.entity || ps.GetPosition() == nil {
		return
	}
	p := ps.GetPosition()
	s.states = append(s.states, trackPoint{ps.GetTick(), p.GetX(), p.GetY(), p.GetZ()})
}

// since returns the states with a tick after from.
func (s *stateTrack) since(from uint64) []trackPoint {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []trackPoint
	for _, p := range s.states {
		if p.tick > from {
			out = append(out, p)
		}
	}
	return out
}

func (s *stateTrack) last() trackPoint {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.states) == 0 {
		return trackPoint{}
	}
	return s.states[len(s.states)-1]
}

// speedOf is the least-squares slope of distance along the run's
// direction against server time, in blocks per second: the page sends its
// steps in bursts when its frames are slow, so the server's position is
// a staircase, and a fit over it is steadier than two end points.
func speedOf(pts []trackPoint, tps float64, dx, dz float64) float64 {
	if len(pts) < 2 {
		return 0
	}
	var st, sd, stt, std float64
	n := float64(len(pts))
	for _, p := range pts {
		t := float64(p.tick-pts[0].tick) / tps
		d := (p.x-pts[0].x)*dx + (p.z-pts[0].z)*dz
		st += t
		sd += d
		stt += t * t
		std += t * d
	}
	den := n*stt - st*st
	if den == 0 {
		return 0
	}
	return (n*std - st*sd) / den
}

// TestBrowserMovesLikeAPlayer holds real keys in headless Chromium (W,
// Ctrl for sprint, flying toggled by the page's hook) against the real
// server, unthrottled and with the CPU throttled 4×, and measures the
// speed the server accepts from the PlayerState datagrams it relays (its
// authoritative position at its tick) to a native client next to the
// page: within 5 % of the advertised speed of each mode (walk, sprint,
// fly-sprint), with at most one Correction per 10 s of movement. A third
// pass makes every frame take 200 ms (~5 fps; window.strata.setBusyFrame),
// since above the world the page draws nothing and throttling alone
// leaves its frames fast. The runs are short (1.8–2 s each, not 10 s) to
// keep the test near 30 s on two cores.
// Skipped under -short and without Chromium.
// moveStatus is the part of window.strata.status() this test reads beyond pageStatus.
type moveStatus struct {
	pageStatus
	Mode  string  `json:"mode"`
	Speed float64 `json:"speed"`
	// InputTick is the page's simulated step count.
	InputTick int `json:"inputTick"`
	// LastCorrection is the page's record of the last Correction.
	LastCorrection json.RawMessage `json:"lastCorrection"`
}

func moveStatusOf(ctx context.Context, t *testing.T, b *chromiumProc, page string) moveStatus {
	t.Helper()
	var st moveStatus
	js := b.evalString(ctx, t, page, `JSON.stringify(window.strata.status())`)
	if err := json.Unmarshal([]byte(js), &st); err != nil {
		t.Fatalf("page status %q: %v", js, err)
	}
	return st
}

func TestBrowserMovesLikeAPlayer(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: browser movement test in -short mode")
	}
	if raceEnabled {
		// The plain `go test ./...` pass of .ci/run measures it; under the
		// race detector the page and the server run several times slower
		// and a speed within 5 % says nothing about the client.
		t.Skip("SKIP: browser movement speeds are measured without -race")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): browser movement is NOT tested")
	}
	goroutines := runtime.NumGoroutine()
	t.Cleanup(func() { checkGoroutines(t, goroutines) })
	began := time.Now()
	mark := func(what string) { t.Logf("%6.2fs %s", time.Since(began).Seconds(), what) }
	ctx, cancel := context.WithTimeout(context.Background(), moveTestBudget)
	defer cancel()

	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 2
	srv, adminAddr, quicAddr := startPlayServer(ctx, t, cfg)
	_, adminPort, _ := strings.Cut(adminAddr, ":")
	mark("server ready")

	// A native client up where the runs happen, within whose view radius
	// (horizontal, in blocks) the page's player stays: it gets the
	// player's PlayerState datagrams.
	track := &stateTrack{}
	dctx, dcancel := context.WithTimeout(ctx, 10*time.Second)
	w, err := client.Dial(dctx, quicAddr, client.Options{
		Name: "mover-watch", ViewDistance: 8, PinSHA256: srv.CertSHA256(),
		Features: []string{protocol.FeaturePlayerStates},
		Handlers: client.Handlers{OnPlayerState: track.add},
	})
	dcancel()
	if err != nil {
		t.Fatalf("dial the watcher: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	sp := srv.Spawn()
	if err := w.Chat(fmt.Sprintf("/tp %.1f %d %.1f", sp.X, moveHeight-8, sp.Z)); err != nil {
		t.Fatal(err)
	}

	b := launchChromium(ctx, t, chromium)
	page, err := b.DevTools.AttachPage(ctx)
	if err != nil {
		t.Fatalf("devtools: %v\n%s", err, b.logTail())
	}
	// Its own name: the watcher's is bound to the watcher's key, so the
	// page would be refused NAME_BOUND and stop (browser_test.go checks
	// that).
	const name = "mover"
	if err := b.DevTools.Call(ctx, page, "Page.navigate", map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%s/play/?name=%s&view=3", adminPort, name)}, nil); err != nil {
		t.Fatal(err)
	}
	st := b.waitStatus(ctx, t, page, "connected", func(s *pageStatus) bool {
		return s.State == "connected" && s.Held == nil && s.EntityID != nil
	})
	var entity uint64
	fmt.Sscan(*st.EntityID, &entity)
	track.follow(entity)
	mark(fmt.Sprintf("page connected as entity %s (%s)", *st.EntityID, st.Detail))
	if st.Error != "" {
		t.Errorf("the connected page reports %q", st.Error)
	}

	key := func(typ, code, keyName string, vk int, mods int) {
		t.Helper()
		params := map[string]any{"type": typ, "code": code, "key": keyName, "windowsVirtualKeyCode": vk, "modifiers": mods}
		if err := b.DevTools.Call(ctx, page, "Input.dispatchKeyEvent", params, nil); err != nil {
			t.Fatalf("key %s %s: %v", typ, code, err)
		}
	}
	const ctrl = 2 // the DevTools modifier bit for Ctrl
	type mode struct {
		name   string
		fly    bool
		sprint bool
		speed  float64
		secs   float64
	}
	lim := physics.DefaultLimits()
	modes := []mode{
		// A walking run falls from moveHeight towards the world; 1.8 s
		// (52 blocks) keeps it above the build limit, where no terrain
		// need be resident.
		{"walk", false, false, lim.WalkSpeed, 1.8},
		{"sprint", false, true, lim.SprintSpeed, 1.8},
		{"fly-sprint", true, true, lim.FlySpeed, 2},
	}
	totalRun, totalCorrections := 0.0, 0
	dir := 1.0
	// Three machines: this one, its CPU throttled 4×, and this one with
	// frames made to take 200 ms each (~5 fps, what the issue measured on a loaded world;
	// above the world the page draws nothing, so throttling alone leaves
	// its frames fast).
	// With 200 ms frames the page sends its steps in bursts of four, so
	// the server's position is a staircase of a handful of points over a
	// 1.8 s walk (it cannot be longer: the walker falls), and the fit is
	// only good to several per cent (up to 8 % off seen under -race): that
	// pass allows 10 %.
	passes := []struct {
		name     string
		throttle float64
		busyMs   int
		tol      float64
	}{{"CPU ×1", 1, 0, 0.05}, {"CPU ×4", 4, 0, 0.05}, {"200 ms frames", 1, 200, 0.10}}
	for _, pass := range passes {
		if err := b.DevTools.Call(ctx, page, "Emulation.setCPUThrottlingRate", map[string]any{"rate": pass.throttle}, nil); err != nil {
			t.Fatal(err)
		}
		b.evalBool(ctx, t, page, fmt.Sprintf(`window.strata.setBusyFrame(%d), true`, pass.busyMs))
		for _, m := range modes {
			// Up where the run happens, hovering; facing +X or −X in turn,
			// so the player stays over the watcher.
			yaw := 270.0
			if dir < 0 {
				yaw = 90
			}
			b.evalBool(ctx, t, page, fmt.Sprintf(`window.strata.setFlying(true), window.strata.chat("/tp %.1f %d %.1f"), true`, sp.X, moveHeight, sp.Z))
			b.waitStatus(ctx, t, page, "teleported up", func(s *pageStatus) bool {
				return math.Abs(s.Position.Y-float64(moveHeight)) < 0.01 && math.Abs(s.Position.X-sp.X) < 0.01
			})
			// After the teleport, which sets the look too.
			b.evalBool(ctx, t, page, fmt.Sprintf(`window.strata.setLook(%v, 0), true`, yaw))
			time.Sleep(300 * time.Millisecond) // the teleport's in-flight inputs drain
			before := moveStatusOf(ctx, t, b, page)
			from := track.last().tick
			if !m.fly {
				b.evalBool(ctx, t, page, `window.strata.setFlying(false)`)
			}
			mods := 0
			if m.sprint {
				mods = ctrl
				key("rawKeyDown", "ControlLeft", "Control", 17, ctrl)
			}
			key("rawKeyDown", "KeyW", "w", 87, mods)
			start := time.Now()
			time.Sleep(time.Duration(m.secs * float64(time.Second)))
			key("keyUp", "KeyW", "w", 87, mods)
			b.evalBool(ctx, t, page, `window.strata.setFlying(true)`) // stop falling
			if m.sprint {
				key("keyUp", "ControlLeft", "Control", 17, 0)
			}
			ran := time.Since(start).Seconds()
			time.Sleep(200 * time.Millisecond)
			after := moveStatusOf(ctx, t, b, page)
			pts := track.since(from)
			// The middle of the run: past the first frame after the key
			// went down, before the key went up.
			tps := float64(cfg.TPS)
			if tps == 0 {
				tps = 20
			}
			var mid []trackPoint
			if len(pts) > 0 {
				lo, hi := pts[0].tick+uint64(0.15*tps), pts[0].tick+uint64((m.secs-0.1)*tps)
				for _, p := range pts {
					if p.tick >= lo && p.tick <= hi {
						mid = append(mid, p)
					}
				}
			}
			// Along the run's net direction (the look decides it; the test
			// checks speed, not heading).
			dx, dz := 0.0, 0.0
			if len(mid) > 1 {
				a, z := mid[0], mid[len(mid)-1]
				if l := math.Hypot(z.x-a.x, z.z-a.z); l > 0 {
					dx, dz = (z.x-a.x)/l, (z.z-a.z)/l
				}
			}
			got := speedOf(mid, tps, dx, dz)
			corr := after.Corrections - before.Corrections
			totalRun += ran
			totalCorrections += corr
			fig := fmt.Sprintf("%s, %s: %.2f b/s (advertised %.2f, %+.1f %%), %d corrections, %d server states, page frame p95 %.0f ms",
				m.name, pass.name, got, m.speed, 100*(got/m.speed-1), corr, len(mid), after.FrameP95Ms)
			mark(fig)
			if corr > 0 {
				t.Logf("last correction: %s", after.LastCorrection)
			}
			t.Logf("page %+v → %+v (page speed %.2f, mode %s, ticks %d→%d, held %v, err %q); %d states in all, last %+v", before.Position, after.Position, after.Speed, after.Mode, before.InputTick, after.InputTick, after.Held, after.Error, len(track.since(0)), track.last())
			if math.Abs(got/m.speed-1) > pass.tol {
				t.Errorf("%s, %s: the server moved the player at %.2f b/s, want %.2f ± %.0f %%", m.name, pass.name, got, m.speed, 100*pass.tol)
			}
			dir = -dir
		}
	}
	b.DevTools.Call(ctx, page, "Emulation.setCPUThrottlingRate", map[string]any{"rate": 1}, nil)
	perMin := float64(totalCorrections) / totalRun * 60
	mark(fmt.Sprintf("corrections: %d in %.1f s of movement (%.1f per minute)", totalCorrections, totalRun, perMin))
	if allowed := int(math.Ceil(totalRun / 10)); totalCorrections > allowed {
		t.Errorf("%d corrections in %.1f s of movement, want at most %d (one per 10 s)", totalCorrections, totalRun, allowed)
	}
	// Above the world there is nothing to aim at: the page refuses a
	// placement itself, says so, and sends nothing.
	if b.evalBool(ctx, t, page, `window.strata.setLook(0, 90), window.strata.placeBlock(1)`) {
		t.Error("placeBlock with nothing to aim at sent a request")
	}
	var refusal struct {
		Kind, Result string
		Local        bool
	}
	if err := json.Unmarshal([]byte(b.evalString(ctx, t, page, `JSON.stringify(window.strata.status().lastRefusal)`)), &refusal); err != nil || !refusal.Local || refusal.Result != "NO_TARGET" {
		t.Errorf("a placement refused by the page: lastRefusal %+v (%v), want a local NO_TARGET", refusal, err)
	}
	if ex := b.DevTools.Exceptions(); len(ex) > 0 {
		t.Errorf("page exceptions: %q", ex)
	}
}
