package persist

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/storage"
)

// TestPlayersCheckpointedWhilePlaying: a connected player's record is
// saved every PlayerSaveEvery ticks while they move, without leaving, and
// is durable in the database (what a kill -9 leaves); a player who stands
// still is not written again.
func TestPlayersCheckpointedWhilePlaying(t *testing.T) {
	w := newPersistWorldWith(t, Config{DataDir: t.TempDir(), PlayerSaveEvery: 4})
	defer w.app.Shutdown()
	var e ecs.Entity
	w.app.Commands().Spawn(func(got ecs.Entity) { e = got },
		components.Player{ID: 7, Name: "ann"}, components.Position{X: 1, Y: 70, Z: 1}, components.Look{})
	stored := func() storage.PlayerRecord {
		t.Helper()
		w.stepUntil(t, func() bool { _, writes := w.dur.Pending(); return writes == 0 })
		r, ok, err := w.dur.Writer().LoadPlayer("ann")
		if err != nil || !ok {
			t.Fatalf("no durable record of a playing player (found %v, err %v)", ok, err)
		}
		return r
	}
	for i := 0; i < 4; i++ {
		w.app.Step()
	}
	if r := stored(); r.X != 1 || r.Z != 1 {
		t.Fatalf("first record %+v, want the join position", r)
	}
	set := func(pos components.Position, look components.Look) {
		w.app.Commands().Insert(e, pos, look)
		w.app.Step() // applies the insert
	}
	set(components.Position{X: 200.5, Y: 90, Z: -33.25}, components.Look{Yaw: 45})
	for i := 0; i < 4; i++ {
		w.app.Step()
	}
	if r := stored(); r.X != 200.5 || r.Y != 90 || r.Z != -33.25 || r.Yaw != 45 {
		t.Fatalf("record %+v after a teleport and a round, want (200.5, 90, -33.25) yaw 45", r)
	}
	p := w.p.players
	before := p.Saved
	// Small moves and turns are not worth a write.
	set(components.Position{X: 200.7, Y: 90, Z: -33.25}, components.Look{Yaw: 45.5})
	for i := 0; i < 12; i++ {
		w.app.Step()
	}
	if p.Saved != before {
		t.Fatalf("%d records queued for a player who barely moved", p.Saved-before)
	}
	// A turn is.
	set(components.Position{X: 200.7, Y: 90, Z: -33.25}, components.Look{Yaw: 45.5, Pitch: -30})
	for i := 0; i < 4; i++ {
		w.app.Step()
	}
	if r := stored(); r.Pitch != -30 {
		t.Fatalf("record %+v after a turn, want pitch -30", r)
	}
	// A player gone is forgotten after two rounds.
	w.app.Commands().Despawn(e)
	for i := 0; i < 16; i++ {
		w.app.Step()
	}
	if n := len(p.last); n != 0 {
		t.Fatalf("%d players remembered after the only one left", n)
	}
}

// BenchmarkPersistPlayers is one tick of the schedule (residency with no
// view, then the persist stage) with n connected players who all move a
// block every tick (on-moving) or stand still (on-idle): the cost of
// checkpointing their records, against the same tick without it (off).
// Synchronous, so that each tick waits for its write and the figures
// include the storage goroutine's work; cpu-ns/tick is the process's CPU
// time per tick, every goroutine's.
func BenchmarkPersistPlayers(b *testing.B) {
	for _, n := range []int{1000} {
		for _, mode := range []struct {
			name  string
			every int
			move  bool
		}{{"off", -1, true}, {"on-moving", 0, true}, {"on-idle", 0, false}} {
			b.Run(fmt.Sprintf("players=%d/%s", n, mode.name), func(b *testing.B) {
				w := newPersistWorldWith(b, Config{InMemory: true, Synchronous: true, PlayerSaveEvery: mode.every})
				defer w.app.Shutdown()
				for i := 0; i < n; i++ {
					w.app.Commands().Spawn(nil, components.Player{ID: uint64(i + 1), Name: fmt.Sprintf("p%04d", i)},
						components.Position{X: float64(i), Y: 70}, components.Look{})
				}
				w.app.Step()
				positions := make([]*components.Position, 0, n)
				q := generic.NewFilter1[components.Position]().Query(w.app.World())
				for q.Next() {
					positions = append(positions, q.Get())
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := processCPU()
				for i := 0; i < b.N; i++ {
					if mode.move {
						for _, p := range positions {
							p.Z++
						}
					}
					w.app.Step()
				}
				// The process's CPU time, every goroutine's (the storage
				// writer's encoding and commit included), per tick.
				b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/tick")
			})
		}
	}
}

// processCPU is the process's user and system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
