package bots

import (
	"context"
	"crypto/ed25519"
	crand "crypto/rand"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/worldgen"
)

// progressEvery is how often Run logs its progress.
const progressEvery = 5 * time.Second

// runner is what a run's bots share.
type runner struct {
	cfg       Config
	log       zerolog.Logger
	dialSlots chan struct{} // semaphore on concurrent handshakes

	chunks    atomic.Uint64 // sections received by every bot, for progress
	spawns    atomic.Uint64 // entities spawned and despawned for every bot, for progress
	despawns  atomic.Uint64
	bots      []*bot // set before any goroutine starts; read by progress
	connected atomic.Int64
	moving    atomic.Int64
	allMoving chan struct{} // closed once every bot moves (or gave up)

	terrainMu sync.Mutex
	terrains  map[[2]int64]terrain // by (seed, generator version)
}

// botMoving counts a bot that started moving, or ended without.
func (r *runner) botMoving() {
	if r.moving.Add(1) == int64(r.cfg.Bots) {
		close(r.allMoving)
	}
}

// terrainFor returns the shared terrain of the world a Welcome describes.
func (r *runner) terrainFor(w *protocol.Welcome) terrain {
	k := [2]int64{w.GetSeed(), int64(w.GetGeneratorVersion())}
	r.terrainMu.Lock()
	defer r.terrainMu.Unlock()
	if t, ok := r.terrains[k]; ok {
		return t
	}
	var t terrain = flatTerrain{}
	if gen, err := worldgen.New(w.GetSeed(), int(w.GetGeneratorVersion())); err != nil {
		r.log.Warn().Err(err).Msg("this build cannot generate the server's terrain; bots move without knowing the ground")
	} else {
		t = newSurfaceCache(gen)
	}
	r.terrains[k] = t
	return t
}

// botKeys returns each bot's identity key: from cfg.KeyDir (created as
// needed), or fresh ones for this run when it is empty. Loading them all
// before any bot starts means a bad key directory fails the run at once,
// not one bot at a time.
func botKeys(cfg Config) ([]ed25519.PrivateKey, error) {
	keys := make([]ed25519.PrivateKey, cfg.Bots)
	for i := range keys {
		if cfg.KeyDir == "" {
			_, k, err := ed25519.GenerateKey(crand.Reader)
			if err != nil {
				return nil, fmt.Errorf("bots: generate a key: %w", err)
			}
			keys[i] = k
			continue
		}
		k, err := client.LoadOrCreateKey(filepath.Join(cfg.KeyDir, botName(cfg.NamePrefix, i)+".key"))
		if err != nil {
			return nil, fmt.Errorf("bots: key of %s: %w", botName(cfg.NamePrefix, i), err)
		}
		keys[i] = k
	}
	return keys, nil
}

// Run starts cfg.Bots bots against cfg.Server, lets them play for
// cfg.Duration and returns what they measured. It returns early, with
// what was measured so far, when ctx ends. Every connection and goroutine
// it started has ended when it returns.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	addr, err := LoopbackAddr(ctx, cfg.Server)
	if err != nil {
		return nil, err
	}
	cfg.Server = addr
	var admin *adminClient
	if cfg.Admin != "" {
		if admin, err = newAdminClient(ctx, cfg.Admin, cfg.AdminToken); err != nil {
			return nil, err
		}
	}
	r := &runner{
		cfg: cfg, log: cfg.Log,
		dialSlots: make(chan struct{}, cfg.ConnectParallel),
		allMoving: make(chan struct{}),
		terrains:  map[[2]int64]terrain{},
	}
	start := time.Now()
	r.log.Info().Str("server", cfg.Server).Int("bots", cfg.Bots).Str("pattern", string(cfg.Pattern)).
		Float64("speed", cfg.Speed).Int("view", cfg.View).Dur("duration_ms", cfg.Duration).Msg("starting bots")

	botsCtx, stopBots := context.WithCancel(ctx)
	defer stopBots()
	keys, err := botKeys(cfg)
	if err != nil {
		return nil, err
	}
	bots := make([]*bot, cfg.Bots)
	var wg sync.WaitGroup
	for i := range bots {
		name := botName(cfg.NamePrefix, i)
		b := &bot{r: r, name: name, key: keys[i], rng: rand.New(rand.NewPCG(cfg.Seed, uint64(i))), log: r.log.With().Str("bot", name).Logger()}
		b.res.name = name
		b.entities.Store(-1)
		bots[i] = b
	}
	r.bots = bots
	for _, b := range bots {
		wg.Go(func() { b.run(botsCtx) })
	}

	// The side goroutines end when aux is cancelled; the window watcher
	// then takes its closing scrape while the bots still move.
	aux, stopAux := context.WithCancel(context.Background())
	var side sync.WaitGroup
	side.Go(func() { r.progress(aux, start) })
	var figs *ServerFigures
	if admin != nil {
		side.Go(func() { figs = r.window(aux, admin, start) })
	}

	timer := time.NewTimer(cfg.Duration)
	interrupted := false
	select {
	case <-timer.C:
	case <-ctx.Done():
		timer.Stop()
		interrupted = true
	}
	stopAux()
	side.Wait()
	stopBots()
	wg.Wait()

	results := make([]*botResult, len(bots))
	for i, b := range bots {
		results[i] = &b.res
	}
	rep := buildReport(&cfg, results, time.Since(start))
	rep.Interrupted = interrupted
	rep.ServerFigures = figs
	return rep, nil
}

// progress logs how the run is going until ctx ends: with the entities,
// the mean and max number a connected bot holds now, and the spawns and
// despawns per second (all bots together) since the previous line.
func (r *runner) progress(ctx context.Context, start time.Time) {
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	var spawns, despawns uint64
	last := start
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := time.Now()
		mean, most := r.entityCounts()
		sp, dsp := r.spawns.Load(), r.despawns.Load()
		dt := now.Sub(last).Seconds()
		r.log.Info().Dur("elapsed_ms", now.Sub(start).Round(time.Second)).Int64("connected", r.connected.Load()).
			Int64("moving", r.moving.Load()).Uint64("sections", r.chunks.Load()).
			Float64("entities_mean", mean).Int64("entities_max", most).
			Float64("spawns_per_s", float64(sp-spawns)/dt).Float64("despawns_per_s", float64(dsp-despawns)/dt).
			Msg("bots running")
		spawns, despawns, last = sp, dsp, now
	}
}

// entityCounts is the mean and max number of entities the connected bots
// hold now (0, 0 with none connected).
func (r *runner) entityCounts() (mean float64, most int64) {
	var sum, n int64
	for _, b := range r.bots {
		if e := b.entities.Load(); e >= 0 {
			sum += e
			n++
			most = max(most, e)
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(sum) / float64(n), most
}

// window reads the server's figures from the moment every bot moves until
// ctx ends. If that moment never comes, the window is the whole run.
func (r *runner) window(ctx context.Context, admin *adminClient, start time.Time) *ServerFigures {
	// Scrapes must not be cut by ctx: the closing one runs after it ended.
	scrape := func() (metricsDoc, error) {
		c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return admin.metrics(c)
	}
	m0, err := scrape()
	if err != nil {
		return &ServerFigures{Error: err.Error()}
	}
	kind := "whole run: not every bot was moving before the end"
	select {
	case <-r.allMoving:
		if m, err := scrape(); err == nil {
			m0, kind = m, "every bot moving"
		}
		r.log.Info().Dur("after_ms", time.Since(start).Round(time.Millisecond)).Msg("every bot is moving; server window opens")
	case <-ctx.Done():
	}
	var samples []statusDoc
	var lastErr error
	t := time.NewTicker(StatusEvery)
	defer t.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-t.C:
			c, cancel := context.WithTimeout(ctx, 5*time.Second)
			s, err := admin.status(c)
			cancel()
			if err != nil {
				lastErr = err
				continue
			}
			samples = append(samples, s)
		}
	}
	m1, err := scrape()
	if err != nil {
		return &ServerFigures{Error: err.Error()}
	}
	f := figures(m0, m1, samples)
	f.Kind = kind
	if lastErr != nil && len(samples) == 0 {
		f.Error = fmt.Sprintf("status: %v", lastErr)
	}
	return f
}
