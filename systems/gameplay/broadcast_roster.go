package gameplay

import (
	"slices"
	"sort"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/systems/network"
)

// and a full control queue closes the client.
const rosterQueueRoom = 512

// rosterSystem keeps every client's list of players current: PlayerLeft
// and PlayerJoined as players come and go, and to each newcomer one
// PlayerJoined per player already present, paced over ticks so that a
// full server's roster cannot overflow the newcomer's control queue.
// Snapshot.Joined is set once a client has the whole list.
type rosterSystem struct {
	perTick int
	clients *network.Clients
	stats   *BroadcastStats
	filter  *generic.Filter3[components.Player, components.Connection, components.Snapshot]
	names   generic.Map1[components.Player]
	// progress of the rosters still being sent, by client id.
	progress map[uint64]*rosterProgress
	// joinedMsg caches each present player's PlayerJoined.
	joinedMsg map[uint64]wire.Encoded
	// fresh is the resource listing the clients whose roster completed
	// this tick (replication sends them every player near them at once).
	fresh *Roster

	present, newcomers, keys []uint64
	byID                     map[uint64]rosterClient
	leftIDs                  []uint64
	leftEnc, joinEnc         []wire.Encoded
}

// rosterProgress is a newcomer's roster: the ids present when it joined,
// sorted, and how many were sent. The newcomers of one tick share one
// list (a server's worth of newcomers each holding its own copy is
// quadratic: 200 MB for 5,000 at once), each skipping its own id.
type rosterProgress struct {
	ids  []uint64
	self uint64
	next int
}

// pending reports whether id is on the roster but not announced yet.
func (r *rosterProgress) pending(id uint64) bool {
	i := sort.Search(len(r.ids), func(i int) bool { return r.ids[i] >= id })
	return i >= r.next && i < len(r.ids) && r.ids[i] == id
}

func newRoster(cfg Config, w *ecs.World, clients *network.Clients, stats *BroadcastStats, fresh *Roster) *rosterSystem {
	return &rosterSystem{
		perTick: cfg.RosterPerTick, clients: clients, stats: stats,
		filter:   generic.NewFilter3[components.Player, components.Connection, components.Snapshot](),
		names:    generic.NewMap1[components.Player](w),
		progress: map[uint64]*rosterProgress{}, joinedMsg: map[uint64]wire.Encoded{},
		fresh: fresh, byID: map[uint64]rosterClient{},
	}
}

func (s *rosterSystem) run(ctx *ecs.Context) {
	s.fresh.fresh = s.fresh.fresh[:0]
	if len(s.clients.Left) == 0 && len(s.clients.Joined) == 0 && len(s.progress) == 0 {
		return // newcomers always appear in Clients.Joined
	}
	s.leftIDs, s.leftEnc, s.joinEnc = s.leftIDs[:0], s.leftEnc[:0], s.joinEnc[:0]
	for _, id := range s.clients.Left {
		delete(s.progress, id)
		delete(s.joinedMsg, id)
		s.leftIDs = append(s.leftIDs, id)
		s.leftEnc = append(s.leftEnc, encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_PlayerLeft{PlayerLeft: &protocol.PlayerLeft{EntityId: id}}}))
	}
	for _, id := range s.clients.Joined {
		if enc, ok := s.joined(id); ok {
			s.joinEnc = append(s.joinEnc, enc)
		}
	}
	s.present, s.newcomers = s.present[:0], s.newcomers[:0]
	clear(s.byID)
	q := s.filter.Query(ctx.World)
	for q.Next() {
		p, c, snap := q.Get()
		st := rosterClient{c, snap}
		s.present = append(s.present, p.ID)
		s.byID[p.ID] = st
		switch pr, ok := s.progress[p.ID]; {
		case snap.Joined:
			s.sendAll(st, s.leftEnc)
			s.sendAll(st, s.joinEnc)
		case ok:
			// Mid-roster: it knows the players announced so far and
			// those that joined after its list was taken, not the rest
			// of the list (a player who leaves from there is skipped).
			for i, id := range s.leftIDs {
				if !pr.pending(id) {
					s.sendAll(st, s.leftEnc[i:i+1])
				}
			}
			s.sendAll(st, s.joinEnc)
		default:
			s.newcomers = append(s.newcomers, p.ID)
		}
	}
	slices.Sort(s.present)
	if len(s.newcomers) > 0 {
		ids := slices.Clone(s.present)
		for _, id := range s.newcomers {
			s.progress[id] = &rosterProgress{ids: ids, self: id}
		}
	}
	s.keys = s.keys[:0]
	for id := range s.progress {
		s.keys = append(s.keys, id)
	}
	slices.Sort(s.keys)
	// In id order, so Roster.fresh is sorted.
	for _, id := range s.keys {
		s.advance(id, s.progress[id])
	}
}

// advance sends the next part of a newcomer's roster.
func (s *rosterSystem) advance(id uint64, pr *rosterProgress) {
	st, ok := s.byID[id]
	if !ok {
		delete(s.progress, id) // gone
		return
	}
	if st.Conn != nil {
		budget := min(s.perTick, rosterQueueRoom-st.Conn.Queued().ControlMessages)
		for ; budget > 0 && pr.next < len(pr.ids); pr.next++ {
			if pr.ids[pr.next] == pr.self {
				continue
			}
			enc, ok := s.joined(pr.ids[pr.next])
			if !ok {
				continue // left meanwhile
			}
			st.Conn.SendEncoded(enc)
			s.stats.Roster++
			budget--
		}
		if pr.next < len(pr.ids) && pr.ids[pr.next] == pr.self {
			pr.next++ // not news to itself, nor worth a tick
		}
		if pr.next < len(pr.ids) {
			return
		}
	}
	st.snap.Joined = true
	s.fresh.fresh = append(s.fresh.fresh, id)
	delete(s.progress, id)
}

// joined returns the PlayerJoined of present player id.
func (s *rosterSystem) joined(id uint64) (wire.Encoded, bool) {
	if enc, ok := s.joinedMsg[id]; ok {
		return enc, true
	}
	e, ok := s.clients.Entity(id)
	if !ok {
		return wire.Encoded{}, false
	}
	enc := encode(&protocol.ServerMessage{Kind: &protocol.ServerMessage_PlayerJoined{PlayerJoined: &protocol.PlayerJoined{
		EntityId: id, Name: s.names.Get(e).Name,
	}}})
	s.joinedMsg[id] = enc
	return enc, true
}

func (s *rosterSystem) sendAll(st rosterClient, msgs []wire.Encoded) {
	if st.Conn == nil {
		return
	}
	for _, enc := range msgs {
		st.Conn.SendEncoded(enc)
		s.stats.Roster++
	}
}

// rosterClient is a present client: its connection and whether it has
// the roster.
type rosterClient struct {
	*components.Connection
	snap *components.Snapshot
}

// encode frames a small control message once, to share between clients.
func encode(m *protocol.ServerMessage) wire.Encoded {
	enc, err := wire.EncodeControl(m)
	if err != nil {
		panic(err) // only messages far below the cap are encoded here
	}
	return enc
}
