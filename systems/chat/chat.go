// Package chat is the plugin of chat lines: each line a client sends is a
// ChatIntent that plugins ordered before SystemBroadcast may veto (the
// commands plugin consumes the ones starting with "/"); the rest are
// broadcast to every client with the sender's name.
package chat

import (
	"fmt"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/internal/ratelimit"
	"github.com/stratavox/strata/systems/network"
)

// Names of the chat plugin and its system.
const (
	PluginName = "chat"
	// SystemBroadcast (deliver, after the roster) broadcasts the lines
	// no plugin cancelled.
	SystemBroadcast = "broadcast_chat"
)

// Config configures the chat plugin.
type Config struct {
	// Limits are the chat limits, the same value the transport enforces
	// (zero fields take wire.ChatLimits' defaults).
	Limits wire.ChatLimits
	// TPS is the server's tick rate, for the rate limit; 0 means 20.
	TPS float64
}

// Intent is one chat line a client sent this tick, emitted by ingest in
// arrival order. A system ordered before SystemBroadcast may Cancel it:
// with a reason, the sender is told that reason in a system line; without
// one (a command that consumed the line) nothing is said.
type Intent struct {
	ecs.Veto
	From network.Sender
	Name string
	Text string
}

// Relayed is a chat line said elsewhere (on another server of a cluster),
// already limited and vetoed there: a system ordered before
// SystemBroadcast emits it and broadcast_chat sends it to every client
// with the local lines.
type Relayed struct {
	From, Text string
}

// Stats counts the plugin's work, for metrics.
type Stats struct {
	// Broadcast counts lines broadcast; Refused those dropped for length
	// or rate; Vetoed those a plugin cancelled.
	Broadcast, Refused, Vetoed uint64
}

// Plugin is the chat plugin. It adds the Intent queue and Stats.
type Plugin struct {
	Config Config
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the network plugin (clients, routing) and gameplay
// (its roster, which goes first).
func (*Plugin) Dependencies() []string { return []string{network.PluginName, gameplay.PluginName} }

// Build adds the route of Chat messages, the Intent queue and the
// broadcast system.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := p.Config
	cfg.Limits = cfg.Limits.WithDefaults()
	if cfg.TPS <= 0 {
		cfg.TPS = 20
	}
	intents := ecs.AddEvents[Intent](app)
	relayed := ecs.AddEvents[Relayed](app)
	stats := &Stats{}
	ecs.AddResource(app, stats)
	clients := ecs.RequireResource[network.Clients](app)
	w := app.World()
	players := generic.NewMap1[components.Player](w)
	network.Handle(app, PluginName, func(_ *ecs.Context, from network.Sender, m *protocol.ClientMessage_Chat) {
		intents.Emit(Intent{From: from, Name: players.Get(from.Entity).Name, Text: m.Chat.GetText()})
	})
	s := &broadcastSystem{
		intents: intents, relayed: relayed, clients: clients, stats: stats,
		maxLen: cfg.Limits.MaxLength, perTick: cfg.Limits.PerSecond / cfg.TPS, burst: float64(cfg.Limits.Burst),
		buckets: map[uint64]*ratelimit.Bucket{},
		filter:  generic.NewFilter1[components.Connection](),
	}
	app.AddSystem(ecs.Deliver, SystemBroadcast, s.run, ecs.After(gameplay.SystemRoster))
	return nil
}

// broadcastSystem broadcasts this tick's chat lines to every client, with
// the sender's entity id and name. The QUIC transport already refuses
// over-long and over-rate chat; the limits are enforced again here,
// cheaply, for synthetic and replayed clients that do not pass through it.
type broadcastSystem struct {
	intents        *ecs.Events[Intent]
	relayed        *ecs.Events[Relayed]
	clients        *network.Clients
	stats          *Stats
	maxLen         int
	perTick, burst float64
	buckets        map[uint64]*ratelimit.Bucket // by sender id
	filter         *generic.Filter1[components.Connection]
	enc            []wire.Encoded
}

func (s *broadcastSystem) run(ctx *ecs.Context) {
	for _, id := range s.clients.Left {
		delete(s.buckets, id)
	}
	if s.intents.Len() == 0 && s.relayed.Len() == 0 {
		return
	}
	s.enc = s.enc[:0]
	for i := range s.intents.Items() {
		l := &s.intents.Items()[i]
		if vetoed, reason := l.Cancelled(); vetoed {
			s.stats.Vetoed++
			if reason != "" {
				System(l.From.Conn, "not sent: "+reason)
			}
			continue
		}
		if code, reason := s.refuse(ctx.Tick, l); reason != "" {
			s.stats.Refused++
			if l.From.Conn != nil {
				l.From.Conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: code, Message: reason}}})
			}
			continue
		}
		enc, err := wire.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{
			FromEntity: l.From.ID, From: l.Name, Text: strings.ToValidUTF8(l.Text, "\uFFFD"),
		}}})
		if err != nil {
			continue // cannot happen below the length limit
		}
		s.enc = append(s.enc, enc)
		s.stats.Broadcast++
	}
	for _, l := range s.relayed.Items() {
		if enc, err := wire.EncodeControl(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{
			From: l.From, Text: strings.ToValidUTF8(l.Text, "\uFFFD"),
		}}}); err == nil {
			s.enc = append(s.enc, enc)
		}
	}
	if len(s.enc) == 0 {
		return
	}
	q := s.filter.Query(ctx.World)
	for q.Next() {
		c := q.Get()
		if c.Conn == nil {
			continue
		}
		for _, enc := range s.enc {
			c.Conn.SendEncoded(enc)
		}
	}
}

// refuse returns why line l may not be broadcast, or "".
func (s *broadcastSystem) refuse(now uint64, l *Intent) (protocol.ErrorCode, string) {
	if n := len(l.Text); n == 0 || n > s.maxLen {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, fmt.Sprintf("chat text must be 1..%d bytes, got %d", s.maxLen, n)
	}
	b, ok := s.buckets[l.From.ID]
	if !ok {
		b = ratelimit.New(s.burst, now)
		s.buckets[l.From.ID] = b
	}
	if !b.Take(now, s.perTick, s.burst) {
		return protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, "too much chat; message dropped"
	}
	return 0, ""
}

// System sends one client a system chat line (a server message, no
// sender), reporting false when its queue refused it.
func System(conn components.Conn, text string) bool {
	if conn == nil {
		return false
	}
	return conn.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{Text: text, System: true}}})
}
