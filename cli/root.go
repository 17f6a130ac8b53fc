package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// globalFlags are the flags every subcommand shares.
type globalFlags struct {
	logLevel  string
	logFormat string
}

func newRootCmd() *cobra.Command {
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
		newServeCmd(g),
		newMapCmd(),
		newBackupCmd(g),
		newCheckCmd(),
		newRepairCmd(g),
		newReplayCmd(g),
		newPregenCmd(),
		newBenchCmd(g),
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
