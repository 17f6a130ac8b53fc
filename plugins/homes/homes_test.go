package homes_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/plugins/homes"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
	"github.com/stratavox/strata/systems/perms"
)

func near(a, b components.Position) bool {
	return math.Abs(a.X-b.X) < 1e-6 && math.Abs(a.Y-b.Y) < 1e-6 && math.Abs(a.Z-b.Z) < 1e-6
}

var opts = client.Options{ViewDistance: 2}

// chatty lifts the chat rate limit: the tests send many commands at once.
var chatty = scenario.WithChatLimits(wire.ChatLimits{PerSecond: 1000, Burst: 1000})

// TestHomes sets, uses, lists and deletes homes on one server, and checks
// who may list another player's.
func TestHomes(t *testing.T) {
	s := scenario.New(t, chatty, scenario.WithPlugins(homes.New()))
	alice := s.Connect("alice", opts)
	bob := s.Connect("bob", opts)
	s.StepUntilSynced(alice, bob)

	if got := s.Command(alice, "/home"); got != "/home: you have no home (set one with /sethome)" {
		t.Fatalf("/home without a home: %q", got)
	}
	if got, want := s.Command(alice, "/sethome"), "home home set at 0.5 64.0 0.5"; got != want {
		t.Fatalf("/sethome: %q, want %q", got, want)
	}
	far := components.Position{X: 20.5, Y: scenario.Ground, Z: -11.5}
	s.Teleport(alice, far)
	if got := s.Command(alice, "/sethome mine"); !strings.HasPrefix(got, "home mine set at 20.5") {
		t.Fatalf("/sethome mine: %q", got)
	}
	s.Teleport(alice, s.Spawn())
	if got := s.Command(alice, "/home mine"); got != "teleported home to mine" {
		t.Fatalf("/home mine: %q", got)
	}
	if pos := s.Position(alice); !near(pos, far) {
		t.Fatalf("after /home mine alice is at %+v, want %+v", pos, far)
	}
	if got := s.Command(alice, "/home nowhere"); got != "/home: no home nowhere (yours: home, mine)" {
		t.Fatalf("/home nowhere: %q", got)
	}
	if got := s.Command(bob, "/homes alice"); got != "you do not have permission to run /homes PLAYER" {
		t.Fatalf("bob's /homes alice: %q", got)
	}
	if _, err := perms.Of(s.App().World()).Access().SetOperator("bob", true); err != nil {
		t.Fatal(err)
	}
	if got := s.Command(bob, "/homes alice"); got != "homes of alice: home (0.5 64.0 0.5), mine (20.5 64.0 -11.5)" {
		t.Fatalf("operator's /homes alice: %q", got)
	}
	if got := s.Command(alice, "/delhome mine"); got != "home mine deleted" {
		t.Fatalf("/delhome mine: %q", got)
	}
	if got := s.Command(alice, "/homes"); got != "homes of alice: home (0.5 64.0 0.5)" {
		t.Fatalf("/homes: %q", got)
	}
}

// TestHomesAcrossRestart sets a home, stops the server, starts another on
// the same database and goes home.
func TestHomesAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	onDisk := scenario.WithConfig(func(c *server.Config) { c.DataDir, c.InMemory = dir, false })
	far := components.Position{X: -7.5, Y: scenario.Ground, Z: 13.5}

	s := scenario.New(t, chatty, onDisk, scenario.WithPlugins(homes.New()))
	alice := s.Connect("alice", opts)
	s.StepUntilSynced(alice)
	s.Teleport(alice, far)
	if got := s.Command(alice, "/sethome"); !strings.HasPrefix(got, "home home set at -7.5") {
		t.Fatalf("/sethome: %q", got)
	}
	s.Close()

	s = scenario.New(t, chatty, onDisk, scenario.WithPlugins(homes.New()))
	alice = s.Connect("alice", opts)
	s.StepUntilSynced(alice)
	s.Teleport(alice, s.Spawn())
	if got := s.Command(alice, "/home"); got != "teleported home to home" {
		t.Fatalf("/home after a restart: %q", got)
	}
	if pos := s.Position(alice); !near(pos, far) {
		t.Fatalf("after /home alice is at %+v, want %+v", pos, far)
	}
}

// TestKindTwice fails the build when two plugins register one kind,
// naming both.
func TestKindTwice(t *testing.T) {
	_, err := scenario.Build(t, scenario.WithPlugins(homes.New(), &other{}))
	if err == nil || !strings.Contains(err.Error(), `registered twice: by plugin "homes" and by plugin "other"`) {
		t.Fatalf("build: %v", err)
	}
}
