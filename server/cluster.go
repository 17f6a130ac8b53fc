package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/access"

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

// JoinCluster connects cfg's shard to its cluster (cfg.Cluster, cfg.Shard)
// for a caller that builds its own App from DefaultPlugins (strata bench):
// with the Config it returns, DefaultPlugins are a shard's. leave closes
// the connection; call it after the App's Shutdown.
func JoinCluster(cfg Config, log zerolog.Logger) (_ Config, leave func() error, _ error) {
	cfg, cc, err := joinCluster(cfg, log)
	if err != nil {
		return cfg, nil, err
	}
	cfg.cluster = cc.c
	return cfg, cc.close, nil
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

// clusterAccess is the permissions plugin's backend: the cluster's access
// bucket for a shard (identity, operators and bans cluster-wide), nil (the
// world database) otherwise.
func clusterAccess(cfg Config) access.Backend {
	if cfg.cluster == nil {
		return nil
	}
	return cfg.cluster.Access()
}

// clusterSessions is the network plugin's name sessions for a shard.
func clusterSessions(cfg Config) network.Sessions {
	if cfg.cluster == nil {
		return nil
	}
	return clusterplugin.Sessions(cfg.cluster)
}

// clusterSnapshot is the status page's cluster panel; nil off a cluster.
func (s *Server) clusterSnapshot() *admin.ClusterSnapshot {
	if s.cfg.cluster == nil {
		return nil
	}
	c := s.cfg.cluster
	cs := &admin.ClusterSnapshot{Shard: c.Shard(), Fenced: c.Stats().FencedWrites}
	for _, r := range c.Leases.Held() {
		cs.Regions = append(cs.Regions, fmt.Sprintf("%d,%d", r.X, r.Z))
	}
	if st, ok := ecs.GetResource[clusterplugin.Stats](s.app); ok {
		cs.RemotePlayers, cs.RemoteEntities = st.RemotePlayers.Load(), st.RemoteEntities.Load()
		cs.Forwarded, cs.Served = st.Forwarded.Load(), st.Served.Load()
	}
	return cs
}

// clusterCollector exports a shard's cluster figures to /metrics, read at
// scrape time from counters safe on any goroutine.
type clusterCollector struct {
	c     *rcluster.Cluster
	stats *clusterplugin.Stats
}

var (
	descLeases     = prometheus.NewDesc("strata_cluster_leases_held", "Region leases this shard holds.", nil, nil)
	descWatched    = prometheus.NewDesc("strata_cluster_watched_regions", "Regions whose stored sections this shard's section feed watches.", nil, nil)
	descClaims     = prometheus.NewDesc("strata_cluster_claims_total", "Region claims, by outcome (took: lease taken; owned: another shard held it).", []string{"outcome"}, nil)
	descLost       = prometheus.NewDesc("strata_cluster_leases_lost_total", "Leases lost: a renewal refused or overdue, or a fenced write.", nil, nil)
	descFenced     = prometheus.NewDesc("strata_cluster_fenced_writes_total", "Section and entity writes refused because the region's lease was not this shard's.", nil, nil)
	descBatches    = prometheus.NewDesc("strata_cluster_atomic_batches_total", "Atomic batches committed: one region's writes of a commit in one round trip.", nil, nil)
	descWatch      = prometheus.NewDesc("strata_cluster_watch_restarts_total", "Section watches started again after they ended underneath or stalled.", nil, nil)
	descRoundTrips = prometheus.NewDesc("strata_cluster_nats_round_trips_total", "JetStream round trips (KV operations, waits for a set of acks).", nil, nil)
	descRTTime     = prometheus.NewDesc("strata_cluster_nats_round_trip_seconds_total", "Time spent in JetStream round trips.", nil, nil)
	descMsgs       = prometheus.NewDesc("strata_cluster_messages_total", "NATS messages, by subject family and direction.", []string{"family", "direction"}, nil)
	descEdits      = prometheus.NewDesc("strata_cluster_edits_total", "Edits across shards, by kind (forwarded to an owner, forward_read_back: answered from the store when the owner could not, fenced_landed: refused as fenced yet found stored by the read-back, served for another shard, ahead: another shard's shown before durable, ahead_reload: sections of unconfirmed ones reloaded).", []string{"kind"}, nil)
	descRemote     = prometheus.NewDesc("strata_cluster_remote_players", "Players of other shards seen by this one.", nil, nil)
	descMirrors    = prometheus.NewDesc("strata_cluster_remote_entities", "Entities other shards simulate, mirrored on this one for its players.", nil, nil)
	descEntOut     = prometheus.NewDesc("strata_cluster_entity_states_out_total", "States of entities this shard simulates, published to other shards.", nil, nil)
	descHandovers  = prometheus.NewDesc("strata_cluster_entity_handovers_total", "Entities that crossed into another shard's region: handed to it (sent), handed here and adopted (received), hand-over records here that could not be adopted (refused); and moves between two regions of this shard, made through a hand-over record (transit).", []string{"outcome"}, nil)
	descBytes      = prometheus.NewDesc("strata_cluster_bytes_total", "Payload bytes of edits, presence and chat exchanged with other shards, by direction.", []string{"direction"}, nil)
)

func (cc clusterCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descLeases, descWatched, descClaims, descLost, descFenced, descBatches, descWatch, descRoundTrips, descRTTime, descMsgs, descEdits, descRemote, descMirrors, descEntOut, descHandovers, descBytes} {
		ch <- d
	}
}

func (cc clusterCollector) Collect(ch chan<- prometheus.Metric) {
	st := cc.c.Stats()
	gauge := func(d *prometheus.Desc, v float64, l ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, l...)
	}
	count := func(d *prometheus.Desc, v float64, l ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, l...)
	}
	gauge(descLeases, float64(st.LeasesHeld))
	count(descClaims, float64(st.Claims), "took")
	count(descClaims, float64(st.ClaimsLost), "owned")
	count(descLost, float64(st.LeasesLost))
	count(descFenced, float64(st.FencedWrites))
	count(descBatches, float64(st.AtomicBatches))
	count(descWatch, float64(st.WatchRestarts))
	count(descRoundTrips, float64(st.RoundTrips))
	count(descRTTime, float64(st.RoundTripNanos)/1e9)
	for fam, n := range st.MsgsIn {
		count(descMsgs, float64(n), fam, "in")
	}
	for fam, n := range st.MsgsOut {
		count(descMsgs, float64(n), fam, "out")
	}
	if cc.stats != nil {
		count(descEdits, float64(cc.stats.Forwarded.Load()), "forwarded")
		count(descEdits, float64(cc.stats.ForwardsReadBack.Load()), "forward_read_back")
		count(descEdits, float64(cc.stats.FencedLanded.Load()), "fenced_landed")
		count(descEdits, float64(cc.stats.Served.Load()), "served")
		count(descEdits, float64(cc.stats.AheadEdits.Load()), "ahead")
		count(descEdits, float64(cc.stats.AheadReloads.Load()), "ahead_reload")
		gauge(descRemote, float64(cc.stats.RemotePlayers.Load()))
		gauge(descMirrors, float64(cc.stats.RemoteEntities.Load()))
		gauge(descWatched, float64(cc.stats.WatchedRegions.Load()))
		count(descEntOut, float64(cc.stats.EntitiesOut.Load()))
		count(descHandovers, float64(cc.stats.HandoversOut.Load()), "sent")
		count(descHandovers, float64(cc.stats.HandoversIn.Load()), "received")
		count(descHandovers, float64(cc.stats.HandoversRefused.Load()), "refused")
		count(descHandovers, float64(cc.stats.Transits.Load()), "transit")
		count(descBytes, float64(cc.stats.BytesIn.Load()), "in")
		count(descBytes, float64(cc.stats.BytesOut.Load()), "out")
	}
}
