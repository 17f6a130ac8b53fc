// Package web embeds the browser client (built into web/dist from the
// JavaScript sources beside this file) and serves it under /play, so the
// strata binary carries the whole client and needs no Node at run time.
//
// The package lives in web/ itself because go:embed cannot reach outside
// its own directory: dist/ must sit below the embedding package.
//
// The client learns where to connect from GET /play/config.json, which this
// package does not serve (the server knows its address and certificate):
// mount ConfigHandler, or any handler writing the Config shape, on that
// path. docs/web.md describes the whole contract.
package web

//go:generate go run ./internal/genblocks

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// Prefix is where Handler serves the client.
const Prefix = "/play"

//go:embed all:dist
var dist embed.FS

// Config is the body of GET /play/config.json.
type Config struct {
	// URL is the WebTransport endpoint, e.g. "https://127.0.0.1:4433/wt".
	URL string `json:"url"`
	// CertHash is the SHA-256 of the server certificate's DER encoding, hex
	// or base64, when the certificate is self-signed and pinned (it must be
	// ECDSA and valid for at most 14 days). Empty for a CA-issued one.
	CertHash string `json:"certHash,omitempty"`
	// CertHashes lists extra accepted hashes, e.g. old and new around a
	// renewal. Optional.
	CertHashes []string `json:"certHashes,omitempty"`
	// LoginCertHash is the SHA-256 of the certificate the server presents,
	// for a CA-issued one: the page signs its login over it (a page cannot
	// read the certificate it connected to), but must not pin it.
	LoginCertHash string `json:"loginCertHash,omitempty"`
	// ViewDistance is the view distance the page requests by default, in
	// sections; 0 leaves the client's default (8).
	ViewDistance int `json:"viewDistance,omitempty"`
}

// ConfigHandler serves the Config that get returns for each request, never
// cached: the certificate hash changes at every renewal. get may look at
// the request (its Host, say) to build a URL the browser can reach.
func ConfigHandler(get func(r *http.Request) (Config, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cfg, err := get(r)
		w.Header().Set("Cache-Control", "no-store")
		if err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(cfg)
	})
}

// Handler serves the embedded client: /play redirects to /play/, which
// serves index.html; /play/assets/... serves the bundles. It expects the
// full request path (mount it at both "/play" and "/play/", or at "/play/"
// with the redirect lost). Assets have content-hashed names and are cached
// for a year; index.html is revalidated on every load so an upgraded server
// is picked up at once. Responses are gzipped for clients that accept it.
func Handler() http.Handler {
	files := mustLoad()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := r.URL.Path
		if p == Prefix {
			target := Prefix + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
		rel, ok := strings.CutPrefix(p, Prefix+"/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		if rel == "" {
			rel = "index.html"
		}
		f, ok := files[rel]
		if !ok {
			http.NotFound(w, r)
			return
		}
		f.serve(w, r)
	})
}

// file is one embedded file with its headers worked out once.
type file struct {
	name        string
	body        []byte
	contentType string
	etag        string
	cache       string
	gzipOnce    sync.Once
	gz          []byte // nil when compression does not pay
}

func (f *file) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cache)
	h.Set("X-Content-Type-Options", "nosniff")
	if f.name == "index.html" {
		h.Set("Content-Security-Policy", csp)
		h.Set("Referrer-Policy", "no-referrer")
	}
	h.Set("Vary", "Accept-Encoding")
	body, etag := f.body, f.etag
	if acceptsGzip(r) {
		if gz := f.gzipped(); gz != nil {
			body, etag = gz, strings.TrimSuffix(f.etag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	// ServeContent handles HEAD, Range and If-None-Match against the ETag.
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(body))
}

// csp keeps the page to its own scripts. connect-src must allow the
// WebTransport server, which is on another port (and so another origin):
// any https endpoint is allowed, since config.json names it at run time.
const csp = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; connect-src 'self' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

func (f *file) gzipped() []byte {
	f.gzipOnce.Do(func() {
		if len(f.body) < 1024 {
			return
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = zw.Write(f.body)
		_ = zw.Close()
		if b.Len() < len(f.body)*9/10 {
			f.gz = b.Bytes()
		}
	})
	return f.gz
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

var (
	loadOnce sync.Once
	loaded   map[string]*file
	loadErr  error
)

// mustLoad indexes dist once. A missing index.html means the package was
// built without running the web build: a programming error, not a runtime one.
func mustLoad() map[string]*file {
	loadOnce.Do(func() { loaded, loadErr = load(dist) })
	if loadErr != nil {
		panic(loadErr)
	}
	return loaded
}

func load(fsys fs.FS) (map[string]*file, error) {
	sub, err := fs.Sub(fsys, "dist")
	if err != nil {
		return nil, err
	}
	files := map[string]*file{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		f := &file{
			name:        path.Base(p),
			body:        body,
			contentType: contentType(p),
			etag:        `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
			cache:       "no-cache",
		}
		if strings.HasPrefix(p, "assets/") {
			// Content-hashed names: a changed file is a new URL.
			f.cache = "public, max-age=31536000, immutable"
		}
		files[p] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: index embedded client: %w", err)
	}
	if files["index.html"] == nil {
		return nil, fmt.Errorf("web: embedded client has no index.html: run `npm run build` in web/")
	}
	return files, nil
}

// contentType is fixed for the types the build writes, rather than taken
// from the host's MIME tables, which differ between systems.
func contentType(p string) string {
	switch path.Ext(p) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	case ".png":
		return "image/png"
	case ".svg":
		return "image/svg+xml"
	case ".wasm":
		return "application/wasm"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(p)); t != "" {
		return t
	}
	return "application/octet-stream"
}
