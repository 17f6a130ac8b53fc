package perms_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/commands"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/perms"
	"github.com/stratavox/strata/testkit"
)

// build makes the real server's App (server.DefaultPlugins, in memory)
// with extra plugins, fed by src.
func build(t *testing.T, src network.EventSource, extra ...ecs.Plugin) (*ecs.App, error) {
	t.Helper()
	cfg := server.Defaults()
	cfg.DataDir, cfg.InMemory, cfg.Deterministic = t.TempDir(), true, true
	cfg.Admin, cfg.Listen = "", ""
	app := testkit.NewApp(t)
	app.AddPlugins(server.DefaultPlugins(cfg, server.TerrainFunc(1, testkit.Flat), testkit.Spawn, src)...)
	app.AddPlugins(extra...)
	return app, app.Build()
}

// homes is a plugin's use of permissions: anyone may /sethome, only
// operators may /homes (everyone's homes).
type homes struct {
	// declare and register, when set, replace what it declares and
	// registers (to try the build's refusals).
	declare  func(app *ecs.App)
	register func(app *ecs.App)
}

func (homes) Name() string { return "homes" }
func (homes) Dependencies() []string {
	return []string{perms.PluginName, commands.PluginName}
}

func (h homes) Build(app *ecs.App) error {
	if h.declare != nil {
		h.declare(app)
	} else {
		perms.Declare(app, "homes.set", perms.Everyone, "set your home")
		perms.Declare(app, "homes.list", perms.Operators, "list everyone's homes")
	}
	if h.register != nil {
		h.register(app)
		return nil
	}
	commands.Register(app, commands.Command{Name: "/sethome", Usage: "/sethome", Permission: "homes.set",
		Run: func(_ *ecs.Context, from commands.Sender, _ []string) string { return "home set for " + from.Name }})
	commands.Register(app, commands.Command{Name: "/homes", Usage: "/homes", Permission: "homes.list",
		Run: func(ctx *ecs.Context, from commands.Sender, _ []string) string {
			// A command may ask for more than its own permission.
			return fmt.Sprintf("homes: none (may set: %v)", from.Has(ctx.World, "homes.set"))
		}})
	commands.Register(app, commands.Command{Name: "/quiet", Usage: "/quiet",
		Run: func(*ecs.Context, commands.Sender, []string) string { return "" }})
	return nil
}

// TestPluginPermissions: a plugin declares permissions and registers
// commands needing them; Has answers by level, operators have every
// permission, and the commands run or are refused accordingly.
func TestPluginPermissions(t *testing.T) {
	src := &network.QueueSource{}
	app, err := build(t, src, homes{})
	if err != nil {
		t.Fatal(err)
	}
	reg := ecs.Resource[access.Registry](app)
	if _, err := reg.SetOperator("Alice", true); err != nil {
		t.Fatal(err)
	}
	w := app.World()
	for _, tc := range []struct {
		player, perm string
		want         bool
	}{
		{"bob", "homes.set", true},
		{"bob", "homes.list", false},
		{"bob", "strata.kick", false},
		{"bob", "nobody.declared.this", false},
		{"alice", "homes.set", true},
		{"alice", "homes.list", true},
		{"ALICE", "homes.list", true},
		{"alice", "strata.kick", true},
		{"alice", "nobody.declared.this", true},
	} {
		if got := perms.Has(w, tc.player, tc.perm); got != tc.want {
			t.Errorf("Has(%q, %q) = %v, want %v", tc.player, tc.perm, got, tc.want)
		}
	}
	table := ecs.Resource[perms.Table](app)
	if p, ok := table.Lookup("homes.list"); !ok || p.Level != perms.Operators || p.About != "list everyone's homes" {
		t.Errorf("Lookup(homes.list) = %+v, %v", p, ok)
	}
	var names []string
	for _, p := range table.All() {
		names = append(names, p.Name)
	}
	want := []string{"homes.list", "homes.set", "strata.ban", "strata.fill", "strata.kick", "strata.names", "strata.op", "strata.say", "strata.tp.others", "strata.whitelist"}
	if !slices.Equal(names, want) {
		t.Errorf("declared %q, want %q", names, want)
	}
	if perms.Has(ecs.NewApp().World(), "alice", "homes.set") {
		t.Error("Has in a world without the permissions plugin said yes")
	}

	conns := map[string]*testkit.FakeConn{"alice": {}, "bob": {}}
	ids := map[string]uint64{"alice": 1, "bob": 2}
	for name, c := range conns {
		src.Push(network.InEvent{Kind: wire.Connected, ID: ids[name], Conn: c, Name: name, ViewDistance: 2})
	}
	console := &testkit.FakeConn{}
	for range 3 {
		app.Step()
	}
	for _, tc := range []struct {
		from, line, reply string
	}{
		{"bob", "/sethome", "home set for bob"},
		{"bob", "/homes", "you do not have permission to run /homes"},
		{"alice", "/homes", "homes: none (may set: true)"},
		{"bob", "/quiet", ""},
		{"console", "/homes", "homes: none (may set: true)"},
		{"console", "/quiet", "done"},
		{"bob", "/help", "commands: /help, /quiet, /sethome, /tp X Y Z | /tp PLAYER [X Y Z], /where"},
	} {
		c, id := conns[tc.from], ids[tc.from]
		if tc.from == "console" {
			c, id = console, network.ConsoleID
		}
		c.Take()
		src.Push(network.InEvent{Kind: wire.Message, ID: id, Conn: c, Msg: &protocol.ClientMessage{
			Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: tc.line}}}})
		app.Step()
		var got []string
		for _, m := range c.Take() {
			if b := m.GetChatBroadcast(); b != nil {
				got = append(got, b.GetText())
			}
		}
		if want := []string{tc.reply}; tc.reply == "" && len(got) != 0 || tc.reply != "" && !slices.Equal(got, want) {
			t.Errorf("%s ran %s: told %q, want %q", tc.from, tc.line, got, tc.reply)
		}
	}
}

// TestDeclarationsRefused: a permission declared twice or badly, a
// command registered twice or badly, fails the build, saying which.
func TestDeclarationsRefused(t *testing.T) {
	run := func(*ecs.Context, commands.Sender, []string) string { return "" }
	for _, tc := range []struct {
		name   string
		plugin homes
		want   string
	}{
		{"permission declared twice", homes{declare: func(app *ecs.App) {
			perms.Declare(app, "homes.set", perms.Everyone, "a")
			perms.Declare(app, "homes.set", perms.Operators, "b")
		}}, `declare permission "homes.set": already declared`},
		{"built-in permission declared again", homes{declare: func(app *ecs.App) {
			perms.Declare(app, "strata.kick", perms.Everyone, "mine now")
		}}, `declare permission "strata.kick": already declared`},
		{"permission with a space", homes{declare: func(app *ecs.App) {
			perms.Declare(app, "homes set", perms.Everyone, "")
		}}, `declare permission "homes set"`},
		{"empty permission", homes{declare: func(app *ecs.App) { perms.Declare(app, "", perms.Everyone, "") }}, `declare permission ""`},
		{"unknown level", homes{declare: func(app *ecs.App) { perms.Declare(app, "homes.x", perms.Level(7), "") }}, "unknown level"},
		{"built-in command registered again", homes{register: func(app *ecs.App) {
			commands.Register(app, commands.Command{Name: "/tp", Run: run})
		}}, "register command /tp: already registered"},
		{"command without a slash", homes{register: func(app *ecs.App) {
			commands.Register(app, commands.Command{Name: "home", Run: run})
		}}, `register command "home"`},
		{"command in capitals", homes{register: func(app *ecs.App) {
			commands.Register(app, commands.Command{Name: "/Home", Run: run})
		}}, `register command "/Home"`},
		{"command without Run", homes{register: func(app *ecs.App) {
			commands.Register(app, commands.Command{Name: "/home"})
		}}, "register command /home: no Run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := build(t, &network.QueueSource{}, tc.plugin)
			if err == nil {
				t.Fatal("the build succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `plugin "homes"`) {
				t.Fatalf("build error %q, want it to say %q and name plugin homes", err, tc.want)
			}
		})
	}
}
