package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/server"
)

func TestSettingsPrecedence(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "strata.toml")
	if err := os.WriteFile(file, []byte("tps = 30\nseed = 5\nspawn-radius = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("tpss = 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	backupFile := filepath.Join(dir, "backup.toml")
	if err := os.WriteFile(backupFile, []byte("backup-every = \"30m\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		env     []string
		config  string
		check   func(server.Config) bool
		wantErr string
	}{
		{"defaults", nil, nil, "", func(c server.Config) bool { return reflect.DeepEqual(c, server.Defaults()) }, ""},
		{"file over default", nil, nil, file, func(c server.Config) bool { return c.TPS == 30 && c.Seed == 5 && c.SpawnRadius == 2 }, ""},
		{"env over file", nil, []string{"STRATA_TPS=40"}, file, func(c server.Config) bool { return c.TPS == 40 && c.Seed == 5 }, ""},
		{"flag over env", []string{"--tps=50"}, []string{"STRATA_TPS=40"}, file, func(c server.Config) bool { return c.TPS == 50 }, ""},
		{"other env vars ignored", nil, []string{"PATH=/bin", "STRATAX=1"}, "", func(c server.Config) bool { return c.TPS == 20 }, ""},
		{"invalid env value names the setting", nil, []string{"STRATA_TPS=fast"}, "", nil, "setting tps from STRATA_TPS"},
		{"unknown file key", nil, nil, bad, nil, "unknown settings tpss"},
		{"missing file", nil, nil, filepath.Join(dir, "nope.toml"), nil, "nope.toml"},
		{"backup schedule from env", nil, []string{"STRATA_BACKUP_EVERY=1h", "STRATA_BACKUP_KEEP=3"}, "", func(c server.Config) bool { return c.BackupEvery == time.Hour && c.BackupKeep == 3 }, ""},
		{"backup schedule from file", nil, nil, backupFile, func(c server.Config) bool { return c.BackupEvery == 30*time.Minute && c.BackupKeep == 24 }, ""},
		{"invalid backup interval names the setting", nil, []string{"STRATA_BACKUP_EVERY=hourly"}, "", nil, "setting backup-every from STRATA_BACKUP_EVERY"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := server.Defaults()
			cmd := &cobra.Command{Use: "serve", RunE: func(*cobra.Command, []string) error { return nil }}
			var path string
			addConfigFlag(cmd, &path)
			bindServeFlags(cmd, &cfg)
			if err := cmd.ParseFlags(tc.args); err != nil {
				t.Fatal(err)
			}
			_, err := applySettings(cmd, tc.config, tc.env)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(cfg) {
				t.Fatalf("config %+v", cfg)
			}
		})
	}
}

// TestSettingsMarkExplicit: a seed from the command line, the environment
// or the config file counts as asked for; the default does not.
func TestSettingsMarkExplicit(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "strata.toml")
	if err := os.WriteFile(file, []byte("seed = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		args        []string
		env         []string
		config      string
		wantSeed    int64
		wantExplict bool
	}{
		{"default", nil, nil, "", server.Defaults().Seed, false},
		{"other settings only", []string{"--tps=30"}, []string{"STRATA_MAX_CLIENTS=3"}, "", server.Defaults().Seed, false},
		{"flag", []string{"--seed=42"}, nil, "", 42, true},
		{"flag equal to the default", []string{"--seed=" + strconv.FormatInt(server.Defaults().Seed, 10)}, nil, "", server.Defaults().Seed, true},
		{"environment", nil, []string{"STRATA_SEED=7"}, "", 7, true},
		{"config file", nil, nil, file, 5, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := server.Defaults()
			cmd := &cobra.Command{Use: "serve", RunE: func(*cobra.Command, []string) error { return nil }}
			var path string
			addConfigFlag(cmd, &path)
			bindServeFlags(cmd, &cfg)
			if err := cmd.ParseFlags(tc.args); err != nil {
				t.Fatal(err)
			}
			if _, err := applySettings(cmd, tc.config, tc.env); err != nil {
				t.Fatal(err)
			}
			markExplicit(cmd, &cfg)
			if cfg.Seed != tc.wantSeed || cfg.SeedExplicit != tc.wantExplict || cfg.GeneratorVersionExplicit {
				t.Fatalf("seed %d explicit %v (generator version explicit %v), want %d %v", cfg.Seed, cfg.SeedExplicit, cfg.GeneratorVersionExplicit, tc.wantSeed, tc.wantExplict)
			}
		})
	}
}
