package cluster

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Status is what `strata cluster status` shows.
type Status struct {
	Shards   []ShardInfo   // sorted by name
	Regions  []RegionOwner // sorted by region
	Sessions int           // players connected across the cluster
}

// ShardInfo is one running shard.
type ShardInfo struct {
	Name, Advertise string
	Players         int
	Started         time.Time
}

// RegionOwner is one held region lease.
type RegionOwner struct {
	Region Region
	Shard  string
}

// Status reads the shard, lease and session keys of the cluster.
func (c *Cluster) Status(ctx context.Context) (Status, error) {
	start := time.Now()
	defer c.roundTrip(start)
	return readStatus(ctx, c.world)
}

// ReadStatus connects to the cluster at urls (comma-separated) without
// joining it as a shard and reads the status of the world in bucket
// prefix bucket ("" for the default "strata").
func ReadStatus(ctx context.Context, urls, bucket string) (Status, error) {
	if bucket == "" {
		bucket = "strata"
	}
	nc, js, err := connectReader(urls, "strata-status")
	if err != nil {
		return Status{}, fmt.Errorf("cluster status: %w", err)
	}
	defer nc.Close()
	kv, err := js.KeyValue(ctx, bucket+"_world")
	if err != nil {
		return Status{}, fmt.Errorf("cluster status: bucket %s_world: %w", bucket, err)
	}
	return readStatus(ctx, kv)
}

// connectReader connects to the cluster at urls as a tool that only reads
// (not a shard), under the connection name name.
func connectReader(urls, name string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(urls, nats.Name(name))
	if err != nil {
		return nil, nil, fmt.Errorf("connect %s: %w", urls, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return nc, js, nil
}

// readStatus reads the values of shard.> and lease.> and counts
// session.> in one watch (values delivered with the initial state, so no
// Get per key).
func readStatus(ctx context.Context, kv jetstream.KeyValue) (Status, error) {
	var st Status
	var sessions [][2]string // shard, incarnation
	err := eachValue(ctx, kv, []string{"shard.>", "lease.>", "session.>"}, func(k string, v []byte) {
		switch {
		case strings.HasPrefix(k, "shard."):
			var rec shardRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				rec.Name = strings.TrimPrefix(k, "shard.")
			}
			st.Shards = append(st.Shards, ShardInfo{Name: rec.Name, Advertise: rec.Advertise, Players: rec.Players, Started: rec.Started})
		case strings.HasPrefix(k, "lease."):
			if r, err := parseLeaseKey(k); err == nil {
				st.Regions = append(st.Regions, RegionOwner{Region: r, Shard: string(v)})
			}
		case strings.HasPrefix(k, "session."):
			sh, inc := parseSession(v)
			sessions = append(sessions, [2]string{sh, inc})
		}
	})
	if err != nil {
		return Status{}, fmt.Errorf("cluster status: %w", err)
	}
	// Only the sessions of shard processes still running count: a
	// crashed one's stay until swept or taken over.
	live := map[[2]string]bool{}
	for _, sh := range st.Shards {
		live[[2]string{sh.Name, incarnation(sh.Started)}] = true
		live[[2]string{sh.Name, ""}] = true
	}
	for _, s := range sessions {
		if live[s] {
			st.Sessions++
		}
	}
	slices.SortFunc(st.Shards, func(a, b ShardInfo) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortFunc(st.Regions, func(a, b RegionOwner) int {
		return cmp.Or(cmp.Compare(a.Region.X, b.Region.X), cmp.Compare(a.Region.Z, b.Region.Z))
	})
	return st, nil
}
