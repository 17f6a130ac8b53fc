package residency

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/testkit"
)

// failingSource fails the loads of chosen positions, in deterministic
// mode only (it runs on the tick goroutine), recording when each was
// tried.
type failingSource struct {
	app   *ecs.App
	fail  func(p chunk.Pos) error // nil: the position loads (as unedited)
	calls map[chunk.Pos][]uint64
}

func (s *failingSource) Load(p chunk.Pos) (chunk.Section, uint64, bool, error) {
	if err := s.fail(p); err != nil {
		s.calls[p] = append(s.calls[p], s.app.Tick())
		return chunk.Section{}, 0, false, err
	}
	return chunk.Section{}, 0, false, nil
}

// logged is an App with the residency plugin whose log goes to a buffer.
func newLoggedHarness(t *testing.T, cfg Config) (*residencyHarness, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer // deterministic mode: only the tick goroutine logs
	if cfg.Generator == nil {
		cfg.Generator = resources.GeneratorFunc(testkit.Surface)
	}
	p := New(cfg)
	app := ecs.NewApp(ecs.WithLogger(zerolog.New(&buf).Level(zerolog.InfoLevel)))
	app.AddPlugins(p)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	return &residencyHarness{
		t: t, app: app, plugin: p,
		store:   ecs.Resource[resources.ChunkStore](app),
		gen:     ecs.Resource[resources.Generation](app),
		desired: ecs.Resource[resources.Desired](app),
		backlog: ecs.Resource[resources.Backlog](app),
	}, &buf
}

// linesWith returns the lines of buf containing sub.
func linesWith(buf *bytes.Buffer, sub string) []string {
	var out []string
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return out
}

// TestRetriesBackOff: a section whose loads keep failing — a corrupt
// record or a passing error alike — is retried after 2, 4, 8, 16, 16 …
// ticks (RetryTicks 2, MaxRetryTicks 16), never generated over; a corrupt
// one is logged once, other failures once per failed attempt.
func TestRetriesBackOff(t *testing.T) {
	bad := chunk.Pos{X: 3, Y: 2, Z: -7}
	tests := []struct {
		name    string
		err     error
		corrupt bool
	}{
		{"corrupt record", fmt.Errorf("load section %v: %w", bad, storage.ErrCorrupt), true},
		{"passing error", errors.New("disk: input/output error"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, logs := newLoggedHarness(t, Config{Deterministic: true, RetryTicks: 2, MaxRetryTicks: 16})
			src := &failingSource{app: h.app, calls: map[chunk.Pos][]uint64{}, fail: func(p chunk.Pos) error {
				if p == bad {
					return tt.err
				}
				return nil
			}}
			h.gen.SetSource(src)
			h.spawn(components.View{Center: bad, Radius: 1})
			for range 80 {
				h.app.Step()
				if h.store.Has(bad) {
					t.Fatal("failing section was generated over")
				}
			}
			got := src.calls[bad]
			want := []uint64{1, 4, 9, 18, 35, 52, 69} // gaps: the delay, plus a tick from dispatch to drain
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("loads at ticks %v, want %v", got, want)
			}
			if h.backlog.IsCorrupt(bad) != tt.corrupt || h.backlog.Corrupt() != map[bool]int{true: 1}[tt.corrupt] {
				t.Fatalf("known corrupt %v, count %d", h.backlog.IsCorrupt(bad), h.backlog.Corrupt())
			}
			lines := linesWith(logs, bad.String())
			wantLines := len(got)
			if tt.corrupt {
				wantLines = 1
			}
			if len(lines) != wantLines {
				t.Fatalf("%d log lines naming %v, want %d:\n%s", len(lines), bad, wantLines, strings.Join(lines, "\n"))
			}
			if len(h.residentSet()) != len(union(components.View{Center: bad, Radius: 1}))-1 {
				t.Fatal("the other sections are not served")
			}
		})
	}
}

// TestCorruptBlockIsOneLinePerRegion: many adjacent corrupt sections (a
// bad block of the database) make one line per storage region, not one
// per section, and are all counted.
func TestCorruptBlockIsOneLinePerRegion(t *testing.T) {
	h, logs := newLoggedHarness(t, Config{Deterministic: true, QueueCap: 64})
	// Columns X 30..33 straddle the region border at X = 32.
	corrupt := func(p chunk.Pos) bool { return p.X >= 30 && p.X <= 33 && p.Z >= 0 && p.Z <= 1 }
	src := &failingSource{app: h.app, calls: map[chunk.Pos][]uint64{}, fail: func(p chunk.Pos) error {
		if corrupt(p) {
			return fmt.Errorf("load section %v: %w", p, storage.ErrCorrupt)
		}
		return nil
	}}
	h.gen.SetSource(src)
	view := components.View{Center: chunk.Pos{X: 31, Y: 3, Z: 0}, Radius: 4}
	h.spawn(view)
	n := 0
	for p := range union(view) {
		if corrupt(p) {
			n++
		}
	}
	for range 40 {
		h.app.Step()
	}
	if h.backlog.Corrupt() != n {
		t.Fatalf("%d known corrupt, want %d", h.backlog.Corrupt(), n)
	}
	lines := linesWith(logs, "corrupt section record")
	if len(lines) != 2 {
		t.Fatalf("%d lines for %d corrupt sections in two regions, want 2:\n%s", len(lines), n, strings.Join(lines, "\n"))
	}
	for _, l := range lines {
		if !strings.Contains(l, `"key_from"`) || !strings.Contains(l, `"sections"`) {
			t.Fatalf("line does not give the key range and count: %s", l)
		}
	}
}

// TestCorruptSectionRecovers: a section whose record reads again later is
// made resident and no longer counted.
func TestCorruptSectionRecovers(t *testing.T) {
	h, logs := newLoggedHarness(t, Config{Deterministic: true, RetryTicks: 2})
	bad := chunk.Pos{Y: 3}
	broken := true
	src := &failingSource{app: h.app, calls: map[chunk.Pos][]uint64{}, fail: func(p chunk.Pos) error {
		if p == bad && broken {
			return fmt.Errorf("%w: checksum", storage.ErrCorrupt)
		}
		return nil
	}}
	h.gen.SetSource(src)
	h.spawn(components.View{Center: bad, Radius: 1})
	h.settleOrFail(10, func() bool { return h.backlog.Corrupt() == 1 })
	broken = false
	h.settle(100)
	if !h.store.Has(bad) || h.backlog.Corrupt() != 0 || h.backlog.Stats.Recovered != 1 {
		t.Fatalf("resident %v, corrupt %d, recovered %d", h.store.Has(bad), h.backlog.Corrupt(), h.backlog.Stats.Recovered)
	}
	if len(linesWith(logs, "readable again")) != 1 {
		t.Fatalf("recovery not logged:\n%s", logs)
	}
}

// TestLoadSpawnWaitsOutPassingFailures: the gate does not give up on a
// section whose loads fail with a passing error; it opens once it loads.
func TestLoadSpawnWaitsOutPassingFailures(t *testing.T) {
	h, _ := newLoggedHarness(t, Config{Deterministic: true, RetryTicks: 1})
	bad := chunk.Pos{Y: 3}
	failures := 3
	src := &failingSource{app: h.app, calls: map[chunk.Pos][]uint64{}, fail: func(p chunk.Pos) error {
		if p == bad && failures > 0 {
			failures--
			return errors.New("disk busy")
		}
		return nil
	}}
	h.gen.SetSource(src)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	spawned, err := LoadSpawn(ctx, h.app, components.View{Center: bad, Radius: 1}, nil)
	if err != nil || len(spawned.Failed) != 0 || !h.store.Has(bad) || len(src.calls[bad]) != 3 {
		t.Fatalf("gate: err %v, failed %v, resident %v, failed loads %d", err, spawned.Failed, h.store.Has(bad), len(src.calls[bad]))
	}
}

// settleOrFail steps until cond holds, failing after maxSteps.
func (h *residencyHarness) settleOrFail(maxSteps int, cond func() bool) {
	h.t.Helper()
	for range maxSteps {
		h.app.Step()
		if cond() {
			return
		}
	}
	h.t.Fatalf("condition not reached in %d steps", maxSteps)
}
