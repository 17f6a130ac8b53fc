package fallingsand_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/fallingsand"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// benchWorld is the server's default plugins (headless network,
// in-memory database; fallingsand among them), with a view keeping the 128 × 128 blocks
// around the origin resident from y=16 to y=159.
type benchWorld struct {
	app   *ecs.App
	store *resources.ChunkStore
	edits *gameplay.Edits
	stats *fallingsand.Stats
	index int // falling_blocks in the engine's timings
	// times holds falling_blocks' duration of every measured tick.
	times []time.Duration
}

func newBenchWorld(b *testing.B) *benchWorld {
	b.Helper()
	sc := server.Defaults()
	sc.InMemory = true
	sc.Seed = 1
	sc.Admin, sc.Listen = "", ""
	sc.Deterministic = true
	plugins := server.DefaultPlugins(sc, server.TerrainFunc(1, testkit.Flat), testkit.Spawn, &network.QueueSource{})
	pluginOf[*residency.Plugin](b, plugins).Config.QueueCap = 1 << 16
	// Writes become durable on the storage goroutine, as in a live
	// server: ticks do not wait for them.
	pluginOf[*persist.Plugin](b, plugins).Config.Synchronous = false
	app := testkit.NewApp(b)
	app.AddPlugins(plugins...)
	if err := app.Build(); err != nil {
		b.Fatal(err)
	}
	app.Commands().Spawn(nil, components.View{Center: chunk.Pos{X: 0, Y: 5, Z: 0}, Radius: 8})
	for range 3 {
		app.Step()
	}
	w := &benchWorld{
		app: app, store: ecs.Resource[resources.ChunkStore](app),
		edits: ecs.Resource[gameplay.Edits](app), stats: ecs.Resource[fallingsand.Stats](app),
		index: slices.IndexFunc(app.Timings().Systems(), func(s ecs.Stat) bool { return s.Name == fallingsand.SystemName }),
	}
	if w.index < 0 || !w.store.Has(chunk.Pos{X: -4, Y: 6, Z: -4}) || !w.store.Has(chunk.Pos{X: 3, Y: 4, Z: 3}) {
		b.Fatal("benchmark area not resident")
	}
	return w
}

// step runs one tick and keeps falling_blocks' duration as the engine
// measured it (the timings are reset first, so Last is this tick's).
func (w *benchWorld) step() {
	w.app.Timings().Reset()
	w.app.Step()
	w.times = append(w.times, w.app.Timings().Systems()[w.index].Last)
}

func (w *benchWorld) set(b *testing.B, x, y, z int, blk chunk.Block) {
	if _, ok := w.edits.Set(x, y, z, blk, 0); !ok {
		b.Fatalf("set (%d,%d,%d) to %v: no change", x, y, z, blk)
	}
}

// report reports falling_blocks' mean, median and 99th percentile.
func (w *benchWorld) report(b *testing.B) {
	s := slices.Clone(w.times)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	b.ReportMetric(us(sum)/float64(len(s)), "us/tick")
	b.ReportMetric(us(s[(len(s)-1)/2]), "p50_us/tick")
	b.ReportMetric(us(s[(len(s)-1)*99/100]), "p99_us/tick")
}

// BenchmarkFallingBlocks measures the falling_blocks system in the real
// schedule (engine timings).
//
//   - rain: every tick `drops` sand blocks appear at y=100, each over a
//     different column of the 128 × 128-block area, and fall one block a
//     tick to the ground at y=64 (36 ticks); landed sand is cleared 40
//     ticks after it appeared. About 36 × drops blocks are falling at any
//     time, each moved by two edits a tick. One op is one tick. (At 100
//     drops a tick the system falls behind: each falling block takes two
//     of the MaxPerTick examined positions, itself and the one above it,
//     so at most 2,048 blocks fall a tick.)
//   - collapse: a 32 × 32 × 8 slab of sand (8,192 blocks) held 17 blocks
//     above the ground by one layer of stone, whose 1,024 blocks are
//     removed in one tick: the slab falls, MaxPerTick (4,096) positions
//     examined a tick at most. One op is one whole collapse, until nothing
//     is left to examine; us/tick is over its ticks.
func BenchmarkFallingBlocks(b *testing.B) {
	const side = 128 // blocks, from -64 to 63
	for _, drops := range []int{10, 50} {
		b.Run(fmt.Sprintf("rain/drops=%d", drops), func(b *testing.B) {
			w := newBenchWorld(b)
			type drop struct {
				x, z int
				tick uint64
			}
			var falling []drop
			next := 0
			tick := func() {
				now := w.app.Tick()
				for len(falling) > 0 && now-falling[0].tick >= 40 {
					d := falling[0]
					falling = falling[1:]
					if blk, _ := w.store.Block(d.x, 64, d.z); blk == chunk.Sand {
						w.set(b, d.x, 64, d.z, chunk.Air)
					}
				}
				for range drops {
					// A stride coprime with the area visits every column
					// before it comes back (16,384 columns, 40 ticks of use).
					c := next * 7919 % (side * side)
					next++
					x, z := c%side-side/2, c/side-side/2
					w.set(b, x, 100, z, chunk.Sand)
					falling = append(falling, drop{x, z, now})
				}
				w.step()
			}
			for range 80 {
				tick()
			}
			w.times = w.times[:0]
			falls := w.stats.Falls
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			w.report(b)
			perTick := float64(w.stats.Falls-falls) / float64(ticks)
			b.ReportMetric(perTick, "falls/tick")
			if want := 35 * float64(drops); perTick < want {
				b.Fatalf("%.0f falls a tick, want at least %.0f", perTick, want)
			}
		})
	}
	b.Run("collapse", func(b *testing.B) {
		w := newBenchWorld(b)
		const x0, z0, size, floor = -16, -16, 32, 80 // slab from y=81 to 88 on stone at y=80
		var falls uint64
		collapses, ticks := 0, 0
		for b.Loop() {
			b.StopTimer()
			// Clear what the last collapse left on the ground, build the
			// slab and its support directly in the store (not as edits:
			// nothing reacts to them), and let persist take them.
			for x := x0; x < x0+size; x++ {
				for z := z0; z < z0+size; z++ {
					for y := 64; y <= floor+8; y++ {
						blk := chunk.Air
						switch {
						case y == floor:
							blk = chunk.Stone
						case y > floor:
							blk = chunk.Sand
						}
						w.store.SetBlock(x, y, z, blk)
					}
				}
			}
			w.app.Step()
			falls0 := w.stats.Falls
			b.StartTimer()
			for x := x0; x < x0+size; x++ {
				for z := z0; z < z0+size; z++ {
					w.set(b, x, floor, z, chunk.Air)
				}
			}
			for i := 0; ; i++ {
				if i > 1000 {
					b.Fatal("collapse not over after 1,000 ticks")
				}
				w.step()
				ticks++
				if w.stats.Pending == 0 {
					break
				}
			}
			b.StopTimer()
			falls += w.stats.Falls - falls0
			collapses++
			if got := w.stats.Falls - falls0; got != size*size*8*17 {
				b.Fatalf("%d falls in a collapse, want %d", got, size*size*8*17)
			}
			b.StartTimer()
		}
		w.report(b)
		b.ReportMetric(float64(falls)/float64(ticks), "falls/tick")
		b.ReportMetric(float64(ticks)/float64(collapses), "ticks/collapse")
	})
}
