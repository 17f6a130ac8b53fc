package cli

// Failure rounds that count every answer (issue 51, "no acknowledged edit
// lost"). Two shards of one world, as `strata serve` processes, each with
// a player hovering beside the region border at x = 0, place blocks on
// both sides of it: the edits across the border go to the other shard's
// region and are forwarded there. Each edit is at a position of its own,
// sent once and never retried, so each position has exactly one answer,
// and after the rounds a fresh store read and a fresh shard's client must
// agree with every answer: every OK is there, every refusal is not.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/testkit"
)

// The rounds' geometry and pace.
const (
	// roundsZ is the players' z: their edits (z 10..23) stay in region row
	// 0, so the two regions in play are (-1, 0) and (0, 0).
	roundsZ = 16
	// roundsReach is how far from a player's eye its edits go: below the
	// server's 6 (physics.Limits.Reach), so none is refused out of reach.
	roundsReach = 5.8
	// roundsEyeHeight is physics.EyeHeight.
	roundsEyeHeight = 1.62
	// roundsLevel is the height between two rounds' spots: more than the
	// 11 levels one spot's edits span, so no two rounds share a position
	// and a round's positions are air when it begins.
	roundsLevel = 13
	// roundsEvery is each player's pace: 10 edits a second, half the rate
	// limit, so a refusal is the failure's and not the limit's.
	roundsEvery = 100 * time.Millisecond
	// roundsAnswerWait bounds the wait for in-flight answers: an answer may
	// take as long as an election (a second round of one included).
	roundsAnswerWait = 45 * time.Second
	// roundsRecover bounds the wait for the world to work again after a
	// failure; past it the round fails.
	roundsRecover = 60 * time.Second
)

// The two regions the players stand in and edit: west of the border
// (ann's) and east of it (ben's).
var (
	regionWest = rcluster.RegionOfBlock(-1, roundsZ)
	regionEast = rcluster.RegionOfBlock(0, roundsZ)
)

// editState is what became of one edit.
type editState int

const (
	editSent     editState = iota // no answer yet
	editAnswered                  // an ActionAck came
	editLost                      // the connection ended before an answer
)

// roundEdit is one placement: sent once, at a position no other edit
// uses.
type roundEdit struct {
	pos           [3]int32
	player, shard string // who sent it, through which shard
	round         int
	// far: in the region across the border from the player, so forwarded
	// unless the player's shard holds both regions.
	far            bool
	sent, answered time.Time
	state          editState
	ok             bool
	result         protocol.ActionResult
	reason         string
}

// roundPlayer is a player of the rounds, with the positions it has left
// to place at its current spot.
type roundPlayer struct {
	name   string
	x      float64 // feet x: -1.5 (west) or 1.5 (east)
	parity int     // the parity of x+y+z of its positions: the two never share one
	feet   [3]float64
	sess   *playerSession
	queue  [][3]int32
}

// playerSession is one connection of a player: request ids are its own,
// so each connection keeps its own pending edits.
type playerSession struct {
	shard   string
	conn    *client.Conn
	pending map[uint32]*roundEdit
	dead    bool // closed, or a send failed: nothing more is sent on it
	// teleported gets the position of each teleport the server makes.
	teleported chan [3]float64
}

// rounds is a world of two shards and two players under a failure
// repeated round after round, and the record of every edit's answer.
type rounds struct {
	t        *testing.T
	name     string
	bin      string
	url      string            // NATS for the shards, the probe and the reader
	shardURL map[string]string // a shard's own NATS URL (through a proxy)
	bucket   string
	ttl      time.Duration
	replicas int
	shards   map[string]*serveProc
	dataDirs map[string]string

	mu       sync.Mutex
	edits    []*roundEdit
	used     map[[3]int32]bool
	players  []*roundPlayer
	editing  bool
	round    int
	strays   int   // answers to a request id never sent on that connection
	dry      int   // edits a player could not send: no position left at its spot
	doubles  int   // second answers to one edit
	baseY    int32 // the first round's level
	levels   map[int]int32
	failures map[int]time.Time // each round's failure, for the report

	stopDriver chan struct{}
	driverDone chan struct{}
}

// roundsConfig sets up a rounds world.
type roundsConfig struct {
	name     string
	url      string
	shardURL map[string]string
	ttl      time.Duration
	replicas int
}

// newRounds starts shards a and b with ann on a (standing west of the
// border) and ben on b (east), waits until a holds the west region and b
// the east one, and starts the players' edits (paused until the first
// round begins).
func newRounds(t *testing.T, cfg roundsConfig) *rounds {
	w := &rounds{
		t: t, name: cfg.name, bin: buildStrata(t), url: cfg.url, shardURL: cfg.shardURL,
		bucket: fmt.Sprintf("r%d", time.Now().UnixNano()%1e9), ttl: cfg.ttl, replicas: cfg.replicas,
		shards: map[string]*serveProc{}, dataDirs: map[string]string{},
		used: map[[3]int32]bool{}, levels: map[int]int32{}, failures: map[int]time.Time{},
		stopDriver: make(chan struct{}), driverDone: make(chan struct{}),
	}
	w.startShard("a")
	w.startShard("b")
	ann := &roundPlayer{name: "ann", x: -1.5, parity: 0}
	ben := &roundPlayer{name: "ben", x: 1.5, parity: 1}
	w.players = []*roundPlayer{ann, ben}
	// Ben first: spawn is in the east region, and the shard whose player
	// joins there claims it and keeps it while that player was there
	// lately (IdleRelease, 30 s), so b must be that shard.
	w.join(ben, "b")
	w.waitOwners(map[rcluster.Region]string{regionEast: "b"}, 30*time.Second)
	w.join(ann, "a")
	// Spots climb from above spawn: air, whatever the terrain at x = 0.
	w.baseY = int32(ann.sess.conn.Welcome().GetSpawn().GetY()) + 16
	w.teleport(0)
	w.waitOwners(map[rcluster.Region]string{regionWest: "a", regionEast: "b"}, 30*time.Second)
	go w.drive()
	t.Cleanup(w.stop)
	return w
}

// startShard starts (or starts again, on the same data directory) the
// shard name.
func (w *rounds) startShard(name string) *serveProc {
	dir, ok := w.dataDirs[name]
	if !ok {
		dir = w.t.TempDir()
		w.dataDirs[name] = dir
	}
	u := w.url
	if su, ok := w.shardURL[name]; ok {
		u = su
	}
	p := startServe(w.t, w.bin, dir, "--seed", "7", "STRATA_PLUGIN_CRITTERS_ENABLED=false", "--cluster", u, "--shard", name,
		"--cluster-bucket", w.bucket, "--lease-ttl", w.ttl.String(), "--cluster-replicas", fmt.Sprint(w.replicas))
	w.mu.Lock()
	w.shards[name] = p
	w.mu.Unlock()
	return p
}

// dial connects p through srv (shard), retrying for up to d while the
// cluster refuses the name (a session not yet known dead). It neither
// installs the session nor touches the test, so it may run beside the
// test's goroutine.
func (w *rounds) dial(p *roundPlayer, shard string, srv *serveProc, d time.Duration) (*playerSession, error) {
	s := &playerSession{shard: shard, pending: map[uint32]*roundEdit{}, teleported: make(chan [3]float64, 16)}
	h := client.Handlers{
		OnActionAck: func(a *protocol.ActionAck) { w.answer(s, a) },
		OnCorrection: func(c *protocol.Correction) {
			if c.GetTeleport() {
				select {
				case s.teleported <- [3]float64{c.GetPosition().GetX(), c.GetPosition().GetY(), c.GetPosition().GetZ()}:
				default:
				}
			}
		},
	}
	deadline := time.Now().Add(d)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := client.Dial(ctx, srv.addr, client.Options{Name: p.name, Key: playerKey(p.name), ViewDistance: 3, PinSHA256: srv.pin, Handlers: h})
		cancel()
		if err == nil {
			s.conn = c
			go w.watchSession(s)
			return s, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s into %s: %w", p.name, shard, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// join connects p to shard and makes it p's session. Its session
// before, if any, is closed first: a name is connected to one shard at a
// time, and the other shards let it in once its leaving is durable.
func (w *rounds) join(p *roundPlayer, shard string) *playerSession {
	w.t.Helper()
	w.drop(p)
	w.mu.Lock()
	srv := w.shards[shard]
	w.mu.Unlock()
	s, err := w.dial(p, shard, srv, 20*time.Second)
	if err != nil {
		w.t.Fatal(err)
	}
	w.install(p, s)
	return s
}

// install makes s p's session; the old one is dropped.
func (w *rounds) install(p *roundPlayer, s *playerSession) {
	w.t.Cleanup(func() { s.conn.Close() })
	w.drop(p)
	w.mu.Lock()
	p.sess = s
	w.mu.Unlock()
}

// drop closes p's session: its edits still unanswered are lost (no
// answer can come on a closed connection).
func (w *rounds) drop(p *roundPlayer) {
	w.mu.Lock()
	s := p.sess
	p.sess = nil
	w.mu.Unlock()
	if s == nil {
		return
	}
	s.conn.Close()
	w.sessionEnded(s)
}

// watchSession marks s's unanswered edits lost when its connection
// ends by itself (the server closed it or went away).
func (w *rounds) watchSession(s *playerSession) {
	<-s.conn.Done()
	w.sessionEnded(s)
}

// sessionEnded marks s dead and its unanswered edits lost. An answer that
// still arrives for one (read before the close) counts: the edit was
// answered.
func (w *rounds) sessionEnded(s *playerSession) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s.dead = true
	for _, e := range s.pending {
		if e.state == editSent {
			e.state = editLost
		}
	}
}

// answer records an ActionAck.
func (w *rounds) answer(s *playerSession, a *protocol.ActionAck) {
	w.mu.Lock()
	defer w.mu.Unlock()
	e, ok := s.pending[a.GetRequestId()]
	switch {
	case !ok:
		w.strays++
		return
	case e.state == editAnswered:
		w.doubles++
		return
	}
	e.state, e.answered = editAnswered, time.Now()
	e.ok, e.result, e.reason = a.GetAccepted(), a.GetResult(), a.GetReason()
}

// drive sends each player's next edit every roundsEvery while editing is
// on.
func (w *rounds) drive() {
	defer close(w.driverDone)
	tick := time.NewTicker(roundsEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.stopDriver:
			return
		case <-tick.C:
			for _, p := range w.players {
				w.placeNext(p)
			}
		}
	}
}

// stop ends the edits (idempotent).
func (w *rounds) stop() {
	select {
	case <-w.stopDriver:
	default:
		close(w.stopDriver)
	}
	<-w.driverDone
}

// placeNext sends p's next edit, once: a position is never sent again,
// whatever its answer.
func (w *rounds) placeNext(p *roundPlayer) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := p.sess
	if !w.editing || s == nil || s.dead {
		return
	}
	if len(p.queue) == 0 {
		w.dry++
		return
	}
	pos := p.queue[0]
	p.queue = p.queue[1:]
	e := &roundEdit{pos: pos, player: p.name, shard: s.shard, round: w.round, sent: time.Now(),
		far: rcluster.RegionOfBlock(int(pos[0]), int(pos[2])) != rcluster.RegionOfBlock(int(math.Floor(p.feet[0])), int(math.Floor(p.feet[2])))}
	w.edits = append(w.edits, e)
	w.used[pos] = true
	id, err := s.conn.Place(pos[0], pos[1], pos[2], chunk.Stone)
	if err != nil {
		// Maybe sent, maybe not: counted as unanswered.
		e.state, s.dead = editLost, true
		return
	}
	s.pending[id] = e
}

// pending counts the edits sent on live sessions and not yet answered.
func (w *rounds) pending() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, p := range w.players {
		if s := p.sess; s != nil && !s.dead {
			for _, e := range s.pending {
				if e.state == editSent {
					n++
				}
			}
		}
	}
	return n
}

// pause stops the edits and waits up to d for the answers of those in
// flight.
func (w *rounds) pause(d time.Duration) {
	w.mu.Lock()
	w.editing = false
	w.mu.Unlock()
	deadline := time.Now().Add(d)
	for w.pending() > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
}

// resume lets the players edit again.
func (w *rounds) resume() {
	w.mu.Lock()
	w.editing = true
	w.mu.Unlock()
}

// levelOf is round r's height.
func (w *rounds) levelOf(r int) int32 { return w.baseY + int32(r)*roundsLevel }

// teleport moves every player to round r's spot and gives each the
// positions it is to place there.
func (w *rounds) teleport(r int) {
	w.t.Helper()
	y := w.levelOf(r)
	if y+roundsLevel > chunk.MaxY {
		w.t.Fatalf("round %d's level %d is above the world", r, y)
	}
	w.mu.Lock()
	w.levels[r] = y
	w.mu.Unlock()
	for _, p := range w.players {
		w.mu.Lock()
		s := p.sess
		p.feet = [3]float64{p.x, float64(y), roundsZ + 0.5}
		w.mu.Unlock()
		teleportTo(w.t, s.conn, s.teleported, p.feet)
	}
	for _, p := range w.players {
		q := w.positions(r, p)
		w.mu.Lock()
		p.queue = q
		w.mu.Unlock()
	}
}

// teleportTo sends /tp to c and waits for the server's teleport there.
// A player still held (its surroundings not yet resident) cannot be
// teleported, so the command is sent again every 2 s, for up to 20 s.
func teleportTo(t *testing.T, c *client.Conn, teleported chan [3]float64, to [3]float64) {
	t.Helper()
	for len(teleported) > 0 {
		<-teleported
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if err := c.Chat(fmt.Sprintf("/tp %.1f %.1f %.1f", to[0], to[1], to[2])); err != nil {
			t.Fatal(err)
		}
		again := time.After(2 * time.Second)
	wait:
		for {
			select {
			case at := <-teleported:
				if math.Abs(at[0]-to[0]) < 0.01 && math.Abs(at[1]-to[1]) < 0.01 && math.Abs(at[2]-to[2]) < 0.01 {
					return
				}
			case <-again:
				break wait
			}
		}
	}
	t.Fatalf("no teleport to %v within 20 s", to)
}

// positions lists the positions p places at round r's spot: those within
// reach of its eye, of its parity, clear of both players' bodies, air as
// its client holds them; alternately one in its own region and one
// across the border (forwarded), in an order of their own.
func (w *rounds) positions(r int, p *roundPlayer) [][3]int32 {
	w.t.Helper()
	eye := [3]float64{p.feet[0], p.feet[1] + roundsEyeHeight, p.feet[2]}
	own := rcluster.RegionOfBlock(int(math.Floor(p.feet[0])), int(math.Floor(p.feet[2])))
	var cands [][3]int32
	secs := map[chunk.Pos]bool{}
	for x := int32(math.Floor(eye[0])) - 7; x <= int32(math.Floor(eye[0]))+7; x++ {
		for y := int32(math.Floor(eye[1])) - 7; y <= int32(math.Floor(eye[1]))+7; y++ {
			for z := int32(math.Floor(eye[2])) - 7; z <= int32(math.Floor(eye[2]))+7; z++ {
				if math.Hypot(math.Hypot(float64(x)+0.5-eye[0], float64(y)+0.5-eye[1]), float64(z)+0.5-eye[2]) > roundsReach ||
					int(((x+y+z)%2+2)%2) != p.parity || w.used[[3]int32{x, y, z}] || w.inBody(x, y, z) {
					continue
				}
				cands = append(cands, [3]int32{x, y, z})
				secs[chunk.PosOfBlock(int(x), int(y), int(z))] = true
			}
		}
	}
	// The sections reach the client once they are resident on the server,
	// where the player is held until they are.
	c := p.sess.conn
	deadline := time.Now().Add(20 * time.Second)
	for sp := range secs {
		for {
			if s, ok := c.Section(sp); ok && s.Decoded != nil {
				break
			}
			if time.Now().After(deadline) {
				w.t.Fatalf("%s: section %v never arrived at round %d's spot", p.name, sp, r)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	var near, far [][3]int32
	for _, pos := range cands {
		if blockOf(c, pos) != chunk.Air {
			continue // terrain (a tree, a hill)
		}
		if rcluster.RegionOfBlock(int(pos[0]), int(pos[2])) == own {
			near = append(near, pos)
		} else {
			far = append(far, pos)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(r), uint64(p.parity)))
	rng.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
	rng.Shuffle(len(far), func(i, j int) { far[i], far[j] = far[j], far[i] })
	out := make([][3]int32, 0, len(near)+len(far))
	for i := 0; i < len(near) || i < len(far); i++ {
		if i < len(far) {
			out = append(out, far[i])
		}
		if i < len(near) {
			out = append(out, near[i])
		}
	}
	return out
}

// inBody reports whether a block at (x, y, z) could touch a player's
// body at the spot (a placement there is refused OCCUPIED).
func (w *rounds) inBody(x, y, z int32) bool {
	for _, p := range w.players {
		fx, fy, fz := int32(math.Floor(p.feet[0])), int32(math.Floor(p.feet[1])), int32(math.Floor(p.feet[2]))
		if x == fx && z == fz && y >= fy-1 && y <= fy+2 {
			return true
		}
	}
	return false
}

// blockOf returns the block c holds at pos (Air for a section not held).
func blockOf(c *client.Conn, pos [3]int32) chunk.Block {
	s, ok := c.Section(chunk.PosOfBlock(int(pos[0]), int(pos[1]), int(pos[2])))
	if !ok || s.Decoded == nil {
		return chunk.Air
	}
	lx, ly, lz := chunk.LocalOfBlock(int(pos[0]), int(pos[1]), int(pos[2]))
	return s.Decoded.Get(lx, ly, lz)
}

// startRound ends the previous round's edits (waiting a while for their
// answers), runs between (reconnections, with the edits stopped), moves
// the players to round r's spot and lets them edit until each has had an
// edit of this round acknowledged and pre has passed: the world works
// before the failure.
func (w *rounds) startRound(r int, pre time.Duration, between func()) {
	w.t.Helper()
	w.pause(10 * time.Second)
	if between != nil {
		between()
	}
	w.mu.Lock()
	w.round = r
	w.mu.Unlock()
	w.teleport(r)
	start := time.Now()
	w.resume()
	w.waitFor(roundsRecover, fmt.Sprintf("round %d: an acknowledged edit of each player before the failure", r), func() bool {
		for _, p := range w.players {
			if w.firstOK(p.name, start, nil) == 0 {
				return false
			}
		}
		return true
	})
	if d := pre - time.Since(start); d > 0 {
		time.Sleep(d)
	}
}

// waitFor polls cond every 50 ms for up to d; past it the test fails,
// after the counts so far are checked and logged.
func (w *rounds) waitFor(d time.Duration, what string, cond func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			w.t.Errorf("after %v: %s", d, what)
			w.finish()
			w.t.FailNow()
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// firstOK returns how long after t0 the first acknowledgement of an edit
// player sent after t0 came (0: none yet); with in, only edits in those
// regions count. player "" counts every player's.
func (w *rounds) firstOK(player string, t0 time.Time, in map[rcluster.Region]bool) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	var first time.Duration
	for _, e := range w.edits {
		if (player != "" && e.player != player) || !e.ok || !e.sent.After(t0) ||
			(in != nil && !in[rcluster.RegionOfBlock(int(e.pos[0]), int(e.pos[2]))]) {
			continue
		}
		if d := e.answered.Sub(t0); first == 0 || d < first {
			first = d
		}
	}
	return first
}

// markFailure notes round r's failure time.
func (w *rounds) markFailure(r int, at time.Time) {
	w.mu.Lock()
	w.failures[r] = at
	w.mu.Unlock()
}

// owners reads who holds each region now.
func (w *rounds) owners() map[rcluster.Region]string {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := rcluster.ReadStatus(ctx, w.url, w.bucket)
	if err != nil {
		w.t.Fatal(err)
	}
	out := map[rcluster.Region]string{}
	for _, ro := range st.Regions {
		out[ro.Region] = ro.Shard
	}
	return out
}

// waitOwners waits until every region in want is held by its shard.
func (w *rounds) waitOwners(want map[rcluster.Region]string, d time.Duration) {
	w.t.Helper()
	deadline := time.Now().Add(d)
	for {
		got := w.owners()
		ok := true
		for r, s := range want {
			ok = ok && got[r] == s
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("regions held %v, want %v", got, want)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// playerOn returns the player connected to shard (nil: none).
func (w *rounds) playerOn(shard string) *roundPlayer {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range w.players {
		if p.sess != nil && p.sess.shard == shard {
			return p
		}
	}
	return nil
}

// other is the shard of the two that is not s.
func other(s string) string {
	if s == "a" {
		return "b"
	}
	return "a"
}

// tally counts the answers of a set of edits and what the fresh reads
// found at their positions.
type tally struct {
	sent, ok, held, other, unanswered int
	okLost, refusedStored             int
	unansweredStored                  int
	otherKinds                        map[string]int
}

// String gives the counts as the rounds' log lines show them.
func (c tally) String() string {
	kinds := make([]string, 0, len(c.otherKinds))
	for k, n := range c.otherKinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	return fmt.Sprintf("sent %d, OK %d, HELD %d, other %d %v, unanswered %d (%d of them stored); OK-lost %d, refused-but-stored %d",
		c.sent, c.ok, c.held, c.other, kinds, c.unanswered, c.unansweredStored, c.okLost, c.refusedStored)
}

// finish waits for the answers still in flight, closes the players'
// connections, reads every edited position back, from the store and
// through a fresh shard's client, and fails the test on an acknowledged
// edit not there or a refused one there. It logs the counts. Called once;
// a second call does nothing.
func (w *rounds) finish() {
	w.t.Helper()
	w.mu.Lock()
	if w.levels == nil {
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	waited := time.Now()
	w.pause(roundsAnswerWait)
	w.stop()
	stillPending := w.pending()
	for _, p := range w.players {
		w.drop(p)
	}
	w.mu.Lock()
	strays, doubles, dry := w.strays, w.doubles, w.dry
	w.mu.Unlock()
	w.t.Logf("%s: answers awaited %v after the last edit; %d edits unanswered on live connections then; %d answers to request ids not sent; %d edits not sent for want of positions",
		w.name, time.Since(waited).Round(time.Millisecond), stillPending, strays, dry)
	if doubles > 0 {
		w.t.Errorf("%s: %d edits answered twice", w.name, doubles)
	}

	w.mu.Lock()
	edits := slices.Clone(w.edits)
	levels := w.levels
	w.levels = nil
	w.mu.Unlock()
	stored := w.readStore(edits)
	seen := w.readFresh(edits, levels)
	storedAgain := w.readStore(edits)

	all := tally{otherKinds: map[string]int{}}
	perRound := map[int]*tally{}
	var bad []string
	for _, e := range edits {
		rt := perRound[e.round]
		if rt == nil {
			rt = &tally{otherKinds: map[string]int{}}
			perRound[e.round] = rt
		}
		there := []bool{stored[e.pos] == chunk.Stone, seen[e.pos] == chunk.Stone, storedAgain[e.pos] == chunk.Stone}
		anyThere := there[0] || there[1] || there[2]
		for _, c := range []*tally{&all, rt} {
			c.sent++
			switch {
			case e.state != editAnswered:
				c.unanswered++
				if anyThere {
					c.unansweredStored++
				}
			case e.ok:
				c.ok++
				if !there[0] || !there[1] || !there[2] {
					c.okLost++
				}
			default:
				if e.result == protocol.ActionResult_ACTION_RESULT_HELD {
					c.held++
				} else {
					c.other++
					c.otherKinds[e.result.String()]++
				}
				if anyThere {
					c.refusedStored++
				}
			}
		}
		if e.state == editAnswered && (e.ok && !(there[0] && there[1] && there[2]) || !e.ok && anyThere) {
			bad = append(bad, w.describe(e, there))
		}
	}
	rs := make([]int, 0, len(perRound))
	for r := range perRound {
		rs = append(rs, r)
	}
	sort.Ints(rs)
	for _, r := range rs {
		w.t.Logf("%s round %d: %v", w.name, r, *perRound[r])
	}
	w.t.Logf("%s all rounds: %v", w.name, all)
	if all.ok == 0 {
		w.t.Errorf("%s: no edit was acknowledged: the test proves nothing", w.name)
	}
	for i, b := range bad {
		if i == 30 {
			w.t.Errorf("... and %d more", len(bad)-30)
			break
		}
		w.t.Error(b)
	}
}

// describe says what an edit whose answer the world contradicts was.
func (w *rounds) describe(e *roundEdit, there []bool) string {
	w.mu.Lock()
	failed := w.failures[e.round]
	w.mu.Unlock()
	what := "acknowledged but missing"
	if !e.ok {
		what = fmt.Sprintf("refused %s (%q) but stored", e.result, e.reason)
	}
	side := "the region " + e.player + " stood in"
	if e.far {
		side = "across the border from " + e.player
	}
	return fmt.Sprintf("%s: round %d, %s's edit at %v (%s, region %v) through shard %s: %s; sent %v and answered %v after the round's failure; "+
		"stone in the store %v, in a fresh shard's client %v, in the store again %v",
		w.name, e.round, e.player, e.pos, side, rcluster.RegionOfBlock(int(e.pos[0]), int(e.pos[2])), e.shard, what,
		relTime(e.sent, failed), relTime(e.answered, failed), there[0], there[1], there[2])
}

// relTime is t relative to ref, for the report ("-" without both).
func relTime(t, ref time.Time) string {
	if t.IsZero() || ref.IsZero() {
		return "-"
	}
	return t.Sub(ref).Round(time.Millisecond).String()
}

// readStore reads every edited position straight from the world's store
// with a fresh connection. An acknowledged block not found is read again
// for up to 15 s: a replica catching up after a node died answers plain
// gets with an older copy for a while, and a stored block is read back
// in time, a lost one never.
func (w *rounds) readStore(edits []*roundEdit) map[[3]int32]chunk.Block {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := rcluster.Connect(ctx, rcluster.Options{URLs: w.url, Shard: fmt.Sprintf("probe%d", time.Now().UnixNano()%1e6), Bucket: w.bucket,
		// The bucket's replicas as the shards made them: connecting
		// updates the buckets' configuration to these.
		Replicas: w.replicas})
	if err != nil {
		w.t.Fatal(err)
	}
	defer c.Close()
	secs := map[chunk.Pos]*chunk.Section{}
	load := func(sp chunk.Pos) *chunk.Section {
		for tries := 0; ; tries++ {
			sec, _, ok, err := c.Store().LoadSection(sp)
			if err == nil {
				if !ok {
					return nil // nothing stored: natural terrain, air up here
				}
				return &sec
			}
			if tries == 20 {
				w.t.Fatalf("reading section %v: %v", sp, err)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	get := func(pos [3]int32, fresh bool) chunk.Block {
		sp := chunk.PosOfBlock(int(pos[0]), int(pos[1]), int(pos[2]))
		s, ok := secs[sp]
		if !ok || fresh {
			s = load(sp)
			secs[sp] = s
		}
		if s == nil {
			return chunk.Air
		}
		lx, ly, lz := chunk.LocalOfBlock(int(pos[0]), int(pos[1]), int(pos[2]))
		return s.Get(lx, ly, lz)
	}
	out := map[[3]int32]chunk.Block{}
	start := time.Now()
	late := 0
	for _, e := range edits {
		b := get(e.pos, false)
		for e.state == editAnswered && e.ok && b != chunk.Stone && time.Since(start) < 15*time.Second {
			time.Sleep(200 * time.Millisecond)
			b = get(e.pos, true)
			if b == chunk.Stone {
				late++
			}
		}
		out[e.pos] = b
	}
	if late > 0 {
		w.t.Logf("%s: %d acknowledged blocks read from the store only on a later read (a replica behind)", w.name, late)
	}
	return out
}

// readFresh starts a fresh shard and reads every edited position through
// a new player's client on it, as a player would see the world: the
// player goes to each round's spot and reads what the shard sends. An
// acknowledged block not seen is looked at again for up to 15 s (the
// fresh shard's first read of a section may come from a replica behind;
// its section feed then brings the newer copy).
func (w *rounds) readFresh(edits []*roundEdit, levels map[int]int32) map[[3]int32]chunk.Block {
	w.t.Helper()
	srv := w.startShard(fmt.Sprintf("reader%d", time.Now().UnixNano()%1e6))
	rita := &roundPlayer{name: "rita"}
	s, err := w.dial(rita, "reader", srv, 20*time.Second)
	if err != nil {
		w.t.Fatal(err)
	}
	defer s.conn.Close()
	byRound := map[int][]*roundEdit{}
	for _, e := range edits {
		byRound[e.round] = append(byRound[e.round], e)
	}
	out := map[[3]int32]chunk.Block{}
	late := 0
	for r, es := range byRound {
		// Beside the spot, clear of the positions edited there.
		teleportTo(w.t, s.conn, s.teleported, [3]float64{0.5, float64(levels[r]), roundsZ + 14.5})
		deadline := time.Now().Add(20 * time.Second)
		for _, e := range es {
			sp := chunk.PosOfBlock(int(e.pos[0]), int(e.pos[1]), int(e.pos[2]))
			for {
				if sec, ok := s.conn.Section(sp); ok && sec.Decoded != nil {
					break
				}
				if time.Now().After(deadline) {
					w.t.Fatalf("%s: the fresh shard never sent section %v", w.name, sp)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		start := time.Now()
		for _, e := range es {
			b := blockOf(s.conn, e.pos)
			for e.state == editAnswered && e.ok && b != chunk.Stone && time.Since(start) < 15*time.Second {
				time.Sleep(100 * time.Millisecond)
				if b = blockOf(s.conn, e.pos); b == chunk.Stone {
					late++
				}
			}
			out[e.pos] = b
		}
	}
	if late > 0 {
		w.t.Logf("%s: %d acknowledged blocks seen by the fresh shard's client only after a while", w.name, late)
	}
	return out
}

// --- NATS node kills ---------------------------------------------------

// natsRounds is the 3-node NATS cluster under a rounds world.
type natsRounds struct {
	*rounds
	urls  []string
	nodes []*natstest.Proc
	nc    *nats.Conn
	js    jetstream.JetStream
}

// newNATSRounds runs three NATS node processes (sync_interval: always)
// and a rounds world on them with R3 buckets and the default lease TTL,
// which must outlast an election for the shards to keep their regions.
func newNATSRounds(t *testing.T, name string) *natsRounds {
	urls, nodes := natstest.StartProcessCluster(t, 3)
	w := &natsRounds{urls: urls, nodes: nodes}
	w.rounds = newRounds(t, roundsConfig{name: name, url: strings.Join(urls, ","), ttl: 5 * time.Second, replicas: 3})
	nc, err := nats.Connect(w.url, nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	w.nc = nc
	if w.js, err = jetstream.New(nc); err != nil {
		t.Fatal(err)
	}
	return w
}

// worldStream is the world bucket's stream.
func (w *natsRounds) worldStream() string { return "KV_" + w.bucket + "_world" }

// streamLeader returns the node leading stream ("" if none answers).
func (w *natsRounds) streamLeader(stream string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s, err := w.js.Stream(ctx, stream)
	if err != nil || s.CachedInfo().Cluster == nil {
		return ""
	}
	return s.CachedInfo().Cluster.Leader
}

// node returns the node named name.
func (w *natsRounds) node(name string) *natstest.Proc {
	for _, n := range w.nodes {
		if n.Name() == name {
			return n
		}
	}
	w.t.Fatalf("no node %q", name)
	return nil
}

// streamsCurrent reports whether each of the world's three buckets has a
// leader and two current replicas: a node restarted has caught up, and
// the next kill leaves a quorum that holds every write.
func (w *natsRounds) streamsCurrent() bool {
	for _, b := range []string{"_world", "_players", "_access"} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		s, err := w.js.Stream(ctx, "KV_"+w.bucket+b)
		cancel()
		if err != nil {
			return false
		}
		cl := s.CachedInfo().Cluster
		if cl == nil || cl.Leader == "" || len(cl.Replicas) != 2 {
			return false
		}
		for _, r := range cl.Replicas {
			if !r.Current || r.Offline {
				return false
			}
		}
	}
	return true
}

// election watches, from the nodes left, how long the cluster takes to
// elect a new stream leader (of the world's stream and of the players')
// and meta leader after a node is killed.
type election struct {
	mu                           sync.Mutex
	killed                       string
	streamAt, advisoryAt, metaAt time.Time
	streamLeader, metaLeader     string
	// playersAt is when the players bucket's stream had a leader other
	// than the node killed: a commit with player records waits for it.
	playersAt     time.Time
	playersLeader string
	stop          chan struct{}
	ended         sync.Once
	done          sync.WaitGroup
	sub           *nats.Subscription
	nc            *nats.Conn
}

// watchElection starts polling, every 75 ms, stream's info and the meta
// group's leader through the nodes other than killed (a request of each
// poll in flight at once, so a slow answer does not delay the next), and
// listens for the stream's leader-elected advisory.
func (w *natsRounds) watchElection(stream, players, killed string) *election {
	el := &election{killed: killed, stop: make(chan struct{})}
	var others []string
	var running []*natstest.Proc
	for _, n := range w.nodes {
		if n.Name() != killed {
			others = append(others, n.URL())
			running = append(running, n)
		}
	}
	nc, err := nats.Connect(strings.Join(others, ","), nats.MaxReconnects(-1))
	if err != nil {
		w.t.Fatal(err)
	}
	el.nc = nc
	js, err := jetstream.New(nc)
	if err != nil {
		w.t.Fatal(err)
	}
	el.sub, err = nc.Subscribe("$JS.EVENT.ADVISORY.STREAM.LEADER_ELECTED."+stream, func(m *nats.Msg) {
		var adv struct {
			Leader string `json:"leader"`
		}
		_ = json.Unmarshal(m.Data, &adv)
		el.mu.Lock()
		defer el.mu.Unlock()
		if el.advisoryAt.IsZero() && adv.Leader != killed {
			el.advisoryAt = time.Now()
		}
	})
	if err != nil {
		w.t.Fatal(err)
	}
	el.done.Add(1)
	go func() {
		defer el.done.Done()
		tick := time.NewTicker(75 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-el.stop:
				return
			case <-tick.C:
			}
			el.done.Add(3)
			for _, st := range []struct {
				name   string
				at     *time.Time
				leader *string
			}{{stream, &el.streamAt, &el.streamLeader}, {players, &el.playersAt, &el.playersLeader}} {
				go func() {
					defer el.done.Done()
					ctx, cancel := context.WithTimeout(context.Background(), time.Second)
					defer cancel()
					s, err := js.Stream(ctx, st.name)
					if err != nil || s.CachedInfo().Cluster == nil {
						return
					}
					if l := s.CachedInfo().Cluster.Leader; l != "" && l != killed {
						el.mu.Lock()
						if st.at.IsZero() {
							*st.at, *st.leader = time.Now(), l
						}
						el.mu.Unlock()
					}
				}()
			}
			go func() {
				defer el.done.Done()
				if l := natstest.MetaLeader(context.Background(), running); l != "" && l != killed {
					el.mu.Lock()
					if el.metaAt.IsZero() {
						el.metaAt, el.metaLeader = time.Now(), l
					}
					el.mu.Unlock()
				}
			}()
		}
	}()
	// A round that fails before it ends the watch leaves it to the
	// cleanup.
	w.t.Cleanup(el.end)
	return el
}

// end stops the watch.
func (el *election) end() {
	el.ended.Do(func() {
		close(el.stop)
		el.done.Wait()
		el.sub.Unsubscribe()
		el.nc.Close()
	})
}

// since returns at − t0, or -1 for a time not seen.
func since(at, t0 time.Time) time.Duration {
	if at.IsZero() {
		return -1
	}
	return at.Sub(t0).Round(time.Millisecond)
}

// elected says when a leader was seen after the kill: "unchanged" when
// the node killed did not lead (the poll only confirms the leader there
// was), "not seen" when no answer named one.
func elected(led bool, leader string, d time.Duration) string {
	switch {
	case d < 0:
		return "not seen"
	case !led:
		return leader + " unchanged"
	}
	return fmt.Sprintf("%s after %v", leader, d)
}

// clock is t as the servers' logs write it (UTC), to the millisecond, so
// that a round's log line can be found in theirs.
func clock(t time.Time) string { return t.UTC().Format("15:04:05.000") }

// killRound runs round r: the players edit, the node pick names is
// killed with SIGKILL, the edits go on until each player has had one
// sent after the kill acknowledged, and the node is started again on its
// store and waited for until it has caught up. It logs NATS's part (the
// new leaders) and Strata's (the first acknowledgements after the kill).
func (w *natsRounds) killRound(r int, what string, pick func() string) {
	w.t.Helper()
	w.startRound(r, 2*time.Second, nil)
	victim := pick()
	if victim == "" {
		w.t.Fatalf("round %d: no %s to kill", r, what)
	}
	stream, players := w.worldStream(), "KV_"+w.bucket+"_players"
	ledStream := w.streamLeader(stream) == victim
	ledPlayers := w.streamLeader(players) == victim
	ledMeta := natstest.MetaLeader(context.Background(), w.nodes) == victim
	el := w.watchElection(stream, players, victim)
	n := w.node(victim)
	n.Kill()
	killed := time.Now()
	w.markFailure(r, killed)
	w.waitFor(roundsRecover, fmt.Sprintf("round %d: an edit of each player sent after %s %s was killed acknowledged", r, what, victim), func() bool {
		return w.firstOK("ann", killed, nil) > 0 && w.firstOK("ben", killed, nil) > 0
	})
	time.Sleep(time.Second) // more edits after the recovery
	// NATS's part is logged whole: a meta election may end after the
	// first acknowledgements.
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		el.mu.Lock()
		seen := !el.streamAt.IsZero() && !el.metaAt.IsZero() && !el.playersAt.IsZero()
		el.mu.Unlock()
		if seen {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	el.end()
	el.mu.Lock()
	streamAt, advAt, metaAt, newLeader, newMeta, playersAt, newPlayers := el.streamAt, el.advisoryAt, el.metaAt, el.streamLeader, el.metaLeader, el.playersAt, el.playersLeader
	el.mu.Unlock()
	annOK, benOK := w.firstOK("ann", killed, nil), w.firstOK("ben", killed, nil)
	nats := since(streamAt, killed)
	// A commit holds the tick's edits and player records together, so
	// an edit's acknowledgement waits for both streams' leaders.
	both := nats
	if ledPlayers {
		both = max(nats, since(playersAt, killed))
	}
	w.t.Logf("%s round %d: killed %s %s at %s (led the world stream %v, the players' %v, the meta group %v); stream leader %s (advisory %v), players' %s, meta leader %s; "+
		"first OK of an edit sent after the kill: ann on %s %v (Strata's part %v), ben on %s %v (Strata's part %v)",
		w.name, r, what, victim, clock(killed), ledStream, ledPlayers, ledMeta, elected(ledStream, newLeader, nats), since(advAt, killed), elected(ledPlayers, newPlayers, since(playersAt, killed)), elected(ledMeta, newMeta, since(metaAt, killed)),
		w.shardOf("ann"), annOK.Round(time.Millisecond), strataPart(annOK, both), w.shardOf("ben"), benOK.Round(time.Millisecond), strataPart(benOK, both))
	restarted := time.Now()
	if err := n.Restart(); err != nil {
		w.t.Fatal(err)
	}
	w.waitFor(90*time.Second, fmt.Sprintf("round %d: node %s restarted never caught up", r, victim), func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return n.Healthy(ctx) == nil && w.streamsCurrent()
	})
	w.t.Logf("%s round %d: %s restarted and caught up in %v", w.name, r, victim, time.Since(restarted).Round(time.Millisecond))
}

// strataPart is the first acknowledgement's time less NATS's election
// (-1 where either is unknown).
func strataPart(firstOK, nats time.Duration) time.Duration {
	if firstOK == 0 || nats < 0 {
		return -1
	}
	return (firstOK - nats).Round(time.Millisecond)
}

// shardOf is the shard player is connected to now.
func (w *rounds) shardOf(player string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range w.players {
		if p.name == player && p.sess != nil {
			return p.sess.shard
		}
	}
	return "-"
}

// TestRoundsStreamLeaderKill kills the NATS node leading the world
// stream (KV_<bucket>_world) with SIGKILL in each of 10 rounds, while a
// player on each of two shards edits on both sides of a region border
// (half the edits forwarded to the other shard), and restarts it on its
// store between rounds, once it has caught up. Every acknowledged edit
// must be in the world and every refused one must not, read from the
// store and through a fresh shard.
func TestRoundsStreamLeaderKill(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binaries")
	}
	w := newNATSRounds(t, "stream-leader")
	for r := 0; r < 10; r++ {
		w.killRound(r, "the world stream's leader", func() string { return w.streamLeader(w.worldStream()) })
	}
	w.finish()
}

// TestRoundsMetaLeaderKill kills the JetStream meta group's leader with
// SIGKILL in each of 3 rounds, as TestRoundsStreamLeaderKill does the
// stream's. The meta leader answers stream and consumer creation (KV
// watches starting or restarting, a region's load). So that the round
// shows the meta group's loss alone, the world stream's leadership is
// first moved off the meta leader when it is there (a stream leader
// step-down, before the round's failure time).
func TestRoundsMetaLeaderKill(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binaries")
	}
	w := newNATSRounds(t, "meta-leader")
	for r := 0; r < 3; r++ {
		w.killRound(r, "the meta leader", func() string {
			var l string
			w.waitFor(30*time.Second, "the nodes agree on a meta leader", func() bool {
				l = natstest.MetaLeader(context.Background(), w.nodes)
				return l != ""
			})
			w.moveStreamLeader(w.worldStream(), l)
			return l
		})
	}
	w.finish()
}

// moveStreamLeader asks stream's leader to step down while it is node
// off, until another node leads it.
func (w *natsRounds) moveStreamLeader(stream, off string) {
	w.t.Helper()
	start := time.Now()
	w.waitFor(30*time.Second, fmt.Sprintf("%s's leadership moved off %s", stream, off), func() bool {
		switch l := w.streamLeader(stream); l {
		case "":
			return false // electing
		case off:
			_, _ = w.nc.Request("$JS.API.STREAM.LEADER.STEPDOWN."+stream, nil, 5*time.Second)
			time.Sleep(250 * time.Millisecond)
			return false
		default:
			return true
		}
	})
	if d := time.Since(start); d > 10*time.Millisecond {
		w.t.Logf("%s: %s's leadership moved off the meta leader %s in %v", w.name, stream, off, d.Round(time.Millisecond))
	}
}

// --- shard failures ----------------------------------------------------

// shardRoundsTTL is the lease TTL of the shard failure rounds: short, so
// the rounds are, yet above the forward timeout's share of a loaded
// machine's hiccups.
const shardRoundsTTL = 2 * time.Second

// victimRegions returns the shard holding the west region (whose player
// stands there) and the regions it holds of the two.
func (w *rounds) victimRegions() (string, map[rcluster.Region]bool) {
	w.t.Helper()
	owners := w.owners()
	victim := owners[regionWest]
	if victim == "" {
		w.t.Fatalf("nobody holds %v: %v", regionWest, owners)
	}
	held := map[rcluster.Region]bool{}
	for _, r := range []rcluster.Region{regionWest, regionEast} {
		if owners[r] == victim {
			held[r] = true
		}
	}
	return victim, held
}

// TestRoundsShardKill kills, in each of 3 rounds, the shard holding the
// west region (and, after the first round, the east one too) with
// SIGKILL and starts it again under its own name at once, while both
// players edit on both sides of the border: the dead shard's player logs
// into the other shard, at its saved position, and the dead shard's
// regions are taken over. Before the next round, the other player moves
// to the restarted shard, so that its edits are forwarded to the next
// victim. No acknowledged edit lost, no refused edit stored.
func TestRoundsShardKill(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	w := newRounds(t, roundsConfig{name: "shard-kill", url: natstest.Start(t), ttl: shardRoundsTTL, replicas: 1})
	var restartedShard string
	for r := 0; r < 3; r++ {
		// The player saved at the spot (records are saved every 5 s) before
		// the kill, so its return is checked against it.
		w.startRound(r, 6*time.Second, func() {
			// Ann stands in the west region, so her shard holds it and is
			// the victim; ben, who went where she did, moves to the
			// restarted shard, from which his edits are all forwarded.
			if restartedShard != "" {
				w.join(w.players[1], restartedShard)
			}
		})
		victim, regions := w.victimRegions()
		p1 := w.playerOn(victim)
		if p1 == nil {
			t.Fatalf("round %d: no player on %s", r, victim)
		}
		saved := p1.feet
		w.mu.Lock()
		dead := w.shards[victim]
		survivor := w.shards[other(victim)]
		w.mu.Unlock()
		dead.kill()
		killed := time.Now()
		w.markFailure(r, killed)
		w.drop(p1) // its connection went with the process
		// The player logs in on the other shard while the dead one starts
		// again under its name.
		type joined struct {
			s   *playerSession
			at  time.Time
			err error
		}
		back := make(chan joined, 1)
		go func() {
			s, err := w.dial(p1, other(victim), survivor, 20*time.Second)
			back <- joined{s, time.Now(), err}
		}()
		w.startShard(victim)
		restartedIn := time.Since(killed)
		j := <-back
		if j.err != nil {
			t.Fatal(j.err)
		}
		w.install(p1, j.s)
		at := j.s.conn.Welcome().GetSpawn()
		if d := math.Sqrt(sq(at.GetX()-saved[0]) + sq(at.GetY()-saved[1]) + sq(at.GetZ()-saved[2])); d > 1 {
			t.Errorf("round %d: %s logged into %s at (%.1f, %.1f, %.1f), %.1f blocks from where it was saved %v", r, p1.name, other(victim), at.GetX(), at.GetY(), at.GetZ(), d, saved)
		}
		w.waitFor(roundsRecover, fmt.Sprintf("round %d: an edit in %s's regions %v acknowledged after its kill, and one of each player", r, victim, regions), func() bool {
			return w.firstOK("", killed, regions) > 0 && w.firstOK("ann", killed, nil) > 0 && w.firstOK("ben", killed, nil) > 0
		})
		time.Sleep(time.Second)
		t.Logf("shard-kill round %d: killed %s at %s (held %v); %s in on %s %v after the kill (at its saved position); %s listening again %v after the kill; "+
			"its regions accepted an edit %v after the kill (lease TTL %v); first OK after the kill: ann on %s %v, ben on %s %v",
			r, victim, clock(killed), keys(regions), p1.name, other(victim), j.at.Sub(killed).Round(time.Millisecond), victim, restartedIn.Round(time.Millisecond),
			w.firstOK("", killed, regions).Round(time.Millisecond), shardRoundsTTL,
			w.shardOf("ann"), w.firstOK("ann", killed, nil).Round(time.Millisecond), w.shardOf("ben"), w.firstOK("ben", killed, nil).Round(time.Millisecond))
		restartedShard = victim
	}
	w.finish()
}

// sq is x².
func sq(x float64) float64 { return x * x }

// keys lists a region set, sorted.
func keys(m map[rcluster.Region]bool) []rcluster.Region {
	out := make([]rcluster.Region, 0, len(m))
	for r := range m {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].X < out[j].X || out[i].X == out[j].X && out[i].Z < out[j].Z })
	return out
}

// pauseRound runs round r of a failure that takes shard victim off for a
// while without ending it (SIGSTOP, a cut NATS connection): off() takes
// it off; it stays off past its lease TTL and until the other shard has
// acknowledged an edit in its regions; on() brings it back; the round
// ends once its player has had an edit sent after that acknowledged.
func (w *rounds) pauseRound(r int, what string, off, on func(victim string)) {
	w.t.Helper()
	w.startRound(r, 2*time.Second, nil)
	victim, regions := w.victimRegions()
	p1 := w.playerOn(victim)
	if p1 == nil {
		w.t.Fatalf("round %d: no player on %s", r, victim)
	}
	off(victim)
	at := time.Now()
	w.markFailure(r, at)
	w.waitFor(roundsRecover, fmt.Sprintf("round %d: with %s %s, an edit in its regions %v acknowledged", r, victim, what, regions), func() bool {
		return w.firstOK("", at, regions) > 0
	})
	if d := w.ttl + 2*time.Second - time.Since(at); d > 0 {
		time.Sleep(d)
	}
	on(victim)
	back := time.Now()
	w.waitFor(roundsRecover, fmt.Sprintf("round %d: an edit of %s's sent after %s came back acknowledged", r, p1.name, victim), func() bool {
		return w.firstOK(p1.name, back, nil) > 0
	})
	time.Sleep(time.Second)
	t := w.t
	t.Logf("%s round %d: %s %s at %s for %v (held %v); its regions accepted an edit %v after (lease TTL %v); "+
		"after it came back, %s's first OK came %v later; first OK after the failure: ann on %s %v, ben on %s %v",
		w.name, r, victim, what, clock(at), back.Sub(at).Round(time.Millisecond), keys(regions), w.firstOK("", at, regions).Round(time.Millisecond), w.ttl,
		p1.name, w.firstOK(p1.name, back, nil).Round(time.Millisecond),
		w.shardOf("ann"), w.firstOK("ann", at, nil).Round(time.Millisecond), w.shardOf("ben"), w.firstOK("ben", at, nil).Round(time.Millisecond))
}

// TestRoundsShardStopped stops, in each of 3 rounds, the shard holding
// the west region with SIGSTOP past its lease TTL, until the other shard
// has taken its regions over and acknowledged an edit there, then resumes
// it (SIGCONT): its writes from before are fenced, its player's next edits
// go to the new owner. No acknowledged edit lost, no refused edit stored.
func TestRoundsShardStopped(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	w := newRounds(t, roundsConfig{name: "shard-stopped", url: natstest.Start(t), ttl: shardRoundsTTL, replicas: 1})
	signal := func(sig syscall.Signal) func(string) {
		return func(victim string) {
			w.mu.Lock()
			p := w.shards[victim]
			w.mu.Unlock()
			if err := syscall.Kill(-p.cmd.Process.Pid, sig); err != nil {
				t.Fatal(err)
			}
		}
	}
	for r := 0; r < 3; r++ {
		w.pauseRound(r, "stopped (SIGSTOP)", signal(syscall.SIGSTOP), signal(syscall.SIGCONT))
	}
	w.finish()
}

// TestRoundsShardCutOff cuts, in each of 3 rounds, the shard holding the
// west region off NATS (each shard reaches the single NATS node through a
// loopback proxy of its own, which closes its connections and refuses new
// ones) past its lease TTL, until the other shard has taken its regions
// over and acknowledged an edit there, then restores it. No acknowledged
// edit lost, no refused edit stored.
func TestRoundsShardCutOff(t *testing.T) {
	testkit.Long(t)
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	natsURL := natstest.Start(t)
	u, err := url.Parse(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	proxies := map[string]*natstest.Proxy{"a": natstest.StartProxy(t, u.Host), "b": natstest.StartProxy(t, u.Host)}
	w := newRounds(t, roundsConfig{name: "shard-cut-off", url: natsURL, ttl: shardRoundsTTL, replicas: 1,
		shardURL: map[string]string{"a": "nats://" + proxies["a"].Addr(), "b": "nats://" + proxies["b"].Addr()}})
	for r := 0; r < 3; r++ {
		w.pauseRound(r, "cut off NATS", func(v string) { proxies[v].Cut() }, func(v string) { proxies[v].Restore() })
	}
	w.finish()
}
