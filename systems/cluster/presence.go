package cluster

import (
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// presenceTimeout is how long a shard may stay silent before its players
// are taken off this one's view (it crashed, or the network split).
const presenceTimeout = 2 * time.Second

// remoteIDBase sets the bit that keeps the wire ids of other shards'
// players apart from this shard's clients and plugin entities.
const remoteIDBase = 1 << 61

// presence is one shard's players at one tick, each as its record would
// keep it, and the entities it simulates near other shards' players.
type presence struct {
	Shard    string                 `json:"shard"`
	Players  []storage.PlayerRecord `json:"players"`
	Entities []entityState          `json:"entities,omitempty"`
}

// remotePlayer marks the entity standing for a player of another shard.
type remotePlayer struct {
	Shard, Name string
}

// onPresence (a NATS goroutine) queues another shard's players.
func (p *Plugin) onPresence(m *nats.Msg) {
	if m.Subject == p.ownPresence {
		return // this shard's own (a connection without NoEcho)
	}
	p.count(FamilyPresence, true, len(m.Data))
	pr, err := decodePresence(m.Data)
	if err != nil {
		p.log.Debug().Err(err).Str("subject", m.Subject).Msg("presence dropped")
		return
	}
	if pr.Shard == p.c.Shard() {
		return
	}
	p.in.put(func(b *inbox) { b.presence = append(b.presence, pr) })
}

type remoteKey struct{ shard, name string }

// mirrorKey is an entity of another shard: its shard and its id there.
type mirrorKey struct {
	shard string
	id    uint64
}

// remotePlayers keeps an entity for every player of another shard, and a
// mirror of each entity another shard publishes, with the components
// replicate_entities sends to the clients that see them.
type remotePlayers struct {
	byKey    map[remoteKey]ecs.Entity
	spawning map[remoteKey]bool
	mirrors  map[mirrorKey]ecs.Entity
	pending  map[mirrorKey]bool   // mirrors spawned, not yet applied
	heard    map[string]time.Time // last presence of each shard
	latest   map[string]*presence // this tick's, by shard (reused)
	listed   map[string]bool      // names in one shard's latest (reused)
	ids      map[uint64]bool      // entity ids in one shard's latest (reused)
	empty    presence
	next     uint64
	place    generic.Map2[components.Position, components.Look]
	init     bool
}

// mirror marks the entity standing for an entity another shard simulates.
type mirror struct {
	Shard string
	ID    uint64
}

func newRemotePlayers(*ecs.App) *remotePlayers {
	return &remotePlayers{byKey: map[remoteKey]ecs.Entity{}, spawning: map[remoteKey]bool{}, heard: map[string]time.Time{},
		mirrors: map[mirrorKey]ecs.Entity{}, pending: map[mirrorKey]bool{},
		latest: map[string]*presence{}, listed: map[string]bool{}, ids: map[uint64]bool{}}
}

func (r *remotePlayers) len() int { return len(r.byKey) }

// appendPositions appends the positions of the other shards' players.
func (r *remotePlayers) appendPositions(w *ecs.World, dst []components.Position) []components.Position {
	for _, e := range r.byKey {
		if w.Alive(e) {
			p, _ := r.place.Get(e)
			dst = append(dst, *p)
		}
	}
	return dst
}

// apply moves, spawns and despawns the entities of other shards' players
// after their latest states; a shard's states replace all its earlier
// ones, so a player it no longer lists has left it.
func (r *remotePlayers) apply(ctx *ecs.Context, states []presence) {
	if !r.init {
		r.place = generic.NewMap2[components.Position, components.Look](ctx.World)
		r.init = true
	}
	now := time.Now()
	clear(r.latest)
	for i := range states {
		r.latest[states[i].Shard] = &states[i]
		r.heard[states[i].Shard] = now
	}
	for shard, pr := range r.latest {
		r.applyShard(ctx, shard, pr)
	}
	for shard, t := range r.heard {
		if now.Sub(t) >= presenceTimeout {
			// Silent: it lists nobody any more.
			delete(r.heard, shard)
			r.applyShard(ctx, shard, &r.empty)
		}
	}
}

// move puts entity e (a remote player or a mirror) at pos, looking look.
func (r *remotePlayers) move(ctx *ecs.Context, e ecs.Entity, pos components.Position, look components.Look) {
	if ctx.World.Alive(e) {
		p, l := r.place.Get(e)
		*p, *l = pos, look
	}
}

// applyShard makes shard's players and mirrors those of its latest
// presence pr.
func (r *remotePlayers) applyShard(ctx *ecs.Context, shard string, pr *presence) {
	clear(r.listed)
	for _, ps := range pr.Players {
		r.listed[ps.Name] = true
		k := remoteKey{shard, ps.Name}
		pos := components.Position{X: ps.X, Y: ps.Y, Z: ps.Z}
		look := components.Look{Yaw: ps.Yaw, Pitch: ps.Pitch}
		if e, ok := r.byKey[k]; ok {
			r.move(ctx, e, pos, look)
			continue
		}
		if r.spawning[k] {
			continue
		}
		r.spawning[k] = true
		r.next++
		ctx.Commands.Spawn(func(e ecs.Entity) {
			delete(r.spawning, k)
			r.byKey[k] = e
		},
			entities.Replicated{Kind: entities.KindPlayer, ID: remoteIDBase | r.next, Name: ps.Name},
			pos, look, components.Velocity{}, entities.PlayerBody, entities.Attributes{},
			remotePlayer{Shard: shard, Name: ps.Name})
	}
	for k, e := range r.byKey {
		if k.shard == shard && !r.listed[k.name] {
			ctx.Commands.Despawn(e)
			delete(r.byKey, k)
		}
	}
	r.applyMirrors(ctx, shard, pr.Entities)
}

// applyMirrors makes shard's mirrors its latest entities: moved, spawned,
// and despawned when it no longer publishes them (they left the area
// near this shard's players, or their region changed hands).
func (r *remotePlayers) applyMirrors(ctx *ecs.Context, shard string, states []entityState) {
	clear(r.ids)
	for i := range states {
		st := &states[i]
		r.ids[st.ID] = true
		k := mirrorKey{shard, st.ID}
		pos := components.Position{X: st.X, Y: st.Y, Z: st.Z}
		look := components.Look{Yaw: st.Yaw, Pitch: st.Pitch}
		if e, ok := r.mirrors[k]; ok {
			r.move(ctx, e, pos, look)
			continue
		}
		if r.pending[k] || !entities.ValidKind(st.Kind) || !(st.Width > 0 && st.Height > 0) {
			continue
		}
		r.pending[k] = true
		r.next++
		ctx.Commands.Spawn(func(e ecs.Entity) {
			delete(r.pending, k)
			r.mirrors[k] = e
		},
			entities.Replicated{Kind: st.Kind, ID: remoteIDBase | r.next},
			pos, look, components.Velocity{}, entities.Body{Width: st.Width, Height: st.Height},
			entities.Attributes{List: st.Attrs}, mirror{Shard: shard, ID: st.ID})
	}
	for k, e := range r.mirrors {
		if k.shard == shard && !r.ids[k.id] {
			ctx.Commands.Despawn(e)
			delete(r.mirrors, k)
		}
	}
}
