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

// Sessions are the players connected here (each one's session key, a
// name claim) and this shard's own key, which keeps those sessions valid
// and shows the shard and its player count to the others. mu guards
// sessions, held only briefly, never across a network call.
type Sessions struct {
	*link
	started  time.Time // this process's start: its incarnation
	mu       sync.Mutex
	sessions map[string]uint64 // name: revision of its session key (0: a claim in flight)
	players  atomic.Int64
	kick     chan struct{} // asks the renewal loop to re-put the shard key now
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

// register creates this shard's key: Create, not Put, as two processes
// of one name would both believe they hold the same leases and sessions.
func (ss *Sessions) register(ctx context.Context) error {
	rec, _ := json.Marshal(ss.shardRecord())
	ss.count("shard", false, 1)
	start := time.Now()
	_, err := ss.world.Create(ctx, shardKey(ss.o.Shard), rec, jetstream.KeyTTL(3*ss.o.LeaseTTL))
	ss.roundTrip(start)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("cluster: shard %q: %w (a crashed one's key expires within %v)", ss.o.Shard, ErrShardRunning, 3*ss.o.LeaseTTL)
	}
	if err != nil {
		return fmt.Errorf("cluster: register shard %q: %w", ss.o.Shard, err)
	}
	return nil
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
	ss.count("shard", false, 1)
	if e := ss.world.Purge(ctx, shardKey(ss.o.Shard), jetstream.PurgeTTL(ss.markerTTL)); e != nil {
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
// session still runs: its shard key exists and was written by that same
// process (an empty incarnation: any).
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
	return inc == "" || incarnation(rec.Started) == inc, nil
}

// ClaimName records that player name is connected on this shard. If it
// is connected on another shard the error wraps ErrNameTaken and names
// that shard; claiming a name this shard already has is fine. A session
// left by a shard incarnation that no longer runs is taken over.
func (ss *Sessions) ClaimName(ctx context.Context, name string) error {
	if name == "" {
		return errors.New("claim name: empty name")
	}
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

// SetPlayers sets the player count the shard key shows; the key is
// re-put soon after (not on the caller's goroutine).
func (ss *Sessions) SetPlayers(n int) {
	ss.players.Store(int64(n))
	select {
	case ss.kick <- struct{}{}:
	default:
	}
}

// putShard re-puts the shard key with a fresh TTL and the player count.
func (ss *Sessions) putShard() {
	ctx, cancel := context.WithTimeout(ss.ctx, ss.o.LeaseTTL/3)
	defer cancel()
	rec, _ := json.Marshal(ss.shardRecord())
	start := time.Now()
	ss.count("shard", false, 1)
	_, err := ss.js.PublishMsg(ctx, &nats.Msg{Subject: ss.worldPre + shardKey(ss.o.Shard), Data: rec}, jetstream.WithMsgTTL(3*ss.o.LeaseTTL))
	ss.roundTrip(start)
	if err != nil && ss.ctx.Err() == nil {
		ss.log.Warn().Err(err).Msg("renew shard key")
	}
}
