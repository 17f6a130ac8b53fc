package network

import (
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// rejoinWorld is residency, persistence on a Pebble database on disk
// (asynchronous, as in a live server) and the network with its player
// loader on a goroutine, fed by a QueueSource.
type rejoinWorld struct {
	t       *testing.T
	app     *ecs.App
	src     *QueueSource
	clients *Clients
	dur     *persist.Durability
	closed  bool
}

var rejoinSpawn = components.Position{X: 0.5, Y: 64, Z: 0.5}

func newRejoinWorld(t *testing.T, dir string) *rejoinWorld {
	t.Helper()
	src := &QueueSource{}
	app := ecs.NewApp(ecs.WithLogger(zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)))
	app.AddPlugins(
		residency.New(residency.Config{Generator: resources.GeneratorFunc(testkit.Surface), Deterministic: true}),
		persist.New(persist.Config{DataDir: dir, Seed: 1, GeneratorVersion: 1}),
		New(Config{Source: src, Spawn: rejoinSpawn, MaxViewDistance: 1}),
	)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	w := &rejoinWorld{t: t, app: app, src: src, clients: ecs.Resource[Clients](app), dur: ecs.Resource[persist.Durability](app)}
	t.Cleanup(w.close) // a failed test leaves no goroutine behind
	return w
}

// close shuts the App down (saving connected players), once.
func (w *rejoinWorld) close() {
	if w.closed {
		return
	}
	w.closed = true
	if err := w.app.Shutdown(); err != nil {
		w.t.Error(err)
	}
}

func (w *rejoinWorld) connect(id uint64, name string) {
	w.src.Push(InEvent{Kind: wire.Connected, ID: id, Conn: &testkit.FakeConn{}, Name: name, ViewDistance: 1})
}

func (w *rejoinWorld) disconnect(id uint64) {
	w.src.Push(InEvent{Kind: wire.Disconnected, ID: id})
}

// admitted steps until client id has an entity (its record loads on the
// loader's goroutine) and returns its position.
func (w *rejoinWorld) admitted(id uint64) *components.Position {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if e, ok := w.clients.Entity(id); ok && w.app.World().Alive(e) {
			m := generic.NewMap1[components.Position](w.app.World())
			return m.Get(e)
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("client %d not admitted in 10s", id)
		}
		w.app.Step()
		time.Sleep(100 * time.Microsecond)
	}
}

// TestFastRejoinSpawnsWhereThePlayerLeft: a player moves, leaves and
// joins again at once — in the same tick, or the next — while the record
// of its leaving is still queued for the storage writer or not yet
// durable (slow disk). It must come back where it left, and that position
// must be what is stored after a restart.
func TestFastRejoinSpawnsWhereThePlayerLeft(t *testing.T) {
	tests := []struct {
		name     string
		sameTick bool
		slowDisk int // commits that fail (and are retried) after leaving
	}{
		{"same tick", true, 0},
		{"next tick", false, 0},
		{"same tick, slow disk", true, 3},
		{"next tick, slow disk", false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			w := newRejoinWorld(t, dir)
			before := components.Position{X: 10.5, Y: 70, Z: -3.5}
			if err := ecs.Resource[storage.DB](w.app).PutPlayers([]storage.PlayerRecord{{Name: "ann", X: before.X, Y: before.Y, Z: before.Z}}); err != nil {
				t.Fatal(err)
			}
			w.connect(1, "ann")
			if pos := w.admitted(1); *pos != before {
				t.Fatalf("first join at %+v, want the stored %+v", *pos, before)
			}
			moved := components.Position{X: 40.25, Y: 66, Z: -20.75}
			*w.admitted(1) = moved // as arbitrate_movement would

			w.dur.Writer().FailNext(tt.slowDisk)
			w.disconnect(1)
			if !tt.sameTick {
				w.app.Step()
			}
			w.connect(2, "ann")
			if pos := w.admitted(2); *pos != moved {
				t.Fatalf("rejoined at %+v, want where it left, %+v", *pos, moved)
			}
			w.close()

			w = newRejoinWorld(t, dir)
			rec, ok, err := ecs.Resource[storage.DB](w.app).LoadPlayer("ann")
			if err != nil || !ok || rec.X != moved.X || rec.Y != moved.Y || rec.Z != moved.Z {
				t.Fatalf("stored after restart: %+v (found %v, err %v), want %+v", rec, ok, err, moved)
			}
			w.connect(3, "ann")
			if pos := w.admitted(3); *pos != moved {
				t.Fatalf("joined after restart at %+v, want %+v", *pos, moved)
			}
		})
	}
}
