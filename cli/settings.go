package cli

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/settings"
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
// setting and where it came from. The file's plugins table, the plugins'
// settings (package settings), is returned for the caller to apply.
func applySettings(cmd *cobra.Command, configPath string, environ []string) (map[string]any, error) {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, envPrefix) {
			env[k] = v
		}
	}
	file, plugins, err := readConfig(configPath)
	if err != nil {
		return nil, err
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
		return nil, fmt.Errorf("config file %s: unknown settings %s (see strata %s --help)", configPath, strings.Join(unknown, ", "), cmd.Name())
	}
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
	if err != nil {
		return nil, err
	}
	return plugins, nil
}

// pluginsKey is the config file's table of the plugins' tables.
const pluginsKey = "plugins"

// readConfig decodes the TOML config file at path (none when path is
// empty) and splits off its plugins table, the plugins' settings: the
// rest is the flags' settings. serve and bench both read it.
func readConfig(path string) (file, plugins map[string]any, err error) {
	file = map[string]any{}
	if path == "" {
		return file, nil, nil
	}
	if _, err := toml.DecodeFile(path, &file); err != nil {
		return nil, nil, fmt.Errorf("config file %s: %w", path, err)
	}
	if t, ok := file[pluginsKey]; ok {
		if plugins, ok = t.(map[string]any); !ok {
			return nil, nil, fmt.Errorf("config file %s: %s must be a table of the plugins' tables ([plugins.NAME])", path, pluginsKey)
		}
		delete(file, pluginsKey)
	}
	return file, plugins, nil
}

// ignoredEnv are the STRATA_ variables that are not settings of serve,
// which checkEnv lets by: the test suite's switches (docs/plugins.md,
// "Plugin settings"). Any STRATA_TEST_ variable is let by too.
var ignoredEnv = []string{
	"STRATA_ARTIFACTS", "STRATA_CHROMIUM", "STRATA_NETLOG", "STRATA_NATSTEST_NODE_CONF",
	"STRATA_MOVE_DEBUG", "STRATA_MOVE_DUMP", "STRATA_MOVE_THROTTLE",
}

// ignoredEnvPrefix starts variables checkEnv lets by: the test suite may
// use any.
const ignoredEnvPrefix = "STRATA_TEST_"

// checkEnv refuses a STRATA_ variable in environ that is none of cmd's
// flags' (envName), not a STRATA_PLUGIN_ one (settings.ApplyEnv checks
// those) and not ignored (ignoredEnv): a misspelt setting would otherwise
// be silently ignored. The error is one line naming the variable and,
// when it looks like one, the plugin.
func checkEnv(cmd *cobra.Command, plugins []ecs.Plugin, environ []string) error {
	known := map[string]bool{}
	for _, fs := range []*pflag.FlagSet{cmd.Flags(), cmd.InheritedFlags()} {
		fs.VisitAll(func(f *pflag.Flag) { known[envName(f.Name)] = true })
	}
	for _, k := range ignoredEnv {
		known[k] = true
	}
	var bad []string
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, envPrefix) && !known[k] && !strings.HasPrefix(k, settings.EnvPrefix) && !strings.HasPrefix(k, ignoredEnvPrefix) {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	k := bad[0]
	hint := fmt.Sprintf("see strata %s --help", cmd.Name())
	if list, err := settings.List(plugins...); err == nil {
		rest := strings.TrimPrefix(k, envPrefix)
		for _, s := range list {
			if s.Env() == settings.EnvPrefix+rest {
				hint = "did you mean " + s.Env() + "?"
				break
			}
			if p := strings.TrimPrefix(settings.EnvName(s.Plugin, "x"), settings.EnvPrefix); strings.HasPrefix(rest, p[:len(p)-1]) {
				hint = fmt.Sprintf("plugin %q's settings are %s%s<KEY> (%s)", s.Plugin, settings.EnvPrefix, p[:len(p)-1], keysOf(list, s.Plugin))
			}
		}
	}
	more := ""
	if len(bad) > 1 {
		more = fmt.Sprintf(" (and %d more: %s)", len(bad)-1, strings.Join(bad[1:], ", "))
	}
	return fmt.Errorf("%s is not a setting of strata %s: %s%s", k, cmd.Name(), hint, more)
}

// keysOf lists a plugin's keys.
func keysOf(list []settings.Setting, plugin string) string {
	var keys []string
	for _, s := range list {
		if s.Plugin == plugin {
			keys = append(keys, strings.ToUpper(s.Key))
		}
	}
	return strings.Join(keys, ", ")
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
