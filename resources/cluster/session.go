package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ClaimName records that player name is connected on this shard. If it
// is connected on another shard the error wraps ErrNameTaken and names
// that shard; claiming a name this shard already has is fine. The key
// lives 3×LeaseTTL and is renewed with the leases, so a crashed shard's
// names free themselves.
func (c *Cluster) ClaimName(ctx context.Context, name string) error {
	if name == "" {
		return errors.New("claim name: empty name")
	}
	c.lmu.Lock()
	_, ok := c.sessions[name]
	c.lmu.Unlock()
	if ok {
		return nil
	}
	key := sessionKey(name)
	for attempt := 0; ; attempt++ {
		start := time.Now()
		c.Count("session", false, 1)
		rev, err := c.world.Create(ctx, key, []byte(c.o.Shard), jetstream.KeyTTL(3*c.o.LeaseTTL))
		c.roundTrip(start)
		if err == nil {
			c.lmu.Lock()
			c.sessions[name] = rev
			c.lmu.Unlock()
			return nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return fmt.Errorf("claim name %q: %w", name, err)
		}
		start = time.Now()
		c.Count("session", true, 1)
		e, gerr := c.world.Get(ctx, key)
		c.roundTrip(start)
		switch {
		case gerr == nil && string(e.Value()) == c.o.Shard:
			// Ours from a claim whose answer was lost: adopt it.
			c.lmu.Lock()
			c.sessions[name] = e.Revision()
			c.lmu.Unlock()
			return nil
		case gerr == nil:
			return fmt.Errorf("claim name %q: %w: connected on shard %q", name, ErrNameTaken, string(e.Value()))
		case errors.Is(gerr, jetstream.ErrKeyNotFound) && attempt < 3:
			continue // a delete was in flight
		default:
			return fmt.Errorf("claim name %q: read holder: %w", name, gerr)
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
	if !ok {
		return
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

// renewSessions renews every session key with a compare-and-set and a
// fresh TTL. Callers hold wmu.
func (c *Cluster) renewSessions(ctx context.Context) {
	c.lmu.Lock()
	sessions := make(map[string]uint64, len(c.sessions))
	for n, rev := range c.sessions {
		sessions[n] = rev
	}
	c.lmu.Unlock()
	if len(sessions) == 0 {
		return
	}
	type item struct {
		name string
		paf  jetstream.PubAckFuture
		seq  uint64
		err  error
	}
	items := make([]item, 0, len(sessions))
	start := time.Now()
	for n, rev := range sessions {
		it := item{name: n}
		c.Count("session", false, 1)
		it.paf, it.err = c.js.PublishMsgAsync(&nats.Msg{Subject: c.worldPre + sessionKey(n), Data: []byte(c.o.Shard)},
			jetstream.WithExpectLastSequencePerSubject(rev), jetstream.WithMsgTTL(3*c.o.LeaseTTL))
		items = append(items, it)
	}
	for i := range items {
		if items[i].err == nil {
			items[i].seq, items[i].err = waitAck(ctx, items[i].paf)
		}
	}
	c.roundTrip(start)
	for _, it := range items {
		if it.err == nil {
			c.lmu.Lock()
			if _, ok := c.sessions[it.name]; ok {
				c.sessions[it.name] = it.seq
			}
			c.lmu.Unlock()
			continue
		}
		// Unknown outcome or a moved revision: the key itself says
		// whether the name is still ours.
		e, err := c.world.Get(ctx, sessionKey(it.name))
		c.lmu.Lock()
		if _, ok := c.sessions[it.name]; ok {
			switch {
			case err == nil && string(e.Value()) == c.o.Shard:
				c.sessions[it.name] = e.Revision()
			case err == nil, errors.Is(err, jetstream.ErrKeyNotFound):
				delete(c.sessions, it.name)
				c.log.Warn().Str("player", it.name).Msg("session lost")
			default:
				c.log.Warn().Err(it.err).Str("player", it.name).Msg("renew session")
			}
		}
		c.lmu.Unlock()
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
