package admin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/backups"
)

// BackupFunc takes a backup into the data directory's backups folder
// under name, or under a generated name when name is "" (the handler has
// checked name with backups.CheckName). Its errors choose the answer:
// wrapping backups.ErrInvalidName is 400, fs.ErrExist 409,
// backups.ErrStopped 503, anything else 500.
type BackupFunc func(name string) (backups.Backup, error)

// AdminHeader, set to "1", marks a request as coming from a tool rather
// than a web page: a page on another site cannot send a custom header
// without a CORS preflight, which this listener never answers.
const AdminHeader = "X-Strata-Admin"

// maxMutationBody bounds the body of a state-changing request.
const maxMutationBody = 4096

// mutation wraps a state-changing endpoint so that a web page on another
// site cannot trigger it. A browser lets any page send a "simple" request
// (a form, or fetch with a text/plain body) to any address, loopback
// included, without asking the listener first; only the browser's own
// headers tell such a request apart. So a request must
//
//   - not be marked cross-site or same-site by Sec-Fetch-Site (same-origin
//     and none pass; tools send none of it);
//   - carry no Origin, or one naming this very listener (the Host the
//     request was sent to);
//   - be JSON (Content-Type: application/json) or carry AdminHeader: 1 —
//     neither can be sent cross-site without a preflight.
func mutation(next http.Handler, log zerolog.Logger) http.Handler {
	refused := log.Sample(&zerolog.BurstSampler{Burst: 5, Period: time.Minute})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if reason := crossSite(r); reason != "" {
			refused.Warn().Str("remote", r.RemoteAddr).Str("path", r.URL.Path).Str("reason", reason).Msg("admin request refused: cross-site")
			writeJSONError(w, http.StatusForbidden, "forbidden: "+reason+"; state-changing admin requests are accepted only from this listener's own pages or from tools that are not browsers")
			return
		}
		if !jsonOrMarked(r) {
			refused.Warn().Str("remote", r.RemoteAddr).Str("path", r.URL.Path).Str("content_type", r.Header.Get("Content-Type")).Msg("admin request refused: not JSON")
			writeJSONError(w, http.StatusUnsupportedMediaType, "unsupported media type: state-changing admin requests need Content-Type: application/json or the header "+AdminHeader+": 1")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// crossSite returns why r looks sent by a page of another origin, or "".
func crossSite(r *http.Request) string {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return fmt.Sprintf("Sec-Fetch-Site is %q", site)
	}
	origins := r.Header.Values("Origin")
	switch {
	case len(origins) == 0:
		return ""
	case len(origins) > 1:
		return "more than one Origin header"
	case !sameOrigin(origins[0], r.Host):
		return fmt.Sprintf("Origin %q is not this listener (%s)", origins[0], r.Host)
	}
	return ""
}

// sameOrigin reports whether origin (a browser's Origin header) names the
// host and port the request was sent to. A behind-proxy listener keeps
// working as long as the proxy passes the Host header on.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return false // "null", opaque or malformed origins included
	}
	var port string
	switch strings.ToLower(u.Scheme) {
	case "http":
		port = "80"
	case "https":
		port = "443"
	default:
		return false
	}
	return canonicalHost(u.Host, port) == canonicalHost(host, port)
}

// canonicalHost lower-cases host[:port] and adds the default port.
func canonicalHost(hostport, defaultPort string) string {
	h, p, err := net.SplitHostPort(hostport)
	if err != nil {
		h, p = hostport, defaultPort
	}
	return net.JoinHostPort(strings.ToLower(strings.Trim(h, "[]")), p)
}

// jsonOrMarked reports whether r is JSON or carries AdminHeader: 1.
func jsonOrMarked(r *http.Request) bool {
	if r.Header.Get(AdminHeader) == "1" {
		return true
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// backupRequest is the body of POST /api/backup; an empty body is {}.
type backupRequest struct {
	// Name is the backup's folder under DATA/backups; "" generates one.
	Name string `json:"name"`
	// Out was a destination path before backups were confined to the
	// data directory; it is refused with an explanation.
	Out *string `json:"out"`
}

// backupResponse is the answer to a backup that was written.
type backupResponse struct {
	Name   string  `json:"name"`
	Path   string  `json:"path"`
	TookMS float64 `json:"took_ms"`
}

// backupHandler serves POST /api/backup (behind mutation).
func backupHandler(backup BackupFunc, log zerolog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req backupRequest
		if err := decodeOptionalJSON(w, r, &req); err != nil {
			writeJSONError(w, http.StatusBadRequest, `bad request: `+err.Error()+`; the body is {"name": "NAME"} or empty`)
			return
		}
		if req.Out != nil {
			writeJSONError(w, http.StatusBadRequest, `bad request: "out" is not accepted: backups are written only under the data directory's `+backups.Folder+` folder; name a folder there with {"name": "NAME"}, or send no name for a timestamped one`)
			return
		}
		if req.Name != "" {
			if err := backups.CheckName(req.Name); err != nil {
				writeJSONError(w, http.StatusBadRequest, "bad request: "+err.Error())
				return
			}
		}
		b, err := backup(req.Name)
		switch {
		case err == nil:
		case errors.Is(err, backups.ErrInvalidName):
			writeJSONError(w, http.StatusBadRequest, "bad request: "+err.Error())
			return
		case errors.Is(err, fs.ErrExist):
			writeJSONError(w, http.StatusConflict, "conflict: "+err.Error()+"; choose another name")
			return
		case errors.Is(err, backups.ErrStopped):
			writeJSONError(w, http.StatusServiceUnavailable, err.Error())
			return
		default:
			log.Error().Err(err).Str("name", req.Name).Msg("online backup failed")
			writeJSONError(w, http.StatusInternalServerError, "backup failed: "+err.Error())
			return
		}
		log.Info().Str("name", b.Name).Str("path", b.Path).Str("remote", r.RemoteAddr).Msg("online backup written")
		writeJSON(w, log, backupResponse{Name: b.Name, Path: b.Path, TookMS: float64(b.Took.Microseconds()) / 1000})
	}
}

// decodeOptionalJSON decodes r's body into v, refusing unknown fields and
// trailing data; an empty body leaves v as it is.
func decodeOptionalJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMutationBody))
	if err != nil {
		return fmt.Errorf("body: %w", err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("body: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("body: data after the JSON object")
	}
	return nil
}
