package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratavox/strata/ecs"
)

// greeter is a server's own plugin with settings, as a user's main would
// pass it to Main.
type greeter struct {
	Greeting string `setting:"greeting" help:"what it says"`
	Times    int    `setting:"times" help:"how often"`
	built    []string
}

func (*greeter) Name() string    { return "greeter" }
func (g *greeter) Settings() any { return g }
func (g *greeter) Build(app *ecs.App) error {
	g.built = append(g.built, strings.Repeat(g.Greeting, g.Times))
	app.AddSystem(ecs.Simulate, "greet", func(*ecs.Context) {})
	return nil
}

// run runs Command(plugins...) with args, returning its output.
func run(t *testing.T, plugins []ecs.Plugin, args ...string) (string, error) {
	t.Helper()
	root := Command(plugins...)
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(io.Discard)
	root.SetArgs(append(args, "--log-level", "error"))
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "strata.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func serveArgs(t *testing.T, extra ...string) []string {
	return append([]string{"serve", "--data", t.TempDir(), "--admin", "", "--listen", "", "--spawn-radius", "1", "--print-schedule"}, extra...)
}

// TestServePluginSettings: the plugins' settings come from the config
// file's [plugins.NAME] tables and STRATA_PLUGIN_ variables (which win),
// take effect (protect runs only with a radius), and every mistake is
// refused at start with one line naming the plugin and the key.
func TestServePluginSettings(t *testing.T) {
	tests := []struct {
		name     string
		config   string
		env      map[string]string
		want     []string // in the schedule
		wantNot  []string
		greeting string // what greeter built with
		wantErr  string
	}{
		{name: "defaults", want: []string{"greet", "critter_ai", "falling_blocks"}, wantNot: []string{"protect_spawn"}},
		{name: "protect from the file", config: "tps = 20\n[plugins.protect]\nradius = 3\nallow = [\"alice\"]\n", want: []string{"protect_spawn"}},
		{name: "protect from the environment", env: map[string]string{"STRATA_PLUGIN_PROTECT_RADIUS": "3"}, want: []string{"protect_spawn"}},
		{name: "environment over file", config: "[plugins.protect]\nradius = 3\n", env: map[string]string{"STRATA_PLUGIN_PROTECT_RADIUS": "0"}, wantNot: []string{"protect_spawn"}},
		{name: "critters off", env: map[string]string{"STRATA_PLUGIN_CRITTERS_ENABLED": "false"}, wantNot: []string{"critter_ai"}},
		{name: "a user plugin's settings", config: "[plugins.greeter]\ngreeting = \"hi\"\ntimes = 1\n", env: map[string]string{"STRATA_PLUGIN_GREETER_TIMES": "3"},
			want: []string{"greet"}, greeting: "hihihi"},
		{name: "misspelt variable", env: map[string]string{"STRATA_PROTECT_RADUIS": "3"},
			wantErr: `STRATA_PROTECT_RADUIS is not a setting of strata serve: plugin "protect"'s settings are STRATA_PLUGIN_PROTECT_<KEY> (RADIUS, ALLOW)`},
		{name: "variable without PLUGIN", env: map[string]string{"STRATA_PROTECT_RADIUS": "3"},
			wantErr: `STRATA_PROTECT_RADIUS is not a setting of strata serve: did you mean STRATA_PLUGIN_PROTECT_RADIUS?`},
		{name: "misspelt plugin variable", env: map[string]string{"STRATA_PLUGIN_PROTECT_RADUIS": "3"},
			wantErr: `STRATA_PLUGIN_PROTECT_RADUIS: plugin "protect" has no setting "raduis" (its settings: allow, radius)`},
		{name: "misspelt key", config: "[plugins.protect]\nraduis = 3\n",
			wantErr: `plugins.protect.raduis: plugin "protect" has no setting "raduis" (its settings: allow, radius)`},
		{name: "wrong type", config: "[plugins.protect]\nradius = \"x\"\n", wantErr: `plugins.protect.radius: "x" is not an integer`},
		{name: "wrong type from the environment", env: map[string]string{"STRATA_PLUGIN_PROTECT_RADIUS": "x"},
			wantErr: `STRATA_PLUGIN_PROTECT_RADIUS (plugins.protect.radius): "x" is not an integer`},
		{name: "unknown plugin", config: "[plugins.homez]\nx = 1\n", wantErr: `plugins.homez: no plugin "homez" in this server`},
		{name: "plugins not a table", config: "plugins = 3\n", wantErr: `plugins must be a table`},
		{name: "test switches are let by", env: map[string]string{"STRATA_TEST_ANYTHING": "1", "STRATA_ARTIFACTS": "/tmp"}, want: []string{"greet"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			g := &greeter{Greeting: "hello", Times: 1}
			args := serveArgs(t)
			if tc.config != "" {
				args = append(args, "--config", writeConfig(t, tc.config))
			}
			out, err := run(t, []ecs.Plugin{g}, args...)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error of more than one line: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.want {
				if !strings.Contains(out, s) {
					t.Errorf("schedule lacks %s:\n%s", s, out)
				}
			}
			for _, s := range tc.wantNot {
				if strings.Contains(out, s) {
					t.Errorf("schedule has %s:\n%s", s, out)
				}
			}
			if want := tc.greeting; want != "" && (len(g.built) != 1 || g.built[0] != want) {
				t.Errorf("greeter built with %q, want %q", g.built, want)
			}
		})
	}
}

// TestServeHelpListsPluginSettings: serve --help lists every plugin
// setting, the stock ones' and a user plugin's, with type, default and
// help.
func TestServeHelpListsPluginSettings(t *testing.T) {
	out, err := run(t, []ecs.Plugin{&greeter{Greeting: "hello", Times: 2}}, "serve", "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Plugin settings",
		"plugins.protect.radius", "plugins.protect.allow", "plugins.critters.enabled", "plugins.fallingsand.enabled", "plugins.daynight.start",
		"plugins.greeter.greeting", `what it says (default "hello")`, "how often (default 2)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("serve --help lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "--protect-radius") || strings.Contains(out, "--critters") {
		t.Errorf("serve --help still has the old flags:\n%s", out)
	}
}

// TestBenchRunsUserPlugins: a user plugin's system shows in bench's
// per-system table.
func TestBenchRunsUserPlugins(t *testing.T) {
	g := &greeter{Greeting: "x", Times: 1}
	out, err := run(t, []ecs.Plugin{g}, "bench", "--ticks", "5", "--warmup", "0", "--players", "2", "--bind-threads=false")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "greet") || len(g.built) != 1 {
		t.Fatalf("bench did not run the plugin (built %v):\n%s", g.built, out)
	}
}

// TestBenchReadsPluginSettings: bench configures the plugins as serve
// does, from the config file's [plugins.NAME] tables and STRATA_PLUGIN_*
// (which win), stock plugins included, and refuses a misspelt key.
func TestBenchReadsPluginSettings(t *testing.T) {
	args := []string{"bench", "--ticks", "2", "--warmup", "0", "--players", "1", "--bind-threads=false"}
	config := writeConfig(t, "tps = 20\n[plugins.greeter]\ngreeting = \"hi\"\ntimes = 3\n[plugins.protect]\nradius = 4\n")
	t.Setenv("STRATA_PLUGIN_GREETER_TIMES", "2")
	g := &greeter{Greeting: "x", Times: 1}
	out, err := run(t, []ecs.Plugin{g}, append(args, "--config", config)...)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.built) != 1 || g.built[0] != "hihi" {
		t.Errorf("greeter built with %q, want \"hihi\" (file's greeting, environment's times)", g.built)
	}
	if !strings.Contains(out, "protect_spawn") {
		t.Errorf("protect's radius from the file did not add protect_spawn:\n%s", out)
	}
	bad := writeConfig(t, "[plugins.greeter]\ntimse = 3\n")
	if _, err := run(t, []ecs.Plugin{&greeter{}}, append(args, "--config", bad)...); err == nil || !strings.Contains(err.Error(), "plugins.greeter.timse") {
		t.Errorf("a misspelt key: %v, want an error naming plugins.greeter.timse", err)
	}
}
