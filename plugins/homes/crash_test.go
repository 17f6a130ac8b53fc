package homes_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/plugins/homes"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/server/scenario"
)

// crashEnv names the data directory of the server TestCrashServer runs in
// a child process.
const crashEnv = "STRATA_HOMES_CRASH_DIR"

// TestCrashServer is the child of TestHomesSurviveKill: a live server (not
// deterministic: durability callbacks on the storage goroutine) with the
// homes plugin on a database on disk, listening on QUIC, ticking until it
// is killed. It does nothing in a normal run.
func TestCrashServer(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("the child of TestHomesSurviveKill")
	}
	s := scenario.New(t, chatty, scenario.OverQUIC(), scenario.WithPlugins(homes.New()),
		scenario.WithConfig(func(c *server.Config) { c.DataDir, c.InMemory, c.Deterministic = dir, false, false }))
	fmt.Printf("LISTEN %s %s\n", s.Addr(), s.CertSHA256())
	for {
		s.Step(1)
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHomesSurviveKill runs a server in a child process, sets homes there
// and kills the process with SIGKILL the moment the last /sethome is
// answered: every home the player was told is set is there when a server
// opens the database again.
func TestHomesSurviveKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashServer$", "-test.timeout=5m")
	cmd.Env = append(os.Environ(), crashEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	var addr, pin string
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if f := strings.Fields(lines.Text()); len(f) == 3 && f[0] == "LISTEN" {
			addr, pin = f[1], f[2]
			break
		}
	}
	if addr == "" {
		t.Fatalf("the server process did not start: %v", lines.Err())
	}
	go func() { // keep its output flowing
		for lines.Scan() {
		}
	}()

	replies := make(chan string, 64)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, addr, client.Options{Name: "alice", ViewDistance: 2, PinSHA256: pin, Handlers: client.Handlers{
		OnControl: func(m *protocol.ServerMessage) {
			if b := m.GetChatBroadcast(); b != nil && b.GetSystem() {
				replies <- b.GetText()
			}
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	say := func(line, want string) {
		t.Helper()
		if err := c.Chat(line); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-replies:
			if !strings.HasPrefix(got, want) {
				t.Fatalf("%s: %q, want %q...", line, got, want)
			}
		case <-ctx.Done():
			t.Fatalf("%s: no reply", line)
		}
	}
	const n = 5
	for i := range n {
		x := 10*i + 3
		say(fmt.Sprintf("/tp %d.5 64 0.5", x), "teleported to")
		say(fmt.Sprintf("/sethome h%d", i), fmt.Sprintf("home h%d set at %d.5 64.0 0.5", i, x))
	}
	// Told: now the crash.
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	killed = true

	s := scenario.New(t, chatty, scenario.WithPlugins(homes.New()),
		scenario.WithConfig(func(c *server.Config) { c.DataDir, c.InMemory = dir, false }))
	alice := s.Connect("alice", opts)
	s.StepUntilSynced(alice)
	want := "homes of alice: h0 (3.5 64.0 0.5), h1 (13.5 64.0 0.5), h2 (23.5 64.0 0.5), h3 (33.5 64.0 0.5), h4 (43.5 64.0 0.5)"
	if got := s.Command(alice, "/homes"); got != want {
		t.Fatalf("after kill -9: %q\nwant %q", got, want)
	}
}
