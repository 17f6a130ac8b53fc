package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// envPrefix starts the environment variable of every setting:
// --max-view-distance is STRATA_MAX_VIEW_DISTANCE.
const envPrefix = "STRATA_"

// envName returns the environment variable of a flag.
func envName(flag string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// applySettings fills every flag the command line did not set, first from
// the environment, then from the config file (a TOML table of flag names);
// defaults stay for the rest. Precedence: flag > environment > file >
// default. A flag set from either counts as changed, like one given on the
// command line. An unknown key or an invalid value is an error naming the
// setting and where it came from.
func applySettings(cmd *cobra.Command, configPath string, environ []string) error {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, envPrefix) {
			env[k] = v
		}
	}
	file := map[string]any{}
	if configPath != "" {
		if _, err := toml.DecodeFile(configPath, &file); err != nil {
			return fmt.Errorf("config file %s: %w", configPath, err)
		}
	}
	flags := cmd.Flags()
	var unknown []string
	for k := range file {
		if f := flags.Lookup(k); f == nil || f.Name == "config" {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return fmt.Errorf("config file %s: unknown settings %s (see strata %s --help)", configPath, strings.Join(unknown, ", "), cmd.Name())
	}
	var err error
	flags.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed || f.Name == "config" || f.Name == "help" {
			return
		}
		// flags.Set, not f.Value.Set: it marks the flag changed, so that
		// a setting from the environment or the file counts as given
		// (serve's --seed must know whether it was asked for).
		if v, ok := env[envName(f.Name)]; ok {
			if serr := flags.Set(f.Name, v); serr != nil {
				err = fmt.Errorf("setting %s from %s=%q: %w", f.Name, envName(f.Name), v, serr)
			}
			return
		}
		if v, ok := file[f.Name]; ok {
			if serr := flags.Set(f.Name, tomlString(v)); serr != nil {
				err = fmt.Errorf("setting %s from config file %s: %w", f.Name, configPath, serr)
			}
		}
	})
	return err
}

// tomlString renders a decoded TOML value the way a flag would be given.
func tomlString(v any) string {
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = fmt.Sprint(x)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

// addConfigFlag adds --config, read from STRATA_CONFIG when not given.
func addConfigFlag(cmd *cobra.Command, path *string) {
	cmd.Flags().StringVar(path, "config", os.Getenv(envName("config")), "optional TOML config file; keys are these flags' names (precedence: flag > STRATA_* environment > file > default)")
}
