package cli

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	rcluster "github.com/stratavox/strata/resources/cluster"
)

// newClusterCmd is `strata cluster`: looking at a world shared by shards.
func newClusterCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "cluster", Short: "inspect a world served by several shards over NATS JetStream"}
	var urls, bucket string
	var timeout time.Duration
	status := &cobra.Command{
		Use:   "status",
		Short: "shards, regions and their owners, players per shard",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			st, err := rcluster.ReadStatus(ctx, urls, bucket)
			if err != nil {
				return fmt.Errorf("cluster status: %w", err)
			}
			printClusterStatus(cmd.OutOrStdout(), st)
			return nil
		},
	}
	check := &cobra.Command{
		Use:   "check",
		Short: "Verify every value of a cluster's world; exit non-zero when anything is damaged",
		Long: `Read every value of the world's buckets in the NATS cluster (sections,
entity columns, hand-over records, leases, shards, sessions, players and
access records) and verify checksums, that every value decodes and that
every key is one Strata writes. Print the counts and every bad key. It only
reads, so the shards may run meanwhile.

Exit 0 when the world is clean, non-zero when it is not. A shard loads no
bad value (it logs the key, an error wrapping storage.ErrCorrupt) until the
value is rewritten or the key deleted with a NATS client; a deleted section
is generated again, its edits lost.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			rep, err := rcluster.Check(ctx, urls, bucket)
			if err != nil {
				return err
			}
			if err := rep.WriteText(cmd.OutOrStdout()); err != nil {
				return err
			}
			if !rep.Clean() {
				return fmt.Errorf("the world %s in the cluster at %s is not clean", bucket, urls)
			}
			return nil
		},
	}
	for _, c := range []*cobra.Command{status, check} {
		f := c.Flags()
		f.StringVar(&urls, "cluster", "nats://127.0.0.1:4222", "NATS URLs of the cluster")
		f.StringVar(&bucket, "cluster-bucket", "strata", "prefix of the world's buckets")
		f.DurationVar(&timeout, "timeout", 10*time.Second, "give up after this long")
		cmd.AddCommand(c)
	}
	return cmd
}

func printClusterStatus(w io.Writer, st rcluster.Status) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "SHARD\tADDRESS\tPLAYERS\tREGIONS\tSTARTED\n")
	owned := map[string]int{}
	for _, r := range st.Regions {
		owned[r.Shard]++
	}
	for _, s := range st.Shards {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", s.Name, s.Advertise, s.Players, owned[s.Name], s.Started.Format(time.RFC3339))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d sessions, %d regions leased\n", st.Sessions, len(st.Regions))
	if len(st.Regions) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "REGION\tOWNER\n")
		for _, r := range st.Regions {
			fmt.Fprintf(tw, "%d,%d\t%s\n", r.Region.X, r.Region.Z, r.Shard)
		}
		tw.Flush()
	}
}
