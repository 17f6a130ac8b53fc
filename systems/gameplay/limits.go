package gameplay

import "github.com/stratavox/strata/systems/internal/ratelimit"

// ActionLimits is the rate limit of every player's block actions
// (Config.ActionsPerSecond, burst Config.ActionBurst), in ticks.
// arbitrate_actions takes a token for each action of a player here; a
// system that answers an action itself instead (a cluster shard forwarding
// it to the owner of its region) takes one with Take first, so a player's
// edits are limited alike wherever they are decided. The owner of a
// region limits the edits forwarded to it again, per forwarding shard and
// player, with twice the burst, for the delays of the way. Tick goroutine
// only.
type ActionLimits struct {
	perTick, burst float64
	local          map[uint64]*ratelimit.Bucket // by client id
	remote         map[string]*ratelimit.Bucket // by RemoteActor.Key
	swept          uint64
}

func newActionLimits(cfg Config) *ActionLimits {
	return &ActionLimits{
		perTick: cfg.ActionsPerSecond / cfg.Limits.TPS, burst: float64(cfg.ActionBurst),
		local: map[uint64]*ratelimit.Bucket{}, remote: map[string]*ratelimit.Bucket{},
	}
}

// Take takes a token of client's bucket at tick now, and reports whether
// there was one: false means the action is answered RATE_LIMITED.
func (l *ActionLimits) Take(client, now uint64) bool {
	b, ok := l.local[client]
	if !ok {
		b = ratelimit.New(l.burst, now)
		l.local[client] = b
	}
	return b.Take(now, l.perTick, l.burst)
}

// takeRemote is Take for a player of another shard.
func (l *ActionLimits) takeRemote(key string, now uint64) bool {
	b, ok := l.remote[key]
	if !ok {
		b = ratelimit.New(2*l.burst, now)
		l.remote[key] = b
	}
	return b.Take(now, l.perTick, 2*l.burst)
}

// forget drops a client's bucket when it leaves; remote buckets full
// again are dropped once a minute (at 20 TPS).
func (l *ActionLimits) forget(left []uint64, now uint64) {
	for _, id := range left {
		delete(l.local, id)
	}
	if now-l.swept < 1200 {
		return
	}
	l.swept = now
	for k, b := range l.remote {
		if b.Full(now, l.perTick, 2*l.burst) {
			delete(l.remote, k)
		}
	}
}
