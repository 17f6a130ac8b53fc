//go:build linux

package admin

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
	"github.com/stratavox/strata/testkit"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the status page screenshot to docs/img/status.png")

// TestStatusPageInBrowser loads the status page in headless Chromium
// against a running admin server with a realistic snapshot, checks the map
// and the player list rendered, and keeps a screenshot.
//
// Needs Debian's chromium package (apt-get install -y chromium); skipped
// without it. Artefacts go to $STRATA_ARTIFACTS when set.
func TestStatusPageInBrowser(t *testing.T) {
	testkit.Long(t)
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not on PATH: install Debian's chromium package (apt-get install -y chromium) to run the status page browser test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()

	const token = "browser-test-token-7f3a"
	status := NewStatus()
	start := time.Now().Add(-time.Hour).Truncate(time.Second)
	// A minute of history, so the chart is full on first load.
	var snap *Snapshot
	for i := range 61 {
		snap = fakeSnapshot(start, i)
		status.Publish(snap)
	}
	console := newFakeConsole()
	reg := openRegistry(t)
	if _, err := reg.SetOperator("alice", true); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, Config{Token: token, Console: console.run, Access: reg}, status, NewMetrics())
	// ?token= sets the session cookie and redirects to /: the real
	// browser login path.
	url := fmt.Sprintf("http://%s/?token=%s", s.Addr(), token)

	artifacts := os.Getenv("STRATA_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	} else if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatalf("artefacts dir: %v", err)
	}

	t.Run("dom", func(t *testing.T) {
		dom := runChromium(ctx, t, chromium, "--dump-dom", url)
		writeArtifact(t, filepath.Join(artifacts, "status-dom.html"), []byte(dom))
		summary := regexp.MustCompile(`<span id="summary"[^>]*>[^<]*</span>`).FindString(dom)
		if summary == "" {
			t.Fatalf("no summary element in the DOM:\n%.2000s", dom)
		}
		for _, want := range []string{
			`data-rendered="true"`,
			fmt.Sprintf(`data-players="%d"`, len(snap.Players)),
			fmt.Sprintf(`data-columns="%d"`, len(snap.Columns)),
			fmt.Sprintf("players: %d, columns: %d", len(snap.Players), len(snap.Columns)),
		} {
			if !strings.Contains(summary, want) {
				t.Errorf("summary %q lacks %q", summary, want)
			}
		}
		for _, p := range snap.Players {
			row := regexp.MustCompile(`<tr data-player="` + p.Name + `">.*?</tr>`).FindString(dom)
			if row == "" {
				t.Errorf("player %s not in the player list", p.Name)
				continue
			}
			if want := fmt.Sprintf("%.1f", p.X); !strings.Contains(row, want) {
				t.Errorf("player row %q lacks x %s", row, want)
			}
			// The viewer holds the token and the listener a console:
			// every row has its buttons.
			for _, act := range []string{"kick", "ban"} {
				if want := fmt.Sprintf(`data-act="%s" data-name="%s"`, act, p.Name); !strings.Contains(row, want) {
					t.Errorf("player row %q has no %s button", row, act)
				}
			}
			if op := strings.Contains(row, `class="op"`); op != (p.Name == "alice") {
				t.Errorf("player row %q: operator badge %v, want it only for alice", row, op)
			}
		}
		// The map's key is the served legend, entry for entry: the
		// colours the map is drawn in and their names.
		keys := regexp.MustCompile(`<span data-key="([^"]*)" data-name="([^"]*)"><i class="sw[^"]*" data-color="(#[0-9a-f]{6})"`).FindAllStringSubmatch(dom, -1)
		if len(keys) != len(snap.MapKey) {
			t.Errorf("the map's key has %d entries, want the %d of the legend %+v: %q", len(keys), len(snap.MapKey), snap.MapKey, keys)
		} else {
			for i, k := range snap.MapKey {
				if got, want := keys[i][1:], []string{k.Key, k.Name, fmt.Sprintf("#%06x", k.Color)}; !slices.Equal(got, want) {
					t.Errorf("map key entry %d: %q, want %q", i, got, want)
				}
			}
		}
		for _, want := range []string{"reconcile", "stream_chunks", fmt.Sprint(snap.Seed), `class="badge ok"`} {
			if !strings.Contains(dom, want) {
				t.Errorf("DOM lacks %q", want)
			}
		}
	})

	t.Run("kick and ban", func(t *testing.T) {
		b := browsertest.Launch(ctx, t, browsertest.Options{
			Path: chromium, URL: "about:blank", DevTools: true,
			Flags: []string{"--disable-gpu", "--disable-dev-shm-usage", "--mute-audio", "--window-size=1400,1080"},
		})
		dt := b.DevTools
		session, err := dt.AttachPage(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := dt.Call(ctx, session, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
			t.Fatal(err)
		}
		// A real click, at the button's place on the page: it must be
		// visible and on top, not only in the DOM.
		click := func(selector string) {
			t.Helper()
			var box []any
			waitPage(ctx, t, b, fmt.Sprintf("%s to be shown", selector), func() bool {
				v, err := dt.Eval(ctx, session, fmt.Sprintf(`(() => {
					const el = document.querySelector(%q);
					if (!el || !el.offsetParent) return null;
					el.scrollIntoView({block: "center"});
					const r = el.getBoundingClientRect();
					return [r.x + r.width / 2, r.y + r.height / 2];
				})()`, selector))
				if err != nil {
					t.Fatal(err)
				}
				box, _ = v.([]any)
				return len(box) == 2
			})
			for _, typ := range []string{"mousePressed", "mouseReleased"} {
				if err := dt.Call(ctx, session, "Input.dispatchMouseEvent", map[string]any{
					"type": typ, "x": box[0], "y": box[1], "button": "left", "clickCount": 1,
				}, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		ran := func(want string) {
			t.Helper()
			select {
			case line := <-console.ran:
				if line != want {
					t.Fatalf("console ran %q, want %q", line, want)
				}
			case <-ctx.Done():
				t.Fatalf("no console line %q; page exceptions %q\n%s", want, dt.Exceptions(), strings.Join(b.Log.Tail(20, nil), "\n"))
			}
			waitPage(ctx, t, b, "showing the reply", func() bool {
				v, err := dt.Eval(ctx, session, `document.getElementById("modreply").textContent`)
				return err == nil && v == "ran "+want
			})
		}

		click(`tr[data-player="bob"] button[data-act="kick"]`)
		ran("/kick bob")

		// A ban takes the reason and the length from the tools above the
		// list, and a second click.
		if _, err := dt.Eval(ctx, session, `document.getElementById("modreason").value = "griefing"; document.getElementById("modfor").value = "7d"`); err != nil {
			t.Fatal(err)
		}
		click(`tr[data-player="alice"] button[data-act="ban"]`)
		click(`tr[data-player="alice"] button.armed`)
		ran("/ban alice 7d griefing")
		if calls := console.calls(); len(calls) != 2 {
			t.Fatalf("console ran %q, want the kick and the ban only", calls)
		}
		if ex := dt.Exceptions(); len(ex) > 0 {
			t.Fatalf("page exceptions: %q", ex)
		}
	})

	t.Run("screenshot", func(t *testing.T) {
		path := filepath.Join(artifacts, "status.png")
		runChromium(ctx, t, chromium, "--screenshot="+path, url)
		t.Logf("screenshot: %s", path)
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("no screenshot: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("decode screenshot: %v", err)
		}
		// The map is drawn: the terrain colours of the columns and the
		// players' dots appear as solid pixels.
		counts := countColors(img, colorSea, colorGrass, colorForest, MapColorPlayer)
		for c, n := range counts {
			if n < 30 {
				t.Errorf("colour #%06x: %d pixels, want the map to show it", c, n)
			}
		}
		// Nothing is drawn in a colour the legend lacks (the page's
		// NO_KEY).
		if n := countColors(img, 0xff00ff)[0xff00ff]; n > 0 {
			t.Errorf("%d pixels in the page's colour for a missing key", n)
		}
		if *updateScreenshot {
			writeArtifact(t, filepath.Join("..", "docs", "img", "status.png"), raw)
		}
	})
}

// TestStatusPageButtonsNeedConsole: a listener without a console shows
// its players without kick or ban buttons, and a browser without the
// token gets no page at all.
func TestStatusPageButtonsNeedConsole(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not on PATH: install Debian's chromium package (apt-get install -y chromium) to run the status page browser test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	const token = "browser-test-token-no-console"
	status := NewStatus()
	status.Publish(fakeSnapshot(time.Now().Add(-time.Hour), 0))
	s := startServer(t, Config{Token: token, Access: openRegistry(t)}, status, NewMetrics())

	dom := runChromium(ctx, t, chromium, "--dump-dom", fmt.Sprintf("http://%s/?token=%s", s.Addr(), token))
	if !strings.Contains(dom, `data-rendered="true"`) || !strings.Contains(dom, `<tr data-player="bob">`) {
		t.Fatalf("page did not render its players:\n%.2000s", dom)
	}
	if strings.Contains(dom, "<button") || !regexp.MustCompile(`<span id="modtools"[^>]* hidden`).MatchString(dom) {
		t.Errorf("buttons or tools shown without a console:\n%.3000s", dom)
	}

	dom = runChromium(ctx, t, chromium, "--dump-dom", fmt.Sprintf("http://%s/", s.Addr()))
	if strings.Contains(dom, "data-player") || strings.Contains(dom, "<button") || !strings.Contains(dom, "unauthorized") {
		t.Errorf("a browser without the token saw more than the refusal:\n%.2000s", dom)
	}
}

// waitPage polls ok until it holds, within the test's budget.
func waitPage(ctx context.Context, t *testing.T, b *browsertest.Browser, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v; page exceptions %q\n%s", what, ctx.Err(), b.DevTools.Exceptions(), strings.Join(b.Log.Tail(20, nil), "\n"))
		case <-b.Exited():
			t.Fatalf("chromium exited while waiting for %s", what)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// runChromium runs headless Chromium on url and returns its stdout. Its
// whole process group is killed when ctx ends, so no renderer outlives the
// test.
func runChromium(ctx context.Context, t *testing.T, chromium string, mode, url string) string {
	t.Helper()
	profile := t.TempDir()
	cmd := exec.CommandContext(ctx, chromium,
		"--headless=new", "--no-sandbox", "--disable-gpu",
		"--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--disable-background-networking", "--mute-audio",
		"--hide-scrollbars", "--force-device-scale-factor=1",
		"--user-data-dir="+profile,
		"--window-size=1400,1080",
		// Virtual time runs the page's timers fast; fetches still complete
		// for real, so five seconds is five polls.
		"--virtual-time-budget=5000",
		mode, url)
	cmd.Env = append(os.Environ(), "HOME="+profile)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	// Chromium leaves helpers behind only on a crash; kill the group anyway.
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	if err != nil {
		t.Fatalf("chromium %s: %v\nstderr:\n%s", mode, err, tail(stderr.String(), 3000))
	}
	return stdout.String()
}

func countColors(img image.Image, rgbs ...uint32) map[uint32]int {
	counts := make(map[uint32]int, len(rgbs))
	want := make(map[color.RGBA]uint32, len(rgbs))
	for _, c := range rgbs {
		counts[c] = 0
		want[color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}] = c
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if c, ok := want[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}]; ok {
				counts[c]++
			}
		}
	}
	return counts
}

func writeArtifact(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
