// Package lod is the level-of-detail plugin (design/lod.md): for every
// client granted protocol.FeatureLOD it keeps the pyramid of coarse
// sections that tiles the world from the edge of its view out to the
// horizon (resources/lod), builds the sections it lacks as background
// tasks on the generation pool (behind every level-0 job), caches them
// encoded, rebuilds the ancestors of edited sections, and delivers them on
// their own stream (the LOD stream, compressed like the chunk stream)
// within a budget of its own, nearest on screen first.
//
// The tick does little of it: two systems copy what LOD needs of the
// world (each LOD client's position, view and connection; the tick's
// edited sections) and hand it to the planner, a goroutine the Horizon
// resource owns, which does the rest — tilings, their union, the cache,
// dispatch, and each client's send list — between and beside ticks. In
// deterministic mode the planner's step runs inline at the hand-over, so
// that a replay sends the same frames at the same ticks.
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
	// SystemEdits (deliver, before broadcast_blocks) copies the
	// sections the tick's edits changed, for the planner to dirty their
	// LOD ancestors.
	SystemEdits = "lod_edits"
	// SystemHandoff (deliver, after deliver) copies each LOD client's
	// position, view and connection and hands them, with the edits, to
	// the planner (which it runs inline in deterministic mode).
	SystemHandoff = "lod_handoff"
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
	// MaxBacklog is the backlog, bytes, of the client's chunk stream or
	// of its LOD stream above which it gets no LOD this step: the
	// bandwidth goes to level 0 first, and a LOD stream that does not
	// drain gets no more. Default 256 KiB. Ignored in deterministic mode
	// (a recording's frames must not depend on its clients' speed).
	MaxBacklog int
	// Time bounds the wall-clock time a planner step spends queueing
	// frames over every client (it is off the tick, but a step that
	// sends for long delays the next one). Default 2 ms; none in
	// deterministic mode.
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
	// Views is the clients with a horizon; Wanted the LOD sections some
	// of them wants.
	Views, Wanted atomic.Int64
	// Steps counts the planner's steps, StepNanos their wall-clock time
	// (the planner's share of a core, beside the tick), Coalesced the
	// ticks whose hand-over met a step still running (the planner fell
	// behind and took two ticks' worth at once).
	Steps, StepNanos, Coalesced atomic.Uint64
	// StaleMaxNanos is the longest a section that a moving ring added
	// waited before it was queued to its client; StaleOldestNanos is the
	// age of the oldest one still waiting, updated every second.
	StaleMaxNanos, StaleOldestNanos atomic.Int64
	// staleness is the histogram of those waits (seconds); nil until
	// the plugin builds.
	staleness prometheus.Histogram
}

// newStaleness makes the staleness histogram; its bounds, seconds, put
// the bound of 2 s in the middle.
func newStaleness() prometheus.Histogram {
	return prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "strata_lod_staleness_seconds",
		Help:    "Time from a client's LOD ring moving to each section it added being queued to the client.",
		Buckets: []float64{0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10},
	})
}

// observeStale records that a section a ring added reached its client's
// queue d after the ring moved.
func (s *Stats) observeStale(d time.Duration) {
	if s.staleness != nil {
		s.staleness.Observe(d.Seconds())
	}
	for {
		old := s.StaleMaxNanos.Load()
		if int64(d) <= old || s.StaleMaxNanos.CompareAndSwap(old, int64(d)) {
			return
		}
	}
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
	if s.staleness == nil {
		s.staleness = newStaleness()
	}
	seconds := func(name, help string, v interface{ Load() int64 }) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return time.Duration(v.Load()).Seconds() })
	}
	return []prometheus.Collector{
		s.staleness,
		seconds("strata_lod_staleness_max_seconds", "Longest wait of a section a moving LOD ring added before it was queued to its client.", &s.StaleMaxNanos),
		seconds("strata_lod_staleness_oldest_seconds", "Age of the oldest section a moving LOD ring added that is not yet queued to its client.", &s.StaleOldestNanos),
		counter("strata_lod_planner_steps_total", "Steps of the LOD planner (one a tick, unless it fell behind).", &s.Steps),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "strata_lod_planner_seconds_total", Help: "Wall-clock time of the LOD planner's steps, beside the tick."},
			func() float64 { return time.Duration(s.StepNanos.Load()).Seconds() }),
		counter("strata_lod_planner_coalesced_total", "Ticks handed to the LOD planner while a step was still running.", &s.Coalesced),
		gauge("strata_lod_wanted_sections", "LOD sections some client's horizon wants.", &s.Wanted),
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

// Horizon is the plugin's resource. Its tick side is the hand-over
// (handoff): what the tick's systems copied of the world, waiting for the
// planner. The rest — the union of every client's rings, the cache of
// encoded LOD sections, the jobs in flight, the edits that reach the
// pyramid and each client's send list — is the planner's alone: its
// goroutine's, or the tick's in deterministic mode. Finished builds come
// back from the pool's workers through done.
type Horizon struct {
	cfg   Config
	log   zerolog.Logger
	gen   *resources.Generation
	set   *pyramid.Set
	Stats Stats

	handoff handoff
	// wake tells the planner a hand-over is waiting; quit stops it.
	wake, quit chan struct{}
	wg         sync.WaitGroup
	stopOnce   sync.Once
	// in is the planner's copy of the last hand-over it took.
	in input

	viewers map[uint64]*viewer
	// step counts the planner's steps: a viewer not in a step's
	// hand-over left.
	step uint64
	// lastOldest is when the oldest waiting section was last measured.
	lastOldest time.Time

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
	// updated lists LOD sections rebuilt at a new revision this step, for
	// delivery to re-send to those holding them.
	updated []pyramid.Pos
	// remote holds the sections other shards stored, for lod_edits.
	remote remoteEdits

	doneMu  sync.Mutex
	done    []built
	scratch []built
	// colPool holds the builds' column samples (*worldgen.LODColumn).
	colPool sync.Pool

	// Delivery's scratch.
	ids    []uint64
	unload map[uint8][]chunk.Pos
	gone   map[pyramid.Pos]bool
	frames []wire.Encoded
	// Dispatch's scratch.
	cols  []column
	index map[colKey]int
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

// Build adds the Horizon resource and the two systems, and starts the
// planner (unless deterministic).
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
		cache:    map[pyramid.Pos]*entry{},
		unload:   map[uint8][]chunk.Pos{},
		gone:     map[pyramid.Pos]bool{},
		index:    map[colKey]int{},
		wake:     make(chan struct{}, 1),
		quit:     make(chan struct{}),
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
	h.Stats.staleness = newStaleness()
	addHandoff(app, h, addEdits(app, &h.remote))
	p.h = h
	if !cfg.Deterministic {
		h.wg.Add(1)
		go h.run()
	}
	return nil
}

// Shutdown stops the planner and waits for it, and the watch of other
// shards' sections. Builds still on the pool finish into a queue nobody
// reads.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.h != nil {
		p.h.stop()
		if p.h.remote.stop != nil {
			p.h.remote.stop()
		}
	}
	return nil
}
