package server

import (
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/backups"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
)

func TestConfigValidateBackups(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Config)
		want   string // substring of the error, "" for valid
	}{
		{"hourly", func(c *Config) { c.BackupEvery = time.Hour }, ""},
		{"keep all", func(c *Config) { c.BackupEvery, c.BackupKeep = time.Hour, 0 }, ""},
		{"negative interval", func(c *Config) { c.BackupEvery = -time.Minute }, "backup-every: -1m0s is negative"},
		{"tiny interval", func(c *Config) { c.BackupEvery = time.Microsecond }, "backup-every: 1µs is below"},
		{"negative keep", func(c *Config) { c.BackupKeep = -1 }, "backup-keep: -1 is negative"},
		{"in memory", func(c *Config) { c.BackupEvery, c.InMemory = time.Hour, true }, "backup-every: an in-memory world"},
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
				t.Fatalf("error %v does not say %q", err, tc.want)
			}
		})
	}
}

// backupTime is when a scheduled backup started, from its name (UTC,
// truncated to the millisecond, so never after the real start).
func backupTime(t *testing.T, name string) time.Time {
	t.Helper()
	stamp := strings.TrimPrefix(name, backups.ScheduledPrefix)
	if i := strings.IndexByte(stamp, 'Z'); i >= 0 {
		stamp = stamp[:i+1] // drop a "-N" of two backups in one millisecond
	}
	at, err := time.Parse("20060102T150405.000Z", stamp)
	if err != nil {
		t.Fatalf("backup name %q: %v", name, err)
	}
	return at
}

// TestScheduledBackups runs the real server on disk with a backup every
// 50 ms, keeping 3, while a player places blocks over QUIC: backups
// appear in DATA/backups while it serves, only the newest 3 are kept, and
// each opens as a world holding every edit acknowledged before it began.
func TestScheduledBackups(t *testing.T) {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.BackupEvery = 50 * time.Millisecond
	cfg.BackupKeep = 3
	srv, stop := startServer(t, cfg)

	var mu sync.Mutex
	acked := map[uint32]time.Time{} // request → when its acceptance arrived
	answered := map[uint32]bool{}
	c := dialPlayerOpts(t, srv, client.Options{Name: "mason", ViewDistance: 2, Handlers: client.Handlers{
		OnActionAck: func(a *protocol.ActionAck) {
			at := time.Now()
			mu.Lock()
			defer mu.Unlock()
			answered[a.GetRequestId()] = true
			if a.GetAccepted() {
				acked[a.GetRequestId()] = at
			}
		},
	}})
	s := c.Welcome().GetSpawn()
	sx, sy, sz := int32(math.Floor(s.X)), int32(math.Floor(s.Y)), int32(math.Floor(s.Z))
	time.Sleep(300 * time.Millisecond) // the player's entity joins

	type edit struct {
		x, y, z int32
		at      time.Time
	}
	var edits []edit
	for i := int32(0); i < 8; i++ {
		x, y, z := sx+2, sy+1+i%4, sz-1+i/4
		id, err := c.Place(x, y, z, chunk.Stone)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			done, at, ok := answered[id], acked[id], !acked[id].IsZero()
			mu.Unlock()
			if done {
				if ok {
					edits = append(edits, edit{x, y, z, at})
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no answer to placement %d", id)
			}
			time.Sleep(2 * time.Millisecond)
		}
		time.Sleep(70 * time.Millisecond) // a backup or so between edits
	}
	if len(edits) < 4 {
		t.Fatalf("only %d of 8 placements accepted", len(edits))
	}
	last := edits[len(edits)-1].at
	deadline := time.Now().Add(10 * time.Second)
	for {
		names, err := srv.Backups().Scheduled()
		if err != nil {
			t.Fatal(err)
		}
		if len(names) > 0 && backupTime(t, names[len(names)-1]).After(last) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no backup after the last edit in 10s (have %q)", names)
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()

	taken := srv.Backups().Taken()
	names, err := srv.Backups().Scheduled()
	if err != nil {
		t.Fatal(err)
	}
	if taken <= 3 || len(names) != 3 {
		t.Fatalf("%d backups taken, %d kept (%q): want more than 3 taken and 3 kept", taken, len(names), names)
	}
	checked := 0
	for _, name := range names {
		began := backupTime(t, name)
		db, err := storage.Open(filepath.Join(cfg.DataDir, backups.Folder, name), zerolog.Nop())
		if err != nil {
			t.Fatalf("backup %s does not open: %v", name, err)
		}
		if m, ok, err := db.Meta(); err != nil || !ok || m.Seed != cfg.Seed {
			t.Errorf("backup %s metadata %+v %v %v", name, m, ok, err)
		}
		for _, e := range edits {
			if !e.at.Before(began) {
				continue // acknowledged after the checkpoint began: either way
			}
			sec, _, ok, err := db.LoadSection(chunk.PosOfBlock(int(e.x), int(e.y), int(e.z)))
			if err != nil || !ok {
				t.Errorf("backup %s lacks the section of the edit at %d,%d,%d acknowledged before it: %v", name, e.x, e.y, e.z, err)
				continue
			}
			lx, ly, lz := chunk.LocalOfBlock(int(e.x), int(e.y), int(e.z))
			if got := sec.Get(lx, ly, lz); got != chunk.Stone {
				t.Errorf("backup %s: block %d,%d,%d is %v, want stone", name, e.x, e.y, e.z, got)
			}
			checked++
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no edit preceded a kept backup: the test proved nothing")
	}
	t.Logf("%d backups taken, kept %q; %d edit checks", taken, names, checked)
}
