// Package settings lets a plugin declare settings that a server reads
// from its TOML config file (the table [plugins.NAME]) and from the
// environment (STRATA_PLUGIN_NAME_KEY), and that `strata serve --help`
// lists.
//
// A plugin with settings implements Configurable: Settings returns a
// pointer to a struct whose tagged fields are the settings.
//
//	type Config struct {
//		Radius int      `setting:"radius" help:"blocks around spawn that are protected (0: none)"`
//		Allow  []string `setting:"allow" help:"players who may edit there anyway"`
//		Center Block    // not a setting: no tag
//	}
//
//	func (p *Plugin) Settings() any { return &p.Config }
//
// The key (lower_snake) is the tag; help is a one-line description; the
// field's value when the settings are read is the default. An untagged
// struct field is searched for settings too (a plugin may return itself,
// with a Config inside). Supported types: bool, the int and uint kinds,
// float64, string, []string and time.Duration. A bool tagged
// `setting:"enabled,invert"` holds the setting's opposite: a field `Off
// bool` whose zero value is on.
//
// Precedence: environment > file > default. Every error is one line that
// names the plugin and the key (plugins.NAME.KEY or the variable).
package settings

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stratavox/strata/ecs"
)

// Configurable is a plugin with settings. Settings returns a pointer to
// a struct whose fields tagged `setting:"key"` are the settings; it must
// return the same pointer every time, the one Build reads.
type Configurable interface {
	ecs.Plugin
	Settings() any
}

// Optional is a plugin that its settings can leave out of a server:
// server.New (and bench, replay) do not add a plugin whose Enabled
// reports false. A plain ecs.App builds whatever it is given.
type Optional interface {
	ecs.Plugin
	Enabled() bool
}

// Enabled reports whether a server runs p: false only for an Optional
// plugin whose Enabled says so.
func Enabled(p ecs.Plugin) bool {
	o, ok := p.(Optional)
	return !ok || o.Enabled()
}

// EnvPrefix starts the environment variable of every plugin setting.
const EnvPrefix = "STRATA_PLUGIN_"

// EnvName returns the environment variable of a plugin's setting:
// STRATA_PLUGIN_, then the plugin's name and the key in capitals, '-' and
// '.' turned to '_'.
func EnvName(plugin, key string) string {
	return EnvPrefix + envPart(plugin) + "_" + envPart(key)
}

func envPart(s string) string {
	return strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(s))
}

// Setting describes one setting of a plugin.
type Setting struct {
	// Plugin is the plugin's name, Key the setting's.
	Plugin, Key string
	// Type is the setting's type as the help shows it: bool, int, uint32,
	// float64, string, []string, duration, ...
	Type string
	// Default is the value the setting had when listed, as the
	// environment would give it.
	Default string
	// Help describes the setting.
	Help string

	v      reflect.Value // the field, settable
	invert bool
}

// Name is the setting's full name, plugins.PLUGIN.KEY: where it sits in
// the TOML file.
func (s Setting) Name() string { return "plugins." + s.Plugin + "." + s.Key }

// Env is the setting's environment variable.
func (s Setting) Env() string { return EnvName(s.Plugin, s.Key) }

// Value is the setting's current value, as the environment would give it.
func (s Setting) Value() string { return format(s.v, s.invert) }

var keyRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

var durationType = reflect.TypeFor[time.Duration]()

// List returns every setting of the plugins, in the plugins' order and
// each plugin's fields' order, with their current values as defaults. A
// plugin that is not Configurable has none. An error is a mistake in a
// plugin's declaration: a Settings that is not a pointer to a struct, a
// bad key or an unsupported type, two settings with one environment
// variable.
func List(plugins ...ecs.Plugin) ([]Setting, error) {
	var all []Setting
	env := map[string]string{}
	for _, p := range plugins {
		c, ok := p.(Configurable)
		if !ok {
			continue
		}
		name := p.Name()
		rv := reflect.ValueOf(c.Settings())
		if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("plugin %q: Settings returns %T, not a pointer to a struct", name, c.Settings())
		}
		ss, err := fields(name, rv.Elem())
		if err != nil {
			return nil, err
		}
		for _, s := range ss {
			if other, dup := env[s.Env()]; dup {
				return nil, fmt.Errorf("%s: its environment variable %s is also %s's", s.Name(), s.Env(), other)
			}
			env[s.Env()] = s.Name()
		}
		all = append(all, ss...)
	}
	return all, nil
}

// fields lists the settings among the fields of struct v.
func fields(plugin string, v reflect.Value) ([]Setting, error) {
	var out []Setting
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, ok := f.Tag.Lookup("setting")
		if !ok {
			if f.Type.Kind() == reflect.Struct && f.Type != durationType {
				sub, err := fields(plugin, v.Field(i))
				if err != nil {
					return nil, err
				}
				out = append(out, sub...)
			}
			continue
		}
		key, opt, _ := strings.Cut(tag, ",")
		if !keyRE.MatchString(key) {
			return nil, fmt.Errorf("plugin %q: field %s: setting key %q is not lower_snake", plugin, f.Name, key)
		}
		if slices.ContainsFunc(out, func(s Setting) bool { return s.Key == key }) {
			return nil, fmt.Errorf("plugins.%s.%s: declared twice", plugin, key)
		}
		s := Setting{Plugin: plugin, Key: key, Help: f.Tag.Get("help"), v: v.Field(i)}
		switch opt {
		case "":
		case "invert":
			if f.Type.Kind() != reflect.Bool {
				return nil, fmt.Errorf("%s: invert needs a bool field, not %s", s.Name(), f.Type)
			}
			s.invert = true
		default:
			return nil, fmt.Errorf("%s: unknown tag option %q", s.Name(), opt)
		}
		var err error
		if s.Type, err = typeName(f.Type); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name(), err)
		}
		s.Default = s.Value()
		out = append(out, s)
	}
	return out, nil
}

func typeName(t reflect.Type) (string, error) {
	if t == durationType {
		return "duration", nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return t.Kind().String(), nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "[]string", nil
		}
	}
	return "", fmt.Errorf("unsupported setting type %s", t)
}

// ApplyTable sets the plugins' settings from the table plugins of a TOML
// file, as github.com/BurntSushi/toml decodes it: a table per plugin,
// named after it, of the plugin's keys. An unknown plugin or key, or a
// value of the wrong type, is an error naming plugins.NAME.KEY.
func ApplyTable(plugins []ecs.Plugin, table map[string]any) error {
	all, err := List(plugins...)
	if err != nil {
		return err
	}
	names := map[string]bool{}
	for _, p := range plugins {
		names[p.Name()] = true
	}
	for _, pname := range sortedKeys(table) {
		sub, ok := table[pname].(map[string]any)
		if !ok {
			return fmt.Errorf("plugins.%s: %s is not a table", clean(pname), tomlText(table[pname]))
		}
		if !names[pname] {
			return fmt.Errorf("plugins.%s: no plugin %s in this server (plugins: %s)", clean(pname), strconv.Quote(pname), strings.Join(sortedKeys(names), ", "))
		}
		mine := ofPlugin(all, pname)
		for _, key := range sortedKeys(sub) {
			i := slices.IndexFunc(mine, func(s Setting) bool { return s.Key == key })
			if i < 0 {
				return fmt.Errorf("plugins.%s.%s: plugin %q has no setting %q (%s)", pname, clean(key), pname, key, keysOf(mine))
			}
			if err := setTOML(mine[i], sub[key]); err != nil {
				return fmt.Errorf("%s: %w", mine[i].Name(), err)
			}
		}
	}
	return nil
}

// ApplyEnv sets the plugins' settings from the environment (KEY=VALUE
// strings, as os.Environ gives them): every STRATA_PLUGIN_ variable must
// name a setting. A list is comma-separated.
func ApplyEnv(plugins []ecs.Plugin, environ []string) error {
	all, err := List(plugins...)
	if err != nil {
		return err
	}
	byEnv := map[string]Setting{}
	for _, s := range all {
		byEnv[s.Env()] = s
	}
	vars := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, EnvPrefix) {
			vars[k] = v
		}
	}
	for _, k := range sortedKeys(vars) {
		s, ok := byEnv[k]
		if !ok {
			return fmt.Errorf("%s: %s", clean(k), unknownEnv(plugins, all, k))
		}
		if err := setString(s, vars[k]); err != nil {
			return fmt.Errorf("%s (%s): %w", k, s.Name(), err)
		}
	}
	return nil
}

// unknownEnv explains a STRATA_PLUGIN_ variable that names no setting,
// naming the plugin it seems to be about.
func unknownEnv(plugins []ecs.Plugin, all []Setting, k string) string {
	rest := strings.TrimPrefix(k, EnvPrefix)
	best := ""
	for _, p := range plugins {
		if n := p.Name(); strings.HasPrefix(rest, envPart(n)+"_") && len(n) > len(best) {
			best = n
		}
	}
	if best == "" {
		names := make([]string, len(plugins))
		for i, p := range plugins {
			names[i] = p.Name()
		}
		slices.Sort(names)
		return fmt.Sprintf("names no plugin of this server (plugins: %s)", strings.Join(names, ", "))
	}
	key := strings.ToLower(strings.TrimPrefix(rest, envPart(best)+"_"))
	return fmt.Sprintf("plugin %q has no setting %q (%s)", best, key, keysOf(ofPlugin(all, best)))
}

// Apply sets the plugins' settings from a config file's plugins table
// (nil for none), then from the environment, which wins.
func Apply(plugins []ecs.Plugin, table map[string]any, environ []string) error {
	if err := ApplyTable(plugins, table); err != nil {
		return err
	}
	return ApplyEnv(plugins, environ)
}

// Values returns every setting's current value by its Name, as the
// environment would give it: what a recording keeps, for ApplyValues to
// restore.
func Values(plugins ...ecs.Plugin) (map[string]string, error) {
	all, err := List(plugins...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(all))
	for _, s := range all {
		out[s.Name()] = s.Value()
	}
	return out, nil
}

// ApplyValues sets the settings named in values (by Name, as Values gives
// them). A name that is not a setting of these plugins is an error.
func ApplyValues(plugins []ecs.Plugin, values map[string]string) error {
	all, err := List(plugins...)
	if err != nil {
		return err
	}
	for _, name := range sortedKeys(values) {
		i := slices.IndexFunc(all, func(s Setting) bool { return s.Name() == name })
		if i < 0 {
			return fmt.Errorf("%s: no such plugin setting", clean(name))
		}
		if err := setString(all[i], values[name]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

func ofPlugin(all []Setting, plugin string) []Setting {
	var out []Setting
	for _, s := range all {
		if s.Plugin == plugin {
			out = append(out, s)
		}
	}
	return out
}

func keysOf(ss []Setting) string {
	if len(ss) == 0 {
		return "it has no settings"
	}
	keys := make([]string, len(ss))
	for i, s := range ss {
		keys[i] = s.Key
	}
	slices.Sort(keys)
	return "its settings: " + strings.Join(keys, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// tomlText shows a decoded TOML value in an error, on one line.
func tomlText(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case map[string]any:
		return "a table"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = tomlText(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

var plainRE = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// clean shows a name from a file or the environment on one line: as is
// when plain, quoted otherwise.
func clean(s string) string {
	if plainRE.MatchString(s) {
		return s
	}
	return strconv.Quote(s)
}

// setTOML sets s from a decoded TOML value.
func setTOML(s Setting, x any) error {
	v, t := s.v, s.v.Type()
	bad := func(what string) error { return fmt.Errorf("%s is not %s", tomlText(x), what) }
	if t == durationType {
		str, ok := x.(string)
		if !ok {
			return bad(`a duration (a string like "90s")`)
		}
		d, err := time.ParseDuration(str)
		if err != nil {
			return bad(`a duration (like "90s")`)
		}
		v.SetInt(int64(d))
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := x.(bool)
		if !ok {
			return bad("true or false")
		}
		v.SetBool(b != s.invert)
	case reflect.String:
		str, ok := x.(string)
		if !ok {
			return bad("a string")
		}
		v.SetString(str)
	case reflect.Float64:
		switch n := x.(type) {
		case float64:
			v.SetFloat(n)
		case int64:
			v.SetFloat(float64(n))
		default:
			return bad("a number")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := x.(int64)
		if !ok {
			return bad("an integer")
		}
		if v.CanInt() && !v.OverflowInt(n) {
			v.SetInt(n)
		} else if v.CanUint() && n >= 0 && !v.OverflowUint(uint64(n)) {
			v.SetUint(uint64(n))
		} else {
			return fmt.Errorf("%d is out of range for %s", n, t.Kind())
		}
	case reflect.Slice:
		list, ok := x.([]any)
		if !ok {
			return bad("a list of strings")
		}
		out := reflect.MakeSlice(t, 0, len(list))
		for _, e := range list {
			str, ok := e.(string)
			if !ok {
				return bad("a list of strings")
			}
			out = reflect.Append(out, reflect.ValueOf(str).Convert(t.Elem()))
		}
		v.Set(out)
	default:
		return fmt.Errorf("unsupported setting type %s", t)
	}
	return nil
}

// setString sets s from a string, as the environment gives it.
func setString(s Setting, str string) error {
	v, t := s.v, s.v.Type()
	bad := func(what string) error { return fmt.Errorf("%q is not %s", str, what) }
	if t == durationType {
		d, err := time.ParseDuration(str)
		if err != nil {
			return bad(`a duration (like "90s")`)
		}
		v.SetInt(int64(d))
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		b, err := strconv.ParseBool(str)
		if err != nil {
			return bad("true or false")
		}
		v.SetBool(b != s.invert)
	case reflect.String:
		v.SetString(str)
	case reflect.Float64:
		f, err := strconv.ParseFloat(str, 64)
		if err != nil {
			return bad("a number")
		}
		v.SetFloat(f)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		var err error
		what := "an integer"
		if v.CanInt() {
			var n int64
			if n, err = strconv.ParseInt(str, 10, t.Bits()); err == nil {
				v.SetInt(n)
			}
		} else {
			what = "a non-negative integer"
			var n uint64
			if n, err = strconv.ParseUint(str, 10, t.Bits()); err == nil {
				v.SetUint(n)
			}
		}
		if errors.Is(err, strconv.ErrRange) {
			return fmt.Errorf("%q is out of range for %s", str, t.Kind())
		} else if err != nil {
			return bad(what)
		}
	case reflect.Slice:
		out := reflect.MakeSlice(t, 0, 0)
		if str != "" {
			for _, e := range strings.Split(str, ",") {
				out = reflect.Append(out, reflect.ValueOf(strings.TrimSpace(e)).Convert(t.Elem()))
			}
		}
		v.Set(out)
	default:
		return fmt.Errorf("unsupported setting type %s", t)
	}
	return nil
}

// format renders a setting's value as the environment would give it.
func format(v reflect.Value, invert bool) string {
	if v.Type() == durationType {
		return time.Duration(v.Int()).String()
	}
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool() != invert)
	case reflect.String:
		return v.String()
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = v.Index(i).String()
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v.Interface())
}
