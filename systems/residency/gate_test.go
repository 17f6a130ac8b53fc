package residency

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
)

func TestLoadSpawn(t *testing.T) {
	for _, det := range []bool{true, false} {
		name := map[bool]string{true: "deterministic", false: "pool"}[det]
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, Config{Deterministic: det, Workers: 1, QueueCap: 32})
			view := components.View{Center: chunk.Pos{X: 2, Y: 4, Z: -1}, Radius: 4}
			var calls [][2]int
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			spawned, err := LoadSpawn(ctx, h.app, view, func(resident, inFlight int) {
				calls = append(calls, [2]int{resident, inFlight})
			})
			if err != nil {
				t.Fatal(err)
			}
			anchor := spawned.Anchor
			if len(spawned.Failed) != 0 {
				t.Fatalf("failed sections %v with a generator that never fails", spawned.Failed)
			}
			total := len(union(view))
			sameSet(t, "resident after the gate", h.residentSet(), union(view))
			if h.gen.InFlight() != 0 {
				t.Fatalf("%d jobs in flight after the gate", h.gen.InFlight())
			}
			if len(calls) < 2 || calls[len(calls)-1] != [2]int{total, 0} {
				t.Fatalf("progress calls %v, want ending in [%d 0]", calls, total)
			}
			for i, c := range calls {
				if c[0]+c[1] != total || (i > 0 && c[0] < calls[i-1][0]) {
					t.Fatalf("progress not monotonic over a fixed total: %v", calls)
				}
			}
			// The anchor stays and keeps the region resident.
			for range 5 {
				h.app.Step()
			}
			if !h.app.World().Alive(anchor) || h.store.Len() != total {
				t.Fatal("anchor gone or region released")
			}
			h.app.Commands().Despawn(anchor)
			h.app.Step()
			if h.store.Len() != 0 {
				t.Fatalf("%d sections resident after the anchor left", h.store.Len())
			}
		})
	}
}

func TestLoadSpawnHonoursContext(t *testing.T) {
	g := testkit.NewCountingGen()
	g.Gate = make(chan struct{})
	h := newHarness(t, Config{Generator: g, Workers: 1})
	defer close(g.Gate) // let the blocked worker finish before Shutdown
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := LoadSpawn(ctx, h.app, components.View{Center: chunk.Pos{Y: 3}, Radius: 2}, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("LoadSpawn: %v, want deadline exceeded", err)
	}
}

func TestLoadSpawnNeedsResidency(t *testing.T) {
	app := ecs.NewApp()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSpawn(context.Background(), app, components.View{}, nil); err == nil {
		t.Fatal("gate ran without the residency plugin")
	}
}
