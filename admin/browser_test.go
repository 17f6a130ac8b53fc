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
	"strings"
	"syscall"
	"testing"
	"time"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the status page screenshot to docs/img/status.png")

// TestStatusPageInBrowser loads the status page in headless Chromium
// against a running admin server with a realistic snapshot, checks the map
// and the player list rendered, and keeps a screenshot.
//
// Needs Debian's chromium package (apt-get install -y chromium); skipped
// without it. Artefacts go to $STRATA_ARTIFACTS when set.
func TestStatusPageInBrowser(t *testing.T) {
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
	s := startServer(t, Config{Token: token}, status, NewMetrics())
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
		}
		for _, want := range []string{"reconcile", "stream_chunks", fmt.Sprint(snap.Seed), `class="badge ok"`} {
			if !strings.Contains(dom, want) {
				t.Errorf("DOM lacks %q", want)
			}
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
		counts := countColors(img, colorSea, colorGrass, colorForest, 0xff4d6d)
		for c, n := range counts {
			if n < 30 {
				t.Errorf("colour #%06x: %d pixels, want the map to show it", c, n)
			}
		}
		if *updateScreenshot {
			writeArtifact(t, filepath.Join("..", "docs", "img", "status.png"), raw)
		}
	})
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
