package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/settings"
	"github.com/stratavox/strata/systems/network"
)

// bindServeFlags binds every server setting to a flag, with its default.
func bindServeFlags(cmd *cobra.Command, cfg *server.Config) {
	f := cmd.Flags()
	f.StringVar(&cfg.DataDir, "data", cfg.DataDir, "data directory (database, TLS certificate)")
	f.Int64Var(&cfg.Seed, "seed", cfg.Seed, "seed of a new world (a stored world keeps its own; a different one given here is refused)")
	f.IntVar(&cfg.TPS, "tps", cfg.TPS, "ticks per second")
	f.IntVar(&cfg.MaxCatchUp, "max-catch-up", cfg.MaxCatchUp, "late ticks run back to back before the backlog is dropped")
	f.BoolVar(&cfg.NoIdleGC, "no-idle-gc", cfg.NoIdleGC, "do not start garbage collections in the time between ticks (they then start wherever the heap reaches their trigger, often inside a tick)")
	f.IntVar(&cfg.SpawnRadius, "spawn-radius", cfg.SpawnRadius, "radius in sections loaded around spawn before the network opens")
	f.IntVar(&cfg.Workers, "workers", cfg.Workers, "generation workers (0: one per core; while a tick runs, one of them takes no new job)")
	f.BoolVar(&cfg.BindThreads, "bind-threads", cfg.BindThreads, "bind the tick's thread to one CPU and its helpers and the generation workers to the others (--bind-threads=false when other servers share the cores)")
	f.IntVar(&cfg.GeneratorVersion, "generator-version", cfg.GeneratorVersion, "terrain generator version of a new world (a stored world keeps its own)")
	f.StringVar(&cfg.AuthIssuerKey, "auth-issuer-key", cfg.AuthIssuerKey, "PEM Ed25519 public key of a website issuing login tokens: logins need a token it signed, instead of binding a name to its first key")
	f.Var((*days)(&cfg.NameUnplayedTTL), "name-unplayed-ttl", "a name binding whose player never entered the world lapses this long after the login that made it, such as 24h or 2d (0: never)")
	f.Var((*days)(&cfg.NameIdleTTL), "name-idle-ttl", "a name binding lapses this long after its player was last in the world, such as 90d (0: never); operators' and whitelisted names never lapse")
	f.IntVar(&cfg.MaxNames, "max-names", cfg.MaxNames, "most name bindings kept; a login that would make one more is refused with SERVER_FULL (0: no bound)")
	f.IntVar(&cfg.NameBindBurst, "name-bind-burst", cfg.NameBindBurst, "new name bindings one address (IPv4 address, IPv6 /64) makes at once before RATE_LIMITED (0: no limit)")
	f.Var((*days)(&cfg.NameBindEvery), "name-bind-every", "an address earns one more new name binding this often, up to --name-bind-burst")
	f.StringVar(&cfg.Admin, "admin", cfg.Admin, "admin HTTP listener (metrics, status page, pprof); empty disables it")
	f.StringVar(&cfg.AdminToken, "admin-token", cfg.AdminToken, "token required on every admin request (mandatory off loopback)")
	f.StringVar(&cfg.Listen, "listen", cfg.Listen, "QUIC listener UDP address; empty runs headless")
	f.StringVar(&cfg.CertFile, "cert", cfg.CertFile, "TLS certificate (PEM) instead of the self-signed one kept in --data")
	f.StringVar(&cfg.KeyFile, "key", cfg.KeyFile, "TLS key (PEM) for --cert")
	f.IntVar(&cfg.MaxViewDistance, "max-view-distance", cfg.MaxViewDistance, "largest view radius a client gets, in sections")
	f.IntVar(&cfg.MaxLODLevels, "max-lod-levels", cfg.MaxLODLevels, "levels of detail beyond the view a client asking for them gets (0..7; 0: none; the horizon is view·2^levels sections)")
	f.IntVar(&cfg.MaxClients, "max-clients", cfg.MaxClients, "most players connected at once")
	f.StringSliceVar(&cfg.WebOrigins, "web-origin", cfg.WebOrigins, "extra origins allowed to open WebTransport sessions (the /play page of --admin always is)")
	f.BoolVar(&cfg.AllowFlight, "allow-flight", cfg.AllowFlight, "let clients fly")
	f.Uint64Var(&cfg.EntitySaveEvery, "entity-save-every", cfg.EntitySaveEvery, "ticks a changed column's entities wait before they are saved, besides when the column leaves and at shutdown (0: 600): what a crash can lose")
	f.StringVar(&cfg.Cluster, "cluster", cfg.Cluster, "join a world shared by several servers: nats://HOST:4222[,...] URLs of its NATS JetStream cluster, or \"embedded\" for a NATS server in this process (development mode); see docs/cluster.md")
	f.StringVar(&cfg.Shard, "shard", cfg.Shard, "this server's name in its --cluster")
	f.StringVar(&cfg.ClusterBucket, "cluster-bucket", cfg.ClusterBucket, "prefix of the world's JetStream buckets and subjects (default strata); the shards of one world share it")
	f.IntVar(&cfg.ClusterReplicas, "cluster-replicas", cfg.ClusterReplicas, "JetStream replicas of the world's buckets (production: 3); 0 keeps an existing world's, 1 for a new one")
	f.IntVar(&cfg.ClusterPresenceEvery, "cluster-presence-every", cfg.ClusterPresenceEvery, "ticks between a shard's presence messages to the shards near it: how often their clients see its players move (1..20; 0: 2)")
	f.DurationVar(&cfg.LeaseTTL, "lease-ttl", cfg.LeaseTTL, "how long a region's lease lives unrenewed: how soon another shard takes over a dead one's regions (0: 5s)")
	f.Float64Var(&cfg.FlySpeed, "fly-speed", cfg.FlySpeed, "flying speed limit in blocks/s (0: 21.6)")
	f.StringVar(&cfg.Record, "record", cfg.Record, "record every inbound event to this file (see strata replay)")
	f.BoolVar(&cfg.RecordHashes, "record-hashes", cfg.RecordHashes, "also record a state hash per tick (implies --deterministic)")
	f.BoolVar(&cfg.Deterministic, "deterministic", cfg.Deterministic, "inline generation and synchronous durability: the same inputs give the same world (slower)")
	f.BoolVar(&cfg.MigrateGenerator, "migrate-generator", cfg.MigrateGenerator, "serve a world made by another generator version with --generator-version, keeping its edits")
	f.DurationVar(&cfg.BackupEvery, "backup-every", cfg.BackupEvery, "take a backup into DATA/backups this often while serving, e.g. 1h (0: never)")
	f.IntVar(&cfg.BackupKeep, "backup-keep", cfg.BackupKeep, "scheduled backups kept, the newest (0: all)")
}

// days is a duration flag that also takes days and weeks ("90d", "2w",
// "1d12h", as ban lengths do), since a name's idle time is counted in
// them, and "0".
type days time.Duration

// String implements pflag.Value, in the largest whole unit.
func (d *days) String() string {
	v := time.Duration(*d)
	switch {
	case v == 0:
		return "0"
	case v%(24*time.Hour) == 0:
		return strconv.FormatInt(int64(v/(24*time.Hour)), 10) + "d"
	}
	return v.String()
}

// Set implements pflag.Value.
func (d *days) Set(s string) error {
	if v, err := time.ParseDuration(s); err == nil {
		*d = days(v)
		return nil
	}
	if v, ok := access.ParseBanLength(s); ok {
		*d = days(v)
		return nil
	}
	return fmt.Errorf("%q is not a duration such as 90d, 2w, 36h or 10m", s)
}

// Type implements pflag.Value.
func (d *days) Type() string { return "duration" }

// markExplicit records which world settings were asked for (flag,
// environment or config file: applySettings marks those as changed), so
// that a stored world keeps its own seed and generator version unless
// they are.
func markExplicit(cmd *cobra.Command, cfg *server.Config) {
	cfg.SeedExplicit = cmd.Flags().Changed("seed")
	cfg.GeneratorVersionExplicit = cmd.Flags().Changed("generator-version")
}

func newServeCmd(g *globalFlags, plugins []ecs.Plugin) *cobra.Command {
	cfg := server.Defaults()
	cfg.BindThreads = true // a server of its own binds; in-process test servers do not
	cfg.Plugins = append(cfg.Plugins, plugins...)
	var printSchedule bool
	var configPath string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the server (embedded defaults: Pebble in ./strata-data, QUIC on UDP 4433)",
		Long: `Run the server.

Every setting below can also come from the environment (STRATA_ and the
flag's name in capitals with underscores: --max-view-distance is
STRATA_MAX_VIEW_DISTANCE) or from a TOML file given with --config whose keys
are the flags' names. Precedence: flag > environment > config file > default.

The plugins' settings, listed below the flags, come from the config file's
[plugins.NAME] tables and from STRATA_PLUGIN_NAME_KEY variables
(environment > file > default). A STRATA_ variable that is neither is
refused, but for STRATA_TEST_* and the test suite's switches
(` + strings.Join(ignoredEnv, ", ") + `).`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			environ := os.Environ()
			if err := checkEnv(cmd, cfg.Plugins, environ); err != nil {
				return err
			}
			table, err := applySettings(cmd, configPath, environ)
			if err != nil {
				return err
			}
			if err := settings.Apply(cfg.Plugins, table, environ); err != nil {
				return err
			}
			markExplicit(cmd, &cfg)
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			srv, err := server.New(cfg, log)
			if err != nil {
				return err
			}
			if printSchedule {
				_, err := cmd.OutOrStdout().Write([]byte(srv.App().Schedule().String() + routes(srv.App())))
				return errors.Join(err, srv.Close())
			}
			if isTerminal(os.Stderr) {
				bar := newBar(-1, "loading spawn region")
				srv.Progress = func(resident, inFlight int) {
					bar.ChangeMax(resident + inFlight)
					_ = bar.Set(resident)
				}
				defer bar.Finish()
			}
			for _, line := range strings.Split(strings.TrimSpace(srv.App().Schedule().String()), "\n") {
				log.Info().Str("schedule", line).Msg("resolved schedule")
			}
			return srv.Run(cmd.Context())
		},
	}
	cmd.Flags().BoolVar(&printSchedule, "print-schedule", false, "print the resolved system order and exit")
	addConfigFlag(cmd, &configPath)
	bindServeFlags(cmd, &cfg)
	help := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		help(c, args)
		if err := writePluginSettings(c.OutOrStdout(), cfg.Plugins); err != nil {
			fmt.Fprintln(c.ErrOrStderr(), "strata:", err)
		}
	})
	return cmd
}

// writePluginSettings lists every setting of the plugins, for serve --help.
func writePluginSettings(w io.Writer, plugins []ecs.Plugin) error {
	list, err := settings.List(plugins...)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\nPlugin settings ([plugins.NAME] KEY = VALUE in the --config file, or STRATA_PLUGIN_NAME_KEY):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range list {
		def := s.Default
		if s.Type == "string" || s.Type == "[]string" {
			def = strconv.Quote(def)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s (default %s)\n", s.Name(), s.Type, s.Help, def)
	}
	return tw.Flush()
}

// routes lists which plugin serves each inbound message kind and plugin
// channel, for --print-schedule.
func routes(app *ecs.App) string {
	var b strings.Builder
	if r, ok := ecs.GetResource[network.Router](app); ok {
		fmt.Fprintf(&b, "inbound: %s\n", strings.Join(r.Kinds(), " "))
	}
	if c, ok := ecs.GetResource[network.Channels](app); ok && len(c.Names()) > 0 {
		fmt.Fprintf(&b, "channels: %s\n", strings.Join(c.Names(), " "))
	}
	return b.String()
}
