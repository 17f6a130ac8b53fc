package cluster

import (
	"reflect"
	"testing"

	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// TestPresenceDeltas follows one shard's state over ticks: a keyframe
// first and every keyframeEvery ticks, and between them only what moved,
// appeared, left or changed.
func TestPresenceDeltas(t *testing.T) {
	alice := storage.PlayerRecord{Name: "alice", X: 1, Y: 64, Z: 1}
	bob := storage.PlayerRecord{Name: "bob", X: 5, Y: 64, Z: 5}
	critter := entityState{ID: 7, Kind: "strata:critter", X: 2, Y: 64, Z: 2, Width: 1, Height: 1,
		Attrs: []entities.Attribute{{Key: "strata:variant", Value: 1}}}
	moved := func(p storage.PlayerRecord) storage.PlayerRecord { p.X += 0.25; return p }
	recoloured := critter
	recoloured.Attrs = []entities.Attribute{{Key: "strata:variant", Value: 2}}

	d := newPresenceDeltas("a")
	for _, step := range []struct {
		name    string
		tick    uint64
		players []storage.PlayerRecord
		ents    []entityState
		want    presence
		before  func()
	}{
		{"first message is a keyframe", 3, []storage.PlayerRecord{alice, bob}, []entityState{critter},
			presence{Shard: "a", Players: []storage.PlayerRecord{alice, bob}, Entities: []entityState{critter}}, nil},
		{"nothing changed", 4, []storage.PlayerRecord{alice, bob}, []entityState{critter},
			presence{Shard: "a", Delta: true}, nil},
		{"alice moved", 5, []storage.PlayerRecord{moved(alice), bob}, []entityState{critter},
			presence{Shard: "a", Delta: true, Players: []storage.PlayerRecord{moved(alice)}}, nil},
		{"bob left, the critter changed colour", 6, []storage.PlayerRecord{moved(alice)}, []entityState{recoloured},
			presence{Shard: "a", Delta: true, Entities: []entityState{recoloured}, Left: []string{"bob"}}, nil},
		{"the critter's attribute set in place", 7, []storage.PlayerRecord{moved(alice)}, []entityState{recoloured},
			presence{Shard: "a", Delta: true, Entities: []entityState{recoloured}}, func() { recoloured.Attrs[0].Value = 3 }},
		{"bob back, the critter gone", 8, []storage.PlayerRecord{moved(alice), bob}, nil,
			presence{Shard: "a", Delta: true, Players: []storage.PlayerRecord{bob}, Gone: []uint64{7}}, nil},
		{"keyframe tick lists everyone", keyframeEvery * 3, []storage.PlayerRecord{moved(alice), bob}, nil,
			presence{Shard: "a", Players: []storage.PlayerRecord{moved(alice), bob}}, nil},
		{"and the next delta is empty", keyframeEvery*3 + 1, []storage.PlayerRecord{moved(alice), bob}, nil,
			presence{Shard: "a", Delta: true}, nil},
	} {
		if step.before != nil {
			step.before()
		}
		cur := presence{Shard: "a", Players: step.players, Entities: step.ents}
		got := *d.next(step.tick, &cur)
		// Compare as sent: empty and nil lists encode alike.
		got, err := decodePresence(appendPresence(nil, &got))
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if !reflect.DeepEqual(got, step.want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", step.name, got, step.want)
		}
	}
}

// TestInterest: a shard publishes what stands within reach of the cells
// another shard's players stand in, and nothing once that shard is gone
// or has no players.
func TestInterest(t *testing.T) {
	r := newRemotePlayers(nil, 8) // reach 3 cells: 2 for 8 sections, 1 of margin
	if r.wants(0, 0) {
		t.Fatal("published with no other shard known")
	}
	r.interest["b"] = [][2]int32{{10, -2}}
	r.stale = true
	for _, c := range []struct {
		x, z int32
		want bool
	}{
		{40, -8, true},                      // in the cell
		{40 + 3*interestCell + 3, -8, true}, // the last column of the third cell east
		{40 + 4*interestCell, -8, false},    // the fourth
		{40 - 3*interestCell, -8 - 3*interestCell, true},
		{40 - 3*interestCell - 1, -8, false},
		{-40, 8, false},
	} {
		if got := r.wants(c.x, c.z); got != c.want {
			t.Errorf("wants(%d, %d) = %v, want %v", c.x, c.z, got, c.want)
		}
	}
	delete(r.interest, "b")
	r.stale = true
	if r.wants(40, -8) {
		t.Error("still published once the shard is gone")
	}
}
