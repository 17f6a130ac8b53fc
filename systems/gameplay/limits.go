package gameplay

import "github.com/stratavox/strata/systems/internal/ratelimit"

// ActionLimits is the rate limit of every player's block actions
// (Config.ActionsPerSecond, burst Config.ActionBurst), in ticks.
// arbitrate_actions takes a token for each action of a player here; a
// system that answers an action itself instead (a cluster shard forwarding
// it to the owner of its region) takes one with Take first, so a player's
// edits are limited alike wherever they are decided. The owner of a
// region limits the edits forwarded to it again, per forwarding shard and
// player, with twice the burst, for the delays of the way.
//
// A stall of the server (ecs.App.Stalled: ticks the loop dropped, a GC
// pause or a stopped process) is not the clients' fault: what they sent
// at the rate meanwhile arrives all at once after it. Every bucket is
// credited with the stall's tokens, beyond its burst, for as long again
// as the stall (at least a second): a client can send no more than it
// could have during the stall plus its burst, and one that floods is
// still limited. A forwarding shard's stall is credited alike to its
// players' buckets here: its requests carry its stalled ticks
// (RemoteActor.Stalled). Tick goroutine only.
type ActionLimits struct {
	perTick, burst float64
	local          map[uint64]*ratelimit.Bucket // by client id
	remote         map[string]*remoteBucket     // by RemoteActor.Key
	// shards holds each forwarding shard's stalled ticks as last seen.
	shards map[string]uint64
	swept  uint64
	// stalled reads the server's stalled ticks (ecs.App.Stalled); nil:
	// none. stall is the count the buckets were last credited at.
	stalled func() uint64
	stall   uint64
	grace   uint64 // the least ticks a stall's credit lasts (a second)
}

func newActionLimits(cfg Config, stalled func() uint64) *ActionLimits {
	l := &ActionLimits{
		perTick: cfg.ActionsPerSecond / cfg.Limits.TPS, burst: float64(cfg.ActionBurst),
		local: map[uint64]*ratelimit.Bucket{}, remote: map[string]*remoteBucket{},
		shards: map[string]uint64{}, stalled: stalled, grace: uint64(max(1, cfg.Limits.TPS)),
	}
	if stalled != nil {
		l.stall = stalled()
	}
	return l
}

// remoteBucket is the bucket of a player of another shard.
type remoteBucket struct {
	*ratelimit.Bucket
	shard string
}

// credit gives every bucket the tokens of the ticks the server stalled
// since the last call, at tick now.
func (l *ActionLimits) credit(now uint64) {
	if l.stalled == nil {
		return
	}
	s := l.stalled()
	if s <= l.stall {
		return
	}
	d := s - l.stall
	l.stall = s
	until := now + max(d, l.grace)
	for _, b := range l.local {
		b.Credit(now, d, l.perTick, l.burst, until)
	}
	for _, b := range l.remote {
		b.Credit(now, d, l.perTick, 2*l.burst, until)
	}
}

// Take takes a token of client's bucket at tick now, and reports whether
// there was one: false means the action is answered RATE_LIMITED.
func (l *ActionLimits) Take(client, now uint64) bool {
	l.credit(now)
	b, ok := l.local[client]
	if !ok {
		b = ratelimit.New(l.burst, now)
		l.local[client] = b
	}
	return b.Take(now, l.perTick, l.burst)
}

// takeRemote is Take for a player of another shard.
func (l *ActionLimits) takeRemote(who *RemoteActor, now uint64) bool {
	l.credit(now)
	l.creditShard(who.Shard, who.Stalled, now)
	b, ok := l.remote[who.Key]
	if !ok {
		b = &remoteBucket{Bucket: ratelimit.New(2*l.burst, now), shard: who.Shard}
		l.remote[who.Key] = b
	}
	return b.Take(now, l.perTick, 2*l.burst)
}

// creditShard credits the buckets of shard's players with the ticks it
// stalled since its last request here. The first request of a shard
// only sets where it stands, as does one from a shard that restarted
// (its count went back).
func (l *ActionLimits) creditShard(shard string, stalled, now uint64) {
	last, ok := l.shards[shard]
	l.shards[shard] = stalled
	if !ok || stalled <= last {
		return
	}
	d := stalled - last
	until := now + max(d, l.grace)
	for _, b := range l.remote {
		if b.shard == shard {
			b.Credit(now, d, l.perTick, 2*l.burst, until)
		}
	}
}

// forget drops a client's bucket when it leaves; remote buckets full
// again are dropped once a minute (at 20 TPS).
func (l *ActionLimits) forget(left []uint64, now uint64) {
	l.credit(now)
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
