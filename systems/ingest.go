package systems

import (
	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	secs "github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// ingestSystem drains the inbound events: it spawns a client's entity once
// its player record is loaded, routes its messages to its components, and
// despawns it when it leaves.
type ingestSystem struct {
	cfg     NetworkConfig
	clients *Clients
	loader  *playerLoader
	dur     *Durability
	log     zerolog.Logger

	events  []InEvent
	loads   []playerLoad
	joining map[uint64]bool
	// chat lines received this tick, broadcast by the deliver stage.
	chat *ChatQueue

	inbox   generic.Map1[components.Inbox]
	follow  generic.Map1[components.Follow]
	players generic.Map4[components.Player, components.Position, components.Look, components.Follow]
	mapsFor *ecs.World
}

// ChatLine is one chat message to broadcast.
type ChatLine struct {
	From uint64
	Name string
	Text string
}

// ChatQueue holds the chat lines received this tick.
type ChatQueue struct{ Lines []ChatLine }

func newIngest(cfg NetworkConfig, clients *Clients, loader *playerLoader, dur *Durability, log zerolog.Logger) *ingestSystem {
	return &ingestSystem{cfg: cfg, clients: clients, loader: loader, dur: dur, log: log, joining: map[uint64]bool{}, chat: &ChatQueue{}}
}

func (s *ingestSystem) maps(w *ecs.World) {
	if s.mapsFor == w {
		return
	}
	s.inbox = generic.NewMap1[components.Inbox](w)
	s.follow = generic.NewMap1[components.Follow](w)
	s.players = generic.NewMap4[components.Player, components.Position, components.Look, components.Follow](w)
	s.mapsFor = w
}

func (s *ingestSystem) run(ctx *secs.Context) {
	s.maps(ctx.World)
	s.clients.Left = s.clients.Left[:0]
	s.clients.Joined = s.clients.Joined[:0]
	s.chat.Lines = s.chat.Lines[:0]
	s.events = s.cfg.Source.Drain(s.events[:0])
	for i := range s.events {
		ev := &s.events[i]
		switch ev.Kind {
		case transport.Connected:
			s.connect(ev)
		case transport.Message:
			s.message(ctx, ev)
		case transport.Disconnected:
			s.disconnect(ctx, ev)
		}
		*ev = InEvent{}
	}
	s.loads = s.loader.drain(s.loads[:0])
	for i := range s.loads {
		s.admit(ctx, &s.loads[i])
		s.loads[i] = playerLoad{}
	}
}

func (s *ingestSystem) connect(ev *InEvent) {
	if _, dup := s.clients.byID[ev.ID]; dup || s.joining[ev.ID] {
		ev.Conn.Reject(protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, "client id already connected")
		return
	}
	if !s.loader.request(*ev) {
		ev.Conn.Reject(protocol.ErrorCode_ERROR_CODE_SERVER_FULL, "too many players joining at once")
		return
	}
	s.joining[ev.ID] = true
}

// admit spawns the entity of a client whose record lookup finished.
func (s *ingestSystem) admit(ctx *secs.Context, l *playerLoad) {
	ev := l.ev
	if !s.joining[ev.ID] {
		return // left while its record was loading
	}
	delete(s.joining, ev.ID)
	if l.err != nil {
		s.log.Error().Err(l.err).Str("player", ev.Name).Msg("player record unreadable; refusing")
		ev.Conn.Reject(protocol.ErrorCode_ERROR_CODE_INTERNAL, "player record unreadable")
		return
	}
	pos := s.cfg.Spawn
	look := components.Look{}
	radius := clampView(ev.ViewDistance, s.cfg.MaxViewDistance)
	if l.found {
		pos = components.Position{X: l.record.X, Y: l.record.Y, Z: l.record.Z}
		look = components.Look{Yaw: l.record.Yaw, Pitch: l.record.Pitch}
	}
	id := ev.ID
	if !ev.Conn.Accept(transport.Admission{EntityID: id, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch, Tick: ctx.Tick}) {
		return // gone meanwhile; its Disconnected event follows
	}
	f := components.Follow{Radius: radius, Slack: s.cfg.Slack}
	view := components.View{Center: pos.Section()}
	ctx.Commands.Spawn(func(e secs.Entity) { s.clients.byID[id] = e },
		components.Player{ID: id, Name: ev.Name}, pos, look, components.Velocity{}, view, f,
		components.Stream{Conn: ev.Conn},
		components.Movement{LastInputAt: ctx.Tick},
		components.Inbox{}, components.Snapshot{},
	)
	s.clients.Joined = append(s.clients.Joined, id)
	s.log.Info().Uint64("client", id).Str("player", ev.Name).Bool("returning", l.found).
		Float64("x", pos.X).Float64("y", pos.Y).Float64("z", pos.Z).Int("view", radius).Msg("player joined")
}

func clampView(v, limit int) int { return max(1, min(v, limit)) }

func (s *ingestSystem) message(ctx *secs.Context, ev *InEvent) {
	e, ok := s.clients.byID[ev.ID]
	if !ok || !ctx.World.Alive(e) {
		return // before admission, or already leaving
	}
	switch m := ev.Msg.GetKind().(type) {
	case *protocol.ClientMessage_Input:
		in := s.inbox.Get(e)
		in.Inputs = append(in.Inputs, m.Input)
	case *protocol.ClientMessage_BreakBlock, *protocol.ClientMessage_PlaceBlock:
		in := s.inbox.Get(e)
		in.Actions = append(in.Actions, ev.Msg)
	case *protocol.ClientMessage_Subscribe:
		s.follow.Get(e).Radius = clampView(int(m.Subscribe.GetViewDistance()), s.cfg.MaxViewDistance)
	case *protocol.ClientMessage_Chat:
		p, _, _, _ := s.players.Get(e)
		s.chat.Lines = append(s.chat.Lines, ChatLine{From: ev.ID, Name: p.Name, Text: m.Chat.GetText()})
	}
}

func (s *ingestSystem) disconnect(ctx *secs.Context, ev *InEvent) {
	delete(s.joining, ev.ID)
	e, ok := s.clients.byID[ev.ID]
	if !ok {
		return
	}
	delete(s.clients.byID, ev.ID)
	s.clients.Left = append(s.clients.Left, ev.ID)
	if ctx.World.Alive(e) {
		p, pos, look, f := s.players.Get(e)
		s.dur.SavePlayer(recordOf(p, pos, look, f))
		s.log.Info().Uint64("client", ev.ID).Str("player", p.Name).Str("code", ev.Code.String()).Msg("player left")
	}
	ctx.Commands.Despawn(e)
}
