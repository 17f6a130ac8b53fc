package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/rs/zerolog"

	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	clusterplugin "github.com/stratavox/strata/systems/cluster"
	"github.com/stratavox/strata/systems/network"
)

// EmbeddedCluster is the --cluster value that starts a NATS server inside
// the process: a development mode for trying shards on one machine.
const EmbeddedCluster = "embedded"

// clusterConn is a shard's connection, and the embedded NATS server it
// started, if any.
type clusterConn struct {
	c        *rcluster.Cluster
	stopNATS func()
}

// joinCluster connects to the cluster of cfg and agrees on the world: a
// shard started without --seed serves the cluster's, one with another
// seed or generator version is refused.
func joinCluster(cfg Config, log zerolog.Logger) (Config, *clusterConn, error) {
	cc := &clusterConn{}
	urls := cfg.Cluster
	if urls == EmbeddedCluster {
		u, stop, err := rcluster.StartEmbedded(filepath.Join(cfg.DataDir, "nats"), log)
		if err != nil {
			return cfg, nil, fmt.Errorf("embedded nats: %w", err)
		}
		urls, cc.stopNATS = u, stop
		log.Warn().Str("url", u).Msg("embedded NATS server: development mode, one machine, no replicas")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := rcluster.Connect(ctx, rcluster.Options{
		URLs: urls, Shard: cfg.Shard, Bucket: cfg.ClusterBucket, Replicas: cfg.ClusterReplicas,
		LeaseTTL: cfg.LeaseTTL, Log: log, Advertise: cfg.Listen,
	})
	if err != nil {
		cc.close()
		return cfg, nil, fmt.Errorf("join cluster: %w", err)
	}
	cc.c = c
	meta, err := c.Agree(ctx, cfg.Seed, cfg.GeneratorVersion)
	if errors.Is(err, rcluster.ErrForeignWorld) && !cfg.SeedExplicit && !cfg.GeneratorVersionExplicit {
		cfg.Seed, cfg.GeneratorVersion = meta.Seed, meta.GeneratorVersion
		meta, err = c.Agree(ctx, cfg.Seed, cfg.GeneratorVersion)
	}
	if err != nil {
		cc.close()
		return cfg, nil, fmt.Errorf("join cluster: %w", err)
	}
	log.Info().Str("shard", cfg.Shard).Int64("seed", meta.Seed).Int("generator_version", meta.GeneratorVersion).
		Time("created_at", meta.CreatedAt).Msg("joined cluster")
	return cfg, cc, nil
}

// close leaves the cluster (its leases and sessions go at once, not after
// their TTL) and stops the embedded NATS server.
func (cc *clusterConn) close() error {
	if cc == nil {
		return nil
	}
	var err error
	if cc.c != nil {
		err = cc.c.Close()
		cc.c = nil
	}
	if cc.stopNATS != nil {
		cc.stopNATS()
		cc.stopNATS = nil
	}
	return err
}

// clusterBackend is the persist plugin's backend: the cluster's store for
// a shard, nil (the world database) otherwise.
func clusterBackend(cfg Config) storage.Backend {
	if cfg.cluster == nil {
		return nil
	}
	return cfg.cluster.Store()
}

// clusterSessions is the network plugin's name sessions for a shard.
func clusterSessions(cfg Config) network.Sessions {
	if cfg.cluster == nil {
		return nil
	}
	return clusterplugin.Sessions(cfg.cluster)
}

// clusterSavePlayers is how often a shard saves its players' records: every
// 5 s at 20 TPS, so a crash loses at most that much of where they were.
func clusterSavePlayers(cfg Config) uint64 {
	if cfg.cluster == nil {
		return 0
	}
	return uint64(5 * cfg.TPS)
}
