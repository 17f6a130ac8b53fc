// Package components holds the plain data attached to entities.
package components

import (
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
)

// Player marks a connected client's entity.
type Player struct {
	// ID is the client's connection id, stable for the session.
	ID uint64
	// Name is the player's name from the handshake.
	Name string
}

// Position is an entity's position in world block units (feet, for players).
type Position struct {
	X, Y, Z float64
}

// Section returns the section containing the position.
func (p Position) Section() chunk.Pos { return chunk.PosOfFloat(p.X, p.Y, p.Z) }

// Velocity is an entity's velocity in blocks per second.
type Velocity struct {
	X, Y, Z float64
}

// Look is an entity's orientation in degrees.
type Look struct {
	Yaw, Pitch float32
}

// View is an interest in the sections around Center: the cylinder
// dx²+dz² ≤ Radius², |dy| ≤ Radius/2, clipped to the world's height,
// widened by Pad sections along every axis. It is the desired set's own
// shape (resources.Cylinder, where the rule is written), so a View goes
// into the desired set and the delivery code unconverted. Pad is zero for
// a plain cylinder; Follow sets it so that the wanted radius stays covered
// while the centre lags behind the entity.
type View = resources.Cylinder

// Follow makes a View track the entity's Position (entity needs Position,
// View and Follow) with hysteresis: the centre moves to the entity's
// section only once that section is Slack or more sections away from it
// (Chebyshev distance, vertical included), and the View keeps Slack-1
// extra rings resident (View.Pad = Slack-1, View.Radius = Radius), so the
// cylinder of the wanted Radius around the entity's section is always
// inside the View. Slack 2 (the default used by players) means pacing
// across one chunk border never moves the centre; Slack below 1 counts as
// 1 (no hysteresis).
//
// Phase sets where the first centre lies: Phase mod Slack sections back
// along x and Phase/Slack mod Slack along z from the entity's section,
// still within the Pad. A centre moves every Slack sections of straight
// travel, at points set by where it started, so views that started
// alike (players who joined together and walk alike) would all recentre
// on the same ticks; different Phases spread those ticks over the period.
type Follow struct {
	Radius int
	Slack  int
	Phase  uint32
}

// Ticket is a View with a time-to-live: the entity is despawned once the
// tick counter reaches Expires. Admin reads and pre-generation hold tickets.
type Ticket struct {
	Expires uint64
	Reason  string
}
