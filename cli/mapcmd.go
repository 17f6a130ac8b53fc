package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/worldgen"
	"github.com/stratavox/strata/worldgen/mapimg"
)

// parseXZ parses "X,Z" (block or section coordinates, as the flag says).
func parseXZ(s string) (x, z int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("%q is not X,Z", s)
	}
	if x, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, fmt.Errorf("%q: X: %w", s, err)
	}
	if z, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
		return 0, 0, fmt.Errorf("%q: Z: %w", s, err)
	}
	return x, z, nil
}

func newMapCmd() *cobra.Command {
	var (
		seed    = server.Defaults().Seed
		version = worldgen.LatestVersion
		center  = "0,0"
		size    = 1024
		out     = "map.png"
	)
	cmd := &cobra.Command{
		Use:   "map",
		Short: "Render a top-down picture of the generated world (colour by surface block, shaded by height)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			cx, cz, err := parseXZ(center)
			if err != nil {
				return fmt.Errorf("--center: %w", err)
			}
			if size < 1 || size > 16384 {
				return fmt.Errorf("--size: %d is outside 1..16384", size)
			}
			if err := mapimg.WriteMapPNG(out, seed, version, cx, cz, size); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d×%d blocks around %d,%d, seed %d, generator v%d\n", out, size, size, cx, cz, seed, version)
			return nil
		},
	}
	f := cmd.Flags()
	f.Int64Var(&seed, "seed", seed, "world seed")
	f.IntVar(&version, "generator-version", version, "terrain generator version")
	f.StringVar(&center, "center", center, "centre block X,Z")
	f.IntVar(&size, "size", size, "width and height in blocks (one pixel per block)")
	f.StringVar(&out, "out", out, "output PNG file")
	return cmd
}
