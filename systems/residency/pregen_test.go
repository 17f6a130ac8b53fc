package residency

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/testkit"
	"github.com/stratavox/strata/worldgen"
)

func TestPregenRegion(t *testing.T) {
	ps := PregenRegion(10, -20, 3)
	if want := 29 * chunk.SectionsPerColumn; len(ps) != want { // Gauss circle N(3) = 29
		t.Fatalf("%d sections, want %d", len(ps), want)
	}
	if ps[0] != (chunk.Pos{X: 10, Y: chunk.MinSectionY, Z: -20}) {
		t.Fatalf("first section %v, want the centre column's bottom", ps[0])
	}
	last := ps[len(ps)-1]
	if d := last.DistSqXZ(chunk.Pos{X: 10, Z: -20}); d != 9 {
		t.Fatalf("last column at squared distance %d, want 9", d)
	}
}

// TestPregenHashIndependentOfWorkers runs the same region with different
// worker counts and inline: the hash must not change, and it must equal
// the hash of a store holding the region.
func TestPregenHashIndependentOfWorkers(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := PregenConfig{CenterX: -3, CenterZ: 4, Radius: 4, Generator: resources.GeneratorFunc(testkit.Surface), QueueCap: 16}
	var first PregenResult
	for i, tc := range []struct {
		workers int
		det     bool
	}{{1, false}, {2, false}, {3, false}, {0, true}} {
		c := cfg
		c.Workers, c.Deterministic = tc.workers, tc.det
		done := 0
		c.Progress = func(d, total int) {
			if d != done+1 || total != 49*chunk.SectionsPerColumn {
				t.Fatalf("progress %d/%d after %d", d, total, done)
			}
			done = d
		}
		res, err := Pregen(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if res.Sections != 49*chunk.SectionsPerColumn || res.Dense != 49 || res.SectionsPerSecond() <= 0 {
			t.Fatalf("workers=%d: %+v", tc.workers, res)
		}
		if i == 0 {
			first = res
			continue
		}
		if res.Hash != first.Hash {
			t.Fatalf("workers=%d det=%v: hash %s, want %s", tc.workers, tc.det, res.HashHex(), first.HashHex())
		}
	}
	store := resources.NewChunkStore()
	for _, p := range PregenRegion(cfg.CenterX, cfg.CenterZ, cfg.Radius) {
		if err := store.Insert(p, testkit.Surface(p), 0); err != nil {
			t.Fatal(err)
		}
	}
	if store.Hash() != first.Hash {
		t.Fatal("pregen hash differs from the store hash of the same region")
	}
	other := cfg
	other.CenterX++
	if res, err := Pregen(ctx, other); err != nil || res.Hash == first.Hash {
		t.Fatalf("a different region hashes the same: %v", err)
	}
}

func TestPregenErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Pregen(ctx, PregenConfig{Radius: 2}); err == nil {
		t.Fatal("no generator accepted")
	}
	if _, err := Pregen(ctx, PregenConfig{Radius: -1, Generator: resources.GeneratorFunc(testkit.Surface)}); err == nil {
		t.Fatal("negative radius accepted")
	}
	bad := resources.GeneratorFunc(func(p chunk.Pos) chunk.Section {
		if p.Y == 5 {
			panic("broken generator")
		}
		return testkit.Surface(p)
	})
	if _, err := Pregen(ctx, PregenConfig{Radius: 1, Generator: bad, Workers: 2}); err == nil {
		t.Fatal("generator failure not reported")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	slow := resources.GeneratorFunc(func(p chunk.Pos) chunk.Section { time.Sleep(time.Millisecond); return testkit.Surface(p) })
	if _, err := Pregen(cctx, PregenConfig{Radius: 3, Generator: slow, Workers: 1}); err == nil {
		t.Fatal("cancelled context not honoured")
	}
}

// TestPregenWorldgenHash runs the real generator: the region hash must not
// depend on the worker count.
func TestPregenWorldgenHash(t *testing.T) {
	gen, err := worldgen.New(20261129, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	var hashes []string
	for _, workers := range []int{1, 2} {
		res, err := Pregen(context.Background(), PregenConfig{CenterX: 3, CenterZ: -2, Radius: 2, Generator: gen, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, res.HashHex())
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("hash with 1 worker %s, with 2 %s", hashes[0], hashes[1])
	}
}

// BenchmarkPregenWorldgen generates a radius-4 region (1,176 sections)
// with the real generator and reports the rate.
func BenchmarkPregenWorldgen(b *testing.B) {
	gen, err := worldgen.New(20261129, worldgen.LatestVersion)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var sections int
			var elapsed time.Duration
			for b.Loop() {
				res, err := Pregen(context.Background(), PregenConfig{Radius: 4, Generator: gen, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				sections += res.Sections
				elapsed += res.Elapsed
			}
			b.ReportMetric(float64(sections)/elapsed.Seconds(), "sections/s")
		})
	}
}
