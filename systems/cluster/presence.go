package cluster

import (
	"encoding/json"
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
// keep it.
type presence struct {
	Shard   string                 `json:"shard"`
	Players []storage.PlayerRecord `json:"players"`
}

// remotePlayer marks the entity standing for a player of another shard.
type remotePlayer struct {
	Shard, Name string
}

// onPresence (a NATS goroutine) queues another shard's players.
func (p *Plugin) onPresence(m *nats.Msg) {
	p.count(FamilyPresence, true, len(m.Data))
	var pr presence
	if err := json.Unmarshal(m.Data, &pr); err != nil || pr.Shard == p.c.Shard() {
		return
	}
	p.in.put(func(b *inbox) { b.presence = append(b.presence, pr) })
}

type remoteKey struct{ shard, name string }

// remotePlayers keeps an entity for every player of another shard, with
// the components replicate_entities sends to the clients that see it.
type remotePlayers struct {
	byKey    map[remoteKey]ecs.Entity
	spawning map[remoteKey]bool
	heard    map[string]time.Time // last presence of each shard
	latest   map[string]*presence // this tick's, by shard (reused)
	listed   map[string]bool      // names in one shard's latest (reused)
	next     uint64
	pos      generic.Map3[components.Position, components.Look, remotePlayer]
	init     bool
}

func newRemotePlayers(*ecs.App) *remotePlayers {
	return &remotePlayers{byKey: map[remoteKey]ecs.Entity{}, spawning: map[remoteKey]bool{}, heard: map[string]time.Time{},
		latest: map[string]*presence{}, listed: map[string]bool{}}
}

func (r *remotePlayers) len() int { return len(r.byKey) }

// apply moves, spawns and despawns the entities of other shards' players
// after their latest states; a shard's states replace all its earlier
// ones, so a player it no longer lists has left it.
func (r *remotePlayers) apply(ctx *ecs.Context, states []presence) {
	if !r.init {
		r.pos = generic.NewMap3[components.Position, components.Look, remotePlayer](ctx.World)
		r.init = true
	}
	now := time.Now()
	clear(r.latest)
	for i := range states {
		r.latest[states[i].Shard] = &states[i]
		r.heard[states[i].Shard] = now
	}
	for shard, pr := range r.latest {
		clear(r.listed)
		for _, ps := range pr.Players {
			r.listed[ps.Name] = true
			k := remoteKey{shard, ps.Name}
			pos := components.Position{X: ps.X, Y: ps.Y, Z: ps.Z}
			look := components.Look{Yaw: ps.Yaw, Pitch: ps.Pitch}
			if e, ok := r.byKey[k]; ok {
				if ctx.World.Alive(e) {
					p, l, _ := r.pos.Get(e)
					*p, *l = pos, look
				}
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
	}
	for shard, t := range r.heard {
		if now.Sub(t) < presenceTimeout {
			continue
		}
		delete(r.heard, shard)
		for k, e := range r.byKey {
			if k.shard == shard {
				ctx.Commands.Despawn(e)
				delete(r.byKey, k)
			}
		}
	}
}
