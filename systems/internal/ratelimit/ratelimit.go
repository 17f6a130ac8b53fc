// Package ratelimit holds the token bucket the built-in plugins limit
// clients' requests with, measured in ticks so that the decisions are
// deterministic (a replay makes the same ones).
package ratelimit

// Bucket is a token bucket measured in ticks.
type Bucket struct {
	tokens float64
	last   uint64
	// until is the last tick at which tokens may exceed the burst: the
	// credit of a stall of the server (Credit).
	until uint64
}

// New returns a full bucket of burst tokens at tick now.
func New(burst float64, now uint64) *Bucket {
	return &Bucket{tokens: burst, last: now}
}

// refill adds perTick tokens per tick elapsed up to burst, and drops a
// credit over the burst whose time is over.
func (b *Bucket) refill(now uint64, perTick, burst float64) {
	if now <= b.last {
		return
	}
	if now > b.until {
		b.tokens = min(b.tokens, burst)
	}
	if b.tokens < burst {
		b.tokens = min(burst, b.tokens+float64(now-b.last)*perTick)
	}
	b.last = now
}

// Take refills perTick tokens per tick elapsed, up to burst, and takes
// one if there is one.
func (b *Bucket) Take(now uint64, perTick, burst float64) bool {
	b.refill(now, perTick, burst)
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

// Credit gives the bucket, at tick now, the tokens of ticks the server
// did not run (a stall: a GC pause, a stopped process), beyond its burst,
// until tick until: what the client could have sent at the rate during
// the stall reaches the server all at once after it, and is not its
// fault. The bucket holds at most burst plus the stall's tokens.
func (b *Bucket) Credit(now, ticks uint64, perTick, burst float64, until uint64) {
	b.refill(now, perTick, burst)
	b.tokens += float64(ticks) * perTick
	b.until = max(b.until, until)
}

// Full reports whether the bucket would be full at tick now: dropping it
// then loses nothing, as New gives a full one. A bucket holding a
// stall's credit is not full.
func (b *Bucket) Full(now uint64, perTick, burst float64) bool {
	return (b.tokens <= burst || now > b.until) && b.tokens+float64(now-min(now, b.last))*perTick >= burst
}
