package server

import (
	"context"
	"errors"
	"fmt"
	"github.com/stratavox/strata/systems/lod"
	"maps"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"
	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/backups"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/plugins/daynight"
	"github.com/stratavox/strata/plugins/fallingsand"
	"github.com/stratavox/strata/plugins/protect"
	"github.com/stratavox/strata/replay"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/settings"
	"github.com/stratavox/strata/systems/chat"
	clusterplugin "github.com/stratavox/strata/systems/cluster"
	"github.com/stratavox/strata/systems/commands"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/perms"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/systems/status"
	webclient "github.com/stratavox/strata/web"
	"github.com/stratavox/strata/worldgen"
)

// Server is a configured, built App ready to run.
type Server struct {
	recorder  *replay.Writer
	recording *replay.RecordingSource
	cfg       Config
	log       zerolog.Logger
	app       *ecs.App
	gen       *worldgen.Generator
	spawn     components.Position
	status    *admin.Status
	metrics   *admin.Metrics
	admin     *admin.Server
	backups   *backups.Keeper // nil for an in-memory world
	ready     atomic.Bool
	certs     *certs.Manager
	wt        atomic.Pointer[wt.Server]
	netPort   atomic.Int32      // the QUIC UDP port, for the browser's config
	counted   map[string]uint64 // plugin totals already added to the metrics, by series
	source    *sourceSwitch
	console   *Console
	access    *access.Registry
	cluster   *clusterConn // nil unless a shard
	// auth is the login check the listener runs after a signature
	// verifies: the token authenticator or the registry's name binding
	// (TOFU), then the registry's bans and whitelist.
	auth wire.Authenticator
	net  atomic.Pointer[transport.Server] // set by Run, read by anyone
	// Progress, if set, receives the start-up gate's progress instead of
	// the default rate-limited log line (serve draws a bar on a terminal).
	Progress func(resident, inFlight int)
}

// New validates cfg and builds the App with every plugin. Building opens
// the world database; Run or Close releases it. A world already stored in
// cfg.DataDir keeps its seed and generator version (see Config.Seed).
func New(cfg Config, log zerolog.Logger) (*Server, error) {
	return newServer(cfg, log, nil, nil)
}

// newServer is New on terrain (nil: the world's generator) with the spawn
// point at spawn (nil: the generator's); tests put the whole server on
// simple terrain through it.
func newServer(cfg Config, log zerolog.Logger, terrain Terrain, spawn *components.Position) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid configuration: %w", err)
	}
	// The generator and the spawn point are made from the seed before the
	// database opens, so the stored world's seed is read first.
	cfg, err := resolveWorld(cfg, log)
	if err != nil {
		return nil, err
	}
	var cc *clusterConn
	if cfg.Cluster != "" {
		if cfg, cc, err = joinCluster(cfg, log); err != nil {
			return nil, err
		}
		cfg.cluster = cc.c
	}
	s, err := buildServer(cfg, log, terrain, spawn, cc)
	if err != nil {
		if cerr := cc.close(); cerr != nil {
			log.Error().Err(cerr).Msg("leave cluster")
		}
		return nil, err
	}
	return s, nil
}

// buildServer is newServer once the world is known.
func buildServer(cfg Config, log zerolog.Logger, terrain Terrain, spawn *components.Position, cc *clusterConn) (*Server, error) {
	if cfg.RecordHashes {
		// Hashes recorded from a non-deterministic run could never be
		// reproduced by a replay.
		cfg.Deterministic = true
	}
	gen, err := worldgen.New(cfg.Seed, cfg.GeneratorVersion)
	if err != nil {
		return nil, fmt.Errorf("world generator: %w", err)
	}
	s := &Server{cfg: cfg, log: log, gen: gen, cluster: cc, status: admin.NewStatus(), metrics: admin.NewMetrics(), source: &sourceSwitch{}, console: NewConsole(), counted: map[string]uint64{}}
	// The issuer's key is read before anything opens: a deployment that
	// asked for tokens never starts accepting anyone by mistake.
	var tokens wire.Authenticator
	if cfg.AuthIssuerKey != "" {
		issuer, err := access.LoadIssuerKey(cfg.AuthIssuerKey)
		if err != nil {
			return nil, fmt.Errorf("auth-issuer-key: %w", err)
		}
		tokens = access.TokenAuthenticator{Issuer: issuer}
	}
	if terrain == nil {
		terrain = gen
	}
	if spawn != nil {
		s.spawn = *spawn
	} else {
		x, y, z := gen.FindSpawn()
		s.spawn = components.Position{X: float64(x) + 0.5, Y: float64(y), Z: float64(z) + 0.5}
	}
	var certHandler http.Handler
	if cfg.Listen != "" {
		s.certs, err = certs.Open(certs.Options{Dir: cfg.DataDir, CertFile: cfg.CertFile, KeyFile: cfg.KeyFile, Log: log})
		if err != nil {
			return nil, fmt.Errorf("certificate: %w", err)
		}
		certHandler = s.certs.Handler()
		fp := s.certs.Fingerprint()
		log.Info().Str("sha256", fp.Hex()).Str("sha256_b64", fp.Base64()).Bool("self_signed", s.certs.SelfSigned()).Msg("certificate")
	}
	var adminCfg admin.Config
	if cfg.Admin != "" {
		var backup admin.BackupFunc
		if !cfg.InMemory {
			backup = s.backup
		}
		adminCfg = admin.Config{
			Addr: cfg.Admin, Token: cfg.AdminToken, Log: log, Backup: backup, Cert: certHandler, Public: s.playHandlers(),
			Console: s.console.Run,
		}
		// Checked before anything opens files: an admin listener off
		// loopback without a token is refused outright. The listener
		// itself is made once the access registry it reads is open.
		if _, err := admin.New(adminCfg, s.status, s.metrics); err != nil {
			return nil, fmt.Errorf("admin: %w", err)
		}
	}
	opts := []ecs.Option{ecs.WithLogger(log)}
	if cfg.BindThreads {
		opts = append(opts, ecs.WithBoundThreads())
	}
	app := ecs.NewApp(opts...)
	// The console's lines go through the same queue as the clients'
	// messages, so a recording keeps them too.
	var source network.EventSource = multiSource{s.source, s.console}
	if cfg.Record != "" {
		rs, err := s.startRecording(app, source)
		if err != nil {
			return nil, err
		}
		source = rs
	}
	app.AddPlugins(DefaultPlugins(cfg, terrain, s.spawn, source)...)
	app.AddPlugins(status.New(status.Config{
		Status: s.status, Metrics: s.metrics, Generator: gen, TargetTPS: cfg.TPS, Ready: s.ready.Load, Extra: s.networkFigures,
	}))
	if err := app.Build(); err != nil {
		// Plugins built before the failure may hold files and goroutines.
		if serr := app.Shutdown(); serr != nil {
			log.Error().Err(serr).Msg("shutdown after failed build")
		}
		return nil, fmt.Errorf("build app: %w", err)
	}
	s.app = app
	if h, ok := ecs.GetResource[lod.Horizon](app); ok {
		s.metrics.Registry().MustRegister(h.Stats.Collectors()...)
	}
	s.metrics.Registry().MustRegister(transportCollector{s: s})
	if cc != nil {
		s.metrics.Registry().MustRegister(clusterCollector{c: cc.c, stats: ecs.Resource[clusterplugin.Stats](app)})
	}
	s.access = ecs.Resource[access.Registry](app)
	if tokens == nil {
		tokens = s.access.TOFU()
	}
	s.auth = wire.Authenticators(tokens, s.access.Policy())
	if cfg.Admin != "" {
		adminCfg.Access = s.access
		if s.admin, err = admin.New(adminCfg, s.status, s.metrics); err != nil {
			return nil, errors.Join(fmt.Errorf("admin: %w", err), app.Shutdown())
		}
	}
	if !cfg.InMemory {
		s.backups = backups.New(backups.Options{
			DataDir: cfg.DataDir, DB: ecs.Resource[storage.DB](app), Log: log,
			Every: cfg.BackupEvery, Keep: cfg.BackupKeep,
		})
	}
	if s.recording != nil {
		if err := s.writeRecordingHeader(); err != nil {
			return nil, errors.Join(err, app.Shutdown())
		}
	}
	return s, nil
}

// DefaultPlugins returns the server's plugins — the real server, for
// serve, bench, replay and every test that wants it — in the order they
// are added; the network plugin reads its inbound events from source.
// cfg.Deterministic selects inline generation, synchronous durability and
// no wall-clock budgets, so the same inputs give the same state tick by
// tick; cfg.InMemory keeps the database in memory (replay, bench). The
// status plugin is not among them: it needs the admin listener's state,
// which New adds. cfg.Plugins follow the built-in ones, but for those
// their settings turn off (settings.Enabled); the stock critters and
// protect plugins among them are copied with the world's seed and the
// spawn's column (the instances in cfg are left as they are).
func DefaultPlugins(cfg Config, gen Terrain, spawn components.Position, source network.EventSource) []ecs.Plugin {
	ps := []ecs.Plugin{
		residency.New(residency.Config{Generator: gen, Workers: cfg.Workers, Deterministic: cfg.Deterministic}),
		persist.New(persist.Config{
			DataDir:          cfg.DataDir,
			Seed:             cfg.Seed,
			GeneratorVersion: gen.Version(),
			MigrateGenerator: cfg.MigrateGenerator,
			InMemory:         cfg.InMemory,
			Synchronous:      cfg.Deterministic,
			Backend:          clusterBackend(cfg),
		}),
		network.New(network.Config{
			Source:          source,
			Spawn:           spawn,
			MaxViewDistance: cfg.MaxViewDistance,
			Budget:          cfg.deliveryBudget(),
			Deterministic:   cfg.Deterministic,
			SpreadRecentres: cfg.SpreadRecentres,
			Sessions:        clusterSessions(cfg),
		}),
		gameplay.New(gameplayConfig(cfg)),
		perms.New(perms.Config{Backend: clusterAccess(cfg), Names: cfg.nameLimits()}),
		chat.New(chat.Config{Limits: cfg.chatLimits(), TPS: float64(cfg.TPS)}),
		commands.Plugin{},
	}
	// The stock plugins keep the places they always had (falling sand and
	// the clock before entities, critters right after it): the order of
	// the systems, and so every recording's hashes, depends on it.
	var early, mid, late []ecs.Plugin
	for _, p := range cfg.Plugins {
		if !settings.Enabled(p) {
			continue
		}
		switch p := p.(type) {
		case *critters.Plugin:
			c := *p
			c.Config.Seed = cfg.Seed
			mid = append(mid, &c)
		case *protect.Plugin:
			c := *p
			c.Config.Center = protect.Block{X: int(math.Floor(spawn.X)), Z: int(math.Floor(spawn.Z))}
			late = append(late, &c)
		case *fallingsand.Plugin, *daynight.Plugin:
			early = append(early, p)
		default:
			late = append(late, p)
		}
	}
	ps = append(ps, early...)
	ps = append(ps, entities.New(entities.Config{TPS: float64(cfg.TPS), SaveEvery: cfg.EntitySaveEvery, RefreshPerEntity: cfg.PredictedRefreshPerEntity}))
	ps = append(ps, mid...)
	if cfg.cluster != nil {
		ps = append(ps, clusterplugin.New(clusterplugin.Config{Cluster: cfg.cluster, Generator: gen, Prefix: cfg.ClusterBucket,
			EntityRange: cfg.MaxViewDistance, FeedOnly: cfg.ClusterFeedOnly, ClaimViewedAfter: cfg.ClusterClaimViewedAfter,
			PresenceEvery: cfg.ClusterPresenceEvery, TPS: float64(cfg.TPS)}))
	}
	ps = append(ps, late...)
	// Last, so that every other system keeps its place (recordings'
	// hashes depend on the order); LOD changes no hashed state.
	if g, ok := gen.(*worldgen.Generator); ok && cfg.MaxLODLevels > 0 {
		ps = append(ps, lod.New(lod.Config{Gen: g, MaxLevels: cfg.MaxLODLevels, Deterministic: cfg.Deterministic}))
	}
	return ps
}

// Terrain is what the default plugins need of a world generator: its
// sections, and the version the database is bound to. A
// *worldgen.Generator is one; tests pass TerrainFunc.
type Terrain interface {
	resources.Generator
	Version() int
}

// TerrainFunc makes a Terrain of a function, for tests that want the real
// server over a simple world.
func TerrainFunc(version int, fn func(chunk.Pos) chunk.Section) Terrain {
	return terrainFunc{fn: fn, version: version}
}

type terrainFunc struct {
	fn      func(chunk.Pos) chunk.Section
	version int
}

func (t terrainFunc) Generate(p chunk.Pos) chunk.Section { return t.fn(p) }
func (t terrainFunc) Version() int                       { return t.version }

// gameplayConfig derives the arbitration limits from the settings.
func gameplayConfig(cfg Config) gameplay.Config {
	g := gameplay.DefaultConfig()
	g.Limits.TPS = float64(cfg.TPS)
	g.AllowFlight = cfg.AllowFlight
	if cfg.FlySpeed > 0 {
		g.Limits.FlySpeed = cfg.FlySpeed
	}
	return g
}

// App returns the server's App.
func (s *Server) App() *ecs.App { return s.app }

// Console returns the server's console: Run a command line through the
// tick, with every permission (the admin listener's moderation endpoints
// do).
func (s *Server) Console() *Console { return s.console }

// Access returns the access registry (operators, bans, the whitelist and
// name bindings), which the permissions plugin opened on the world
// database. Read it from any goroutine; change it through the console, so
// that the change is a recorded event the tick applies.
func (s *Server) Access() *access.Registry { return s.access }

// Spawn returns the world's spawn position.
func (s *Server) Spawn() components.Position { return s.spawn }

// Close shuts every plugin down without running; Run does it itself.
func (s *Server) Close() error {
	s.stopBackups()
	s.console.Close()
	err := s.app.Shutdown()
	return errors.Join(err, s.cluster.close())
}

// AdminAddr returns the admin listener's bound address once Run started
// it ("" when disabled).
func (s *Server) AdminAddr() string {
	if s.admin == nil {
		return ""
	}
	return s.admin.Addr()
}

// backup checkpoints the world database into DATA/backups/name; the admin
// listener calls it from its own goroutine, which Pebble allows while the
// tick writes.
func (s *Server) backup(name string) (backups.Backup, error) {
	if s.backups == nil {
		return backups.Backup{}, errors.New("backup: the world database is not open yet")
	}
	return s.backups.Take(name)
}

// Backups returns the world's backups keeper (nil for an in-memory
// world): on-demand backups and the schedule of Config.BackupEvery.
func (s *Server) Backups() *backups.Keeper { return s.backups }

// stopBackups ends the backup schedule and waits for a backup under way:
// the database must not close under a checkpoint.
func (s *Server) stopBackups() {
	if s.backups != nil {
		s.backups.Stop()
	}
}

// listen opens the QUIC listener, after the start-up gate, and starts
// the certificate's renewal.
func (s *Server) listen(ctx context.Context) error {
	b := s.cfg.deliveryBudget()
	// Browsers reach the same port over WebTransport (ALPN h3), from the
	// page the admin listener serves at /play.
	var pagePorts []int
	if s.admin != nil {
		if _, p, err := net.SplitHostPort(s.admin.Addr()); err == nil {
			n, _ := strconv.Atoi(p)
			pagePorts = append(pagePorts, n)
		}
	}
	web, err := wt.New(wt.Config{SameHostPorts: pagePorts, AllowedOrigins: s.cfg.WebOrigins, Log: s.log})
	if err != nil {
		return fmt.Errorf("webtransport: %w", err)
	}
	srv, err := transport.Listen(transport.Config{
		ALPNHandlers: map[string]transport.ConnHandler{wt.ALPN: web.ServeConn},
		Listen:       s.cfg.Listen,
		TLS:          s.certs.TLSConfig(),
		Log:          s.log,
		World: transport.WorldInfo{
			Seed: s.cfg.Seed, GeneratorVersion: uint32(s.gen.Version()), TickRate: uint32(s.cfg.TPS),
			SectionsPerTick: uint32(b.Sections), BytesPerTick: uint32(b.Bytes),
			Rules:        GameRules(s.cfg),
			MaxLODLevels: s.lodLevels(), DefaultLODLevels: s.lodLevels(),
		},
		MaxClients:      s.cfg.MaxClients,
		MaxViewDistance: uint32(s.cfg.MaxViewDistance),
		Limits:          transport.Limits{Chat: s.cfg.chatLimits()},
		Authenticator:   s.auth,
	})
	if err != nil {
		return fmt.Errorf("listen %s: %w", s.cfg.Listen, err)
	}
	web.Attach(srv)
	if a, ok := srv.Addr().(*net.UDPAddr); ok {
		s.netPort.Store(int32(a.Port))
	}
	s.wt.Store(web)
	s.net.Store(srv)
	s.source.set(&TransportSource{Inbox: srv.Inbox()})
	go s.certs.Run(ctx)
	s.log.Info().Stringer("addr", srv.Addr()).Str("alpn", protocol.ALPN).Msg("QUIC listening")
	return nil
}

// playHandlers serve the browser client and its config (where to connect,
// which certificate to pin) on the admin listener, open to players.
func (s *Server) playHandlers() map[string]http.Handler {
	page := webclient.Handler()
	config := webclient.ConfigHandler(func(r *http.Request) (webclient.Config, error) {
		w := s.wt.Load()
		if w == nil {
			return webclient.Config{}, errors.New("game server not listening yet")
		}
		cfg := webclient.Config{URL: w.URL(r, int(s.netPort.Load()))}
		if s.certs.SelfSigned() {
			cfg.CertHash = s.certs.Fingerprint().Hex()
		} else {
			cfg.LoginCertHash = s.certs.Fingerprint().Hex()
		}
		return cfg, nil
	})
	return map[string]http.Handler{"GET /play": page, "GET /play/": page, "GET /play/config.json": config}
}

// NetAddr returns the QUIC listener's address once Run opened it.
func (s *Server) NetAddr() string {
	n := s.net.Load()
	if n == nil {
		return ""
	}
	return n.Addr().String()
}

// CertSHA256 returns the certificate's SHA-256 (hex), for pinning.
func (s *Server) CertSHA256() string {
	if s.certs == nil {
		return ""
	}
	return s.certs.Fingerprint().Hex()
}

// networkFigures adds the network's, the arbitration's and chat's
// counters to the metrics and snapshot.
func (s *Server) networkFigures(snap *admin.Snapshot, m *admin.Metrics) {
	if arb, ok := ecs.GetResource[gameplay.Arbitration](s.app); ok {
		// Rejections and actions are counters by label; the plugins keep totals.
		arb.EachMove(func(reason string, n uint64) {
			if reason != "ok" {
				s.addCount(m.RejectedInputs, "move:", reason, n)
			}
		})
		arb.EachAction(func(result string, n uint64) { s.addCount(m.Actions, "action:", result, n) })
	}
	if st, ok := ecs.GetResource[chat.Stats](s.app); ok {
		s.addCount(m.Chat, "chat:", "broadcast", st.Broadcast)
		s.addCount(m.Chat, "chat:", "refused", st.Refused)
		s.addCount(m.Chat, "chat:", "vetoed", st.Vetoed)
	}
	if ch, ok := ecs.GetResource[network.Channels](s.app); ok {
		m.UnknownChannel.Set(ch.Unknown)
	}
	clients, _ := ecs.GetResource[network.Clients](s.app)
	d, _ := ecs.GetResource[network.DeliverySystem](s.app)
	if clients != nil {
		m.ClientsConnected.Set(float64(clients.Len()))
	}
	if d != nil {
		m.SentBytes.Set(d.SentBytes)
		m.SentSections.Set(d.Sent)
		m.SentAirSections.Set(d.SentAir)
		m.DeliveryQueuedBytes.Set(float64(d.QueuedBytes))
	}
	if n := s.net.Load(); n != nil {
		st := n.Stats()
		m.ChunkStreamBytes.Set(st.ChunkBytes)
		m.ChunkWireBytes.Set(st.ChunkWireBytes)
	}
	if snap != nil {
		if clients != nil {
			snap.Clients = clients.Len()
		}
		snap.CertSHA256 = s.CertSHA256()
		snap.Cluster = s.clusterSnapshot()
	}
}

// addCount adds to counter vec's series label what total n gained since
// the last call (the plugins keep totals; Prometheus counters only add).
func (s *Server) addCount(vec *prometheus.CounterVec, prefix, label string, n uint64) {
	key := prefix + label
	if d := n - s.counted[key]; d > 0 {
		vec.WithLabelValues(label).Add(float64(d))
		s.counted[key] = n
	}
}

// shutdown stops the network, the admin listener and every plugin. The
// tick has stopped by then: the network plugin saves the players still
// connected in its own shutdown hook.
func (s *Server) shutdown() error {
	var errs []error
	if n := s.net.Load(); n != nil {
		if err := n.Close(); err != nil {
			errs = append(errs, fmt.Errorf("network: %w", err))
		}
	}
	if s.admin != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.admin.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("admin: %w", err))
		}
	}
	s.stopBackups()
	s.console.Close()
	if err := s.app.Shutdown(); err != nil {
		errs = append(errs, err)
	}
	// After the app: the persist plugin's last write goes through it.
	if err := s.cluster.close(); err != nil {
		errs = append(errs, fmt.Errorf("cluster: %w", err))
	}
	if s.recorder != nil {
		if err := s.recorder.Close(max(s.app.Tick(), 1) - 1); err != nil {
			errs = append(errs, fmt.Errorf("recording %s: %w", s.cfg.Record, err))
		}
		s.recorder = nil
	}
	return errors.Join(errs...)
}

// Run loads the spawn region through the schedule (the start-up gate),
// then runs the tick loop until ctx is done, then shuts every plugin down.
func (s *Server) Run(ctx context.Context) error {
	if s.admin != nil {
		if err := s.admin.Start(); err != nil {
			return errors.Join(fmt.Errorf("admin: %w", err), s.Close())
		}
	}
	if err := s.loadSpawn(ctx); err != nil {
		if serr := s.shutdown(); serr != nil {
			s.log.Error().Err(serr).Msg("shutdown")
		}
		if ctx.Err() != nil {
			s.log.Info().Msg("stopped during start-up")
			return nil
		}
		return err
	}
	if s.cfg.Listen != "" {
		if err := s.listen(ctx); err != nil {
			return errors.Join(err, s.shutdown())
		}
	}
	if s.backups != nil {
		// Off the tick: the keeper's goroutine checkpoints while it runs.
		s.backups.Start()
	}
	s.log.Info().Int("tps", s.cfg.TPS).Int64("seed", s.cfg.Seed).Int("systems", len(s.app.Schedule().Order())).Msg("ticking")
	overruns := s.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second})
	var idle *ecs.IdleGC
	if !s.cfg.NoIdleGC {
		idle = &ecs.IdleGC{}
	}
	p := s.app.Run(ctx, ecs.LoopConfig{
		TPS:        s.cfg.TPS,
		MaxCatchUp: s.cfg.MaxCatchUp,
		IdleGC:     idle,
		// A stall of a deterministic or recorded server is not credited
		// to clients (App.Stalled): a replay knows no wall clock.
		Deterministic: s.cfg.Deterministic || s.cfg.Record != "",
		OnOverrun: func(tick uint64, took time.Duration) {
			overruns.Warn().Uint64("tick", tick).Dur("took_ms", took).Msg("tick overran its period")
		},
	})
	ev := s.log.Info().Uint64("ticks", s.app.Tick()).Uint64("overruns", p.Overruns.Load()).Uint64("dropped", p.Dropped.Load())
	if idle != nil {
		ev = ev.Uint64("idle_gcs", idle.Collections.Load())
	}
	ev.Msg("tick loop stopped")
	if err := s.shutdown(); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	s.log.Info().Msg("shut down cleanly")
	return nil
}

// loadSpawn runs the start-up gate: the same schedule steps until the
// spawn region is resident and nothing is in flight.
func (s *Server) loadSpawn(ctx context.Context) error {
	start := time.Now()
	progress := s.Progress
	if progress == nil {
		lines := s.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: time.Second})
		progress = func(resident, inFlight int) {
			lines.Info().Int("resident", resident).Int("in_flight", inFlight).
				Str("done", fmt.Sprintf("%.0f%%", 100*float64(resident)/float64(max(1, resident+inFlight)))).Msg("loading spawn region")
		}
	}
	view := components.View{Center: chunk.PosOfFloat(s.spawn.X, s.spawn.Y, s.spawn.Z), Radius: s.cfg.SpawnRadius}
	spawned, err := residency.LoadSpawn(ctx, s.app, view, progress)
	if err != nil {
		return err
	}
	if n := len(spawned.Failed); n > 0 {
		s.log.Warn().Int("sections", n).Str("positions", fmt.Sprint(spawned.Failed[:min(n, 64)])).
			Msg("spawn region loaded without sections whose stored records are corrupt: they are not served, never regenerated over, and retried with back-off")
	}
	s.ready.Store(true)
	s.log.Info().Stringer("center", view.Center).Int("radius", view.Radius).Dur("took_ms", time.Since(start)).Msg("spawn region loaded")
	return nil
}

// sourceSwitch lets the network plugin be built before the listener
// exists: it yields nothing until the listener opens after the gate.
type sourceSwitch struct{ inner network.EventSource }

func (s *sourceSwitch) set(src network.EventSource) { s.inner = src }

// Drain drains the current source, if any.
func (s *sourceSwitch) Drain(dst []network.InEvent) []network.InEvent {
	if s.inner == nil {
		return dst
	}
	return s.inner.Drain(dst)
}

// startRecording returns the source that records every event ingest
// drains from inner (the transport's and the console's); with hashes,
// it adds the state-hash plugin. The file is written once the app is
// built (writeRecordingHeader).
func (s *Server) startRecording(app *ecs.App, inner network.EventSource) (*replay.RecordingSource, error) {
	rs := &replay.RecordingSource{Inner: inner, Tick: app.Tick, Hash: s.cfg.RecordHashes}
	if s.cfg.RecordHashes {
		app.AddPlugins(replay.HashPlugin{Conns: rs.Conns, OnHash: func(h replay.Hash) { rs.W.Hash(h) }})
	}
	s.recording = rs
	return rs, nil
}

// writeRecordingHeader creates the recording. A world that is not fresh
// (it holds edits or players) is checkpointed beside the recording, so a
// replay starts from exactly the state this server starts from.
func (s *Server) writeRecordingHeader() error {
	h := s.header()
	db := ecs.Resource[storage.DB](s.app)
	empty, err := db.Empty()
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if !empty {
		dir := s.cfg.Record + ".world"
		if err := db.Checkpoint(dir); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		h.World = filepath.Base(dir)
	}
	f, err := os.Create(s.cfg.Record)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	w, err := replay.NewWriter(f, h)
	if err != nil {
		f.Close()
		return fmt.Errorf("record %s: %w", s.cfg.Record, err)
	}
	s.recorder = w
	s.recording.W = w
	s.log.Info().Str("file", s.cfg.Record).Bool("hashes", s.cfg.RecordHashes).Str("world", h.World).Msg("recording inbound events")
	return nil
}

// header describes this server for a recording.
func (s *Server) header() replay.Header {
	return replay.Header{
		Seed: s.cfg.Seed, GeneratorVersion: s.gen.Version(), TPS: s.cfg.TPS,
		MaxViewDistance: s.cfg.MaxViewDistance, SpawnRadius: s.cfg.SpawnRadius,
		SpawnX: s.spawn.X, SpawnY: s.spawn.Y, SpawnZ: s.spawn.Z, Hashes: s.cfg.RecordHashes,
		Settings: recordedSettings(s.cfg, s.authMode()),
	}
}

// recordedSettings are a recording's header settings: the server's own,
// the names of cfg.Plugins (SettingPlugins) and every setting of theirs
// (plugins.NAME.KEY, as the environment would give it).
func recordedSettings(cfg Config, auth string) map[string]string {
	critter := false
	names := make([]string, len(cfg.Plugins))
	for i, p := range cfg.Plugins {
		names[i] = p.Name()
		if _, ok := p.(*critters.Plugin); ok && settings.Enabled(p) {
			critter = true
		}
	}
	m := map[string]string{
		SettingAuth: auth, SettingCritters: onOff(critter), SettingSpreadRecentres: onOff(cfg.SpreadRecentres),
		SettingPlugins: strings.Join(names, ","), SettingPredictedRefresh: PredictedRefreshPerClient,
	}
	if cfg.PredictedRefreshPerEntity {
		m[SettingPredictedRefresh] = PredictedRefreshPerEntity
	}
	// Validate has listed them already: an error cannot happen here.
	values, _ := settings.Values(cfg.Plugins...)
	maps.Copy(m, values)
	return m
}

// SettingAuth is the recording header's setting naming how logins were
// authenticated: AuthTOFU (names bound on first use, which a replay
// repeats from the recorded keys) or AuthToken (--auth-issuer-key).
const (
	SettingAuth = "auth"
	AuthTOFU    = "tofu"
	AuthToken   = "token"
)

// SettingCritters is the recording header's setting saying whether the
// critters plugin ran ("on"); a recording without it had none. A
// recording with SettingPlugins says it with plugins.critters.enabled
// too; those made before replay with critters when it is "on".
const SettingCritters = "critters"

// SettingPlugins is the recording header's setting naming, comma
// separated and in order, the plugins of Config.Plugins the server had
// (the stock ones and the server's own). Every setting of theirs is
// recorded beside it as plugins.NAME.KEY. A replay needs each of them: a
// recording without it was made before plugins were recorded, and
// replays with the stock plugins (critters by SettingCritters).
const SettingPlugins = "plugins"

// SettingSpreadRecentres is the recording header's setting saying whether
// players' views had their own recentring phases ("on"); a recording
// without it had none.
const SettingSpreadRecentres = "spread_recentres"

// SettingPredictedRefresh is the recording header's setting naming how
// entities were repeated to clients granted "predicted-states":
// PredictedRefreshPerClient (each client on refresh ticks of its own, an
// entity renewed every entities.Config.PredictRenew ticks) or
// PredictedRefreshPerEntity (every entity to all of them on its own
// refresh ticks), which a recording without the setting had.
const (
	SettingPredictedRefresh   = "predicted_refresh"
	PredictedRefreshPerClient = "client"
	PredictedRefreshPerEntity = "entity"
)

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (s *Server) authMode() string {
	if s.cfg.AuthIssuerKey != "" {
		return AuthToken
	}
	return AuthTOFU
}

// lodLevels is the levels of detail the server grants (Welcome.limits):
// none when the LOD plugin is not running.
func (s *Server) lodLevels() uint32 {
	if _, ok := ecs.GetResource[lod.Horizon](s.app); !ok {
		return 0
	}
	return uint32(s.cfg.MaxLODLevels)
}
