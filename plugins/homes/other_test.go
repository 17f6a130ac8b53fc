package homes_test

import (
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/homes"
	"github.com/stratavox/strata/systems/persist"
)

// other is a plugin that takes the homes kind's name.
type other struct{}

func (*other) Name() string           { return "other" }
func (*other) Dependencies() []string { return []string{homes.PluginName} }
func (*other) Build(app *ecs.App) error {
	persist.NewWorldData[int](app, persist.Kind{Name: homes.Kind.Name})
	return nil
}
