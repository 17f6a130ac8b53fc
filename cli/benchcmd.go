package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"
	"github.com/stratavox/strata/bench"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/settings"
)

func newBenchCmd(g *globalFlags, plugins []ecs.Plugin) *cobra.Command {
	cfg := bench.Config{Players: 100, View: 8, Pattern: bench.Walk, Ticks: 200, Warmup: 100, Area: 400, Seed: 1, Plugins: plugins}
	var asJSON bool
	var profile, heap, heapBase, trace, configPath string
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Run the real schedule with synthetic players (no network) and print per-system timings",
		RunE: func(cmd *cobra.Command, _ []string) error {
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			cfg.Log = log.Level(max(log.GetLevel(), zerolog.WarnLevel))
			if cfg.PluginSettings, err = benchPluginSettings(configPath, plugins); err != nil {
				return err
			}
			for _, pf := range []struct {
				path string
				to   *io.Writer
			}{{profile, &cfg.CPUProfile}, {heap, &cfg.HeapProfile}, {heapBase, &cfg.HeapBase}, {trace, &cfg.Trace}} {
				if pf.path == "" {
					continue
				}
				f, err := os.Create(pf.path)
				if err != nil {
					return err
				}
				defer f.Close()
				*pf.to = f
			}
			if cfg.Cluster != "" && !cmd.Flags().Changed("bind-threads") {
				cfg.BindThreads = false
			}
			res, err := bench.Run(cfg)
			if err != nil {
				return err
			}
			if asJSON {
				return writeBenchJSON(cmd, res)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintf(cmd.OutOrStdout(), "%d players, view %d, pattern %s, %d ticks after %d warm-up, generation %v, paced at %d TPS (0: back to back)\n",
				cfg.Players, cfg.View, cfg.Pattern, cfg.Ticks, cfg.Warmup, cfg.Generation, cfg.TPS)
			fmt.Fprintln(w, "system\tstage\tp50 µs\tp99 µs\tmax µs\t")
			for _, s := range append(res.Systems, res.Tick) {
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t\n", s.Name, s.Stage, us(s.P50), us(s.P99), us(s.Max))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "resident sections %d, delivered %d sections (%d bytes), %.0f ticks/s, CPU %.2f ms a tick (%.1f µs a player-tick)\n",
				res.Resident, res.Sections, res.Bytes, float64(cfg.Ticks)/res.Elapsed.Seconds(), perTick(res, 1)/1e3, perTick(res, cfg.Players))
			if res.Datagrams > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "entity states while measuring: %d datagrams, %d bytes (%.1f B each)\n",
					res.Datagrams, res.DatagramBytes, float64(res.DatagramBytes)/float64(res.Datagrams))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "allocated %.2f MB (%d objects) a tick, %d collections while measuring (%d started between ticks)\n",
				float64(res.Allocated)/float64(cfg.Ticks)/1e6, res.Allocs/uint64(cfg.Ticks), res.GCs, res.IdleGCs)
			if cfg.Cluster != "" {
				secs := res.Elapsed.Seconds()
				fmt.Fprintf(cmd.OutOrStdout(), "shard %s: at most %d players of other shards seen at once; %.0f KB/s in, %.0f KB/s out between shards\n",
					cfg.Shard, res.RemotePlayers, float64(res.BytesIn)/secs/1e3, float64(res.BytesOut)/secs/1e3)
				fmt.Fprintf(cmd.OutOrStdout(), "cluster messages a second by family: in %s; out %s\n", perSecond(res.MsgsIn, secs), perSecond(res.MsgsOut, secs))
			}
			if cfg.Entities > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "entities resident %d (%d asleep), %d spawns and %d states queued to clients while measuring\n",
					res.Entities, res.EntitiesAsleep, res.EntitySpawns, res.EntityStates)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&cfg.Players, "players", cfg.Players, "synthetic players")
	f.IntVar(&cfg.View, "view", cfg.View, "view radius in sections")
	f.StringVar(&cfg.Pattern, "pattern", cfg.Pattern, "movement: walk, fly, teleport or spread (half the players move)")
	f.IntVar(&cfg.Ticks, "ticks", cfg.Ticks, "ticks measured")
	f.IntVar(&cfg.Warmup, "warmup", cfg.Warmup, "ticks run before measuring")
	f.IntVar(&cfg.Area, "area", cfg.Area, "side in sections of the square the players spread over")
	f.BoolVar(&cfg.Generation, "generation", cfg.Generation, "include real terrain generation (on the worker pool)")
	f.Int64Var(&cfg.Seed, "seed", cfg.Seed, "world and placement seed")
	f.IntVar(&cfg.Entities, "entities", 0, "critters scattered over the players' views after the warm-up (raises the flat ground under the players)")
	f.IntVar(&cfg.Workers, "workers", 0, "goroutines of the tick's parallel loops (0: GOMAXPROCS; 1: the tick goroutine alone)")
	f.BoolVar(&cfg.BindThreads, "bind-threads", true, "bind the tick's thread to one CPU and its helpers and the generation workers to the others, as strata serve does (off with --cluster: the shards share the cores)")
	f.IntVar(&cfg.TPS, "tps", 0, "pace the measured ticks at this rate, as the server does (0: back to back)")
	f.BoolVar(&cfg.NoIdleGC, "no-idle-gc", false, "with --tps, do not start collections between ticks (as strata serve --no-idle-gc)")
	f.StringVar(&cfg.Cluster, "cluster", "", "run as a shard of the cluster at these NATS URLs (one process per shard, with --shard)")
	f.StringVar(&cfg.Shard, "shard", "", "this process's shard name (with --cluster)")
	f.StringVar(&cfg.Bucket, "bucket", "", "the cluster's world bucket (default strata; a fresh one per run)")
	f.IntVar(&cfg.Side, "side", 0, "place the players on one side of x = 0: -1 or 1 (0: both)")
	f.Float64Var(&cfg.NearBorder, "near-border", 0, "share of the players placed within 64 blocks of x = 0")
	f.Float64Var(&cfg.ShiftZ, "shift-z", 0, "move every player this many blocks along z (a shard far from the others)")
	f.BoolVar(&cfg.NoAirSections, "no-air-sections", false, "the synthetic clients do not ask for blank sections by position (feature air-sections): every section goes as a Chunk")
	f.BoolVar(&cfg.NoColumnLists, "no-column-lists", false, "the synthetic clients do not ask for lists by column (feature column-lists): drops and blank sections go by position")
	f.BoolVar(&cfg.NoCompactStates, "no-compact-states", false, "the synthetic clients do not ask for fixed-point entity states (feature compact-states): moves go as PlayerStates")
	f.BoolVar(&cfg.NoStateBatches, "no-state-batches", false, "the synthetic clients do not ask for a tick's entity states in one datagram (feature state-batches): a datagram each")
	f.BoolVar(&cfg.NoPredictedStates, "no-predicted-states", false, "the synthetic clients do not ask to extrapolate entities (feature predicted-states): they are sent every move")
	f.BoolVar(&cfg.LOD, "lod", false, "the synthetic clients ask for the level-of-detail horizon (feature lod)")
	f.BoolVar(&cfg.Stagger, "stagger", false, "start the players moving at ticks spread over a view recentring's time, not all at once")
	f.StringVar(&configPath, "config", os.Getenv(envName("config")), "a server's TOML config file, for its [plugins.NAME] tables (the rest is serve's); STRATA_PLUGIN_* variables win over it")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	f.StringVar(&profile, "cpuprofile", "", "write a CPU profile of the measured ticks to this file")
	f.StringVar(&heap, "memprofile", "", "write a heap profile (what is live after the measured ticks) to this file")
	f.StringVar(&heapBase, "membase", "", "write a heap profile taken before the measured ticks, after a collection, to this file (pprof -diff_base: what they allocated)")
	f.StringVar(&trace, "trace", "", "write a CSV line per measured tick (collections, sections delivered, each system's µs) to this file")
	return cmd
}

// counts are messages by subject family.
type counts = map[string]uint64

// perSecond returns n over secs as a "family rate" list, by family.
func perSecond(n counts, secs float64) string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(n)) {
		out = append(out, fmt.Sprintf("%s %.0f", k, float64(n[k])/secs))
	}
	return strings.Join(out, ", ")
}

func us(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Microsecond)) }

// perTick is the run's CPU time per measured tick and per n players, in µs.
func perTick(res bench.Result, n int) float64 {
	return float64(res.CPU) / float64(time.Microsecond) / float64(res.Config.Ticks) / float64(max(n, 1))
}

func writeBenchJSON(cmd *cobra.Command, res bench.Result) error {
	type row struct {
		Name  string  `json:"name"`
		Stage string  `json:"stage,omitempty"`
		P50   float64 `json:"p50_us"`
		P99   float64 `json:"p99_us"`
		Max   float64 `json:"max_us"`
	}
	conv := func(s ecs.Stat) row {
		f := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
		return row{s.Name, string(s.Stage), f(s.P50), f(s.P99), f(s.Max)}
	}
	out := struct {
		Players    int     `json:"players"`
		View       int     `json:"view"`
		Pattern    string  `json:"pattern"`
		Ticks      int     `json:"ticks"`
		Generation bool    `json:"generation"`
		TPS        int     `json:"paced_tps"`
		Systems    []row   `json:"systems"`
		Tick       row     `json:"tick"`
		Resident   int     `json:"resident_sections"`
		Sections   uint64  `json:"sections_delivered"`
		Bytes      uint64  `json:"bytes_delivered"`
		TicksPerS  float64 `json:"ticks_per_second"`
		Entities   int     `json:"entities"`
		Spawns     uint64  `json:"entity_spawns"`
		States     uint64  `json:"entity_states"`
		Idle       uint64  `json:"entity_receivers_idle"`
		Asleep     int     `json:"entities_asleep"`
		Dgrams     uint64  `json:"datagrams"`
		DgramBytes uint64  `json:"datagram_bytes"`
		CPUPerTick float64 `json:"cpu_us_per_tick"`
		TickCPU    float64 `json:"tick_thread_cpu_us_per_tick,omitempty"`
		Shard      string  `json:"shard,omitempty"`
		Remote     int64   `json:"remote_players,omitempty"`
		BytesIn    uint64  `json:"cluster_bytes_in,omitempty"`
		BytesOut   uint64  `json:"cluster_bytes_out,omitempty"`
		MsgsIn     counts  `json:"cluster_msgs_in,omitempty"`
		MsgsOut    counts  `json:"cluster_msgs_out,omitempty"`
		Allocated  uint64  `json:"allocated_bytes"`
		Allocs     uint64  `json:"allocated_objects"`
		GCs        uint32  `json:"collections"`
		IdleGCs    uint64  `json:"collections_between_ticks"`
	}{res.Config.Players, res.Config.View, res.Config.Pattern, res.Config.Ticks, res.Config.Generation, res.Config.TPS, nil, conv(res.Tick),
		res.Resident, res.Sections, res.Bytes, float64(res.Config.Ticks) / res.Elapsed.Seconds(), res.Entities, res.EntitySpawns, res.EntityStates, res.EntityIdle, res.EntitiesAsleep,
		res.Datagrams, res.DatagramBytes, perTick(res, 1), float64(res.TickCPU) / float64(time.Microsecond) / float64(res.Config.Ticks), res.Config.Shard, res.RemotePlayers, res.BytesIn, res.BytesOut, res.MsgsIn, res.MsgsOut, res.Allocated, res.Allocs, res.GCs, res.IdleGCs}
	for _, s := range res.Systems {
		out.Systems = append(out.Systems, conv(s))
	}
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// benchPluginSettings reads the plugins' settings as serve does — the
// config file's [plugins.NAME] tables, then STRATA_PLUGIN_* — into the
// values bench applies to the plugins it builds (the stock ones and the
// binary's).
func benchPluginSettings(configPath string, plugins []ecs.Plugin) (map[string]string, error) {
	_, table, err := readConfig(configPath)
	if err != nil {
		return nil, err
	}
	all := append(server.StockPlugins(), plugins...)
	if err := settings.Apply(all, table, os.Environ()); err != nil {
		return nil, err
	}
	return settings.Values(all...)
}
