package admin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/access"
)

// ConsoleFunc runs one console line (a command such as "/kick bob") with
// every permission, through the tick, and returns the command's reply.
// It blocks until the reply or until ctx ends. An error means the line
// did not run or its reply was lost (the server is stopping, the tick did
// not answer in time); a refused command is a reply, not an error.
type ConsoleFunc func(ctx context.Context, line string) (reply string, err error)

// consoleTimeout bounds how long a request waits for its console reply:
// the tick answers within a tick or two, so a longer wait means it is
// stuck or stopping, and the caller is better told so than left hanging.
const consoleTimeout = 10 * time.Second

// maxConsoleLine bounds a console line built from a request, in bytes:
// the default chat line limit, which the replies and /say broadcasts
// also have to fit.
const maxConsoleLine = 256

// maxReason bounds a kick or ban reason, in bytes: it is shown to the
// refused player and kept with the ban.
const maxReason = 200

// keyHexLen is the length of an Ed25519 public key in hex.
const keyHexLen = 64

// validBanLength reports whether /ban reads s as the ban's length.
func validBanLength(s string) bool {
	_, ok := access.ParseBanLength(s)
	return ok
}

// playerJSON is one entry of GET /api/players.
type playerJSON struct {
	Name     string  `json:"name"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Z        float64 `json:"z"`
	Operator bool    `json:"operator"`
}

// banJSON is one entry of GET /api/bans.
type banJSON struct {
	Name   string `json:"name,omitempty"`
	Key    string `json:"key,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Until is RFC 3339; absent for a ban without expiry.
	Until string `json:"until,omitempty"`
	By    string `json:"by,omitempty"`
	At    string `json:"at,omitempty"`
}

// whitelistJSON is GET /api/whitelist.
type whitelistJSON struct {
	On    bool     `json:"on"`
	Names []string `json:"names"`
}

// sessionJSON is GET /api/session: what the viewer of the status page may
// do, so that it shows only the buttons that work.
type sessionJSON struct {
	// Console is true when the listener runs console commands (kick,
	// ban, ...); the viewer has already passed the token check.
	Console bool `json:"console"`
	// Access is true when the listener reads the access registry
	// (operators, bans, whitelist).
	Access bool `json:"access"`
}

// replyJSON is the answer of every console endpoint.
type replyJSON struct {
	Reply string `json:"reply"`
}

// moderation serves the player, operator, ban and whitelist endpoints.
type moderation struct {
	status  *Status
	console ConsoleFunc
	access  *access.Registry
	log     zerolog.Logger
}

// register adds the endpoints to mux. They exist whether or not the
// listener has a console or a registry, so a tool gets a JSON error that
// says what is missing instead of a bare 404.
func (m *moderation) register(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/session", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, m.log, sessionJSON{Console: m.console != nil, Access: m.access != nil})
	})
	mux.HandleFunc("GET /api/players", m.players)
	mux.HandleFunc("GET /api/bans", m.bans)
	mux.HandleFunc("GET /api/ops", m.ops)
	mux.HandleFunc("GET /api/whitelist", m.whitelist)
	m.registerNames(mux)

	post := func(path string, build func(decode func(any) error) (string, error)) {
		// Every state-changing endpoint goes through mutation, like
		// /api/backup: a page on another site must not kick or ban.
		mux.Handle("POST "+path, mutation(m.run(build), m.log))
	}
	post("/api/kick", func(decode func(any) error) (string, error) {
		var req struct {
			Name   string `json:"name"`
			Reason string `json:"reason"`
		}
		if err := decode(&req); err != nil {
			return "", err
		}
		if err := checkName(req.Name); err != nil {
			return "", err
		}
		reason, err := checkReason(req.Reason)
		if err != nil {
			return "", err
		}
		return join("/kick", req.Name, reason), nil
	})
	post("/api/ban", func(decode func(any) error) (string, error) {
		var req struct {
			Name     string `json:"name"`
			Key      string `json:"key"`
			Duration string `json:"duration"`
			Reason   string `json:"reason"`
		}
		if err := decode(&req); err != nil {
			return "", err
		}
		target, err := nameOrKey(req.Name, req.Key)
		if err != nil {
			return "", err
		}
		if req.Duration != "" && !validBanLength(req.Duration) {
			return "", fmt.Errorf(`"duration" %q is not a duration such as 30m, 12h, 7d or 2w, above zero and at most 100 years (omit it for a ban without expiry)`, req.Duration)
		}
		reason, err := checkReason(req.Reason)
		if err != nil {
			return "", err
		}
		// "/ban bob 7d of griefing" would ban for seven days: the
		// console reads a leading duration as the ban's length.
		if first, _, _ := strings.Cut(reason, " "); req.Duration == "" && validBanLength(first) {
			return "", fmt.Errorf(`"reason" starts with %q, which the console would read as the ban's length; give the length on its own ("duration", or strata admin ban --for), or reword the reason`, first)
		}
		return join("/ban", target, req.Duration, reason), nil
	})
	post("/api/unban", func(decode func(any) error) (string, error) {
		var req struct {
			Name string `json:"name"`
			Key  string `json:"key"`
		}
		if err := decode(&req); err != nil {
			return "", err
		}
		target, err := nameOrKey(req.Name, req.Key)
		if err != nil {
			return "", err
		}
		return join("/unban", target), nil
	})
	for _, c := range []struct{ path, command string }{
		{"/api/op", "/op"},
		{"/api/deop", "/deop"},
		{"/api/names/release", "/release"},
	} {
		post(c.path, func(decode func(any) error) (string, error) {
			var req struct {
				Name string `json:"name"`
			}
			if err := decode(&req); err != nil {
				return "", err
			}
			if err := checkName(req.Name); err != nil {
				return "", err
			}
			return join(c.command, req.Name), nil
		})
	}
	post("/api/whitelist", func(decode func(any) error) (string, error) {
		var req struct {
			Action string `json:"action"`
			Name   string `json:"name"`
		}
		if err := decode(&req); err != nil {
			return "", err
		}
		switch req.Action {
		case "add", "remove":
			if err := checkName(req.Name); err != nil {
				return "", err
			}
			return join("/whitelist", req.Action, req.Name), nil
		case "on", "off":
			if req.Name != "" {
				return "", fmt.Errorf(`"name" is only for the actions add and remove, not %q`, req.Action)
			}
			return join("/whitelist", req.Action), nil
		case "":
			return "", errors.New(`"action" is missing: add, remove, on or off`)
		default:
			return "", fmt.Errorf(`"action" %q is not add, remove, on or off`, req.Action)
		}
	})
	post("/api/say", func(decode func(any) error) (string, error) {
		var req struct {
			Text string `json:"text"`
		}
		if err := decode(&req); err != nil {
			return "", err
		}
		text, err := checkText("text", req.Text, maxConsoleLine)
		if err != nil {
			return "", err
		}
		if text == "" {
			return "", errors.New(`"text" is missing or blank`)
		}
		return join("/say", text), nil
	})
}

// run answers a console endpoint: build turns the request body (through
// decode: an empty body decodes as {}, so its fields are missing) into a
// console line, an error being the client's (400); the console runs it,
// an error being the server's (503); the reply goes back as
// {"reply": "..."}.
func (m *moderation) run(build func(decode func(any) error) (string, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if m.console == nil {
			writeJSONError(w, http.StatusNotFound, "this admin listener has no console: the server did not give it one")
			return
		}
		line, err := build(func(v any) error { return decodeOptionalJSON(w, r, v) })
		if err == nil && len(line) > maxConsoleLine {
			err = fmt.Errorf("the command would be %d bytes, the limit is %d", len(line), maxConsoleLine)
		}
		if err != nil {
			writeJSONError(w, http.StatusBadRequest, "bad request: "+err.Error())
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), consoleTimeout)
		defer cancel()
		reply, err := m.console(ctx, line)
		if err != nil {
			m.log.Warn().Err(err).Str("line", line).Str("remote", r.RemoteAddr).Msg("admin console line failed")
			writeJSONError(w, http.StatusServiceUnavailable, "console: "+err.Error())
			return
		}
		// Who changed what is worth keeping: bans and operators matter
		// long after the fact.
		m.log.Info().Str("line", line).Str("reply", reply).Str("remote", r.RemoteAddr).Msg("admin console line")
		writeJSON(w, m.log, replyJSON{Reply: reply})
	}
}

// players serves GET /api/players: the connected players of the latest
// snapshot, sorted by name, with their operator flag from the registry.
func (m *moderation) players(w http.ResponseWriter, _ *http.Request) {
	snap := m.status.Latest()
	if snap == nil {
		writeJSONError(w, http.StatusServiceUnavailable, "no status published yet")
		return
	}
	out := make([]playerJSON, 0, len(snap.Players))
	for _, p := range snap.Players {
		op := m.access != nil && m.access.IsOperator(p.Name)
		out = append(out, playerJSON{Name: p.Name, X: p.X, Y: p.Y, Z: p.Z, Operator: op})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, m.log, out)
}

// registry returns the access registry, or answers 404 and returns nil.
func (m *moderation) registry(w http.ResponseWriter) *access.Registry {
	if m.access == nil {
		writeJSONError(w, http.StatusNotFound, "this admin listener has no access registry: the server did not give it one")
	}
	return m.access
}

// bans serves GET /api/bans: the active bans.
func (m *moderation) bans(w http.ResponseWriter, _ *http.Request) {
	reg := m.registry(w)
	if reg == nil {
		return
	}
	bans := reg.Bans()
	out := make([]banJSON, 0, len(bans))
	for _, b := range bans {
		out = append(out, banJSON{Name: b.Name, Key: b.Key, Reason: b.Reason, Until: rfc3339(b.Until), By: b.By, At: rfc3339(b.At)})
	}
	writeJSON(w, m.log, out)
}

// ops serves GET /api/ops: the operators' names, sorted.
func (m *moderation) ops(w http.ResponseWriter, _ *http.Request) {
	if reg := m.registry(w); reg != nil {
		writeJSON(w, m.log, nonNil(reg.Operators()))
	}
}

// whitelist serves GET /api/whitelist: whether it is on, and its names.
func (m *moderation) whitelist(w http.ResponseWriter, _ *http.Request) {
	if reg := m.registry(w); reg != nil {
		writeJSON(w, m.log, whitelistJSON{On: reg.WhitelistOn(), Names: nonNil(reg.Listed())})
	}
}

// nonNil makes an empty list encode as [] rather than null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// checkName refuses what cannot be a player name, so that a request
// cannot slip extra words into the console line.
func checkName(name string) error {
	if name == "" {
		return errors.New(`"name" is missing`)
	}
	if err := protocol.ValidName(name); err != nil {
		return fmt.Errorf(`"name" %q: %w`, name, err)
	}
	return nil
}

// nameOrKey returns the one of name and key that is given: a player name,
// or an Ed25519 public key as 64 hex digits (lower-cased).
func nameOrKey(name, key string) (string, error) {
	switch {
	case name != "" && key != "":
		return "", errors.New(`give "name" or "key", not both (banning a name bans its bound key too)`)
	case name != "":
		return name, checkName(name)
	case key == "":
		return "", errors.New(`"name" or "key" is missing`)
	}
	if !isKeyHex(key) {
		return "", fmt.Errorf(`"key" is not an Ed25519 public key as %d hex digits`, keyHexLen)
	}
	return strings.ToLower(key), nil
}

// isKeyHex reports whether s is a public key in hex. Names are at most 16
// characters, so a 64-digit word is never a name.
func isKeyHex(s string) bool {
	if len(s) != keyHexLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// checkReason trims a reason and refuses one the console line or the
// refused player's screen cannot carry.
func checkReason(reason string) (string, error) {
	return checkText("reason", reason, maxReason)
}

// checkText trims s and refuses control characters (a newline would end
// the console line) and more than max bytes. Invalid UTF-8 cannot occur:
// encoding/json has already replaced it with U+FFFD.
func checkText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	for _, r := range s {
		if unicode.IsControl(r) {
			return "", fmt.Errorf("%q holds a control character (%U)", field, r)
		}
	}
	if len(s) > max {
		return "", fmt.Errorf("%q is %d bytes, the limit is %d", field, len(s), max)
	}
	return s, nil
}

// join builds a console line from its words, leaving out empty ones.
func join(words ...string) string {
	var b strings.Builder
	for _, w := range words {
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}
