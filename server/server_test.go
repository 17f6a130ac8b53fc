package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Config)
		want   string // substring of the error, "" for valid
	}{
		{"defaults are valid", func(*Config) {}, ""},
		{"zero tps", func(c *Config) { c.TPS = 0 }, "tps"},
		{"huge spawn radius", func(c *Config) { c.SpawnRadius = 1000 }, "spawn-radius"},
		{"empty data dir", func(c *Config) { c.DataDir = "" }, "data"},
		{"negative workers", func(c *Config) { c.Workers = -1 }, "workers"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Defaults()
			tc.mutate(&c)
			err := c.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v does not name %q", err, tc.want)
			}
		})
	}
}

// TestRunUntilCancelled starts the real server loop and stops it the way a
// signal does, through its context.
func TestRunUntilCancelled(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.TPS = 100
	srv, err := New(cfg, zerolog.New(zerolog.NewTestWriter(t)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := srv.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if srv.App().Tick() == 0 {
		t.Fatal("no tick ran")
	}
}
