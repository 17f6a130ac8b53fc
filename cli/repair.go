package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/resources/storage"
)

func newRepairCmd(g *globalFlags) *cobra.Command {
	var data, out string
	var seed int64
	var version int
	cmd := &cobra.Command{
		Use:   "repair",
		Short: "Salvage every readable record of a damaged world into a new data directory",
		Long: `Read the world database in --data as strata check does and write, for every
key, its newest intact record into a new database in --out (an older intact
revision where the newest is damaged). The damaged directory is only read;
--out must not exist or be empty. repair prints what it lost (keys by
position or name, damaged key ranges) and what it restored older, then
checks the new database. The TLS certificate and key kept in --data are
copied, so clients that pinned the certificate still connect.

The world metadata (seed, generator version) is kept in three places: its
record, a copy at the other end of the key space, and world-meta.json in
--data; repair recovers it from the first intact one (else from the newest
backup in --data/backups) and says where from. Only when it is lost
everywhere, give the world's own --seed and --generator-version and repair
writes it; otherwise the first serve on the copy binds it to whatever it
is started with.

Then: strata serve --data OUT.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			opts := storage.RepairOptions{Log: log}
			if cmd.Flags().Changed("seed") || cmd.Flags().Changed("generator-version") {
				if !cmd.Flags().Changed("seed") || !cmd.Flags().Changed("generator-version") {
					return errors.New("give both --seed and --generator-version, the world's own")
				}
				opts.Meta = &storage.Meta{Seed: seed, GeneratorVersion: version, CreatedAt: time.Now().UTC()}
			}
			rep, err := storage.Repair(data, out, opts)
			if err != nil {
				return err
			}
			if err := copyCerts(data, out); err != nil {
				return err
			}
			if err := rep.WriteText(cmd.OutOrStdout()); err != nil {
				return err
			}
			if !rep.Verified {
				return fmt.Errorf("the repaired copy in %s does not check clean: run strata check --data %s", out, out)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", "./strata-data", "data directory of the damaged world (only read)")
	f.StringVar(&out, "out", "", "data directory to create the repaired world in (must not exist, or be empty)")
	f.Int64Var(&seed, "seed", 0, "the world's seed, written only if its metadata is lost")
	f.IntVar(&version, "generator-version", 0, "the world's generator version, written only if its metadata is lost")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// copyCerts copies the self-signed certificate and its key, when the data
// directory holds them.
func copyCerts(from, to string) error {
	for _, name := range []string{certs.CertFile, certs.KeyFile} {
		err := copyFile(filepath.Join(from, name), filepath.Join(to, name))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("copy %s: %w", name, err)
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Sync(), out.Close())
}
