package cluster

import (
	"strings"
	"sync"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
)

// SystemNamesLost (ingest, after cluster_inbound) disconnects the
// players whose names this shard gave up (Sessions.OnNameLost: another
// shard took the name over while this one was cut off from NATS), and
// every player once a newer process of this shard's name has fenced this
// one (Sessions.Fenced): a player is connected to one shard at a time,
// and a fenced process's edits would be refused anyway.
const SystemNamesLost = "drop_lost_names"

// namesLost queues the names the cluster's goroutines report lost for
// the tick to act on.
type namesLost struct {
	mu      sync.Mutex
	names   []string
	fenced  func() bool
	warned  bool
	players *generic.Filter2[components.Player, components.Connection]
	log     zerolog.Logger
}

func newNamesLost(fenced func() bool, log zerolog.Logger) *namesLost {
	return &namesLost{fenced: fenced, log: log, players: generic.NewFilter2[components.Player, components.Connection]()}
}

// lost is the Sessions.OnNameLost hook: it runs on a cluster goroutine,
// so it only queues.
func (n *namesLost) lost(name string) {
	n.mu.Lock()
	n.names = append(n.names, name)
	n.mu.Unlock()
}

func (n *namesLost) run(ctx *ecs.Context) {
	n.mu.Lock()
	names := n.names
	n.names = nil
	n.mu.Unlock()
	fenced := n.fenced()
	if len(names) == 0 && !fenced {
		return
	}
	if fenced && !n.warned {
		n.warned = true
		n.log.Error().Msg("a newer process of this shard took over its name: its players are disconnected and its writes refused; stop this process")
	}
	q := n.players.Query(ctx.World)
	for q.Next() {
		p, c := q.Get()
		if c.Conn == nil {
			continue
		}
		switch {
		case fenced:
			c.Conn.Close(protocol.ErrorCode_ERROR_CODE_SHUTDOWN, "this server was replaced by a newer process of its shard; reconnect")
		case containsFold(names, p.Name):
			n.log.Warn().Str("player", p.Name).Msg("name taken over by another shard; disconnecting")
			c.Conn.Close(protocol.ErrorCode_ERROR_CODE_REPLACED, "you logged in on another server")
		}
	}
}

func containsFold(names []string, name string) bool {
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}
