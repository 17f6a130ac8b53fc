//go:build unix

package wt_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// netlogEvents picks from a Chromium NetLog (--log-net-log) the events
// that explain a failed WebTransport session: state changes, closes,
// stream resets, TLS and certificate failures. A browser killed with
// SIGKILL leaves the file unterminated; that is repaired first.
func netlogEvents(path string) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	raw = bytes.TrimRight(raw, " \n\r\t,")
	if !bytes.HasSuffix(raw, []byte("]}")) {
		raw = append(raw, "]}"...)
	}
	var log struct {
		Constants struct {
			EventTypes  map[string]int `json:"logEventTypes"`
			SourceTypes map[string]int `json:"logSourceType"`
		} `json:"constants"`
		Events []struct {
			Time   string `json:"time"`
			Type   int    `json:"type"`
			Source struct {
				ID   int `json:"id"`
				Type int `json:"type"`
			} `json:"source"`
			Params json.RawMessage `json:"params"`
		} `json:"events"`
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		return "", fmt.Errorf("netlog %s: %w", path, err)
	}
	types := invert(log.Constants.EventTypes)
	sources := invert(log.Constants.SourceTypes)
	var b strings.Builder
	for _, e := range log.Events {
		src, typ := sources[e.Source.Type], types[e.Type]
		if (strings.Contains(src, "QUIC") || strings.Contains(src, "WEB_TRANSPORT")) && netlogInteresting.MatchString(typ) {
			fmt.Fprintf(&b, "%s %s#%d %s %s\n", e.Time, src, e.Source.ID, typ, e.Params)
		}
	}
	return b.String(), nil
}

var netlogInteresting = regexp.MustCompile(`STATE_CHANGED|CLOSE|RST_STREAM|STOP_SENDING|CERT|HANDSHAKE|ERROR|FAIL`)

func invert(m map[string]int) map[int]string {
	out := make(map[int]string, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}
