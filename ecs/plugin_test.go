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
