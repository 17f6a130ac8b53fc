package bots

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBotKeys: with a key directory every bot keeps its own key file
// (NAME.key) and gets the same key on the next run; without one, each
// bot gets a key of its own for this run only.
func TestBotKeys(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bot-keys")
	cfg := Config{Bots: 3, NamePrefix: "kb", KeyDir: dir}
	first, err := botKeys(cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := botKeys(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range first {
		if !first[i].Equal(again[i]) {
			t.Errorf("bot %d got another key on the second run", i)
		}
		if _, err := os.Stat(filepath.Join(dir, botName("kb", i)+".key")); err != nil {
			t.Errorf("bot %d: %v", i, err)
		}
		for j := range i {
			if first[i].Equal(first[j]) {
				t.Errorf("bots %d and %d share a key", i, j)
			}
		}
	}
	cfg.KeyDir = ""
	a, err := botKeys(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := botKeys(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a[0].Equal(b[0]) || a[0].Equal(first[0]) {
		t.Error("without a key directory a run reuses a key")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("key directory holds %d files, want 3", len(entries))
	}
}
