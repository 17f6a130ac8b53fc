package server

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
)

// critterKind is the critters plugin's kind, as the clients see it.
const critterKind = "strata:critter"

// far is where the entity tests play: land no one has been to, so its
// critters are spawned while the test watches, away from the spawn
// anchor, which keeps the land around spawn resident for good.
const farX, farZ = 4000.5, 4000.5

// startServerOn runs the whole server over terrain on loopback until the
// test ends (or stop is called), once it listens.
func startServerOn(t *testing.T, cfg Config, terrain Terrain, spawn components.Position) (*Server, func()) {
	t.Helper()
	return runServer(t, cfg, func(cfg Config, log zerolog.Logger) (*Server, error) { return newServerOn(cfg, log, terrain, spawn) })
}

// heldCritters returns the critters c holds.
func heldCritters(c *client.Conn) []client.Entity { return heldOf(c, critterKind) }

// heldOf returns the entities of kind that c holds.
func heldOf(c *client.Conn, kind string) []client.Entity {
	var out []client.Entity
	for _, e := range c.Entities() {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func dist(a, b client.Vec3) float64 { return math.Hypot(math.Hypot(a.X-b.X, a.Y-b.Y), a.Z-b.Z) }

// teleport moves c's player with /tp and waits for the server's answer.
func teleport(t *testing.T, c *client.Conn, lines *systemLines, x, y, z float64) {
	t.Helper()
	to := fmt.Sprintf("%.1f %.1f %.1f", x, y, z)
	if err := c.Chat("/tp " + to); err != nil {
		t.Fatal(err)
	}
	lines.waitFor(t, "teleported to "+to)
}

// TestCrittersOverQUIC is the loopback test: two clients watch a
// critter walk and see the same positions at the same ticks; one leaves
// its range and is told to forget it; then nobody's view holds its
// column, which is evicted with the critter saved, and when a player
// comes back the critter is there again where it was saved.
func TestCrittersOverQUIC(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	srv, _ := startServerOn(t, cfg, moveTerrain(), components.Position{X: 0.5, Y: moveGround, Z: 0.5})
	var aLines, bLines systemLines
	a := dialPlayerOpts(t, srv, client.Options{Name: "alice", ViewDistance: 4, Handlers: aLines.handlers()})
	b := dialPlayerOpts(t, srv, client.Options{Name: "bob", ViewDistance: 4, Handlers: bLines.handlers()})
	teleport(t, a, &aLines, farX, moveGround, farZ)
	teleport(t, b, &bLines, farX+3, moveGround, farZ)

	// A critter both hold.
	var id uint64
	waitfor.Until(t, 30*time.Second, "no critter seen by both clients", func() bool {
		for _, e := range heldCritters(a) {
			if _, ok := b.Entity(e.ID); ok {
				id = e.ID
				return true
			}
		}
		return false
	})

	// Both see it at the same positions, tick by tick, while it walks.
	seen := [2]map[uint64]client.Vec3{{}, {}}
	moving := map[uint64]bool{}
	waitfor.Until(t, 40*time.Second, "the critter was not seen walking by both clients for 10 ticks", func() bool {
		for i, c := range []*client.Conn{a, b} {
			if e, ok := c.Entity(id); ok {
				seen[i][e.Tick] = e.Position
			}
		}
		for tick, pa := range seen[0] {
			pb, ok := seen[1][tick]
			if !ok {
				continue
			}
			if pa != pb {
				t.Fatalf("tick %d: alice sees the critter at %v, bob at %v", tick, pa, pb)
			}
			if old, ok := seen[0][tick-1]; ok && old != pa {
				moving[tick] = true
			}
		}
		return len(moving) >= 10
	})

	t.Logf("critter %#x: %d ticks of walking seen alike by both", id, len(moving))

	// Bob goes far away: he is told to forget the critter.
	despawns := b.Stats().EntityDespawns
	teleport(t, b, &bLines, -farX, moveGround, -farZ)
	waitfor.Until(t, 10*time.Second, "bob still holds the critter after leaving its range", func() bool {
		_, ok := b.Entity(id)
		return !ok && b.Stats().EntityDespawns > despawns
	})

	// Alice goes too: no view holds the critter's column any more, so it
	// is evicted and the critter saved with it.
	e, _ := a.Entity(id)
	col := components.Position{X: e.Position.X, Z: e.Position.Z}.Section()
	teleport(t, a, &aLines, -farX, moveGround, farZ)
	durable := ecs.Resource[persist.Durability](srv.App())
	var saved storage.EntityRecord
	waitfor.Until(t, 20*time.Second, "the critter's column was not saved", func() bool {
		rec, ok, err := durable.LoadEntities(col.X, col.Z)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return false
		}
		for _, r := range rec.Entities {
			if r.Kind == critterKind && dist(client.Vec3{X: r.X, Y: r.Y, Z: r.Z}, e.Position) < 8 {
				saved = r
				return true
			}
		}
		return false
	})
	waitfor.Until(t, 10*time.Second, "alice still holds the critter", func() bool {
		_, ok := a.Entity(id)
		return !ok
	})

	t.Logf("saved at (%.2f, %.2f, %.2f) in column (%d, %d)", saved.X, saved.Y, saved.Z, col.X, col.Z)

	// Alice comes back: the critter is spawned again where it was saved
	// (give or take the steps it took before she was told).
	teleport(t, a, &aLines, farX, moveGround, farZ)
	want := client.Vec3{X: saved.X, Y: saved.Y, Z: saved.Z}
	waitfor.Until(t, 20*time.Second, "the saved critter did not come back", func() bool {
		for _, c := range heldCritters(a) {
			if dist(c.Position, want) < 1 && c.Attributes["strata:variant"] == attr(saved, "strata:variant") {
				return true
			}
		}
		return false
	})
}

func attr(r storage.EntityRecord, key string) int64 {
	for _, a := range r.Attributes {
		if a.Key == key {
			return a.Value
		}
	}
	return 0
}

// TestCrittersSurviveRestart stops a server whose players watched
// critters walk, and starts another on the same data directory: the
// critters a returning player sees are those the first server saved at
// shutdown, where it saved them, and no new herd was spawned on land
// already populated.
func TestCrittersSurviveRestart(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	spawn := components.Position{X: 0.5, Y: moveGround, Z: 0.5}
	srv, stop := startServerOn(t, cfg, moveTerrain(), spawn)
	var lines systemLines
	key := newKey(t)
	a := dialPlayerOpts(t, srv, client.Options{Name: "alice", Key: key, ViewDistance: 4, Handlers: lines.handlers()})
	teleport(t, a, &lines, farX, moveGround, farZ)
	waitfor.Until(t, 30*time.Second, "no critters near alice", func() bool { return len(heldCritters(a)) >= 2 })
	time.Sleep(time.Second) // let them walk
	a.Close()
	stop()

	// What the first server saved, read from its database.
	db, err := storage.Open(cfg.DataDir, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	var saved []storage.EntityRecord
	c := components.Position{X: farX, Z: farZ}.Section()
	for x := c.X - 8; x <= c.X+8; x++ {
		for z := c.Z - 8; z <= c.Z+8; z++ {
			rec, ok, err := db.LoadEntities(x, z)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				saved = append(saved, rec.Entities...)
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if len(saved) < 2 {
		t.Fatalf("%d critters saved, want the ones alice saw", len(saved))
	}

	srv2, _ := startServerOn(t, cfg, moveTerrain(), spawn)
	a2 := dialPlayerOpts(t, srv2, client.Options{Name: "alice", Key: key, ViewDistance: 4})
	if p := a2.Welcome().GetSpawn(); math.Abs(p.GetX()-farX) > 0.01 || math.Abs(p.GetZ()-farZ) > 0.01 {
		t.Fatalf("alice back at %v, want where she left", p)
	}
	near := func(r storage.EntityRecord) bool { return math.Hypot(r.X-farX, r.Z-farZ) < 56 }
	wantNear := 0
	for _, r := range saved {
		if near(r) {
			wantNear++
		}
	}
	// Each critter alice sees is a saved one (the first sighting of each,
	// before it walks far); every saved one well inside her view is seen.
	matched := map[int]bool{}
	waitfor.Until(t, 20*time.Second, "the saved critters did not come back", func() bool {
		for _, e := range heldCritters(a2) {
			for i, r := range saved {
				if !matched[i] && dist(e.Position, client.Vec3{X: r.X, Y: r.Y, Z: r.Z}) < 1 {
					matched[i] = true
				}
			}
		}
		n := 0
		for i := range matched {
			if near(saved[i]) {
				n++
			}
		}
		return n >= wantNear
	})
	t.Logf("%d critters saved, %d of them well inside alice's view, all seen again", len(saved), wantNear)
	time.Sleep(500 * time.Millisecond)
	if got := len(heldCritters(a2)); got > len(saved) {
		t.Fatalf("alice sees %d critters after the restart, %d were saved: a herd was spawned again", got, len(saved))
	}
}

// TestNewPlayerMeetsCritters: a new player of the default world (its
// seed, its spawn point, the stock plugins at their defaults) holds
// critters near the spawn point soon after joining. The spawn point is on
// snow, where herds did not start when they wanted grass: the nearest
// grass is hundreds of blocks away.
func TestNewPlayerMeetsCritters(t *testing.T) {
	const near = 64 // blocks from the spawn point, horizontally
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 2
	srv, _ := startServer(t, cfg)
	c := dialPlayerOpts(t, srv, client.Options{Name: "newcomer", ViewDistance: 4})
	sp := srv.Spawn()
	start := time.Now()
	waitfor.Until(t, 30*time.Second, fmt.Sprintf("no critter within %d blocks of the spawn point %.1f %.1f %.1f", near, sp.X, sp.Y, sp.Z), func() bool {
		for _, e := range heldCritters(c) {
			if math.Hypot(e.Position.X-sp.X, e.Position.Z-sp.Z) <= near {
				return true
			}
		}
		return false
	})
	t.Logf("%d critters held %.1fs after joining", len(heldCritters(c)), time.Since(start).Seconds())
}
