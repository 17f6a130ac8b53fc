package natstest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// monitorTimeout bounds one request to a node's monitoring endpoint: a
// node busy with an election still answers HTTP at once, and a dead one
// refuses the connection, so only a stopped one waits this long.
const monitorTimeout = time.Second

// getJSON reads url's JSON answer into v.
func getJSON(ctx context.Context, url string, v any) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, monitorTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, json.NewDecoder(resp.Body).Decode(v)
}

// MetaLeader returns the server name of the JetStream meta group's leader
// as the running nodes see it (their /jsz), or "" while they know none or
// disagree. The meta leader is not told by any client API: it answers the
// stream and consumer create requests, so its loss stalls those (a KV
// watch starting, say) until the others elect one.
func MetaLeader(ctx context.Context, procs []*Proc) string {
	leader := ""
	for _, p := range procs {
		if !p.Running() {
			continue
		}
		var jsz struct {
			Meta *struct {
				Leader string `json:"leader"`
			} `json:"meta_cluster"`
		}
		if _, err := getJSON(ctx, p.monitor+"/jsz", &jsz); err != nil || jsz.Meta == nil || jsz.Meta.Leader == "" {
			return ""
		}
		if leader != "" && leader != jsz.Meta.Leader {
			return ""
		}
		leader = jsz.Meta.Leader
	}
	return leader
}

// Healthy reports whether the node answers its health check: it is a
// current member of the meta group and of every stream and consumer
// group it holds a replica of, so a node restarted after a kill has
// caught up once it is healthy. err says why not.
func (p *Proc) Healthy(ctx context.Context) error {
	var h struct {
		Status string `json:"status"`
		Error  string `json:"error"`
	}
	code, err := getJSON(ctx, p.monitor+"/healthz", &h)
	switch {
	case err != nil:
		return err
	case code != http.StatusOK || h.Status != "ok":
		return fmt.Errorf("natstest: %s not healthy (%d): %s", p.name, code, h.Error)
	}
	return nil
}
