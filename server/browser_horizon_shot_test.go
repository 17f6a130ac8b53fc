//go:build unix

package server

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
)

var horizonShot = flag.String("horizon-shot", "", "folder to write the browser's screenshot of the whole horizon to (view 8, 7 levels; TestBrowserHorizonScreenshot)")

// TestBrowserHorizonScreenshot is the figure of issue 53 for the browser,
// run by hand: the page at view 8 with the server's default horizon (7
// levels, 16 km) flies 100 blocks up, waits until the horizon is meshed,
// logs the frame time with it and with it hidden, and writes
// horizon-high.png (and horizon.png, reduced to 256 colours for
// docs/img) to the folder given:
//
//	go test ./server/ -run TestBrowserHorizonScreenshot -horizon-shot=/tmp/shot -v
func TestBrowserHorizonScreenshot(t *testing.T) {
	if *horizonShot == "" {
		t.Skip("SKIP: run by hand with -horizon-shot=FOLDER")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	began := time.Now()
	mark := func(what string) { t.Logf("%6.1fs %s", time.Since(began).Seconds(), what) }
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	_, adminAddr, _ := startPlayServer(ctx, t, cfg)
	_, adminPort, _ := strings.Cut(adminAddr, ":")
	b := launchChromium(ctx, t, chromium)
	page, err := b.DevTools.AttachPage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.DevTools.Call(ctx, page, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.DevTools.Call(ctx, page, "Page.navigate", map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%s/play/?name=highpoint&view=8", adminPort)}, nil); err != nil {
		t.Fatal(err)
	}
	st := b.waitStatus(ctx, t, page, "connected", func(s *pageStatus) bool { return s.State == "connected" && s.Held == nil && s.Spawn != nil })
	ground := st.Spawn.Y
	b.evalBool(ctx, t, page, `window.strata.setFlying(true), window.strata.setMove({up: 1, sprint: true}), true`)
	b.waitStatus(ctx, t, page, "100 blocks up", func(s *pageStatus) bool { return s.Position.Y >= ground+100 })
	b.evalBool(ctx, t, page, `window.strata.setMove({}), window.strata.setLook(30, 6), true`)
	lod := func() pageLOD { return b.pageLOD(ctx, t, page) }
	l := b.waitHorizon(ctx, t, page, 8)
	mark(fmt.Sprintf("horizon meshed: %d levels, %d LOD sections received, %d held, fog to %.0f blocks; per level %v", l.Levels, l.Received, l.Held, l.Horizon, l.PerLevel))
	frame := func() (float64, int) {
		b.evalBool(ctx, t, page, `window.strata.resetFrameStats()`)
		time.Sleep(5 * time.Second)
		var rf struct {
			Count int     `json:"count"`
			Mean  float64 `json:"meanMs"`
		}
		json.Unmarshal([]byte(b.evalString(ctx, t, page, `JSON.stringify(window.strata.status().runFrames)`)), &rf)
		return rf.Mean, lod().Triangles
	}
	withMs, withTris := frame()
	raw, err := b.DevTools.Screenshot(ctx, page)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(*horizonShot, "horizon-high.png"), raw)
	small, err := quantizePNG(raw)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(*horizonShot, "horizon.png"), small) // docs/img/horizon.png: 256 colours
	b.evalBool(ctx, t, page, `window.strata.showLOD(false)`)
	withoutMs, withoutTris := frame()
	mark(fmt.Sprintf("frame time (mean, software WebGL): %.0f ms with the horizon (%d triangles), %.0f ms hidden (%d) = %.2f×", withMs, withTris, withoutMs, withoutTris, withMs/withoutMs))
}
