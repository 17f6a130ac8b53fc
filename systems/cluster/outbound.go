package cluster

import (
	"cmp"
	"encoding/json"
	"slices"

	"github.com/mlange-42/arche/generic"
	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/entities"
)

// chatLine is a chat line said on some shard.
type chatLine struct {
	Shard string `json:"shard"`
	Name  string `json:"name"`
	Text  string `json:"text"`
}

// onChat (a NATS goroutine) queues another shard's chat line.
func (p *Plugin) onChat(m *nats.Msg) {
	p.count(FamilyChat, true, len(m.Data))
	var l chatLine
	if err := json.Unmarshal(m.Data, &l); err != nil || l.Shard == p.c.Shard() {
		return
	}
	p.in.put(func(b *inbox) { b.chat = append(b.chat, l) })
}

// outboundSystem publishes this shard's players every tick and its chat
// lines as they are said, and hands the other shards' lines to
// broadcast_chat.
type outboundSystem struct {
	p       *Plugin
	lines   *ecs.Events[chat.Intent]
	relayed *ecs.Events[chat.Relayed]
	players *generic.Filter3[components.Player, components.Position, components.Look]
	state   presence // this tick's players and entities, all of them
	deltas  presenceDeltas
	remote  []chatLine
	near    nearbyEntities
	cells   map[[2]int32]struct{} // scratch: this shard's interest
	buf     []byte
}

func newOutbound(p *Plugin, app *ecs.App, lines *ecs.Events[chat.Intent], reg *entities.Registry) *outboundSystem {
	return &outboundSystem{
		p: p, lines: lines, relayed: ecs.AddEvents[chat.Relayed](app), state: presence{Shard: p.c.Shard()},
		deltas:  newPresenceDeltas(p.c.Shard()),
		players: generic.NewFilter3[components.Player, components.Position, components.Look](),
		near:    newNearbyEntities(reg),
		cells:   map[[2]int32]struct{}{},
	}
}

func (s *outboundSystem) run(ctx *ecs.Context) {
	p := s.p
	s.state.Players = s.state.Players[:0]
	clear(s.cells)
	remote := p.inbound.players
	keyframe := s.deltas.keyframe(ctx.Tick) // only keyframes carry the interest
	all := 0
	q := s.players.Query(ctx.World)
	for q.Next() {
		pl, pos, look := q.Get()
		all++
		sec := pos.Section()
		if keyframe {
			s.cells[cellOf(sec.X, sec.Z)] = struct{}{}
		}
		if remote.wants(sec.X, sec.Z) {
			s.state.Players = append(s.state.Players, storage.PlayerRecord{Name: pl.Name, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch})
		}
	}
	// Sorted: a message must not depend on map order (and an unchanged
	// interest compares equal at the receivers).
	s.state.Interest = s.state.Interest[:0]
	for c := range s.cells {
		s.state.Interest = append(s.state.Interest, c)
	}
	slices.SortFunc(s.state.Interest, func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	s.state.Entities = s.near.collect(ctx, remote, s.state.Entities)
	p.Stats.EntitiesOut.Add(uint64(len(s.state.Entities)))
	// Sent even when empty: silence is how the others learn a shard died.
	s.publishPresence(s.deltas.next(ctx.Tick, &s.state))
	p.c.SetPlayers(all)

	for i := range s.lines.Items() {
		l := &s.lines.Items()[i]
		if vetoed, _ := l.Cancelled(); vetoed || l.From.Conn == nil {
			continue
		}
		data, err := json.Marshal(chatLine{Shard: p.c.Shard(), Name: l.Name, Text: l.Text})
		if err == nil {
			s.publish(p.subject(FamilyChat), FamilyChat, data)
		}
	}

	p.in.mu.Lock()
	s.remote, p.in.chat = p.in.chat, s.remote[:0]
	p.in.mu.Unlock()
	for _, l := range s.remote {
		s.relayed.Emit(chat.Relayed{From: l.Name, Text: l.Text})
	}
	clear(s.remote)
}

// publishPresence publishes pr, this shard's presence or a delta of it.
func (s *outboundSystem) publishPresence(pr *presence) {
	s.buf = appendPresence(s.buf[:0], pr)
	s.publish(s.p.subject(FamilyPresence, s.p.c.Shard()), FamilyPresence, s.buf)
}

func (s *outboundSystem) publish(subj, family string, data []byte) {
	if err := s.p.nc.Publish(subj, data); err != nil {
		s.p.log.Debug().Err(err).Str("subject", subj).Msg("publish failed")
		return
	}
	s.p.count(family, false, len(data))
}
