package fallingsand_test

import (
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/fallingsand"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/testkit"
)

// pool is the test terrain: testkit.Flat (stone up to y=63, air above)
// with a column of water at y=60..63, x=8, z=8.
func pool(p chunk.Pos) chunk.Section {
	s := testkit.Flat(p)
	if p.X == 0 && p.Y == 3 && p.Z == 0 {
		for y := 12; y < 16; y++ {
			s.Set(8, y, 8, chunk.Water)
		}
	}
	return s
}

// world is an App with the server's default plugins (headless network,
// fallingsand among them, configured by the test), with the sections
// around the origin resident.
type world struct {
	t     *testing.T
	app   *ecs.App
	store *resources.ChunkStore
	edits *gameplay.Edits
	stats *fallingsand.Stats
}

func newWorld(t *testing.T, cfg fallingsand.Config) *world {
	t.Helper()
	sc := server.Defaults()
	sc.DataDir = t.TempDir()
	sc.Seed = 1
	sc.Admin, sc.Listen = "", ""
	sc.Deterministic = true
	plugins := server.DefaultPlugins(sc, server.TerrainFunc(1, pool), testkit.Spawn, &network.QueueSource{})
	pluginOf[*fallingsand.Plugin](t, plugins).Config = cfg
	app := testkit.NewApp(t)
	app.AddPlugins(plugins...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, app: app, store: ecs.Resource[resources.ChunkStore](app), edits: ecs.Resource[gameplay.Edits](app), stats: ecs.Resource[fallingsand.Stats](app)}
	// A ticket-less view keeps the area resident, as a player would.
	app.Commands().Spawn(nil, components.View{Center: chunk.Pos{X: 0, Y: 4, Z: 0}, Radius: 2})
	for range 5 {
		app.Step()
	}
	if !w.store.Has(chunk.Pos{X: 0, Y: 4, Z: 0}) {
		t.Fatal("area not resident")
	}
	return w
}

// pluginOf returns the plugin of type T among ps, to adjust its
// configuration before the App is built.
func pluginOf[T ecs.Plugin](t testing.TB, ps []ecs.Plugin) T {
	t.Helper()
	for _, p := range ps {
		if p, ok := p.(T); ok {
			return p
		}
	}
	t.Fatalf("no %T among the default plugins", *new(T))
	return *new(T)
}

// set changes a block the way a player's action or another plugin does.
func (w *world) set(x, y, z int, b chunk.Block) {
	w.t.Helper()
	if _, ok := w.edits.Set(x, y, z, b, 0); !ok {
		w.t.Fatalf("set (%d,%d,%d) to %v: no change", x, y, z, b)
	}
}

func (w *world) at(x, y, z int) chunk.Block {
	w.t.Helper()
	b, ok := w.store.Block(x, y, z)
	if !ok {
		w.t.Fatalf("(%d,%d,%d) not resident", x, y, z)
	}
	return b
}

// column returns the blocks at x, z from y0 up to y1.
func (w *world) column(x, z, y0, y1 int) []chunk.Block {
	var out []chunk.Block
	for y := y0; y <= y1; y++ {
		out = append(out, w.at(x, y, z))
	}
	return out
}

func TestFallingBlocks(t *testing.T) {
	S, G, A, W, St := chunk.Sand, chunk.Gravel, chunk.Air, chunk.Water, chunk.Stone
	tests := []struct {
		name  string
		setup func(w *world)
		ticks int
		x, z  int
		y0    int
		want  []chunk.Block // from y0 up
	}{
		{
			name:  "sand placed in the air falls one block per tick",
			setup: func(w *world) { w.set(1, 70, 1, S) },
			ticks: 1, x: 1, z: 1, y0: 68, want: []chunk.Block{A, S, A},
		},
		{
			name:  "and lands on the ground",
			setup: func(w *world) { w.set(1, 70, 1, S) },
			ticks: 10, x: 1, z: 1, y0: 63, want: []chunk.Block{St, S, A, A},
		},
		{
			name: "a column falls together",
			setup: func(w *world) {
				for y := 70; y < 73; y++ {
					w.set(2, y, 2, G)
				}
			},
			ticks: 3, x: 2, z: 2, y0: 66, want: []chunk.Block{A, G, G, G, A, A, A},
		},
		{
			name: "sand falls when its support is broken",
			setup: func(w *world) {
				w.set(3, 64, 3, S)
				w.app.Step() // supported: stays
				if w.at(3, 64, 3) != S {
					w.t.Fatal("supported sand fell")
				}
				w.set(3, 63, 3, A) // a player breaks the stone under it
			},
			ticks: 1, x: 3, z: 3, y0: 62, want: []chunk.Block{St, S, A},
		},
		{
			name:  "gravel sinks through water, which rises",
			setup: func(w *world) { w.set(8, 64, 8, G) },
			ticks: 10, x: 8, z: 8, y0: 59, want: []chunk.Block{St, G, W, W, W, W, A},
		},
		{
			name:  "stone does not fall",
			setup: func(w *world) { w.set(4, 70, 4, St) },
			ticks: 5, x: 4, z: 4, y0: 69, want: []chunk.Block{A, St},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, fallingsand.Config{})
			tc.setup(w)
			for range tc.ticks {
				w.app.Step()
			}
			got := w.column(tc.x, tc.z, tc.y0, tc.y0+len(tc.want)-1)
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("column from y=%d: %v, want %v", tc.y0, got, tc.want)
				}
			}
		})
	}
}

func TestFallsAreEditsAndBounded(t *testing.T) {
	w := newWorld(t, fallingsand.Config{MaxPerTick: 4})
	for x := range 5 {
		w.set(x, 70, 5, chunk.Sand)
	}
	before := w.edits.Total
	w.app.Step()
	// Ten positions queued (each edit and the one above it), four
	// examined: the lowest ones, all sand.
	if w.stats.Falls != 4 || w.edits.Total-before != 8 || w.stats.Pending == 0 {
		t.Fatalf("falls %d, edits %d, pending %d; want 4 falls as 8 edits and some pending", w.stats.Falls, w.edits.Total-before, w.stats.Pending)
	}
	for range 20 {
		w.app.Step()
	}
	for x := range 5 {
		if w.at(x, 64, 5) != chunk.Sand {
			t.Fatalf("sand at x=%d did not land", x)
		}
	}
}

func TestUnknownTerrainHoldsBlocks(t *testing.T) {
	w := newWorld(t, fallingsand.Config{})
	below := chunk.Pos{X: 0, Y: 4, Z: 0}
	if ok, err := w.store.Evict(below); !ok || err != nil {
		t.Fatalf("evict: %v %v", ok, err)
	}
	w.set(1, 80, 1, chunk.Sand) // bottom of section Y=5, above the missing one
	for range 3 {
		w.app.Step()
	}
	if w.at(1, 80, 1) != chunk.Sand || w.stats.Falls != 0 {
		t.Fatal("sand fell into unknown terrain")
	}
}

// TestAnotherServersBlocksHold: where this server does not decide the
// blocks (a cluster shard outside its regions), nothing falls and Set
// changes nothing; the owner makes them fall.
func TestAnotherServersBlocksHold(t *testing.T) {
	w := newWorld(t, fallingsand.Config{})
	w.set(3, 70, 3, chunk.Sand)
	w.set(-3, 70, 3, chunk.Sand)
	w.edits.SetAuthority(func(x, _ int) bool { return x >= 0 }) // this server decides x ≥ 0 only
	for range 10 {
		w.app.Step()
	}
	if w.at(-3, 70, 3) != chunk.Sand || w.at(-3, 69, 3) != chunk.Air {
		t.Fatalf("sand fell where another server decides: column %v", w.column(-3, 3, 64, 70))
	}
	if w.at(3, 70, 3) != chunk.Air || w.at(3, 64, 3) != chunk.Sand {
		t.Fatalf("sand did not fall where this server decides: column %v", w.column(3, 3, 64, 70))
	}
	if _, ok := w.edits.Set(-3, 71, 3, chunk.Stone, 0); ok || w.at(-3, 71, 3) != chunk.Air {
		t.Fatal("Set changed a block where another server decides")
	}
}
