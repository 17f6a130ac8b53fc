// Package bots runs load-generating clients against a Strata server over
// loopback QUIC. A bot is one client connection with a movement pattern
// (walk, fly, spiral, teleport); it sends an Input every tick, obeys the
// server's Correction, Held and Released, and measures what a player would
// notice: how long after a section came into its view the section arrived,
// how long the first complete view took, and what it received.
//
// The view a bot measures against is the plain cylinder of its granted
// view radius R around its own current section (dx²+dz² ≤ R², |dy| ≤ R/2,
// clipped to the world), the rule of docs/protocol.md §5.6. The server
// subscribes a little more than that (a one-section hysteresis ring), so a
// section may already be held when it enters the bot's view: such sections
// are counted as prefetched and are not delay samples.
//
// The package refuses any target that is not a loopback address: it is a
// tool for measuring a server on the same machine, not for loading someone
// else's.
package bots
