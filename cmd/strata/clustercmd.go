package main

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
	f := status.Flags()
	f.StringVar(&urls, "cluster", "nats://127.0.0.1:4222", "NATS URLs of the cluster")
	f.StringVar(&bucket, "cluster-bucket", "strata", "prefix of the world's buckets")
	f.DurationVar(&timeout, "timeout", 10*time.Second, "give up after this long")
	cmd.AddCommand(status)
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
