//go:build unix

package wt_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/web"
)

// TestEmbeddedClient loads the real browser client (web/, as embedded in
// the binary) in Chromium, wired the way the server is meant to wire it:
// the page and config.json on an HTTP listener, the WebTransport URL built
// by Server.URL from the page request, the origin accepted by
// SameHostPorts. The page must connect, receive the section the fake tick
// sends and mesh it; the test reads its data-* hooks over DevTools.
func TestEmbeddedClient(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: browser test in -short mode")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): the browser client is NOT tested against the WebTransport server")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pagePort := ln.Addr().(*net.TCPAddr).Port
	h := newHarness(t, func(c *wt.Config, _ *transport.Config) {
		c.AllowedOrigins = nil
		c.SameHostPorts = []int{pagePort}
	})
	quicPort := h.srv.Addr().(*net.UDPAddr).Port
	mux := http.NewServeMux()
	mux.Handle("GET /play", web.Handler())
	mux.Handle("GET /play/", web.Handler())
	mux.Handle("GET /play/config.json", web.ConfigHandler(func(r *http.Request) (web.Config, error) {
		return web.Config{URL: h.wt.URL(r, quicPort), CertHash: hexPin(h)}, nil
	}))
	hs := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	hs.Start()
	defer hs.Close()

	ctx, cancel := context.WithTimeout(context.Background(), browserBudget)
	defer cancel()
	// "localhost", while both listeners are bound to 127.0.0.1 only:
	// Server.URL must send Chromium to 127.0.0.1 (it tries only ::1 for
	// localhost over QUIC) and the origin check must accept
	// http://localhost:PORT for a session addressed to 127.0.0.1.
	b := startBrowser(t, ctx, chromium, "http://localhost:"+strconv.Itoa(pagePort)+"/play/?name=chromeweb", true)
	defer b.Stop()
	page, err := b.DevTools.AttachPage(ctx)
	if err != nil {
		t.Fatalf("devtools: %v\n%s", err, b.diagnostics())
	}
	var st map[string]string
	for {
		v, err := b.DevTools.Eval(ctx, page, `JSON.stringify(Object.assign({}, document.getElementById("view")?.dataset))`)
		js, _ := v.(string)
		if err == nil && json.Unmarshal([]byte(js), &st) == nil &&
			st["state"] == "connected" && st["sectionsReceived"] == "1" && st["meshesBuilt"] == "1" {
			break
		}
		if ctx.Err() != nil || b.ExitErr() != nil {
			t.Fatalf("page state %v (last error %v)\n%s", st, err, b.diagnostics())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if st["error"] != "" {
		t.Errorf("page reports an error: %s", st["error"])
	}
	ev := h.Wait("Connected", time.Second, eventOf(wire.Connected, "chromeweb"))
	if ev.Client.ViewDistance() != 8 {
		t.Errorf("view distance %d, want the default 8", ev.Client.ViewDistance())
	}
	t.Logf("page state: %v", st)
}
