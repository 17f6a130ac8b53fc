// Package cli is Strata's command line — serve, bench, replay, bot,
// pregen, map, admin, check, repair, backup, cluster — as a library: a
// server binary of one's own is a main that calls Main with its plugins,
// which then run wherever the built-in ones do (serve and its
// --print-schedule, bench, replay), their settings read like the stock
// plugins' (package settings).
//
//	func main() { cli.Main(homes.New()) }
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/stratavox/strata/ecs"
)

// Main runs the strata command line with os.Args, the stock plugins and
// the given ones, until it ends or SIGINT or SIGTERM cancels it; on an
// error it prints "strata: " and the error to stderr and exits with
// status 1. A server binary's main calls it.
func Main(plugins ...ecs.Plugin) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Command(plugins...).ExecuteContext(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "strata:", err)
		os.Exit(1)
	}
}

// Command returns the root command, with every subcommand, running the
// given plugins beside the stock ones: for a binary that adds commands
// of its own, or a test that runs one (SetArgs, SetOut, Execute). The
// plugins are added after the built-in ones, in this order, and take
// their settings from [plugins.NAME] tables of serve's --config file and
// STRATA_PLUGIN_NAME_KEY variables (package settings).
func Command(plugins ...ecs.Plugin) *cobra.Command {
	return newRootCmd(plugins)
}

// globalFlags are the flags every subcommand shares.
type globalFlags struct {
	logLevel  string
	logFormat string
}

func newRootCmd(plugins []ecs.Plugin) *cobra.Command {
	g := &globalFlags{}
	root := &cobra.Command{
		Use:           "strata",
		Short:         "Strata: a voxel-world simulation server built as an ECS engine",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().StringVar(&g.logLevel, "log-level", "info", "log level: trace, debug, info, warn, error")
	root.PersistentFlags().StringVar(&g.logFormat, "log-format", "auto", "log format: auto (pretty on a terminal, JSON otherwise), pretty, json")
	root.AddCommand(
		newServeCmd(g, plugins),
		newMapCmd(),
		newBackupCmd(g),
		newCheckCmd(),
		newRepairCmd(g),
		newReplayCmd(g, plugins),
		newPregenCmd(),
		newBenchCmd(g, plugins),
		newBotCmd(),
		newAdminCmd(),
		newClusterCmd(),
	)
	return root
}

// newLogger builds the process logger: console-pretty on a terminal, JSON
// lines otherwise.
func (g *globalFlags) newLogger(w io.Writer) (zerolog.Logger, error) {
	level, err := zerolog.ParseLevel(g.logLevel)
	if err != nil {
		return zerolog.Nop(), fmt.Errorf("--log-level: %w", err)
	}
	pretty := false
	switch g.logFormat {
	case "auto":
		if f, ok := w.(*os.File); ok {
			pretty = isTerminal(f)
		}
	case "pretty":
		pretty = true
	case "json":
	default:
		return zerolog.Nop(), fmt.Errorf("--log-format: %q is not auto, pretty or json", g.logFormat)
	}
	if pretty {
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly}
	}
	return zerolog.New(w).Level(level).With().Timestamp().Logger(), nil
}

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// newBar returns a progress bar on stderr; max -1 means unknown yet.
func newBar(max int64, what string) *progressbar.ProgressBar {
	return progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("sections"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}
