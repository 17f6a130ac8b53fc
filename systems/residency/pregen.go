package residency

import (
	"cmp"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// MaxPregenRadius bounds Pregen's radius (about 19 million sections).
const MaxPregenRadius = 512

// PregenConfig configures Pregen.
type PregenConfig struct {
	// CenterX and CenterZ are the region's centre column, in sections
	// (chunks, 16 blocks).
	CenterX, CenterZ int32
	// Radius is the region's radius in sections: every column with
	// dx²+dz² ≤ Radius², over the world's full height.
	Radius int
	// Generator makes the sections; required.
	Generator resources.Generator
	// Source, if set, is tried first (stored edits), as in the server.
	Source resources.Source
	// Workers and QueueCap configure the pool as for the server; 0 means
	// the defaults. Deterministic runs jobs inline (tests).
	Workers       int
	QueueCap      int
	Deterministic bool
	// Progress, if set, is called after each finished section with the
	// sections done and the total.
	Progress func(done, total int)
}

// PregenResult is what Pregen measured.
type PregenResult struct {
	Sections int           // sections generated (or loaded)
	Dense    int           // of which not uniform
	Workers  int           // worker goroutines used (0: deterministic)
	Elapsed  time.Duration // wall time from the first dispatch to the last result
	// Hash is a SHA-256 over every section's position and content hash in
	// chunk.ComparePos order: it depends only on the region and the
	// generator (version and seed), not on the worker count, the machine
	// or the order in which jobs finished. It equals ChunkStore.Hash of a
	// store holding exactly the region.
	Hash [32]byte
}

// HashHex returns Hash in hexadecimal.
func (r PregenResult) HashHex() string { return hex.EncodeToString(r.Hash[:]) }

// SectionsPerSecond returns the generation rate.
func (r PregenResult) SectionsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Sections) / r.Elapsed.Seconds()
}

// PregenRegion returns the region's sections in dispatch order: nearest
// column first (ties by X, then Z), bottom to top. Columns beyond the world
// border are left out.
func PregenRegion(centerX, centerZ int32, radius int) []chunk.Pos {
	center := chunk.Pos{X: centerX, Z: centerZ}
	r := int64(radius)
	var cols []chunk.Pos
	for dx := -r; dx <= r; dx++ {
		for dz := -r; dz <= r; dz++ {
			x, z := int64(centerX)+dx, int64(centerZ)+dz
			if dx*dx+dz*dz <= r*r && pregenAbs(x) <= chunk.BorderSections && pregenAbs(z) <= chunk.BorderSections {
				cols = append(cols, chunk.Pos{X: int32(x), Z: int32(z)})
			}
		}
	}
	slices.SortFunc(cols, func(a, b chunk.Pos) int {
		return cmp.Or(cmp.Compare(a.DistSqXZ(center), b.DistSqXZ(center)), chunk.ComparePos(a, b))
	})
	out := make([]chunk.Pos, 0, len(cols)*chunk.SectionsPerColumn)
	for _, col := range cols {
		for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
			out = append(out, chunk.Pos{X: col.X, Y: y, Z: col.Z})
		}
	}
	return out
}

// Pregen runs a region through a generation pool (the server's job
// resource, with its bounded queue, nearest first) and returns the rate
// and a content hash of the region. It keeps only a hash per section, so
// a large region does not need the memory to hold it.
func Pregen(ctx context.Context, cfg PregenConfig) (PregenResult, error) {
	if cfg.Generator == nil {
		return PregenResult{}, errors.New("pregen: no generator")
	}
	if cfg.Radius < 0 || cfg.Radius > MaxPregenRadius {
		return PregenResult{}, fmt.Errorf("pregen: radius %d out of range 0..%d", cfg.Radius, MaxPregenRadius)
	}
	region := PregenRegion(cfg.CenterX, cfg.CenterZ, cfg.Radius)
	gen := resources.NewGeneration(cfg.Generator, resources.GenerationConfig{
		Workers: cfg.Workers, QueueCap: cfg.QueueCap, Deterministic: cfg.Deterministic,
	})
	gen.SetSource(cfg.Source)
	defer gen.Stop()

	sums := make(map[chunk.Pos]uint64, len(region))
	res := PregenResult{Workers: gen.Workers()}
	start := time.Now()
	next := 0
	for len(sums) < len(region) {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("pregen: %w", err)
		}
		for next < len(region) && gen.Submit(region[next], uint32(next)) {
			next++
		}
		r, err := gen.Wait(ctx)
		if err != nil {
			return res, fmt.Errorf("pregen: %w", err)
		}
		if r.Err != nil {
			return res, fmt.Errorf("pregen: %w", r.Err)
		}
		sums[r.Pos] = r.Section.Hash()
		if !r.Section.IsUniform() {
			res.Dense++
		}
		if cfg.Progress != nil {
			cfg.Progress(len(sums), len(region))
		}
	}
	res.Elapsed = time.Since(start)
	res.Sections = len(region)

	res.Hash = resources.HashRegion(region, func(p chunk.Pos) uint64 { return sums[p] })
	return res, nil
}

func pregenAbs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
