package server_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// BenchmarkPersist measures the tick-side cost of durability: persist
// (collect the dirty sections, copy them, hand one write to the storage
// goroutine) and release_durable (drain durable writes, clear the dirty
// flags, release acknowledgements), with the real Pebble writer on
// b.TempDir() (synced batches on disk).
//
// Twenty views of radius 8 (players' views, as far as residency is
// concerned) keep about 30,000 sections resident over a 100 × 100-chunk
// area; each tick `edits` blocks change at random cells of random
// resident sections (each edit dirties its section, so up to `edits`
// dirty sections a tick) and each registers an acknowledgement with
// AfterDurable, as a player's action does. Between ticks the benchmark
// waits for the tick's write to be durable, outside the measurement: at
// 20 TPS a tick has 50 ms, more than an fsync takes here, so the steady
// state is one write a tick released the tick after. The fsync itself is
// off the tick and not counted: us/tick is persist + release_durable
// (engine timings); sync_ms is the storage goroutine's fsync, for scale.
func BenchmarkPersist(b *testing.B) {
	for _, k := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("edits=%d", k), func(b *testing.B) {
			cfg := server.Defaults()
			cfg.DataDir = b.TempDir()
			cfg.Seed = 1
			cfg.Admin, cfg.Listen = "", ""
			// Generation inline and excluded: every wanted section is
			// resident the next tick.
			cfg.Deterministic = true
			plugins := server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Surface), components.Position{X: 0.5, Y: 64, Z: 0.5}, &network.QueueSource{})
			pluginOf[*residency.Plugin](b, plugins).Config.QueueCap = 1 << 20
			// Writes become durable on the storage goroutine, as in a live
			// server: release_durable does not wait for the fsync (the
			// benchmark does, between ticks).
			pluginOf[*persist.Plugin](b, plugins).Config.Synchronous = false
			app := ecs.NewApp(ecs.WithLogger(zerolog.Nop()))
			app.AddPlugins(plugins...)
			if err := app.Build(); err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() {
				if err := app.Shutdown(); err != nil {
					b.Error(err)
				}
			})
			rng := rand.New(rand.NewPCG(5, uint64(k)))
			for range 20 {
				c := chunk.Pos{X: rng.Int32N(100) - 50, Y: 2, Z: rng.Int32N(100) - 50}
				app.Commands().Spawn(nil, components.View{Center: c, Radius: 8})
			}
			store := ecs.Resource[resources.ChunkStore](app)
			edits := ecs.Resource[gameplay.Edits](app)
			dur := ecs.Resource[persist.Durability](app)
			writer := dur.Writer()
			for range 3 {
				app.Step()
			}
			resident := store.AppendPositions(nil)
			tt := newTickTimes(b, app, persist.SystemPersist, persist.SystemReleaseDurable)
			wantWrites := writer.Stats().Writes
			var syncs time.Duration
			tick := func() {
				for range k {
					p := resident[rng.IntN(len(resident))]
					x, y, z := p.MinBlock()
					x, y, z = x+rng.IntN(chunk.Size), y+rng.IntN(chunk.Size), z+rng.IntN(chunk.Size)
					blk := chunk.Dirt
					if cur, _ := store.Block(x, y, z); cur == chunk.Dirt {
						blk = chunk.Stone
					}
					if _, ok := edits.Set(x, y, z, blk, 0); !ok {
						b.Fatalf("edit at (%d,%d,%d) not made", x, y, z)
					}
					dur.AfterDurable(func() {})
				}
				tt.step()
				// The tick's write, durable before the next tick (as it is
				// within 50 ms); waiting is not measured.
				wantWrites++
				deadline := time.Now().Add(10 * time.Second)
				for writer.Stats().Writes < wantWrites {
					if time.Now().After(deadline) {
						b.Fatalf("write %d not durable after 10 s", wantWrites)
					}
					time.Sleep(20 * time.Microsecond)
				}
				syncs += writer.Stats().LastSync
			}
			for range 20 {
				tick()
			}
			tt.forget()
			syncs = 0
			st0 := writer.Stats()
			ticks := 0
			for b.Loop() {
				tick()
				ticks++
			}
			st := writer.Stats()
			persisted := tt.report(b, persist.SystemPersist, "persist_")
			release := tt.report(b, persist.SystemReleaseDurable, "release_")
			b.ReportMetric(persisted+release, "us/tick")
			b.ReportMetric(float64(st.Sections-st0.Sections)/float64(ticks), "sections/tick")
			b.ReportMetric(float64(syncs.Microseconds())/1e3/float64(ticks), "sync_ms")
			b.ReportMetric(float64(store.Len()), "resident")
			if callbacks, _ := dur.Pending(); callbacks > 2*k {
				b.Fatalf("%d acknowledgements still waiting", callbacks)
			}
		})
	}
}
