package admin

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/pprof"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"
)

// routes builds the admin mux. pprof's handlers are registered here by
// hand: importing net/http/pprof also registers them on
// http.DefaultServeMux, which this package never serves.
func routes(status *Status, metrics *Metrics, cfg Config, log zerolog.Logger) http.Handler {
	mux := http.NewServeMux()
	if cfg.Backup != nil {
		// Every state-changing endpoint goes through mutation: a web page
		// on another site must not be able to trigger it.
		mux.Handle("POST /api/backup", mutation(backupHandler(cfg.Backup, log), log))
	}
	(&moderation{status: status, console: cfg.Console, access: cfg.Access, log: log}).register(mux)
	mux.Handle("GET /metrics", promhttp.HandlerFor(metrics.reg, promhttp.HandlerOpts{
		Registry: metrics.reg, // counts its own encoding errors
		ErrorLog: promLogger{log},
	}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		noStore(w)
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		noStore(w)
		switch snap := status.Latest(); {
		case snap == nil:
			http.Error(w, "not ready: no status published yet", http.StatusServiceUnavailable)
		case !snap.Ready:
			http.Error(w, "not ready: start-up gate not done", http.StatusServiceUnavailable)
		default:
			fmt.Fprintln(w, "ready")
		}
	})

	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)

	mux.HandleFunc("GET /api/status", func(w http.ResponseWriter, _ *http.Request) {
		p := status.cur.Load()
		if p == nil {
			writeJSONError(w, http.StatusServiceUnavailable, "no status published yet")
			return
		}
		body, err := p.json()
		if err != nil {
			log.Error().Err(err).Msg("admin status")
			writeJSONError(w, http.StatusInternalServerError, "cannot encode status")
			return
		}
		writeJSONBytes(w, body)
	})
	mux.HandleFunc("GET /api/history", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, log, struct {
			IntervalSeconds float64  `json:"interval_s"`
			Samples         []sample `json:"samples"`
		}{historyInterval.Seconds(), status.history()})
	})
	if cfg.Cert != nil {
		mux.Handle("GET /api/cert", cfg.Cert)
	} else {
		mux.HandleFunc("GET /api/cert", func(w http.ResponseWriter, _ *http.Request) {
			snap := status.Latest()
			if snap == nil || snap.CertSHA256 == "" {
				writeJSONError(w, http.StatusServiceUnavailable, "certificate hash not known yet")
				return
			}
			// Same field name as certs.Manager.Handler, so clients read one format.
			writeJSON(w, log, struct {
				Hex string `json:"sha256_hex"`
			}{snap.CertSHA256})
		})
	}

	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(fmt.Sprintf("admin: embedded static files: %v", err)) // the embed pattern guarantees the folder
	}
	files := http.FileServerFS(static)
	mux.Handle("GET /static/", http.StripPrefix("/static/", revalidate(files)))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		revalidate(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.ServeFileFS(w, r, static, "index.html")
		})).ServeHTTP(w, r)
	})
	return mux
}

// revalidate makes browsers check embedded files on every load: they are
// tiny, and a stale script after an upgrade would misread the API.
func revalidate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		next.ServeHTTP(w, r)
	})
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

func writeJSONBytes(w http.ResponseWriter, body []byte) {
	noStore(w)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func writeJSON(w http.ResponseWriter, log zerolog.Logger, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		log.Error().Err(err).Msg("admin: encode response")
		writeJSONError(w, http.StatusInternalServerError, "cannot encode response")
		return
	}
	writeJSONBytes(w, body)
}

func writeJSONError(w http.ResponseWriter, code int, msg string) {
	noStore(w)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{msg})
}

// promLogger sends promhttp's errors to zerolog.
type promLogger struct{ log zerolog.Logger }

func (l promLogger) Println(v ...any) { l.log.Error().Msg(fmt.Sprint(v...)) }
