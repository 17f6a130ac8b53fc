package ecs

import (
	"errors"
	"strings"
	"testing"
)

func TestPluginOrderAndShutdown(t *testing.T) {
	var built, down []string
	mk := func(name string, deps ...string) *testPlugin {
		return &testPlugin{
			name:  name,
			deps:  deps,
			build: func(*App) error { built = append(built, name); return nil },
			down:  func() error { down = append(down, name); return nil },
		}
	}
	a := NewApp()
	a.AddPlugins(mk("net", "storage", "core"), mk("core"), mk("storage", "core"), mk("game"))
	if err := a.Build(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(built, " "); got != "core storage net game" {
		t.Fatalf("built in order %q", got)
	}
	if err := a.Shutdown(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(down, " "); got != "game net storage core" {
		t.Fatalf("shut down in order %q", got)
	}
	if err := a.Shutdown(); err != nil || len(down) != 4 {
		t.Fatalf("second Shutdown ran hooks again: %v %v", err, down)
	}
}

func TestPluginErrors(t *testing.T) {
	tests := []struct {
		name    string
		plugins []Plugin
		want    []string
	}{
		{"missing dependency", []Plugin{&testPlugin{name: "a", deps: []string{"b"}}}, []string{`"a"`, `"b"`, "not added"}},
		{"duplicate name", []Plugin{&testPlugin{name: "a"}, &testPlugin{name: "a"}}, []string{`"a"`, "twice"}},
		{"cycle", []Plugin{&testPlugin{name: "a", deps: []string{"b"}}, &testPlugin{name: "b", deps: []string{"a"}}}, []string{"cycle", "a -> b"}},
		{"build error is attributed", []Plugin{&testPlugin{name: "bad", build: func(*App) error { return errors.New("boom") }}}, []string{`"bad"`, "boom"}},
		{"missing resource", []Plugin{&testPlugin{name: "needy", build: func(a *App) error { RequireResource[struct{ X int }](a); return nil }}}, []string{`"needy"`, "missing"}},
		{"duplicate resource", []Plugin{&testPlugin{name: "r", build: func(a *App) error {
			AddResource(a, &struct{ X int }{})
			AddResource(a, &struct{ X int }{})
			return nil
		}}}, []string{"already present"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := NewApp().AddPlugins(tc.plugins...).Build()
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

func TestResources(t *testing.T) {
	type clock struct{ T int }
	a := NewApp()
	AddResource(a, &clock{T: 7})
	if r, ok := GetResource[clock](a); !ok || r.T != 7 {
		t.Fatalf("GetResource = %v, %v", r, ok)
	}
	Resource[clock](a).T++
	if Resource[clock](a).T != 8 {
		t.Fatal("Resource does not return the stored pointer")
	}
	if _, ok := GetResource[struct{ Y int }](a); ok {
		t.Fatal("GetResource found a resource never added")
	}
}

func TestBuiltAppRefusesChanges(t *testing.T) {
	late := &testPlugin{name: "late", build: func(*App) error { return nil }}
	cases := []struct {
		name   string
		change func(a *App)
		what   string
	}{
		{"plugin after build", func(a *App) { a.AddPlugins(late) }, "add plugin"},
		{"system after build", func(a *App) { a.AddSystem(Simulate, "late_system", func(*Context) {}) }, "add system"},
		{"stage after build", func(a *App) { a.AddStageAfter("late_stage", Simulate) }, "add stage"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := NewApp()
			if err := a.Build(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				var built *ErrBuilt
				r := recover()
				err, _ := r.(error)
				if !errors.As(err, &built) || built.What != c.what {
					t.Fatalf("recovered %v, want an *ErrBuilt for %q", r, c.what)
				}
				if !strings.Contains(err.Error(), "already built") {
					t.Errorf("message %q does not say why", err)
				}
			}()
			c.change(a)
		})
	}
}

func TestPluginAddedDuringBuildIsRefused(t *testing.T) {
	a := NewApp()
	a.AddPlugins(&testPlugin{name: "adds", build: func(app *App) error {
		app.AddPlugins(&testPlugin{name: "inner", build: func(*App) error { return nil }})
		return nil
	}})
	defer func() {
		err, _ := recover().(error)
		var built *ErrBuilt
		if !errors.As(err, &built) || built.Name != "inner" {
			t.Fatalf("recovered %v, want an *ErrBuilt naming \"inner\"", err)
		}
	}()
	_ = a.Build()
}
