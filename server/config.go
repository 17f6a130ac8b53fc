// Package server assembles Strata's plugins into a running server: the
// App, the start-up gate, the tick loop and an orderly shutdown.
package server

import (
	"errors"
	"fmt"
	"github.com/stratavox/strata/systems/lod"
	"time"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/plugins/daynight"
	"github.com/stratavox/strata/plugins/fallingsand"
	"github.com/stratavox/strata/plugins/protect"
	"github.com/stratavox/strata/resources/access"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/settings"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/worldgen"
)

// Config is every setting of a server. Defaults() gives the embedded
// defaults that `strata serve` starts with.
type Config struct {
	// DataDir holds the database and the TLS certificate.
	DataDir string
	// Seed is the seed of a new world. A world already stored in DataDir
	// keeps the seed it was created with: without SeedExplicit, New serves
	// it with that seed; with SeedExplicit, a different stored seed is an
	// error naming both.
	Seed int64
	// SeedExplicit says Seed was asked for (serve: --seed, STRATA_SEED or
	// the config file) rather than left at its default.
	SeedExplicit bool
	// TPS is the tick rate.
	TPS int
	// MaxCatchUp bounds how many late ticks run back to back.
	MaxCatchUp int
	// NoIdleGC keeps the garbage collector out of the time between ticks
	// (ecs.IdleGC): it then starts its cycles wherever the heap reaches
	// their trigger, often inside a tick.
	NoIdleGC bool
	// SpawnRadius is the radius in sections kept resident around spawn and
	// loaded before the network opens.
	SpawnRadius int
	// Workers is the generation pool size; 0 means one per core. While a
	// tick runs, one of them (of two or more) takes no new job.
	Workers int
	// BindThreads binds the tick's thread to one CPU, the parallel loops'
	// helpers to the others and, while a tick runs, the generation
	// workers off the tick's (ecs.WithBoundThreads). Off here, for the
	// servers tests run side by side in one process; strata serve turns
	// it on unless told otherwise.
	BindThreads bool
	// GeneratorVersion is the terrain generator version of a new world. A
	// stored world keeps its own unless GeneratorVersionExplicit or
	// MigrateGenerator is set (then the two must match, or
	// MigrateGenerator moves the world to GeneratorVersion).
	GeneratorVersion int
	// GeneratorVersionExplicit says GeneratorVersion was asked for.
	GeneratorVersionExplicit bool
	// Listen is the QUIC listener's UDP address ("" disables the network:
	// a headless server).
	Listen string
	// CertFile and KeyFile name a certificate to use instead of the
	// self-signed one kept in DataDir.
	CertFile, KeyFile string
	// MaxViewDistance clamps every client's view radius, in sections.
	MaxViewDistance int
	// MaxLODLevels is the most levels of detail a client granted the
	// feature "lod" gets beyond its view (its default too): 1..7, the
	// horizon at view·2^levels sections; 0 sends no LOD.
	MaxLODLevels int
	// MaxClients bounds the connected players.
	MaxClients int
	// AllowFlight lets clients fly; FlySpeed is the flying speed limit in
	// blocks per second (0: the default, 21.6).
	AllowFlight bool
	FlySpeed    float64
	// WebOrigins are extra page origins allowed to open WebTransport
	// sessions (the admin listener's own /play page always is).
	WebOrigins []string
	// AuthIssuerKey, if set, names a PEM file with the Ed25519 public key
	// of a website that issues login tokens (access.TokenAuthenticator):
	// every login must then carry a valid token for its name and key, in
	// place of binding a name to the first key that uses it (trust on
	// first use). Bans and the whitelist apply either way.
	AuthIssuerKey string
	// NameUnplayedTTL, NameIdleTTL, MaxNames, NameBindBurst and
	// NameBindEvery limit the names trust on first use binds
	// (access.NameLimits; docs/admin.md, "Name bindings"): a binding
	// whose player never entered the world lapses NameUnplayedTTL after
	// it was made, one whose player stays away lapses NameIdleTTL after
	// it was last in the world; one address (an IPv4 address, an IPv6
	// /64) makes NameBindBurst new bindings at once and then one per
	// NameBindEvery; at most MaxNames are kept. 0 turns each off.
	// Operators' and whitelisted names are exempt.
	NameUnplayedTTL time.Duration
	NameIdleTTL     time.Duration
	MaxNames        int
	NameBindBurst   int
	NameBindEvery   time.Duration
	// Admin is the admin HTTP listener's address ("" disables it).
	Admin string
	// AdminToken is required on every admin request; mandatory when Admin
	// is not a loopback address.
	AdminToken string
	// Record, if set, is a file to record every inbound event in.
	Record string
	// RecordHashes adds a state hash per tick to the recording, for
	// `strata replay --verify`; it implies Deterministic.
	RecordHashes bool
	// Deterministic makes the simulation a function of its inputs:
	// generation inline, acknowledgements released synchronously, no
	// wall-clock budgets. Slower; for recordings and tests.
	Deterministic bool
	// InMemory keeps the world database in memory (replay, bench).
	InMemory bool
	// MigrateGenerator lets a database made by another generator version
	// be served with GeneratorVersion (its edits are kept).
	MigrateGenerator bool
	// BackupEvery, when positive, takes a backup (a Pebble checkpoint)
	// into DATA/backups every interval while the server runs, off the tick.
	BackupEvery time.Duration
	// BackupKeep is how many scheduled backups are kept, the newest; older
	// ones are removed after each new one. 0 keeps them all.
	BackupKeep int
	// SpreadRecentres gives each player's view its own recentring phase
	// (network.Config.SpreadRecentres). On by default; recordings keep it
	// in their header, and those made before it replay without.
	SpreadRecentres bool
	// PredictedRefreshPerEntity is the "predicted-states" rule of
	// recordings made before each client had refresh ticks of its own
	// (entities.Config.RefreshPerEntity). Off by default; recordings keep
	// the rule in their header, and those made before replay with it on.
	PredictedRefreshPerEntity bool
	// EntitySaveEvery is how long, in ticks, a changed column's entities
	// wait before they are saved (besides when the column leaves and at
	// shutdown): what a crash can lose. 0 means 600 (30 s at 20 TPS).
	EntitySaveEvery uint64

	// Cluster, if set, makes this server a shard of a world shared over
	// NATS JetStream: comma-separated nats:// URLs, or "embedded" for a
	// NATS server inside this process (development mode, one machine).
	// Sections, player and entity records then live in JetStream; the
	// data directory keeps only what is per server (identity, backups of
	// it). See docs/cluster.md.
	Cluster string
	// Shard names this server in its cluster ([A-Za-z0-9_-], 1–32).
	Shard string
	// ClusterBucket prefixes the world's buckets and subjects; shards of
	// one world share it. Default "strata".
	ClusterBucket string
	// ClusterReplicas is the JetStream replica count of the world's
	// buckets (production: 3). 0, the default, keeps an existing world's
	// and makes a new one's 1.
	ClusterReplicas int
	// ClusterFeedOnly shows other shards' block edits only once they are
	// durable (clusterplugin.Config.FeedOnly); no flag sets it.
	ClusterFeedOnly bool
	// ClusterClaimViewedAfter is how long a region resident for this
	// shard's views waits unclaimed before the shard claims it to
	// simulate its entities (clusterplugin.Config.ClaimViewedAfter);
	// no flag sets it. Default 5 s.
	ClusterClaimViewedAfter time.Duration
	// ClusterPresenceEvery is how many ticks apart a shard sends the
	// shards near it its players and entities
	// (clusterplugin.Config.PresenceEvery): 1..20, default 2.
	ClusterPresenceEvery int
	// LeaseTTL is how long a region's lease lives unrenewed: how soon
	// another shard may take over a dead one's regions. Default 5 s.
	LeaseTTL time.Duration

	// Plugins are added after the built-in ones, in this order, except
	// those a setting turns off (settings.Optional). Defaults starts it
	// with StockPlugins (falling sand, the day/night clock, critters,
	// spawn protection); append a server's own, or leave a stock one out.
	// Their settings (package settings) are theirs: `strata serve` reads
	// them from [plugins.NAME] tables and STRATA_PLUGIN_ variables, and
	// a recording keeps their names and settings. A plugin value is built
	// into one server: two servers in one process (a test's shards) each
	// need their own, so copy a Config's Plugins with fresh instances.
	Plugins []ecs.Plugin

	// cluster is the shard's connection once joined (newServer sets it),
	// for DefaultPlugins.
	cluster *rcluster.Cluster
}

// deliveryBudget is the per-client delivery budget: the network plugin
// spends it and Welcome announces it, from this one value.
func (c Config) deliveryBudget() network.DeliveryBudget {
	return network.DeliveryBudget{}.WithDefaults()
}

// chatLimits are the chat limits the transport and the chat plugin both
// enforce.
func (c Config) chatLimits() wire.ChatLimits {
	return wire.ChatLimits{}.WithDefaults()
}

// nameLimits are the registry's limits of name bindings.
func (c Config) nameLimits() access.NameLimits {
	return access.NameLimits{UnplayedTTL: c.NameUnplayedTTL, IdleTTL: c.NameIdleTTL, Max: c.MaxNames,
		BindBurst: c.NameBindBurst, BindEvery: c.NameBindEvery}
}

// minBackupEvery is the shortest backup interval: each backup is a
// checkpoint with a synced write, so a shorter one is a mistake (tests use
// 50 ms).
const minBackupEvery = 10 * time.Millisecond

// Defaults returns the embedded default configuration, with the stock
// plugins (StockPlugins) in Plugins.
func Defaults() Config {
	return Config{
		DataDir:     "./strata-data",
		Seed:        20261129,
		TPS:         20,
		MaxCatchUp:  5,
		SpawnRadius: 4,
		Admin:       admin.DefaultAddr,
		Listen:      transport.DefaultListen,

		MaxViewDistance: protocol.DefaultMaxViewDistance,
		MaxLODLevels:    lod.DefaultLevels,
		AllowFlight:     true,
		MaxClients:      256,

		NameUnplayedTTL: access.DefaultUnplayedTTL,
		NameIdleTTL:     access.DefaultIdleTTL,
		MaxNames:        access.DefaultMaxNames,
		NameBindBurst:   access.DefaultBindBurst,
		NameBindEvery:   access.DefaultBindEvery,

		GeneratorVersion: worldgen.LatestVersion,
		BackupKeep:       24,
		SpreadRecentres:  true,
		Plugins:          StockPlugins(),
	}
}

// SetPluginSettings sets settings of c.Plugins by name
// (plugins.NAME.KEY), each value as the environment would give it: a
// test's or an embedder's way to configure the stock plugins, as
//
//	cfg.SetPluginSettings(map[string]string{"plugins.protect.radius": "16"})
//
// It changes the plugin instances, which copies of c share.
func (c *Config) SetPluginSettings(values map[string]string) error {
	return settings.ApplyValues(c.Plugins, values)
}

// StockPlugins returns fresh instances of the optional example plugins a
// server runs by default, at their default settings: fallingsand,
// daynight, critters (on) and protect (radius 0: off). A server sets
// critters' seed and protect's centre from its world.
func StockPlugins() []ecs.Plugin {
	return []ecs.Plugin{
		fallingsand.New(fallingsand.Config{}),
		&daynight.Plugin{},
		critters.New(critters.Config{}),
		protect.New(protect.Config{}),
	}
}

// Validate rejects impossible settings, naming the setting.
func (c Config) Validate() error {
	if c.RecordHashes && c.Record == "" {
		return errors.New("record-hashes: needs --record FILE")
	}
	var errs []error
	if c.DataDir == "" {
		errs = append(errs, errors.New("data: must not be empty"))
	}
	if c.TPS < 1 || c.TPS > 1000 {
		errs = append(errs, fmt.Errorf("tps: %d is outside 1..1000", c.TPS))
	}
	if c.MaxCatchUp < 0 {
		errs = append(errs, fmt.Errorf("max-catch-up: %d is negative", c.MaxCatchUp))
	}
	if c.SpawnRadius < 0 || c.SpawnRadius > 32 {
		errs = append(errs, fmt.Errorf("spawn-radius: %d is outside 0..32", c.SpawnRadius))
	}
	if _, err := worldgen.New(c.Seed, c.GeneratorVersion); err != nil {
		errs = append(errs, fmt.Errorf("generator-version: %w", err))
	}
	if c.MaxLODLevels < 0 || c.MaxLODLevels > lod.DefaultLevels {
		errs = append(errs, fmt.Errorf("max-lod-levels: %d is outside 0..%d", c.MaxLODLevels, lod.DefaultLevels))
	}
	if c.MaxViewDistance < 1 || c.MaxViewDistance > protocol.ViewDistanceLimit {
		errs = append(errs, fmt.Errorf("max-view-distance: %d is outside 1..%d", c.MaxViewDistance, protocol.ViewDistanceLimit))
	}
	if c.MaxClients < 1 {
		errs = append(errs, fmt.Errorf("max-clients: %d is below 1", c.MaxClients))
	}
	if (c.CertFile == "") != (c.KeyFile == "") {
		errs = append(errs, errors.New("cert, key: give both or neither"))
	}
	if c.FlySpeed < 0 || c.FlySpeed > 1000 {
		errs = append(errs, fmt.Errorf("fly-speed: %g is outside 0..1000", c.FlySpeed))
	}
	if c.Workers < 0 {
		errs = append(errs, fmt.Errorf("workers: %d is negative", c.Workers))
	}
	if c.BackupEvery < 0 {
		errs = append(errs, fmt.Errorf("backup-every: %v is negative (0 turns scheduled backups off)", c.BackupEvery))
	} else if c.BackupEvery > 0 && c.BackupEvery < minBackupEvery {
		errs = append(errs, fmt.Errorf("backup-every: %v is below %v", c.BackupEvery, minBackupEvery))
	}
	if c.BackupEvery > 0 && c.InMemory {
		errs = append(errs, errors.New("backup-every: an in-memory world has no data directory to back up into"))
	}
	if c.Cluster != "" && c.Shard == "" {
		errs = append(errs, errors.New("shard: a cluster member needs a name (--shard)"))
	}
	if c.Cluster != "" && (c.InMemory || c.Deterministic || c.Record != "") {
		errs = append(errs, errors.New("cluster: a shard cannot be in memory, deterministic or recorded"))
	}
	if c.ClusterReplicas < 0 || c.ClusterReplicas > 5 {
		errs = append(errs, fmt.Errorf("cluster-replicas: %d is outside 0..5", c.ClusterReplicas))
	}
	if c.ClusterPresenceEvery < 0 || c.ClusterPresenceEvery > 20 {
		errs = append(errs, fmt.Errorf("cluster-presence-every: %d is outside 1..20 ticks (0: 2)", c.ClusterPresenceEvery))
	}
	if c.LeaseTTL < 0 || (c.LeaseTTL > 0 && c.LeaseTTL < 500*time.Millisecond) {
		errs = append(errs, fmt.Errorf("lease-ttl: %v is below 500ms", c.LeaseTTL))
	}
	if _, err := settings.List(c.Plugins...); err != nil {
		errs = append(errs, fmt.Errorf("plugin settings: %w", err))
	}
	if err := c.nameLimits().Validate(); err != nil {
		errs = append(errs, err)
	}
	if c.BackupKeep < 0 {
		errs = append(errs, fmt.Errorf("backup-keep: %d is negative (0 keeps every backup)", c.BackupKeep))
	}
	return errors.Join(errs...)
}
