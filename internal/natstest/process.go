package natstest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// childEnv names the configuration file a test binary started as a NATS
// node serves (see ServeIfChild).
const childEnv = "STRATA_NATSTEST_NODE_CONF"

// ServeIfChild makes the test binary a NATS node when StartProcessCluster
// started it as one: call it first in TestMain. Otherwise it returns at
// once. A node runs until it is killed.
func ServeIfChild() {
	conf := os.Getenv(childEnv)
	if conf == "" {
		return
	}
	o, err := server.ProcessConfigFile(conf)
	if err == nil {
		var s *server.Server
		if s, err = server.NewServer(o); err == nil {
			s.Start()
			s.WaitForShutdown()
			os.Exit(0)
		}
	}
	fmt.Fprintln(os.Stderr, "natstest node:", err)
	os.Exit(2)
}

// Proc is a nats-server running as a child process.
type Proc struct {
	cmd *exec.Cmd
	url string
	// name is the node's server_name (nK); monitor its monitoring
	// endpoint's base URL (http://127.0.0.1:port), which tells the
	// JetStream meta leader (MetaLeader) and whether the node has caught
	// up (Healthy).
	name, monitor string
	// bin and conf start the node again on the same configuration and
	// store directory (Restart).
	bin, conf string
}

// URL returns the node's client URL.
func (p *Proc) URL() string { return p.url }

// Name returns the node's server_name, as stream and meta-group infos
// name their leaders.
func (p *Proc) Name() string { return p.name }

// MonitorURL returns the base URL of the node's monitoring endpoint.
func (p *Proc) MonitorURL() string { return p.monitor }

// Running reports whether the node's process was started and not yet
// ended by Kill.
func (p *Proc) Running() bool { return p.cmd.Process != nil && p.cmd.ProcessState == nil }

// Kill ends the node with SIGKILL and reaps it; later calls do nothing.
func (p *Proc) Kill() {
	if p.cmd.Process == nil || p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
}

// Restart starts a killed node again with its configuration and store
// directory, as an operator restarts a crashed node: it rejoins the
// cluster under its name and catches up from the others. It returns once
// the process is started, not once it has caught up (Healthy). A running
// node is left alone.
func (p *Proc) Restart() error {
	if p.Running() {
		return nil
	}
	cmd := nodeCmd(p.bin, p.conf)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("natstest: restart %s: %w", p.name, err)
	}
	p.cmd = cmd
	return nil
}

// nodeCmd is the command that runs the test binary as the node conf
// describes, in a process group of its own (a signal to the test's group
// does not reach it).
func nodeCmd(bin, conf string) *exec.Cmd {
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+conf)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// StartProcessCluster runs an n-node JetStream cluster on loopback, each
// node a process of its own — the test binary, serving as a node through
// ServeIfChild, which its TestMain must call — configured as production
// is (sync_interval: always). It returns once a bucket replicated on
// min(n, 3) nodes can be made. The test's cleanup kills every node.
func StartProcessCluster(t testing.TB, n int) ([]string, []*Proc) {
	t.Helper()
	bin, err := os.Executable()
	if err != nil {
		t.Fatalf("natstest: test binary: %v", err)
	}
	// Per node: a client, a cluster and a monitoring port.
	ports := freePorts(t, 3*n)
	routes := make([]string, n)
	for i := range routes {
		routes[i] = fmt.Sprintf("nats-route://127.0.0.1:%d", ports[n+i])
	}
	name := fmt.Sprintf("natsproc-%d", time.Now().UnixNano())
	procs := make([]*Proc, n)
	urls := make([]string, n)
	for i := range procs {
		dir := t.TempDir()
		conf := fmt.Sprintf(`server_name: n%d
host: 127.0.0.1
port: %d
jetstream { store_dir: %q, sync_interval: always }
cluster { name: %s, host: 127.0.0.1, port: %d, routes: [%s] }
http: "127.0.0.1:%d"
`, i, ports[i], dir, name, ports[n+i], strings.Join(routes, ", "), ports[2*n+i])
		path := filepath.Join(dir, "nats.conf")
		if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := nodeCmd(bin, path)
		if err := cmd.Start(); err != nil {
			t.Fatalf("natstest: start node %d: %v", i, err)
		}
		procs[i] = &Proc{cmd: cmd, url: fmt.Sprintf("nats://127.0.0.1:%d", ports[i]),
			name: fmt.Sprintf("n%d", i), monitor: fmt.Sprintf("http://127.0.0.1:%d", ports[2*n+i]), bin: bin, conf: path}
		// Kill reads p.cmd when it runs, so a node restarted since is
		// the one killed.
		t.Cleanup(procs[i].Kill)
		urls[i] = procs[i].url
	}
	waitJetStream(t, urls, min(n, 3))
	return urls, procs
}
