package cli

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/server"
)

func newReplayCmd(g *globalFlags, plugins []ecs.Plugin) *cobra.Command {
	var verify, asJSON bool
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a recording headless as fast as possible; print the final state hash and ticks/s",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			res, err := server.ReplayFile(args[0], server.ReplayOptions{Verify: verify, Log: log.Level(max(log.GetLevel(), zerolog.WarnLevel)), Plugins: plugins})
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(map[string]any{
					"ticks": res.Ticks, "ticks_per_second": res.TicksPerSecond(), "final": res.Final, "mismatch": res.Mismatch,
				}); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "ticks %d in %v (%.0f ticks/s)\n", res.Ticks, res.Elapsed.Round(1e6), res.TicksPerSecond())
				fmt.Fprintf(out, "final hash: sections %016x entities %016x outbound %016x\n", res.Final.Sections, res.Final.Entities, res.Final.Outbound)
			}
			if res.Mismatch != nil {
				return fmt.Errorf("%w: recorded %+v, replayed %+v", res.Mismatch, res.Mismatch.Want, res.Mismatch.Got)
			}
			if verify {
				fmt.Fprintln(out, "verified: every recorded tick matches")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&verify, "verify", false, "compare every tick with the hashes in the recording (made with serve --record-hashes)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}
