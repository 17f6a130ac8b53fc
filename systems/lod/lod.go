// Package lod is the level-of-detail plugin (design/lod.md): for every
// client granted protocol.FeatureLOD it keeps the pyramid of coarse
// sections that tiles the world from the edge of its view out to the
// horizon (resources/lod), builds the sections it lacks as background
// tasks on the generation pool (behind every level-0 job), caches them
// encoded, rebuilds the ancestors of edited sections, and delivers them on
// the chunk stream within a budget of its own, nearest on screen first.
//
// LOD touches no ECS state that the replay's state hash covers: it only
// reads the world and writes frames to connections, so level 0's hash is
// the same with it or without it.
package lod

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// Names of the plugin and its systems.
const (
	PluginName = "lod"
	// SystemViews (stream, after follow_views) keeps each LOD client's
	// rings and their union.
	SystemViews = "lod_views"
	// SystemJobs (stream, after reconcile) caches finished LOD sections,
	// dispatches missing ones to the pool and evicts unwanted ones.
	SystemJobs = "lod_jobs"
	// SystemEdits (deliver, before broadcast_blocks) dirties the LOD
	// ancestors of the tick's edits.
	SystemEdits = "lod_edits"
	// SystemDeliver (deliver, after deliver) sends each LOD client what
	// it lacks and unloads what left its horizon.
	SystemDeliver = "lod_deliver"
)

// Defaults of Config.
const (
	DefaultLevels       = pyramid.MaxLevel
	DefaultCacheBytes   = 64 << 20
	DefaultBytesPerTick = 64 << 10
	DefaultMaxBacklog   = 256 << 10
	DefaultTime         = 2 * time.Millisecond
	// maxColumnsInFlight bounds the LOD columns queued on the pool: enough
	// to keep every worker busy between ticks, few enough that a recentre
	// reorders the rest.
	maxColumnsInFlight = 512
)

// Config configures the plugin. Zero fields take the defaults.
type Config struct {
	// Gen samples natural terrain at every level (worldgen.SampleLOD).
	// Required.
	Gen *worldgen.Generator
	// MaxLevels caps the levels a client may ask for
	// (Subscribe.lod_levels); DefaultLevels is what it gets by asking
	// for 0 or not asking. Both 1..7; default 7.
	MaxLevels, DefaultLevels int
	// CacheBytes bounds the encoded LOD sections kept once no view
	// wants them (wanted ones are always kept). Default 64 MiB.
	CacheBytes int64
	// BytesPerTick is each client's LOD budget a tick, frames'
	// bytes; a quarter of it while the client still lacks level-0
	// sections. Default 64 KiB (1.3 MB/s at 20 ticks a second).
	BytesPerTick int
	// MaxBacklog is the client's chunk-stream backlog, bytes, above which
	// it gets no LOD this tick: its share of the bandwidth goes to level
	// 0 first. Default 256 KiB.
	MaxBacklog int
	// Time bounds lod_deliver's wall-clock time a tick over every
	// client. Default 2 ms; none in deterministic mode.
	Time time.Duration
	// Slack is the per-level hysteresis (pyramid.View.Follow); default
	// 2, the players' View slack.
	Slack int
	// Deterministic drops the wall-clock budget (replay, tests).
	Deterministic bool
}

func (c Config) withDefaults() Config {
	if c.MaxLevels <= 0 || c.MaxLevels > pyramid.MaxLevel {
		c.MaxLevels = pyramid.MaxLevel
	}
	if c.DefaultLevels <= 0 {
		c.DefaultLevels = DefaultLevels
	}
	c.DefaultLevels = min(c.DefaultLevels, c.MaxLevels)
	if c.CacheBytes <= 0 {
		c.CacheBytes = DefaultCacheBytes
	}
	if c.BytesPerTick <= 0 {
		c.BytesPerTick = DefaultBytesPerTick
	}
	if c.MaxBacklog <= 0 {
		c.MaxBacklog = DefaultMaxBacklog
	}
	if c.Time <= 0 {
		c.Time = DefaultTime
	}
	if c.Deterministic {
		c.Time = time.Duration(1 << 62)
	}
	if c.Slack <= 0 {
		c.Slack = 2
	}
	return c
}

// Stats counts the plugin's work; safe to read from any goroutine.
type Stats struct {
	// Built counts LOD sections built (sampled or rebuilt over edits);
	// Rebuilt those of them rebuilt because an edit changed them.
	Built, Rebuilt atomic.Uint64
	// Cached is the LOD sections in the cache, CachedBytes their frames'
	// bytes.
	Cached, CachedBytes atomic.Int64
	// Sent counts LOD sections queued to clients, SentBytes their frames'
	// bytes, Unloaded the sections clients were told to forget.
	Sent, SentBytes, Unloaded atomic.Uint64
	// Views is the clients with a horizon.
	Views atomic.Int64
}

// Collectors returns Prometheus collectors of the stats, for the admin
// listener's registry.
func (s *Stats) Collectors() []prometheus.Collector {
	counter := func(name, help string, v *atomic.Uint64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	gauge := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	return []prometheus.Collector{
		counter("strata_lod_built_total", "LOD sections built (sampled, or rebuilt over edits).", &s.Built),
		counter("strata_lod_rebuilt_total", "LOD sections rebuilt because an edit changed them.", &s.Rebuilt),
		gauge("strata_lod_cached_sections", "LOD sections in the cache.", &s.Cached),
		gauge("strata_lod_cached_bytes", "Bytes of the LOD sections in the cache (encoded frames).", &s.CachedBytes),
		counter("strata_lod_sent_total", "LOD sections queued to clients.", &s.Sent),
		counter("strata_lod_sent_bytes_total", "Bytes of LOD frames queued to clients, before compression.", &s.SentBytes),
		counter("strata_lod_unloaded_total", "LOD sections clients were told to forget.", &s.Unloaded),
		gauge("strata_lod_views", "Clients with a LOD horizon.", &s.Views),
	}
}

// Horizon is the plugin's resource: the union of every client's rings,
// the cache of encoded LOD sections, the jobs in flight and the edits
// that reach the pyramid. The tick owns it, but for the queue of
// finished builds, which workers fill.
type Horizon struct {
	cfg   Config
	log   zerolog.Logger
	gen   *resources.Generation
	set   *pyramid.Set
	Stats Stats

	viewers map[uint64]*viewer
	tiles   *tiler

	cache      map[pyramid.Pos]*entry
	cacheBytes int64
	// evictable lists LOD sections that stopped being wanted, oldest
	// first; checked again when evicted (one may be wanted again).
	evictable []pyramid.Pos
	// inflight maps a LOD section being built to the revision asked for;
	// missing lists the wanted ones to dispatch.
	inflight map[pyramid.Pos]uint64
	missing  []pyramid.Pos
	columns  int // column tasks in flight

	// revs is each edited LOD section's revision (natural ones are 0).
	revs map[pyramid.Pos]uint64
	// edits is what builds read of edits: replaced, never changed, when
	// an edit comes, so tasks may hold it.
	edits *editSnapshot
	// updated lists LOD sections rebuilt at a new revision this tick, for
	// lod_deliver to re-send to those holding them.
	updated []pyramid.Pos
	// remote holds the sections other shards stored, for lod_edits.
	remote remoteEdits

	doneMu  sync.Mutex
	done    []built
	scratch []built
}

// entry is a cached LOD section.
type entry struct {
	frame wire.Encoded
	rev   uint64
}

// built is a finished build.
type built struct {
	pos   pyramid.Pos
	rev   uint64
	frame wire.Encoded
	err   error
	col   bool // the last section of a column task
}

// editSnapshot is the immutable view of edits a build reads: edited
// level-0 sections with their content (nil content: load it from the
// Source), and the LOD sections holding any of them.
type editSnapshot struct {
	level0 map[chunk.Pos]*chunk.Section
	lod    map[pyramid.Pos]bool
	source resources.Source
}

// Len returns the LOD sections some client wants.
func (h *Horizon) Len() int { return h.set.Len() }

// Cached returns the LOD sections cached.
func (h *Horizon) Cached() int { return len(h.cache) }

// Plugin is the LOD plugin.
type Plugin struct {
	Config Config

	h *Horizon
}

// New returns the plugin.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names residency (the pool, the views' order), network
// (clients, Subscribe, the deliver order) and gameplay (edits).
func (*Plugin) Dependencies() []string {
	return []string{residency.PluginName, network.PluginName, gameplay.PluginName}
}

// Build adds the Horizon resource and the four systems.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := p.Config.withDefaults()
	if cfg.Gen == nil {
		return errors.New("lod: Config.Gen is required")
	}
	gen := ecs.RequireResource[resources.Generation](app)
	if gen == nil {
		return errors.New("lod: the generation pool is missing")
	}
	h := &Horizon{
		cfg: cfg, gen: gen, set: pyramid.NewSet(),
		// Sampled: a build that keeps failing is retried every tick.
		log:      app.Log().With().Str("plugin", PluginName).Logger().Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second}),
		viewers:  map[uint64]*viewer{},
		tiles:    newTiler(cfg.Deterministic),
		cache:    map[pyramid.Pos]*entry{},
		inflight: map[pyramid.Pos]uint64{},
		revs:     map[pyramid.Pos]uint64{},
		edits:    &editSnapshot{level0: map[chunk.Pos]*chunk.Section{}, lod: map[pyramid.Pos]bool{}},
	}
	ecs.AddResource(app, h)
	if err := h.loadEdited(app); err != nil {
		return err
	}
	if err := h.followRemote(); err != nil {
		return err
	}
	addViews(app, h)
	addJobs(app, h)
	addEdits(app, h)
	addDeliver(app, h)
	p.h = h
	return nil
}

// Shutdown stops the goroutine that computes tilings and the watch of
// other shards' sections.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.h != nil {
		p.h.tiles.stop()
		if p.h.remote.stop != nil {
			p.h.remote.stop()
		}
	}
	return nil
}
