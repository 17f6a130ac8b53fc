// Package admin is the server's HTTP admin listener: Prometheus metrics,
// health and readiness probes, pprof, a JSON status API, player
// management endpoints and a live status page served from the binary.
//
// The tick goroutine owns all simulation state, so HTTP handlers never
// touch it. The bridge is one-way and lock-free for the tick:
//
//   - a system running on the tick builds a fresh [Snapshot] (every tick or
//     every N ticks) and hands it to [Status.Publish], an atomic pointer
//     swap; handlers read the latest one;
//   - the same system updates the collectors of [Metrics] (atomic stores
//     and histogram observations), which /metrics reads on scrape.
//
// A published snapshot is immutable: build a new one each time instead of
// reusing slices, because handlers may still be encoding the previous one.
//
// Player management (kick, ban, operators, the whitelist) never touches
// the simulation from a handler either: each request becomes one console
// line that [Config.Console] queues for the tick and whose reply it
// waits for; the lists are read from [Config.Access], which is safe for
// concurrent use.
//
// [New] refuses to bind off loopback without a token; with a token every
// request must authenticate (see [Config]).
package admin
