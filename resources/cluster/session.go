package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A session key says which shard a player name is connected on, as
// "<shard>@<incarnation>" (the shard process's start time): it has no TTL
// and is never renewed. It holds while that incarnation's shard key does
// (re-put every TTL/3, TTL 3×LeaseTTL), so a crashed or restarted shard's
// names free themselves when its key lapses, and renewing a shard's
// sessions costs nothing however many players it has. sweepSessions
// deletes the stale ones.
//
// Liveness: each incarnation answers requests on its own subject
// (liveSubject) for as long as its NATS connection is up. When a process
// dies, its connection drops and the NATS servers forget its
// subscription at once, so a request there is answered "no responders":
// a crashed shard's sessions, and its shard key, are taken over as soon
// as its connection is gone, not when the key lapses. A process that is
// stopped but still connected (SIGSTOP) does not answer in time and
// counts as alive until its key lapses. A process that finds its shard
// key taken over by a later incarnation is fenced: it stops writing the
// key and forgets its sessions (OnNameLost); its leases are fenced by
// their revisions (the new incarnation deletes them).

// Sessions are the players connected here (each one's session key, a
// name claim) and this shard's own key, which keeps those sessions valid
// and shows the shard and its player count to the others. mu guards
// sessions, held only briefly, never across a network call.
type Sessions struct {
	*link
	started   time.Time // this process's start: its incarnation
	mu        sync.Mutex
	sessions  map[string]uint64 // name: revision of its session key (0: a claim in flight)
	players   atomic.Int64
	kick      chan struct{} // asks the renewal loop to re-put the shard key now
	shardRev  atomic.Uint64 // revision of the shard key this process last wrote (0: unknown)
	fenced    atomic.Bool   // a later process of this shard's name took the shard key over
	suspect   atomic.Bool   // others may have taken this process for dead: check the sessions
	verifying atomic.Bool   // verifySessions runs
	onLost    atomic.Pointer[func(name string)]
	live      *nats.Subscription // this process's liveness subject; goes with the connection
}

// probeTimeout bounds the wait for a live shard's answer to a probe.
const probeTimeout = 500 * time.Millisecond

// liveSubject is the core-NATS subject incarnation inc of shard answers
// on while its connection is up.
func (l *link) liveSubject(shard, inc string) string {
	return "_strata_live." + l.o.Bucket + "." + shard + "." + inc
}

// probe asks incarnation inc of shard whether it runs: false when no
// process is subscribed (its NATS connection is gone), true when it
// answers or when one is subscribed but does not answer within
// probeTimeout (a paused process: alive until its key lapses).
func (l *link) probe(ctx context.Context, shard, inc string) (bool, error) {
	pctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	start := time.Now()
	_, err := l.nc.RequestWithContext(pctx, l.liveSubject(shard, inc), nil)
	l.roundTrip(start)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, nats.ErrNoResponders):
		return false, nil
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		return true, nil
	default:
		return false, fmt.Errorf("probe shard %s@%s: %w", shard, inc, err)
	}
}

// OnNameLost sets the function called (on a background goroutine of the
// cluster) with each player name whose session this process found taken
// over by another shard: the player is connected elsewhere too, and
// should be disconnected here.
func (ss *Sessions) OnNameLost(fn func(name string)) { ss.onLost.Store(&fn) }

// Fenced reports whether a later process of this shard's name has taken
// the shard key over: this one should stop serving.
func (ss *Sessions) Fenced() bool { return ss.fenced.Load() }

// lose forgets names, whose sessions are another's now, and tells
// OnNameLost's function.
func (ss *Sessions) lose(names []string) {
	if len(names) == 0 {
		return
	}
	ss.mu.Lock()
	for _, n := range names {
		delete(ss.sessions, n)
	}
	ss.mu.Unlock()
	fn := ss.onLost.Load()
	for _, n := range names {
		ss.log.Error().Str("player", n).Msg("session taken over by another shard: the player is connected elsewhere")
		if fn != nil {
			(*fn)(n)
		}
	}
}

func newSessions(l *link) *Sessions {
	return &Sessions{link: l, started: time.Now().UTC().Truncate(time.Millisecond),
		sessions: map[string]uint64{}, kick: make(chan struct{}, 1)}
}

// shardRecord is the value of a shard key.
type shardRecord struct {
	Name      string    `json:"name"`
	Advertise string    `json:"advertise,omitempty"`
	Players   int       `json:"players"`
	Started   time.Time `json:"started"`
}

func (ss *Sessions) shardRecord() shardRecord {
	return shardRecord{Name: ss.o.Shard, Advertise: ss.o.Advertise, Players: int(ss.players.Load()), Started: ss.started}
}

// register subscribes to this process's liveness subject and creates
// its shard key: Create, not Put, as two processes of one name would both
// believe they hold the same leases and sessions. A key left by an
// earlier process of the name that no longer answers (it crashed: its
// connection is gone) is taken over at once, by compare-and-set, and that
// process's leases are deleted so that its regions are free.
func (ss *Sessions) register(ctx context.Context) error {
	sub, err := ss.nc.Subscribe(ss.liveSubject(ss.o.Shard, incarnation(ss.started)), func(m *nats.Msg) { _ = m.Respond(nil) })
	if err == nil {
		err = ss.nc.FlushWithContext(ctx)
	}
	if err != nil {
		return fmt.Errorf("cluster: register shard %q: liveness subject: %w", ss.o.Shard, err)
	}
	ss.live = sub
	rec, _ := json.Marshal(ss.shardRecord())
	key := shardKey(ss.o.Shard)
	for attempt := 0; ; attempt++ {
		ss.count("shard", false, 1)
		start := time.Now()
		rev, err := ss.world.Create(ctx, key, rec, jetstream.KeyTTL(3*ss.o.LeaseTTL))
		ss.roundTrip(start)
		if err == nil {
			ss.shardRev.Store(rev)
			return nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return fmt.Errorf("cluster: register shard %q: %w", ss.o.Shard, err)
		}
		ss.count("shard", true, 1)
		start = time.Now()
		e, gerr := ss.world.Get(ctx, key)
		ss.roundTrip(start)
		if errors.Is(gerr, jetstream.ErrKeyNotFound) && attempt < 3 {
			continue // lapsed or deleted meanwhile
		}
		if gerr != nil {
			return fmt.Errorf("cluster: register shard %q: read the running one: %w", ss.o.Shard, gerr)
		}
		var old shardRecord
		running := true
		if json.Unmarshal(e.Value(), &old) == nil {
			if running, err = ss.probe(ctx, ss.o.Shard, incarnation(old.Started)); err != nil {
				return fmt.Errorf("cluster: register shard %q: %w", ss.o.Shard, err)
			}
		}
		if running {
			return fmt.Errorf("cluster: shard %q: %w (it answers on NATS; a stopped process that keeps its connection counts as running until its key lapses, within %v)", ss.o.Shard, ErrShardRunning, 3*ss.o.LeaseTTL)
		}
		ss.count("shard", false, 1)
		start = time.Now()
		ack, err := ss.js.PublishMsg(ctx, &nats.Msg{Subject: ss.worldPre + key, Data: rec},
			jetstream.WithExpectLastSequencePerSubject(e.Revision()), jetstream.WithMsgTTL(3*ss.o.LeaseTTL))
		ss.roundTrip(start)
		if err == nil {
			ss.shardRev.Store(ack.Sequence)
			ss.log.Warn().Time("previous_started", old.Started).Msg("took over the shard key of this shard's previous process, which no longer runs")
			ss.fenceLeases(ctx)
			return nil
		}
		if attempt >= 3 || !(isWrongLastSeq(err) || isBusySubject(err)) {
			return fmt.Errorf("cluster: register shard %q: take over the key of a dead process: %w", ss.o.Shard, err)
		}
	}
}

// fenceLeases deletes the leases that hold this shard's name, at
// register: they are an earlier process's, which no longer runs, and
// this one holds none yet. Each delete compares the revision read, so
// its writes there are refused from then on (they are fenced on the
// lease's revision), and the regions are free to claim at once.
func (ss *Sessions) fenceLeases(ctx context.Context) {
	w, err := ss.world.Watch(ctx, "lease.>", jetstream.IgnoreDeletes())
	if err != nil {
		ss.log.Warn().Err(err).Msg("list the previous process's leases")
		return
	}
	defer w.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok || e == nil {
				return
			}
			if string(e.Value()) != ss.o.Shard {
				continue
			}
			ss.count("lease", false, 1)
			if err := ss.world.Purge(ctx, e.Key(), jetstream.LastRevision(e.Revision()), jetstream.PurgeTTL(ss.markerTTL)); err != nil {
				ss.log.Warn().Err(err).Str("key", e.Key()).Msg("delete the previous process's lease")
			}
		}
	}
}

// kicked is the channel of SetPlayers' requests to re-put the shard key.
func (ss *Sessions) kicked() <-chan struct{} { return ss.kick }

// close deletes this shard's session keys (each a compare-and-set on the
// revision held) and then its shard key, as the shard leaves.
func (ss *Sessions) close(ctx context.Context) {
	ss.mu.Lock()
	sessions := ss.sessions
	ss.sessions = map[string]uint64{}
	ss.mu.Unlock()
	for name, rev := range sessions {
		if rev == 0 {
			continue // a claim in flight
		}
		ss.count("session", false, 1)
		if e := ss.world.Purge(ctx, sessionKey(name), jetstream.LastRevision(rev), jetstream.PurgeTTL(ss.markerTTL)); e != nil {
			ss.log.Warn().Err(e).Str("player", name).Msg("release session at close")
		}
	}
	if ss.fenced.Load() {
		return // the key is a later process's
	}
	opts := []jetstream.KVDeleteOpt{jetstream.PurgeTTL(ss.markerTTL)}
	if rev := ss.shardRev.Load(); rev != 0 {
		opts = append(opts, jetstream.LastRevision(rev))
	}
	ss.count("shard", false, 1)
	if e := ss.world.Purge(ctx, shardKey(ss.o.Shard), opts...); e != nil {
		ss.log.Warn().Err(e).Msg("delete shard key at close")
	}
}

// incarnation names the shard process that started at t, in session
// values.
func incarnation(t time.Time) string { return strconv.FormatInt(t.UnixNano(), 36) }

// sessionValue is this shard's session value.
func (ss *Sessions) sessionValue() []byte {
	return []byte(ss.o.Shard + "@" + incarnation(ss.started))
}

// parseSession splits a session value into its shard and incarnation
// ("" for a value without one).
func parseSession(v []byte) (shard, inc string) {
	s := string(v)
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// shardAlive reports whether the incarnation of shard that wrote a
// session still runs: its shard key exists, was written by that same
// process (an empty incarnation: any), and the process answers a probe
// (its NATS connection is up; see probe).
func (ss *Sessions) shardAlive(ctx context.Context, shard, inc string) (bool, error) {
	start := time.Now()
	ss.count("shard", true, 1)
	e, err := ss.world.Get(ctx, shardKey(shard))
	ss.roundTrip(start)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var rec shardRecord
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		return true, nil // unreadable: not proof it is gone
	}
	if inc != "" && incarnation(rec.Started) != inc {
		return false, nil
	}
	return ss.probe(ctx, shard, incarnation(rec.Started))
}

// ClaimName records that player name is connected on this shard. If it
// is connected on another shard the error wraps ErrNameTaken and names
// that shard; claiming a name this shard already has is fine. A session
// left by a shard incarnation that no longer runs is taken over. Names
// are claimed case-insensitively, as they are bound: "Steve" on one
// shard and "steve" on another are one player.
func (ss *Sessions) ClaimName(ctx context.Context, name string) error {
	if name == "" {
		return errors.New("claim name: empty name")
	}
	name = strings.ToLower(name)
	ss.mu.Lock()
	_, ok := ss.sessions[name]
	if !ok {
		// Reserved before the write, so that sweepSessions never takes
		// a key just created for a name not yet in the table.
		ss.sessions[name] = 0
	}
	ss.mu.Unlock()
	if ok {
		return nil
	}
	rev, err := ss.claimName(ctx, name)
	ss.mu.Lock()
	if err != nil {
		delete(ss.sessions, name)
	} else {
		ss.sessions[name] = rev
	}
	ss.mu.Unlock()
	return err
}

func (ss *Sessions) claimName(ctx context.Context, name string) (uint64, error) {
	key, val := sessionKey(name), ss.sessionValue()
	for attempt := 0; ; attempt++ {
		start := time.Now()
		ss.count("session", false, 1)
		rev, err := ss.world.Create(ctx, key, val)
		ss.roundTrip(start)
		if err == nil {
			return rev, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return 0, fmt.Errorf("claim name %q: %w", name, err)
		}
		start = time.Now()
		ss.count("session", true, 1)
		e, gerr := ss.world.Get(ctx, key)
		ss.roundTrip(start)
		if errors.Is(gerr, jetstream.ErrKeyNotFound) && attempt < 3 {
			continue // a delete was in flight
		}
		if gerr != nil {
			return 0, fmt.Errorf("claim name %q: read holder: %w", name, gerr)
		}
		if string(e.Value()) == string(val) {
			return e.Revision(), nil // ours, from a claim whose answer was lost
		}
		holder, inc := parseSession(e.Value())
		alive, err := ss.shardAlive(ctx, holder, inc)
		if err != nil {
			return 0, fmt.Errorf("claim name %q: read shard %q: %w", name, holder, err)
		}
		if alive {
			return 0, fmt.Errorf("claim name %q: %w: connected on shard %q", name, ErrNameTaken, holder)
		}
		// Stale: taken over with a compare-and-set on what we read.
		start = time.Now()
		ss.count("session", false, 1)
		rev, err = ss.world.Update(ctx, key, val, e.Revision())
		ss.roundTrip(start)
		if err == nil {
			return rev, nil
		}
		if attempt >= 3 {
			return 0, fmt.Errorf("claim name %q: take over a stale session: %w", name, err)
		}
	}
}

// sessionSweepEvery is how often a shard deletes stale session keys.
const sessionSweepEvery = time.Minute

// sweepSessions deletes the session keys of shard incarnations that no
// longer run, and this shard's own that name no player here (a release
// whose delete failed): without a TTL, nothing else would. Each delete is
// a compare-and-set on the revision read.
func (ss *Sessions) sweepSessions(ctx context.Context) {
	w, err := ss.world.Watch(ctx, "session.>", jetstream.IgnoreDeletes())
	if err != nil {
		return
	}
	defer w.Stop()
	type entry struct {
		key, name  string
		shard, inc string
		rev        uint64
	}
	var entries []entry
	for done := false; !done; {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				done = true
				continue
			}
			name, err := parseSessionKey(e.Key())
			if err != nil {
				continue
			}
			sh, inc := parseSession(e.Value())
			entries = append(entries, entry{key: e.Key(), name: name, shard: sh, inc: inc, rev: e.Revision()})
		}
	}
	alive := map[string]bool{}
	mine := incarnation(ss.started)
	for _, e := range entries {
		stale := false
		if e.shard == ss.o.Shard && e.inc == mine {
			ss.mu.Lock()
			_, held := ss.sessions[e.name]
			ss.mu.Unlock()
			stale = !held
		} else {
			k := e.shard + "@" + e.inc
			a, seen := alive[k]
			if !seen {
				if a, err = ss.shardAlive(ctx, e.shard, e.inc); err != nil {
					return
				}
				alive[k] = a
			}
			stale = !a
		}
		if stale {
			ss.count("session", false, 1)
			_ = ss.world.Purge(ctx, e.key, jetstream.LastRevision(e.rev), jetstream.PurgeTTL(ss.markerTTL))
		}
	}
}

// ReleaseName forgets that name is connected here and deletes its
// session key if it is still ours (compare-and-set on our revision).
func (ss *Sessions) ReleaseName(name string) {
	name = strings.ToLower(name) // as ClaimName keeps it
	ss.mu.Lock()
	rev, ok := ss.sessions[name]
	delete(ss.sessions, name)
	ss.mu.Unlock()
	if !ok || rev == 0 {
		return // not held, or a claim still in flight (it will be swept)
	}
	ctx, cancel := context.WithTimeout(ss.ctx, opTimeout)
	defer cancel()
	start := time.Now()
	ss.count("session", false, 1)
	err := ss.world.Purge(ctx, sessionKey(name), jetstream.LastRevision(rev), jetstream.PurgeTTL(ss.markerTTL))
	ss.roundTrip(start)
	if err != nil {
		ss.log.Warn().Err(err).Str("player", name).Msg("release name")
	}
}

// SetPlayers sets the player count the shard key shows; when it changed,
// the key is re-put soon after (not on the caller's goroutine). The tick
// calls it every time: an unchanged count waits for the next renewal, not
// a write of its own (a JetStream round trip a tick otherwise).
func (ss *Sessions) SetPlayers(n int) {
	if ss.players.Swap(int64(n)) != int64(n) {
		ss.wake()
	}
}

// wake asks the renewal loop to re-put the shard key now.
func (ss *Sessions) wake() {
	select {
	case ss.kick <- struct{}{}:
	default:
	}
}

// putShard re-puts the shard key with a fresh TTL and the player count,
// compared with the revision this process last wrote, so that a process
// whose key a later one took over cannot write it back (see resolveShard).
func (ss *Sessions) putShard() {
	if ss.fenced.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(ss.ctx, ss.o.LeaseTTL/3)
	defer cancel()
	rec, _ := json.Marshal(ss.shardRecord())
	opts := []jetstream.PublishOpt{jetstream.WithMsgTTL(3 * ss.o.LeaseTTL)}
	if rev := ss.shardRev.Load(); rev != 0 {
		opts = append(opts, jetstream.WithExpectLastSequencePerSubject(rev))
	}
	start := time.Now()
	ss.count("shard", false, 1)
	ack, err := ss.js.PublishMsg(ctx, &nats.Msg{Subject: ss.worldPre + shardKey(ss.o.Shard), Data: rec}, opts...)
	ss.roundTrip(start)
	switch {
	case err == nil:
		ss.shardRev.Store(ack.Sequence)
	case isWrongLastSeq(err):
		ss.resolveShard(ctx, rec)
	case ss.ctx.Err() == nil:
		ss.log.Warn().Err(err).Msg("renew shard key")
	}
	if ss.suspect.Load() && !ss.fenced.Load() && ss.ctx.Err() == nil && ss.verifying.CompareAndSwap(false, true) {
		// Off the renewal loop: a read per player must not hold back
		// the lease renewals.
		ss.wg.Add(1)
		go func() {
			defer ss.wg.Done()
			defer ss.verifying.Store(false)
			ss.verifySessions()
		}()
	}
}

// resolveShard finds out why the shard key is not at the revision this
// process last wrote: a put whose answer was lost (ours: go on), the key
// lapsed (this process was paused or cut off past 3×LeaseTTL: create it
// again, and check the sessions others may have taken), or a later
// process of this name took it over (fenced: every session is lost).
func (ss *Sessions) resolveShard(ctx context.Context, rec []byte) {
	key := shardKey(ss.o.Shard)
	ss.count("shard", true, 1)
	start := time.Now()
	e, err := ss.world.Get(ctx, key)
	ss.roundTrip(start)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		ss.count("shard", false, 1)
		start = time.Now()
		rev, err := ss.world.Create(ctx, key, rec, jetstream.KeyTTL(3*ss.o.LeaseTTL))
		ss.roundTrip(start)
		if err != nil {
			ss.log.Warn().Err(err).Msg("create the lapsed shard key again")
			return
		}
		ss.shardRev.Store(rev)
		ss.suspect.Store(true)
		ss.log.Warn().Msg("shard key had lapsed: created again; checking the sessions")
	case err != nil:
		ss.log.Warn().Err(err).Msg("renew shard key: read it")
	default:
		var got shardRecord
		if json.Unmarshal(e.Value(), &got) == nil && incarnation(got.Started) == incarnation(ss.started) {
			ss.shardRev.Store(e.Revision())
			return
		}
		ss.fenced.Store(true)
		ss.log.Error().Time("other_started", got.Started).Msg("another process of this shard's name took the shard key over: this one is fenced")
		ss.mu.Lock()
		names := make([]string, 0, len(ss.sessions))
		for n := range ss.sessions {
			names = append(names, n)
		}
		ss.mu.Unlock()
		ss.lose(names)
	}
}

// verifySessions reads the session key of each player here, once others
// may have taken this process for dead (a NATS reconnect, a lapsed shard
// key): a session still ours is kept, one deleted meanwhile is created
// again, and one another shard took over is lost.
func (ss *Sessions) verifySessions() {
	ss.suspect.Store(false)
	ctx, cancel := context.WithTimeout(ss.ctx, opTimeout)
	defer cancel()
	ss.mu.Lock()
	held := make(map[string]uint64, len(ss.sessions))
	for n, rev := range ss.sessions {
		if rev != 0 {
			held[n] = rev
		}
	}
	ss.mu.Unlock()
	val := ss.sessionValue()
	var lost []string
	for name, rev := range held {
		key := sessionKey(name)
		ss.count("session", true, 1)
		start := time.Now()
		e, err := ss.world.Get(ctx, key)
		ss.roundTrip(start)
		newRev := uint64(0)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			ss.count("session", false, 1)
			start = time.Now()
			r, cerr := ss.world.Create(ctx, key, val)
			ss.roundTrip(start)
			if cerr == nil {
				newRev = r
			} else if errors.Is(cerr, jetstream.ErrKeyExists) {
				lost = append(lost, name)
				continue
			} else {
				ss.suspect.Store(true) // try again at the next renewal
				continue
			}
		case err != nil:
			ss.suspect.Store(true)
			continue
		case string(e.Value()) == string(val):
			newRev = e.Revision()
		default:
			lost = append(lost, name)
			continue
		}
		ss.mu.Lock()
		if r, ok := ss.sessions[name]; ok && r == rev {
			ss.sessions[name] = newRev
		}
		ss.mu.Unlock()
	}
	ss.lose(lost)
}
