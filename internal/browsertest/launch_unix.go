//go:build unix

package browsertest

import (
	"context"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Options says how to launch Chromium.
type Options struct {
	Path string // the binary, as FindChromium returns it
	URL  string // what the first tab loads
	// Flags are the test's own, added to the ones every test needs
	// (headless, no sandbox, no first-run chores, a temporary profile,
	// logging to stderr).
	Flags []string
	// DevTools adds --remote-debugging-pipe and a client on it,
	// Browser.DevTools.
	DevTools bool
	// LogLimit bounds the log kept of the browser's stderr (0:
	// DefaultLogLimit).
	LogLimit int
}

// Browser is a running headless Chromium in its own process group, so
// that every helper process it forks dies with it.
type Browser struct {
	DevTools *DevTools  // with Options.DevTools, else nil
	Log      *LogBuffer // the browser's stderr

	t      testing.TB
	cmd    *exec.Cmd
	exited chan struct{}
	err    error
	once   sync.Once
}

// Launch starts Chromium on o.URL. It stops (Stop) when ctx ends or the
// test does; a failure to start fails the test.
func Launch(ctx context.Context, t testing.TB, o Options) *Browser {
	t.Helper()
	args := []string{
		"--headless=new",
		"--no-sandbox", // containers run as root, where the sandbox cannot start
		"--no-first-run", "--no-default-browser-check", "--disable-extensions",
		"--disable-background-networking",
	}
	args = append(args, o.Flags...)
	args = append(args,
		"--user-data-dir="+t.TempDir(),
		"--enable-logging=stderr", // console messages and network errors, for diagnostics
	)
	var dt *DevTools
	var child []*os.File
	if o.DevTools {
		var err error
		if dt, child, err = newDevTools(); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--remote-debugging-pipe")
	}
	cmd := exec.Command(o.Path, append(args, o.URL)...)
	cmd.ExtraFiles = child // fds 3 and 4
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	b := &Browser{DevTools: dt, Log: &LogBuffer{Limit: o.LogLimit}, t: t, cmd: cmd, exited: make(chan struct{})}
	cmd.Stdout = io.Discard
	cmd.Stderr = b.Log
	err := cmd.Start()
	for _, f := range child {
		f.Close() // the browser holds its own copies
	}
	if err != nil {
		if dt != nil {
			dt.Close()
		}
		t.Fatalf("start %s: %v", o.Path, err)
	}
	go func() {
		b.err = cmd.Wait()
		close(b.exited)
	}()
	stop := context.AfterFunc(ctx, b.Stop)
	t.Cleanup(func() { stop(); b.Stop() })
	return b
}

// Stop kills the browser's whole process group, waits for it, and closes
// the DevTools client.
func (b *Browser) Stop() {
	b.once.Do(func() {
		_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		select {
		case <-b.exited:
		case <-time.After(10 * time.Second):
			b.t.Errorf("chromium (pid %d) did not exit after SIGKILL", b.cmd.Process.Pid)
		}
		if b.DevTools != nil {
			b.DevTools.Close()
		}
	})
}

// Exited is closed once the browser process is gone.
func (b *Browser) Exited() <-chan struct{} { return b.exited }

// ExitErr is how the browser exited, nil while it runs.
func (b *Browser) ExitErr() error {
	select {
	case <-b.exited:
		return b.err
	default:
		return nil
	}
}
