package client

import (
	"reflect"
	"testing"

	"github.com/stratavox/strata/net/protocol"
)

// spawnMsg is an EntitySpawns of one entity at (x, 64, 0) at tick.
func spawnMsg(id uint64, kind string, x float64, tick uint64, attrs ...*protocol.EntityAttribute) *protocol.ServerMessage {
	return &protocol.ServerMessage{Kind: &protocol.ServerMessage_EntitySpawns{EntitySpawns: &protocol.EntitySpawns{
		Entities: []*protocol.EntitySpawn{{
			EntityId: id, Kind: kind, Position: protocol.V3(x, 64, 0), Yaw: 90, Pitch: -10,
			Velocity: protocol.V3f(1, 0, 0), Width: 0.6, Height: 1.8, Attributes: attrs, Tick: tick,
		}},
	}}}
}

func despawnMsg(ids ...uint64) *protocol.ServerMessage {
	return &protocol.ServerMessage{Kind: &protocol.ServerMessage_EntityDespawns{EntityDespawns: &protocol.EntityDespawns{EntityIds: ids}}}
}

// stateMsg is a PlayerState of id at (x, 64, 0) at tick.
func stateMsg(id uint64, x float64, tick uint64) *protocol.PlayerState {
	return &protocol.PlayerState{EntityId: id, Position: protocol.V3(x, 64, 0), Yaw: 180, Pitch: 5, Tick: tick, Velocity: protocol.V3f(0, 2, 0)}
}

// TestEntitySet feeds sequences of spawns, despawns and states to a Conn's
// entity set, as its readers do, and checks what it holds and counts.
func TestEntitySet(t *testing.T) {
	type step struct {
		ctl   *protocol.ServerMessage // a spawn or despawn, or
		state *protocol.PlayerState   // a datagram
	}
	// want is an entity's expected position x and tick.
	type want struct {
		x    float64
		tick uint64
	}
	tests := []struct {
		name    string
		granted bool
		steps   []step
		want    map[uint64]want
		stats   Stats // the entity counters only
	}{
		{
			name: "spawn then newer state moves", granted: true,
			steps: []step{{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(5, 2, 11)}},
			want:  map[uint64]want{5: {2, 11}},
			stats: Stats{EntitySpawns: 1, EntityStates: 1, Entities: 1},
		},
		{
			name: "older tick ignored", granted: true,
			steps: []step{{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(5, 3, 12)}, {state: stateMsg(5, 2, 11)}},
			want:  map[uint64]want{5: {3, 12}},
			stats: Stats{EntitySpawns: 1, EntityStates: 1, StaleStates: 1, Entities: 1},
		},
		{
			name: "state older than the spawn ignored", granted: true,
			steps: []step{{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(5, 2, 9)}},
			want:  map[uint64]want{5: {1, 10}},
			stats: Stats{EntitySpawns: 1, StaleStates: 1, Entities: 1},
		},
		{
			name: "same tick applied", granted: true,
			steps: []step{{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(5, 2, 10)}},
			want:  map[uint64]want{5: {2, 10}},
			stats: Stats{EntitySpawns: 1, EntityStates: 1, Entities: 1},
		},
		{
			name: "unknown id ignored", granted: true,
			steps: []step{{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(6, 2, 11)}},
			want:  map[uint64]want{5: {1, 10}},
			stats: Stats{EntitySpawns: 1, UnknownStates: 1, Entities: 1},
		},
		{
			name: "state before its spawn ignored", granted: true,
			steps: []step{{state: stateMsg(5, 2, 11)}, {ctl: spawnMsg(5, KindPlayer, 1, 10)}},
			want:  map[uint64]want{5: {1, 10}},
			stats: Stats{EntitySpawns: 1, UnknownStates: 1, Entities: 1},
		},
		{
			name: "despawn removes; later states ignored", granted: true,
			steps: []step{
				{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {ctl: spawnMsg(1<<62|1, "strata:critter", 7, 10)},
				{ctl: despawnMsg(5, 99)}, {state: stateMsg(5, 2, 11)}, {state: stateMsg(1<<62|1, 8, 11)},
			},
			want:  map[uint64]want{1<<62 | 1: {8, 11}},
			stats: Stats{EntitySpawns: 2, EntityDespawns: 2, EntityStates: 1, UnknownStates: 1, Entities: 1},
		},
		{
			name: "respawn replaces", granted: true,
			steps: []step{
				{ctl: spawnMsg(5, KindPlayer, 1, 10)}, {state: stateMsg(5, 2, 20)},
				{ctl: despawnMsg(5)}, {ctl: spawnMsg(5, KindPlayer, 9, 30)}, {state: stateMsg(5, 4, 25)},
			},
			want:  map[uint64]want{5: {9, 30}},
			stats: Stats{EntitySpawns: 2, EntityDespawns: 1, EntityStates: 1, StaleStates: 1, Entities: 1},
		},
		{
			name: "not granted: states do not make entities", granted: false,
			steps: []step{{state: stateMsg(5, 2, 11)}},
			want:  map[uint64]want{},
			stats: Stats{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Conn{entities: make(map[uint64]*Entity), entitiesOn: tt.granted}
			for _, s := range tt.steps {
				switch {
				case s.state != nil:
					c.applyState(s.state)
				case s.ctl.GetEntitySpawns() != nil:
					c.applySpawns(s.ctl.GetEntitySpawns())
				default:
					c.applyDespawns(s.ctl.GetEntityDespawns())
				}
			}
			got := map[uint64]want{}
			for _, e := range c.Entities() {
				got[e.ID] = want{e.Position.X, e.Tick}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("entities %v, want %v", got, tt.want)
			}
			st := c.Stats()
			st = Stats{EntitySpawns: st.EntitySpawns, EntityDespawns: st.EntityDespawns, EntityStates: st.EntityStates,
				StaleStates: st.StaleStates, UnknownStates: st.UnknownStates, Entities: st.Entities}
			if st != tt.stats {
				t.Errorf("stats %+v, want %+v", st, tt.stats)
			}
		})
	}
}

// TestEntityFields: every field of a spawn lands in the Entity, a state
// moves position, look and velocity but nothing else, and what Entity and
// Entities return are copies.
func TestEntityFields(t *testing.T) {
	c := &Conn{entities: make(map[uint64]*Entity), entitiesOn: true}
	c.applySpawns(&protocol.EntitySpawns{Entities: []*protocol.EntitySpawn{
		{EntityId: 9, Kind: "strata:critter", Position: protocol.V3(1.5, 65, -2.5), Yaw: 45, Pitch: 10,
			Velocity: protocol.V3f(0.5, -1, 0.25), Width: 0.5, Height: 0.75, Tick: 100,
			Attributes: []*protocol.EntityAttribute{{Key: "strata:color", Value: 0xff8800}, {Key: "strata:hp", Value: -3}}},
		{EntityId: 2, Kind: KindPlayer, Name: "alice", Position: protocol.V3(0, 64, 0), Width: 0.6, Height: 1.8, Tick: 100},
	}})
	want := Entity{
		ID: 9, Kind: "strata:critter", Position: Vec3{1.5, 65, -2.5}, Yaw: 45, Pitch: 10,
		Velocity: Vec3{0.5, -1, 0.25}, Width: 0.5, Height: 0.75, Tick: 100,
		Attributes: map[string]int64{"strata:color": 0xff8800, "strata:hp": -3},
	}
	got, ok := c.Entity(9)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Entity(9) = %+v, %v; want %+v", got, ok, want)
	}
	got.Attributes["strata:hp"] = 100
	if again, _ := c.Entity(9); again.Attributes["strata:hp"] != -3 {
		t.Error("changing a returned entity's attributes changed the held one")
	}
	if all := c.Entities(); len(all) != 2 || all[0].ID != 2 || all[1].ID != 9 || all[0].Name != "alice" || all[0].Attributes != nil {
		t.Errorf("Entities() = %+v, want alice (2) then the critter (9)", all)
	}

	c.applyState(&protocol.PlayerState{EntityId: 9, Position: protocol.V3(2, 66, -3), Yaw: -90, Pitch: 1, Velocity: protocol.V3f(0, 0, 1), Tick: 101})
	want.Position, want.Yaw, want.Pitch, want.Velocity, want.Tick = Vec3{2, 66, -3}, -90, 1, Vec3{0, 0, 1}, 101
	if got, _ := c.Entity(9); !reflect.DeepEqual(got, want) {
		t.Errorf("after a state: %+v, want %+v", got, want)
	}
	if _, ok := c.Entity(3); ok {
		t.Error("Entity(3) found an entity never spawned")
	}
}

// TestEntityAt: the extrapolation of "predicted-states" — a state's
// position plus its velocity times the ticks since its tick over the tick
// rate, and the position itself at or before its tick.
func TestEntityAt(t *testing.T) {
	e := Entity{Position: Vec3{100, 64, -20}, Velocity: Vec3{4.3, 0, -1}, Tick: 1000}
	for _, c := range []struct {
		tick uint64
		rate float64
		want Vec3
	}{
		{1000, 20, Vec3{100, 64, -20}},
		{999, 20, Vec3{100, 64, -20}},
		{1003, 20, Vec3{100.645, 64, -20.15}},
		{1020, 20, Vec3{104.3, 64, -21}},
		{1003, 0, Vec3{100, 64, -20}},
	} {
		got := e.At(c.tick, c.rate)
		if d := (Vec3{got.X - c.want.X, got.Y - c.want.Y, got.Z - c.want.Z}); d.X*d.X+d.Y*d.Y+d.Z*d.Z > 1e-18 {
			t.Errorf("At(%d, %g) = %v, want %v", c.tick, c.rate, got, c.want)
		}
	}
}
