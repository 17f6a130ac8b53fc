package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/resources/storage"
)

func newCheckCmd() *cobra.Command {
	var data string
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Verify every record of a world database; exit non-zero when anything is damaged",
		Long: `Read every record of the world database in --data — every table block by
block, every write-ahead log record by record, without trusting Pebble's
MANIFEST — and verify checksums, that every record decodes, that every key
is one Strata writes, and that the world metadata is there. Print the counts,
every damaged part of a file, and every key whose newest record cannot be
read (sections by position, players by name, entity records by column).

Exit 0 when the database is clean, non-zero when it is not: then stop the
server and run strata repair. check takes the database's lock, so it refuses
a database a server is running on.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rep, err := storage.Check(data)
			if err != nil {
				return err
			}
			if err := rep.WriteText(cmd.OutOrStdout()); err != nil {
				return err
			}
			if !rep.Clean() {
				return fmt.Errorf("the world database in %s is not clean: stop its server and run strata repair --data %s --out NEW", data, data)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&data, "data", "./strata-data", "data directory of the world to check")
	return cmd
}
