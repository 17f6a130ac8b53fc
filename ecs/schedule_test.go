package ecs

import (
	"strings"
	"testing"
)

// testPlugin adds systems from a function, for table-driven tests.
type testPlugin struct {
	name  string
	deps  []string
	build func(*App) error
	down  func() error
}

func (p *testPlugin) Name() string           { return p.name }
func (p *testPlugin) Dependencies() []string { return p.deps }
func (p *testPlugin) Build(a *App) error {
	if p.build == nil {
		return nil
	}
	return p.build(a)
}
func (p *testPlugin) Shutdown(*App) error {
	if p.down == nil {
		return nil
	}
	return p.down()
}

type sysSpec struct {
	stage Stage
	name  string
	opts  []SystemOption
}

func buildWith(t *testing.T, specs []sysSpec, extra func(*App)) (*App, *[]string, error) {
	t.Helper()
	var ran []string
	a := NewApp()
	a.AddPlugins(&testPlugin{name: "test", build: func(a *App) error {
		if extra != nil {
			extra(a)
		}
		for _, s := range specs {
			name := s.name
			a.AddSystem(s.stage, name, func(*Context) { ran = append(ran, name) }, s.opts...)
		}
		return nil
	}})
	return a, &ran, a.Build()
}

func TestScheduleOrder(t *testing.T) {
	tests := []struct {
		name  string
		specs []sysSpec
		extra func(*App)
		want  string
	}{
		{
			name:  "ties keep registration order",
			specs: []sysSpec{{Simulate, "a", nil}, {Simulate, "b", nil}, {Simulate, "c", nil}},
			want:  "a b c",
		},
		{
			name:  "stages order before registration",
			specs: []sysSpec{{Persist, "p", nil}, {Ingest, "i", nil}, {Stream, "s", nil}},
			want:  "i s p",
		},
		{
			name:  "after moves a system later",
			specs: []sysSpec{{Simulate, "a", []SystemOption{After("c")}}, {Simulate, "b", nil}, {Simulate, "c", nil}},
			want:  "b c a",
		},
		{
			// c must precede a; among systems free to run, b was registered first.
			name:  "before moves a system earlier",
			specs: []sysSpec{{Simulate, "a", nil}, {Simulate, "b", nil}, {Simulate, "c", []SystemOption{Before("a")}}},
			want:  "b c a",
		},
		{
			name: "chain",
			specs: []sysSpec{
				{Stream, "dispatch", []SystemOption{After("evict")}},
				{Stream, "evict", []SystemOption{After("drain")}},
				{Stream, "drain", []SystemOption{After("stream_chunks")}},
				{Stream, "stream_chunks", nil},
			},
			want: "stream_chunks drain evict dispatch",
		},
		{
			name:  "cross-stage constraint consistent with stages is allowed",
			specs: []sysSpec{{Deliver, "d", []SystemOption{After("i")}}, {Ingest, "i", []SystemOption{Before("d")}}},
			want:  "i d",
		},
		{
			name:  "plugin stage before simulate",
			extra: func(a *App) { a.AddStageBefore("pre", Simulate); a.AddStageAfter("post", Persist) },
			specs: []sysSpec{{"post", "z", nil}, {Simulate, "s", nil}, {"pre", "p", nil}, {Ingest, "i", nil}},
			want:  "i p s z",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, ran, err := buildWith(t, tc.specs, tc.extra)
			if err != nil {
				t.Fatal(err)
			}
			a.Step()
			if got := strings.Join(*ran, " "); got != tc.want {
				t.Fatalf("ran %q, want %q", got, tc.want)
			}
		})
	}
}

func TestScheduleErrors(t *testing.T) {
	tests := []struct {
		name  string
		specs []sysSpec
		extra func(*App)
		want  []string // substrings of the error
	}{
		{
			name:  "cycle names its systems",
			specs: []sysSpec{{Simulate, "a", []SystemOption{After("b")}}, {Simulate, "b", []SystemOption{After("c")}}, {Simulate, "c", []SystemOption{After("a")}}, {Simulate, "free", nil}},
			want:  []string{"cycle", "a", "b", "c"},
		},
		{
			name:  "missing before",
			specs: []sysSpec{{Simulate, "a", []SystemOption{Before("ghost")}}},
			want:  []string{`"a"`, `"ghost"`, "missing"},
		},
		{
			name:  "missing after",
			specs: []sysSpec{{Simulate, "a", []SystemOption{After("ghost")}}},
			want:  []string{`"a"`, `"ghost"`, "missing"},
		},
		{
			name:  "duplicate system",
			specs: []sysSpec{{Simulate, "a", nil}, {Stream, "a", nil}},
			want:  []string{`"a"`, "already used"},
		},
		{
			name:  "unknown stage",
			specs: []sysSpec{{"nowhere", "a", nil}},
			want:  []string{`"nowhere"`},
		},
		{
			name:  "constraint against stage order",
			specs: []sysSpec{{Persist, "p", []SystemOption{Before("i")}}, {Ingest, "i", nil}},
			want:  []string{`"p"`, `"i"`, "earlier stage"},
		},
		{
			name:  "stage anchored on missing stage",
			extra: func(a *App) { a.AddStageAfter("x", "nope") },
			want:  []string{`"x"`, `"nope"`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := buildWith(t, tc.specs, tc.extra)
			if err == nil {
				t.Fatal("Build succeeded, want an error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestScheduleString(t *testing.T) {
	a, _, err := buildWith(t, []sysSpec{{Stream, "b", nil}, {Stream, "a", []SystemOption{Before("b")}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Schedule().String(); !strings.Contains(got, "stream: a b\n") {
		t.Fatalf("schedule printed as %q", got)
	}
}

func TestRunConditions(t *testing.T) {
	enabled := false
	counts := map[string]int{}
	a := NewApp()
	a.AddPlugins(&testPlugin{name: "t", build: func(a *App) error {
		a.AddSystem(Simulate, "always", func(*Context) { counts["always"]++ })
		a.AddSystem(Simulate, "every3", func(*Context) { counts["every3"]++ }, Every(3, 0))
		a.AddSystem(Simulate, "every3phase2", func(c *Context) {
			if c.Tick%3 != 2 {
				t.Errorf("ran at tick %d", c.Tick)
			}
			counts["every3phase2"]++
		}, Every(3, 2))
		a.AddSystem(Simulate, "gated", func(*Context) { counts["gated"]++ }, RunIf(func(*App) bool { return enabled }))
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 9; i++ {
		if i == 5 {
			enabled = true
		}
		a.Step()
	}
	want := map[string]int{"always": 9, "every3": 3, "every3phase2": 3, "gated": 4}
	for k, v := range want {
		if counts[k] != v {
			t.Errorf("%s ran %d times, want %d", k, counts[k], v)
		}
	}
	if a.Tick() != 9 {
		t.Errorf("Tick() = %d after 9 steps", a.Tick())
	}
}

func TestTimings(t *testing.T) {
	a, _, err := buildWith(t, []sysSpec{{Simulate, "a", nil}, {Stream, "b", nil}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		a.Step()
	}
	stats := a.Timings().Systems()
	if len(stats) != 2 || stats[0].Name != "a" || stats[1].Name != "b" {
		t.Fatalf("stats = %+v", stats)
	}
	for _, s := range stats {
		if s.Runs != 2000 || s.P50 > s.P99 || s.P99 > s.Max {
			t.Errorf("bad stat %+v", s)
		}
	}
	if tick := a.Timings().Tick(); tick.Runs != 2000 || tick.Max < stats[0].Max {
		t.Errorf("bad tick stat %+v", tick)
	}
}

// TestOnTick: the hooks see each tick start before its first system and
// end after its last.
func TestOnTick(t *testing.T) {
	var log []string
	a := NewApp()
	a.AddPlugins(&testPlugin{name: "p", build: func(a *App) error {
		a.OnTick(func(running bool) {
			log = append(log, map[bool]string{true: "start", false: "end"}[running])
		})
		a.AddSystem(Simulate, "s", func(*Context) { log = append(log, "system") })
		return nil
	}})
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	a.Step()
	a.Step()
	if got := strings.Join(log, " "); got != "start system end start system end" {
		t.Fatalf("calls: %s", got)
	}
}
