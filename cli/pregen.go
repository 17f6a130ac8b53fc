package cli

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

func newPregenCmd() *cobra.Command {
	var (
		seed    = server.Defaults().Seed
		version = worldgen.LatestVersion
		center  = "0,0"
		radius  = 16
		workers = 0
	)
	cmd := &cobra.Command{
		Use:   "pregen",
		Short: "Generate a region through the server's job pool; print sections/s and the region's content hash",
		Long: `Generate every section of the columns within --radius chunks of --center,
over the world's full height, through the same generation pool the server
uses (bounded queue, nearest first), and print the rate and a SHA-256 of the
region's content. The hash depends only on the region, the seed and the
generator version: compare it across machines and worker counts.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			bx, bz, err := parseXZ(center)
			if err != nil {
				return fmt.Errorf("--center: %w", err)
			}
			if radius < 0 || radius > residency.MaxPregenRadius {
				return fmt.Errorf("--radius: %d is outside 0..%d", radius, residency.MaxPregenRadius)
			}
			gen, err := worldgen.New(seed, version)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			cfg := residency.PregenConfig{
				CenterX:   int32(chunk.FloorDiv(bx)),
				CenterZ:   int32(chunk.FloorDiv(bz)),
				Radius:    radius,
				Generator: gen,
				Workers:   workers,
				Progress:  pregenProgress(cmd.ErrOrStderr()),
			}
			res, err := residency.Pregen(ctx, cfg)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "region   centre chunk %d,%d radius %d: %d sections (%d dense)\n", cfg.CenterX, cfg.CenterZ, radius, res.Sections, res.Dense)
			fmt.Fprintf(out, "world    seed %d, generator v%d\n", seed, version)
			fmt.Fprintf(out, "workers  %d\n", res.Workers)
			fmt.Fprintf(out, "elapsed  %s\n", res.Elapsed.Round(time.Millisecond))
			fmt.Fprintf(out, "rate     %.0f sections/s\n", res.SectionsPerSecond())
			fmt.Fprintf(out, "hash     %s\n", res.HashHex())
			return nil
		},
	}
	f := cmd.Flags()
	f.Int64Var(&seed, "seed", seed, "world seed")
	f.IntVar(&version, "generator-version", version, "terrain generator version")
	f.StringVar(&center, "center", center, "centre block X,Z (the region is centred on the chunk holding it)")
	f.IntVar(&radius, "radius", radius, "radius in chunks (16-block sections); every column within it, full height")
	f.IntVar(&workers, "workers", workers, "generation workers (0: one per core)")
	return cmd
}

// pregenProgress returns a progress callback: a bar on a terminal, a line
// every few seconds otherwise.
func pregenProgress(w io.Writer) func(done, total int) {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		var bar interface {
			Set(int) error
			Finish() error
		}
		return func(done, total int) {
			if bar == nil {
				bar = newBar(int64(total), "pregen")
			}
			_ = bar.Set(done)
			if done == total {
				_ = bar.Finish()
			}
		}
	}
	var last time.Time
	return func(done, total int) {
		if now := time.Now(); now.Sub(last) >= 5*time.Second || done == total {
			last = now
			fmt.Fprintf(w, "pregen: %d/%d sections (%.0f%%)\n", done, total, 100*float64(done)/float64(max(total, 1)))
		}
	}
}
