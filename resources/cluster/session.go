package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
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

// incarnation names the shard process that started at t, in session
// values.
func incarnation(t time.Time) string { return strconv.FormatInt(t.UnixNano(), 36) }

// sessionValue is this shard's session value.
func (c *Cluster) sessionValue() []byte {
	return []byte(c.o.Shard + "@" + incarnation(c.started))
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
func (c *Cluster) shardAlive(ctx context.Context, shard, inc string) (bool, error) {
	start := time.Now()
	c.Count("shard", true, 1)
	e, err := c.world.Get(ctx, shardKey(shard))
	c.roundTrip(start)
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
func (c *Cluster) ClaimName(ctx context.Context, name string) error {
	if name == "" {
		return errors.New("claim name: empty name")
	}
	c.lmu.Lock()
	_, ok := c.sessions[name]
	if !ok {
		// Reserved before the write, so that sweepSessions never takes
		// a key just created for a name not yet in the table.
		c.sessions[name] = 0
	}
	c.lmu.Unlock()
	if ok {
		return nil
	}
	rev, err := c.claimName(ctx, name)
	c.lmu.Lock()
	if err != nil {
		delete(c.sessions, name)
	} else {
		c.sessions[name] = rev
	}
	c.lmu.Unlock()
	return err
}

func (c *Cluster) claimName(ctx context.Context, name string) (uint64, error) {
	key, val := sessionKey(name), c.sessionValue()
	for attempt := 0; ; attempt++ {
		start := time.Now()
		c.Count("session", false, 1)
		rev, err := c.world.Create(ctx, key, val)
		c.roundTrip(start)
		if err == nil {
			return rev, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return 0, fmt.Errorf("claim name %q: %w", name, err)
		}
		start = time.Now()
		c.Count("session", true, 1)
		e, gerr := c.world.Get(ctx, key)
		c.roundTrip(start)
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
		alive, err := c.shardAlive(ctx, holder, inc)
		if err != nil {
			return 0, fmt.Errorf("claim name %q: read shard %q: %w", name, holder, err)
		}
		if alive {
			return 0, fmt.Errorf("claim name %q: %w: connected on shard %q", name, ErrNameTaken, holder)
		}
		// Stale: taken over with a compare-and-set on what we read.
		start = time.Now()
		c.Count("session", false, 1)
		rev, err = c.world.Update(ctx, key, val, e.Revision())
		c.roundTrip(start)
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
func (c *Cluster) sweepSessions(ctx context.Context) {
	w, err := c.world.Watch(ctx, "session.>", jetstream.IgnoreDeletes())
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
	mine := incarnation(c.started)
	for _, e := range entries {
		stale := false
		if e.shard == c.o.Shard && e.inc == mine {
			c.lmu.Lock()
			_, held := c.sessions[e.name]
			c.lmu.Unlock()
			stale = !held
		} else {
			k := e.shard + "@" + e.inc
			a, seen := alive[k]
			if !seen {
				if a, err = c.shardAlive(ctx, e.shard, e.inc); err != nil {
					return
				}
				alive[k] = a
			}
			stale = !a
		}
		if stale {
			c.Count("session", false, 1)
			_ = c.world.Purge(ctx, e.key, jetstream.LastRevision(e.rev), jetstream.PurgeTTL(c.markerTTL))
		}
	}
}

// ReleaseName forgets that name is connected here and deletes its
// session key if it is still ours (compare-and-set on our revision).
func (c *Cluster) ReleaseName(name string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.lmu.Lock()
	rev, ok := c.sessions[name]
	delete(c.sessions, name)
	c.lmu.Unlock()
	if !ok || rev == 0 {
		return // not held, or a claim still in flight (it will be swept)
	}
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	start := time.Now()
	c.Count("session", false, 1)
	err := c.world.Purge(ctx, sessionKey(name), jetstream.LastRevision(rev), jetstream.PurgeTTL(c.markerTTL))
	c.roundTrip(start)
	if err != nil {
		c.log.Warn().Err(err).Str("player", name).Msg("release name")
	}
}

// SetPlayers sets the player count the shard key shows; the key is
// re-put soon after (not on the caller's goroutine).
func (c *Cluster) SetPlayers(n int) {
	c.players.Store(int64(n))
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

// putShard re-puts the shard key with a fresh TTL and the player count.
func (c *Cluster) putShard() {
	ctx, cancel := context.WithTimeout(c.ctx, c.o.LeaseTTL/3)
	defer cancel()
	rec, _ := json.Marshal(c.shardRecord())
	start := time.Now()
	c.Count("shard", false, 1)
	_, err := c.js.PublishMsg(ctx, &nats.Msg{Subject: c.worldPre + shardKey(c.o.Shard), Data: rec}, jetstream.WithMsgTTL(3*c.o.LeaseTTL))
	c.roundTrip(start)
	if err != nil && c.ctx.Err() == nil {
		c.log.Warn().Err(err).Msg("renew shard key")
	}
}
