package perms

import (
	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/access"
)

// banEnforcer is the enforce_bans system: once another server's changes
// reached the registry, every player connected here is checked against
// the bans again, and one now banned is
// disconnected with the ban's reason. A ban made here disconnects at once
// (/ban); this is for the others'.
type banEnforcer struct {
	reg     *access.Registry
	seen    uint64
	players *generic.Filter2[components.Player, components.Connection]
}

func newBanEnforcer(reg *access.Registry) *banEnforcer {
	return &banEnforcer{reg: reg, players: generic.NewFilter2[components.Player, components.Connection]()}
}

func (s *banEnforcer) run(ctx *ecs.Context) {
	n := s.reg.Applied()
	if n == s.seen {
		return
	}
	s.seen = n
	q := s.players.Query(ctx.World)
	for q.Next() {
		p, conn := q.Get()
		key, _ := s.reg.Binding(p.Name)
		if b, banned := s.reg.Banned(p.Name, key); banned && conn.Conn != nil {
			conn.Conn.Close(protocol.ErrorCode_ERROR_CODE_FORBIDDEN, access.BanMessage(b))
		}
	}
}
