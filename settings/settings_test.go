package settings_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/settings"
)

// conf is a plugin's settings of every supported type.
type conf struct {
	Radius  int           `setting:"radius" help:"blocks around spawn"`
	Allow   []string      `setting:"allow" help:"who may edit"`
	On      bool          `setting:"on"`
	Off     bool          `setting:"enabled,invert"`
	Big     int64         `setting:"big"`
	Count   uint64        `setting:"count"`
	Small   uint32        `setting:"small"`
	Speed   float64       `setting:"speed"`
	Greet   string        `setting:"greet"`
	Every   time.Duration `setting:"every"`
	Inner   inner
	Ignored int
}

type inner struct {
	Depth int8 `setting:"depth"`
}

type plug struct {
	name string
	cfg  conf
}

func (p *plug) Name() string         { return p.name }
func (p *plug) Build(*ecs.App) error { return nil }
func (p *plug) Settings() any        { return &p.cfg }
func (p *plug) Enabled() bool        { return !p.cfg.Off }
func newPlug(name string) *plug {
	return &plug{name: name, cfg: conf{Radius: 16, Allow: []string{"op"}, Speed: 1.5, Every: time.Minute}}
}
func plain(name string) ecs.Plugin       { return plainPlugin(name) }
func (p plainPlugin) Name() string       { return string(p) }
func (plainPlugin) Build(*ecs.App) error { return nil }

type plainPlugin string

func TestList(t *testing.T) {
	ss, err := settings.List(plain("core"), newPlug("protect"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ss {
		got = append(got, s.Name()+" "+s.Type+" "+s.Default+" "+s.Env())
	}
	want := []string{
		"plugins.protect.radius int 16 STRATA_PLUGIN_PROTECT_RADIUS",
		"plugins.protect.allow []string op STRATA_PLUGIN_PROTECT_ALLOW",
		"plugins.protect.on bool false STRATA_PLUGIN_PROTECT_ON",
		"plugins.protect.enabled bool true STRATA_PLUGIN_PROTECT_ENABLED",
		"plugins.protect.big int64 0 STRATA_PLUGIN_PROTECT_BIG",
		"plugins.protect.count uint64 0 STRATA_PLUGIN_PROTECT_COUNT",
		"plugins.protect.small uint32 0 STRATA_PLUGIN_PROTECT_SMALL",
		"plugins.protect.speed float64 1.5 STRATA_PLUGIN_PROTECT_SPEED",
		"plugins.protect.greet string  STRATA_PLUGIN_PROTECT_GREET",
		"plugins.protect.every duration 1m0s STRATA_PLUGIN_PROTECT_EVERY",
		"plugins.protect.depth int8 0 STRATA_PLUGIN_PROTECT_DEPTH",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if ss[0].Help != "blocks around spawn" {
		t.Fatalf("help %q", ss[0].Help)
	}
	if settings.EnvName("my-plugin.x", "a_b") != "STRATA_PLUGIN_MY_PLUGIN_X_A_B" {
		t.Fatal(settings.EnvName("my-plugin.x", "a_b"))
	}
}

type badKey struct {
	X int `setting:"Radius"`
}
type badType struct {
	X map[string]int `setting:"x"`
}
type badInvert struct {
	X int `setting:"x,invert"`
}
type dupKey struct {
	X int `setting:"x"`
	Y int `setting:"x"`
}

type anyPlug struct {
	name string
	s    any
}

func (p anyPlug) Name() string       { return p.name }
func (anyPlug) Build(*ecs.App) error { return nil }
func (p anyPlug) Settings() any      { return p.s }
func TestListRefusesBadDeclarations(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    []ecs.Plugin
		want string
	}{
		{"not a pointer", []ecs.Plugin{anyPlug{"p", conf{}}}, "not a pointer to a struct"},
		{"nil", []ecs.Plugin{anyPlug{"p", (*conf)(nil)}}, "not a pointer to a struct"},
		{"key", []ecs.Plugin{anyPlug{"p", &badKey{}}}, "not lower_snake"},
		{"type", []ecs.Plugin{anyPlug{"p", &badType{}}}, "unsupported setting type"},
		{"invert", []ecs.Plugin{anyPlug{"p", &badInvert{}}}, "invert needs a bool"},
		{"twice", []ecs.Plugin{anyPlug{"p", &dupKey{}}}, "plugins.p.x: declared twice"},
		{"one variable", []ecs.Plugin{anyPlug{"a_b", &struct {
			X int `setting:"c"`
		}{}}, anyPlug{"a", &struct {
			X int `setting:"b_c"`
		}{}}}, "STRATA_PLUGIN_A_B_C"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := settings.List(tc.p...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

func decode(t *testing.T, doc string) map[string]any {
	t.Helper()
	var file map[string]any
	if _, err := toml.Decode(doc, &file); err != nil {
		t.Fatal(err)
	}
	table, _ := file["plugins"].(map[string]any)
	return table
}

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name    string
		toml    string
		env     []string
		check   func(conf) bool
		wantErr string
	}{
		{"defaults", "", nil, func(c conf) bool { return c.Radius == 16 && c.Allow[0] == "op" && !c.Off }, ""},
		{"file", `[plugins.protect]
radius = 3
allow = ["a", "b"]
on = true
enabled = false
big = -5
count = 7
small = 4000000000
speed = 2
greet = "hi"
every = "90s"
depth = -3`, nil, func(c conf) bool {
			return c.Radius == 3 && reflect.DeepEqual(c.Allow, []string{"a", "b"}) && c.On && c.Off && c.Big == -5 &&
				c.Count == 7 && c.Small == 4e9 && c.Speed == 2 && c.Greet == "hi" && c.Every == 90*time.Second && c.Inner.Depth == -3
		}, ""},
		{"env", "", []string{"STRATA_PLUGIN_PROTECT_RADIUS=4", "STRATA_PLUGIN_PROTECT_ALLOW=x, y", "STRATA_PLUGIN_PROTECT_ENABLED=false",
			"STRATA_PLUGIN_PROTECT_EVERY=2h", "STRATA_PLUGIN_PROTECT_SPEED=0.25", "PATH=/bin", "STRATA_TPS=3"}, func(c conf) bool {
			return c.Radius == 4 && reflect.DeepEqual(c.Allow, []string{"x", "y"}) && c.Off && c.Every == 2*time.Hour && c.Speed == 0.25
		}, ""},
		{"env over file", "[plugins.protect]\nradius = 3\ngreet = \"file\"", []string{"STRATA_PLUGIN_PROTECT_RADIUS=5"}, func(c conf) bool {
			return c.Radius == 5 && c.Greet == "file"
		}, ""},
		{"empty list from env", "", []string{"STRATA_PLUGIN_PROTECT_ALLOW="}, func(c conf) bool { return len(c.Allow) == 0 }, ""},
		{"plugin without settings, empty table", "[plugins.core]", nil, func(conf) bool { return true }, ""},

		{"unknown key", "[plugins.protect]\nraduis = 3", nil, nil, `plugins.protect.raduis: plugin "protect" has no setting "raduis" (its settings: allow, big,`},
		{"unknown plugin", "[plugins.protekt]\nradius = 3", nil, nil, `plugins.protekt: no plugin "protekt" in this server (plugins: core, protect)`},
		{"key of a plugin without settings", "[plugins.core]\nx = 1", nil, nil, `plugins.core.x: plugin "core" has no setting "x" (it has no settings)`},
		{"not a table", "[plugins]\nprotect = 3", nil, nil, `plugins.protect: 3 is not a table`},
		{"string for an int", "[plugins.protect]\nradius = \"abc\"", nil, nil, `plugins.protect.radius: "abc" is not an integer`},
		{"float for an int", "[plugins.protect]\nradius = 1.5", nil, nil, `plugins.protect.radius: 1.5 is not an integer`},
		{"int for a bool", "[plugins.protect]\non = 1", nil, nil, `plugins.protect.on: 1 is not true or false`},
		{"overflow", "[plugins.protect]\nsmall = 5000000000", nil, nil, `plugins.protect.small: 5000000000 is out of range for uint32`},
		{"negative uint", "[plugins.protect]\ncount = -1", nil, nil, `plugins.protect.count: -1 is out of range for uint64`},
		{"bad list", "[plugins.protect]\nallow = [\"a\", 2]", nil, nil, `plugins.protect.allow: ["a", 2] is not a list of strings`},
		{"bad duration", "[plugins.protect]\nevery = \"soon\"", nil, nil, `plugins.protect.every: "soon" is not a duration`},
		{"number for a duration", "[plugins.protect]\nevery = 5", nil, nil, `plugins.protect.every: 5 is not a duration`},
		{"number for a string", "[plugins.protect]\ngreet = 5", nil, nil, `plugins.protect.greet: 5 is not a string`},
		{"unknown env key", "", []string{"STRATA_PLUGIN_PROTECT_RADUIS=3"}, nil, `STRATA_PLUGIN_PROTECT_RADUIS: plugin "protect" has no setting "raduis"`},
		{"unknown env plugin", "", []string{"STRATA_PLUGIN_PROTEKT_RADIUS=3"}, nil, `STRATA_PLUGIN_PROTEKT_RADIUS: names no plugin of this server (plugins: core, protect)`},
		{"bad env value", "", []string{"STRATA_PLUGIN_PROTECT_RADIUS=abc"}, nil, `STRATA_PLUGIN_PROTECT_RADIUS (plugins.protect.radius): "abc" is not an integer`},
		{"bad env bool", "", []string{"STRATA_PLUGIN_PROTECT_ENABLED=maybe"}, nil, `(plugins.protect.enabled): "maybe" is not true or false`},
		{"env overflow", "", []string{"STRATA_PLUGIN_PROTECT_DEPTH=200"}, nil, `"200" is out of range for int8`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlug("protect")
			err := settings.Apply([]ecs.Plugin{plain("core"), p}, decode(t, tc.toml), tc.env)
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
			if !tc.check(p.cfg) {
				t.Fatalf("settings %+v", p.cfg)
			}
		})
	}
}

func TestEnabled(t *testing.T) {
	p := newPlug("p")
	if !settings.Enabled(p) || !settings.Enabled(plain("core")) {
		t.Fatal("enabled by default")
	}
	if err := settings.ApplyEnv([]ecs.Plugin{p}, []string{"STRATA_PLUGIN_P_ENABLED=false"}); err != nil {
		t.Fatal(err)
	}
	if settings.Enabled(p) {
		t.Fatal("enabled=false left it enabled")
	}
}

// TestValuesRoundTrip: what Values gives, ApplyValues restores on fresh
// plugins (a recording's header).
func TestValuesRoundTrip(t *testing.T) {
	p := newPlug("p")
	if err := settings.ApplyTable([]ecs.Plugin{p}, decode(t, "[plugins.p]\nradius = -2\nallow = [\"a\", \"b\"]\nenabled = false\nspeed = 0.1\nevery = \"1h2m\"\ngreet = \"x y\"")); err != nil {
		t.Fatal(err)
	}
	vals, err := settings.Values(p)
	if err != nil {
		t.Fatal(err)
	}
	q := newPlug("p")
	if err := settings.ApplyValues([]ecs.Plugin{q}, vals); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.cfg, q.cfg) {
		t.Fatalf("restored %+v, want %+v", q.cfg, p.cfg)
	}
	if err := settings.ApplyValues([]ecs.Plugin{q}, map[string]string{"plugins.p.nope": "1"}); err == nil || !strings.Contains(err.Error(), "plugins.p.nope") {
		t.Fatalf("err %v", err)
	}
}

// FuzzParse feeds arbitrary text to every setting as an environment
// value and as a TOML value: never a panic, an error is one line naming
// the setting, and a value accepted from the environment reads back as
// the same text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"3", "-1", "abc", "1.5", "true", "\"90s\"", "[\"a\", \"b\"]", "x,y", "", "1e400", "18446744073709551616", "\"\n\""} {
		f.Add(s)
	}
	keys := []string{"radius", "allow", "on", "enabled", "big", "count", "small", "speed", "greet", "every", "depth"}
	f.Fuzz(func(t *testing.T, s string) {
		for _, key := range keys {
			p := newPlug("p")
			env := settings.EnvName("p", key)
			err := settings.ApplyEnv([]ecs.Plugin{p}, []string{env + "=" + s})
			if err != nil {
				if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), env) {
					t.Fatalf("env %s=%q: error %q", env, s, err)
				}
			} else {
				vals, err := settings.Values(p)
				if err != nil {
					t.Fatal(err)
				}
				q := newPlug("p")
				if err := settings.ApplyValues([]ecs.Plugin{q}, map[string]string{"plugins.p." + key: vals["plugins.p."+key]}); err != nil {
					t.Fatalf("%s=%q read back as %q: %v", key, s, vals["plugins.p."+key], err)
				}
				// The text a recording keeps reads back as itself.
				again, err := settings.Values(q)
				if err != nil {
					t.Fatal(err)
				}
				if name := "plugins.p." + key; again[name] != vals[name] {
					t.Fatalf("%s=%q: %q read back as %q", key, s, vals[name], again[name])
				}
			}
			var file map[string]any
			if _, err := toml.Decode("[plugins.p]\n"+key+" = "+s, &file); err != nil {
				continue
			}
			table, ok := file["plugins"].(map[string]any)
			if !ok {
				continue
			}
			p = newPlug("p")
			if err := settings.ApplyTable([]ecs.Plugin{p}, table); err != nil {
				if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "plugins.p") {
					t.Fatalf("toml %s = %s: error %q", key, s, err)
				}
			}
		}
	})
}
