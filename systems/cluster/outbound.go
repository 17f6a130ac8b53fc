package cluster

import (
	"cmp"
	"encoding/json"
	"slices"
	"time"

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

// announceEvery is how often, in ticks, a shard announces its interest
// to every other shard, and announceAfter the longest it waits between
// two when its ticks run late. The announcements also tell the shards it
// sends no players to that it runs: four of them fit in presenceTimeout.
const (
	announceEvery = 10
	announceAfter = presenceTimeout / 4
)

// outboundSystem announces this shard's interest, sends each other shard
// with players its own players and entities near them every tick, and
// publishes its chat lines as they are said and hands the other shards'
// lines to broadcast_chat.
type outboundSystem struct {
	p       *Plugin
	lines   *ecs.Events[chat.Intent]
	relayed *ecs.Events[chat.Relayed]
	filter  *generic.Filter3[components.Player, components.Position, components.Look]
	// players and ents are this tick's players and entities near some
	// other shard's, with the receivers (remotePlayers.wantedBy) that
	// want each in playerMasks and entMasks.
	players     []storage.PlayerRecord
	playerMasks []uint64
	ents        []entityState
	entMasks    []uint64
	state       presence // what one receiver is sent this tick, all of it
	// deltas is what each receiver was sent, by shard.
	deltas    map[string]*presenceDeltas
	announce  presence
	announced time.Time // the last announcement
	remote    []chatLine
	near      nearbyEntities
	cells     map[[2]int32]struct{} // scratch: this shard's interest
	buf       []byte
}

func newOutbound(p *Plugin, app *ecs.App, lines *ecs.Events[chat.Intent], reg *entities.Registry) *outboundSystem {
	return &outboundSystem{
		p: p, lines: lines, relayed: ecs.AddEvents[chat.Relayed](app), state: presence{Shard: p.c.Shard()},
		announce: presence{Shard: p.c.Shard(), Announce: true},
		deltas:   map[string]*presenceDeltas{},
		filter:   generic.NewFilter3[components.Player, components.Position, components.Look](),
		near:     newNearbyEntities(reg),
		cells:    map[[2]int32]struct{}{},
	}
}

func (s *outboundSystem) run(ctx *ecs.Context) {
	p := s.p
	remote := p.inbound.players
	now := time.Now()
	announce := ctx.Tick%announceEvery == 0 || now.Sub(s.announced) >= announceAfter
	due := ctx.Tick%uint64(p.Config.PresenceEvery) == 0
	clear(s.cells)
	s.players, s.playerMasks = s.players[:0], s.playerMasks[:0]
	all := 0
	q := s.filter.Query(ctx.World)
	for q.Next() {
		pl, pos, look := q.Get()
		all++
		sec := pos.Section()
		if announce {
			s.cells[cellOf(sec.X, sec.Z)] = struct{}{}
		}
		if !due {
			continue
		}
		if mask := remote.wantedBy(sec.X, sec.Z); mask != 0 {
			s.players = append(s.players, storage.PlayerRecord{Name: pl.Name, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch})
			s.playerMasks = append(s.playerMasks, mask)
		}
	}
	if announce {
		// Sorted: a message must not depend on map order (and an
		// unchanged interest compares equal at the receivers).
		s.announce.Interest = s.announce.Interest[:0]
		for c := range s.cells {
			s.announce.Interest = append(s.announce.Interest, c)
		}
		slices.SortFunc(s.announce.Interest, func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
		s.publishAnnounce()
		s.announced = now
	}
	if due {
		s.sendPresence(ctx, remote)
	}
	p.c.Sessions.SetPlayers(all)

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

// sendPresence sends every receiver the players and entities of this
// shard near its players (a delta of what it was sent before), and a
// farewell to those it sent to before that want none any more.
func (s *outboundSystem) sendPresence(ctx *ecs.Context, remote *remotePlayers) {
	p := s.p
	s.ents, s.entMasks = s.near.collect(ctx, remote, s.ents, s.entMasks)
	for i, to := range remote.receiverList() {
		bit := receiverBit(i)
		s.state.Players, s.state.Entities = s.state.Players[:0], s.state.Entities[:0]
		for k, m := range s.playerMasks {
			if m&bit != 0 {
				s.state.Players = append(s.state.Players, s.players[k])
			}
		}
		for k, m := range s.entMasks {
			if m&bit != 0 {
				s.state.Entities = append(s.state.Entities, s.ents[k])
			}
		}
		if len(s.state.Players) == 0 && len(s.state.Entities) == 0 {
			continue // nothing near its players: it is sent nothing
		}
		p.Stats.EntitiesOut.Add(uint64(len(s.state.Entities)))
		d := s.deltas[to]
		if d == nil {
			nd := newPresenceDeltas(p.c.Shard())
			d = &nd
			s.deltas[to] = d
		}
		d.tick = ctx.Tick
		s.publishPresence(to, d.next(ctx.Tick, &s.state))
	}
	// A shard no longer sent to (nothing of this one's stands near its
	// players any more, they left, or it went silent) gets one last
	// keyframe with nobody in it, and drops this one's players and
	// mirrors now.
	for to, d := range s.deltas {
		if d.tick != ctx.Tick {
			s.publishPresence(to, d.farewell(&s.state))
			delete(s.deltas, to)
		}
	}
}

// publishPresence sends shard to pr, this shard's presence or a delta of
// it.
func (s *outboundSystem) publishPresence(to string, pr *presence) {
	s.buf = appendPresence(s.buf[:0], pr)
	s.publish(s.p.subject(FamilyPresence, s.p.c.Shard(), to), FamilyPresence, s.buf)
}

// publishAnnounce publishes this shard's interest to every shard.
func (s *outboundSystem) publishAnnounce() {
	s.buf = appendPresence(s.buf[:0], &s.announce)
	s.publish(s.p.ownPresence, FamilyPresence, s.buf)
}

// stop tells every shard that this one is gone: the shards it sent
// players to drop them and its mirrors now, not after presenceTimeout,
// and the others stop sending it theirs.
func (s *outboundSystem) stop() {
	for to, d := range s.deltas {
		s.publishPresence(to, d.farewell(&s.state))
		delete(s.deltas, to)
	}
	s.announce.Interest = s.announce.Interest[:0]
	s.publishAnnounce()
}

func (s *outboundSystem) publish(subj, family string, data []byte) {
	if err := s.p.nc.Publish(subj, data); err != nil {
		s.p.log.Debug().Err(err).Str("subject", subj).Msg("publish failed")
		return
	}
	s.p.count(family, false, len(data))
}
