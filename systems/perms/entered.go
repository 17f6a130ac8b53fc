package perms

import (
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/systems/network"
)

// SystemNamesEntered (simulate) tells the access registry who is in the
// world: the players admitted this tick, those who left, and once an
// hour everyone still connected. A name binding lapses when its player
// never entered the world or stayed away too long (access.NameLimits),
// and only the world knows who entered: the handshake binds the name
// before the server admits the login. The registry writes off the tick.
const SystemNamesEntered = "names_entered"

// enteredRefresh is how often the players still connected are reported:
// hourly, or four times per idle time when that is shorter, so that a
// long session never lapses.
func enteredRefresh(l access.NameLimits) time.Duration {
	if l.IdleTTL > 0 {
		return min(time.Hour, l.IdleTTL/4)
	}
	return time.Hour
}

// namesEntered is the names_entered system.
type namesEntered struct {
	reg     *access.Registry
	now     func() time.Time
	refresh time.Duration
	// clients is the network plugin's, looked up on the first run (nil
	// in an App without it: nobody enters).
	clients *network.Clients
	looked  bool
	// names are the connected players' names by client id, for those
	// who leave (their entities are gone by now).
	names   map[uint64]string
	last    time.Time
	players generic.Map1[components.Player]
	mapsFor *ecs.World
}

func newNamesEntered(reg *access.Registry, now func() time.Time, l access.NameLimits) *namesEntered {
	return &namesEntered{reg: reg, now: now, refresh: enteredRefresh(l), names: map[uint64]string{}}
}

func (s *namesEntered) run(ctx *ecs.Context) {
	if !s.looked {
		s.looked = true
		s.clients, _ = ecs.GetResource[network.Clients](ctx.App)
	}
	if s.clients == nil {
		return
	}
	if s.mapsFor != ctx.World {
		s.players = generic.NewMap1[components.Player](ctx.World)
		s.mapsFor = ctx.World
	}
	for _, id := range s.clients.Joined {
		if e, ok := s.clients.Entity(id); ok && ctx.World.Alive(e) {
			name := s.players.Get(e).Name
			s.names[id] = name
			s.reg.Entered(name)
		}
	}
	for _, id := range s.clients.Left {
		if name, ok := s.names[id]; ok {
			s.reg.Entered(name)
			delete(s.names, id)
		}
	}
	if now := s.now(); now.Sub(s.last) >= s.refresh {
		s.last = now
		for _, name := range s.names {
			s.reg.Entered(name)
		}
	}
}
