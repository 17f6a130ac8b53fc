package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stratavox/strata/web/internal/blockgen"
)

func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// assetsOf lists the assets index.html references.
func assetsOf(t *testing.T, index string) []string {
	t.Helper()
	refs := regexp.MustCompile(`(?:src|href)="(assets/[^"]+)"`).FindAllStringSubmatch(index, -1)
	if len(refs) < 2 {
		t.Fatalf("index.html references %d assets, want the script and the stylesheet:\n%s", len(refs), index)
	}
	var out []string
	for _, r := range refs {
		out = append(out, r[1])
	}
	return out
}

func TestIndex(t *testing.T) {
	h := Handler()
	r := get(t, h, "GET", "/play/", nil)
	if r.StatusCode != 200 {
		t.Fatalf("GET /play/: %d", r.StatusCode)
	}
	for k, want := range map[string]string{
		"Content-Type":           "text/html; charset=utf-8",
		"Cache-Control":          "no-cache",
		"X-Content-Type-Options": "nosniff",
	} {
		if got := r.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' https:") {
		t.Errorf("CSP %q must allow the WebTransport endpoint (https:)", csp)
	}
	b := body(t, r)
	if !strings.Contains(b, `<canvas id="view"`) {
		t.Errorf("index.html has no canvas:\n%s", b)
	}
	// /play/index.html is the same file.
	if r2 := get(t, h, "GET", "/play/index.html", nil); body(t, r2) != b {
		t.Error("/play/index.html differs from /play/")
	}
}

func TestRedirect(t *testing.T) {
	r := get(t, Handler(), "GET", "/play?name=alice", nil)
	if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "/play/?name=alice" {
		t.Fatalf("GET /play: %d Location %q, want 301 to /play/?name=alice", r.StatusCode, r.Header.Get("Location"))
	}
}

func TestAssets(t *testing.T) {
	h := Handler()
	index := body(t, get(t, h, "GET", "/play/", nil))
	for _, a := range assetsOf(t, index) {
		r := get(t, h, "GET", "/play/"+a, nil)
		if r.StatusCode != 200 {
			t.Errorf("%s: %d", a, r.StatusCode)
			continue
		}
		want := "text/javascript; charset=utf-8"
		if strings.HasSuffix(a, ".css") {
			want = "text/css; charset=utf-8"
		}
		if got := r.Header.Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type %q, want %q", a, got, want)
		}
		if got := r.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q, want immutable", a, got)
		}
		if r.Header.Get("ETag") == "" {
			t.Errorf("%s: no ETag", a)
		}
	}
	// The main script names the worker bundle, which must be embedded too.
	main := ""
	for _, a := range assetsOf(t, index) {
		if strings.HasSuffix(a, ".js") {
			main = body(t, get(t, h, "GET", "/play/"+a, nil))
		}
	}
	worker := regexp.MustCompile(`worker-[A-Z0-9]+\.js`).FindString(main)
	if worker == "" {
		t.Fatal("main bundle names no worker-*.js")
	}
	if r := get(t, h, "GET", "/play/assets/"+worker, nil); r.StatusCode != 200 {
		t.Errorf("worker %s: %d", worker, r.StatusCode)
	}
}

func TestGzipAndConditional(t *testing.T) {
	h := Handler()
	index := body(t, get(t, h, "GET", "/play/", nil))
	var js string
	for _, a := range assetsOf(t, index) {
		if strings.HasSuffix(a, ".js") {
			js = "/play/" + a
		}
	}
	plain := get(t, h, "GET", js, nil)
	plainBody := body(t, plain)
	r := get(t, h, "GET", js, map[string]string{"Accept-Encoding": "br, gzip"})
	if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("Content-Encoding %q Vary %q, want gzip", r.Header.Get("Content-Encoding"), r.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	unz, err := io.ReadAll(zr)
	if err != nil || string(unz) != plainBody {
		t.Fatalf("gzipped body does not decompress to the plain one (err %v)", err)
	}
	if r.Header.Get("ETag") == plain.Header.Get("ETag") {
		t.Error("gzip and identity share an ETag")
	}
	if r := get(t, h, "GET", js, map[string]string{"Accept-Encoding": "gzip;q=0"}); r.Header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 still got gzip")
	}
	nm := get(t, h, "GET", js, map[string]string{"If-None-Match": plain.Header.Get("ETag")})
	if nm.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", nm.StatusCode)
	}
	head := get(t, h, "HEAD", js, nil)
	if head.StatusCode != 200 || body(t, head) != "" || head.ContentLength != int64(len(plainBody)) {
		t.Errorf("HEAD: %d, length %d", head.StatusCode, head.ContentLength)
	}
}

func TestNotFoundAndMethods(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/play/nope.js", "/play/assets/", "/play/../go.mod", "/other", "/play/config.json"} {
		if r := get(t, h, "GET", p, nil); r.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", p, r.StatusCode)
		}
	}
	if r := get(t, h, "POST", "/play/", nil); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.StatusCode)
	}
}

// TestMountedWithConfig mounts the handler the way the server should:
// /play, /play/ and a more specific /play/config.json on one mux.
func TestMountedWithConfig(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /play", Handler())
	mux.Handle("GET /play/", Handler())
	mux.Handle("GET /play/config.json", ConfigHandler(func(r *http.Request) (Config, error) {
		return Config{URL: "https://" + strings.Split(r.Host, ":")[0] + ":4433/wt", CertHash: strings.Repeat("ab", 32)}, nil
	}))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	res, err := http.Get(srv.URL + "/play/config.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("config headers: %v", res.Header)
	}
	var got map[string]any
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"url": "https://127.0.0.1:4433/wt", "certHash": strings.Repeat("ab", 32)}
	if len(got) != len(want) || got["url"] != want["url"] || got["certHash"] != want["certHash"] {
		t.Errorf("config.json = %v, want %v", got, want)
	}
	res2, err := http.Get(srv.URL + "/play") // follows the redirect
	if err != nil {
		t.Fatal(err)
	}
	defer res2.Body.Close()
	if res2.Request.URL.Path != "/play/" || res2.StatusCode != 200 {
		t.Errorf("GET /play ended at %s with %d", res2.Request.URL.Path, res2.StatusCode)
	}

	failing := ConfigHandler(func(*http.Request) (Config, error) { return Config{}, errors.New("no certificate yet") })
	r := get(t, failing, "GET", "/play/config.json", nil)
	if r.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body(t, r), "no certificate yet") {
		t.Errorf("failing config: %d", r.StatusCode)
	}
}

// TestBlocksJSCurrent fails when resources/chunk's block registry changed
// and src/blocks.gen.js was not regenerated.
func TestBlocksJSCurrent(t *testing.T) {
	got, err := os.ReadFile(blockgen.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, blockgen.JS()) {
		t.Fatalf("%s is stale: run `go generate ./web` (or `npm run gen:blocks` in web/), then `npm run build`", blockgen.Path)
	}
}
