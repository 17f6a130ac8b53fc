package network

import (
	"errors"
	"fmt"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/persist"
)

// ingestSystem drains the inbound events: it spawns a client's entity once
// its player record is loaded, hands each of its messages to the plugin
// that serves the message's kind (Router), and despawns it when it leaves.
type ingestSystem struct {
	cfg     Config
	clients *Clients
	router  *Router
	loader  *playerLoader
	dur     *persist.Durability
	log     zerolog.Logger

	events  []InEvent
	pooled  []*wire.InputMessage // last tick's, released at this one's start
	loads   []playerLoad
	joining map[uint64]bool

	// console is the ConsoleLine queue, found on first use: the commands
	// plugin adds it in its Build, and without it a console line has no
	// reader.
	console *ecs.Events[ConsoleLine]
	// subscribed is added on the first Subscribe (Subscribed).
	subscribed *ecs.Events[Subscribed]

	follow  generic.Map1[components.Follow]
	players generic.Map3[components.Player, components.Position, components.Look]
	mapsFor *ecs.World
}

func newIngest(cfg Config, clients *Clients, router *Router, loader *playerLoader, dur *persist.Durability, log zerolog.Logger) *ingestSystem {
	return &ingestSystem{cfg: cfg, clients: clients, router: router, loader: loader, dur: dur, log: log, joining: map[uint64]bool{}}
}

func (s *ingestSystem) maps(w *ecs.World) {
	if s.mapsFor == w {
		return
	}
	s.follow = generic.NewMap1[components.Follow](w)
	s.players = generic.NewMap3[components.Player, components.Position, components.Look](w)
	s.mapsFor = w
}

func (s *ingestSystem) run(ctx *ecs.Context) {
	s.maps(ctx.World)
	s.clients.Left = s.clients.Left[:0]
	s.clients.Joined = s.clients.Joined[:0]
	wire.ReleaseAll(s.pooled)
	clear(s.pooled)
	s.pooled = s.pooled[:0]
	s.events = s.cfg.Source.Drain(s.events[:0])
	for i := range s.events {
		ev := &s.events[i]
		if ev.Pooled != nil {
			s.pooled = append(s.pooled, ev.Pooled)
		}
		switch ev.Kind {
		case wire.Connected:
			s.connect(ev)
		case wire.Message:
			s.message(ctx, ev)
		case wire.Disconnected:
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
	if ev.ID == ConsoleID {
		ev.Conn.Reject(protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, "client id 0 is the console's")
		return
	}
	if _, dup := s.clients.Entity(ev.ID); dup || s.joining[ev.ID] {
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
func (s *ingestSystem) admit(ctx *ecs.Context, l *playerLoad) {
	ev := l.ev
	if !s.joining[ev.ID] {
		s.release(l, ev.Name) // left while its record was loading
		return
	}
	delete(s.joining, ev.ID)
	if errors.Is(l.err, ErrNameElsewhere) {
		s.log.Info().Err(l.err).Str("player", ev.Name).Msg("name connected to another server; refusing")
		ev.Conn.Reject(protocol.ErrorCode_ERROR_CODE_NAME_TAKEN, l.err.Error())
		return
	}
	if l.err != nil {
		s.release(l, ev.Name)
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
	follow := components.Follow{Radius: radius, Slack: s.cfg.Slack}
	if s.cfg.SpreadRecentres {
		follow.Phase = viewPhase(id)
	}
	if !ev.Conn.Accept(wire.Admission{EntityID: id, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch, Tick: ctx.Tick, ViewDistance: uint32(radius)}) {
		s.release(l, ev.Name)
		return // gone meanwhile; its Disconnected event follows
	}
	// A fresh list each time: Spawn is deferred and keeps it.
	comps := []any{
		components.Player{ID: id, Name: ev.Name}, pos, look, components.Velocity{},
		components.View{Center: pos.Section()}, follow,
		components.Connection{Conn: ev.Conn}, components.Delivery{},
	}
	for _, mk := range s.clients.extra {
		comps = append(comps, mk(ctx.Tick))
	}
	ctx.Commands.Spawn(func(e ecs.Entity) { s.clients.set(id, e) }, comps...)
	s.dur.AdmitPlayerData(l.data)
	s.clients.Joined = append(s.clients.Joined, id)
	s.log.Info().Uint64("client", id).Str("player", ev.Name).Bool("returning", l.found).
		Float64("x", pos.X).Float64("y", pos.Y).Float64("z", pos.Z).Int("view", radius).Msg("player joined")
}

// message routes one control message of an admitted client.
func (s *ingestSystem) message(ctx *ecs.Context, ev *InEvent) {
	if ev.ID == ConsoleID {
		s.consoleLine(ctx, ev)
		return
	}
	e, ok := s.clients.Entity(ev.ID)
	if !ok || !ctx.World.Alive(e) {
		return // before admission, or already leaving
	}
	if !s.router.dispatch(ctx, Sender{Entity: e, ID: ev.ID, Conn: ev.Conn}, ev.Msg) {
		warn(ev.Conn, protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE,
			fmt.Sprintf("message kind %T is not served by this server", ev.Msg.GetKind()))
	}
}

// consoleLine emits the ConsoleLine of a console message (a Chat; the
// console sends nothing else).
func (s *ingestSystem) consoleLine(ctx *ecs.Context, ev *InEvent) {
	c := ev.Msg.GetChat()
	if c == nil {
		s.log.Warn().Str("kind", fmt.Sprintf("%T", ev.Msg.GetKind())).Msg("console message is not a chat line; ignored")
		return
	}
	if s.console == nil {
		s.console = ecs.AddEvents[ConsoleLine](ctx.App)
	}
	s.console.Emit(ConsoleLine{Text: c.GetText(), Conn: ev.Conn})
}

// subscribe changes a client's view distance (the network plugin serves
// Subscribe itself: the view is its component).
func (s *ingestSystem) subscribe(ctx *ecs.Context, from Sender, m *protocol.ClientMessage_Subscribe) {
	s.follow.Get(from.Entity).Radius = clampView(int(m.Subscribe.GetViewDistance()), s.cfg.MaxViewDistance)
	if s.subscribed == nil {
		s.subscribed = ecs.AddEvents[Subscribed](ctx.App)
	}
	s.subscribed.Emit(Subscribed{From: from, Msg: m.Subscribe})
}

// Subscribed is a Subscribe a client sent this tick, after the network
// plugin applied its view distance: for plugins that serve the rest of
// it (the LOD plugin's lod_levels).
type Subscribed struct {
	From Sender
	Msg  *protocol.Subscribe
}

func (s *ingestSystem) disconnect(ctx *ecs.Context, ev *InEvent) {
	delete(s.joining, ev.ID)
	e, ok := s.clients.Entity(ev.ID)
	if !ok {
		return
	}
	s.clients.remove(ev.ID)
	s.clients.Left = append(s.clients.Left, ev.ID)
	if ctx.World.Alive(e) {
		p, pos, look := s.players.Get(e)
		s.dur.SavePlayer(recordOf(p, pos, look))
		s.dur.EvictPlayerData(p.Name)
		if sess := s.cfg.Sessions; sess != nil {
			// Released once the record of leaving is durable, so the
			// server the player joins next reads where they left.
			name := p.Name
			s.dur.AfterDurable(func() { sess.Release(name) })
		}
		s.log.Info().Uint64("client", ev.ID).Str("player", p.Name).Str("code", ev.Code.String()).Msg("player left")
	}
	ctx.Commands.Despawn(e)
}

// release gives back the name a load claimed for a client that is not
// staying.
func (s *ingestSystem) release(l *playerLoad, name string) {
	if l.claimed && s.cfg.Sessions != nil {
		s.cfg.Sessions.Release(name)
	}
}

// warner is a connection that rate-limits its Error replies to dropped
// messages (the transport's Client.Warn).
type warner interface {
	Warn(code protocol.ErrorCode, text string) bool
}

// warn tells a client, with a non-fatal Error, that a message of its was
// dropped: through the connection's reply budget when it has one, so a
// client sending what is dropped cannot make the server write as much
// back (docs/protocol.md §8), else directly (test and replay stand-ins).
func warn(conn components.Conn, code protocol.ErrorCode, text string) {
	if w, ok := conn.(warner); ok {
		w.Warn(code, text)
		return
	}
	conn.Send(errorMsg(code, text))
}

// errorMsg is a non-fatal Error for a client.
func errorMsg(code protocol.ErrorCode, reason string) *protocol.ServerMessage {
	return &protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: code, Message: reason}}}
}

// viewPhase is client id's view Phase (Config.SpreadRecentres): the
// id's bits mixed (ids count up from one), so that any Slack's phases
// come evenly.
func viewPhase(id uint64) uint32 {
	id ^= id >> 33
	id *= 0xff51afd7ed558ccd
	id ^= id >> 33
	return uint32(id >> 32)
}
