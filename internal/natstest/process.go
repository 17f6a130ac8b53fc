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
)

// BuildServer builds the nats-server of the module graph into a temporary
// directory and returns the binary, for tests that kill nodes as
// processes (SIGKILL), which an embedded node cannot show.
func BuildServer(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "nats-server")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/nats-io/nats-server/v2").CombinedOutput(); err != nil {
		t.Fatalf("natstest: build nats-server: %v\n%s", err, out)
	}
	return bin
}

// Proc is a nats-server running as a child process.
type Proc struct {
	cmd *exec.Cmd
	url string
}

// URL returns the node's client URL.
func (p *Proc) URL() string { return p.url }

// Kill ends the node with SIGKILL and reaps it; later calls do nothing.
func (p *Proc) Kill() {
	if p.cmd.Process == nil || p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
}

// StartProcessCluster runs an n-node JetStream cluster of bin's processes
// on loopback, each configured as production is (sync_interval: always),
// and returns once a bucket replicated on min(n, 3) nodes can be made.
// The test's cleanup kills every node.
func StartProcessCluster(t testing.TB, bin string, n int) ([]string, []*Proc) {
	t.Helper()
	ports := freePorts(t, 2*n)
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
`, i, ports[i], dir, name, ports[n+i], strings.Join(routes, ", "))
		path := filepath.Join(dir, "nats.conf")
		if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-c", path)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatalf("natstest: start node %d: %v", i, err)
		}
		procs[i] = &Proc{cmd: cmd, url: fmt.Sprintf("nats://127.0.0.1:%d", ports[i])}
		t.Cleanup(procs[i].Kill)
		urls[i] = procs[i].url
	}
	waitJetStream(t, urls, min(n, 3))
	return urls, procs
}
