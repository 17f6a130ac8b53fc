package systems

import (
	"fmt"
	"strings"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

// chatSystem broadcasts this tick's chat lines (ChatQueue, filled by
// ingest) to every client, with the sender's entity id and name. The QUIC
// transport already refuses over-long and over-rate chat; the limits are
// enforced again here, cheaply, for synthetic and replayed clients that do
// not pass through it.
type chatSystem struct {
	queue          *ChatQueue
	clients        *Clients
	stats          *BroadcastStats
	maxLen         int
	perTick, burst float64
	buckets        map[uint64]*tickBucket // by sender id
	filter         *generic.Filter1[components.Stream]
	streams        generic.Map1[components.Stream]
	enc            []transport.Encoded
}

func newChat(cfg GameplayConfig, w *ecs.World, queue *ChatQueue, clients *Clients, stats *BroadcastStats) *chatSystem {
	return &chatSystem{
		queue: queue, clients: clients, stats: stats,
		maxLen: cfg.ChatMaxLen, perTick: cfg.ChatPerSecond / cfg.Limits.TPS, burst: float64(cfg.ChatBurst),
		buckets: map[uint64]*tickBucket{},
		filter:  generic.NewFilter1[components.Stream](),
		streams: generic.NewMap1[components.Stream](w),
	}
}

func (s *chatSystem) run(ctx *ecs.Context) {
	for _, id := range s.clients.Left {
		delete(s.buckets, id)
	}
	if len(s.queue.Lines) == 0 {
		return
	}
	s.enc = s.enc[:0]
	for _, l := range s.queue.Lines {
		if code, reason := s.refuse(ctx.Tick, l); reason != "" {
			s.stats.ChatRefused++
			s.warn(l.From, code, reason)
			continue
		}
		s.enc = append(s.enc, encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{
			FromEntity: l.From, From: l.Name, Text: strings.ToValidUTF8(l.Text, "\uFFFD"),
		}}}))
		s.stats.Chat++
	}
	if len(s.enc) == 0 {
		return
	}
	q := s.filter.Query(ctx.World)
	for q.Next() {
		st := q.Get()
		if st.Conn == nil {
			continue
		}
		for _, enc := range s.enc {
			st.Conn.SendEncoded(enc)
		}
	}
}

// refuse returns why line l may not be broadcast, or "".
func (s *chatSystem) refuse(now uint64, l ChatLine) (protocol.ErrorCode, string) {
	if n := len(l.Text); n == 0 || n > s.maxLen {
		return protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, fmt.Sprintf("chat text must be 1..%d bytes, got %d", s.maxLen, n)
	}
	b, ok := s.buckets[l.From]
	if !ok {
		b = newTickBucket(s.burst, now)
		s.buckets[l.From] = b
	}
	if !b.take(now, s.perTick, s.burst) {
		return protocol.ErrorCode_ERROR_CODE_RATE_LIMITED, "too much chat; message dropped"
	}
	return 0, ""
}

// warn tells the sender its line was dropped, as the transport would: a
// non-fatal Error.
func (s *chatSystem) warn(id uint64, code protocol.ErrorCode, reason string) {
	e, ok := s.clients.Entity(id)
	if !ok {
		return
	}
	send(s.streams.Get(e), &protocol.ServerMessage{Kind: &protocol.ServerMessage_Error{Error: &protocol.Error{Code: code, Message: reason}}})
}
