// Package bench runs the server's real schedule without the network:
// synthetic clients feed the same inbound queue the QUIC transport would,
// and every system's timing is reported.
package bench

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/cputime"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	clusterplugin "github.com/stratavox/strata/systems/cluster"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// Patterns of synthetic movement.
const (
	Walk     = "walk"
	Fly      = "fly"
	Teleport = "teleport"
	Spread   = "spread"
)

// Config configures a run.
type Config struct {
	Players int
	View    int
	Pattern string
	Ticks   int
	// Warmup ticks run before timings are reset.
	Warmup int
	// Area is the side, in sections, of the square players spread over.
	Area int
	// Generation includes real terrain generation (on the worker pool);
	// otherwise a trivial generator makes sections at no cost, so the
	// figures are the schedule's own.
	Generation bool
	Seed       int64
	Log        zerolog.Logger
	// CPUProfile, when set, receives a pprof CPU profile of the measured
	// ticks (not the warm-up).
	CPUProfile io.Writer
	// HeapProfile, when set, receives a pprof heap profile taken after
	// the measured ticks (after a collection: what is live).
	HeapProfile io.Writer
	// HeapBase, when set, receives a heap profile taken before the
	// measured ticks, after a collection: with pprof -diff_base and
	// -sample_index=alloc_space it leaves what the measured ticks
	// allocated. (The forced collection moves the window's own.)
	HeapBase io.Writer
	// Trace, when set, receives a CSV line per measured tick: its
	// number, the collections finished so far, the sections delivered in
	// it, the tick's duration, how long the tick waited for helpers'
	// chunks at the end of its parallel loops (ecs.Parallel.Waited), and
	// each system's duration, in µs. The p99 is a few ticks; this shows
	// which, and what they did.
	Trace io.Writer
	// TPS, when positive, paces the measured ticks at that rate, as the
	// server's loop does: the workers and the collector then get the idle
	// time between ticks. Zero runs them back to back (the worst case:
	// everything else competes with the tick).
	TPS int
	// NoIdleGC, with TPS, keeps the collector out of the time between
	// ticks (ecs.IdleGC, which strata serve's loop uses).
	NoIdleGC bool
	// Entities, when positive, scatters that many critters (the critters
	// plugin's kind and AI) over the players' views at the end of the
	// warm-up, an equal share within 100 blocks of each player, on ground
	// raised to just under the players' altitude so that it is resident.
	Entities int
	// Workers sizes the App's parallel loops (ecs.WithWorkers); 0 is
	// GOMAXPROCS.
	Workers int
	// BindThreads binds the tick's, the helpers' and the generation
	// workers' threads to CPUs (server.Config.BindThreads). Run binds the
	// calling goroutine to its thread then.
	BindThreads bool
	// Cluster, when set, runs the App as shard Shard of the cluster at
	// these NATS URLs, with world bucket Bucket (default "strata"): the
	// players' names start with the shard's, their records go to the
	// cluster, and the cluster plugin runs. Run one process per shard.
	Cluster, Shard, Bucket string
	// Side places the players on one side of the plane x = 0 (-1: x < 0,
	// 1: x ≥ 0; 0: both, alternately), and NearBorder is the share of
	// them placed within 64 blocks of it: two shards, one per side, with
	// players near their shared border.
	Side       int
	NearBorder float64
	// ShiftZ moves every player this many blocks along z: a shard whose
	// players stand far from the others'.
	ShiftZ float64
	// Stagger starts each player moving at its own tick, spread over the
	// time it takes to move a view's centre (two sections), instead of all
	// at once: players joined together and moving at one speed otherwise
	// recentre their views in waves (docs/benchmarks.md).
	Stagger bool
	// NoAirSections has the synthetic clients not granted
	// protocol.FeatureAirSections: every section goes to them as a
	// Chunk, sky included, as to a client that did not ask for it.
	NoAirSections bool
	// NoColumnLists has them not granted protocol.FeatureColumnLists:
	// drops and blank sections go by position, a triple a section.
	NoColumnLists bool
	// NoCompactStates has them not granted protocol.FeatureCompactStates:
	// entities' moves go to them as PlayerStates.
	NoCompactStates bool
	// NoStateBatches has them not granted protocol.FeatureStateBatches:
	// each of their entity states goes in a datagram of its own.
	NoStateBatches bool
	// NoPredictedStates has them not granted
	// protocol.FeaturePredictedStates: they are sent the states of the
	// delta filter (an entity's every move), not those of the predicted
	// track (what a client extrapolating them would draw wrong).
	NoPredictedStates bool
	// LOD has them granted protocol.FeatureLOD (the level-of-detail
	// horizon); without it they are not.
	LOD bool
	// Plugins run after the server's (server.Config.Plugins: the stock
	// ones and these), so that their systems are measured too.
	Plugins []ecs.Plugin
	// PluginSettings are plugin settings by name (plugins.NAME.KEY, as
	// settings.Values gives them), applied to the stock plugins and
	// Plugins before the App is built.
	PluginSettings map[string]string
}

// Result holds the timings of the measured ticks.
type Result struct {
	Config  Config
	Systems []ecs.Stat
	Tick    ecs.Stat
	Elapsed time.Duration
	// Sections counts the sections delivered to the synthetic clients
	// (DeliverySystem.Sent: a position of an AirSections is one), Bytes
	// the bytes of the frames they were handed.
	Sections, Bytes uint64
	// Datagrams and DatagramBytes are the datagrams (entity states) handed
	// to them while measuring, and their bytes.
	Datagrams, DatagramBytes uint64
	Resident                 int
	// Entities are the plugin entities resident at the end; EntitySpawns
	// and EntityStates the spawns and states queued to the clients while
	// measuring; EntityIdle the client-ticks replication skipped, with
	// nothing to send; EntitiesAsleep those asleep at the end, no player
	// near (critters.Config.WakeRadius).
	Entities, EntitiesAsleep               int
	EntitySpawns, EntityStates, EntityIdle uint64
	// CPU is the process's CPU time (user and system) over the measured
	// ticks: with shards sharing the cores, the cost a tick wall time
	// cannot show.
	CPU time.Duration
	// TickCPU is the tick thread's CPU time over the measured ticks, with
	// BindThreads (the tick's goroutine is then locked to its thread);
	// zero without. Unlike CPU it leaves out the generation pool, the
	// collector's workers and any goroutine beside the tick (the LOD
	// planner), but not the parallel loops' helpers' share either.
	TickCPU time.Duration
	// RemotePlayers is the most of the other shards' players seen at
	// once while measuring, and BytesIn, BytesOut the payload exchanged
	// with them then (cluster runs).
	RemotePlayers     int64
	BytesIn, BytesOut uint64
	// MsgsIn and MsgsOut are the cluster's messages received and sent
	// while measuring, by subject family (rcluster.Stats: leases, stored
	// sections and records, presence...).
	MsgsIn, MsgsOut map[string]uint64
	// Allocated and Allocs are the heap bytes and objects the process
	// allocated over the measured ticks, and GCs the collections then.
	Allocated, Allocs uint64
	GCs               uint32
	// IdleGCs counts those of GCs started between ticks (ecs.IdleGC).
	IdleGCs uint64
}

// Speeds in blocks per second.
const (
	walkSpeed = 4.3
	flySpeed  = 20.0
	// cruise is the altitude of synthetic players: above the terrain, so
	// that movement arbitration accepts straight lines.
	cruise = 200.0
)

// player is one synthetic client.
type player struct {
	id      uint64
	conn    *Conn
	x, z    float64
	oz      float64 // the z its square is centred on (Config.ShiftZ)
	heading float64
	speed   float64
	tick    uint64
	start   int // warm-up tick it starts moving at
}

// Run builds the server's plugins (in-memory database, deterministic
// generation when Generation is off), connects the synthetic players,
// warms up, and measures Ticks ticks.
func Run(cfg Config) (Result, error) {
	if cfg.Players < 0 || cfg.View < 1 || cfg.Ticks < 1 {
		return Result{}, errors.New("need players ≥ 0, view ≥ 1, ticks ≥ 1")
	}
	if cfg.Area <= 0 {
		cfg.Area = 400
	}
	speed := walkSpeed
	switch cfg.Pattern {
	case Walk, Spread:
	case Fly, Teleport:
		speed = flySpeed
	default:
		return Result{}, fmt.Errorf("unknown pattern %q (walk, fly, teleport, spread)", cfg.Pattern)
	}
	scfg := server.Defaults()
	scfg.Seed, scfg.InMemory, scfg.Admin, scfg.Listen = cfg.Seed, true, "", ""
	scfg.MaxViewDistance = max(cfg.View, 1)
	scfg.MaxClients = max(cfg.Players, 1)
	scfg.Plugins = append(scfg.Plugins, cfg.Plugins...)
	if err := scfg.SetPluginSettings(cfg.PluginSettings); err != nil {
		return Result{}, fmt.Errorf("plugin settings: %w", err)
	}
	prefix := "bot"
	if cfg.Cluster != "" {
		if cfg.Shard == "" {
			return Result{}, errors.New("a cluster run needs a shard name")
		}
		scfg.Cluster, scfg.Shard, scfg.ClusterBucket = cfg.Cluster, cfg.Shard, cmp.Or(cfg.Bucket, "strata")
		scfg.SeedExplicit, scfg.GeneratorVersionExplicit = true, true
		var leave func() error
		var err error
		if scfg, leave, err = server.JoinCluster(scfg, cfg.Log); err != nil {
			return Result{}, err
		}
		defer leave()
		prefix = cfg.Shard + "-bot"
	}
	gen, err := worldgen.New(cfg.Seed, worldgen.LatestVersion)
	if err != nil {
		return Result{}, err
	}
	src := &network.QueueSource{}
	plugins := server.DefaultPlugins(scfg, gen, components.Position{X: 0.5, Y: cruise, Z: 0.5}, src)
	// Players join inline, so that every run admits them at the same tick.
	pluginOf[*network.Plugin](plugins).Config.Deterministic = true
	if !cfg.Generation {
		res := pluginOf[*residency.Plugin](plugins)
		res.Config.Generator = resources.GeneratorFunc(flatWorld)
		if cfg.Entities > 0 {
			res.Config.Generator = resources.GeneratorFunc(highGround)
		}
		// Jobs still run on the worker pool, as in a live server (a job
		// also encodes its section's frame there), but cost next to
		// nothing; without generation costs nothing should wait for queue
		// room either, so wanted sections are resident within a tick or
		// two.
		res.Config.QueueCap = 1 << 20
	}
	opts := []ecs.Option{ecs.WithLogger(cfg.Log), ecs.WithWorkers(cfg.Workers)}
	if cfg.BindThreads {
		opts = append(opts, ecs.WithBoundThreads())
	}
	app := ecs.NewApp(opts...)
	app.AddPlugins(plugins...)
	if err := app.Build(); err != nil {
		return Result{}, err
	}
	defer app.Shutdown()
	if !cfg.Generation {
		// Loading a stored section is part of a generation job (it runs on
		// the workers in a live server); a fresh world has none to load.
		ecs.Resource[resources.Generation](app).SetSource(nil)
	}

	rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 99))
	players := make([]*player, cfg.Players)
	var records []storage.PlayerRecord
	half := float64(cfg.Area*chunk.Size) / 2
	for i := range players {
		p := &player{id: uint64(i + 1), conn: &Conn{NoAirSections: cfg.NoAirSections, NoColumnLists: cfg.NoColumnLists, NoCompactStates: cfg.NoCompactStates, NoStateBatches: cfg.NoStateBatches, NoPredictedStates: cfg.NoPredictedStates, LOD: cfg.LOD}, speed: speed, heading: rng.Float64() * 2 * math.Pi}
		p.x, p.z = (rng.Float64()*2-1)*half, (rng.Float64()*2-1)*half
		if cfg.Side != 0 || cfg.NearBorder > 0 {
			side := float64(cmp.Or(cfg.Side, 1-2*(i%2)))
			p.x = side * rng.Float64() * half
			if rng.Float64() < cfg.NearBorder {
				p.x = side * rng.Float64() * 64
			}
			if side < 0 {
				p.x -= 0.5 // off the plane itself
			}
		}
		p.oz = cfg.ShiftZ
		p.z += p.oz
		players[i] = p
		records = append(records, storage.PlayerRecord{Name: name(prefix, p.id), X: p.x, Y: cruise, Z: p.z})
	}
	if b := pluginOf[*persist.Plugin](plugins).Config.Backend; b != nil {
		err = b.Commit(&storage.Batch{Players: records})
	} else {
		err = ecs.Resource[storage.DB](app).PutPlayers(records)
	}
	if err != nil {
		return Result{}, fmt.Errorf("bench: store the players: %w", err)
	}
	delays := rand.New(rand.NewPCG(uint64(cfg.Seed), 100))
	for _, p := range players {
		p.start = cfg.Warmup/2 + 1
		if cfg.Stagger {
			// The centre moves once a player is two sections (32 blocks)
			// from it.
			p.start += delays.IntN(int(math.Ceil(2 * chunk.Size / (speed / 20))))
		}
	}
	for _, p := range players {
		src.Push(network.InEvent{Kind: wire.Connected, ID: p.id, Conn: p.conn, Name: name(prefix, p.id), ViewDistance: cfg.View})
	}
	var inputs wire.InputPool
	warm := math.MaxInt // the warm-up tick, while warming up
	step := func(moving bool) {
		for _, p := range players {
			if moving && warm >= p.start && (cfg.Pattern != Spread || p.id%2 == 0) {
				p.move(cfg.Pattern, app.Tick(), half)
			}
			p.tick++
			m := p.input(&inputs)
			src.Push(network.InEvent{Kind: wire.Message, ID: p.id, Msg: m.Msg(), Pooled: m})
		}
		app.Step()
	}
	for i := 0; i < cfg.Warmup; i++ {
		warm = i
		step(true)
	}
	warm = math.MaxInt
	if !cfg.Generation {
		// The views are loaded before timing starts (and critters go on
		// resident ground): the workers may lag behind back-to-back
		// ticks, far behind on a busy machine.
		gen, backlog := ecs.Resource[resources.Generation](app), ecs.Resource[resources.Backlog](app)
		for i := 0; i < 10000 && (gen.InFlight() > 0 || backlog.Len() > 0); i++ {
			time.Sleep(time.Millisecond)
			step(false)
		}
	}
	if cfg.Entities > 0 {
		if cfg.Generation || cfg.Players == 0 {
			return Result{}, errors.New("--entities needs players and no --generation (critters are scattered on the flat ground)")
		}
		if err := scatter(app, players, cfg); err != nil {
			return Result{}, err
		}
		step(true) // the spawns are applied
	}
	stats := ecs.Resource[entities.Stats](app)
	spawns0, states0, idle0 := stats.Spawns, stats.States, stats.Idle
	var dgrams0, dgramBytes0 uint64
	for _, p := range players {
		_, _, d, db := p.conn.Counts()
		dgrams0 += d
		dgramBytes0 += db
	}
	app.Timings().Reset()
	cluster, _ := ecs.GetResource[clusterplugin.Stats](app)
	var in0, out0 uint64
	var msgs0 rcluster.Stats
	if cluster != nil {
		in0, out0 = cluster.BytesIn.Load(), cluster.BytesOut.Load()
		msgs0 = pluginOf[*clusterplugin.Plugin](plugins).Config.Cluster.Stats()
	}
	var remote int64
	if cfg.HeapBase != nil {
		// A heap profile counts allocations up to the last collection.
		runtime.GC()
		if err := pprof.Lookup("heap").WriteTo(cfg.HeapBase, 0); err != nil {
			return Result{}, fmt.Errorf("heap base profile: %w", err)
		}
	}
	var mem0, mem1 runtime.MemStats
	runtime.ReadMemStats(&mem0)
	cpu0, tickCPU0 := cpuTime(), cputime.Thread()
	if cfg.CPUProfile != nil {
		if err := pprof.StartCPUProfile(cfg.CPUProfile); err != nil {
			return Result{}, fmt.Errorf("cpu profile: %w", err)
		}
	}
	tr := newTracer(cfg.Trace, app)
	var idle *ecs.IdleGC
	if cfg.TPS > 0 && !cfg.NoIdleGC {
		idle = &ecs.IdleGC{}
		idle.Start()
	}
	start := time.Now()
	next := start
	for i := 0; i < cfg.Ticks; i++ {
		step(true)
		tr.tick(i)
		if cluster != nil {
			remote = max(remote, cluster.RemotePlayers.Load())
		}
		if cfg.TPS > 0 {
			next = next.Add(time.Second / time.Duration(cfg.TPS))
			if idle != nil {
				idle.Offer(time.Until(next))
			}
			time.Sleep(time.Until(next))
		}
	}
	if idle != nil {
		idle.Stop()
	}
	cpu := cpuTime() - cpu0
	tickCPU := cputime.Thread() - tickCPU0
	if !cfg.BindThreads {
		tickCPU = 0 // the goroutine moved between threads
	}
	if err := tr.flush(); err != nil {
		return Result{}, fmt.Errorf("bench trace: %w", err)
	}
	runtime.ReadMemStats(&mem1)
	if cfg.CPUProfile != nil {
		pprof.StopCPUProfile()
	}
	if cfg.HeapProfile != nil {
		runtime.GC()
		if err := pprof.Lookup("heap").WriteTo(cfg.HeapProfile, 0); err != nil {
			return Result{}, fmt.Errorf("heap profile: %w", err)
		}
	}
	res := Result{Config: cfg, Systems: app.Timings().Systems(), Tick: app.Timings().Tick(), Elapsed: time.Since(start), CPU: cpu, TickCPU: tickCPU,
		Allocated: mem1.TotalAlloc - mem0.TotalAlloc, Allocs: mem1.Mallocs - mem0.Mallocs, GCs: mem1.NumGC - mem0.NumGC}
	if idle != nil {
		res.IdleGCs = idle.Collections.Load()
	}
	if cluster != nil {
		res.RemotePlayers = remote
		res.BytesIn, res.BytesOut = cluster.BytesIn.Load()-in0, cluster.BytesOut.Load()-out0
		msgs := pluginOf[*clusterplugin.Plugin](plugins).Config.Cluster.Stats()
		res.MsgsIn, res.MsgsOut = since(msgs.MsgsIn, msgs0.MsgsIn), since(msgs.MsgsOut, msgs0.MsgsOut)
	}
	res.Sections = ecs.Resource[network.DeliverySystem](app).Sent
	for _, p := range players {
		_, b, d, db := p.conn.Counts()
		res.Bytes += b
		res.Datagrams += d
		res.DatagramBytes += db
	}
	res.Datagrams -= dgrams0
	res.DatagramBytes -= dgramBytes0
	res.Resident = ecs.Resource[resources.ChunkStore](app).Len()
	res.Entities = ecs.Resource[entities.Registry](app).Len()
	res.EntitiesAsleep = stats.Asleep
	res.EntitySpawns, res.EntityStates, res.EntityIdle = stats.Spawns-spawns0, stats.States-states0, stats.Idle-idle0
	return res, nil
}

// since returns the counts of now less those of before, without zeros.
func since(now, before map[string]uint64) map[string]uint64 {
	out := map[string]uint64{}
	for k, n := range now {
		if d := n - before[k]; d > 0 {
			out[k] = d
		}
	}
	return out
}

// scatter spawns cfg.Entities critters, an equal share around each
// player.
func scatter(app *ecs.App, players []*player, cfg Config) error {
	reg := ecs.Resource[entities.Registry](app)
	store := ecs.Resource[resources.ChunkStore](app)
	each := (cfg.Entities + len(players) - 1) / len(players)
	left := cfg.Entities
	for _, p := range players {
		n := min(each, left)
		area := critters.Area{MinX: int(p.x) - 100, MaxX: int(p.x) + 100, MinZ: int(p.z) - 100, MaxZ: int(p.z) + 100}
		got, err := critters.Scatter(reg, app.Commands(), store, n, area, cfg.Seed^int64(p.id))
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		left -= got
	}
	if left > 0 {
		return fmt.Errorf("bench: %d of %d critters found no resident ground", left, cfg.Entities)
	}
	return nil
}

func name(prefix string, id uint64) string { return fmt.Sprintf("%s%05d", prefix, id) }

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// move advances a player along its pattern by one tick (20 TPS).
func (p *player) move(pattern string, tick uint64, half float64) {
	if pattern == Teleport && (tick+p.id)%200 == 0 {
		// A far jump: the server refuses it as too fast and corrects the
		// client, which then goes on from where the server says.
		p.x, p.z = -p.x, 2*p.oz-p.z
		return
	}
	d := p.speed / 20
	p.x += d * math.Cos(p.heading)
	p.z += d * math.Sin(p.heading)
	if math.Abs(p.x) > half || math.Abs(p.z-p.oz) > half {
		p.heading += math.Pi / 2
	}
}

// input is the player's Input for this tick, in a message of pool, as the
// transport decodes a client's datagram into one (ingest gives it back
// once its tick is over).
func (p *player) input(pool *wire.InputPool) *wire.InputMessage {
	m := pool.Get()
	in := m.Input()
	in.InputTick, in.Flying = p.tick, true
	in.Position.X, in.Position.Y, in.Position.Z = p.x, cruise, p.z
	in.Velocity.X, in.Velocity.Y, in.Velocity.Z = float32(p.speed*math.Cos(p.heading)), 0, float32(p.speed*math.Sin(p.heading))
	return m
}

// flatWorld is the generator used when generation is excluded: stone up
// to Y=64, air above, with no per-cell work.
func flatWorld(p chunk.Pos) chunk.Section {
	if p.Y < 4 {
		return chunk.Uniform(chunk.Stone)
	}
	return chunk.Uniform(chunk.Air)
}

// highGround is flatWorld with the ground just under the players'
// altitude (stone up to Y=192), so that the critters of --entities stand
// in resident sections.
func highGround(p chunk.Pos) chunk.Section {
	if p.Y < 12 {
		return chunk.Uniform(chunk.Stone)
	}
	return chunk.Uniform(chunk.Air)
}

// pluginOf returns the plugin of type T among ps (the default set always
// has one of each it is asked for here).
func pluginOf[T ecs.Plugin](ps []ecs.Plugin) T {
	for _, p := range ps {
		if t, ok := p.(T); ok {
			return t
		}
	}
	panic(fmt.Sprintf("bench: no %T among the default plugins", *new(T)))
}
