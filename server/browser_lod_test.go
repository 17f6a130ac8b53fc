//go:build unix

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
	"github.com/stratavox/strata/testkit"
)

// pageLOD is window.strata.status().lod (docs/web.md, Test hooks).
type pageLOD struct {
	Granted  bool `json:"granted"`
	Levels   int  `json:"levels"`
	Received int  `json:"received"`
	Held     int  `json:"held"`
	Meshed   int  `json:"meshed"`
	Unmeshed int  `json:"unmeshed"`
	PerLevel []struct {
		Meshed int `json:"meshed"`
		Drawn  int `json:"drawn"`
	} `json:"perLevel"`
	Horizon   float64 `json:"horizon"`
	Triangles int     `json:"triangles"`
}

// TestBrowserDrawsTheHorizon is issue 53's browser check: the page joins
// the real server asking for a horizon of 4 levels at view 4 (level 0 to
// 64 blocks, the outermost ring to 1,024), flies up, waits until the LOD
// sections stop arriving and are meshed, and looks out. Below the
// horizon, where the ground lies between twice level 0's reach and half
// the horizon, the picture must be terrain, not sky: with the LOD
// sections hidden (window.strata.showLOD(false)) the same rows are mostly
// sky, so it is the far ring that fills them. The frame time with the
// horizon and without it (hidden) is logged; both screenshots are kept
// as artefacts. Then the page flies on toward the horizon for ten
// pictures, and none may show sky below the line; last, it cuts its
// horizon to 2 levels, and levels 3 and 4 must go.
func TestBrowserDrawsTheHorizon(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("SKIP: browser end-to-end test in -short mode")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): the browser's horizon is NOT tested")
	}
	began := time.Now()
	mark := func(what string) { t.Logf("%6.2fs %s", time.Since(began).Seconds(), what) }
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 2
	_, adminAddr, _ := startPlayServer(ctx, t, cfg)
	_, adminPort, _ := strings.Cut(adminAddr, ":")
	artifacts := os.Getenv("STRATA_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	} else if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}

	b := launchChromium(ctx, t, chromium)
	page, err := b.DevTools.AttachPage(ctx)
	if err != nil {
		t.Fatalf("devtools: %v\n%s", err, b.logTail())
	}
	const width, height = 1280, 720
	if err := b.DevTools.Call(ctx, page, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	const view, levels = 4, 4
	if err := b.DevTools.Call(ctx, page, "Page.navigate", map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%s/play/?name=horizon&view=%d&lod=%d", adminPort, view, levels)}, nil); err != nil {
		t.Fatal(err)
	}
	st := b.waitStatus(ctx, t, page, "connected and meshed", func(s *pageStatus) bool {
		return s.State == "connected" && s.Held == nil && s.Meshes > 0 && s.Spawn != nil
	})
	ground := st.Spawn.Y
	mark(fmt.Sprintf("page connected at %.1f %.1f %.1f", st.Position.X, st.Position.Y, st.Position.Z))

	// Up 40 blocks: rings are cylinders, so climbing changes no level's set.
	b.evalBool(ctx, t, page, `window.strata.setFlying(true), window.strata.setLook(0, 0), window.strata.setMove({up: 1}), true`)
	st = b.waitStatus(ctx, t, page, "40 blocks up", func(s *pageStatus) bool { return s.Position.Y >= ground+40 })
	b.evalBool(ctx, t, page, `window.strata.setMove({}), true`)

	// The horizon: every LOD section received is meshed, and nothing new
	// came for a while.
	lod := func() pageLOD { return b.pageLOD(ctx, t, page) }
	l := b.waitHorizon(ctx, t, page, 6)
	if !l.Granted || l.Levels != levels || l.Horizon != float64(view*16<<levels) {
		t.Fatalf("the page's horizon is %+v; want feature lod granted, %d levels, %d blocks", l, levels, view*16<<levels)
	}
	for lv := 1; lv <= levels; lv++ {
		if l.PerLevel[lv].Drawn == 0 {
			t.Errorf("no LOD section of level %d is drawn: %+v", lv, l.PerLevel)
		}
	}
	mark(fmt.Sprintf("horizon settled: %d LOD sections received, %d held; per level (meshed/drawn) %v", l.Received, l.Held, l.PerLevel))

	// Look out, 12° down, and compare the picture with the LOD sections
	// shown and hidden.
	const pitch = 12.0
	b.evalBool(ctx, t, page, fmt.Sprintf(`window.strata.setLook(0, %v), true`, pitch))
	st = b.status(ctx, t, page)
	var tris []int
	frames := func() float64 {
		b.evalBool(ctx, t, page, `window.strata.resetFrameStats()`)
		time.Sleep(3 * time.Second)
		tris = append(tris, lod().Triangles)
		var rf struct {
			Count int     `json:"count"`
			P50   float64 `json:"p50Ms"`
			Mean  float64 `json:"meanMs"`
		}
		if err := json.Unmarshal([]byte(b.evalString(ctx, t, page, `JSON.stringify(window.strata.status().runFrames)`)), &rf); err != nil {
			t.Fatal(err)
		}
		return rf.Mean
	}
	shot := func(name string) image.Image {
		time.Sleep(time.Second)
		raw, err := b.DevTools.Screenshot(ctx, page)
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		writeFile(t, filepath.Join(artifacts, name), raw)
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	withMs := frames()
	with := shot("horizon-lod.png")
	b.evalBool(ctx, t, page, `window.strata.showLOD(false)`)
	withoutMs := frames()
	without := shot("horizon-nolod.png")
	b.evalBool(ctx, t, page, `window.strata.showLOD(true)`)
	mark(fmt.Sprintf("frame time (mean, software WebGL): %.1f ms with the horizon, %.1f ms with it hidden (%.2f×); triangles %d and %d", withMs, withoutMs, withMs/withoutMs, tris[0], tris[1]))

	// Rows where a plane at the spawn's ground lies between twice level
	// 0's reach and half the horizon (short of the fog).
	eye := st.Position.Y + 1.62
	h := eye - ground
	tanHalf := math.Tan(75.0 / 2 * math.Pi / 180)
	first, last := -1, -1
	for r := 0; r < height; r++ {
		a := pitch*math.Pi/180 + math.Atan((float64(r)+0.5-height/2)/(height/2)*tanHalf)
		if a <= 0 {
			continue
		}
		d := h / math.Tan(a)
		if d <= float64(view*16<<levels)/2 && first < 0 {
			first = r
		}
		if d >= float64(2*view*16) {
			last = r
		}
	}
	if first < 0 || last < first {
		t.Fatalf("no rows between %d and %d blocks away (eye %.1f blocks above the ground)", 2*view*16, view*16<<levels/2, h)
	}
	onSky, offSky := skyShare(with, first, height), skyShare(without, first, height)
	bandOff := skyShare(without, first, last+1)
	mark(fmt.Sprintf("below the horizon (rows %d.., the ground %d..%d blocks away from rows %d..%d): sky %.2f%% with the horizon, %.1f%% of the far band without it",
		first, 2*view*16, view*16<<levels/2, first, last, 100*onSky, 100*bandOff))
	if onSky > 0.01 {
		t.Errorf("%.2f%% of the picture below the horizon line is sky with the horizon drawn (holes)", 100*onSky)
	}
	if bandOff < 0.2 {
		t.Errorf("without the LOD sections only %.1f%% of the far band is sky (%.1f%% below the line): the test would not see a missing ring", 100*bandOff, 100*offSky)
	}

	// Flying on toward the horizon at fly speed, level 0 and the inner
	// rings move under the page: coarse sections must stay until their
	// children are meshed, so no sample may show sky below the line.
	b.evalBool(ctx, t, page, `window.strata.setMove({forward: 1}), true`)
	start := b.status(ctx, t, page).Position
	worst := 0.0
	for i := 0; i < 10; i++ {
		raw, err := b.DevTools.Screenshot(ctx, page)
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if sky := skyShare(img, first, height); sky > worst {
			worst = sky
			writeFile(t, filepath.Join(artifacts, "horizon-flying-worst.png"), raw)
		}
		time.Sleep(time.Second)
	}
	b.evalBool(ctx, t, page, `window.strata.setMove({}), true`)
	end := b.status(ctx, t, page).Position
	l = lod()
	mark(fmt.Sprintf("flew %.0f blocks toward the horizon: the worst of 10 pictures has %.2f%% sky below the line; %d LOD sections received, %d held",
		math.Hypot(end.X-start.X, end.Z-start.Z), 100*worst, l.Received, l.Held))
	if worst > 0.01 {
		t.Errorf("flying toward the horizon a picture had %.2f%% sky below the horizon line (a hole)", 100*worst)
	}

	// A shorter horizon (the `,` key's path): a Subscribe with lod_levels
	// 2; the server unloads levels 3 and 4, and the fog comes in.
	b.evalBool(ctx, t, page, `window.strata.setLODLevels(2), true`)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(250 * time.Millisecond) {
		l = lod()
		if l.Levels == 2 && l.Horizon == float64(view*16<<2) && l.PerLevel[3].Meshed == 0 && l.PerLevel[4].Meshed == 0 && l.PerLevel[2].Meshed > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after setLODLevels(2) the page holds %+v; want levels 3 and 4 unloaded, fog at %d", l, view*16<<2)
		}
	}
	mark(fmt.Sprintf("horizon cut to 2 levels: per level (meshed/drawn) %v, fog to %.0f blocks", l.PerLevel, l.Horizon))
	for _, e := range b.DevTools.Exceptions() {
		t.Errorf("page exception: %s", e)
	}
	if st := b.status(ctx, t, page); st.Error != "" {
		t.Errorf("the page reports %q", st.Error)
	}
}

// skyShare is the share of rows [from, to) that is the sky's colour
// (web/src/underwater.js SKY, 0x9cc4ec), within a few levels.
func skyShare(img image.Image, from, to int) float64 {
	bd := img.Bounds()
	sky, n := 0, 0
	for y := bd.Min.Y + from; y < bd.Min.Y+to && y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			d := absDiff(int(r>>8), 0x9c) + absDiff(int(g>>8), 0xc4) + absDiff(int(b>>8), 0xec)
			if d <= 9 {
				sky++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sky) / float64(n)
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// pageLOD reads the page's LOD status.
func (b *chromiumProc) pageLOD(ctx context.Context, t *testing.T, page string) pageLOD {
	t.Helper()
	var l pageLOD
	if err := json.Unmarshal([]byte(b.evalString(ctx, t, page, `JSON.stringify(window.strata.status().lod)`)), &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// waitHorizon waits until every LOD section the page received is meshed
// and none came for quiet polls in a row (250 ms apart), and returns the
// status then.
func (b *chromiumProc) waitHorizon(ctx context.Context, t *testing.T, page string, quiet int) pageLOD {
	t.Helper()
	var l pageLOD
	for last, same := -1, 0; same < quiet; time.Sleep(250 * time.Millisecond) {
		if ctx.Err() != nil {
			t.Fatalf("the horizon never settled: %+v", l)
		}
		l = b.pageLOD(ctx, t, page)
		if l.Received == last && l.Unmeshed == 0 && l.Received > 0 {
			same++
		} else {
			same = 0
		}
		last = l.Received
	}
	return l
}
