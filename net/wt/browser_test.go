//go:build unix

package wt_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
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
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/internal/browsertest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/resources/chunk"
)

// browserBudget bounds the whole browser run.
const browserBudget = 25 * time.Second

// browserResult is what the test page posts back.
type browserResult struct {
	PublicKey string `json:"publicKey"` // hex of the key the page made with WebCrypto
	Challenge string `json:"challenge"` // hex payload of the first control frame
	Welcome   string `json:"welcome"`   // hex payload of the control frame after the Proof
	Chunk     string `json:"chunk"`     // hex payload of the first chunk-stream frame
	Datagram  string `json:"datagram"`  // hex of the first datagram
	CloseCode *int   `json:"closeCode"` // the close when the Reject after a bad Proof was lost in it
	Error     string `json:"error"`
}

// browserLogin is the name the test page logs in with.
const browserLogin = "chromium"

// TestBrowserSession runs the handshake from Chromium's own WebTransport and
// QUIC stack: a page on an http://127.0.0.1 origin (a secure context)
// pins the server's self-signed certificate with serverCertificateHashes,
// makes an Ed25519 key with WebCrypto, sends a Hello (built in Go, the
// page appends its public key), signs the login transcript of the
// server's Challenge (BINDING_SERVER_CERT: the hash it pinned) and sends
// the Proof, and posts back the raw bytes of the Challenge, of the
// Welcome, of the first frame on the server-opened chunk stream and of
// the first datagram, which Go decodes; the server's authenticator must
// have seen the page's key. Then either the page closes its session, or
// the server shuts down and the page reports the close code it saw. A
// last run spoils one bit of the signature: the server must refuse it
// with AUTH_FAILED. STRATA_CHROMIUM picks the browser binary.
func TestBrowserSession(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: browser test in -short mode")
	}
	chromium := browsertest.FindChromium()
	if chromium == "" {
		t.Skip("SKIP: no chromium found (apt-get install -y chromium, or set STRATA_CHROMIUM): the WebTransport server is NOT tested against a real browser")
	}
	t.Run("page closes", func(t *testing.T) { browserSession(t, chromium, pageCloses) })
	t.Run("server shuts down", func(t *testing.T) { browserSession(t, chromium, serverShutsDown) })
	t.Run("bad signature", func(t *testing.T) { browserSession(t, chromium, badSignature) })
}

// browserEnding is how a browserSession run ends.
type browserEnding int

const (
	pageCloses      browserEnding = iota // the page closes its session after the datagram
	serverShutsDown                      // the server stops; the page reports the close
	badSignature                         // the page spoils its Proof; the server refuses it
)

func browserSession(t *testing.T, chromium string, ending browserEnding) {
	// The page's server first: its origin is what the WebTransport server
	// must allow.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pageOrigin := "http://" + ln.Addr().String()
	// The authenticator records what each handshake proved: the Login is
	// built only after the server verified the signature.
	var loginMu sync.Mutex
	var logins []wire.Login
	h := newHarness(t, func(c *wt.Config, tc *transport.Config) {
		c.AllowedOrigins = []string{pageOrigin}
		tc.Authenticator = wire.AuthenticatorFunc(func(_ context.Context, l wire.Login) error {
			loginMu.Lock()
			defer loginMu.Unlock()
			logins = append(logins, l)
			return nil
		})
	})

	results := make(chan browserResult, 1)
	closes := make(chan pageClose, 1)
	var logMu sync.Mutex
	var steps []string
	mux := http.NewServeMux()
	// The Hello without its key, as a bare message: the page appends
	// field 5 (public_key) and wraps it in ClientMessage.hello itself.
	hello, err := proto.Marshal(&protocol.Hello{ProtocolVersion: protocol.Version, Name: browserLogin, ViewDistance: 2})
	if err != nil {
		t.Fatal(err)
	}
	page := pageParams{
		URL:       "https://" + h.addr + wt.DefaultPath,
		CertHash:  hex.EncodeToString(h.pin[:]),
		Name:      browserLogin,
		Hello:     hex.EncodeToString(hello),
		Subscribe: frameHex(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: 2}}}),
		Wait:      ending == serverShutsDown,
		Tamper:    ending == badSignature,
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
	if res.Challenge == "" && res.Error == "" {
		t.Fatalf("no result from the page within %v (browser exited: %v)\n%s", browserBudget, b.ExitErr(), b.diagnostics())
	}
	if res.Error != "" {
		t.Fatalf("page failed: %s\n%s", res.Error, b.diagnostics())
	}

	// What Chromium received, decoded by Go: the Challenge, bound to the
	// certificate (what the page pinned), with a fresh 32-byte nonce.
	ch := decodeHex(t, res.Challenge, func(p []byte) (*protocol.ServerMessage, error) { return frame.DecodeServer(p) }).GetChallenge()
	if ch == nil || ch.GetBinding() != protocol.Binding_BINDING_SERVER_CERT || len(ch.GetNonce()) != protocol.NonceSize {
		t.Fatalf("the browser's first control message is not a SERVER_CERT Challenge: %v", ch)
	}
	pub, err := hex.DecodeString(res.PublicKey)
	if err != nil || len(pub) != ed25519.PublicKeySize {
		t.Fatalf("the page's public key %q (%v)", res.PublicKey, err)
	}
	loginMu.Lock()
	proven := slices.Clone(logins)
	loginMu.Unlock()
	if ending == badSignature {
		// Refused before the authenticator: it never saw the login.
		if res.CloseCode != nil {
			if got := protocol.ErrorCode(*res.CloseCode); got != protocol.ErrorCode_ERROR_CODE_AUTH_FAILED {
				t.Fatalf("a spoilt signature got the session closed with %v, want AUTH_FAILED", got)
			}
		} else {
			after := decodeHex(t, res.Welcome, func(p []byte) (*protocol.ServerMessage, error) { return frame.DecodeServer(p) })
			if r := after.GetReject(); r.GetCode() != protocol.ErrorCode_ERROR_CODE_AUTH_FAILED {
				t.Fatalf("a spoilt signature got %v, want a Reject with AUTH_FAILED", after)
			}
		}
		if len(proven) != 0 {
			t.Errorf("the authenticator ran for a bad signature: %+v", proven)
		}
		return
	}
	after := decodeHex(t, res.Welcome, func(p []byte) (*protocol.ServerMessage, error) { return frame.DecodeServer(p) })
	if len(proven) != 1 || proven[0].Name != browserLogin || !bytes.Equal(proven[0].Key, pub) {
		t.Fatalf("the server proved logins %+v, want one of %s with the page's key %x", proven, browserLogin, pub)
	}
	w := after.GetWelcome()
	if w == nil || w.GetEntityId() < 1000 || w.GetSeed() != 42 || w.GetViewDistance() != 2 {
		t.Fatalf("the browser's control message after its Proof is not our Welcome: %v", after)
	}
	ev := h.Wait("Connected", 5*time.Second, eventOf(wire.Connected, browserLogin))
	if !bytes.Equal(ev.Client.Key(), pub) {
		t.Errorf("the connected client's key is %x, the page's %x", ev.Client.Key(), pub)
	}
	cm := decodeHex(t, res.Chunk, func(p []byte) (*protocol.ChunkMessage, error) { return frame.DecodeChunk(p) }).GetChunk()
	if cm == nil || cm.GetRevision() != 77 || cm.GetPos().Chunk() != (chunk.Pos{X: 1, Y: 4, Z: -2}) {
		t.Fatalf("the browser's chunk stream carried %v", cm)
	}
	d := decodeHex(t, res.Datagram, func(p []byte) (*protocol.Datagram, error) { return frame.DecodeDatagram(p) })
	if d.GetPlayerState().GetEntityId() != w.GetEntityId() {
		t.Fatalf("the browser's datagram is %v", d)
	}

	if ending == pageCloses {
		// The page closed its session with code 0 and a reason.
		ev := h.Wait("Disconnected", 5*time.Second, eventOf(wire.Disconnected, browserLogin))
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
	URL, CertHash, Name string
	// Hello is the bare Hello message, without public_key; Subscribe a
	// whole frame.
	Hello, Subscribe string
	// Wait: keep the session and report its close, instead of closing it.
	Wait bool
	// Tamper: flip a bit of the signature, and report the answer to it.
	Tamper bool
}

// pageTemplate is the test page: a minimal hand-written client. Its
// protobuf is the least the login needs (appending a bytes field, reading
// Challenge's two fields, writing Proof); the rest of the bytes come from
// Go. Its key is WebCrypto's, non-extractable, like the real client's.
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<meta charset="utf-8">
<title>strata wt test</title>
<pre id="out"></pre>
<script>
const P = {url: {{.URL}}, certHash: {{.CertHash}}, name: {{.Name}}, hello: {{.Hello}}, subscribe: {{.Subscribe}}, wait: {{.Wait}}, tamper: {{.Tamper}}};
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
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
function varint(n) {
  const b = [];
  for (; n >= 0x80; n = Math.floor(n / 128)) b.push((n & 0x7f) | 0x80);
  b.push(n);
  return Uint8Array.from(b);
}
// field is a length-delimited protobuf field (wire type 2).
function field(num, bytes) {
  return concat(varint(num * 8 + 2), varint(bytes.length), bytes);
}
// fields reads a message's top-level fields: number → bytes (type 2) or
// number (type 0); the last one of a number wins, as in protobuf.
function fields(b) {
  const out = {};
  let i = 0;
  const rv = () => {
    let v = 0, s = 0;
    for (;;) { const x = b[i++]; v += (x & 0x7f) * 2 ** s; s += 7; if (x < 0x80) return v; }
  };
  while (i < b.length) {
    const tag = rv(), num = Math.floor(tag / 8), type = tag & 7;
    if (type === 0) out[num] = rv();
    else if (type === 2) { const n = rv(); out[num] = b.slice(i, i + n); i += n; }
    else throw new Error("unexpected wire type " + type);
  }
  return out;
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
    const pair = await crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign", "verify"]);
    const pub = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    res.publicKey = toHex(pub);
    step("key made: " + res.publicKey);
    const ctl = await wt.createBidirectionalStream();
    const w = ctl.writable.getWriter();
    const hello = field(1, concat(fromHex(P.hello), field(5, pub))); // ClientMessage.hello, with public_key
    await w.write(concat(varint(hello.length), hello));
    step("Hello sent");
    const next = frames(ctl.readable);
    const first = await withTimeout(next(), 15000, "Challenge");
    res.challenge = toHex(first);
    const challenge = fields(fields(first)[15] ?? new Uint8Array(0)); // ServerMessage.challenge
    const nonce = challenge[1] ?? new Uint8Array(0), binding = challenge[2] ?? 0;
    step("Challenge: binding " + binding + ", nonce " + nonce.length + " bytes");
    // The transcript (docs/protocol.md §3.2), bound to the pinned hash.
    const name = new TextEncoder().encode(P.name), certHash = fromHex(P.certHash);
    const transcript = concat(new TextEncoder().encode("strata-login-v2\0"), Uint8Array.of(binding, certHash.length), certHash,
      Uint8Array.of(nonce.length), nonce, Uint8Array.of(name.length), name, pub);
    const sig = new Uint8Array(await crypto.subtle.sign({name: "Ed25519"}, pair.privateKey, transcript));
    if (P.tamper) sig[5] ^= 1;
    const proof = field(10, field(1, sig)); // ClientMessage.proof
    await w.write(concat(varint(proof.length), proof));
    step("Proof sent");
    try {
      res.welcome = toHex(await withTimeout(next(), 15000, "Welcome"));
      step("control frame after the Proof: " + res.welcome.length / 2 + " bytes");
    } catch (e) {
      // A Reject may be lost in the close that follows it; the close
      // carries the same code (docs/protocol.md §3, item 3).
      if (!P.tamper) throw e;
      const info = await withTimeout(wt.closed, 15000, "close after the Reject");
      res.closeCode = info.closeCode;
      step("no frame after the Proof; session closed with " + info.closeCode);
    }
    if (!P.tamper) { // else the answer to the spoilt Proof is the result
      await w.write(fromHex(P.subscribe));
      const uni = wt.incomingUnidirectionalStreams.getReader();
      const {value: chunkStream} = await withTimeout(uni.read(), 15000, "chunk stream");
      res.chunk = toHex(await withTimeout(frames(chunkStream)(), 15000, "chunk frame"));
      step("chunk frame: " + res.chunk.length / 2 + " bytes");
      const dg = wt.datagrams.readable.getReader();
      res.datagram = toHex((await withTimeout(dg.read(), 15000, "datagram")).value);
      step("datagram: " + res.datagram.length / 2 + " bytes");
    }
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
