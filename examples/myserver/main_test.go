package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.com/myserver/quota"

	"github.com/stratavox/strata/cli"
)

// TestCommandLine runs this binary's command line as a user would: serve
// reads the plugin's table from the config file, prints a schedule with
// its systems, lists its settings in --help and refuses a misspelt key.
func TestCommandLine(t *testing.T) {
	run := func(args ...string) (string, error) {
		root := cli.Command(quota.New())
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		err := root.Execute()
		return out.String(), err
	}
	config := func(body string) string {
		path := filepath.Join(t.TempDir(), "strata.toml")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	serve := []string{"serve", "--data", t.TempDir(), "--admin", "", "--listen", "", "--spawn-radius", "1", "--print-schedule"}

	out, err := run(append(serve, "--config", config("[plugins.quota]\nmax_blocks = 5\n"))...)
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range []string{quota.SystemVeto, quota.SystemCount} {
		if !strings.Contains(out, sys) {
			t.Errorf("the schedule does not list %s:\n%s", sys, out)
		}
	}
	if _, err := run(append(serve, "--config", config("[plugins.quota]\nmax_blokcs = 5\n"))...); err == nil || !strings.Contains(err.Error(), "plugins.quota.max_blokcs") {
		t.Errorf("a misspelt key: %v, want an error naming plugins.quota.max_blokcs", err)
	}
	help, err := run("serve", "--help")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(help, "plugins.quota.max_blocks") {
		t.Errorf("serve --help does not list plugins.quota.max_blocks:\n%s", help)
	}
}
