//go:build unix

package wt_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/browsertest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/resources/chunk"
)

// browserBudget bounds the whole browser run.
const browserBudget = 25 * time.Second

// browserResult is what the test page posts back.
type browserResult struct {
	Welcome  string `json:"welcome"`  // hex payload of the first control frame
	Chunk    string `json:"chunk"`    // hex payload of the first chunk-stream frame
	Datagram string `json:"datagram"` // hex of the first datagram
	Error    string `json:"error"`
}

// TestBrowserSession runs the handshake from Chromium's own WebTransport and
// QUIC stack: a page on an http://127.0.0.1 origin (a secure context)
// pins the server's self-signed certificate with serverCertificateHashes,
// sends a Hello built in Go, and posts back the raw bytes of the Welcome,
// of the first frame on the server-opened chunk stream and of the first
// datagram, which Go decodes. Then either the page closes its session, or
// the server shuts down and the page reports the close code it saw.
// STRATA_CHROMIUM picks the browser binary.
func TestBrowserSession(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: browser test in -short mode")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): the WebTransport server is NOT tested against a real browser")
	}
	t.Run("page closes", func(t *testing.T) { browserSession(t, chromium, false) })
	t.Run("server shuts down", func(t *testing.T) { browserSession(t, chromium, true) })
}

func browserSession(t *testing.T, chromium string, shutdown bool) {
	// The page's server first: its origin is what the WebTransport server
	// must allow.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pageOrigin := "http://" + ln.Addr().String()
	h := newHarness(t, func(c *wt.Config, _ *transport.Config) { c.AllowedOrigins = []string{pageOrigin} })

	results := make(chan browserResult, 1)
	closes := make(chan pageClose, 1)
	var logMu sync.Mutex
	var steps []string
	mux := http.NewServeMux()
	page := pageParams{
		URL:       "https://" + h.addr + wt.DefaultPath,
		CertHash:  hex.EncodeToString(h.pin[:]),
		Hello:     helloHex(t, "chromium"),
		Subscribe: frameHex(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 2}}}),
		Wait:      shutdown,
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if err := pageTemplate.Execute(w, page); err != nil {
			t.Error(err)
		}
	})
	mux.HandleFunc("POST /log", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
		logMu.Lock()
		steps = append(steps, string(b))
		logMu.Unlock()
	})
	mux.HandleFunc("POST /result", func(w http.ResponseWriter, r *http.Request) {
		var res browserResult
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&res); err != nil {
			res.Error = "bad result post: " + err.Error()
		}
		select {
		case results <- res:
		default:
		}
	})
	mux.HandleFunc("POST /closed", func(w http.ResponseWriter, r *http.Request) {
		var c pageClose
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&c); err != nil {
			c.Error = "bad close post: " + err.Error()
		}
		select {
		case closes <- c:
		default:
		}
	})
	mux.HandleFunc("GET /favicon.ico", http.NotFound)
	hs := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	hs.Start()
	defer hs.Close()

	ctx, cancel := context.WithTimeout(context.Background(), browserBudget)
	defer cancel()
	b := startBrowser(t, ctx, chromium, pageOrigin+"/", false)
	defer b.Stop()
	defer func() {
		logMu.Lock()
		for _, s := range steps {
			t.Logf("page: %s", s)
		}
		logMu.Unlock()
	}()

	var res browserResult
	select {
	case res = <-results:
	case <-ctx.Done():
	case <-b.Exited():
	}
	if res.Welcome == "" && res.Error == "" {
		t.Fatalf("no result from the page within %v (browser exited: %v)\n%s", browserBudget, b.ExitErr(), b.diagnostics())
	}
	if res.Error != "" {
		t.Fatalf("page failed: %s\n%s", res.Error, b.diagnostics())
	}

	// What Chromium received, decoded by Go.
	w := decodeHex(t, res.Welcome, func(p []byte) (*protocol.ServerMessage, error) { return frame.DecodeServer(p) }).GetWelcome()
	if w == nil || w.GetEntityId() < 1000 || w.GetSeed() != 42 || w.GetViewDistance() != 2 {
		t.Fatalf("the browser's first control message is not our Welcome: %v", w)
	}
	cm := decodeHex(t, res.Chunk, func(p []byte) (*protocol.ChunkMessage, error) { return frame.DecodeChunk(p) }).GetChunk()
	if cm == nil || cm.GetRevision() != 77 || cm.GetPos().Chunk() != (chunk.Pos{X: 1, Y: 4, Z: -2}) {
		t.Fatalf("the browser's chunk stream carried %v", cm)
	}
	d := decodeHex(t, res.Datagram, func(p []byte) (*protocol.Datagram, error) { return frame.DecodeDatagram(p) })
	if d.GetPlayerState().GetEntityId() != w.GetEntityId() {
		t.Fatalf("the browser's datagram is %v", d)
	}

	if !shutdown {
		// The page closed its session with code 0 and a reason.
		ev := h.Wait("Disconnected", 5*time.Second, eventOf(transport.Disconnected, "chromium"))
		if ev.Code != protocol.ErrorCode_ERROR_CODE_NONE || !ev.Remote {
			t.Errorf("Disconnected code %v remote %v err %v, want NONE by the browser", ev.Code, ev.Remote, ev.Err)
		}
		return
	}
	// The server stops: the page must see SHUTDOWN as the session's close
	// code, i.e. WT_CLOSE_SESSION reached it before the connection closed.
	go h.close()
	select {
	case c := <-closes:
		if c.Error != "" || c.CloseCode != int(protocol.ErrorCode_ERROR_CODE_SHUTDOWN) || c.Reason == "" {
			t.Errorf("the page saw the session end with %+v, want code %d and a reason", c, protocol.ErrorCode_ERROR_CODE_SHUTDOWN)
		}
	case <-ctx.Done():
		t.Fatalf("the page never saw its session close\n%s", b.diagnostics())
	}
}

// pageClose is how the page saw its session end (WebTransport.closed).
type pageClose struct {
	CloseCode int    `json:"closeCode"`
	Reason    string `json:"reason"`
	Error     string `json:"error"`
}

func decodeHex[T any](t *testing.T, s string, decode func([]byte) (T, error)) T {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex from the page: %v", err)
	}
	v, err := decode(b)
	if err != nil {
		t.Fatalf("the page's bytes do not decode: %v", err)
	}
	return v
}

func frameHex(t *testing.T, m *protocol.ClientMessage) string {
	return hex.EncodeToString(mustFrame(t, m))
}

// browser is a running headless Chromium (see browsertest.Launch) with
// its NetLog.
type browser struct {
	*browsertest.Browser
	netlog string
}

// startBrowser starts Chromium on url. With devtools it also opens the
// DevTools pipe, returned in browser.DevTools.
func startBrowser(t *testing.T, ctx context.Context, path, url string, devtools bool) *browser {
	t.Helper()
	// Chromium's own record of QUIC frames and WebTransport events:
	// diagnostics() quotes the telling ones. STRATA_NETLOG keeps the whole
	// file (open it in netlog-viewer).
	netlog := os.Getenv("STRATA_NETLOG")
	if netlog == "" {
		netlog = filepath.Join(t.TempDir(), "netlog.json")
	}
	b := browsertest.Launch(ctx, t, browsertest.Options{
		Path: path,
		URL:  url,
		Flags: []string{
			"--disable-gpu",
			"--log-net-log=" + netlog, "--net-log-capture-mode=Everything",
		},
		DevTools: devtools,
	})
	return &browser{Browser: b, netlog: netlog}
}

// interesting picks the browser's log lines about QUIC, HTTP/3,
// WebTransport and certificates, the ones that explain a failed session.
var interesting = regexp.MustCompile(`(?i)quic|http3|http/3|webtransport|web_transport|cert|alpn|ERROR|FATAL`)

// diagnostics returns the interesting tail of the browser's log and the
// WebTransport events of its NetLog. Call it after stop (the NetLog is
// complete only once the browser is gone).
func (b *browser) diagnostics() string {
	b.Stop()
	keep := b.Log.Tail(40, interesting.MatchString)
	out := "chromium log:\n" + strings.Join(keep, "\n")
	events, err := netlogEvents(b.netlog)
	if err != nil {
		events = err.Error()
	}
	return out + "\nchromium NetLog, QUIC/WebTransport events (whole log: rerun with STRATA_NETLOG=FILE):\n" + events
}

type pageParams struct {
	URL, CertHash, Hello, Subscribe string
	// Wait: keep the session and report its close, instead of closing it.
	Wait bool
}

// pageTemplate is the test page: a minimal hand-written client (varint
// framing only; the protobuf bytes come from Go).
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<meta charset="utf-8">
<title>strata wt test</title>
<pre id="out"></pre>
<script>
const P = {url: {{.URL}}, certHash: {{.CertHash}}, hello: {{.Hello}}, subscribe: {{.Subscribe}}, wait: {{.Wait}}};
const out = document.getElementById("out");
function step(s) {
  out.textContent += s + "\n";
  fetch("/log", {method: "POST", body: s}).catch(() => {});
}
function fromHex(h) {
  const b = new Uint8Array(h.length / 2);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.substr(2 * i, 2), 16);
  return b;
}
function toHex(b) {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
// frames reads varint-length-prefixed frames from a ReadableStream.
function frames(readable) {
  const reader = readable.getReader();
  let buf = new Uint8Array(0);
  return async function next() {
    for (;;) {
      let len = 0, shift = 0, i = 0, ok = false;
      for (; i < buf.length && i < 10; i++) {
        len += (buf[i] & 0x7f) * 2 ** shift;
        shift += 7;
        if (buf[i] < 0x80) { ok = true; i++; break; }
      }
      if (ok && buf.length >= i + len) {
        const p = buf.slice(i, i + len);
        buf = buf.slice(i + len);
        return p;
      }
      const {value, done} = await reader.read();
      if (done) throw new Error("stream ended inside a frame");
      const nb = new Uint8Array(buf.length + value.length);
      nb.set(buf); nb.set(value, buf.length);
      buf = nb;
    }
  };
}
function withTimeout(p, ms, what) {
  return Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error("timeout: " + what)), ms))]);
}
async function run() {
  const res = {};
  let wt;
  try {
    step("secure context: " + window.isSecureContext + ", WebTransport: " + (typeof WebTransport));
    wt = new WebTransport(P.url, {serverCertificateHashes: [{algorithm: "sha-256", value: fromHex(P.certHash)}]});
    wt.closed.then((i) => step("closed: " + JSON.stringify(i)), (e) => step("closed with error: " + e));
    await withTimeout(wt.ready, 15000, "session ready");
    step("session ready");
    const ctl = await wt.createBidirectionalStream();
    const w = ctl.writable.getWriter();
    await w.write(fromHex(P.hello));
    step("Hello sent");
    const next = frames(ctl.readable);
    res.welcome = toHex(await withTimeout(next(), 15000, "Welcome"));
    step("first control frame: " + res.welcome.length / 2 + " bytes");
    await w.write(fromHex(P.subscribe));
    const uni = wt.incomingUnidirectionalStreams.getReader();
    const {value: chunkStream} = await withTimeout(uni.read(), 15000, "chunk stream");
    res.chunk = toHex(await withTimeout(frames(chunkStream)(), 15000, "chunk frame"));
    step("chunk frame: " + res.chunk.length / 2 + " bytes");
    const dg = wt.datagrams.readable.getReader();
    res.datagram = toHex((await withTimeout(dg.read(), 15000, "datagram")).value);
    step("datagram: " + res.datagram.length / 2 + " bytes");
    if (!P.wait) wt.close({closeCode: 0, reason: "done"});
  } catch (e) {
    res.error = (e && (e.name + ": " + e.message)) || String(e);
    if (e && e.source) res.error += " (source " + e.source + ", streamErrorCode " + e.streamErrorCode + ")";
    step("error: " + res.error);
  }
  document.body.dataset.result = res.error ? "error" : "ok";
  await fetch("/result", {method: "POST", body: JSON.stringify(res)});
  if (P.wait && wt && !res.error) {
    let c;
    try {
      const info = await wt.closed;
      c = {closeCode: info.closeCode, reason: info.reason};
    } catch (e) {
      c = {error: (e && (e.name + ": " + e.message)) || String(e)};
    }
    step("session ended: " + JSON.stringify(c));
    await fetch("/closed", {method: "POST", body: JSON.stringify(c)});
  }
}
run();
</script>
`))
