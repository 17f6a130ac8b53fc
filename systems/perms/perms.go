// Package perms is the permissions plugin: it opens the access registry
// (operators, bans, the whitelist, name bindings; resources/access) on the
// persist plugin's database and keeps the table of permissions that
// plugins declare, so that a plugin can ask whether a player may do
// something without knowing how operators are stored.
//
// A permission is a dotted name ("strata.kick", "protect.edit") with a
// level: Everyone, or Operators. Operators have every permission, declared
// or not; other players have the Everyone ones.
package perms

import (
	"fmt"
	"slices"
	"strings"
	"time"

	arche "github.com/mlange-42/arche/ecs"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
)

// PluginName names the plugin.
const PluginName = "permissions"

// SystemEnforceBans (ingest; only with a watched Backend) disconnects the
// players connected here whom a ban made on another server covers.
const SystemEnforceBans = "enforce_bans"

// Level says who has a permission.
type Level uint8

// The levels.
const (
	// Everyone: every player has it.
	Everyone Level = iota
	// Operators: only operators have it (and the console).
	Operators
)

// String names the level.
func (l Level) String() string {
	switch l {
	case Everyone:
		return "everyone"
	case Operators:
		return "operators"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// Permission is one declared permission.
type Permission struct {
	// Name is the permission's dotted name.
	Name string
	// Level says who has it.
	Level Level
	// About says what it allows, for listings.
	About string
}

// Config configures the plugin.
type Config struct {
	// Now is the registry's clock (ban expiry), and the one the commands
	// plugin reads to date a ban; nil means time.Now. Tests set it.
	Now func() time.Time
	// Backend keeps the registry's records instead of the world database:
	// on a cluster shard, the cluster's access bucket. One that is an
	// access.Watcher is watched, and a player connected here whom another
	// server's ban covers is disconnected.
	Backend access.Backend
	// Names limits the name bindings the registry makes (when they
	// lapse, how fast an address makes them, how many); the zero value
	// limits nothing. Servers use access.DefaultNameLimits.
	Names access.NameLimits
}

// Table is the plugin's resource: the access registry and the declared
// permissions. It is both an App resource (ecs.Resource[perms.Table]) and
// a resource of the ECS world, so that Has can be called from any system
// with only ctx.World. Only the tick goroutine reads the permission list
// (Declare runs at Build); the registry is safe for concurrent use.
type Table struct {
	access *access.Registry
	now    func() time.Time
	perms  map[string]Permission
}

// Access returns the access registry.
func (t *Table) Access() *access.Registry { return t.access }

// Now is the time by the plugin's clock (Config.Now).
func (t *Table) Now() time.Time { return t.now() }

// Has reports whether player has perm: an operator has every
// permission; anyone else has the declared ones of level Everyone.
func (t *Table) Has(player, perm string) bool {
	if t.access.IsOperator(player) {
		return true
	}
	p, ok := t.perms[perm]
	return ok && p.Level == Everyone
}

// Lookup returns the declared permission named perm.
func (t *Table) Lookup(perm string) (Permission, bool) {
	p, ok := t.perms[perm]
	return p, ok
}

// All returns every declared permission, sorted by name.
func (t *Table) All() []Permission {
	out := make([]Permission, 0, len(t.perms))
	for _, p := range t.perms {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Permission) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Plugin is the permissions plugin.
type Plugin struct {
	Config Config
	stop   func()
	reg    *access.Registry
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the persist plugin, whose database keeps the
// registry.
func (*Plugin) Dependencies() []string { return []string{persist.PluginName} }

// Build opens the registry on the world database (loading every stored
// operator, ban, binding and the whitelist), or on Config.Backend after
// moving the world database's records into it (access.Migrate), and adds
// the Table.
func (p *Plugin) Build(app *ecs.App) error {
	db := ecs.RequireResource[storage.DB](app)
	if db == nil {
		return nil // RequireResource recorded the error
	}
	now := p.Config.Now
	if now == nil {
		now = time.Now
	}
	log := app.Log().With().Str("plugin", PluginName).Logger()
	var backend access.Backend = db
	if p.Config.Backend != nil {
		backend = p.Config.Backend
		m, err := access.Migrate(db, backend)
		if err != nil {
			return err
		}
		if m != (access.Migration{}) {
			log.Info().Int("moved", m.Moved).Int("kept", m.Kept).Int("settings_left", m.Settings).Int("damaged", m.Damaged).Int("revoked", m.Revoked).
				Msg("access: the world database's records moved to the shared registry")
		}
	}
	reg, err := access.Open(backend, access.Options{Log: log, Now: now, Names: p.Config.Names})
	if err != nil {
		return fmt.Errorf("open the access registry: %w", err)
	}
	p.reg = reg
	app.AddSystem(ecs.Simulate, SystemNamesEntered, newNamesEntered(reg, now, p.Config.Names).run)
	if w, ok := backend.(access.Watcher); ok {
		if p.stop, err = w.WatchAccess(reg.Apply); err != nil {
			return fmt.Errorf("watch the access registry: %w", err)
		}
		app.AddSystem(ecs.Ingest, SystemEnforceBans, newBanEnforcer(reg).run)
	}
	t := &Table{access: reg, now: now, perms: map[string]Permission{}}
	ecs.AddResource(app, t)
	ecs.AddResource(app, reg)
	arche.AddResource(app.World(), t)
	return nil
}

// Declare declares permission perm of level, for the plugin being built
// (call it from Build, after the permissions plugin: list PluginName in
// Dependencies). A permission declared twice, an empty name or a name
// with spaces fails the build.
func Declare(app *ecs.App, perm string, level Level, about string) {
	t := ecs.RequireResource[Table](app)
	if t == nil {
		return
	}
	if perm == "" || strings.ContainsFunc(perm, func(r rune) bool { return r <= ' ' }) {
		app.Fail(fmt.Errorf("declare permission %q: a permission is a non-empty name without spaces", perm))
		return
	}
	if level > Operators {
		app.Fail(fmt.Errorf("declare permission %q: unknown level %v", perm, level))
		return
	}
	if old, dup := t.perms[perm]; dup {
		// App.Fail names the plugin being built; the first declaration is
		// told by what it is about.
		app.Fail(fmt.Errorf("declare permission %q: already declared (%s: %q)", perm, old.Level, old.About))
		return
	}
	t.perms[perm] = Permission{Name: perm, Level: level, About: about}
}

// Has reports whether player has perm in world w (the world of an App
// with the permissions plugin; false in any other): an operator has every
// permission, anyone else the declared ones of level Everyone. Names
// compare case-insensitively, as the registry's do.
func Has(w *ecs.World, player string, perm string) bool {
	t := Of(w)
	return t != nil && t.Has(player, perm)
}

// Of returns the Table of world w, or nil when the permissions plugin is
// not in its App.
func Of(w *ecs.World) *Table {
	if !w.Resources().Has(arche.ResourceID[Table](w)) {
		return nil
	}
	return arche.GetResource[Table](w)
}

// Shutdown stops the watch of a shared registry and waits for the
// registry's last writes of who entered the world.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
	if p.reg != nil {
		p.reg.Close()
		p.reg = nil
	}
	return nil
}
