package server_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// This file holds what the per-system benchmarks of network_bench_test.go,
// persist_bench_test.go and misc_bench_test.go share: tickTimes, which
// reads the engine's own per-system timings tick by tick, and sim, a real
// App built from the server's default plugins (server.DefaultPlugins, plus
// whatever a benchmark adds), fed by synthetic clients through a
// QueueSource exactly as the QUIC transport would feed it, and stepped
// whole. Figures and commands: docs/benchmarks.md ("Every other system").

// tickTimes steps an App and keeps, for the named systems, the duration
// the engine measured for each of their runs (ecs.Timings): the timings
// are reset before each Step, so that after it each system's Stat.Last
// is this tick's run, and reading them sorts nothing.
type tickTimes struct {
	app     *ecs.App
	index   map[string]int
	samples map[string][]time.Duration
}

func newTickTimes(b testing.TB, app *ecs.App, names ...string) *tickTimes {
	b.Helper()
	t := &tickTimes{app: app, index: map[string]int{}, samples: map[string][]time.Duration{}}
	stats := app.Timings().Systems()
	for _, n := range names {
		i := slices.IndexFunc(stats, func(s ecs.Stat) bool { return s.Name == n })
		if i < 0 {
			b.Fatalf("no system %q in the schedule", n)
		}
		t.index[n] = i
	}
	return t
}

// step runs one tick and records the named systems' durations.
func (t *tickTimes) step() {
	t.app.Timings().Reset()
	t.app.Step()
	stats := t.app.Timings().Systems()
	for n, i := range t.index {
		if stats[i].Runs > 0 {
			t.samples[n] = append(t.samples[n], stats[i].Last)
		}
	}
}

// absorb appends o's samples to t's.
func (t *tickTimes) absorb(o *tickTimes) {
	for n, s := range o.samples {
		t.samples[n] = append(t.samples[n], s...)
	}
}

// forget drops what was recorded (after a warm-up).
func (t *tickTimes) forget() {
	for n := range t.samples {
		t.samples[n] = t.samples[n][:0]
	}
}

// stat returns the mean, median and 99th percentile of a system's runs.
func (t *tickTimes) stat(name string) (mean, p50, p99 time.Duration, runs int) {
	s := slices.Clone(t.samples[name])
	if len(s) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	return sum / time.Duration(len(s)), s[(len(s)-1)/2], s[(len(s)-1)*99/100], len(s)
}

// report reports a system's mean as prefix+"us/tick", and its median and
// 99th percentile beside it.
func (t *tickTimes) report(b *testing.B, name, prefix string) float64 {
	mean, p50, p99, runs := t.stat(name)
	if runs == 0 {
		b.Fatalf("system %s never ran", name)
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	b.ReportMetric(us(mean), prefix+"us/tick")
	b.ReportMetric(us(p50), prefix+"p50_us/tick")
	b.ReportMetric(us(p99), prefix+"p99_us/tick")
	return us(mean)
}

// simConfig configures a sim.
type simConfig struct {
	clients int
	// view is every client's view distance (and the server's maximum).
	view int
	// side, in blocks, of the square centred on the origin the clients
	// start in, at random.
	side float64
	// fly: the clients fly at altitude along an axis at simFlySpeed and
	// bounce off the square's edges (their views recentre); otherwise they
	// stand on ground's surface (y=64) and pace 0.2 blocks back and forth
	// (their views stay put).
	fly      bool
	altitude float64
	// gen makes the terrain; default ground on foot, testkit.Surface
	// flying.
	gen func(chunk.Pos) chunk.Section
	// extra plugins, added after the server's default ones.
	extra []ecs.Plugin
	seed  uint64
}

// simFlySpeed is the flyers' speed: 20 blocks/s, one block per tick, a
// view recentring every simRecentrePeriod ticks with the default
// 2-section slack.
const simFlySpeed = 1.0

// simRecentrePeriod is how often, in ticks, a flyer's view recentres.
const simRecentrePeriod = 2 * chunk.Size

// simAltitude is where flyers cruise over testkit.Surface's terrain (its dense
// layer is section Y=2, blocks 32-47): their view (Y -2..8) holds stone,
// the dense layer and air.
const simAltitude = 60

// simConn is a synthetic client's connection. It costs the tick what the
// transport costs it: a message given to Send or SendChunk (a Drop) is
// encoded, as transport.Client does on the caller's goroutine, and the
// bytes dropped; pre-encoded frames cost nothing, and datagrams nothing
// either (as if encoded once and shared: BenchmarkBroadcast's
// states_shared). Unlike benchConn, it is safe for concurrent use, as a
// real connection is: acknowledgements may be sent from the storage
// goroutine (Durability.AfterDurable).
type simConn struct {
	sent, datagrams atomic.Uint64
}

func (c *simConn) Accept(wire.Admission) bool             { return true }
func (c *simConn) Reject(protocol.ErrorCode, string) bool { return true }
func (c *simConn) Queued() wire.Queued                    { return wire.Queued{} }
func (c *simConn) Close(protocol.ErrorCode, string)       {}
func (c *simConn) SendEncoded(wire.Encoded) bool          { c.sent.Add(1); return true }
func (c *simConn) SendDatagram(*protocol.Datagram) bool   { c.datagrams.Add(1); return true }
func (c *simConn) SendChunk(m *protocol.ChunkMessage) bool {
	_, _ = wire.EncodeChunk(m)
	c.sent.Add(1)
	return true
}
func (c *simConn) Send(m *protocol.ServerMessage) bool {
	_, _ = wire.EncodeControl(m)
	c.sent.Add(1)
	return true
}

// HasFeature grants every feature but batched drops: the clients get
// PlayerState datagrams, and delivery takes the fallback path of one Drop
// frame per section (docs/benchmarks.md, BenchmarkDeliver), as these
// benchmarks always measured; strata bench measures the batched path.
func (c *simConn) HasFeature(f string) bool { return f != protocol.FeatureBatchedDrops }

// simClient is one synthetic client.
type simClient struct {
	id       uint64
	conn     *simConn
	home     components.Position // where it joins (and paces, on foot)
	x, y, z  float64
	dir      [2]float64 // flyers' heading, along an axis
	tick     uint64
	in       *protocol.Input
	msg      *protocol.ClientMessage
	actions  [2]*protocol.ClientMessage // break the block in front, put it back
	chatLine *protocol.ClientMessage
}

// sim is a real App with synthetic clients.
type sim struct {
	b        testing.TB
	cfg      simConfig
	app      *ecs.App
	src      *network.QueueSource
	store    *resources.ChunkStore
	clients  *network.Clients
	delivery *network.DeliverySystem
	arb      *gameplay.Arbitration
	players  []*simClient
	half     float64
}

// newSim builds the App and stores every client's player record, so that
// each joins where the fixture wants it; join connects them.
func newSim(b testing.TB, cfg simConfig) *sim {
	b.Helper()
	if cfg.gen == nil {
		cfg.gen = ground
		if cfg.fly {
			cfg.gen = testkit.Surface
		}
	}
	if cfg.fly && cfg.altitude == 0 {
		cfg.altitude = simAltitude
	}
	if cfg.view <= 0 {
		cfg.view = 8
	}
	src := &network.QueueSource{}
	sc := server.Defaults()
	sc.InMemory = true
	sc.Seed = 1
	sc.Admin, sc.Listen = "", ""
	sc.MaxViewDistance = cfg.view
	sc.AllowFlight = true
	// Deterministic: generation inline (excluded, as in strata bench:
	// every wanted section is resident the next tick), records loaded
	// inline, and no wall-clock budget on delivery, so that it does all
	// the work it is given.
	sc.Deterministic = true
	plugins := server.DefaultPlugins(sc, server.TerrainFunc(1, cfg.gen), simSpawn, src)
	// Nothing waits for queue room either.
	pluginOf[*residency.Plugin](b, plugins).Config.QueueCap = 1 << 20
	// Acknowledgements are released as their write is durable, as in a
	// live server, rather than waited for at the end of every tick.
	pluginOf[*persist.Plugin](b, plugins).Config.Synchronous = false
	app := ecs.NewApp(ecs.WithLogger(zerolog.Nop()))
	app.AddPlugins(plugins...)
	app.AddPlugins(cfg.extra...)
	if err := app.Build(); err != nil {
		b.Fatal(err)
	}
	// A fresh world has no stored section to look up on each generation.
	ecs.Resource[resources.Generation](app).SetSource(nil)
	s := &sim{
		b: b, cfg: cfg, app: app, src: src,
		store:    ecs.Resource[resources.ChunkStore](app),
		clients:  ecs.Resource[network.Clients](app),
		delivery: ecs.Resource[network.DeliverySystem](app),
		arb:      ecs.Resource[gameplay.Arbitration](app),
		half:     cfg.side / 2,
	}
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(cfg.clients)))
	var records []storage.PlayerRecord
	for i := range cfg.clients {
		c := &simClient{id: uint64(i + 1), conn: &simConn{}}
		// Whole blocks plus a half: on foot, every client stands in the
		// middle of a block on flat ground.
		c.x = float64(int(rng.Float64()*cfg.side-s.half)) + 0.5
		c.z = float64(int(rng.Float64()*cfg.side-s.half)) + 0.5
		c.y = 64
		if cfg.fly {
			c.y = cfg.altitude
		}
		c.home = components.Position{X: c.x, Y: c.y, Z: c.z}
		c.dir = [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}[rng.IntN(4)]
		c.in = &protocol.Input{Position: &protocol.Vec3{}, Velocity: &protocol.Vec3F{}}
		c.msg = &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: c.in}}
		bx, _, bz := chunk.BlockOfFloat(c.x, c.y, c.z)
		c.actions = [2]*protocol.ClientMessage{
			{Kind: &protocol.ClientMessage_BreakBlock{BreakBlock: &protocol.BreakBlock{Pos: protocol.BP(int32(bx+1), 63, int32(bz)), RequestId: 1}}},
			{Kind: &protocol.ClientMessage_PlaceBlock{PlaceBlock: &protocol.PlaceBlock{Pos: protocol.BP(int32(bx+1), 63, int32(bz)), Block: uint32(chunk.Dirt), RequestId: 2}}},
		}
		c.chatLine = &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hello there"}}}
		s.players = append(s.players, c)
		records = append(records, storage.PlayerRecord{Name: simName(c.id), X: c.x, Y: c.y, Z: c.z})
	}
	if err := ecs.Resource[storage.DB](app).PutPlayers(records); err != nil {
		b.Fatal(err)
	}
	return s
}

func simName(id uint64) string { return fmt.Sprintf("bot%05d", id) }

// shutdown releases the App (memory and the database).
func (s *sim) shutdown() {
	if err := s.app.Shutdown(); err != nil {
		s.b.Error(err)
	}
}

// join queues every client's connection for the next tick.
func (s *sim) join() {
	for _, c := range s.players {
		s.src.Push(network.InEvent{Kind: wire.Connected, ID: c.id, Conn: c.conn, Name: simName(c.id), ViewDistance: s.cfg.view})
	}
}

// push queues an event from c.
func (s *sim) push(c *simClient, m *protocol.ClientMessage) {
	s.src.Push(network.InEvent{Kind: wire.Message, ID: c.id, Conn: c.conn, Msg: m})
}

// inputs queues one movement input from every client: a step along its
// path if moving, else where it is.
func (s *sim) inputs(moving bool) {
	tick := s.app.Tick()
	for _, c := range s.players {
		switch {
		case s.cfg.fly && moving:
			nx, nz := c.x+c.dir[0]*simFlySpeed, c.z+c.dir[1]*simFlySpeed
			if nx < -s.half || nx >= s.half || nz < -s.half || nz >= s.half {
				c.dir[0], c.dir[1] = -c.dir[0], -c.dir[1]
				nx, nz = c.x+c.dir[0]*simFlySpeed, c.z+c.dir[1]*simFlySpeed
			}
			c.x, c.z = nx, nz
		case !s.cfg.fly && moving:
			c.x = c.home.X + 0.2*float64(tick%2)
		}
		c.tick++
		c.in.InputTick = c.tick
		c.in.Position.X, c.in.Position.Y, c.in.Position.Z = c.x, c.y, c.z
		c.in.Flying, c.in.OnGround = s.cfg.fly, !s.cfg.fly
		c.in.Velocity.X, c.in.Velocity.Z = 0, 0
		if s.cfg.fly && moving {
			c.in.Velocity.X, c.in.Velocity.Z = float32(c.dir[0]*simFlySpeed*20), float32(c.dir[1]*simFlySpeed*20)
		}
		c.in.Yaw = float32(tick % 360)
		s.push(c, c.msg)
	}
}

// settle steps, with every client sending inputs in place, until all
// are admitted, none is held for terrain, and every client has been sent
// its whole view.
func (s *sim) settle(tt *tickTimes) int {
	s.b.Helper()
	for i := 1; i <= 5000; i++ {
		if s.clients.Len() == len(s.players) {
			s.inputs(false)
		}
		if tt != nil {
			tt.step()
		} else {
			s.app.Step()
		}
		if s.clients.Len() == len(s.players) && s.arb.Waiting == 0 && s.filled() {
			return i
		}
	}
	s.b.Fatalf("not settled: %d of %d clients admitted, %d waiting for terrain", s.clients.Len(), len(s.players), s.arb.Waiting)
	return 0
}

// filled reports whether every client's delivery is up to date with its
// view (nothing pending, no view change unanswered) and every client has
// the whole roster.
func (s *sim) filled() bool {
	q := generic.NewFilter3[components.Delivery, components.View, components.Snapshot]().Query(s.app.World())
	done := true
	for q.Next() {
		d, v, snap := q.Get()
		if d.For != *v || d.Pending.Len() > 0 || !snap.Joined {
			done = false
		}
	}
	return done
}

// accepted returns the accepted movement inputs so far.
func (s *sim) accepted() uint64 { return s.arb.Moves[0] }

// checkAccepted fails the benchmark unless at least 90 % of the n inputs
// sent since accepted() returned before were accepted: a fixture whose
// clients are corrected all the time measures the wrong thing.
func (s *sim) checkAccepted(before uint64, n int) {
	s.b.Helper()
	if got := s.accepted() - before; got < uint64(n)*9/10 {
		s.b.Fatalf("only %d of %d movement inputs accepted: %v", got, n, s.arb.Moves)
	}
}

// simSpawn is where new players would appear (every sim client has a
// stored record placing it elsewhere).
var simSpawn = components.Position{X: 0.5, Y: 64, Z: 0.5}

// ground is the terrain on foot: stone up to y=63, air above.
func ground(p chunk.Pos) chunk.Section {
	if p.Y < 4 {
		return chunk.Uniform(chunk.Stone)
	}
	return chunk.Uniform(chunk.Air)
}

// benchSide is the side, in blocks, of the square n clients stand in at
// the gameplay benchmarks' density (1,000 on 2,048 × 2,048 blocks).
func benchSide(n int) float64 { return 2048 * math.Sqrt(float64(n)/1000) }

// pluginOf returns the plugin of type T among ps, to adjust its
// configuration before the App is built.
func pluginOf[T ecs.Plugin](b testing.TB, ps []ecs.Plugin) T {
	b.Helper()
	for _, p := range ps {
		if t, ok := p.(T); ok {
			return t
		}
	}
	b.Fatalf("no %T among the default plugins", *new(T))
	return *new(T)
}
