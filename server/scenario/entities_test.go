package scenario_test

import (
	"testing"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/testkit"
)

// TestPlayersAsEntities runs the real server's entity replication end to
// end: two players at spawn are told of each other as strata:player
// entities carrying their names, one's moves reach the other's entity set
// through PlayerStates, and its leaving despawns it. The scenario's client
// records the messages; the Go client keeps the set.
func TestPlayersAsEntities(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	alice := s.Connect("alice", client.Options{ViewDistance: 2})
	bob := s.Connect("bob", client.Options{ViewDistance: 2})
	s.StepUntilSynced(alice, bob)
	if !alice.HasFeature(protocol.FeatureEntities) {
		t.Fatalf("entities not granted: %v", alice.Welcome().GetFeatures())
	}

	bobID := bob.EntityID()
	s.StepUntil(func() bool { _, ok := alice.Entity(bobID); return ok }, "alice told of bob")
	s.StepUntil(func() bool { _, ok := bob.Entity(alice.EntityID()); return ok }, "bob told of alice")
	sp := alice.EntitySpawnsOf(bobID)
	if len(sp) != 1 || sp[0].GetKind() != client.KindPlayer || sp[0].GetName() != "bob" || sp[0].GetWidth() <= 0 || sp[0].GetHeight() <= 0 {
		t.Fatalf("alice's spawns of bob: %v", sp)
	}
	if e, _ := alice.Entity(bobID); e.Kind != client.KindPlayer || e.Name != "bob" {
		t.Errorf("alice holds bob as %+v", e)
	}

	// Bob flies straight up; alice sees him rise.
	start := bob.Welcome().GetSpawn()
	y := start.GetY()
	for tick := uint64(1); tick <= 20; tick++ {
		y += 0.25 // 5 blocks/s at 20 TPS
		if err := bob.SendInput(&protocol.Input{InputTick: tick, Position: protocol.V3(start.GetX(), y, start.GetZ()), Flying: true}); err != nil {
			t.Fatal(err)
		}
		s.Step(1)
	}
	s.StepUntil(func() bool {
		e, ok := alice.Entity(bobID)
		return ok && e.Position.Y > start.GetY()+2
	}, "alice's copy of bob in flight")
	if len(alice.PlayerStatesOf(bobID)) == 0 {
		t.Error("bob moved in alice's entity set without a PlayerState recorded")
	}

	s.Leave(bob)
	s.StepUntil(func() bool { return alice.Despawned(bobID) > 0 }, "bob despawned for alice")
	if _, ok := alice.Entity(bobID); ok {
		t.Error("alice still holds bob after his despawn")
	}
	if st := alice.Stats(); st.EntitySpawns < 1 || st.EntityDespawns < 1 {
		t.Errorf("alice's entity counters: %+v", st)
	}
}

// TestLegacyClientGetsNoEntities: a client that opts out of "entities"
// gets no EntitySpawns, and its entity set stays empty, while it still
// learns of the other player by the roster.
func TestLegacyClientGetsNoEntities(t *testing.T) {
	testkit.CheckNoLeaks(t)
	s := scenario.New(t)
	old := s.Connect("old", client.Options{ViewDistance: 2, NoEntities: true, Features: []string{protocol.FeaturePlayerStates}})
	bob := s.Connect("bob", client.Options{ViewDistance: 2})
	s.StepUntilSynced(old, bob)
	s.StepUntil(func() bool {
		for _, m := range old.Control() {
			if j := m.GetPlayerJoined(); j != nil && j.GetEntityId() == bob.EntityID() {
				return true
			}
		}
		return false
	}, "old told of bob by the roster")
	s.Step(10)
	if old.HasFeature(protocol.FeatureEntities) || len(old.EntitySpawns()) != 0 || len(old.Entities()) != 0 {
		t.Errorf("legacy client: granted %v, %d spawns, %d entities", old.Welcome().GetFeatures(), len(old.EntitySpawns()), len(old.Entities()))
	}
}
