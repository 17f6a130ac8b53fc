// Package ratelimit holds the token bucket the built-in plugins limit
// clients' requests with, measured in ticks so that the decisions are
// deterministic (a replay makes the same ones).
package ratelimit

// Bucket is a token bucket measured in ticks.
type Bucket struct {
	tokens float64
	last   uint64
}

// New returns a full bucket of burst tokens at tick now.
func New(burst float64, now uint64) *Bucket {
	return &Bucket{tokens: burst, last: now}
}

// Take refills perTick tokens per tick elapsed, up to burst, and takes
// one if there is one.
func (b *Bucket) Take(now uint64, perTick, burst float64) bool {
	if now > b.last {
		b.tokens = min(burst, b.tokens+float64(now-b.last)*perTick)
		b.last = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

// Full reports whether the bucket would be full at tick now: dropping it
// then loses nothing, as New gives a full one.
func (b *Bucket) Full(now uint64, perTick, burst float64) bool {
	return b.tokens+float64(now-min(now, b.last))*perTick >= burst
}
