package bots

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// bot is one simulated player.
type bot struct {
	r    *runner
	name string
	key  ed25519.PrivateKey // the bot's identity, the same for every reconnect
	rng  *rand.Rand
	// spread is the bot's place relative to the spawn (Config.Spread),
	// nil to stay there.
	spread *vec
	log    zerolog.Logger
	res    botResult
	// movingOnce reports the first time this bot moves (or gives up) to
	// the runner, which waits for all of them to open its window.
	movingOnce sync.Once
	// entities is the number of entities the bot holds, sampled each
	// tick, for the runner's progress log; -1 while not connected.
	entities atomic.Int64
}

// events carries what the control stream's goroutine learns to the bot's
// tick goroutine.
type events struct {
	mu          sync.Mutex
	corrections []*protocol.Correction
	held        []bool // Held (true) and Released (false), in order
	errs        []string
	told        []string // system chat lines: commands' replies
}

func (e *events) correction(c *protocol.Correction) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.corrections = append(e.corrections, c)
}

// control records Held, Released and Error; other messages are not the
// bot's business.
func (e *events) control(m *protocol.ServerMessage) {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch k := m.Kind.(type) {
	case *protocol.ServerMessage_Held:
		e.held = append(e.held, true)
	case *protocol.ServerMessage_Released:
		e.held = append(e.held, false)
	case *protocol.ServerMessage_ChatBroadcast:
		if k.ChatBroadcast.GetSystem() {
			e.told = append(e.told, k.ChatBroadcast.GetText())
		}
	case *protocol.ServerMessage_Error:
		e.errs = append(e.errs, fmt.Sprintf("server error %v: %s", k.Error.GetCode(), k.Error.GetMessage()))
	}
}

func (e *events) error(err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.errs = append(e.errs, err.Error())
}

// take returns and forgets what was recorded since the last take.
func (e *events) take() ([]*protocol.Correction, []bool, []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, h, s := e.corrections, e.held, e.errs
	e.corrections, e.held, e.errs = nil, nil, nil
	return c, h, s
}

// run connects and plays until ctx ends; the teleport pattern reconnects
// every Hop.
func (b *bot) run(ctx context.Context) {
	defer b.markMoving() // a bot that failed must not hold the window back
	for ctx.Err() == nil {
		again, err := b.session(ctx)
		if err != nil {
			if ctx.Err() == nil {
				b.res.addError(err.Error())
				ev := b.log.Warn().Err(err)
				if h := rejectHint(err); h != "" {
					ev = ev.Str("hint", h)
				}
				ev.Msg("bot stopped")
			}
			return
		}
		if !again {
			return
		}
	}
}

// rejectHint says what to do about a refusal a bot run is likely to meet
// on a server with its default limits, or "".
func rejectHint(err error) string {
	var rej *client.RejectError
	if errors.As(err, &rej) && rej.Code == protocol.ErrorCode_ERROR_CODE_RATE_LIMITED {
		return "a server binds only a few new names an address (serve --name-bind-burst, 10 by default; 0: no limit); " +
			"bots keep their keys in --keys DIR, so names bound once are theirs on the next run"
	}
	return ""
}

func (b *bot) markMoving() { b.movingOnce.Do(b.r.botMoving) }

// dial connects, retrying refusals that clear by themselves: a server busy
// with other handshakes, or this name still connected from the previous
// hop. It bounds concurrent handshakes with the runner's semaphore.
func (b *bot) dial(ctx context.Context, opts client.Options) (*client.Conn, time.Time, error) {
	const giveUp = 30 * time.Second
	first := time.Now()
	backoff := 100 * time.Millisecond
	for {
		select {
		case b.r.dialSlots <- struct{}{}:
		case <-ctx.Done():
			return nil, time.Time{}, ctx.Err()
		}
		start := time.Now()
		dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		conn, err := client.Dial(dctx, b.r.cfg.Server, opts)
		cancel()
		<-b.r.dialSlots
		if err == nil {
			return conn, start, nil
		}
		var rej *client.RejectError
		retry := errors.As(err, &rej) &&
			(rej.Code == protocol.ErrorCode_ERROR_CODE_SERVER_FULL || rej.Code == protocol.ErrorCode_ERROR_CODE_NAME_TAKEN)
		if !retry || time.Since(first) > giveUp || ctx.Err() != nil {
			return nil, time.Time{}, fmt.Errorf("dial: %w", err)
		}
		b.log.Debug().Err(err).Dur("backoff_ms", backoff).Msg("refused; retrying")
		t := time.NewTimer(backoff + time.Duration(b.rng.Int64N(int64(backoff))))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, time.Time{}, ctx.Err()
		}
		backoff = min(backoff*2, 2*time.Second)
	}
}

// session is one connection: it waits for the first complete view (the
// loading screen, at most Settle), then moves by the pattern, sending an
// Input every tick. It returns again=true when the teleport pattern wants
// to reconnect.
func (b *bot) session(ctx context.Context) (again bool, err error) {
	cfg := &b.r.cfg
	tr := newTracker(cfg.MissingAfter)
	ev := &events{}
	opts := client.Options{
		Name:         b.name,
		Key:          b.key,
		ViewDistance: uint32(cfg.View),
		// A recentre's drops arrive as one Drops frame, and the sky as
		// AirSections, as a real client has them; the client library
		// reports each position to OnDrop like a Drop, or to OnChunk like
		// a Chunk, so the tracker sees no difference.
		Features:    b.features(),
		PlainChunks: cfg.PlainChunks,
		NoEntities:  cfg.NoEntities,
		LOD:         cfg.LOD,
		LODLevels:   uint32(max(cfg.LODLevels, 0)),
		PinSHA256:   cfg.PinSHA256,
		Insecure:    cfg.Insecure,
		RawSections: !cfg.Decode,
		Log:         b.log,
		Handlers: client.Handlers{
			OnChunk: func(p chunk.Pos, _ uint64, data []byte) {
				tr.chunk(p, len(data), time.Now())
				b.r.chunks.Add(1)
			},
			OnDrop: func(p chunk.Pos) { tr.drop(p, time.Now()) },
			// Counted live for the progress log; the report takes the
			// connection's own counters at its end.
			OnEntitySpawns:   func(m *protocol.EntitySpawns) { b.r.spawns.Add(uint64(len(m.GetEntities()))) },
			OnEntityDespawns: func(m *protocol.EntityDespawns) { b.r.despawns.Add(uint64(len(m.GetEntityIds()))) },
			OnCorrection:     ev.correction,
			OnControl:        ev.control,
			OnError:          ev.error,
		},
	}
	conn, dialed, err := b.dial(ctx, opts)
	if err != nil {
		return false, err
	}
	b.r.connected.Add(1)
	defer b.r.connected.Add(-1)
	b.res.joins++
	s := newSessionState(b, conn, tr, ev, dialed)
	if b.spread != nil {
		s.teleport(cfg.Spread)
	}
	for _, line := range cfg.Say {
		if err := conn.Chat(line); err != nil {
			b.res.errors++
			b.res.messages = append(b.res.messages, fmt.Sprintf("say %q: %v", line, err))
		}
	}
	defer func() {
		ev.mu.Lock()
		for _, line := range ev.told {
			if len(b.res.told) < maxTold {
				b.res.told = append(b.res.told, line)
			}
		}
		ev.told = nil
		ev.mu.Unlock()
		st, held := tr.finish(time.Now())
		b.res.addTrack(st, held)
		cs := conn.Stats()
		b.res.bytes += cs.ChunkBytes
		b.res.streamBytes += cs.ChunkStreamBytes
		b.res.wireBytes += cs.ChunkWireBytes
		if conn.HasFeature(protocol.FeatureDeflateChunks) {
			b.res.deflateJoins++
		}
		b.res.entitySpawns += cs.EntitySpawns
		b.res.entityDespawns += cs.EntityDespawns
		if conn.HasFeature(protocol.FeatureEntities) {
			b.res.entityJoins++
		}
		b.res.connected += time.Since(s.joined)
		b.entities.Store(-1)
		s.endMoving(time.Now())
		_ = conn.Close()
	}()
	return s.loop(ctx)
}

// sessionState is one connection's movement.
type sessionState struct {
	b        *bot
	conn     *client.Conn
	tr       *tracker
	ev       *events
	m        motion
	pat      pattern
	dt       float64
	tick     uint64 // input_tick of the last Input sent
	joined   time.Time
	moving   bool
	moveFrom vec
	movedAt  time.Time
	held     bool
	heldAt   time.Time
	dialed   time.Time
	lod      *horizon // with feature "lod": the horizon expected
	// awaitTP is set from the bot's /tp (Config.Spread) until the server
	// moves it there or tpGiveUp passes: it does not move meanwhile.
	awaitTP time.Time
}

// tpGiveUp is how long a spread bot waits for its teleport before it
// moves from where it is.
const tpGiveUp = 10 * time.Second

// spreadOffset is bot i's place relative to the spawn, uniform over a
// disc diameter blocks across: its own random stream, so that the
// bots' headings are those of a run without spread.
func spreadOffset(seed uint64, i int, diameter float64) *vec {
	rng := rand.New(rand.NewPCG(seed^0x5b7ead, uint64(i)))
	r := diameter / 2 * math.Sqrt(rng.Float64())
	x, z := headingVec(rng.Float64() * 2 * math.Pi)
	return &vec{X: r * x, Z: r * z}
}

// teleport asks the server to move the bot to its spread place, on the
// ground there (as the bots know it; a bit above it when they do not).
func (s *sessionState) teleport(diameter float64) {
	b := s.b
	to := s.m.pos.add(*b.spread)
	to.Y = s.m.pos.Y + 40
	if g, ok := b.r.terrainFor(s.conn.Welcome()).ground(int(math.Floor(to.X)), int(math.Floor(to.Z))); ok {
		to.Y = float64(g) + 1
	}
	line := fmt.Sprintf("/tp %.1f %.1f %.1f", to.X, to.Y, to.Z)
	if err := s.conn.Chat(line); err != nil {
		b.res.errors++
		b.res.messages = append(b.res.messages, fmt.Sprintf("spread %g: %q: %v", diameter, line, err))
		return
	}
	s.awaitTP = time.Now()
}

func newSessionState(b *bot, conn *client.Conn, tr *tracker, ev *events, dialed time.Time) *sessionState {
	w := conn.Welcome()
	sp := w.GetSpawn()
	s := &sessionState{b: b, conn: conn, tr: tr, ev: ev, joined: time.Now(), dt: 1.0 / 20}
	if tps := w.GetLimits().GetTickRate(); tps > 0 {
		s.dt = 1 / float64(tps)
	}
	s.m = motion{pos: vec{sp.GetX(), sp.GetY(), sp.GetZ()}, yaw: float64(w.GetYaw()), pitch: float64(w.GetPitch()), onGround: true}
	s.pat = newPattern(b.r.cfg.Pattern, b.r.cfg.Speed, int(w.GetViewDistance()), b.rng, b.r.terrainFor(w), &s.m)
	tr.begin(s.m.pos.section(), int(w.GetViewDistance()), dialed, time.Now())
	s.dialed = dialed
	if conn.HasFeature(protocol.FeatureLOD) {
		s.lod = newHorizon(w, b.r.cfg.LODLevels, s.m.pos.section())
	}
	return s
}

func (s *sessionState) loop(ctx context.Context) (bool, error) {
	cfg := &s.b.r.cfg
	tk := time.NewTicker(time.Duration(s.dt * float64(time.Second)))
	defer tk.Stop()
	for {
		var now time.Time
		select {
		case <-ctx.Done():
			return false, nil
		case <-s.conn.Done():
			if err := s.conn.Err(); err != nil {
				return false, err
			}
			return false, errors.New("connection ended")
		case now = <-tk.C:
		}
		s.apply(now)
		s.sampleEntities()
		s.checkHorizon(now)
		if !s.moving && (s.tr.complete() || now.Sub(s.joined) >= cfg.Settle) {
			s.startMoving(now)
		}
		if !s.awaitTP.IsZero() && now.Sub(s.awaitTP) >= tpGiveUp {
			s.b.log.Warn().Msg("not teleported to its spread place; moving from where it is")
			s.awaitTP = time.Time{}
		}
		if s.moving && !s.held && s.awaitTP.IsZero() {
			before := s.m.pos
			s.pat.step(&s.m, s.dt)
			s.b.res.path += s.m.pos.sub(before).horizontal()
		} else {
			s.m.vel = vec{}
		}
		if err := s.send(); err != nil {
			return false, err
		}
		s.tr.moveTo(s.m.pos.section(), now)
		s.tr.tick(now)
		if cfg.Pattern == Teleport && s.moving && now.Sub(s.movedAt) >= cfg.Hop {
			return true, nil
		}
	}
}

// apply takes in what the control stream reported since the last tick.
func (s *sessionState) apply(now time.Time) {
	corrections, held, errs := s.ev.take()
	for _, e := range errs {
		s.b.res.addError(e)
	}
	for _, h := range held {
		switch {
		case h && !s.held:
			s.held, s.heldAt = true, now
		case !h && s.held:
			s.held = false
			s.b.res.held += now.Sub(s.heldAt)
		}
	}
	for _, c := range corrections {
		s.correct(c)
	}
}

// sampleEntities records how many entities the bot holds this tick.
func (s *sessionState) sampleEntities() {
	n := s.conn.EntityCount()
	s.b.entities.Store(int64(n))
	r := &s.b.res
	r.entitySum += uint64(n)
	r.entitySamples++
	r.entityMax = max(r.entityMax, n)
}

// correct adopts the server's position. docs/protocol.md §5.5 asks a
// client to replay the inputs it sent after last_input_tick, re-simulating
// them; a bot does not simulate collisions (it steers by the generator,
// which knows no trees or edits), so replaying would just repeat the move
// that was refused — a walker pushing into a tree would stay stuck. It
// restarts from the server's position instead and lets its pattern react
// (a walker turns). Inputs already in flight from the old position may
// earn one or two more corrections, each a snap back to the same place.
func (s *sessionState) correct(c *protocol.Correction) {
	s.b.res.corrections++
	p := c.GetPosition()
	s.m.pos = vec{p.GetX(), p.GetY(), p.GetZ()}
	if c.GetTeleport() {
		s.m.yaw, s.m.pitch = float64(c.GetYaw()), float64(c.GetPitch())
		s.awaitTP = time.Time{}
	}
	s.pat.corrected(&s.m)
}

// send sends the Input of this tick.
func (s *sessionState) send() error {
	s.tick++
	m := &s.m
	err := s.conn.SendInput(&protocol.Input{
		InputTick: s.tick,
		Position:  protocol.V3(m.pos.X, m.pos.Y, m.pos.Z),
		Velocity:  protocol.V3f(float32(m.vel.X), float32(m.vel.Y), float32(m.vel.Z)),
		Yaw:       float32(m.yaw),
		Pitch:     float32(m.pitch),
		Flying:    m.flying,
		OnGround:  m.onGround,
	})
	if err != nil {
		return fmt.Errorf("send input: %w", err)
	}
	return nil
}

func (s *sessionState) startMoving(now time.Time) {
	s.moving, s.movedAt, s.moveFrom = true, now, s.m.pos
	s.tr.startMoving()
	s.b.markMoving()
	if !s.tr.complete() {
		s.b.log.Warn().Dur("waited_ms", now.Sub(s.joined)).Msg("view still incomplete; moving anyway")
	}
}

// endMoving adds the session's moving time and net distance.
func (s *sessionState) endMoving(now time.Time) {
	if s.held {
		s.b.res.held += now.Sub(s.heldAt)
	}
	if !s.moving {
		return
	}
	s.b.res.moving += now.Sub(s.movedAt)
	s.b.res.net += s.m.pos.sub(s.moveFrom).horizontal()
}

// features are the features a bot asks for besides those the client
// library adds (Options.PlainChunks, Options.NoEntities).
func (b *bot) features() []string {
	fs := []string{protocol.FeatureBatchedDrops}
	if !b.r.cfg.NoAirSections {
		fs = append(fs, protocol.FeatureAirSections)
	}
	if !b.r.cfg.NoColumnLists {
		fs = append(fs, protocol.FeatureColumnLists)
	}
	if !b.r.cfg.NoCompactStates {
		fs = append(fs, protocol.FeatureCompactStates)
		if !b.r.cfg.NoStateBatches {
			fs = append(fs, protocol.FeatureStateBatches)
		}
	}
	if !b.r.cfg.NoPredictedStates {
		fs = append(fs, protocol.FeaturePredictedStates)
	}
	return fs
}
