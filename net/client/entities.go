package client

import (
	"cmp"
	"maps"
	"slices"

	"github.com/stratavox/strata/net/protocol"
)

// KindPlayer is the kind of a player's entity (EntitySpawn.kind): its id is
// the PlayerJoined entity_id and its Name the player's name.
const KindPlayer = "strata:player"

// Vec3 is a position or velocity in blocks (per second).
type Vec3 struct{ X, Y, Z float64 }

// Entity is a replicated entity as the client holds it (feature
// "entities"): what its EntitySpawn said, moved by the PlayerState
// datagrams that followed. Values returned by Conn are copies.
type Entity struct {
	// ID is the entity's id for this session; a player's is its
	// PlayerJoined entity_id.
	ID uint64
	// Kind is "namespace:name", KindPlayer for players.
	Kind string
	// Name is the name tag (players); empty for none.
	Name string
	// Position is the feet: the bottom centre of its box.
	Position Vec3
	// Yaw and Pitch are the look, in degrees.
	Yaw, Pitch float64
	// Velocity is in blocks per second.
	Velocity Vec3
	// Width (along x and z) and Height are the bounding box, in blocks.
	Width, Height float64
	// Attributes are the plugin-defined values of the spawn, by key; nil
	// when it had none.
	Attributes map[string]int64
	// Tick is the server tick of Position: the spawn's, or that of the
	// last PlayerState applied. A PlayerState older than it is stale.
	Tick uint64
}

// clone is e with its own copy of the attributes, so callers cannot reach
// the held map.
func (e *Entity) clone() Entity {
	out := *e
	out.Attributes = maps.Clone(e.Attributes)
	return out
}

// entityFromSpawn converts an EntitySpawn.
func entityFromSpawn(s *protocol.EntitySpawn) *Entity {
	p, v := s.GetPosition(), s.GetVelocity()
	e := &Entity{
		ID:       s.GetEntityId(),
		Kind:     s.GetKind(),
		Name:     s.GetName(),
		Position: Vec3{p.GetX(), p.GetY(), p.GetZ()},
		Yaw:      float64(s.GetYaw()),
		Pitch:    float64(s.GetPitch()),
		Velocity: Vec3{float64(v.GetX()), float64(v.GetY()), float64(v.GetZ())},
		Width:    float64(s.GetWidth()),
		Height:   float64(s.GetHeight()),
		Tick:     s.GetTick(),
	}
	if as := s.GetAttributes(); len(as) > 0 {
		e.Attributes = make(map[string]int64, len(as))
		for _, a := range as {
			e.Attributes[a.GetKey()] = a.GetValue() // a repeated key: the last wins
		}
	}
	return e
}

// applySpawns adds (or replaces) the spawned entities. A spawn of an id
// already held replaces it whole: the spawn is the server's complete
// statement of the entity, and both arrive on the ordered control stream.
func (c *Conn) applySpawns(m *protocol.EntitySpawns) {
	list := m.GetEntities()
	c.emu.Lock()
	for _, s := range list {
		c.entities[s.GetEntityId()] = entityFromSpawn(s)
	}
	c.emu.Unlock()
	c.stats.entitySpawns.Add(uint64(len(list)))
}

// applyDespawns forgets the listed entities; ids not held are ignored.
func (c *Conn) applyDespawns(m *protocol.EntityDespawns) {
	ids := m.GetEntityIds()
	c.emu.Lock()
	for _, id := range ids {
		delete(c.entities, id)
	}
	c.emu.Unlock()
	c.stats.entityDespawns.Add(uint64(len(ids)))
}

// applyState moves a held entity by a PlayerState. Datagrams are unordered
// and best effort, so one older than the held tick is stale and ignored;
// an equal tick is applied (the same snapshot again is harmless). A state
// for an id not held is ignored: with "entities" the server sends states
// only for entities it spawned, and one arriving before its spawn (the
// datagram overtook the control stream) or after its despawn is of no use
// without the spawn's kind and box. Without the feature the server sends
// no spawns, so the set stays empty and every state is only reported to
// Handlers.OnPlayerState.
func (c *Conn) applyState(ps *protocol.PlayerState) {
	if !c.entitiesOn {
		return
	}
	c.emu.Lock()
	e, ok := c.entities[ps.GetEntityId()]
	switch {
	case !ok:
		c.emu.Unlock()
		c.stats.statesUnknown.Add(1)
		return
	case ps.GetTick() < e.Tick:
		c.emu.Unlock()
		c.stats.statesStale.Add(1)
		return
	}
	p := ps.GetPosition()
	e.Position = Vec3{p.GetX(), p.GetY(), p.GetZ()}
	e.Yaw, e.Pitch = float64(ps.GetYaw()), float64(ps.GetPitch())
	if v := ps.GetVelocity(); v != nil {
		e.Velocity = Vec3{float64(v.GetX()), float64(v.GetY()), float64(v.GetZ())}
	}
	e.Tick = ps.GetTick()
	c.emu.Unlock()
	c.stats.entityStates.Add(1)
}

// Entities returns a copy of every entity held, sorted by id. It is empty
// unless the server granted protocol.FeatureEntities.
func (c *Conn) Entities() []Entity {
	c.emu.RLock()
	defer c.emu.RUnlock()
	out := make([]Entity, 0, len(c.entities))
	for _, e := range c.entities {
		out = append(out, e.clone())
	}
	slices.SortFunc(out, func(a, b Entity) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Entity returns a copy of the held entity id.
func (c *Conn) Entity(id uint64) (Entity, bool) {
	c.emu.RLock()
	defer c.emu.RUnlock()
	e, ok := c.entities[id]
	if !ok {
		return Entity{}, false
	}
	return e.clone(), true
}

// EntityCount is the number of entities held: len(Entities()) without the
// copy, for callers that sample it often (bots, every tick).
func (c *Conn) EntityCount() int {
	c.emu.RLock()
	defer c.emu.RUnlock()
	return len(c.entities)
}

// At returns where a client extrapolating the entity (feature
// "predicted-states") draws it at server tick tick, at tickRate ticks per
// second: Position + Velocity·(tick − Tick)/tickRate, the rule the server
// keeps it within protocol.PredictedPositionError blocks of where the
// entity is (docs/protocol.md §9.9). A tick not after Tick, or a tickRate
// of 0, gives Position.
func (e *Entity) At(tick uint64, tickRate float64) Vec3 {
	if tick <= e.Tick || tickRate <= 0 {
		return e.Position
	}
	dt := float64(tick-e.Tick) / tickRate
	return Vec3{e.Position.X + e.Velocity.X*dt, e.Position.Y + e.Velocity.Y*dt, e.Position.Z + e.Velocity.Z*dt}
}

// EntityAt returns where held entity id is drawn at server tick tick: its
// last state extrapolated (Entity.At) when the server granted
// protocol.FeaturePredictedStates, its last state's position otherwise
// (the server then sends every move).
func (c *Conn) EntityAt(id, tick uint64) (Vec3, bool) {
	predicted := c.HasFeature(protocol.FeaturePredictedStates)
	rate := float64(c.Limits().GetTickRate())
	c.emu.RLock()
	defer c.emu.RUnlock()
	e, ok := c.entities[id]
	if !ok {
		return Vec3{}, false
	}
	if !predicted {
		return e.Position, true
	}
	return e.At(tick, rate), true
}
