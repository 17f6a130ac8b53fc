package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
)

// runCLI runs the strata command line with args, returning its output.
func runCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := newRootCmd(nil)
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(io.Discard)
	root.SetArgs(append(args, "--log-level", "error"))
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

// TestServeKeepsTheStoredSeed: a world created with --seed 42 is served
// again without --seed; --seed 7, from the flag or STRATA_SEED, is
// refused with an error naming both seeds.
func TestServeKeepsTheStoredSeed(t *testing.T) {
	data := t.TempDir()
	serve := func(extra ...string) error {
		_, err := runCLI(t, append([]string{"serve", "--data", data, "--admin", "", "--listen", "", "--spawn-radius", "1", "--print-schedule"}, extra...)...)
		return err
	}
	if err := serve("--seed", "42"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		env     string
		wantErr bool
	}{
		{"no seed", nil, "", false},
		{"same seed", []string{"--seed", "42"}, "", false},
		{"same seed from the environment", nil, "42", false},
		{"other seed", []string{"--seed", "7"}, "", true},
		{"other seed from the environment", nil, "7", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env != "" {
				t.Setenv("STRATA_SEED", tc.env)
			}
			err := serve(tc.args...)
			if !tc.wantErr {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "seed 7") || !strings.Contains(err.Error(), "seed 42") {
				t.Fatalf("error %v, want a refusal naming seeds 7 and 42", err)
			}
		})
	}
	if m, ok, err := storage.ReadMeta(data); err != nil || !ok || m.Seed != 42 {
		t.Fatalf("stored meta %+v %v %v", m, ok, err)
	}
}

// TestBackupCommand runs strata backup against a running server (through
// its admin listener, under the new cross-site rules) and then offline.
func TestBackupCommand(t *testing.T) {
	data := t.TempDir()
	cfg := server.Defaults()
	cfg.DataDir = data
	cfg.Listen = ""
	cfg.Admin = "127.0.0.1:0"
	cfg.SpawnRadius = 1
	srv, err := server.New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			if err := <-done; err != nil {
				t.Error(err)
			}
		}
	}
	defer stop()
	deadline := time.Now().Add(20 * time.Second)
	for a := srv.AdminAddr(); a == "" || strings.HasSuffix(a, ":0"); a = srv.AdminAddr() {
		if time.Now().After(deadline) {
			t.Fatal("admin listener not up in 20s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	addr := srv.AdminAddr()
	elsewhere := filepath.Join(t.TempDir(), "nested", "copy")

	online := []struct {
		name    string
		args    []string
		want    string // the backup's data directory
		wantErr string
	}{
		{"named", []string{"--name", "nightly"}, filepath.Join(data, "backups", "nightly"), ""},
		{"name taken", []string{"--name", "nightly"}, "", "409"},
		{"moved to --out", []string{"--out", elsewhere}, elsewhere, ""},
		{"traversal refused locally", []string{"--name", "../x"}, "", "path separator"},
		{"both", []string{"--name", "a", "--out", elsewhere + "2"}, "", "give one of them"},
	}
	for _, tc := range online {
		t.Run("online "+tc.name, func(t *testing.T) {
			out, err := runCLI(t, append([]string{"backup", "--data", data, "--admin", addr}, tc.args...)...)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "server backed up its world to "+tc.want) {
				t.Errorf("output %q: want the running server to have written %s", out, tc.want)
			}
			if m, ok, err := storage.ReadMeta(tc.want); err != nil || !ok || m.Seed != cfg.Seed {
				t.Fatalf("backup at %s: meta %+v %v %v", tc.want, m, ok, err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(data, "x")); err == nil {
		t.Fatal("a traversal name wrote outside the backups folder")
	}

	stop()
	out, err := runCLI(t, "backup", "--data", data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, filepath.Join("backups", "manual-")) {
		t.Fatalf("offline backup output %q, want a timestamped folder under backups", out)
	}
	if _, err := runCLI(t, "backup", "--data", filepath.Join(data, "typo")); err == nil || !strings.Contains(err.Error(), "holds no world") {
		t.Fatalf("backup of a missing world: %v", err)
	}
	if _, err := os.Stat(filepath.Join(data, "typo")); err == nil {
		t.Fatal("backup of a missing world created it")
	}
}
