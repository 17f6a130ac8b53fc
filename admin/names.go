package admin

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/stratavox/strata/resources/access"
)

// maxNamesListed bounds the bindings one answer of /api/names or
// /api/names/prune lists: a registry under a squatting run holds many
// thousands, and the counts say how many there are.
const maxNamesListed = 1000

// nameJSON is one binding of GET /api/names and POST /api/names/prune.
type nameJSON struct {
	Name string `json:"name"`
	// Key is the bound key in hex; absent for a damaged record.
	Key string `json:"key,omitempty"`
	// At is when the name was bound, Seen when its player was last in
	// the world (absent: never), Lapses when the binding lapses (absent:
	// never), all RFC 3339.
	At     string `json:"at,omitempty"`
	Seen   string `json:"seen,omitempty"`
	Lapses string `json:"lapses,omitempty"`
	Lapsed bool   `json:"lapsed,omitempty"`
	// Protected is "operator" or "whitelist": such a name never lapses.
	Protected string `json:"protected,omitempty"`
	Damaged   bool   `json:"damaged,omitempty"`
}

// namesJSON is GET /api/names.
type namesJSON struct {
	// Bindings, NeverPlayed and Lapsed count every binding kept, whatever
	// the filter.
	Bindings    int `json:"bindings"`
	NeverPlayed int `json:"never_played"`
	Lapsed      int `json:"lapsed"`
	// Limits are the server's settings (0: off).
	Limits namesLimitsJSON `json:"limits"`
	// Names are the bindings the filter keeps, sorted, at most limit;
	// Truncated says some were left out.
	Names     []nameJSON `json:"names"`
	Truncated bool       `json:"truncated,omitempty"`
}

// namesLimitsJSON are access.NameLimits with durations in seconds.
type namesLimitsJSON struct {
	UnplayedTTLSeconds int64 `json:"unplayed_ttl_s"`
	IdleTTLSeconds     int64 `json:"idle_ttl_s"`
	Max                int   `json:"max"`
	BindBurst          int   `json:"bind_burst"`
	BindEverySeconds   int64 `json:"bind_every_s"`
}

// pruneJSON answers POST /api/names/prune.
type pruneJSON struct {
	// Pruned counts the bindings deleted (or, in a dry run, that would
	// be); Names lists them, at most maxNamesListed.
	Pruned    int        `json:"pruned"`
	DryRun    bool       `json:"dry_run,omitempty"`
	Names     []nameJSON `json:"names"`
	Truncated bool       `json:"truncated,omitempty"`
}

// registerNames adds GET /api/names and POST /api/names/prune. They work
// on the registry directly, not through the console: bindings are made
// by the handshake, not the tick, and are no part of a replay.
func (m *moderation) registerNames(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/names", m.listNames)
	mux.Handle("POST /api/names/prune", mutation(http.HandlerFunc(m.pruneNames), m.log))
}

// listNames serves GET /api/names?filter=all|lapsed|never-played&limit=N.
func (m *moderation) listNames(w http.ResponseWriter, r *http.Request) {
	reg := m.registry(w)
	if reg == nil {
		return
	}
	q := r.URL.Query()
	keep := func(access.NameBinding) bool { return true }
	switch f := q.Get("filter"); f {
	case "", "all":
	case "lapsed":
		keep = func(b access.NameBinding) bool { return b.Lapsed }
	case "never-played":
		keep = func(b access.NameBinding) bool { return b.Seen.IsZero() && !b.Damaged }
	default:
		writeJSONError(w, http.StatusBadRequest, fmt.Sprintf("bad request: filter %q is not all, lapsed or never-played", f))
		return
	}
	limit := maxNamesListed
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > maxNamesListed {
			writeJSONError(w, http.StatusBadRequest, fmt.Sprintf("bad request: limit %q is not a number from 0 to %d", s, maxNamesListed))
			return
		}
		limit = n
	}
	st := reg.NameStats()
	out := namesJSON{Bindings: st.Bindings, NeverPlayed: st.NeverPlayed, Lapsed: st.Lapsed, Limits: limitsJSON(st.Limits), Names: []nameJSON{}}
	for _, b := range reg.Bindings() {
		if !keep(b) {
			continue
		}
		if len(out.Names) == limit {
			out.Truncated = true
			break
		}
		out.Names = append(out.Names, nameOf(b))
	}
	writeJSON(w, m.log, out)
}

// pruneNames serves POST /api/names/prune with
// {"never_played": bool, "idle": "30d", "dry_run": bool}, all optional:
// the lapsed bindings, and those asked for, are deleted.
func (m *moderation) pruneNames(w http.ResponseWriter, r *http.Request) {
	reg := m.registry(w)
	if reg == nil {
		return
	}
	var req struct {
		NeverPlayed bool   `json:"never_played"`
		Idle        string `json:"idle"`
		DryRun      bool   `json:"dry_run"`
	}
	err := decodeOptionalJSON(w, r, &req)
	o := access.PruneOptions{NeverPlayed: req.NeverPlayed, DryRun: req.DryRun}
	if err == nil && req.Idle != "" {
		var ok bool
		if o.IdleFor, ok = access.ParseBanLength(req.Idle); !ok {
			err = fmt.Errorf(`"idle" %q is not a duration such as 12h, 30d or 2w, above zero`, req.Idle)
		}
	}
	if err != nil {
		writeJSONError(w, http.StatusBadRequest, "bad request: "+err.Error())
		return
	}
	pruned, err := reg.Prune(o)
	if err != nil {
		m.log.Error().Err(err).Str("remote", r.RemoteAddr).Msg("admin: prune name bindings")
		writeJSONError(w, http.StatusInternalServerError, err.Error())
		return
	}
	m.log.Info().Int("bindings", len(pruned)).Bool("never_played", o.NeverPlayed).Dur("idle_for_ms", o.IdleFor).Bool("dry_run", o.DryRun).
		Str("remote", r.RemoteAddr).Msg("admin: name bindings pruned")
	out := pruneJSON{Pruned: len(pruned), DryRun: o.DryRun, Names: []nameJSON{}}
	for _, b := range pruned {
		if len(out.Names) == maxNamesListed {
			out.Truncated = true
			break
		}
		out.Names = append(out.Names, nameOf(b))
	}
	writeJSON(w, m.log, out)
}

func nameOf(b access.NameBinding) nameJSON {
	return nameJSON{Name: b.Name, Key: b.Key, At: rfc3339(b.At), Seen: rfc3339(b.Seen), Lapses: rfc3339(b.Lapses),
		Lapsed: b.Lapsed, Protected: b.Protected, Damaged: b.Damaged}
}

func limitsJSON(l access.NameLimits) namesLimitsJSON {
	return namesLimitsJSON{UnplayedTTLSeconds: seconds(l.UnplayedTTL), IdleTTLSeconds: seconds(l.IdleTTL), Max: l.Max,
		BindBurst: l.BindBurst, BindEverySeconds: seconds(l.BindEvery)}
}

func seconds(d time.Duration) int64 { return int64(d / time.Second) }
