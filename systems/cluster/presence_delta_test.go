package cluster

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
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
	var seq uint64
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
		{"alice moved: a move", 5, []storage.PlayerRecord{moved(alice), bob}, []entityState{critter},
			presence{Shard: "a", Delta: true, Moves: []presenceMove{{Name: "alice", D: [3]int64{moveScale / 4, 0, 0}}}}, nil},
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
		if got.Seq != seq+1 {
			t.Fatalf("%s: message %d after %d", step.name, got.Seq, seq)
		}
		if got.Tick != step.tick {
			t.Fatalf("%s: tick %d, want %d", step.name, got.Tick, step.tick)
		}
		seq, got.Seq, got.Tick = got.Seq, 0, 0
		if !reflect.DeepEqual(got, step.want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", step.name, got, step.want)
		}
	}
}

// TestInterest: a shard sends each other shard what stands within reach
// of the cells that shard's players stand in, and nothing once that shard
// is gone or has no players.
func TestInterest(t *testing.T) {
	r := newRemotePlayers(nil, 8, 20) // reach 3 cells: 2 for 8 sections, 1 of margin
	if r.wantedBy(0, 0) != 0 || len(r.receiverList()) != 0 {
		t.Fatal("sent with no other shard known")
	}
	r.interest["c"] = [][2]int32{{10, -2}}
	r.interest["b"] = [][2]int32{{13, -2}}
	r.interest["idle"] = nil // a shard without players
	r.stale = true
	if got := r.receiverList(); !reflect.DeepEqual(got, []string{"b", "c"}) {
		t.Fatalf("receivers %v, want [b c]", got)
	}
	const b, c = 1, 2 // their bits, in name order
	for _, tc := range []struct {
		x, z int32
		want uint64
	}{
		{40, -8, b | c},                      // in c's cell, 3 cells from b's
		{40 + 3*interestCell + 3, -8, b | c}, // the last column of the third cell east of c's
		{40 + 4*interestCell, -8, b},         // the fourth: b's only
		{40 + 6*interestCell + 3, -8, b},     // the last of b's reach
		{40 + 7*interestCell, -8, 0},
		{40 - 3*interestCell, -8 - 3*interestCell, c},
		{40 - 3*interestCell - 1, -8, 0},
		{-40, 8, 0},
	} {
		if got := r.wantedBy(tc.x, tc.z); got != tc.want {
			t.Errorf("wantedBy(%d, %d) = %b, want %b", tc.x, tc.z, got, tc.want)
		}
	}
	delete(r.interest, "b")
	r.stale = true
	if got := r.wantedBy(40+4*interestCell, -8); got != 0 {
		t.Errorf("still sent to b once it is gone: %b", got)
	}
	if got := r.wantedBy(40, -8); got != b { // c is now the first
		t.Errorf("wantedBy = %b once b is gone, want c's bit %b", got, b)
	}
}

// TestInterestFar: receivers whose cells span more than a grid's worth
// are looked up in the map, with the same answers.
func TestInterestFar(t *testing.T) {
	r := newRemotePlayers(nil, 8, 20)
	r.interest["b"] = [][2]int32{{10, -2}}
	r.interest["c"] = [][2]int32{{10 + 1<<20, -2}, {10, 1}}
	r.stale = true
	if got := r.receiverList(); !reflect.DeepEqual(got, []string{"b", "c"}) {
		t.Fatalf("receivers %v, want [b c]", got)
	}
	if r.grid.on {
		t.Fatal("a grid over 2^20 cells")
	}
	const b, c = 1, 2
	for _, tc := range []struct {
		x, z int32
		want uint64
	}{
		{40, -8, b | c},
		{40, -8 - 3*interestCell, b},
		{40, 4 + 3*interestCell, c},
		{40 + 1<<22, -8, c},
		{40 + 1<<22 + 4*interestCell, -8, 0},
		{-40, 8, 0},
	} {
		if got := r.wantedBy(tc.x, tc.z); got != tc.want {
			t.Errorf("wantedBy(%d, %d) = %b, want %b", tc.x, tc.z, got, tc.want)
		}
	}
	delete(r.interest, "c")
	r.stale = true
	if got := r.wantedBy(40, 4+3*interestCell); got != 0 || !r.grid.on {
		t.Errorf("wantedBy = %b once c is gone (grid %v), want 0 from a grid", got, r.grid.on)
	}
}

// TestManyReceivers: past maxReceivers, the shards share the last bit and
// each is sent what any of them wants.
func TestManyReceivers(t *testing.T) {
	r := newRemotePlayers(nil, 8, 20)
	for i := range maxReceivers + 2 {
		r.interest[fmt.Sprintf("s%03d", i)] = [][2]int32{{int32(100 * i), 0}}
	}
	r.stale = true
	if n := len(r.receiverList()); n != maxReceivers+2 {
		t.Fatalf("%d receivers", n)
	}
	if got := r.wantedBy(0, 0); got != 1 {
		t.Errorf("the first shard's cell: %b", got)
	}
	for _, i := range []int{maxReceivers - 1, maxReceivers + 1} {
		if got := r.wantedBy(int32(100*i*interestCell), 0); got != 1<<(maxReceivers-1) {
			t.Errorf("shard %d's cell: %b, want the last bit", i, got)
		}
	}
}

// TestPresenceMoves sends a walking player and critter through the codec
// to another shard's remotePlayers: between keyframes they go as moves,
// a few bytes each, and the receiver holds them within half a move unit
// of where they are, without drift. A lost delta stops the moves until
// the next keyframe, which puts everything right.
func TestPresenceMoves(t *testing.T) {
	app, r, inbox := newReceiver(t)
	place := generic.NewMap2[components.Position, components.Look](app.World())
	held := func() (alice, critter components.Position) {
		pa, _ := place.Get(r.byKey[remoteKey{"a", "alice"}])
		pc, _ := place.Get(r.mirrors[mirrorKey{"a", 7}])
		return *pa, *pc
	}
	d := newPresenceDeltas("a")
	const near = 0.5/moveScale + 1e-9
	var frozen components.Position
	lost := false
	for tick := uint64(1); tick <= 5*keyframeEvery; tick++ {
		f := float64(tick)
		alice := storage.PlayerRecord{Name: "alice", X: 1e5 + 0.137*f, Y: 64, Z: -3 - 0.05*f, Yaw: float32(tick % 7)}
		critter := entityState{ID: 7, Kind: "strata:critter", X: 2 + 0.075*f, Y: 64, Z: 2, Width: 0.9, Height: 0.9}
		cur := presence{Shard: "a", Players: []storage.PlayerRecord{alice}, Entities: []entityState{critter}}
		data := appendPresence(nil, d.next(tick, &cur))
		msg, err := decodePresence(data)
		if err != nil {
			t.Fatal(err)
		}
		if msg.Delta && tick > 2 && (len(msg.Players) != 0 || len(msg.Entities) != 0 || len(msg.Moves) != 1 || len(msg.EntityMoves) != 1 || len(data) > 40) {
			t.Fatalf("tick %d: delta of %d bytes: %+v; want two moves", tick, len(data), msg)
		}
		if tick == 2*keyframeEvery+5 {
			lost = true // this delta never arrives
			frozen, _ = held()
			continue
		}
		*inbox = append(*inbox, msg)
		app.Step()
		a, c := held()
		if !msg.Delta {
			lost = false
		}
		if lost {
			if a != frozen {
				t.Fatalf("tick %d: after a lost delta alice moved to %+v from %+v", tick, a, frozen)
			}
			continue
		}
		if math.Abs(a.X-alice.X) > near || math.Abs(a.Z-alice.Z) > near || math.Abs(c.X-critter.X) > near {
			t.Fatalf("tick %d: held alice %+v, critter %+v; they are at (%v, %v), %v", tick, a, c, alice.X, alice.Z, critter.X)
		}
	}
}

// TestRemoteVelocities sends a player and a critter of shard a every
// two ticks, as PresenceEvery does: the receiver gives them the velocity
// of their moves over the ticks between two messages (a keyframe's too),
// none once they stop, and none for a jump past maxRemoteSpeed; on the
// ticks between two messages they drift on at that velocity, for one
// message's span at most.
func TestRemoteVelocities(t *testing.T) {
	app, r, inbox := newReceiver(t)
	vel := generic.NewMap1[components.Velocity](app.World())
	place := generic.NewMap1[components.Position](app.World())
	d := newPresenceDeltas("a")
	alice := storage.PlayerRecord{Name: "alice", X: 10, Y: 64, Z: 10}
	critter := entityState{ID: 7, Kind: "strata:critter", X: 2, Y: 64, Z: 2, Width: 0.9, Height: 0.9}
	const tol = 0.01 // blocks a second: a move's unit over 0.1 s is 0.0024
	for _, step := range []struct {
		name          string
		tick          uint64
		dAlice, dCrit [3]float64 // since the last message
		alice, crit   [3]float64 // velocities wanted after it
	}{
		{"first keyframe: no earlier position", 18, [3]float64{}, [3]float64{}, [3]float64{}, [3]float64{}},
		{"keyframe walk", 20, [3]float64{0.4, 0, 0}, [3]float64{0, 0, 0.15}, [3]float64{4, 0, 0}, [3]float64{0, 0, 1.5}},
		{"delta walk", 22, [3]float64{0.4, 0, -0.2}, [3]float64{0, 0, 0.15}, [3]float64{4, 0, -2}, [3]float64{0, 0, 1.5}},
		{"alice stops", 24, [3]float64{}, [3]float64{0, -0.1, 0}, [3]float64{}, [3]float64{0, -1, 0}},
		{"a skipped tick", 27, [3]float64{0.6, 0, 0}, [3]float64{}, [3]float64{4, 0, 0}, [3]float64{}},
		{"a teleport", 29, [3]float64{500, 0, 0}, [3]float64{}, [3]float64{}, [3]float64{}},
	} {
		alice.X, alice.Y, alice.Z = alice.X+step.dAlice[0], alice.Y+step.dAlice[1], alice.Z+step.dAlice[2]
		critter.X, critter.Y, critter.Z = critter.X+step.dCrit[0], critter.Y+step.dCrit[1], critter.Z+step.dCrit[2]
		cur := presence{Shard: "a", Players: []storage.PlayerRecord{alice}, Entities: []entityState{critter}}
		msg, err := decodePresence(appendPresence(nil, d.next(step.tick, &cur)))
		if err != nil {
			t.Fatal(err)
		}
		*inbox = append(*inbox, msg)
		app.Step()
		for _, c := range []struct {
			who  string
			e    ecs.Entity
			want [3]float64
		}{{"alice", r.byKey[remoteKey{"a", "alice"}], step.alice}, {"critter", r.mirrors[mirrorKey{"a", 7}], step.crit}} {
			if c.e.IsZero() {
				t.Fatalf("%s: %s not spawned", step.name, c.who)
			}
			v := vel.Get(c.e)
			if math.Abs(v.X-c.want[0]) > tol || math.Abs(v.Y-c.want[1]) > tol || math.Abs(v.Z-c.want[2]) > tol {
				t.Errorf("%s (delta %v): %s's velocity %+v, want %v", step.name, msg.Delta, c.who, *v, c.want)
			}
		}
		// Ticks with no message: one drifts on for the message's span,
		// here 2 ticks (3 after the skipped one), then waits.
		at := *place.Get(r.byKey[remoteKey{"a", "alice"}])
		v := *vel.Get(r.byKey[remoteKey{"a", "alice"}])
		span := 2
		if step.tick == 27 {
			span = 3
		}
		for n := 1; n <= span+1; n++ {
			app.Step()
			got := *place.Get(r.byKey[remoteKey{"a", "alice"}])
			dt := float64(min(n, span)) / 20
			if want := at.X + v.X*dt; math.Abs(got.X-want) > 1e-9 || math.Abs(got.Z-(at.Z+v.Z*dt)) > 1e-9 {
				t.Errorf("%s, %d ticks on: alice at %+v, want x %v", step.name, n, got, want)
			}
		}
	}
}

// newReceiver returns an app whose every step applies the presence
// messages put in inbox to r, a shard's remotePlayers.
func newReceiver(t *testing.T) (*ecs.App, *remotePlayers, *[]presence) {
	t.Helper()
	app := ecs.NewApp()
	r := newRemotePlayers(app, 8, 20)
	inbox := &[]presence{}
	app.AddSystem(ecs.Ingest, "apply", func(ctx *ecs.Context) { r.apply(ctx, *inbox); *inbox = (*inbox)[:0] })
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return app, r, inbox
}

// BenchmarkPresenceDeltas is one receiver's presence of a tick: 264
// walking players near the border (the cluster bench's), keyframes
// included.
func BenchmarkPresenceDeltas(b *testing.B) {
	cur := presence{Shard: "a"}
	for i := range 264 {
		cur.Players = append(cur.Players, storage.PlayerRecord{Name: fmt.Sprintf("bot-%d", i), X: float64(i), Y: 64, Z: float64(i % 17)})
	}
	d := newPresenceDeltas("a")
	b.ReportAllocs()
	for tick := range uint64(b.N) {
		for i := range cur.Players {
			cur.Players[i].X += 0.2
		}
		d.next(tick, &cur)
	}
}
