// Package scenario runs the real server in a test: one App of
// server.DefaultPlugins, stepped tick by tick by the test, serving clients
// of the real Go client (net/client) connected through the real transport
// (net): by default over in-memory sessions (transport.Pipe served by
// transport.Server.ServeSession, opened with client.Open), or over QUIC on
// loopback (OverQUIC). It is in the spirit of Valence's testing.rs: a test
// builds a scenario, connects players, steps until what it expects has
// happened, and looks at both sides — the App's world and resources, and
// what every client was told.
//
// A scenario is deterministic as the server's Deterministic mode makes it
// (player records load inline, acknowledgements are released at once, no
// wall-clock budgets); the network is not, so tests wait with StepUntil
// rather than counting ticks. Everything it starts — sessions, clients,
// the transport server, the App's plugins — is closed by t.Cleanup, and no
// goroutine outlives it (internal/testkit.CheckNoLeaks checks that in this
// package's tests).
//
// Only the goroutine that runs the test may call a Scenario's methods:
// they step the App, which belongs to that goroutine, and fail the test on
// a timeout.
package scenario

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/testkit"
)

// Ground is the height of the default terrain, Flat(Ground): stone below
// block Y 64, air from it up (testkit.Flat's). The default spawn stands on it.
const Ground = testkit.Ground

// DefaultSpawn is the spawn of the default terrain: on the ground, in the
// middle of block column (0, 0) (testkit.Spawn).
var DefaultSpawn = testkit.Spawn

// DefaultTimeout bounds every wait of a scenario (StepUntil, Connect, the
// start-up gate) unless WithTimeout says otherwise.
const DefaultTimeout = 15 * time.Second

// Flat returns a terrain of stone below block Y ground and air from it up,
// the same everywhere: cheap to generate, and any spawn on it at
// Y = ground stands on solid ground.
func Flat(ground int) server.Terrain {
	return server.TerrainFunc(1, testkit.FlatAt(ground))
}

// Option configures New and Build.
type Option func(*settings)

type settings struct {
	terrain   server.Terrain
	spawn     components.Position
	config    []func(*server.Config)
	transport []func(*transport.Config)
	plugins   []ecs.Plugin
	pipe      transport.PipeConfig
	quic      bool
	timeout   time.Duration
	pace      time.Duration
	log       *zerolog.Logger
}

// WithTerrain makes the world of t, with new players appearing at spawn
// (which should stand on solid ground if players are to act). The default
// is Flat(Ground) and DefaultSpawn. A *worldgen.Generator is a Terrain;
// its FindSpawn gives a spawn.
func WithTerrain(t server.Terrain, spawn components.Position) Option {
	return func(s *settings) { s.terrain, s.spawn = t, spawn }
}

// WithConfig changes the server's configuration before the App is built.
// It starts from server.Defaults() with InMemory and Deterministic set,
// SpawnRadius 1, DataDir a t.TempDir() (used when InMemory is turned off)
// and no admin or QUIC listener (Admin and Listen empty). Admin, Listen
// and Record must stay empty: the scenario owns the network (OverQUIC),
// and a recording is server.New's. Several WithConfig apply in order.
func WithConfig(fn func(*server.Config)) Option {
	return func(s *settings) { s.config = append(s.config, fn) }
}

// WithTransport changes the transport server's configuration (its limits,
// for example) after the scenario derived it from the server's, as the
// server's own listener does: the world's seed, generator version, tick
// rate and delivery budget, MaxClients and MaxViewDistance.
func WithTransport(fn func(*transport.Config)) Option {
	return func(s *settings) { s.transport = append(s.transport, fn) }
}

// WithChatLimits sets the chat limits the transport meters every
// client's chat and commands with (a test that sends many commands at
// once lifts them); zero fields keep their defaults.
func WithChatLimits(l wire.ChatLimits) Option {
	return WithTransport(func(c *transport.Config) { c.Limits.Chat = l.WithDefaults() })
}

// WithPlugins adds plugins to the App after server.DefaultPlugins.
func WithPlugins(ps ...ecs.Plugin) Option {
	return func(s *settings) { s.plugins = append(s.plugins, ps...) }
}

// WithPipe shapes the in-memory sessions Connect makes (flow-control
// window, datagram queue); see transport.PipeConfig.
func WithPipe(cfg transport.PipeConfig) Option {
	return func(s *settings) { s.pipe = cfg }
}

// OverQUIC serves the clients over real QUIC on 127.0.0.1:0 instead of
// in-memory pipes: transport.Listen with a self-signed certificate made in
// a t.TempDir() (net/certs), clients by client.Dial pinned to it.
func OverQUIC() Option {
	return func(s *settings) { s.quic = true }
}

// WithTimeout bounds every wait of the scenario [DefaultTimeout].
func WithTimeout(d time.Duration) Option {
	return func(s *settings) { s.timeout = d }
}

// WithPace sets how long StepUntil and Connect let the network run between
// two ticks [1ms].
func WithPace(d time.Duration) Option {
	return func(s *settings) { s.pace = d }
}

// WithLogger sets the logger of the App, the transport and the clients;
// the default logs warnings and errors to the test (nettest.Logger).
func WithLogger(l zerolog.Logger) Option {
	return func(s *settings) { s.log = &l }
}

// Scenario is a built server App, its transport and the clients connected
// to it. Make one with New or Build.
type Scenario struct {
	t       testing.TB
	app     *ecs.App
	cfg     server.Config
	spawn   components.Position
	terrain server.Terrain
	srv     *transport.Server
	certs   *certs.Manager // OverQUIC only
	pipe    transport.PipeConfig
	timeout time.Duration
	pace    time.Duration
	log     zerolog.Logger

	sessions  sync.WaitGroup // ServeSession of every pipe
	clients   []*Client
	closeOnce sync.Once
}

// New builds a scenario and runs the start-up gate (the spawn region
// resident), failing the test on any error. The scenario is closed when
// the test ends.
func New(t testing.TB, opts ...Option) *Scenario {
	t.Helper()
	s, err := Build(t, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Build is New returning the error (an invalid configuration, a plugin
// that failed to build) instead of failing the test, for tests of plugin
// registration. Nothing is left running after an error.
func Build(t testing.TB, opts ...Option) (*Scenario, error) {
	t.Helper()
	st := settings{terrain: Flat(Ground), spawn: DefaultSpawn, timeout: DefaultTimeout, pace: time.Millisecond}
	for _, o := range opts {
		o(&st)
	}
	log := nettest.Logger(t)
	if st.log != nil {
		log = *st.log
	}
	cfg := server.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.InMemory, cfg.Deterministic = true, true
	cfg.Admin, cfg.Listen = "", ""
	cfg.SpawnRadius = 1
	for _, fn := range st.config {
		fn(&cfg)
	}
	if cfg.Admin != "" || cfg.Listen != "" || cfg.Record != "" {
		return nil, errors.New("scenario: Admin, Listen and Record are not supported (use OverQUIC, or server.New for a whole server)")
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("scenario: invalid configuration: %w", err)
	}
	budget := network.DeliveryBudget{}.WithDefaults()
	tcfg := transport.Config{
		Log: log,
		World: transport.WorldInfo{
			Seed: cfg.Seed, GeneratorVersion: uint32(st.terrain.Version()), TickRate: uint32(cfg.TPS),
			SectionsPerTick: uint32(budget.Sections), BytesPerTick: uint32(budget.Bytes),
			Rules: server.GameRules(cfg),
		},
		MaxClients:      cfg.MaxClients,
		MaxViewDistance: uint32(cfg.MaxViewDistance),
		Limits:          transport.Limits{Chat: wire.ChatLimits{}.WithDefaults()},
	}
	for _, fn := range st.transport {
		fn(&tcfg)
	}
	s := &Scenario{
		t: t, cfg: cfg, spawn: st.spawn, terrain: st.terrain, pipe: st.pipe,
		timeout: st.timeout, pace: st.pace, log: log,
	}
	var err error
	if st.quic {
		s.certs, err = certs.Open(certs.Options{Dir: t.TempDir(), Log: log})
		if err != nil {
			return nil, fmt.Errorf("scenario: certificate: %w", err)
		}
		tcfg.TLS = s.certs.TLSConfig()
		tcfg.Listen = "127.0.0.1:0"
		s.srv, err = transport.Listen(tcfg)
	} else {
		s.srv, err = transport.NewSessionServer(tcfg)
	}
	if err != nil {
		return nil, fmt.Errorf("scenario: transport: %w", err)
	}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(server.DefaultPlugins(cfg, st.terrain, st.spawn, &server.TransportSource{Inbox: s.srv.Inbox()})...)
	app.AddPlugins(st.plugins...)
	if err := app.Build(); err != nil {
		// Plugins built before the failure may hold goroutines.
		err = fmt.Errorf("scenario: build app: %w", err)
		return nil, errors.Join(err, app.Shutdown(), s.srv.Close())
	}
	s.app = app
	t.Cleanup(s.Close)
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	view := components.View{Center: st.spawn.Section(), Radius: cfg.SpawnRadius}
	if _, err := residency.LoadSpawn(ctx, app, view, nil); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return s, nil
}

// Close closes every client, then the transport server (which closes the
// sessions left and waits for its goroutines), then shuts the App's
// plugins down. It runs when the test ends; calling it earlier is allowed
// (later calls do nothing), after which the scenario must not be used.
func (s *Scenario) Close() {
	s.closeOnce.Do(func() {
		for _, c := range s.clients {
			_ = c.Conn.Close()
		}
		if err := s.srv.Close(); err != nil {
			s.t.Errorf("scenario: close transport: %v", err)
		}
		s.sessions.Wait()
		if err := s.app.Shutdown(); err != nil {
			s.t.Errorf("scenario: shut the app down: %v", err)
		}
	})
}

// App returns the server's App. Between two steps the test may read and
// change its world and resources (ecs.Resource) freely.
func (s *Scenario) App() *ecs.App { return s.app }

// Config returns the server configuration the App was built with.
func (s *Scenario) Config() server.Config { return s.cfg }

// Spawn returns where new players appear.
func (s *Scenario) Spawn() components.Position { return s.spawn }

// Terrain returns the world's generator.
func (s *Scenario) Terrain() server.Terrain { return s.terrain }

// Transport returns the transport server the clients connect to.
func (s *Scenario) Transport() *transport.Server { return s.srv }

// Addr returns the QUIC listener's address with OverQUIC, "" otherwise.
func (s *Scenario) Addr() string {
	if s.certs == nil {
		return ""
	}
	return s.srv.Addr().String()
}

// CertSHA256 returns the hex SHA-256 of the listener's certificate with
// OverQUIC (client.Options.PinSHA256), "" otherwise.
func (s *Scenario) CertSHA256() string {
	if s.certs == nil {
		return ""
	}
	return s.certs.Fingerprint().Hex()
}

// Step runs n ticks back to back, without waiting for the network.
func (s *Scenario) Step(n int) {
	for range n {
		s.app.Step()
	}
}

// StepUntil steps the App, letting the network run between ticks (see
// WithPace), until cond holds, and returns the number of ticks it ran.
// cond is checked before the first tick. Past the scenario's timeout it
// fails the test, saying it was waiting for what.
func (s *Scenario) StepUntil(cond func() bool, what string) int {
	s.t.Helper()
	deadline := time.Now().Add(s.timeout)
	n := 0
	for !cond() {
		if time.Now().After(deadline) {
			s.t.Fatalf("scenario: still waiting for %s after %v (%d ticks, at tick %d)", what, s.timeout, n, s.app.Tick())
		}
		s.app.Step()
		n++
		if s.pace > 0 {
			time.Sleep(s.pace)
		}
	}
	return n
}

// Pipe makes a fresh in-memory session whose server end the transport
// serves (both with and without OverQUIC: Server.ServeSession runs any
// Session), and returns the client end. Tests that play a hostile or raw
// client write to it themselves; client.Open runs the real client on it.
// The session is closed with the scenario at the latest.
func (s *Scenario) Pipe(cfg transport.PipeConfig) *transport.PipeEnd {
	srvEnd, cliEnd := transport.Pipe(cfg)
	s.sessions.Add(1)
	go func() {
		defer s.sessions.Done()
		s.srv.ServeSession(srvEnd)
	}()
	return cliEnd
}

// Connect connects a player named name and steps until the server has
// admitted it (client.Open or client.Dial returned), failing the test
// otherwise. o is the client's options; Name, Log and, with OverQUIC,
// PinSHA256 are set by the scenario, and its Handlers are called after the
// Client has recorded each message.
func (s *Scenario) Connect(name string, o client.Options) *Client {
	s.t.Helper()
	c, err := s.TryConnect(name, o)
	if err != nil {
		s.t.Fatalf("scenario: connect %s: %v", name, err)
	}
	return c
}

// TryConnect is Connect returning the handshake's error (a
// *client.RejectError for a refusal) instead of failing the test.
func (s *Scenario) TryConnect(name string, o client.Options) (*Client, error) {
	s.t.Helper()
	c := newClient(name)
	o.Name = name
	o.Log = s.log
	o.Handlers = c.wrap(o.Handlers)
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	type result struct {
		conn *client.Conn
		err  error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		if s.certs != nil {
			o.PinSHA256 = s.CertSHA256()
			r.conn, r.err = client.Dial(ctx, s.srv.Addr().String(), o)
		} else {
			r.conn, r.err = client.Open(ctx, s.Pipe(s.pipe), o)
		}
		done <- r
	}()
	// The Welcome needs a tick: ingest admits the player. The handshake
	// goroutine always ends, at the latest when ctx does.
	for {
		select {
		case r := <-done:
			if r.err != nil {
				return nil, r.err
			}
			c.attach(r.conn)
			s.clients = append(s.clients, c)
			return c, nil
		default:
		}
		s.app.Step()
		if s.pace > 0 {
			time.Sleep(s.pace)
		}
	}
}

// Leave closes c's connection and steps until the server has let its
// player go (its entity despawned).
func (s *Scenario) Leave(c *Client) {
	s.t.Helper()
	_ = c.Conn.Close()
	s.StepUntil(func() bool { _, ok := s.Entity(c); return !ok }, c.name+" leaving the server")
}

// Entity returns the entity of c's player while the server has it.
func (s *Scenario) Entity(c *Client) (ecs.Entity, bool) {
	clients := ecs.Resource[network.Clients](s.app)
	e, ok := clients.Entity(c.EntityID())
	if !ok || !s.app.World().Alive(e) {
		return ecs.Entity{}, false
	}
	return e, true
}

// mustEntity is Entity failing the test.
func (s *Scenario) mustEntity(c *Client) ecs.Entity {
	s.t.Helper()
	e, ok := s.Entity(c)
	if !ok {
		s.t.Fatalf("scenario: the server has no player %s", c.name)
	}
	return e
}

// Position returns where the server has c's player.
func (s *Scenario) Position(c *Client) components.Position {
	s.t.Helper()
	e := s.mustEntity(c)
	m := generic.NewMap1[components.Position](s.app.World())
	return *m.Get(e)
}

// Teleport moves c's player to pos on the server's authority
// (gameplay.Teleport) and steps until the client has been told (a
// Correction with teleport set).
func (s *Scenario) Teleport(c *Client, pos components.Position) {
	s.t.Helper()
	e := s.mustEntity(c)
	before := len(c.Corrections())
	ok := true
	s.app.Commands().Do(func(w *ecs.World) { ok = gameplay.Teleport(w, s.app.Tick(), e, pos) })
	s.app.Step()
	if !ok {
		s.t.Fatalf("scenario: teleport %s to %+v refused", c.name, pos)
	}
	s.StepUntil(func() bool {
		cs := c.Corrections()
		return slices.ContainsFunc(cs[before:], func(k *protocol.Correction) bool { return k.GetTeleport() })
	}, c.name+"'s teleport correction")
}

// Block returns the block at (x, y, z) in the server's chunk store, and
// whether its section is resident.
func (s *Scenario) Block(x, y, z int) (chunk.Block, bool) {
	return ecs.Resource[resources.ChunkStore](s.app).Block(x, y, z)
}

// Revision returns the revision of section p in the server's chunk store,
// and whether it is resident.
func (s *Scenario) Revision(p chunk.Pos) (uint64, bool) {
	return ecs.Resource[resources.ChunkStore](s.app).Revision(p)
}

// Synced reports whether c's copy of the world is what the server wants
// it to have: the deliver system has nothing left to send for its
// player's current view, and the client holds exactly the sections the
// server has sent it, at the revisions sent. A view change the server has
// not processed yet (a Subscribe in flight) is not seen.
func (s *Scenario) Synced(c *Client) bool {
	e, ok := s.Entity(c)
	if !ok {
		return false
	}
	m := generic.NewMap2[components.View, components.Delivery](s.app.World())
	v, d := m.Get(e)
	if d.Pending.Len() > 0 || d.For != *v {
		return false
	}
	held := c.Positions()
	if len(held) != d.Held.Len() {
		return false
	}
	for _, p := range held {
		rev, ok := d.Held.Get(p)
		if !ok {
			return false
		}
		if sec, ok := c.Section(p); !ok || sec.Revision != rev {
			return false
		}
	}
	return true
}

// StepUntilSynced steps until every client in cs is Synced.
func (s *Scenario) StepUntilSynced(cs ...*Client) {
	s.t.Helper()
	for _, c := range cs {
		s.StepUntil(func() bool { return s.Synced(c) }, c.name+"'s sections")
	}
}
