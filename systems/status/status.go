// Package status is the plugin that feeds the admin listener: metrics
// every tick and a status snapshot every second.
package status

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// Names of the status plugin and its system.
const (
	PluginName    = "status"
	SystemPublish = "publish_status"
)

// Config configures the status plugin.
type Config struct {
	Status  *admin.Status
	Metrics *admin.Metrics
	// Generator names the world (seed and version) in snapshots.
	Generator *worldgen.Generator
	TargetTPS int
	// SnapshotEvery is how often, in ticks, a snapshot is published;
	// metrics are updated every tick. 0 means TargetTPS (once a second).
	SnapshotEvery uint64
	// Ready reports whether the start-up gate is done.
	Ready func() bool
	// Extra, if set, adds other plugins' figures (clients, bytes sent) to
	// each snapshot and to the metrics.
	Extra func(*admin.Snapshot, *admin.Metrics)
}

// Plugin is the plugin that feeds the admin listener: it updates the
// Prometheus metrics every tick and publishes a snapshot for the status
// page, from the last system of the persist stage. HTTP handlers only ever
// read what it published.
type Plugin struct {
	Config Config

	started  time.Time
	runs     []uint64 // per system, at the last update
	players  *generic.Filter3[components.Player, components.Position, components.View]
	colors   []columnColor     // by store column slot
	surfaces map[uint32]string // surface colour → block name(s), for the map's legend
	rate     rateMeter
	genRate  rateMeter
	lastSync uint64
	ents     entityMetrics
}

// entityMetrics are the entities plugin's figures: strata_entities by
// state (resident, frozen, asleep) and strata_entity_messages_total by kind
// (spawn, despawn, state), fed from entities.Stats when that plugin runs.
type entityMetrics struct {
	resident, frozen      prometheus.Gauge
	asleep                prometheus.Gauge // the entities their AI put to sleep
	messages              *prometheus.CounterVec
	spawn, despawn, state uint64 // the totals already added
	stats                 *entities.Stats
	looked                bool
}

// register adds the collectors to reg, reusing those already there (two
// plugins on one Metrics).
func (e *entityMetrics) register(reg *prometheus.Registry) {
	gauges := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "strata_entities", Help: "Non-player entities resident, those of them frozen for want of terrain, and those asleep with no player near (state resident, frozen or asleep).",
	}, []string{"state"})
	msgs := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "strata_entity_messages_total", Help: "Entity messages queued to clients: spawns and despawns (one per entity) and PlayerState datagrams (kind spawn, despawn or state).",
	}, []string{"kind"})
	var are prometheus.AlreadyRegisteredError
	if err := reg.Register(gauges); errors.As(err, &are) {
		gauges = are.ExistingCollector.(*prometheus.GaugeVec)
	}
	if err := reg.Register(msgs); errors.As(err, &are) {
		msgs = are.ExistingCollector.(*prometheus.CounterVec)
	}
	e.resident, e.frozen, e.asleep, e.messages = gauges.WithLabelValues("resident"), gauges.WithLabelValues("frozen"), gauges.WithLabelValues("asleep"), msgs
	for _, k := range []string{"spawn", "despawn", "state"} {
		msgs.WithLabelValues(k) // every series exported from the start, at 0
	}
}

// update copies the entities plugin's figures; the plugin is found on the
// first tick (it may be built after this one), and absent means zeros.
func (e *entityMetrics) update(app *ecs.App) {
	if !e.looked {
		e.stats, _ = ecs.GetResource[entities.Stats](app)
		e.looked = true
	}
	if e.stats == nil || e.messages == nil {
		return
	}
	st := e.stats
	e.resident.Set(float64(st.Entities))
	e.frozen.Set(float64(st.Frozen))
	e.asleep.Set(float64(st.Asleep))
	add := func(kind string, total uint64, seen *uint64) {
		if total > *seen {
			e.messages.WithLabelValues(kind).Add(float64(total - *seen))
			*seen = total
		}
	}
	add("spawn", st.Spawns, &e.spawn)
	add("despawn", st.Despawns, &e.despawn)
	add("state", st.States, &e.state)
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (s *Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose resources it reads.
func (s *Plugin) Dependencies() []string { return []string{residency.PluginName, persist.PluginName} }

// Build adds the publish_status system, last in the persist stage.
func (s *Plugin) Build(app *ecs.App) error {
	if s.Config.TargetTPS <= 0 {
		s.Config.TargetTPS = 20
	}
	if s.Config.SnapshotEvery == 0 {
		s.Config.SnapshotEvery = uint64(s.Config.TargetTPS)
	}
	s.started = time.Now()
	s.players = generic.NewFilter3[components.Player, components.Position, components.View]()
	if s.Config.Metrics != nil {
		s.ents.register(s.Config.Metrics.Registry())
	}
	store := ecs.RequireResource[resources.ChunkStore](app)
	gen := ecs.RequireResource[resources.Generation](app)
	dur := ecs.RequireResource[persist.Durability](app)
	backlog := ecs.RequireResource[resources.Backlog](app)
	db := ecs.RequireResource[storage.DB](app)
	app.AddSystem(ecs.Persist, SystemPublish, func(ctx *ecs.Context) {
		s.update(ctx, store, gen, dur)
		s.Config.Metrics.StorageCorrupt.Set(float64(backlog.Corrupt()))
		s.Config.Metrics.StorageCorruptions.Set(db.Corruptions())
	}, ecs.After(persist.SystemReleaseDurable))
	return nil
}

// rateMeter turns a running count into a per-second rate over ~1 s.
type rateMeter struct {
	at    time.Time
	count uint64
	rate  float64
}

func (r *rateMeter) observe(now time.Time, count uint64) float64 {
	if r.at.IsZero() {
		r.at, r.count = now, count
		return 0
	}
	if dt := now.Sub(r.at); dt >= time.Second {
		r.rate = float64(count-r.count) / dt.Seconds()
		r.at, r.count = now, count
	}
	return r.rate
}

func (s *Plugin) update(ctx *ecs.Context, store *resources.ChunkStore, gen *resources.Generation, dur *persist.Durability) {
	m := s.Config.Metrics
	now := time.Now()
	t := ctx.App.Timings()
	i := 0
	t.EachLast(func(name string, stage ecs.Stage, runs uint64, last time.Duration) {
		if i == len(s.runs) {
			s.runs = append(s.runs, 0)
		}
		if runs != s.runs[i] {
			m.ObserveSystem(name, string(stage), last)
			s.runs[i] = runs
		}
		i++
	})
	if runs, last := t.LastTick(); runs > 0 {
		m.ObserveTick(last)
	}
	s.ents.update(ctx.App)
	tps := s.rate.observe(now, ctx.Tick)
	m.TPS.Set(tps)
	if p := ctx.App.Pacer(); p != nil {
		m.Overruns.Set(p.Overruns.Load())
		m.DroppedTicks.Set(p.Dropped.Load())
	}
	ready := s.Config.Ready == nil || s.Config.Ready()
	if ready {
		m.Ready.Set(1)
	} else {
		m.Ready.Set(0)
	}
	res := admin.Resident{Dense: store.Dense(), Uniform: store.Uniform(), Bytes: store.Bytes(), Dirty: store.DirtyCount()}
	m.SetResident(res)
	g := admin.Generation{Queued: gen.Queued(), InFlight: gen.InFlight(), Completed: gen.Completed(), Failed: gen.Failed()}
	g.PerSecond = s.genRate.observe(now, g.Completed)
	m.SetGeneration(g)
	if ws := dur.Writer().Stats(); ws.Batches != s.lastSync {
		m.ObserveFsync(ws.LastSync)
		s.lastSync = ws.Batches
	}
	if s.Config.Extra != nil && ctx.Tick%s.Config.SnapshotEvery != 0 {
		s.Config.Extra(nil, m)
	}
	if ctx.Tick%s.Config.SnapshotEvery != 0 {
		return
	}
	// Percentiles sort each system's window: once a snapshot, not a tick.
	tick := t.Tick()
	systems := t.Systems()
	snap := &admin.Snapshot{
		Seed: s.seed(), GeneratorVersion: s.version(), Started: s.started, Time: now,
		Tick: ctx.Tick, TargetTPS: s.Config.TargetTPS, TPS: tps, Ready: ready,
		TickTiming: timing(tick), Resident: res, Generation: g,
	}
	if p := ctx.App.Pacer(); p != nil {
		snap.Overruns = p.Overruns.Load()
	}
	for _, st := range systems {
		snap.Systems = append(snap.Systems, timing(st))
	}
	q := s.players.Query(ctx.World)
	for q.Next() {
		pl, pos, v := q.Get()
		snap.Players = append(snap.Players, admin.Player{Name: pl.Name, Entity: uint64(q.Entity().ID()), X: pos.X, Y: pos.Y, Z: pos.Z, ViewRadius: v.Radius})
	}
	snap.Columns = s.columns(store)
	snap.MapKey = admin.MapLegend(snap.Columns, s.surfaces, len(snap.Players))
	if s.Config.Extra != nil {
		s.Config.Extra(snap, m)
	}
	s.Config.Status.Publish(snap)
}

func timing(st ecs.Stat) admin.Timing {
	return admin.Timing{Name: st.Name, Stage: string(st.Stage), Runs: st.Runs, Last: st.Last, P50: st.P50, P99: st.P99, Max: st.Max}
}

func (s *Plugin) seed() int64 {
	if s.Config.Generator == nil {
		return 0
	}
	return s.Config.Generator.Seed()
}

func (s *Plugin) version() int {
	if s.Config.Generator == nil {
		return 0
	}
	return s.Config.Generator.Version()
}

// columns lists the resident columns for the map, with a colour (the top
// resident block at the column's centre) computed once per column, kept by
// the column's slot in the store and recomputed when the slot names
// another column.
func (s *Plugin) columns(store *resources.ChunkStore) []admin.Column {
	cols := make([]admin.Column, 0, len(s.colors))
	store.EachColumn(func(x, z, slot int32, sections, dense int) {
		if int(slot) >= len(s.colors) {
			s.colors = append(s.colors, make([]columnColor, int(slot)+1-len(s.colors))...)
		}
		c := &s.colors[slot]
		if !c.ok || c.x != x || c.z != z {
			*c = columnColor{x: x, z: z, ok: true}
			if top, _, ok := store.TopBlock(int(x)*chunk.Size+chunk.Size/2, int(z)*chunk.Size+chunk.Size/2); ok {
				c.rgb = top.Props().Color
				s.nameSurface(c.rgb, top)
			}
		}
		cols = append(cols, admin.Column{X: x, Z: z, Sections: uint8(sections), Dense: uint8(dense), Color: c.rgb})
	})
	return cols
}

// nameSurface records block b as a surface drawn in colour rgb, for the
// map's legend; blocks of one colour share its entry.
func (s *Plugin) nameSurface(rgb uint32, b chunk.Block) {
	if rgb == 0 {
		return // drawn as "no surface yet" (admin.MapLegend)
	}
	if s.surfaces == nil {
		s.surfaces = map[uint32]string{}
	}
	name, seen := s.surfaces[rgb]
	switch {
	case !seen:
		s.surfaces[rgb] = b.String()
	case !slices.Contains(strings.Split(name, ", "), b.String()):
		s.surfaces[rgb] = name + ", " + b.String()
	}
}

// columnColor is a column's map colour.
type columnColor struct {
	x, z int32
	rgb  uint32
	ok   bool
}
