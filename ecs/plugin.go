package ecs

import (
	"errors"
	"fmt"
	"strings"
)

// Plugin is the one way to add components, resources and systems to an
// App. Build is called once, after the plugins it depends on.
type Plugin interface {
	Name() string
	Build(app *App) error
}

// Dependent is implemented by plugins that must be built after others.
type Dependent interface {
	Dependencies() []string
}

// Shutdowner is implemented by plugins with a shutdown hook. Hooks run in
// reverse build order.
type Shutdowner interface {
	Shutdown(app *App) error
}

// AddPlugins adds plugins to be built by Build. It returns the App for
// chaining; a duplicate name is reported by Build.
//
// Once Build has started the plugin order is fixed, so a plugin added then
// would never run: AddPlugins panics with an *ErrBuilt naming it (a
// server's plugins go in server.Config.Plugins or cli.Main, before the
// App is built).
func (a *App) AddPlugins(ps ...Plugin) *App {
	if a.building || a.ready {
		for _, p := range ps {
			a.refuse("add plugin", p.Name())
		}
	}
	a.plugins = append(a.plugins, ps...)
	return a
}

// ErrBuilt is the panic of a change to an App that can no longer take
// effect: a plugin added during or after Build, a system or stage added
// after it.
type ErrBuilt struct {
	// What is the change ("add plugin", "add system", "add stage").
	What string
	// Name is the plugin, system or stage it names.
	Name string
}

func (e *ErrBuilt) Error() string {
	return fmt.Sprintf("ecs: %s %q: the app is already built, so it would never take effect; add it before Build (a server's plugins: server.Config.Plugins or cli.Main)", e.What, e.Name)
}

// refuse panics with an *ErrBuilt: such a change is a programming error
// found at start-up, and ignoring it would start a server without it.
func (a *App) refuse(what, name string) {
	err := &ErrBuilt{What: what, Name: name}
	a.log.Error().Str("change", what).Str("name", name).Msg("change to a built app refused")
	panic(err)
}

// pluginOrder sorts plugins so that every plugin follows its dependencies;
// ties keep the order in which plugins were added.
func pluginOrder(ps []Plugin) ([]Plugin, error) {
	index := map[string]int{}
	var errs []error
	for i, p := range ps {
		if _, dup := index[p.Name()]; dup {
			errs = append(errs, fmt.Errorf("plugin %q added twice", p.Name()))
			continue
		}
		index[p.Name()] = i
	}
	deps := make([][]int, len(ps))
	for i, p := range ps {
		d, ok := p.(Dependent)
		if !ok {
			continue
		}
		for _, name := range d.Dependencies() {
			j, ok := index[name]
			if !ok {
				errs = append(errs, fmt.Errorf("plugin %q depends on %q, which was not added", p.Name(), name))
				continue
			}
			deps[i] = append(deps[i], j)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	const (
		unvisited = iota
		visiting
		done
	)
	state := make([]int, len(ps))
	var order []Plugin
	var path []string
	var visit func(i int) error
	visit = func(i int) error {
		switch state[i] {
		case done:
			return nil
		case visiting:
			return fmt.Errorf("plugin dependency cycle: %s -> %s", strings.Join(path, " -> "), ps[i].Name())
		}
		state[i] = visiting
		path = append(path, ps[i].Name())
		for _, j := range deps[i] {
			if err := visit(j); err != nil {
				return err
			}
		}
		path = path[:len(path)-1]
		state[i] = done
		order = append(order, ps[i])
		return nil
	}
	for i := range ps {
		if err := visit(i); err != nil {
			return nil, err
		}
	}
	return order, nil
}
