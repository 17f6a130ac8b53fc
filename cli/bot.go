package cli

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"

	"github.com/stratavox/strata/bots"
)

// perBotRows is the bot count up to which the table lists every bot
// unless --per-bot says otherwise.
const perBotRows = 16

func newBotCmd() *cobra.Command {
	cfg := bots.Config{Server: "127.0.0.1:4433", Bots: 1, Duration: 30 * time.Second, View: 8}
	var (
		pattern = string(bots.Walk)
		token   = os.Getenv("STRATA_ADMIN_TOKEN")
		asJSON  bool
		perBot  bool
	)
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Run load-generating bots against a server on this machine and measure what they receive",
		Long: `Connect -n bots to the server at --server (loopback only), let them move by
--pattern for --duration, and print what they measured: sections and bytes
received, the time to the first complete view, the delay between a section
entering a bot's view and its arrival (p50/p99/max), sections still missing
--missing-after past entering, drops, corrections and errors, and bytes per
section on the wire and before compression: bots ask for the compressed chunk
stream (feature deflate-chunks) unless --plain-chunks. Bots also ask for the
entities around them (feature entities) unless --no-entities, and report
how many each holds (mean and max per bot, sampled every tick) and the
entity spawns and despawns per second; the periodic progress log gives the
same for the moment.

Patterns: walk (on the ground at walking speed, random headings), fly
(straight, a few blocks above the terrain), spiral (an expanding spiral, arms
one view radius apart), teleport (stand still and reconnect every --hop:
the server sends the whole view again). --speed defaults to the server's
default limit for the pattern (walk 4.317, fly 21.6 blocks/s).

The certificate is pinned with --pin, or fetched from the admin listener
given by --admin (which also makes the report include the server's tick
p99 and delivery counters while every bot moves); --insecure skips the
check.

Each bot keeps its identity key in --keys (NAME.key, readable by you only),
so a server that binds names to keys lets the same bots in on the next run;
--keys "" gives every bot a key for this run only.`,
		Example: `  strata bot --admin 127.0.0.1:8080 -n 200 --pattern fly --view 8 --duration 60s
  strata bot --pin 9f86d0… --pattern walk -n 3 --json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log, err := inheritedLogger(cmd)
			if err != nil {
				return err
			}
			p, err := bots.ParsePattern(pattern)
			if err != nil {
				return err
			}
			cfg.Pattern = p
			cfg.AdminToken = token
			cfg.Log = log
			if cfg.Admin != "" && cfg.PinSHA256 == "" && !cfg.Insecure {
				pin, err := bots.FetchPin(cmd.Context(), cfg.Admin, token)
				if err != nil {
					return err
				}
				cfg.PinSHA256 = pin
			}
			if cfg.PinSHA256 == "" && !cfg.Insecure {
				return errors.New("give --pin, --admin (to fetch the pin) or --insecure")
			}
			rep, err := bots.Run(cmd.Context(), cfg)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return rep.WriteJSON(out)
			}
			if !cmd.Flags().Changed("per-bot") {
				perBot = cfg.Bots <= perBotRows
			}
			return rep.WriteText(out, perBot)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Server, "server", cfg.Server, "QUIC address of the server (loopback only)")
	f.IntVarP(&cfg.Bots, "bots", "n", cfg.Bots, "number of bots")
	f.StringVar(&pattern, "pattern", pattern, "movement: walk, fly, spiral or teleport")
	f.Float64Var(&cfg.Speed, "speed", 0, "speed in blocks/s (0: the pattern's default, the server's default limit)")
	f.DurationVar(&cfg.Duration, "duration", cfg.Duration, "length of the run, connecting included")
	f.IntVar(&cfg.View, "view", cfg.View, "view distance in sections")
	f.StringVar(&cfg.PinSHA256, "pin", "", "SHA-256 of the server certificate (hex or base64)")
	f.StringVar(&cfg.Admin, "admin", "", "admin address of the server (loopback): fetch the pin, report server tick p99")
	f.StringVar(&token, "admin-token", token, "admin token, if the server requires one")
	f.BoolVar(&cfg.Insecure, "insecure", false, "accept any server certificate")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	f.BoolVar(&perBot, "per-bot", false, "list every bot in the table (default: when at most 16)")
	f.StringVar(&cfg.NamePrefix, "name-prefix", "bot", "bots are named PREFIX-000, PREFIX-001, ...")
	f.Uint64Var(&cfg.Seed, "seed", 1, "seed of the bots' random headings")
	f.DurationVar(&cfg.Settle, "settle", 15*time.Second, "longest wait for a bot's first complete view before it moves anyway")
	f.DurationVar(&cfg.Hop, "hop", 5*time.Second, "teleport: time between reconnects")
	f.DurationVar(&cfg.MissingAfter, "missing-after", time.Second, "a section of the view not there this long after entering counts as missing")
	f.IntVar(&cfg.ConnectParallel, "connect-parallel", 16, "simultaneous handshakes")
	f.BoolVar(&cfg.PlainChunks, "plain-chunks", false, "do not ask for the compressed chunk stream (feature deflate-chunks)")
	f.BoolVar(&cfg.NoEntities, "no-entities", false, "do not ask for the entities around the bots (feature entities)")
	f.BoolVar(&cfg.NoAirSections, "no-air-sections", false, "do not ask for blank sections by position (feature air-sections): every section comes as a Chunk")
	f.BoolVar(&cfg.NoColumnLists, "no-column-lists", false, "do not ask for lists by column (feature column-lists): drops and blank sections come by position")
	f.Float64Var(&cfg.Spread, "spread", 0, "place the bots over a disc this many blocks across around the spawn (each sends /tp to its own point on joining; 20000 for 20 km); 0: all at the spawn")
	f.StringArrayVar(&cfg.Say, "say", nil, "a chat line each bot sends once it has joined, e.g. a command (\"/quota\"); repeat for more; the report lists what the bots were told")
	f.BoolVar(&cfg.NoCompactStates, "no-compact-states", false, "do not ask for fixed-point entity states (feature compact-states): moves come as PlayerStates")
	f.BoolVar(&cfg.NoStateBatches, "no-state-batches", false, "do not ask for a tick's entity states in one datagram (feature state-batches): a datagram each")
	f.BoolVar(&cfg.NoPredictedStates, "no-predicted-states", false, "do not ask to extrapolate entities (feature predicted-states): the server then sends every move")
	f.BoolVar(&cfg.LOD, "lod", false, "ask for the level-of-detail horizon (feature lod) and report when each bot's whole horizon arrived and its bytes (lod_complete_s, lod_wire_bytes)")
	f.IntVar(&cfg.LODLevels, "lod-levels", 0, "levels of detail to ask for with --lod (0: the server's default)")
	f.BoolVar(&cfg.Decode, "decode", false, "decode every section (undecodable ones count as errors); costs CPU")
	f.StringVar(&cfg.KeyDir, "keys", defaultBotKeyDir(), `directory of the bots' identity keys, one NAME.key per bot ("": keys for this run only)`)
	return cmd
}

// defaultBotKeyDir is where bots keep their keys unless --keys says
// otherwise: <user config dir>/strata/bot-keys, or none (keys for one run)
// on a system without a user config directory.
func defaultBotKeyDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "strata", "bot-keys")
}

// inheritedLogger builds the logger from the root command's --log-level
// and --log-format, when the command is registered under it.
func inheritedLogger(cmd *cobra.Command) (zerolog.Logger, error) {
	g := &globalFlags{logLevel: "info", logFormat: "auto"}
	if f := cmd.Flag("log-level"); f != nil {
		g.logLevel = f.Value.String()
	}
	if f := cmd.Flag("log-format"); f != nil {
		g.logFormat = f.Value.String()
	}
	return g.newLogger(os.Stderr)
}
